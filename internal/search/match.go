package search

// scratch is the working memory of one text match, one slot per
// document, reused through the index's pool. Between matches every slot
// is zero: a match clears the slots it used.
type scratch struct {
	matched []uint8  // how many of the query's words the document has matched, in order
	best    []uint8  // its best weight for the word being matched
	score   []uint32 // the sum of its best weights
}

func newScratch(n int) *scratch {
	return &scratch{matched: make([]uint8, n), best: make([]uint8, n), score: make([]uint32, n)}
}

// match returns the documents that match every word (each a prefix of a
// term of some field of theirs) and their scores: per word, the weight of
// the best field it was found in; plus codeFirst for the documents whose
// code is key. It reads the postings of the words' terms only.
func (x *Index) match(words []string, key string) (docs, scores []uint32) {
	s := x.scratch.Get().(*scratch)
	defer x.scratch.Put(s)
	var first, cur []uint32
	for wi, w := range words {
		if wi >= 255 {
			break // never reached: a query has at most 100 characters
		}
		cur = cur[:0]
		if wi > 0 {
			cur = make([]uint32, 0, len(docs))
		}
		lo, hi := x.termRange(w)
		for t := lo; t < hi; t++ {
			exact := x.terms[t] == w
			for _, p := range x.post[x.termStart[t]:x.termStart[t+1]] {
				d := p >> fieldBits
				switch s.matched[d] {
				case uint8(wi):
					s.matched[d] = uint8(wi + 1)
					s.best[d] = uint8(weight(p&fieldMask, exact))
					cur = append(cur, d)
				case uint8(wi + 1):
					s.best[d] = max(s.best[d], uint8(weight(p&fieldMask, exact)))
				}
			}
		}
		for _, d := range cur {
			s.score[d] += uint32(s.best[d])
		}
		if wi == 0 {
			first = cur
		}
		docs = cur
		if len(cur) == 0 {
			break
		}
	}
	n := uint8(len(words))
	for _, d := range x.codes[key] {
		if s.matched[d] == n {
			s.score[d] += codeFirst
		}
	}
	out := make([]uint32, 0, len(docs))
	scores = make([]uint32, 0, len(docs))
	for _, d := range docs {
		if s.matched[d] == n {
			out = append(out, d)
			scores = append(scores, s.score[d])
		}
	}
	for _, d := range first {
		s.matched[d], s.best[d], s.score[d] = 0, 0, 0
	}
	return out, scores
}

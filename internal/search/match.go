package search

// scratch is the working memory of one search, reused through the
// index's pool: one slot per document for the text match, and the lists
// a search fills. Between searches every slot is zero: a match clears the
// slots it used.
type scratch struct {
	matched []uint8  // how many of the query's words the document has matched, in order
	best    []uint8  // its best weight for the word being matched
	score   []uint32 // the sum of its best weights

	first, cur []uint32 // the documents that matched the first word, and the current one
	cand       []uint32 // the documents that matched every word
	matches    []uint32 // the documents that pass the filters
	scores     []uint32 // their scores
	keys       []uint64 // the order of the matches by score
	sets       [12]bitset
}

// bits returns s's bitset i, empty, for n documents.
func (s *scratch) bits(i, n int) bitset {
	b := s.sets[i]
	if b == nil {
		b = newBitset(n)
		s.sets[i] = b
	}
	clear(b)
	return b
}

func newScratch(n int) *scratch {
	return &scratch{matched: make([]uint8, n), best: make([]uint8, n), score: make([]uint32, n)}
}

// match returns the documents that match every word (each a prefix of a
// term of some field of theirs) and their scores: per word, the weight of
// the best field it was found in; plus codeFirst for the documents whose
// code is key. It reads the postings of the words' terms only. The list
// it returns is s's, the scores are in s.score by document until
// clearMatch.
func (x *Index) match(s *scratch, words []string, key string) []uint32 {
	s.first = s.first[:0]
	var docs []uint32
	for wi, w := range words {
		if wi >= 255 {
			break // never reached: a query has at most 100 characters
		}
		cur := s.first
		if wi > 0 {
			cur = s.cur[:0]
		}
		for _, seg := range x.text {
			lo, hi := seg.termRange(w)
			for t := lo; t < hi; t++ {
				exact := 0
				if len(seg.terms[t]) == len(w) {
					exact = 1
				}
				weights := &fieldWeight[exact]
				for _, p := range seg.postings(t) {
					d := p >> fieldBits
					switch s.matched[d] {
					case uint8(wi):
						s.matched[d] = uint8(wi + 1)
						s.best[d] = weights[p&fieldMask]
						cur = append(cur, d)
					case uint8(wi + 1):
						s.best[d] = max(s.best[d], weights[p&fieldMask])
					}
				}
			}
		}
		for _, d := range cur {
			s.score[d] += uint32(s.best[d])
		}
		if wi == 0 {
			s.first = cur
		} else {
			s.cur = cur
		}
		docs = cur
		if len(cur) == 0 {
			break
		}
	}
	n := uint8(len(words))
	for _, seg := range x.text {
		for _, d := range seg.codes[key] {
			if s.matched[d] == n {
				s.score[d] += codeFirst
			}
		}
	}
	out := s.cand[:0]
	for _, d := range docs {
		if s.matched[d] == n {
			out = append(out, d)
		}
	}
	s.cand = out
	return out
}

// clearMatch clears the slots of s that match used.
func (x *Index) clearMatch(s *scratch) {
	if len(s.first) > len(s.matched)/16 {
		clear(s.matched)
		clear(s.best)
		clear(s.score)
		return
	}
	for _, d := range s.first {
		s.matched[d], s.best[d], s.score[d] = 0, 0, 0
	}
}

// matchSet returns, as s's bitset i, the documents that match every
// word (each a prefix of a term of some field of theirs), without their
// scores: what match finds when the order is not by relevance.
func (x *Index) matchSet(s *scratch, i int, words []string) bitset {
	n := len(x.entries)
	out := s.bits(i, n)
	for wi, w := range words {
		b := out
		if wi > 0 {
			b = s.bits(i+1, n)
		}
		for _, seg := range x.text {
			lo, hi := seg.termRange(w)
			for _, p := range seg.post[seg.termStart[lo]:seg.termStart[hi]] {
				b.set(p >> fieldBits)
			}
		}
		if wi > 0 {
			out.and(b)
		}
	}
	return out
}

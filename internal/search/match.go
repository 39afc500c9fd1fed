package search

import (
	"math/bits"
	"sort"
)

// scratch is the working memory of one search, reused through the
// index's pool: the lists a search fills and its bitsets.
type scratch struct {
	cur     []uint32 // a list of documents, for a filter that reads them one by one
	matches []uint32 // the documents that pass the filters
	scores  []uint32 // their scores, by their place in matches
	best    []uint8  // their best weight for the word being scored
	rank    []uint32 // by 64 documents: how many matches come before them
	keys    []uint64 // the order of the matches by score
	sets    [12]bitset
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

// matchSet returns, as s's bitset i, the documents that match every
// word (each a prefix of a term of some field of theirs). It uses s's
// bitset i+1 too.
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
			seg.addDocs(b, lo, hi)
		}
		if wi > 0 {
			out.and(b)
		}
	}
	return out
}

// addCode adds to found the documents whose code is key: a code matches
// as a whole, however it was typed ("cwb501" for CWB-501), even when its
// words alone would not.
func (x *Index) addCode(found bitset, key string) {
	if key == "" {
		return
	}
	for _, seg := range x.text {
		for _, d := range seg.codes[key] {
			found.set(d)
		}
	}
}

// score returns the scores of matches, the documents of m in order, all
// of which match every word: per word, the weight of the best field it
// was found in, plus codeFirst for the documents whose code is key. The
// slice is s's. A term's postings are walked when they are fewer than the
// searches for each match would cost, and searched otherwise, so that a
// word as common as "quartos" costs what the matches cost, not what its
// hundred thousand postings would.
func (x *Index) score(s *scratch, words []string, key string, m bitset, matches []uint32) []uint32 {
	s.rank = s.rank[:0]
	c := 0
	for _, w := range m {
		s.rank = append(s.rank, uint32(c))
		c += bits.OnesCount64(w)
	}
	place := func(d uint32) uint32 {
		return s.rank[d/64] + uint32(bits.OnesCount64(m[d/64]&(1<<(d%64)-1)))
	}
	scores := resize(s.scores, len(matches))
	best := resize(s.best, len(matches))
	s.scores, s.best = scores, best
	clear(scores)
	for _, w := range words {
		clear(best)
		for _, seg := range x.text {
			lo, hi := seg.termRange(w)
			for t := lo; t < hi; t++ {
				weights := &fieldWeight[0]
				if len(seg.terms[t]) == len(w) {
					weights = &fieldWeight[1]
				}
				post := seg.postings(t)
				if len(matches)*bits.Len(uint(len(post))) < len(post) {
					j := 0
					for i, d := range matches {
						j += sort.Search(len(post)-j, func(k int) bool { return post[j+k]>>fieldBits >= d })
						if j == len(post) {
							break
						}
						if p := post[j]; p>>fieldBits == d {
							best[i] = max(best[i], weights[p&fieldMask])
						}
					}
					continue
				}
				for _, p := range post {
					if d := p >> fieldBits; m.has(d) {
						i := place(d)
						best[i] = max(best[i], weights[p&fieldMask])
					}
				}
			}
		}
		for i, b := range best {
			scores[i] += uint32(b)
		}
	}
	for _, seg := range x.text {
		for _, d := range seg.codes[key] {
			if m.has(d) {
				scores[place(d)] += codeFirst
			}
		}
	}
	return scores
}

// resize returns a slice of n elements, a's when it has room for them.
func resize[T any](a []T, n int) []T {
	if cap(a) < n {
		return make([]T, n)
	}
	return a[:n]
}

package search

import (
	"slices"
	"strings"
)

// segment is an inverted index of the text of some documents: a sorted
// dictionary of folded words, each with its postings (the documents it
// occurs in and the fields, by document), and the documents of each
// code. The documents of a common term are kept as a bitset too. It
// never changes once made.
type segment struct {
	terms     []string // sorted
	termStart []uint32 // postings of terms[i]: post[termStart[i]:termStart[i+1]]
	post      []uint32 // doc<<fieldBits | the fields' bits, by doc within a term (so at most 2^27 documents)
	codes     map[string][]uint32
	dense     map[int32]bitset // by term: its documents, for the terms densify picks
}

// postings returns the postings of the term i.
func (s *segment) postings(i int) []uint32 { return s.post[s.termStart[i]:s.termStart[i+1]] }

// A term whose documents are at least one in denseShare of the numbers
// up to its last, and at least denseMin, keeps them as a bitset as well:
// adding them to a search's set is then an OR of at most a quarter as
// many machine words as it has postings, for at most half the postings'
// memory more.
const (
	denseShare = 16
	denseMin   = 64
)

// densify makes the bitsets of s's common terms.
func (s *segment) densify() *segment {
	for t := range s.terms {
		post := s.postings(t)
		if len(post) < denseMin {
			continue
		}
		last := int(post[len(post)-1] >> fieldBits)
		if len(post) < (last+1)/denseShare {
			continue
		}
		b := newBitset(last + 1)
		for _, p := range post {
			b.set(p >> fieldBits)
		}
		if s.dense == nil {
			s.dense = map[int32]bitset{}
		}
		s.dense[int32(t)] = b
	}
	return s
}

// addDocs adds to b the documents of the terms lo to hi: their bitsets
// where they have one, their postings otherwise.
func (s *segment) addDocs(b bitset, lo, hi int) {
	from := lo // the first term whose postings are not added yet
	walk := func(to int) {
		for _, p := range s.post[s.termStart[from]:s.termStart[to]] {
			b.set(p >> fieldBits)
		}
	}
	for t := lo; t < hi; t++ {
		if d, ok := s.dense[int32(t)]; ok {
			walk(t)
			b.or(d)
			from = t + 1
		}
	}
	walk(hi)
}

// termTable gathers the postings of the terms of documents, added in the
// order of their numbers.
type termTable struct {
	ids      map[string]uint32 // a term's number
	postings [][]uint32        // by the term's number: doc<<fieldBits | fields, by doc
	folds    map[string]string // see eachToken
}

// addDoc adds the terms of document d (its number), each once with the
// bits of every field it occurs in, stop words left out.
func (t *termTable) addDoc(d uint32, doc *Doc) {
	if t.ids == nil {
		t.ids, t.folds = map[string]uint32{}, map[string]string{}
	}
	add := func(field uint32) func(string) {
		return func(w string) {
			if stopWords[w] {
				return
			}
			id, ok := t.ids[w]
			if !ok {
				id = uint32(len(t.postings))
				t.ids[strings.Clone(w)] = id // a word may be a part of the document's text
				t.postings = append(t.postings, nil)
			}
			list := t.postings[id]
			if n := len(list); n > 0 && list[n-1]>>fieldBits == d {
				list[n-1] |= field
				return
			}
			t.postings[id] = append(list, d<<fieldBits|field)
		}
	}
	eachToken(doc.Code, t.folds, add(fieldCode))
	eachToken(doc.Title, t.folds, add(fieldTitle))
	eachToken(doc.Neighborhood.Name, t.folds, add(fieldPlace))
	eachToken(doc.City.Name, t.folds, add(fieldPlace))
	eachToken(doc.Subtype.Name, t.folds, add(fieldPlace))
	eachToken(doc.Address, t.folds, add(fieldAddress))
	eachToken(doc.Description, t.folds, add(fieldDesc))
}

// segment makes the segment of the table's terms, with codes.
func (t *termTable) segment(codes map[string][]uint32) *segment {
	return (&segment{}).merge(t, codes)
}

// merge returns a segment of s's terms and the table's, whose documents
// all come after s's, and of both codes.
func (s *segment) merge(t *termTable, codes map[string][]uint32) *segment {
	terms := make([]string, 0, len(t.ids))
	for w := range t.ids {
		terms = append(terms, w)
	}
	slices.Sort(terms)
	out := &segment{codes: make(map[string][]uint32, len(s.codes)+len(codes))}
	n := len(s.post)
	for _, p := range t.postings {
		n += len(p)
	}
	out.post = make([]uint32, 0, n)
	out.terms = make([]string, 0, len(s.terms)+len(terms))
	out.termStart = make([]uint32, 0, len(s.terms)+len(terms)+1)
	i, j := 0, 0
	for i < len(s.terms) || j < len(terms) {
		var w string
		switch {
		case j == len(terms) || i < len(s.terms) && s.terms[i] < terms[j]:
			w = s.terms[i]
		default:
			w = terms[j]
		}
		out.terms = append(out.terms, w)
		out.termStart = append(out.termStart, uint32(len(out.post)))
		if i < len(s.terms) && s.terms[i] == w {
			out.post = append(out.post, s.postings(i)...)
			i++
		}
		if j < len(terms) && terms[j] == w {
			out.post = append(out.post, t.postings[t.ids[w]]...)
			j++
		}
	}
	out.termStart = append(out.termStart, uint32(len(out.post)))
	for k, ds := range s.codes {
		out.codes[k] = ds
	}
	for k, ds := range codes {
		out.codes[k] = append(slices.Clip(out.codes[k]), ds...)
	}
	return out.densify()
}

// compactSegments merges segs, whose documents come in the order of the
// segments, into one, numbering the documents again: renum maps each old
// number to its new one plus one, or to 0 for a document left out.
func compactSegments(segs []*segment, renum []uint32) *segment {
	out := &segment{codes: map[string][]uint32{}}
	n := 0
	for _, s := range segs {
		n += len(s.post)
	}
	out.post = make([]uint32, 0, n)
	at := make([]int, len(segs)) // the next term of each segment
	for {
		w, any := "", false
		for k, s := range segs {
			if at[k] < len(s.terms) && (!any || s.terms[at[k]] < w) {
				w, any = s.terms[at[k]], true
			}
		}
		if !any {
			break
		}
		start := len(out.post)
		for k, s := range segs {
			if at[k] < len(s.terms) && s.terms[at[k]] == w {
				for _, p := range s.postings(at[k]) {
					if d := renum[p>>fieldBits]; d > 0 {
						out.post = append(out.post, (d-1)<<fieldBits|p&fieldMask)
					}
				}
				at[k]++
			}
		}
		if len(out.post) > start {
			out.terms = append(out.terms, w)
			out.termStart = append(out.termStart, uint32(start))
		}
	}
	out.termStart = append(out.termStart, uint32(len(out.post)))
	for _, s := range segs {
		for k, ds := range s.codes {
			for _, d := range ds {
				if n := renum[d]; n > 0 {
					out.codes[k] = append(out.codes[k], n-1)
				}
			}
		}
	}
	return out.densify()
}

package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/listing"
)

// stopWords are the Portuguese words a text query drops: they would match
// nearly every property. The index does not hold them either.
var stopWords = map[string]bool{
	"a": true, "o": true, "as": true, "os": true, "um": true, "uma": true, "uns": true, "umas": true,
	"de": true, "da": true, "do": true, "das": true, "dos": true, "e": true, "em": true, "na": true,
	"no": true, "nas": true, "nos": true, "para": true, "pra": true, "pro": true, "com": true,
	"por": true, "ao": true, "aos": true, "ou": true, "que": true, "se": true,
}

// eachToken calls fn with each word of s as searches compare words: s
// cut at every character that is neither a letter, a digit nor an accent
// ("São José-SC" gives three words), each word folded (listing.Fold: case
// and accents aside, "sao", "jose", "sc"). A word of ASCII letters and
// digits, the most of them, is only lower-cased, which is what Fold does
// to it; folds keeps the folds of the others when it is not nil (a
// catalogue's texts hold a few thousand such words, each many times). The
// words may share memory with s.
func eachToken(s string, folds map[string]string, fn func(string)) {
	start, ascii := -1, true
	emit := func(end int) {
		w := s[start:end]
		switch f, ok := folds[w]; {
		case ascii:
			w = lowerASCII(w)
		case ok:
			w = f
		case folds != nil && len(folds) < maxFolds:
			f = listing.Fold(w)
			folds[strings.Clone(w)] = f
			w = f
		default:
			w = listing.Fold(w)
		}
		if w != "" {
			fn(w)
		}
		start, ascii = -1, true
	}
	for i, r := range s {
		word := r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') ||
			r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r))
		switch {
		case word && start < 0:
			start = i
			fallthrough
		case word:
			if r >= utf8.RuneSelf {
				ascii = false
			}
		case start >= 0:
			emit(i)
		}
	}
	if start >= 0 {
		emit(len(s))
	}
}

// maxFolds bounds the folds a build keeps.
const maxFolds = 100_000

// lowerASCII lower-cases a word of ASCII letters and digits, returning it
// as it is when it has no upper-case letter.
func lowerASCII(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(w)
		}
	}
	return w
}

// tokens returns the words of s (eachToken).
func tokens(s string) []string {
	var out []string
	eachToken(s, nil, func(t string) { out = append(out, t) })
	return out
}

// queryWords returns the words of a text query that results must match:
// its tokens without the stop words, without repeats, in their order.
func queryWords(text string) []string {
	var out []string
	for _, t := range tokens(text) {
		if !stopWords[t] && !contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// codeKey is a code, or a text query, as codes are compared: its tokens
// (stop words kept) joined together, so that "CWB-501", "cwb 501",
// "Cwb.501" and "cwb501" are the one code "cwb501": visitors type a code
// the way they remember it.
func codeKey(s string) string { return strings.Join(tokens(s), "") }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The fields of a property that a text query searches, as bits of a
// posting.
const (
	fieldCode    = 1 << iota // the property's code
	fieldTitle               // its title
	fieldPlace               // its neighborhood, city and subtype names
	fieldAddress             // the public part of its address
	fieldDesc                // its description
	fieldBits    = 5
	fieldMask    = 1<<fieldBits - 1
)

// fieldWeights rank the fields, best first: a word found in the title
// weighs more than one found in the description. A word that is a whole
// term, not only its prefix, weighs one more.
var fieldWeights = []struct {
	field  uint32
	weight uint32
}{{fieldCode, 10}, {fieldTitle, 8}, {fieldPlace, 6}, {fieldAddress, 4}, {fieldDesc, 2}}

// weight is the weight of a term found in the fields of mask.
func weight(mask uint32, exact bool) uint32 {
	for _, f := range fieldWeights {
		if mask&f.field != 0 {
			if exact {
				return f.weight + 1
			}
			return f.weight
		}
	}
	return 0
}

// fieldWeight is weight by a posting's fields, for a word that is not a
// whole term ([0]) and one that is ([1]).
var fieldWeight = func() (w [2][fieldMask + 1]uint8) {
	for m := range uint32(fieldMask + 1) {
		w[0][m], w[1][m] = uint8(weight(m, false)), uint8(weight(m, true))
	}
	return w
}()

// codeFirst is added to the score of a property whose code is the whole
// query: above any sum of word weights.
const codeFirst = 1 << 20

package search

import (
	"strings"
	"unicode"

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
// folded (listing.Fold: case and accents aside), cut at every character
// that is neither a letter nor a digit ("São José-SC" gives "sao",
// "jose", "sc").
func eachToken(s string, fn func(string)) {
	folded := listing.Fold(s)
	start := -1
	for i, r := range folded {
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			fn(folded[start:i])
			start = -1
		}
	}
	if start >= 0 {
		fn(folded[start:])
	}
}

// tokens returns the words of s (eachToken).
func tokens(s string) []string {
	var out []string
	eachToken(s, func(t string) { out = append(out, t) })
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
// (stop words kept) joined by one space, so that "ap-0042", "AP 0042" and
// "Ap.0042" are the one code "ap 0042".
func codeKey(s string) string { return strings.Join(tokens(s), " ") }

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

// codeFirst is added to the score of a property whose code is the whole
// query: above any sum of word weights.
const codeFirst = 1 << 20

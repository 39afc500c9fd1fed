package listing

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// runeLen counts characters as a person does (Unicode code points), not bytes.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// plainText reports whether s is valid UTF-8 free of control characters;
// multiline text may also hold line breaks and tabs. NUL and the other
// controls are refused because no person types them and PostgreSQL rejects NUL.
func plainText(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// PlainText is plainText for other packages that read text from outside
// (a portal's lead): the same rule as every field of the API.
func PlainText(s string, multiline bool) bool { return plainText(s, multiline) }

// checkText adds to v the failures of a text field: required (min > 0),
// length in characters, and plain text.
func checkText(v *ValidationError, field, s string, min, max int, multiline bool) {
	n := runeLen(s)
	switch {
	case n == 0 && min > 0:
		v.Add(field, "Campo obrigatório.")
	case n < min:
		v.Add(field, "Deve ter no mínimo "+strconv.Itoa(min)+" caracteres.")
	case n > max:
		v.Add(field, "Deve ter no máximo "+strconv.Itoa(max)+" caracteres.")
	}
	if !plainText(s, multiline) {
		v.Add(field, "Contém caracteres inválidos.")
	}
}

// ValidID reports whether s is an id in the one form the API accepts: a
// UUID written as 36 characters, hex digits (of either case) in groups of
// 8-4-4-4-12 separated by hyphens. The other forms that UUID parsers take
// (urn:uuid:, braces, 32 bare digits) are refused, so that every database
// finds the same rows for the same text. It allocates nothing.
func ValidID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// MaxSlugLen bounds a slug so that addresses stay readable.
const MaxSlugLen = 120

// ValidSlug reports whether s matches the API's slug pattern [a-z0-9-]+
// (and is at most MaxSlugLen long). It allocates nothing: it guards the
// public read before any database work.
func ValidSlug(s string) bool {
	if len(s) == 0 || len(s) > MaxSlugLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Slugify derives a slug from a name: accents folded ("Florianópolis" becomes
// "florianopolis"), letters lower-cased, every run of other characters one
// hyphen, no hyphen at either end. It returns "" when nothing is left.
func Slugify(name string) string {
	var b strings.Builder
	pendingHyphen := false
	for _, r := range norm.NFKD.String(name) {
		if unicode.Is(unicode.Mn, r) { // a combining accent, split off by NFKD
			continue
		}
		r = foldRune(r)
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			hyphen := pendingHyphen && b.Len() > 0
			if hyphen && b.Len()+2 > MaxSlugLen || b.Len()+1 > MaxSlugLen {
				break
			}
			if hyphen {
				b.WriteByte('-')
			}
			pendingHyphen = false
			b.WriteRune(r)
			continue
		}
		pendingHyphen = true
	}
	return strings.TrimRight(b.String(), "-")
}

// foldRune lower-cases r and maps the Latin letters that NFKD does not
// decompose to their base letter. Accents are split off before (NFKD).
func foldRune(r rune) rune {
	switch r {
	case 'ß':
		r = 's'
	case 'æ', 'Æ':
		r = 'a'
	case 'ø', 'Ø':
		r = 'o'
	case 'đ', 'Đ':
		r = 'd'
	case 'ł', 'Ł':
		r = 'l'
	}
	return unicode.ToLower(r)
}

// Fold returns s as searches compare it: accents dropped and letters
// lower-cased as Slugify does, every other character kept ("Apartamento
// no Itacorubí" becomes "apartamento no itacorubi"). A search for a
// folded text in folded texts is case- and accent-insensitive.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(foldRune(r))
		}
	}
	return b.String()
}

// MaxSearchLen bounds the text of a search.
const MaxSearchLen = 100

// ValidateSearch checks the text of a search (trimmed) in the query
// parameter field: plain text of at most MaxSearchLen characters.
func ValidateSearch(field, q string) error {
	v := &ValidationError{}
	checkText(v, field, q, 0, MaxSearchLen, false)
	return v.Err()
}

// FlagMessage refuses a yes-or-no query parameter that is neither.
const FlagMessage = "Use 'true' ou 'false'."

// ParseFlag reads the yes-or-no query parameter field, raw as sent:
// nil when it is absent (""), else its value. Any other text adds
// FlagMessage on field to v and reads as absent.
func ParseFlag(v *ValidationError, field, raw string) *bool {
	switch raw {
	case "":
		return nil
	case "true", "false":
		b := raw == "true"
		return &b
	}
	v.Add(field, FlagMessage)
	return nil
}

package httpapi

import (
	"net/http"
	"strconv"
	"strings"
)

// acceptsGzip reports whether the answer to a request with header h goes
// compressed with gzip, by its Accept-Encoding (RFC 9110, section
// 12.5.3): codings are compared without regard to case, x-gzip is gzip,
// "*" stands for any coding not listed, q=0 refuses a coding, and a
// coding not listed (with no "*") is not acceptable. gzip is sent when
// its weight is above zero and not below the one "identity" (or else
// "*") gives an uncompressed answer: a client that lists gzip wants it,
// unless it says it prefers no coding. With no Accept-Encoding, answers
// go uncompressed.
//
// When the client refuses both ("*;q=0", or "identity;q=0" without
// gzip), the answer goes uncompressed all the same rather than 406: a
// client that accepts nothing is better served a body it can read than
// an error (the RFC leaves the choice to the server).
func acceptsGzip(h http.Header) bool {
	values := h["Accept-Encoding"]
	if len(values) == 0 {
		return false
	}
	gzip, identity, star := -1.0, -1.0, -1.0
	for _, v := range values {
		for elem := range strings.SplitSeq(v, ",") {
			coding, q, ok := codingWeight(elem)
			if !ok {
				continue
			}
			switch {
			case (strings.EqualFold(coding, "gzip") || strings.EqualFold(coding, "x-gzip")) && gzip < 0:
				gzip = q
			case strings.EqualFold(coding, "identity") && identity < 0:
				identity = q
			case coding == "*" && star < 0:
				star = q
			}
		}
	}
	if gzip < 0 {
		gzip = max(star, 0) // not listed: acceptable only through "*"
	}
	if identity < 0 {
		identity = star // unlisted, identity is acceptable, not preferred
	}
	return gzip > 0 && gzip >= identity
}

// codingWeight reads one element of Accept-Encoding: a coding and its
// weight, 1 when it has none. An element that is empty or whose weight
// is malformed is left aside (ok false).
func codingWeight(elem string) (coding string, q float64, ok bool) {
	coding, params, _ := strings.Cut(elem, ";")
	coding = strings.TrimSpace(coding)
	if coding == "" {
		return "", 0, false
	}
	q = 1
	for p := range strings.SplitSeq(params, ";") {
		name, value, found := strings.Cut(p, "=")
		if !found || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		if q, ok = qvalue(strings.TrimSpace(value)); !ok {
			return "", 0, false
		}
	}
	return coding, q, true
}

// qvalue reads a weight as RFC 9110 (section 12.4.2) writes it: 0 to 1,
// with at most three decimals ("0.5", "1.000"), nothing else.
func qvalue(s string) (float64, bool) {
	whole, frac, dot := strings.Cut(s, ".")
	if whole != "0" && whole != "1" || len(frac) > 3 || dot && whole == "1" && strings.Trim(frac, "0") != "" {
		return 0, false
	}
	for i := 0; i < len(frac); i++ {
		if frac[i] < '0' || frac[i] > '9' {
			return 0, false
		}
	}
	q, err := strconv.ParseFloat(whole+"."+frac+"0", 64)
	return q, err == nil
}

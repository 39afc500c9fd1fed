package listing_test

import (
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

// TestParseBrokerCRECI: the ways agencies write a broker's CRECI, and
// what is refused (no state, a company's J, letters, too many digits).
func TestParseBrokerCRECI(t *testing.T) {
	for in, want := range map[string]string{
		"CRECI/SC 12345-F":   "CRECI/SC 12345-F",
		"creci-sc 12.345 f":  "CRECI/SC 12345-F",
		"12345-F/SC":         "CRECI/SC 12345-F",
		"CRECI 12345F SP":    "CRECI/SP 12345-F",
		" CRECI: RJ 1234567": "CRECI/RJ 1234567-F",
		"12345-F":            "",
		"CRECI/SC 12345-J":   "",
		"CRECI/XX 12345":     "",
		"CRECI/SC 12345678":  "",
		"CRECI/SC SP 12345":  "",
		"CRECI/SC 12A45":     "",
		"":                   "",
	} {
		got, ok := listing.ParseBrokerCRECI(in)
		if got != want || ok != (want != "") {
			t.Errorf("ParseBrokerCRECI(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

package listing_test

import (
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

// TestBrandColor: the brand colour is "#rrggbb", read in any case and
// stored in lower case, and dark enough for the white text of the
// buttons (4.5:1, WCAG AA); the site's default blue passes, white and
// yellow do not.
func TestBrandColor(t *testing.T) {
	for _, c := range []struct {
		in, stored string
		ok         bool
	}{
		{"", "", true},
		{" #0B5CAD ", "#0b5cad", true}, // the site's default
		{"#000000", "#000000", true},
		{"#767676", "#767676", true}, // the lightest grey at 4.5:1
		{"#777777", "#777777", false},
		{"#ffffff", "#ffffff", false},
		{"#ffd400", "#ffd400", false},
		{"0b5cad", "0b5cad", false},
		{"#0b5cad00", "#0b5cad00", false},
		{"#0b5cxz", "#0b5cxz", false},
		{"azul", "azul", false},
	} {
		a := listing.Agency{Name: "Imobiliária Ilha", CRECI: "CRECI/SC 12345-J", BrandColor: c.in}
		a.Normalize()
		err := a.Validate()
		if a.BrandColor != c.stored || (err == nil) != c.ok {
			t.Errorf("%q: stored %q, err %v; want %q, ok %v", c.in, a.BrandColor, err, c.stored, c.ok)
		}
	}
}

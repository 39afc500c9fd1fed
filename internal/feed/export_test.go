package feed

import (
	"io"

	"github.com/vitrine/vitrine/internal/listing"
)

// ReadAll reads every listing of a file, for the tests' measures.
func ReadAll(r io.Reader) ([]Listing, error) {
	var out []Listing
	err := walk(r, Limits{}, func(_ int, l *Listing) error {
		out = append(out, *l)
		return nil
	})
	return out, err
}

// ImportsFeature reports whether a listing's Feature f is among the
// portal features of the amenities (by slug) its property was given.
func ImportsFeature(f string, amenitySlugs []string) bool {
	if current, ok := olderFeatures[f]; ok {
		f = current
	} else if _, documented := CanonicalAmenity(f); !documented {
		if _, current, ok := amenityNamed(f); ok {
			f = current
		}
	}
	for _, s := range amenitySlugs {
		if got, ok := FeatureOf(s); ok && got == f {
			return true
		}
		// One the documentation does not list, kept by its own name.
		if _, documented := CanonicalAmenity(f); !documented && s == listing.Slugify(f) {
			return true
		}
	}
	return false
}

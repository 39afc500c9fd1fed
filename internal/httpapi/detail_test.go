package httpapi

import (
	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
)

// newDetailJSON is the public detail of p, for tests that compare a served
// document with the property it was made from.
func newDetailJSON(p listing.Property) detaildoc.Detail { return detaildoc.New(p) }

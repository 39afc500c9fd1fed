package detaildoc

import (
	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/listing"
)

// Renderer makes the stored forms of a property's public detail: the
// store's DocumentRenderer (store.Options.Documents), which the store
// calls in the transaction that writes the property.
type Renderer struct{}

// Format names the documents Render makes: Encode's Version and docenc's
// forms.
func (Renderer) Format() string { return Version + ";" + docenc.Format }

// Render returns the public detail of p (Encode), its gzip form (nil when
// compression does not pay) and its ETag.
func (Renderer) Render(p listing.Property) (doc, gz []byte, etag string, err error) {
	doc, err = Encode(p)
	if err != nil {
		return nil, nil, "", err
	}
	return doc, docenc.Gzip(doc), docenc.ETag(doc), nil
}

package feed_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
)

// TestScanRefusesDeepNesting: 10 million nested elements (a 70 MB
// document, made as it is read), outside the listings or inside one,
// are refused as soon as they pass 32 levels, under the command line's
// 500 MB cap: the reader takes well under 1 MB of the stream, which is
// what keeps its memory flat and its answer quick, and says why in
// pt-BR. 32 levels in all are read; 33 are not.
func TestScanRefusesDeepNesting(t *testing.T) {
	t.Parallel()
	// The nesting starts below ListingDataFeed and Header (2 levels), or
	// ListingDataFeed, Listings and Listing (3).
	for name, c := range map[string]struct {
		where feedtest.Where
		above int
	}{"outside the listings": {feedtest.InHeader, 2}, "in a listing": {feedtest.InListing, 3}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doc := feedtest.Nested(c.where, 10_000_000)
			_, err := feed.Scan(doc, feed.Limits{})
			var fe *feed.FileError
			if !errors.As(err, &fe) || fe.TooLarge || !strings.Contains(fe.Message, "aninhados em mais de 32 níveis (linha 2)") {
				t.Fatalf("%d MB nested: %v, want a refusal of the nesting", doc.Size()>>20, err)
			}
			if doc.Consumed() >= 1<<20 {
				t.Errorf("read %d bytes of %d before refusing", doc.Consumed(), doc.Size())
			}
			if n, err := feed.Scan(feedtest.Nested(c.where, 32-c.above), feed.Limits{}); err != nil || n != 1 {
				t.Errorf("32 levels: %d listings, %v", n, err)
			}
			if _, err := feed.Scan(feedtest.Nested(c.where, 33-c.above), feed.Limits{}); !errors.As(err, &fe) ||
				!strings.Contains(fe.Message, "32 níveis") {
				t.Errorf("33 levels: %v", err)
			}
		})
	}
}

// TestScanDepthNotCountedAcross: depth is that of the open elements, not
// a count of them: many elements side by side, each nested as deep as
// allowed, are read.
func TestScanDepthNotCountedAcross(t *testing.T) {
	t.Parallel()
	inner := strings.Repeat("<a>", 28) + strings.Repeat("</a>", 28)
	doc := `<ListingDataFeed xmlns="` + feed.Namespace + `"><Header>` + strings.Repeat(inner, 100) + `</Header><Listings>`
	for i := range 100 {
		doc += fmt.Sprintf(`<Listing><ListingID>D-%d</ListingID><x>%s</x></Listing>`, i, inner)
	}
	doc += `</Listings></ListingDataFeed>`
	if n, err := feed.Scan(strings.NewReader(doc), feed.Limits{}); err != nil || n != 100 {
		t.Errorf("%d listings, %v", n, err)
	}
}

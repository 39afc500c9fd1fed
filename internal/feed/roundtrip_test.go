package feed_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// realReasons are the fields of feed.Check's problems that keep a listing
// from the portals for a reason the portals themselves give: too few
// photos, no price. A listing blocked for anything else, after an import
// of a file the portals take today, is a rule of ours that loses it.
var realReasons = map[string]bool{"photos": true, "price": true, "rent_price": true}

// roundTrip is one file for TestRoundTrip.
type roundTrip struct {
	name string
	file string              // under testdata/import
	edit func(string) string // nil: the file as it is
	// minShare is the least share of the imported listings the feed must
	// carry back out.
	minShare float64
}

// roundTrips are the files TestRoundTrip carries: the project's own
// fixture, given the photos the portals ask for, and every real export
// under testdata/import/real, as it is.
func roundTrips(t *testing.T) []roundTrip {
	out := []roundTrip{{name: "valid.xml with six photos", file: "valid.xml", minShare: 0.9, edit: func(doc string) string {
		doc = mediaRE.ReplaceAllString(doc, "")
		n := 0
		return replaceEach(doc, "<ContactInfo>", func() string {
			n++
			var b strings.Builder
			b.WriteString("<Media>")
			for i := range 6 {
				fmt.Fprintf(&b, `<Item medium="image">https://fotos.example.com/rt-%d-%d.jpg</Item>`, n, i)
			}
			return b.String() + "</Media><ContactInfo>"
		})
	}}}
	real, err := filepath.Glob(filepath.Join("testdata", "import", "real", "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	// VivaReal's own sample gives each listing two photos, under the
	// portals' five: it checks that nothing else holds a listing back.
	fewPhotos := map[string]bool{"real/vivareal-wp-example.xml": true}
	for _, f := range real {
		rel, _ := filepath.Rel(filepath.Join("testdata", "import"), f)
		c := roundTrip{name: rel, file: rel, minShare: 0.9}
		if fewPhotos[filepath.ToSlash(rel)] {
			c.minShare = 0
		}
		out = append(out, c)
	}
	return out
}

var mediaRE = regexp.MustCompile(`(?s)<Media>.*?</Media>`)

// replaceEach replaces every old in s with what next returns for it.
func replaceEach(s, old string, next func() string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, old)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(next())
		s = s[i+len(old):]
	}
}

// TestRoundTrip imports a file the portals take, feeds the catalogue back
// out, and imports that feed into a fresh database, on both databases:
// the feed is valid VRSync, carries every imported listing but those
// blocked for a real reason (no price, too few photos) and at least
// minShare of them, and the second import creates exactly the listings
// the feed carried.
func TestRoundTrip(t *testing.T) {
	for _, c := range roundTrips(t) {
		for _, d := range storetest.Dialects {
			t.Run(c.name+"/"+d, func(t *testing.T) {
				t.Parallel()
				doc := string(fixture(t, c.file))
				if c.edit != nil {
					doc = c.edit(doc)
				}
				opt := feed.ImportOptions{Photos: feed.PhotosLink}
				first := newEnv(t, d)
				_, tot, err := first.importDoc(t, []byte(doc), opt)
				if err != nil {
					t.Fatal(err)
				}
				imported := tot.Created + tot.Updated + tot.Unchanged
				if imported == 0 {
					t.Fatalf("nothing imported: %+v", tot)
				}

				var out strings.Builder
				x := feed.NewWriter(&out, publisher, fixedTime)
				var blocked []string
				eligible := 0
				err = first.st.EachPortalProperty(context.Background(), func(p listing.Property) error {
					real := false
					for _, pr := range feed.Check(p) {
						if !realReasons[pr.Field] {
							blocked = append(blocked, fmt.Sprintf("%s: %s", p.Code, pr.Message))
						}
						real = real || realReasons[pr.Field]
					}
					if !real {
						eligible++
					}
					_, err := x.Add(p)
					return err
				})
				if err == nil {
					err = x.Close()
				}
				if err != nil {
					t.Fatal(err)
				}
				if len(blocked) > 0 {
					t.Errorf("listings blocked for no reason the portals give:\n%s", strings.Join(blocked, "\n"))
				}
				if x.Len() < eligible {
					t.Errorf("the feed carries %d listings, want the %d no real reason holds back", x.Len(), eligible)
				}
				if share := float64(x.Len()) / float64(imported); share < c.minShare {
					t.Errorf("the feed carries %d of %d imported listings (%.0f %%), want at least %.0f %%",
						x.Len(), imported, 100*share, 100*c.minShare)
				}
				feedtest.Validate(t, []byte(out.String()))

				second := newEnv(t, d)
				res, tot2, err := second.importDoc(t, []byte(out.String()), opt)
				if err != nil {
					t.Fatal(err)
				}
				if tot2.Created != x.Len() || tot2.Refused != 0 {
					var refused []string
					for id, r := range res {
						if r.Action == feed.Refused {
							refused = append(refused, fmt.Sprintf("%s: %v", id, r.Problems))
						}
					}
					slices.Sort(refused)
					t.Errorf("the feed's %d listings imported as %+v\n%s", x.Len(), tot2, strings.Join(refused, "\n"))
				}
			})
		}
	}
}

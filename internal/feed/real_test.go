package feed_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// realFiles are the VRSync files of real producers kept in
// testdata/import/real (SOURCES.md says where each comes from).
var realFiles = []string{"site-tatiana-vivareal.xml", "vivareal-wp-example.xml"}

// TestImportRealFiles imports each real file on both databases: every
// listing is created (the portals take them all), and every adjustment
// the import reports is the one written in the file's .results golden
// file (VITRINE_WRITE_GOLDEN=1 rewrites it). It logs the share of
// listings and of <Feature> values kept; VITRINE_IMPORT_REAL_DIR names a
// directory of more files (the whole exports) to measure the same way.
func TestImportRealFiles(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			for _, name := range realFiles {
				doc := fixture(t, filepath.Join("real", name))
				m := measureImport(t, d, doc)
				if m.created+len(m.refusals) != m.listings {
					t.Errorf("%s: %d of %d listings created, %d refused", name, m.created, m.listings, len(m.refusals))
				}
				// A listing is refused only for what the portals refuse it
				// for too: their documentation requires RentalPrice for a
				// rent, and one listing a code.
				for _, p := range m.refusals {
					if !strings.Contains(p, "Details/RentalPrice: informe o aluguel:") && !strings.Contains(p, "só o primeiro foi importado") {
						t.Errorf("%s: a listing the portals would take is refused: %s", name, p)
					}
				}
				golden := filepath.Join("testdata", "import", "real", strings.TrimSuffix(name, ".xml")+".results")
				if os.Getenv("VITRINE_WRITE_GOLDEN") == "1" && d == "sqlite" {
					if err := os.WriteFile(golden, []byte(m.report), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				if string(want) != m.report {
					t.Errorf("%s: the import's results differ from %s:\n%s", name, golden, m.report)
				}
				t.Logf("%s: %s", name, m)
			}
		})
	}
	dir := os.Getenv("VITRINE_IMPORT_REAL_DIR")
	if dir == "" {
		return
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := measureImport(t, "sqlite", doc)
		t.Logf("%s: %s", filepath.Base(f), m)
		// Why listings were refused, and how often.
		why := map[string]int{}
		for _, line := range strings.Split(m.report, "\n") {
			if p, ok := strings.CutPrefix(line, "  problem "); ok {
				why[p]++
			}
		}
		for p, n := range why {
			t.Logf("  %d× %s", n, p)
		}
	}
}

// importMeasure is what an import of a file kept.
type importMeasure struct {
	listings, created      int
	features, featuresKept int      // <Feature> elements of the listings kept, and those imported as an amenity
	documented, docKept    int      // of them, those the documentation lists
	refusals               []string // the problems of each listing refused
	report                 string
}

func (m importMeasure) String() string {
	pct := func(a, b int) float64 {
		if b == 0 {
			return 100
		}
		return 100 * float64(a) / float64(b)
	}
	return fmt.Sprintf("%d of %d listings kept (%.1f %%); in them, %d of %d <Feature> values kept (%.1f %%), %d of %d documented ones (%.1f %%)",
		m.created, m.listings, pct(m.created, m.listings), m.featuresKept, m.features, pct(m.featuresKept, m.features),
		m.docKept, m.documented, pct(m.docKept, m.documented))
}

// measureImport imports doc (photos linked) into a new database of
// dialect d and measures it; report lists each listing's action and
// warnings, in the file's order.
func measureImport(t *testing.T, d string, doc []byte) importMeasure {
	t.Helper()
	e := newEnv(t, d)
	f, err := feed.Spool(strings.NewReader(string(doc)), int64(len(doc)), 0, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var m importMeasure
	var b strings.Builder
	documented := enumerationsOf(t, "feature")
	_, err = e.im.Import(context.Background(), f, feed.ImportOptions{Photos: feed.PhotosLink}, func(r feed.Result) error {
		m.listings++
		fmt.Fprintf(&b, "%s: %s\n", r.ListingID, r.Action)
		var problems []string
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "  problem %s: %s\n", p.Field, p.Message)
			problems = append(problems, p.Field+": "+p.Message)
		}
		if r.Action == feed.Refused {
			m.refusals = append(m.refusals, strings.Join(problems, "; "))
		}
		for _, w := range r.Warnings {
			fmt.Fprintf(&b, "  warning %s: %s\n", w.Field, w.Message)
		}
		if r.Action == feed.Created {
			m.created++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Each <Feature> is kept when its listing was created and the import
	// knew it (none of the warnings of features left out names it).
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	listings, err := feed.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range listings {
		p, err := e.st.PropertiesByCode(context.Background(), l.ListingID)
		created := err == nil && len(p) == 1
		var slugs []string
		if created {
			for _, a := range p[0].Amenities {
				slugs = append(slugs, a.Slug)
			}
		}
		if !created {
			continue // its features are counted with the listings refused
		}
		for _, feature := range l.Details.Features {
			m.features++
			doc := slices.Contains(documented, feature)
			if doc {
				m.documented++
			}
			if feed.ImportsFeature(feature, slugs) {
				m.featuresKept++
				if doc {
					m.docKept++
				}
			}
		}
	}
	m.report = b.String()
	return m
}

package httpapi

import (
	"cmp"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

// TestRolesDocumented keeps docs/api.md's permission matrix and its list
// of admin routes the ones the code enforces: each is made from
// listing.Matrix and the routes' declared permissions and must stand
// between its markers. VITRINE_WRITE_DOCS=1 writes them there.
func TestRolesDocumented(t *testing.T) {
	t.Parallel()
	const path = "../../docs/api.md"
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	for _, part := range []struct{ name, want string }{
		{"roles:matrix", matrixTable()},
		{"roles:routes", routesTable(New(Config{}).permissions)},
	} {
		begin, end := "<!-- "+part.name+" -->\n", "<!-- /"+part.name+" -->"
		i, j := strings.Index(doc, begin), strings.Index(doc, end)
		if i < 0 || j < i {
			t.Errorf("%s: no %q … %q markers", path, begin, end)
			continue
		}
		if got := doc[i+len(begin) : j]; got != part.want {
			if os.Getenv("VITRINE_WRITE_DOCS") == "1" {
				doc = doc[:i+len(begin)] + part.want + doc[j:]
				continue
			}
			t.Errorf("%s: the %s table differs from the code's; run with VITRINE_WRITE_DOCS=1, or write:\n%s", path, part.name, part.want)
		}
	}
	if os.Getenv("VITRINE_WRITE_DOCS") == "1" {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// matrixTable is listing.Matrix as a Markdown table.
func matrixTable() string {
	var b strings.Builder
	b.WriteString("| Permission | Allows |")
	for _, r := range listing.Roles {
		b.WriteString(" " + string(r) + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(listing.Roles)) + "\n")
	for _, g := range listing.Matrix {
		b.WriteString("| `" + string(g.Permission) + "` | " + g.Description + " |")
		for _, r := range listing.Roles {
			mark := " — |"
			if r.Can(g.Permission) {
				mark = " ✓ |"
			}
			b.WriteString(mark)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// routesTable lists the admin routes with their permissions, in the
// matrix's order, then by path and method.
func routesTable(perms map[string]listing.Permission) string {
	order := map[listing.Permission]int{}
	for i, g := range listing.Matrix {
		order[g.Permission] = i
	}
	var routes []string
	for p := range perms {
		routes = append(routes, p)
	}
	slices.SortFunc(routes, func(a, b string) int {
		ma, pa, _ := strings.Cut(a, " ")
		mb, pb, _ := strings.Cut(b, " ")
		return cmp.Or(cmp.Compare(order[perms[a]], order[perms[b]]), cmp.Compare(pa, pb), cmp.Compare(ma, mb))
	})
	var b strings.Builder
	b.WriteString("| Route | Permission |\n|---|---|\n")
	for _, p := range routes {
		b.WriteString("| `" + p + "` | `" + string(perms[p]) + "` |\n")
	}
	return b.String()
}

// TestRolesInTheAPIDocument: the API document's Role and Permission
// enums, which the client's types are made from, are the matrix's.
func TestRolesInTheAPIDocument(t *testing.T) {
	t.Parallel()
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Enum []string `json:"enum"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	var roles, perms []string
	for _, r := range listing.Roles {
		roles = append(roles, string(r))
	}
	for _, g := range listing.Matrix {
		perms = append(perms, string(g.Permission))
	}
	if got := doc.Components.Schemas["Role"].Enum; !slices.Equal(got, roles) {
		t.Errorf("Role enum %v, want %v", got, roles)
	}
	if got := doc.Components.Schemas["Permission"].Enum; !slices.Equal(got, perms) {
		t.Errorf("Permission enum %v, want %v", got, perms)
	}
}

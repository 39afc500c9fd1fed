package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// walk follows next_cursor from the first page of path (a list address
// with per_page) to the last, and returns the titles it read.
func walk(t *testing.T, e *env, path string, admin bool) []string {
	t.Helper()
	var titles []string
	next := path
	for pages := 0; next != ""; pages++ {
		if pages > 100 {
			t.Fatalf("%s: the walk does not end", path)
		}
		r := e.get(next, admin)
		expect(t, r, 200, "")
		m := r.json(t)
		if want := pages == 0; (m["page"] != nil) != want {
			t.Errorf("%s: page %v on page %d of the walk", next, m["page"], pages)
		}
		for _, it := range m["items"].([]any) {
			titles = append(titles, it.(map[string]any)["title"].(string))
		}
		cursor, has := m["next_cursor"]
		if !has {
			t.Fatalf("%s: no next_cursor: %s", next, r.body)
		}
		next = ""
		if cursor != nil {
			next = path + "&cursor=" + url.QueryEscape(cursor.(string))
		}
	}
	return titles
}

// get reads path, as an administrator when admin.
func (e *env) get(path string, admin bool) response {
	e.T.Helper()
	if admin {
		return e.admin("GET", path, nil)
	}
	return e.do("GET", path, nil)
}

func TestListPagingByCursor(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	for i := range 7 {
		u := storetest.Apartment(fmt.Sprintf("Casa %d", i))
		u.IsFeatured = storetest.Ptr(i%3 == 0)
		u.IsActive = storetest.Ptr(i != 5)
		e.create(u)
	}
	for _, c := range []struct {
		path  string
		admin bool
		want  string
	}{
		{"/api/v1/properties?per_page=3", false, "Casa 6,Casa 3,Casa 0,Casa 4,Casa 2,Casa 1"},
		{"/api/v1/properties?per_page=2", false, "Casa 6,Casa 3,Casa 0,Casa 4,Casa 2,Casa 1"},
		{"/api/admin/properties?per_page=3", true, "Casa 6,Casa 5,Casa 4,Casa 3,Casa 2,Casa 1,Casa 0"},
		{"/api/admin/properties?per_page=7", true, "Casa 6,Casa 5,Casa 4,Casa 3,Casa 2,Casa 1,Casa 0"},
	} {
		if got := strings.Join(walk(t, e, c.path, c.admin), ","); got != c.want {
			t.Errorf("%s by cursor: %s, want %s", c.path, got, c.want)
		}
	}
	// An offset page hands out the cursor that continues after it.
	m := e.do("GET", "/api/v1/properties?per_page=2&page=2", nil).json(t)
	r := e.do("GET", "/api/v1/properties?per_page=2&cursor="+url.QueryEscape(m["next_cursor"].(string)), nil)
	expect(t, r, 200, "")
	if items := r.json(t)["items"].([]any); len(items) != 2 || items[0].(map[string]any)["title"] != "Casa 2" {
		t.Errorf("the page after page 2: %s", r.body)
	}
}

// TestListPagingBounded: an offset page past the window is refused with
// a message on page, whatever the list's size; within it, a page past the
// end is an empty page.
func TestListPagingBounded(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	e.create(storetest.Apartment("Casa"))
	for _, c := range []struct {
		path   string
		admin  bool
		status int
	}{
		{"/api/v1/properties?page=10000&per_page=1", false, 200},
		{"/api/v1/properties?page=10001&per_page=1", false, 422},
		{"/api/v1/properties?page=200&per_page=50", false, 200},
		{"/api/v1/properties?page=201&per_page=50", false, 422},
		{"/api/v1/properties?page=834", false, 422}, // per_page 12
		{"/api/v1/properties?page=1000000", false, 422},
		{"/api/v1/properties?page=99999999999999999999", false, 422},
		{"/api/admin/properties?page=100&per_page=100", true, 200},
		{"/api/admin/properties?page=101&per_page=100", true, 422},
	} {
		client := e
		if c.status == 422 {
			client = e.badInput()
		}
		r := client.get(c.path, c.admin)
		expect(t, r, c.status, "")
		m := r.json(t)
		if c.status == 200 {
			if len(m["items"].([]any)) != 0 || m["total"] != 1.0 || m["next_cursor"] != nil {
				t.Errorf("%s: %s, want an empty last page", c.path, r.body)
			}
			continue
		}
		msgs, _ := m["details"].(map[string]any)["page"].([]any)
		if len(msgs) != 1 || !strings.Contains(msgs[0].(string), "refine a busca") {
			t.Errorf("%s: %s, want a message on page that says to narrow the search", c.path, r.body)
		}
	}
}

func TestListCursorValidated(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	for i := range 3 {
		e.create(storetest.Apartment(fmt.Sprintf("Casa %d", i)))
	}
	public := e.do("GET", "/api/v1/properties?per_page=1", nil).json(t)["next_cursor"].(string)
	admin := e.admin("GET", "/api/admin/properties?per_page=1", nil).json(t)["next_cursor"].(string)
	for _, c := range []struct {
		path, field string
		admin       bool
	}{
		{"/api/v1/properties?cursor=", "cursor", false},
		{"/api/v1/properties?cursor=x", "cursor", false},
		{"/api/v1/properties?cursor=" + public + "A", "cursor", false},
		{"/api/v1/properties?cursor=" + admin, "cursor", false},
		{"/api/admin/properties?cursor=" + public, "cursor", true},
		{"/api/v1/properties?page=1&cursor=" + public, "page", false},
		{"/api/v1/properties?per_page=0&cursor=" + public, "per_page", false},
	} {
		r := e.badInput().get(c.path, c.admin)
		expect(t, r, 422, "")
		if d := r.json(t)["details"].(map[string]any); d[c.field] == nil || len(d) != 1 {
			t.Errorf("%s: %s, want one failing field, %s", c.path, r.body, c.field)
		}
	}
}

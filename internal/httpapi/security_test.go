package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// ---------------------------------------------------------------------------
// Stored text is data, never markup.

// htmlToken is one token of an HTML document, read the way a browser's
// tokenizer reads it (enough of it to see every element and attribute).
type htmlToken struct {
	kind  string // "start", "end", "text", "comment"
	name  string // lower-case tag name
	attrs [][2]string
	text  string // raw, as in the document
}

// tokenizeHTML splits doc into tokens following the HTML tokenizer's states
// that matter here: data, tags with quoted and unquoted attributes,
// comments, and the raw text of script and style and escapable raw text of
// title and textarea, which end only at their own end tag.
func tokenizeHTML(doc string) []htmlToken {
	var out []htmlToken
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	i := 0
	for i < len(doc) {
		rest := doc[i:]
		switch {
		case rest[0] != '<':
			j := strings.IndexByte(rest, '<')
			if j < 0 {
				j = len(rest)
			}
			out = append(out, htmlToken{kind: "text", text: rest[:j]})
			i += j
		case strings.HasPrefix(rest, "<!--"):
			j := strings.Index(rest[4:], "-->")
			if j < 0 {
				j = len(rest) - 4 - 3
			}
			out = append(out, htmlToken{kind: "comment", text: rest[4 : 4+j]})
			i += 4 + j + 3
		case strings.HasPrefix(rest, "<!"), strings.HasPrefix(rest, "<?"), strings.HasPrefix(rest, "</") && len(rest) > 2 && !isLetter(rest[2]):
			j := strings.IndexByte(rest, '>')
			if j < 0 {
				j = len(rest) - 1
			}
			out = append(out, htmlToken{kind: "comment", text: rest[:j+1]})
			i += j + 1
		case len(rest) > 1 && (isLetter(rest[1]) || rest[1] == '/' && len(rest) > 2 && isLetter(rest[2])):
			end := rest[1] == '/'
			k := 1
			if end {
				k = 2
			}
			start := k
			for k < len(rest) && !isSpace(rest[k]) && rest[k] != '/' && rest[k] != '>' {
				k++
			}
			tok := htmlToken{kind: "start", name: strings.ToLower(rest[start:k])}
			if end {
				tok.kind = "end"
			}
			// Attributes.
			for k < len(rest) {
				for k < len(rest) && (isSpace(rest[k]) || rest[k] == '/') {
					k++
				}
				if k >= len(rest) || rest[k] == '>' {
					break
				}
				a := k
				k++ // a first "=" belongs to the name
				for k < len(rest) && !isSpace(rest[k]) && rest[k] != '/' && rest[k] != '>' && rest[k] != '=' {
					k++
				}
				name, value := strings.ToLower(rest[a:k]), ""
				for k < len(rest) && isSpace(rest[k]) {
					k++
				}
				if k < len(rest) && rest[k] == '=' {
					k++
					for k < len(rest) && isSpace(rest[k]) {
						k++
					}
					if k < len(rest) && (rest[k] == '"' || rest[k] == '\'') {
						q := rest[k]
						e := strings.IndexByte(rest[k+1:], q)
						if e < 0 {
							e = len(rest) - k - 1
						}
						value = rest[k+1 : k+1+e]
						k += e + 2
					} else {
						v := k
						for k < len(rest) && !isSpace(rest[k]) && rest[k] != '>' {
							k++
						}
						value = rest[v:k]
					}
				}
				tok.attrs = append(tok.attrs, [2]string{name, html.UnescapeString(value)})
			}
			i += min(k+1, len(rest))
			out = append(out, tok)
			if tok.kind == "start" && slices.Contains([]string{"script", "style", "title", "textarea"}, tok.name) {
				// Raw text: up to "</name" followed by a space, "/" or ">".
				body := doc[i:]
				lower := strings.ToLower(body)
				j := 0
				for {
					n := strings.Index(lower[j:], "</"+tok.name)
					if n < 0 {
						j = len(body)
						break
					}
					j += n
					if after := j + 2 + len(tok.name); after >= len(body) || isSpace(body[after]) || body[after] == '/' || body[after] == '>' {
						break
					}
					j++
				}
				out = append(out, htmlToken{kind: "text", text: body[:j]})
				i += j
			}
		default:
			out = append(out, htmlToken{kind: "text", text: "<"})
			i++
		}
	}
	return out
}

// shape is the document's elements and attribute names, in order: what an
// injection would change.
func shape(tokens []htmlToken) []string {
	var out []string
	for _, t := range tokens {
		if t.kind == "start" || t.kind == "end" {
			s := t.kind + ":" + t.name
			for _, a := range t.attrs {
				s += " " + a[0]
			}
			out = append(out, s)
		}
	}
	return out
}

// headOf returns the property page's head: its meta tags by name or
// property, its title text and its JSON-LD.
type pageHead struct {
	title string
	meta  map[string]string
	ld    string
}

func readHead(t *testing.T, tokens []htmlToken) pageHead {
	t.Helper()
	h := pageHead{meta: map[string]string{}}
	for i, tok := range tokens {
		if tok.kind != "start" {
			continue
		}
		attr := func(name string) string {
			for _, a := range tok.attrs {
				if a[0] == name {
					return a[1]
				}
			}
			return ""
		}
		switch tok.name {
		case "title":
			h.title = html.UnescapeString(tokens[i+1].text)
		case "meta":
			key := attr("name") + attr("property")
			if key != "" {
				h.meta[key] = attr("content")
			}
		case "script":
			if attr("type") == "application/ld+json" {
				h.ld = tokens[i+1].text
			}
		}
	}
	return h
}

// TestStoredTextIsNotMarkup stores titles and descriptions that try to
// close the tag or attribute they land in and open an element, and reads
// the property page: its elements and attributes are those of a plain
// property, and every value reads back as the text that was stored.
func TestStoredTextIsNotMarkup(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{CacheBytes: 8 << 20})
	plain := s.Property("Apartamento no Centro", "apartamento-no-centro")
	plainPage := s.Call("GET", "/imoveis/"+plain.Slug, nil)
	wantStatus(t, "plain page", plainPage, http.StatusOK)
	want := shape(tokenizeHTML(plainPage.Body.String()))

	attacks := []string{
		`<script>alert(1)</script>`,
		`"><img src=x onerror=alert(1)>`,
		`'><img src=x onerror=alert(1)>`,
		`</script><script>alert(document.cookie)</script>`,
		`</title><script>alert(1)</script>`,
		`</SCRIPT ><img src=x onerror=alert(1)>`,
		`<!--<script>alert(1)//-->`,
		`" onmouseover="alert(1)`,
		`</script><!--`,
		`{{.Title}} \u003cscript\u003e &lt;b&gt;`,
	}
	for i, attack := range attacks {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			desc := "Descrição " + attack + "\nsegunda linha " + attack
			u := storetest.Apartment(attack)
			u.Slug = storetest.Ptr(fmt.Sprintf("ataque-%d", i))
			u.Description = &desc
			u.Photos = &[]listing.Photo{{URL: "https://img.example.com/a.jpg?x=%22%3E%3Cscript%3E", AltText: attack}}
			p, err := s.Store.CreateProperty(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			w := s.Call("GET", "/imoveis/"+p.Slug, nil)
			wantStatus(t, "page", w, http.StatusOK)
			tokens := tokenizeHTML(w.Body.String())
			if got := shape(tokens); !slices.Equal(got, want) {
				t.Fatalf("the page's elements changed:\n got %q\nwant %q\n%s", got, want, w.Body)
			}
			h := readHead(t, tokens)
			wantDesc := strings.Join(strings.Fields(desc), " ")
			if h.title != attack {
				t.Errorf("<title> reads %q, want %q alone (no agency is set)", h.title, attack)
			}
			for key, value := range map[string]string{"og:title": attack, "description": wantDesc, "og:description": wantDesc} {
				if h.meta[key] != value {
					t.Errorf("meta %s reads %q, want %q", key, h.meta[key], value)
				}
			}
			var doc struct {
				Graph []map[string]any `json:"@graph"`
			}
			if err := json.Unmarshal([]byte(h.ld), &doc); err != nil || len(doc.Graph) == 0 {
				t.Fatalf("JSON-LD does not parse as a graph: %v\n%s", err, h.ld)
			}
			ld := doc.Graph[0] // the RealEstateListing
			if ld["name"] != attack || ld["description"] != wantDesc {
				t.Errorf("JSON-LD name %q description %q, want %q and %q", ld["name"], ld["description"], attack, wantDesc)
			}
			if strings.Contains(strings.ToLower(h.ld), "</script") || strings.Contains(h.ld, "<!--") {
				t.Errorf("JSON-LD holds a sequence that ends or hides the script element: %s", h.ld)
			}
		})
	}
}

// TestTokenizerSeesInjections makes sure the checks above would see an
// injection: the shape of a page with raw markup in it differs.
func TestTokenizerSeesInjections(t *testing.T) {
	t.Parallel()
	page := `<head><title>Casa</title><meta name="description" content="x"></head>`
	for _, injected := range []string{
		`<head><title>Casa</title><script>alert(1)</script><meta name="description" content="x"></head>`,
		`<head><title>Casa</title><meta name="description" content="x" onerror="alert(1)"></head>`,
		`<head><title>Casa</title><meta name="description" content=""><img src=x onerror=alert(1)>"></head>`,
	} {
		if slices.Equal(shape(tokenizeHTML(page)), shape(tokenizeHTML(injected))) {
			t.Errorf("tokenizer missed the injection in %s", injected)
		}
	}
	if got := shape(tokenizeHTML(`<title><script>x</script></title>`)); len(got) != 2 {
		t.Errorf("title content read as markup: %q", got)
	}
}

// ---------------------------------------------------------------------------
// SQL is parameterized everywhere.

// sqlAttacks are classic SQL injection strings, each with letters (so that
// the names it lands in have a slug) and at most 50 characters (the
// shortest text limit of the fields they fill).
var sqlAttacks = []string{
	`'; DROP TABLE leads; --`,
	`' OR '1'='1`,
	`" OR ""="x`,
	`1; DELETE FROM properties WHERE 1=1; --`,
	`'); DELETE FROM properties; --`,
	`' UNION SELECT token_hash FROM admin_tokens --`,
	`\'; UPDATE properties SET is_active = false; --`,
	`x' AND 1=(SELECT COUNT(*) FROM leads) --`,
	`'||(SELECT pg_sleep(3))||'`,
	`$1 $2 ? :name @p1 %s %`,
}

// TestSQLInjectionIsData sends SQL injection strings through every text
// field of the admin create and update and of the contact form, and through
// slugs, ids and query parameters: the answers are ordinary (201, 200, 404,
// 422), the text is stored as sent, and nothing else in the database moves.
// (A time-based attack that ran would not store its text as sent either:
// the test needs no clock, which a busy machine would fool.)
func TestSQLInjectionIsData(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, dialect, httpapi.Config{CacheBytes: 8 << 20})
			ctx := context.Background()
			known := s.Property("Imóvel de referência", "imovel-de-referencia")
			knownDoc, err := s.Store.PropertyDocument(ctx, known.Slug)
			if err != nil {
				t.Fatal(err)
			}
			target := s.Property("Imóvel alvo", "imovel-alvo")
			tokens, _ := s.Store.Tokens(ctx)
			props0, leads0 := s.Counts()
			created, leadsCreated := 0, 0

			// send sends through s, or through bad for input that breaks the
			// API document on purpose.
			bad := s.BadInput()
			send := func(s *stack, method, path string, body any, admin bool) *httptest.ResponseRecorder {
				t.Helper()
				var w *httptest.ResponseRecorder
				if admin {
					w = s.Admin(method, path, body)
				} else {
					w = s.Call(method, path, body)
				}
				return w
			}

			for i, attack := range sqlAttacks {
				// Every free text field of a creation holds the attack.
				body := map[string]any{
					"title": attack, "slug": fmt.Sprintf("injecao-%d", i), "code": attack, "description": attack,
					"address": attack, "price": "100000.00", "type": "venda", "street": attack,
					"subtype": map[string]any{"name": attack}, "city": map[string]any{"name": attack, "state": "SC"},
					"neighborhood": map[string]any{"name": attack},
					"photos":       []any{map[string]any{"url": "https://img.example.com/a.jpg", "alt_text": attack}},
					"amenities":    []any{map[string]any{"name": attack, "group": "lazer"}},
					"video_url":    attack,
				}
				w := send(s, "POST", "/api/admin/properties", body, true)
				wantStatus(t, "create with "+attack, w, http.StatusCreated)
				created++
				var p map[string]any
				json.Unmarshal(w.Body.Bytes(), &p)
				id, _ := p["id"].(string)
				got, err := s.Store.Property(ctx, id)
				if err != nil {
					t.Fatalf("created property %q: %v", id, err)
				}
				for field, value := range map[string]string{
					"title": got.Title, "code": got.Code, "description": got.Description, "address": got.Address,
					"street": got.Street, "subtype": got.Subtype.Name, "city": got.City.Name,
					"neighborhood": got.Neighborhood.Name, "alt_text": got.Photos[0].AltText,
					"amenity": got.Amenities[0].Name, "video_url": got.VideoURL,
				} {
					if value != attack {
						t.Errorf("created %s = %q, want %q", field, value, attack)
					}
				}

				// The same through a partial update of another property.
				delete(body, "slug")
				delete(body, "price")
				w = send(s, "PUT", "/api/admin/properties/"+target.ID, body, true)
				wantStatus(t, "update with "+attack, w, http.StatusOK)
				got, _ = s.Store.Property(ctx, target.ID)
				if got.Title != attack || got.Description != attack || got.Neighborhood.Name != attack || got.VideoURL != attack {
					t.Errorf("updated property does not hold %q: %+v", attack, got)
				}

				// Fields with a format refuse it with 422.
				for field, value := range map[string]any{
					"slug": attack, "price": attack, "condo_fee": attack, "video_position": attack,
					"city":      map[string]any{"name": "Florianópolis", "state": attack},
					"photos":    []any{map[string]any{"url": attack}},
					"amenities": []any{map[string]any{"name": "Piscina", "group": attack}},
				} {
					b := map[string]any{field: value}
					if field == "city" {
						b["neighborhood"] = map[string]any{"name": "Centro"}
					}
					w := send(bad, "PUT", "/api/admin/properties/"+target.ID, b, true)
					wantStatus(t, "update "+field+" with "+attack, w, http.StatusUnprocessableEntity)
				}

				// The contact form: every field.
				lead := map[string]string{"name": attack, "email": "o'reilly+x@example.com",
					"phone": attack[:min(len(attack), 20)], "message": attack + " mensagem"}
				w = send(s, "POST", "/api/v1/properties/"+known.Slug+"/contact", lead, false)
				wantStatus(t, "contact with "+attack, w, http.StatusCreated)
				leadsCreated++
				page, err := s.Store.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 1})
				if err != nil {
					t.Fatal(err)
				}
				if l := page.Items[0]; l.Name != attack || l.Phone != lead["phone"] || l.Message != lead["message"] || l.Email != lead["email"] {
					t.Errorf("stored lead %+v, want %+v", l.LeadInput, lead)
				}
				w = send(bad, "POST", "/api/v1/properties/"+known.Slug+"/contact",
					map[string]string{"name": "Ana", "email": attack, "message": "Quero visitar o imóvel."}, false)
				wantStatus(t, "contact e-mail "+attack, w, http.StatusUnprocessableEntity)

				// Slugs, ids and query parameters.
				esc := url.PathEscape(attack)
				for _, r := range []struct {
					method, path string
					admin        bool
					status       int
				}{
					{"GET", "/api/v1/properties/" + esc, false, http.StatusNotFound},
					{"GET", "/api/properties/" + esc, false, http.StatusNotFound},
					{"POST", "/api/v1/properties/" + esc + "/contact", false, http.StatusNotFound},
					{"GET", "/imoveis/" + esc, false, http.StatusNotFound},
					{"GET", "/api/admin/properties/" + esc, true, http.StatusNotFound},
					{"PUT", "/api/admin/properties/" + esc, true, http.StatusNotFound},
					{"DELETE", "/api/admin/properties/" + esc, true, http.StatusNotFound},
					{"GET", "/api/admin/properties?page=" + url.QueryEscape(attack), true, http.StatusUnprocessableEntity},
					{"GET", "/api/admin/leads?per_page=" + url.QueryEscape(attack), true, http.StatusUnprocessableEntity},
					{"GET", "/api/v1/properties?page=" + url.QueryEscape(attack), false, http.StatusUnprocessableEntity},
				} {
					var body any
					if r.method == "POST" {
						body = contactBody("Ana Souza")
					} else if r.method == "PUT" {
						body = map[string]any{"title": "Novo"}
					}
					w := send(bad, r.method, r.path, body, r.admin)
					wantStatus(t, r.method+" "+r.path, w, r.status)
				}
				w = send(bad, "GET", "/api/admin/leads?property_id="+url.QueryEscape(attack), nil, true)
				wantStatus(t, "leads of property "+attack, w, http.StatusOK)
				var lp struct{ Total int }
				json.Unmarshal(w.Body.Bytes(), &lp)
				if lp.Total != 0 {
					t.Errorf("leads of property %q: total %d, want 0", attack, lp.Total)
				}
				// A token made of an attack is refused like any wrong token.
				w = s.Call("GET", "/api/admin/properties", nil, "Authorization", "Bearer "+attack)
				wantStatus(t, "token "+attack, w, http.StatusUnauthorized)
				w = s.Call("GET", "/api/admin/properties", nil, "Authorization", "Bearer vtr_"+attack)
				wantStatus(t, "token vtr_"+attack, w, http.StatusUnauthorized)
			}

			props1, leads1 := s.Counts()
			if props1 != props0+created || leads1 != leads0+leadsCreated {
				t.Errorf("stored %d properties and %d leads, want %d and %d", props1, leads1, props0+created, leads0+leadsCreated)
			}
			doc, err := s.Store.PropertyDocument(ctx, known.Slug)
			if err != nil || !bytes.Equal(doc.JSON, knownDoc.JSON) {
				t.Errorf("the reference property changed (%v):\n got %s\nwant %s", err, doc.JSON, knownDoc.JSON)
			}
			if after, _ := s.Store.Tokens(ctx); len(after) != len(tokens) {
				t.Errorf("%d admin tokens, want %d", len(after), len(tokens))
			}
			active, err := s.Store.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 1})
			if err != nil || active.Total != props1 {
				t.Errorf("%d active properties of %d (%v): an injected update ran?", active.Total, props1, err)
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Security headers.

// parseCSP reads a Content-Security-Policy into its directives.
func parseCSP(policy string) map[string][]string {
	out := map[string][]string{}
	for _, d := range strings.Split(policy, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			out[strings.ToLower(f[0])] = f[1:]
		}
	}
	return out
}

// TestSecurityHeaders checks the headers of every kind of answer: nosniff
// on the API, no-store on the admin API, and on pages a CSP that frames
// only the video players, runs only the service's scripts and may not be
// framed, with a strict referrer policy.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{CacheBytes: 8 << 20, ContactLimit: httpapi.Rate{N: 1, Per: time.Hour},
		AuthFailLimit: httpapi.Rate{N: 1, Per: time.Hour}})
	p := s.Property("Casa com piscina", "casa-com-piscina")
	doomed := s.Property("Casa a remover", "casa-a-remover")
	detail := s.Call("GET", "/api/v1/properties/"+p.Slug, nil)
	big := `{"title":"` + strings.Repeat("a", 2<<20) + `"}`

	badIn := []string{httpapi.BadInputHeader, "1"} // a request that breaks the API document on purpose
	type req struct {
		method, path string
		body         any
		admin        bool
		headers      []string
	}
	api := []req{
		{"GET", "/api/v1/properties", nil, false, nil},
		{"GET", "/api/v1/properties/" + p.Slug, nil, false, nil},
		{"GET", "/api/v1/properties/" + p.Slug, nil, false, []string{"If-None-Match", detail.Header().Get("Etag")}},
		{"GET", "/api/v1/properties/" + p.Slug, nil, false, []string{"Accept-Encoding", "gzip"}},
		{"GET", "/api/properties/" + p.Slug, nil, false, nil},
		{"GET", "/api/v1/properties/nao-existe", nil, false, nil},
		{"GET", "/api/v1/properties/Maiusculas", nil, false, badIn},
		{"DELETE", "/api/v1/properties/" + p.Slug, nil, false, nil},
		{"POST", "/api/v1/properties/" + p.Slug + "/contact", contactBody("Ana Souza"), false, nil},
		{"POST", "/api/v1/properties/" + p.Slug + "/contact", contactBody("Ana Souza"), false, nil}, // 429
		{"POST", "/api/v1/properties/" + p.Slug + "/contact", `{"name":1}`, false, badIn},
		{"POST", "/api/v1/properties/" + p.Slug + "/contact", `{"x":"` + strings.Repeat("a", 70<<10) + `"}`, false, badIn},
		{"GET", "/api/openapi.json", nil, false, nil},
		{"GET", "/api/nada", nil, false, nil},
	}
	admin := []req{
		{"GET", "/api/admin/properties", nil, true, nil},
		{"GET", "/api/admin/properties/" + p.ID, nil, true, nil},
		{"GET", "/api/admin/properties/00000000-0000-0000-0000-000000000000", nil, true, nil},
		{"PUT", "/api/admin/properties/" + p.ID, map[string]any{"video_url": "https://youtu.be/abc"}, true, nil},
		{"PUT", "/api/admin/properties/" + p.ID, map[string]any{"video_position": "x"}, true, badIn},
		{"PUT", "/api/admin/properties/" + p.ID, big, true, badIn},
		{"POST", "/api/admin/properties", map[string]any{"title": "Casa"}, true, badIn},
		{"DELETE", "/api/admin/properties/" + doomed.ID, nil, true, nil},
		{"GET", "/api/admin/leads", nil, true, nil},
		{"GET", "/api/admin/leads.csv", nil, true, nil},
		{"GET", "/api/admin/leads?page=0", nil, true, badIn},
		{"GET", "/api/admin/properties", nil, false, badIn},                                           // 401
		{"GET", "/api/admin/properties", nil, false, []string{"Authorization", "Bearer vtr_errado"}},  // 401
		{"GET", "/api/admin/properties", nil, false, []string{"Authorization", "Bearer vtr_errado2"}}, // 429
	}
	statuses := map[int]bool{}
	check := func(r req, isAdmin bool) {
		t.Helper()
		var w *httptest.ResponseRecorder
		if r.admin {
			w = s.Call(r.method, r.path, r.body, append([]string{"Authorization", "Bearer " + s.Token}, r.headers...)...)
		} else {
			w = s.Call(r.method, r.path, r.body, r.headers...)
		}
		statuses[w.Code] = true
		what := fmt.Sprintf("%s %s (%d)", r.method, r.path[:min(len(r.path), 60)], w.Code)
		if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q, want nosniff", what, got)
		}
		if isAdmin {
			if got := w.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("%s: Cache-Control %q, want no-store", what, got)
			}
		}
	}
	for _, r := range api {
		check(r, false)
	}
	for _, r := range admin {
		check(r, true)
	}
	for _, code := range []int{200, 201, 204, 304, 401, 404, 405, 413, 422, 429} {
		if !statuses[code] {
			t.Errorf("no answer with status %d was checked", code)
		}
	}

	// Pages.
	for _, path := range []string{"/", "/imoveis/" + p.Slug, "/imoveis/nao-existe", "/admin", "/admin/imoveis", "/nada", "/assets/index-abc123.js"} {
		w := s.Call("GET", path, nil)
		what := fmt.Sprintf("GET %s (%d)", path, w.Code)
		if got := w.Header().Get("Referrer-Policy"); got != "strict-origin-when-cross-origin" {
			t.Errorf("%s: Referrer-Policy %q", what, got)
		}
		if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q, want nosniff", what, got)
		}
		csp := parseCSP(w.Header().Get("Content-Security-Policy"))
		frames := csp["frame-src"]
		if frames == nil {
			frames = csp["child-src"]
		}
		if frames == nil {
			frames = csp["default-src"]
		}
		slices.Sort(frames)
		if want := []string{"https://player.vimeo.com", "https://www.youtube-nocookie.com", "https://www.youtube.com", "https://youtube-nocookie.com", "https://youtube.com"}; !slices.Equal(frames, want) {
			t.Errorf("%s: frames allowed from %q, want %q", what, frames, want)
		}
		// Images: the site's, https (linked photos), data: (inline
		// icons) and blob: (a photo's preview while it uploads), nothing else.
		images := csp["img-src"]
		slices.Sort(images)
		if want := []string{"'self'", "blob:", "data:", "https:"}; !slices.Equal(images, want) {
			t.Errorf("%s: images allowed from %q, want %q", what, images, want)
		}
		scripts := csp["script-src"]
		if scripts == nil {
			scripts = csp["default-src"]
		}
		if !slices.Equal(scripts, []string{"'self'"}) {
			t.Errorf("%s: scripts allowed from %q, want only 'self'", what, scripts)
		}
		if _, ok := csp["script-src-elem"]; ok {
			t.Errorf("%s: script-src-elem widens script-src: %q", what, csp["script-src-elem"])
		}
		if !slices.Equal(csp["frame-ancestors"], []string{"'none'"}) {
			t.Errorf("%s: frame-ancestors %q, want 'none'", what, csp["frame-ancestors"])
		}
		if !slices.Equal(csp["object-src"], []string{"'none'"}) {
			t.Errorf("%s: object-src %q, want 'none'", what, csp["object-src"])
		}
	}
}

// TestAdminNoStoreOnUnroutedAnswers wants no-store on the answers under
// /api/admin/ that no admin handler writes: a method the path does not
// serve (405) and an unknown address (404).
func TestAdminNoStoreOnUnroutedAnswers(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{})
	p := s.Property("Casa", "casa")
	for _, r := range [][2]string{{"PATCH", "/api/admin/properties/" + p.ID}, {"GET", "/api/admin/nada"}} {
		w := s.Admin(r[0], r[1], nil)
		if got := w.Header().Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s %s (%d): Cache-Control %q, want no-store", r[0], r[1], w.Code, got)
		}
	}
}

// ---------------------------------------------------------------------------
// Request body limits.

// padTo pads a JSON body with trailing white space (which JSON allows) to
// exactly n bytes.
func padTo(t *testing.T, body any, n int) []byte {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) > n {
		t.Fatalf("body of %d bytes is over %d already", len(raw), n)
	}
	return append(raw, bytes.Repeat([]byte(" "), n-len(raw))...)
}

// chunked hides a body's length, as a chunked upload does.
type chunked struct{ r *bytes.Reader }

func (c chunked) Read(p []byte) (int, error) { return c.r.Read(p) }

// TestBodyLimits sends bodies of exactly the limit, which are read, and of
// one byte more, which are refused with 413 and a JSON error: 64 KiB on
// public routes, 1 MiB on admin routes, with and without a Content-Length.
func TestBodyLimits(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{CacheBytes: 8 << 20})
	p := s.Property("Casa com quintal", "casa-com-quintal")
	const tooLarge = "Corpo da requisição muito grande"
	cases := []struct {
		name, method, path string
		body               func(n int) any // the n-th body of the case
		limit              int
		ok                 int
	}{
		{"contact", "POST", "/api/v1/properties/" + p.Slug + "/contact",
			func(int) any { return contactBody("Ana Souza") }, 64 << 10, http.StatusCreated},
		{"admin create", "POST", "/api/admin/properties", func(n int) any {
			return map[string]any{"title": fmt.Sprintf("Casa grande %d", n), "price": "1.00", "type": "venda",
				"subtype": map[string]any{"name": "Casa"}, "city": map[string]any{"name": "Palhoça", "state": "SC"},
				"neighborhood": map[string]any{"name": "Pedra Branca"}}
		}, 1 << 20, http.StatusCreated},
		{"admin update", "PUT", "/api/admin/properties/" + p.ID,
			func(n int) any { return map[string]any{"description": fmt.Sprintf("Casa ampla %d.", n)} }, 1 << 20, http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			for _, hidden := range []bool{false, true} {
				for _, size := range []int{c.limit, c.limit + 1} {
					n++
					body := padTo(t, c.body(n), size)
					r := httpapi.NewRequest(t, c.method, c.path, body)
					if hidden {
						r.Body, r.ContentLength = io.NopCloser(chunked{bytes.NewReader(body)}), -1
					}
					if c.name != "contact" {
						r.Header.Set("Authorization", "Bearer "+s.Token)
					}
					if size > c.limit {
						r.Header.Set(httpapi.BadInputHeader, "1") // over the limit on purpose
					}
					w := s.Serve(r)
					what := fmt.Sprintf("%d bytes (length hidden: %v)", size, hidden)
					if size > c.limit {
						wantError(t, what, w, http.StatusRequestEntityTooLarge, tooLarge)
						continue
					}
					wantStatus(t, what, w, c.ok)
				}
			}
		})
	}
}

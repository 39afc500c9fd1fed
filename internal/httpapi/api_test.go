package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// env is the service on a real SQLite database, with an admin token,
// served on a loopback listener: a stack (see httpapi.Harness) whose
// requests answer a response.
type env struct {
	*stack
	url string // the server's address, for requests made by hand
}

// newEnv starts the service over the network, with an 8 MiB cache unless
// cfg sets one.
func newEnv(t *testing.T, cfg httpapi.Config) *env {
	t.Helper()
	if cfg.CacheBytes == 0 {
		cfg.CacheBytes = 8 << 20
	}
	s := httpapi.Harness{Network: true, Config: cfg}.Start(t)
	return &env{s, s.Net.URL}
}

// badInput returns e for requests that break the API document on purpose
// (see httpapi.Stack.BadInput).
func (e *env) badInput() *env { return &env{e.stack.BadInput(), e.url} }

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, r.body)
	}
	return m
}

// do sends a request; body is sent as is when it is a string or []byte,
// else as JSON.
func (e *env) do(method, path string, body any, headers ...string) response {
	e.T.Helper()
	w := e.Call(method, path, body, headers...)
	return response{w.Code, w.Header(), w.Body.Bytes()}
}

func (e *env) admin(method, path string, body any) response {
	e.T.Helper()
	return e.do(method, path, body, "Authorization", "Bearer "+e.Token)
}

func (e *env) create(u listing.PropertyUpdate) listing.Property {
	e.T.Helper()
	p, err := e.Store.CreateProperty(context.Background(), u)
	if err != nil {
		e.T.Fatal(err)
	}
	return p
}

func expect(t *testing.T, r response, status int, body string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	if body != "" && strings.TrimSpace(string(r.body)) != body {
		t.Fatalf("body %s, want %s", r.body, body)
	}
}

const notFound = `{"error":"Imóvel não encontrado"}`

func TestDetailBothPaths(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Apartamento Vista Mar"))
	for _, path := range []string{"/api/v1/properties/", "/api/properties/"} {
		r := e.do("GET", path+p.Slug, nil)
		expect(t, r, 200, "")
		if ct := r.header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("Content-Type %q", ct)
		}
		var doc map[string]json.RawMessage
		json.Unmarshal(r.body, &doc)
		want := map[string]string{
			"id": `"` + p.ID + `"`, "title": `"Apartamento Vista Mar"`, "slug": `"apartamento-vista-mar"`,
			"code": `"AP-0042"`, "price": `"450000.00"`, "condo_fee": `"850.50"`, "type": `"venda"`,
			"bedrooms": "3", "bathrooms": "2", "parking_spots": "1", "area_m2": "98.5", "is_featured": "true",
			"video_url": "null", "video_position": `"section"`,
			"neighborhood": `{"id":` + itoa(p.Neighborhood.ID) + `,"name":"Centro","slug":"centro"}`,
			"city":         `{"id":` + itoa(p.City.ID) + `,"name":"Florianópolis","slug":"florianopolis","state":"SC"}`,
			"subtype":      `{"id":` + itoa(p.Subtype.ID) + `,"name":"Apartamento","slug":"apartamento"}`,
			"photos": `[{"url":"https://img.example.com/ap42/sala.jpg","alt_text":"Sala de estar","display_order":0,"width":null,"height":null,"srcset":null},` +
				`{"url":"https://img.example.com/ap42/varanda.jpg","alt_text":"Varanda gourmet","display_order":1,"width":null,"height":null,"srcset":null}]`,
		}
		for k, v := range want {
			if string(doc[k]) != v {
				t.Errorf("%s%s: %s = %s, want %s", path, p.Slug, k, doc[k], v)
			}
		}
		if len(doc) != 21+16+1+1 {
			t.Errorf("%d fields, want the 21 of the spec, the 16 of the listing model, the broker and the map's location: %s", len(doc), r.body)
		}
		for _, hidden := range []string{"is_active", "created_at", "updated_at"} {
			if _, ok := doc[hidden]; ok {
				t.Errorf("public detail shows %s", hidden)
			}
		}
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestDetailEmptyListsAndDefaults(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	u := storetest.Apartment("Terreno")
	u.Photos, u.Amenities, u.CondoFee, u.Code = nil, nil, nil, nil
	e.create(u)
	r := e.do("GET", "/api/v1/properties/terreno", nil)
	expect(t, r, 200, "")
	for _, frag := range []string{`"photos":[]`, `"amenities":[]`, `"condo_fee":null`, `"code":null`, `"video_url":null`, `"video_position":"section"`} {
		if !bytes.Contains(r.body, []byte(frag)) {
			t.Errorf("body lacks %s: %s", frag, r.body)
		}
	}
}

func TestDetailNotFound(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	e.create(storetest.Apartment("Casa Azul"))
	hidden := storetest.Apartment("Casa Inativa")
	hidden.IsActive = storetest.Ptr(false)
	e.create(hidden)
	for _, path := range []string{"nao-existe", "casa-inativa", "Casa-Azul", "CASA-AZUL", "casa%2Fazul", "casa/azul", "casa_azul",
		"casa%20azul", "casa-azul%00", "%C3%A7", "", "casa-azul/fotos", strings.Repeat("a", 500)} {
		for _, prefix := range []string{"/api/v1/properties/", "/api/properties/"} {
			r := e.badInput().do("GET", prefix+path, nil)
			expect(t, r, 404, notFound)
		}
	}
	expect(t, e.do("GET", "/api/v1/properties/casa-azul", nil), 200, "")
}

func TestDetailConditionalAndCompressed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	e.create(storetest.Apartment("Casa com ETag"))
	r := e.do("GET", "/api/v1/properties/casa-com-etag", nil)
	etag := r.header.Get("ETag")
	if etag == "" || r.header.Get("Cache-Control") == "" {
		t.Fatalf("no ETag or Cache-Control: %v", r.header)
	}
	r2 := e.do("GET", "/api/v1/properties/casa-com-etag", nil, "If-None-Match", etag)
	expect(t, r2, 304, "")
	if len(r2.body) != 0 {
		t.Errorf("304 with a body: %q", r2.body)
	}
}

func lead(name, email, phone, message string) map[string]any {
	m := map[string]any{"name": name, "email": email, "message": message}
	if phone != "-" {
		m["phone"] = phone
	}
	return m
}

func TestContactCreatesLeads(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa para Visitar"))
	body := lead("  Maria Souza  ", "maria@example.com.br", "", "Gostaria de agendar uma visita no sábado.")
	body["utm_source"] = "ignored"
	first := e.do("POST", "/api/v1/properties/"+p.Slug+"/contact", body)
	expect(t, first, 201, "")
	second := e.do("POST", "/api/v1/properties/"+p.Slug+"/contact", body)
	expect(t, second, 201, "")
	a, b := first.json(t), second.json(t)
	if a["message"] != "Mensagem enviada com sucesso!" || len(a) != 2 {
		t.Errorf("201 body = %s", first.body)
	}
	if _, isNumber := a["id"].(float64); !isNumber || a["id"] == b["id"] {
		t.Errorf("ids %v and %v: want two distinct integers", a["id"], b["id"])
	}
	page, err := e.Store.Leads(context.Background(), store.LeadFilter{PropertyID: p.ID, Page: 1, PerPage: 10})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 2 {
		t.Fatalf("%d leads stored, want 2", page.Total)
	}
	l := page.Items[0]
	if l.Name != "Maria Souza" || l.Phone != "" || l.PropertyID != p.ID || l.Email != "maria@example.com.br" {
		t.Errorf("stored lead = %+v", l)
	}
}

func TestContactNotFound(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	hidden := storetest.Apartment("Casa Inativa")
	hidden.IsActive = storetest.Ptr(false)
	e.create(hidden)
	e.create(storetest.Apartment("Casa Azul"))
	good := lead("Maria", "maria@example.com", "-", "Quero visitar o imóvel.")
	for _, slug := range []string{"nao-existe", "casa-inativa", "Casa-Azul"} {
		expect(t, e.badInput().do("POST", "/api/v1/properties/"+slug+"/contact", good), 404, notFound)
	}
	page, _ := e.Store.Leads(context.Background(), store.LeadFilter{Page: 1, PerPage: 10})
	if page.Total != 0 {
		t.Errorf("%d leads stored for missing properties", page.Total)
	}
}

func TestContactValidationEdges(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa Validada"))
	path := "/api/v1/properties/" + p.Slug + "/contact"
	okMsg := "Mensagem ok"    // 11 characters
	ten := "0123456789"       // 10
	ten2 := "ççççççççç" + "ã" // 10 characters, 20 bytes
	cases := []struct {
		name      string
		body      map[string]any
		badFields []string // empty: 201
	}{
		{"name 1 char", lead("M", "m@example.com", "-", okMsg), []string{"name"}},
		{"name 2 chars", lead("Mo", "m@example.com", "-", okMsg), nil},
		{"name 2 multi-byte chars", lead("Zé", "m@example.com", "-", okMsg), nil},
		{"name 1 char after trimming", lead("  M  ", "m@example.com", "-", okMsg), []string{"name"}},
		{"name 150 chars", lead(strings.Repeat("a", 150), "m@example.com", "-", okMsg), nil},
		{"name 150 multi-byte chars", lead(strings.Repeat("ã", 150), "m@example.com", "-", okMsg), nil},
		{"name 151 chars", lead(strings.Repeat("a", 151), "m@example.com", "-", okMsg), []string{"name"}},
		{"name 151 multi-byte chars", lead(strings.Repeat("ã", 151), "m@example.com", "-", okMsg), []string{"name"}},
		{"message 9 chars", lead("Maria", "m@example.com", "-", ten[:9]), []string{"message"}},
		{"message 10 chars", lead("Maria", "m@example.com", "-", ten), nil},
		{"message 10 multi-byte chars", lead("Maria", "m@example.com", "-", ten2), nil},
		{"message 2000 chars", lead("Maria", "m@example.com", "-", strings.Repeat("x", 2000)), nil},
		{"message 2000 multi-byte chars", lead("Maria", "m@example.com", "-", strings.Repeat("ç", 2000)), nil},
		{"message 2001 chars", lead("Maria", "m@example.com", "-", strings.Repeat("x", 2001)), []string{"message"}},
		{"message padded to 9", lead("Maria", "m@example.com", "-", "   "+ten[:9]+"   "), []string{"message"}},
		{"phone 20 chars", lead("Maria", "m@example.com", strings.Repeat("9", 20), okMsg), nil},
		{"phone 20 multi-byte chars", lead("Maria", "m@example.com", strings.Repeat("é", 20), okMsg), nil},
		{"phone 21 chars", lead("Maria", "m@example.com", strings.Repeat("9", 21), okMsg), []string{"phone"}},
		{"phone null", map[string]any{"name": "Maria", "email": "m@example.com", "phone": nil, "message": okMsg}, nil},
		{"email display name", lead("Maria", "Maria <m@example.com>", "-", okMsg), []string{"email"}},
		{"email no dot", lead("Maria", "m@localhost", "-", okMsg), []string{"email"}},
		{"email no at", lead("Maria", "maria.example.com", "-", okMsg), []string{"email"}},
		{"email too long", lead("Maria", strings.Repeat("a", 243)+"@example.com", "-", okMsg), []string{"email"}},
		{"email 254", lead("Maria", strings.Repeat("a", 64)+"@"+strings.Repeat("b", 63)+"."+strings.Repeat("c", 63)+"."+strings.Repeat("d", 57)+".com", "-", okMsg), nil},
		{"everything wrong", lead("", "x", strings.Repeat("9", 21), ""), []string{"name", "email", "phone", "message"}},
		{"missing fields", map[string]any{}, []string{"name", "email", "message"}},
		{"wrong types", map[string]any{"name": 5, "email": true, "phone": 3, "message": []int{1}}, []string{"name", "email", "phone", "message"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if len(c.badFields) == 0 {
				expect(t, e.do("POST", path, c.body), 201, "")
				return
			}
			r := e.badInput().do("POST", path, c.body)
			expect(t, r, 422, "")
			m := r.json(t)
			if m["error"] != "Dados inválidos" {
				t.Errorf("error = %v", m["error"])
			}
			details, _ := m["details"].(map[string]any)
			if len(details) != len(c.badFields) {
				t.Errorf("details %v, want exactly %v", details, c.badFields)
			}
			for _, f := range c.badFields {
				msgs, _ := details[f].([]any)
				if len(msgs) == 0 {
					t.Errorf("no message for %s: %s", f, r.body)
				}
				for _, msg := range msgs {
					if s, _ := msg.(string); s == "" {
						t.Errorf("%s: message %v is not a non-empty string", f, msg)
					}
				}
			}
		})
	}
}

func TestContactBodyNotAnObject(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	for _, body := range []string{"", "null", "[]", `"texto"`, "42", "{", `{"name":"Maria"`, `{} {}`, `{"a":1}x`, "\xff\xfe", "nome=Maria"} {
		r := e.badInput().do("POST", "/api/v1/properties/"+p.Slug+"/contact", body)
		expect(t, r, 422, "")
		m := r.json(t)
		if d, _ := m["details"].(map[string]any); d["body"] == nil || m["error"] != "Dados inválidos" {
			t.Errorf("body %q: %s", body, r.body)
		}
	}
}

func TestAdminRequiresToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	routes := [][2]string{
		{"GET", "/api/admin/properties"}, {"POST", "/api/admin/properties"},
		{"GET", "/api/admin/properties/" + p.ID}, {"PUT", "/api/admin/properties/" + p.ID},
		{"DELETE", "/api/admin/properties/" + p.ID}, {"GET", "/api/admin/leads"}, {"GET", "/api/admin/leads.csv"},
	}
	for _, rt := range routes {
		for _, auth := range []string{"", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer vt_errado", "Bearer " + e.Token + "x", e.Token} {
			var r response
			if auth == "" {
				r = e.badInput().do(rt[0], rt[1], `{}`)
			} else {
				r = e.badInput().do(rt[0], rt[1], `{}`, "Authorization", auth)
			}
			expect(t, r, 401, `{"error":"Não autorizado"}`)
			if !strings.HasPrefix(r.header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("%s %s: WWW-Authenticate %q", rt[0], rt[1], r.header.Get("WWW-Authenticate"))
			}
		}
	}
	if _, err := e.Store.Property(context.Background(), p.ID); err != nil {
		t.Errorf("property gone after unauthorized requests: %v", err)
	}
}

func TestAdminVideoRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa com Vídeo"))
	put := func(body any) map[string]any {
		t.Helper()
		r := e.admin("PUT", "/api/admin/properties/"+p.ID, body)
		expect(t, r, 200, "")
		return r.json(t)
	}
	public := func() map[string]any {
		t.Helper()
		return e.do("GET", "/api/v1/properties/"+p.Slug, nil).json(t)
	}
	// Rule 2: surrounding white space is stripped.
	got := put(map[string]any{"video_url": "  https://www.youtube.com/watch?v=dQw4w9WgXcQ \t", "video_position": "carousel"})
	if got["video_url"] != "https://www.youtube.com/watch?v=dQw4w9WgXcQ" || got["video_position"] != "carousel" {
		t.Errorf("rule 2: %v %v", got["video_url"], got["video_position"])
	}
	// Rule 4: the response has the property fields with the stored values.
	for _, k := range []string{"id", "title", "slug", "price", "photos", "amenities", "is_active", "created_at", "updated_at"} {
		if _, ok := got[k]; !ok {
			t.Errorf("rule 4: response lacks %s", k)
		}
	}
	if pub := public(); pub["video_url"] != got["video_url"] || pub["video_position"] != "carousel" {
		t.Errorf("public read after update: %v %v", pub["video_url"], pub["video_position"])
	}
	// Rule 3: neither given, neither changes.
	got = put(map[string]any{"title": "Casa com Vídeo Novo"})
	if got["video_url"] != "https://www.youtube.com/watch?v=dQw4w9WgXcQ" || got["video_position"] != "carousel" {
		t.Errorf("rule 3: %v %v", got["video_url"], got["video_position"])
	}
	// Only the position.
	got = put(map[string]any{"video_position": "section"})
	if got["video_url"] == nil || got["video_position"] != "section" {
		t.Errorf("position alone: %v %v", got["video_url"], got["video_position"])
	}
	// Rule 1: "" removes the video; so does null.
	got = put(map[string]any{"video_url": ""})
	if got["video_url"] != nil || got["video_position"] != "section" {
		t.Errorf("rule 1: %v", got["video_url"])
	}
	if pub := public(); pub["video_url"] != nil {
		t.Errorf("rule 1, public read: %v", pub["video_url"])
	}
	put(map[string]any{"video_url": "https://vimeo.com/76979871"})
	if got = put(map[string]any{"video_url": nil}); got["video_url"] != nil {
		t.Errorf("null: %v", got["video_url"])
	}
	if got = put(map[string]any{"video_url": "   "}); got["video_url"] != nil {
		t.Errorf("blank: %v", got["video_url"])
	}
	// Any string is accepted, up to 2048 characters.
	long := "https://cdn.example.com/" + strings.Repeat("v", 2048-len("https://cdn.example.com/"))
	if got = put(map[string]any{"video_url": long}); got["video_url"] != long {
		t.Errorf("2048 characters refused")
	}
	for _, bad := range []map[string]any{
		{"video_url": long + "v"},
		{"video_position": "topo"},
		{"video_position": ""},
		{"video_position": nil},
		{"video_position": "Carousel"},
		{"video_url": 42},
	} {
		r := e.badInput().admin("PUT", "/api/admin/properties/"+p.ID, bad)
		expect(t, r, 422, "")
		m := r.json(t)
		d, _ := m["details"].(map[string]any)
		for k := range bad {
			if d[k] == nil {
				t.Errorf("%v: no details.%s in %s", bad, k, r.body)
			}
		}
	}
	if got := public(); got["video_url"] != long || got["video_position"] != "section" {
		t.Errorf("a refused update changed the property: %v %v", got["video_url"], got["video_position"])
	}
}

func TestAdminCRUD(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	body := map[string]any{
		"title": "Sobrado no Itacorubi", "price": "780000.00", "condo_fee": 450, "type": "venda",
		"bedrooms": 3, "bathrooms": 2, "parking_spots": 2, "area_m2": 180.25, "is_featured": false,
		"description": "Sobrado com quintal.", "code": "SOB-7",
		"subtype": map[string]any{"name": "Sobrado"}, "city": map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Itacorubi"},
		"amenities":    []map[string]any{{"name": "Churrasqueira", "group": "lazer"}, {"name": "Quintal", "group": "caracteristica"}},
		"photos":       []map[string]any{{"url": "https://img.example.com/s1.jpg", "alt_text": "Fachada"}, {"url": "https://img.example.com/s2.jpg"}},
	}
	r := e.admin("POST", "/api/admin/properties", body)
	expect(t, r, 201, "")
	created := r.json(t)
	id, _ := created["id"].(string)
	if created["slug"] != "sobrado-no-itacorubi" || created["condo_fee"] != "450.00" || created["is_active"] != true ||
		created["video_position"] != "section" || r.header.Get("Location") != "/api/admin/properties/"+id {
		t.Errorf("created = %s (Location %q)", r.body, r.header.Get("Location"))
	}
	expect(t, e.admin("POST", "/api/admin/properties", body), 409, "")
	body["slug"] = "Sobrado Novo"
	r = e.badInput().admin("POST", "/api/admin/properties", body)
	expect(t, r, 422, "")
	if d := r.json(t)["details"].(map[string]any); d["slug"] == nil {
		t.Errorf("invalid slug: %s", r.body)
	}
	delete(body, "slug")
	body["titel"] = "typo"
	r = e.badInput().admin("POST", "/api/admin/properties", body)
	expect(t, r, 422, "")
	if d := r.json(t)["details"].(map[string]any); d["titel"] == nil {
		t.Errorf("unknown field: %s", r.body)
	}

	expect(t, e.admin("GET", "/api/admin/properties/"+id, nil), 200, "")
	for _, bad := range []string{"nao-e-uuid", "0190f0a0-0000-7000-8000-000000000000", "%27%20OR%201%3D1"} {
		expect(t, e.badInput().admin("GET", "/api/admin/properties/"+bad, nil), 404, notFound)
		expect(t, e.badInput().admin("PUT", "/api/admin/properties/"+bad, map[string]any{"title": "x"}), 404, notFound)
		expect(t, e.badInput().admin("DELETE", "/api/admin/properties/"+bad, nil), 404, notFound)
	}
	// Deactivate: the admin still sees it, the public does not.
	expect(t, e.admin("PUT", "/api/admin/properties/"+id, map[string]any{"is_active": false}), 200, "")
	expect(t, e.do("GET", "/api/v1/properties/sobrado-no-itacorubi", nil), 404, notFound)
	list := e.admin("GET", "/api/admin/properties", nil).json(t)
	if list["total"] != 1.0 || list["items"].([]any)[0].(map[string]any)["is_active"] != false {
		t.Errorf("admin list: %v", list)
	}
	if pub := e.do("GET", "/api/v1/properties", nil).json(t); pub["total"] != 0.0 {
		t.Errorf("public list shows an inactive property: %v", pub)
	}
	expect(t, e.admin("PUT", "/api/admin/properties/"+id, map[string]any{"is_active": true}), 200, "")

	// Delete keeps the lead.
	expect(t, e.do("POST", "/api/v1/properties/sobrado-no-itacorubi/contact", lead("Ana", "ana@example.com", "-", "Tenho interesse no sobrado.")), 201, "")
	expect(t, e.admin("DELETE", "/api/admin/properties/"+id, nil), 204, "")
	expect(t, e.admin("GET", "/api/admin/properties/"+id, nil), 404, notFound)
	expect(t, e.do("GET", "/api/v1/properties/sobrado-no-itacorubi", nil), 404, notFound)
	leads := e.admin("GET", "/api/admin/leads", nil).json(t)
	items := leads["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["property_id"] != nil || items[0].(map[string]any)["name"] != "Ana" {
		t.Errorf("leads after delete: %v", leads)
	}
}

func TestAdminUpdateTypeErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	r := e.badInput().admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{
		"price": "R$ 10", "bedrooms": 2.5, "area_m2": "grande", "is_featured": "sim", "city": "Floripa",
		"photos": map[string]any{}, "amenities": []any{"Piscina"}, "title": nil,
	})
	expect(t, r, 422, "")
	d := r.json(t)["details"].(map[string]any)
	for _, f := range []string{"price", "bedrooms", "area_m2", "is_featured", "city", "photos", "amenities[0]", "title"} {
		if d[f] == nil {
			t.Errorf("no details.%s: %s", f, r.body)
		}
	}
	for _, body := range []string{"[]", "null", "{", ""} {
		expect(t, e.badInput().admin("PUT", "/api/admin/properties/"+p.ID, body), 422, "")
	}
}

func TestLeadsCSV(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	expect(t, e.do("POST", "/api/v1/properties/"+p.Slug+"/contact", lead("=HYPERLINK(\"x\")", "ana@example.com", "-", "Mensagem com, vírgula e \"aspas\".")), 201, "")
	r := e.admin("GET", "/api/admin/leads.csv", nil)
	expect(t, r, 200, "")
	if !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") || r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", r.header)
	}
	lines := strings.Split(strings.TrimSpace(string(r.body)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], `'=HYPERLINK`) || !strings.Contains(lines[1], `"Mensagem com, vírgula e ""aspas""."`) {
		t.Errorf("CSV:\n%s", r.body)
	}
}

func TestPublicList(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	for _, title := range []string{"Um", "Dois", "Três"} {
		e.create(storetest.Apartment("Casa " + title))
	}
	r := e.do("GET", "/api/v1/properties?per_page=2&page=2", nil)
	expect(t, r, 200, "")
	m := r.json(t)
	if m["total"] != 3.0 || m["page"] != 2.0 || m["per_page"] != 2.0 || len(m["items"].([]any)) != 1 {
		t.Errorf("page 2: %s", r.body)
	}
	item := m["items"].([]any)[0].(map[string]any)
	if item["title"] != "Casa Um" || item["cover"].(map[string]any)["alt_text"] != "Sala de estar" {
		t.Errorf("oldest last, with cover: %v", item)
	}
	for _, q := range []string{"per_page=51", "per_page=0", "page=0", "page=x", "per_page=-1"} {
		expect(t, e.badInput().do("GET", "/api/v1/properties?"+q, nil), 422, "")
	}
}

func TestAPIErrorsAreJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	for _, c := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/api/nada", 404, ""},
		{"GET", "/api/v2/properties/x", 404, ""},
		{"POST", "/api/admin/nada", 404, ""},
		{"DELETE", "/api/v1/properties/casa", 405, "GET, HEAD"},
		{"PUT", "/api/v1/properties/casa/contact", 405, "POST"},
		{"GET", "/api/v1/properties/casa/contact", 405, "POST"},
		{"PATCH", "/api/admin/properties/x", 405, "DELETE, GET, HEAD, PUT"},
		{"POST", "/api/v1/properties", 405, "GET, HEAD"},
	} {
		r := e.do(c.method, c.path, nil)
		if r.status != c.status || r.header.Get("Allow") != c.allow {
			t.Errorf("%s %s: %d Allow %q, want %d %q", c.method, c.path, r.status, r.header.Get("Allow"), c.status, c.allow)
		}
		if m := r.json(t); m["error"] == "" || m["error"] == nil {
			t.Errorf("%s %s: %s", c.method, c.path, r.body)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: no nosniff", c.method, c.path)
		}
	}
}

func TestOpenAPIIsServed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	r := e.do("GET", "/api/openapi.json", nil)
	expect(t, r, 200, "")
	if m := r.json(t); m["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v", m["openapi"])
	}
}

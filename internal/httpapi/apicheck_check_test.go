package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// failures is a testing.TB that records the checker's failures instead of
// failing the test.
type failures struct {
	testing.TB
	got []string
}

func (f *failures) Errorf(format string, args ...any) {
	f.got = append(f.got, fmt.Sprintf(format, args...))
}

// TestCheckerCatches makes sure the document checker would see a wrong
// exchange: each case is a handler answering one request, and whether the
// checker must fail it.
func TestCheckerCatches(t *testing.T) {
	t.Parallel()
	const id = "0190f0a0-0000-7000-8000-000000000000"
	detail := `{"id":"` + id + `","title":"Casa","slug":"casa","code":null,"description":null,"address":null,` +
		`"price":"1.00","condo_fee":null,"type":"venda","bedrooms":1,"bathrooms":1,"parking_spots":0,"area_m2":50,` +
		`"is_featured":false,"subtype":{"id":1,"name":"Casa","slug":"casa"},"city":{"id":1,"name":"Palhoça","slug":"palhoca","state":"SC"},` +
		`"neighborhood":{"id":1,"name":"Centro","slug":"centro"},"photos":[],"amenities":[],"video_url":null,"video_position":"section",` +
		`"rent_price":null,"rent_period":null,"iptu":null,"iptu_period":null,"status":"disponivel","suites":0,"useful_area_m2":null,"total_area_m2":null,` +
		`"floor":null,"year_built":null,"address_visibility":"all","cep":null,"street":null,"number":null,"latitude":null,"longitude":null,"location":null,"broker":null}`
	answer := func(status int, body string, headers ...string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("X-Request-Id", "abc")
			h.Set("Content-Type", "application/json; charset=utf-8")
			for i := 0; i+1 < len(headers); i += 2 {
				h.Set(headers[i], headers[i+1])
			}
			w.WriteHeader(status)
			w.Write([]byte(body))
		}
	}
	cached := []string{"Etag", `W/"x"`, "Cache-Control", "public, max-age=0, s-maxage=30, stale-while-revalidate=30", "Vary", "Accept-Encoding"}
	contact := `{"name":"Ana Souza","email":"ana@example.com","message":"Quero visitar o imóvel."}`
	for _, c := range []struct {
		name         string
		method, path string
		body         string
		headers      []string
		h            http.HandlerFunc
		fails        bool
	}{
		{"a good detail", "GET", "/api/v1/properties/casa", "", nil, answer(200, detail, cached...), false},
		{"HEAD of a good detail", "HEAD", "/api/v1/properties/casa", "", nil, answer(200, "", cached...), false},
		{"a detail without its ETag", "GET", "/api/v1/properties/casa", "", nil, answer(200, detail, cached[2:]...), true},
		{"a detail lacking a field", "GET", "/api/v1/properties/casa", "", nil, answer(200, strings.Replace(detail, `"code":null,`, "", 1), cached...), true},
		{"a detail with a price of one decimal", "GET", "/api/v1/properties/casa", "", nil, answer(200, strings.Replace(detail, `"1.00"`, `"1.0"`, 1), cached...), true},
		{"HEAD answered by an undocumented status", "HEAD", "/api/v1/properties/casa", "", nil, answer(418, ""), true},
		{"a 304 without its ETag", "GET", "/api/v1/properties/casa", "", []string{"If-None-Match", `W/"x"`}, answer(304, "", cached[2:]...), true},
		{"an undocumented status", "GET", "/api/v1/properties/casa", "", nil, answer(410, `{"error":"x"}`), true},
		{"an error that is not an Error", "GET", "/api/v1/properties/casa", "", nil, answer(404, `{"erro":"x"}`), true},
		{"a 401 without WWW-Authenticate", "GET", "/api/admin/leads", "", []string{"Authorization", "Bearer x"},
			answer(401, `{"error":"Não autorizado"}`, "Cache-Control", "no-store"), true},
		{"a 405 with the document's methods", "DELETE", "/api/v1/properties/casa", "", nil, answer(405, `{"error":"x"}`, "Allow", "GET, HEAD"), false},
		{"a 405 with other methods", "DELETE", "/api/v1/properties/casa", "", nil, answer(405, `{"error":"x"}`, "Allow", "GET"), true},
		{"an unknown address answered 200", "GET", "/api/nada", "", nil, answer(200, `{}`), true},
		{"an unknown address answered a JSON 404", "GET", "/api/nada", "", nil, answer(404, `{"error":"x"}`), false},
		{"a request the document accepts, refused", "POST", "/api/v1/properties/casa/contact", contact, nil,
			answer(422, `{"error":"Dados inválidos","details":{"name":["x"]}}`), true},
		{"a request that breaks the document", "POST", "/api/v1/properties/casa/contact", `{"name":"A"}`, nil,
			answer(422, `{"error":"Dados inválidos","details":{"name":["x"]}}`), true},
		{"bad input, refused", "POST", "/api/v1/properties/casa/contact", `{"name":"A"}`, []string{BadInputHeader, "1"},
			answer(422, `{"error":"Dados inválidos","details":{"name":["x"]}}`), false},
		{"bad input, with a wrong answer", "POST", "/api/v1/properties/casa/contact", `{"name":"A"}`, []string{BadInputHeader, "1"},
			answer(422, `{"error":"Dados inválidos"}`), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &failures{TB: t}
			var body any
			if c.body != "" {
				body = c.body
			}
			checkedHandler(f, c.h).ServeHTTP(httptest.NewRecorder(), NewRequest(t, c.method, c.path, body, c.headers...))
			if failed := len(f.got) > 0; failed != c.fails {
				t.Errorf("checker failed: %v, want %v; failures: %q", failed, c.fails, f.got)
			}
		})
	}
}

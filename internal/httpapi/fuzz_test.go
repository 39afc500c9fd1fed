package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
)

// fuzzTarget is the service in process on a real SQLite database holding
// one property, casa-fuzz, which it returns. Fuzz inputs are bad input:
// the checker validates the answers alone.
func fuzzTarget(f *testing.F) (*stack, listing.Property) {
	s := httpapi.Harness{}.Start(f)
	return s.BadInput(), s.Property("Casa Fuzz", "casa-fuzz")
}

// checkAnswer fails on a 5xx, an answer that is not a JSON object, or a
// body taken although its text was not the user's (see replacedText).
func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder, body []byte) {
	if rec.Code >= 500 {
		t.Fatalf("status %d for body %q: %s", rec.Code, body, rec.Body)
	}
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("answer is not a JSON object for body %q: %s", body, rec.Body)
	}
	switch rec.Code {
	case http.StatusCreated, http.StatusOK:
		if replacedText(body) {
			t.Fatalf("status %d for body %q, whose text decodes with U+FFFD in place of what was sent", rec.Code, body)
		}
	case http.StatusUnprocessableEntity:
		if m["error"] != "Dados inválidos" || m["details"] == nil {
			t.Fatalf("422 without details for body %q: %s", body, rec.Body)
		}
	default:
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("status %d for body %q: %s", rec.Code, body, rec.Body)
		}
	}
}

// replacedText reports whether decoding body's JSON strings puts U+FFFD
// where the body did not write one (as the character or as \ufffd): its
// text was not valid UTF-8, or escaped half of a surrogate pair.
func replacedText(body []byte) bool {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return false
	}
	written := bytes.Count(body, []byte("\uFFFD")) + bytes.Count(bytes.ToLower(body), []byte(`\ufffd`))
	return countReplacement(v) > written
}

// countReplacement counts U+FFFD in the strings and keys of a decoded value.
func countReplacement(v any) int {
	n := 0
	switch v := v.(type) {
	case string:
		n = strings.Count(v, "\uFFFD")
	case []any:
		for _, x := range v {
			n += countReplacement(x)
		}
	case map[string]any:
		for k, x := range v {
			n += strings.Count(k, "\uFFFD") + countReplacement(x)
		}
	}
	return n
}

// stringInteger reports whether body gives an integer field as a string.
func stringInteger(body []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	for _, name := range []string{"bedrooms", "bathrooms", "parking_spots"} {
		if raw := bytes.TrimSpace(m[name]); len(raw) > 0 && raw[0] == '"' {
			return true
		}
	}
	return false
}

func FuzzContactBody(f *testing.F) {
	s, _ := fuzzTarget(f)
	for _, seed := range []string{
		`{"name":"Maria","email":"maria@example.com","message":"Quero visitar o imóvel."}`,
		`{"name":"Zé","email":"ze@example.com","phone":"","message":"ççççççççç ã"}`,
		`{"name":null,"email":5,"phone":true,"message":[]}`,
		`{"name":"\u0000\u0000","email":"a@b.c","message":"\ud800\udc00 0123456789"}`,
		`[]`, `null`, `"x"`, `{`, `{} {}`, ``, `{"name":"` + string(bytes.Repeat([]byte("ã"), 151)) + `"}`,
		`{"name":"Ana \ud800","email":"ana@example.com","message":"Quero visitar o imóvel."}`,
		"{\"name\":\"Ana\",\"email\":\"ana@example.com\",\"message\":\"Quero visitar \xff o imóvel.\"}",
		`{"name":"Ana \\ud800 \ud83c\udfe0 \ufffd","email":"ana@example.com","message":"Quero visitar o imóvel."}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := s.For(t).Call("POST", "/api/v1/properties/casa-fuzz/contact", body)
		checkAnswer(t, rec, body)
	})
}

func FuzzPropertyUpdateBody(f *testing.F) {
	s, p := fuzzTarget(f)
	for _, seed := range []string{
		`{"video_url":"  https://youtu.be/dQw4w9WgXcQ ","video_position":"carousel"}`,
		`{"video_url":"","title":"Casa Nova"}`,
		`{"price":"1.234","condo_fee":null,"bedrooms":2.5,"area_m2":"x"}`,
		`{"city":{"name":"Joinville","state":"SC"},"neighborhood":{"name":"Centro"}}`,
		`{"photos":[{"url":"https://img.example.com/a.jpg"},{"url":"javascript:alert(1)"}],"amenities":[{"name":"Piscina","group":"lazer"},"x"]}`,
		`{"slug":"casa-fuzz","is_active":false}`,
		`{"titel":"erro de digitação"}`, `[]`, `{"price":1e400}`, `{"bedrooms":99999999999999999999}`,
		`{"bedrooms":"7","bathrooms":2}`, `{"title":"Casa \udc00"}`, "{\"city\":{\"name\":\"Flori\xe9polis\",\"state\":\"SC\"}}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := s.For(t).Admin("PUT", "/api/admin/properties/"+p.ID, body)
		if rec.Code == http.StatusConflict {
			return // a slug another property holds: a fine answer
		}
		checkAnswer(t, rec, body)
		if rec.Code == http.StatusOK && stringInteger(body) {
			t.Fatalf("status 200 for body %q, which gives an integer as a string", body)
		}
	})
}

// FuzzSearchQuery sends any query string to the search: it answers 200
// or a 422 with details, never anything else.
func FuzzSearchQuery(f *testing.F) {
	s, _ := fuzzTarget(f)
	for _, seed := range []string{
		"", "q=casa+fuzz", "q=S%C3%A3o+Jos%C3%A9&business=aluguel&sort=price_asc", "city=florianopolis-sc&neighborhood=centro",
		"price_min=10&price_max=9", "page=417", "q=%FF", "q=%00", "subtype=apartamento&subtype=apartamento&amenity=piscina",
		"bedrooms=99999999999999999999", "foo=bar", "q=a&q=b", "%zz", "q=;", "city=florianopolis-sc&neighborhood=nao-existe",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, path := range []string{"/api/v1/search", "/api/v1/search/places"} {
			r := httpapi.NewRequest(t, http.MethodGet, path, nil)
			r.URL.RawQuery = raw
			rec := s.For(t).Serve(r)
			switch rec.Code {
			case http.StatusOK:
			case http.StatusUnprocessableEntity:
				if !strings.Contains(rec.Body.String(), `"details":{`) {
					t.Fatalf("%s?%s: 422 without details: %s", path, raw, rec.Body)
				}
			default:
				t.Fatalf("%s?%s: %d %s", path, raw, rec.Code, rec.Body)
			}
		}
	})
}

package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// fuzzTarget is the real handler on a real SQLite store with one property.
func fuzzTarget(f *testing.F) (http.Handler, string, string) {
	st := storetest.Open(f, "sqlite", store.Options{})
	p, err := st.CreateProperty(context.Background(), storetest.Apartment("Casa Fuzz"))
	if err != nil {
		f.Fatal(err)
	}
	token, err := st.CreateToken(context.Background(), "fuzz")
	if err != nil {
		f.Fatal(err)
	}
	return httpapi.New(httpapi.Config{Store: st}).Handler(), p.ID, token
}

// checkAnswer fails on a 5xx, or an answer that is not a JSON object.
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

func FuzzContactBody(f *testing.F) {
	h, _, _ := fuzzTarget(f)
	for _, seed := range []string{
		`{"name":"Maria","email":"maria@example.com","message":"Quero visitar o imóvel."}`,
		`{"name":"Zé","email":"ze@example.com","phone":"","message":"ççççççççç ã"}`,
		`{"name":null,"email":5,"phone":true,"message":[]}`,
		`{"name":"\u0000\u0000","email":"a@b.c","message":"\ud800\udc00 0123456789"}`,
		`[]`, `null`, `"x"`, `{`, `{} {}`, ``, `{"name":"` + string(bytes.Repeat([]byte("ã"), 151)) + `"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/v1/properties/casa-fuzz/contact", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		checkAnswer(t, rec, body)
	})
}

func FuzzPropertyUpdateBody(f *testing.F) {
	h, id, token := fuzzTarget(f)
	for _, seed := range []string{
		`{"video_url":"  https://youtu.be/dQw4w9WgXcQ ","video_position":"carousel"}`,
		`{"video_url":"","title":"Casa Nova"}`,
		`{"price":"1.234","condo_fee":null,"bedrooms":2.5,"area_m2":"x"}`,
		`{"city":{"name":"Joinville","state":"SC"},"neighborhood":{"name":"Centro"}}`,
		`{"photos":[{"url":"https://img.example.com/a.jpg"},{"url":"javascript:alert(1)"}],"amenities":[{"name":"Piscina","group":"lazer"},"x"]}`,
		`{"slug":"casa-fuzz","is_active":false}`,
		`{"titel":"erro de digitação"}`, `[]`, `{"price":1e400}`, `{"bedrooms":99999999999999999999}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("PUT", "/api/admin/properties/"+id, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		h.ServeHTTP(rec, req)
		if rec.Code == http.StatusConflict {
			return // a slug another property holds: a fine answer
		}
		checkAnswer(t, rec, body)
	})
}

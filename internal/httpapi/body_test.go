package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestBodyTextNeverReplaced sends bodies whose text is not valid UTF-8, or
// escapes half of a surrogate pair: each is a 422 on the field that holds
// it (on body when no field can be named) and nothing is stored.
// encoding/json alone would store U+FFFD in their place.
func TestBodyTextNeverReplaced(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	contact := "/api/v1/properties/" + p.Slug + "/contact"
	for _, c := range []struct {
		path, body, field string
	}{
		{contact, `{"name":"Ana \ud800","email":"ana@example.com","message":"Quero visitar o imóvel."}`, "name"},
		{contact, `{"name":"Ana","email":"ana@example.com","message":"Quero visitar \udc00 o imóvel."}`, "message"},
		{contact, `{"name":"Ana","email":"ana@example.com","message":"Quero visitar \uD83C o imóvel."}`, "message"},
		{contact, `{"name":"Ana","email":"ana@example.com","message":"Quero visitar \ud83c\u0041 o imóvel."}`, "message"},
		{contact, "{\"name\":\"Ana\",\"email\":\"ana@example.com\",\"message\":\"Quero visitar \xff o imóvel.\"}", "message"},
		{contact, "{\"name\":\"Ana\",\"email\":\"ana@example.com\",\"phone\":\"48 \xe2\x82\",\"message\":\"Quero visitar o imóvel.\"}", "phone"},
		{contact, "{\"name\":\"Ana\",\"email\":\"ana@example.com\",\"message\":\"Quero visitar o imóvel.\",\"utm\":\"\xc0\"}", "utm"},
		{contact, "{\"name\":\"Ana\",\"email\":\"ana@example.com\",\"message\":\"Quero visitar o imóvel.\",\"u\xfftm\":\"x\"}", "body"},
		{contact, `{"name":"Ana","email":"ana@example.com","message":"Quero visitar o imóvel.","\udfff":1}`, "body"},
		{"/api/admin/properties/" + p.ID, "{\"city\":{\"name\":\"Flori\xe9polis\",\"state\":\"SC\"},\"neighborhood\":{\"name\":\"Centro\"}}", "city.name"},
		{"/api/admin/properties/" + p.ID, `{"photos":[{"url":"https://img.example.com/a.jpg"},{"url":"https://img.example.com/b.jpg","alt_text":"Sala \ud800"}]}`, "photos[1].alt_text"},
		{"/api/admin/properties/" + p.ID, `{"title":"Casa \udbff\udbff"}`, "title"},
		{"/api/admin/properties/" + p.ID, "{\"city\":{\"n\xffame\":\"X\",\"state\":\"SC\"}}", "city"},
	} {
		var r response
		if strings.HasPrefix(c.path, "/api/admin/") {
			r = e.badInput().do("PUT", c.path, c.body, "Authorization", "Bearer "+e.Token, "Content-Type", "application/json")
		} else {
			r = e.badInput().do("POST", c.path, c.body, "Content-Type", "application/json")
		}
		expect(t, r, 422, "")
		if d := r.json(t)["details"].(map[string]any); d[c.field] == nil || len(d) != 1 {
			t.Errorf("%q: %s, want one failing field, %s", c.body, r.body, c.field)
		}
	}
	if leads, err := e.Store.Leads(context.Background(), store.LeadFilter{Page: 1, PerPage: 10}); err != nil || leads.Total != 0 {
		t.Errorf("refused bodies stored %d leads (%v)", leads.Total, err)
	}
	if got, err := e.Store.Property(context.Background(), p.ID); err != nil || got.Title != p.Title || got.City.Name != p.City.Name || got.Photos[1].AltText != p.Photos[1].AltText {
		t.Errorf("refused bodies changed the property: %+v (%v)", got, err)
	}

	// A pair of escapes is one character, an escaped backslash is text, and
	// U+FFFD written as such is the user's own.
	r := e.do("POST", contact, `{"name":"Ana \ud83c\udfe0 \\ud800 �","email":"ana@example.com","message":"Quero visitar o imóvel."}`, "Content-Type", "application/json")
	expect(t, r, 201, "")
	leads, err := e.Store.Leads(context.Background(), store.LeadFilter{Page: 1, PerPage: 10})
	if err != nil || leads.Total != 1 || leads.Items[0].Name != `Ana 🏠 \ud800 �` {
		t.Errorf("stored lead: %+v (%v)", leads.Items, err)
	}
}

// TestIntegerFieldsRefuseStrings: an integer field given as a string, a
// fraction or an exponent is a 422 on it, as any other wrong type.
func TestIntegerFieldsRefuseStrings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	for _, body := range []string{
		`{"bedrooms":"7"}`, `{"bathrooms":"2"}`, `{"parking_spots":"1"}`, `{"bedrooms":"-1"}`,
		`{"bedrooms":7.0}`, `{"bedrooms":7e0}`, `{"bedrooms":true}`, `{"bedrooms":[7]}`,
	} {
		r := e.badInput().admin("PUT", "/api/admin/properties/"+p.ID, body)
		expect(t, r, 422, "")
		if d := r.json(t)["details"].(map[string]any); len(d) != 1 {
			t.Errorf("%s: %s, want one failing field", body, r.body)
		}
	}
	create := `{"title":"Casa Nova","price":"100.00","type":"venda","subtype":{"name":"Casa"},` +
		`"city":{"name":"Joinville","state":"SC"},"neighborhood":{"name":"Centro"},"bedrooms":"3"}`
	r := e.badInput().admin("POST", "/api/admin/properties", create)
	expect(t, r, 422, "")
	if d := r.json(t)["details"].(map[string]any); d["bedrooms"] == nil {
		t.Errorf("create with bedrooms as a string: %s", r.body)
	}
	r = e.admin("PUT", "/api/admin/properties/"+p.ID, `{"bedrooms": 7 , "bathrooms":-0}`)
	expect(t, r, 200, "")
	if m := r.json(t); m["bedrooms"] != 7.0 || m["bathrooms"] != 0.0 {
		t.Errorf("numbers: %s", r.body)
	}
}

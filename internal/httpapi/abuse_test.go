package httpapi_test

import (
	"database/sql"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

const msgMediaType = "Tipo de conteúdo não suportado. Envie os dados em JSON (Content-Type: application/json)."

// TestContactRequiresJSON: a contact form must be sent as
// application/json (parameters allowed, the media type in any case); any
// other type, the ones a cross-site HTML form or a simple fetch can send
// included, is a 415 that stores nothing.
func TestContactRequiresJSON(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{})
	bad := s.BadInput()
	casa := s.Property("Casa de praia", "casa-de-praia")
	path := "/api/v1/properties/" + casa.Slug + "/contact"
	body := `{"name":"Ana Souza","email":"ana@example.com","message":"Quero visitar este imóvel."}`

	for _, ct := range []string{"", "text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/jsonx", "application/json-patch+json", "json", "application/json; charset"} {
		r := httpapi.NewRequest(t, "POST", path, body)
		if ct == "" {
			r.Header.Del("Content-Type")
		} else {
			r.Header.Set("Content-Type", ct)
		}
		wantError(t, "Content-Type "+strconv.Quote(ct), bad.Serve(r), http.StatusUnsupportedMediaType, msgMediaType)
	}
	if n := leadCount(s); n != 0 {
		t.Fatalf("%d leads stored from refused content types", n)
	}
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON", "application/json ; charset=UTF-8"} {
		wantStatus(t, "Content-Type "+ct, s.Call("POST", path, body, "Content-Type", ct), http.StatusCreated)
	}
	// The media type is judged before the property: a 415 for any slug.
	wantStatus(t, "unknown property, text/plain", bad.Call("POST", "/api/v1/properties/nao-existe/contact", body,
		"Content-Type", "text/plain"), http.StatusUnsupportedMediaType)
}

// TestJSONBodiesRequireJSON: every route that reads a JSON body, the
// sign-in first, answers 415 to any other Content-Type (those a
// cross-site form or a simple fetch can send included) before the body
// is read: a page elsewhere cannot make its visitors spend a user's
// sign-in attempts, nor check a password. The spec's property update,
// whose contract names no content type, reads any body as JSON.
func TestJSONBodiesRequireJSON(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{SignInLimit: httpapi.Rate{N: 3, Per: time.Hour}, AuthFailLimit: httpapi.Rate{N: 3, Per: time.Hour}})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	p, err := e.st.CreateProperty(t.Context(), storetest.Apartment("Casa de praia"))
	if err != nil {
		t.Fatal(err)
	}
	signIn := `{"email":"ana@imobiliaria.com.br","password":"senha-da-ana-123"}`
	routes := []struct{ method, path, body string }{
		{"POST", "/api/admin/session", signIn},
		{"POST", "/api/v1/properties/" + p.Slug + "/contact", `{"name":"Ana","email":"ana@example.com","message":"Quero visitar."}`},
		{"PATCH", "/api/admin/leads/1", `{"status":"lido"}`},
		{"PUT", "/api/admin/agency", `{}`},
		{"POST", "/api/admin/users", `{"email":"x@y.com","name":"X","password":"senha-longa-123"}`},
		{"POST", "/api/admin/tokens", `{"name":"script"}`},
		{"POST", "/api/admin/properties/" + p.ID + "/photos", `{"url":"https://img.example.com/1.jpg"}`},
		{"PUT", "/api/admin/properties/" + p.ID + "/photos", `{"order":[]}`},
		{"PATCH", "/api/admin/properties/" + p.ID + "/photos/1", `{"alt_text":"Sala"}`},
		{"PUT", "/api/admin/privacy-policy", `{"text":"x"}`},
		{"POST", "/api/admin/privacy/lookup", `{"email":"ana@example.com"}`},
		{"POST", "/api/admin/privacy/export", `{"email":"ana@example.com"}`},
		{"POST", "/api/admin/privacy/anonymize", `{"email":"ana@example.com"}`},
	}
	types := []string{"", "text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/jsonx", "json"}
	for _, rt := range routes {
		for _, ct := range types {
			if strings.HasPrefix(ct, "multipart/") && strings.HasSuffix(rt.path, "/photos") && rt.method == "POST" {
				continue // the photo upload's own form
			}
			r := httpapi.NewRequest(t, rt.method, rt.path, rt.body, "Authorization", "Bearer "+e.token, httpapi.BadInputHeader, "1")
			if rt.path == "/api/admin/session" {
				r.Header.Del("Authorization")
			}
			if ct == "" {
				r.Header.Del("Content-Type")
			} else {
				r.Header.Set("Content-Type", ct)
			}
			r.RemoteAddr = acctHome
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			wantError(t, rt.method+" "+rt.path+" as "+strconv.Quote(ct), w, http.StatusUnsupportedMediaType, msgMediaType)
		}
	}
	if n := e.checks.all.Load(); n != 0 {
		t.Fatalf("%d passwords checked for sign-ins that are not JSON", n)
	}
	// 7 refused sign-ins spent none of the 3 attempts.
	for range 4 {
		e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	}
	wantStatus(t, "sign-in as JSON", e.send("POST", "/api/admin/session", signIn, acctHome, ""), http.StatusCreated)
	upd := httpapi.NewRequest(t, "PUT", "/api/admin/properties/"+p.ID, `{"video_position":"carousel"}`, "Authorization", "Bearer "+e.token, "Content-Type", "text/plain", httpapi.BadInputHeader, "1")
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, upd)
	wantStatus(t, "the spec's update as text/plain", w, http.StatusOK)
}

// TestContactLimitOnlyForExistingProperties: the contact limit is spent
// only on a form about an active property; a form for an unknown or
// inactive property, or one that fails validation, is answered as before
// (404, 422) whatever the client's allowance, and spends none of it.
func TestContactLimitOnlyForExistingProperties(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{ContactLimit: httpapi.Rate{N: 1, Per: time.Hour}})
	casa := s.Property("Casa ativa", "casa-ativa")
	inactive := storetest.Apartment("Casa inativa")
	inactive.IsActive = storetest.Ptr(false)
	if _, err := s.Store.CreateProperty(t.Context(), inactive); err != nil {
		t.Fatal(err)
	}
	const visitor = "203.0.113.7:51000"
	contact := func(slug string) string { return "/api/v1/properties/" + slug + "/contact" }
	for i := range 5 {
		for _, slug := range []string{"nao-existe-" + strconv.Itoa(i), "casa-inativa", "Casa-Ativa"} {
			wantError(t, slug, s.BadInput().From(visitor, "POST", contact(slug), contactBody("Ana Souza")), http.StatusNotFound, "Imóvel não encontrado")
		}
		wantStatus(t, "invalid form", s.BadInput().From(visitor, "POST", contact(casa.Slug), map[string]string{"name": "A"}), http.StatusUnprocessableEntity)
	}
	wantStatus(t, "first form about the active property", s.From(visitor, "POST", contact(casa.Slug), contactBody("Ana Souza")), http.StatusCreated)
	w := s.From(visitor, "POST", contact(casa.Slug), contactBody("Ana Souza"))
	wantError(t, "second form", w, http.StatusTooManyRequests, msgContactLimited)
	wantRetryAfter(t, w, time.Hour)
	// Spent, the allowance does not turn a missing property into a 429.
	wantError(t, "unknown property after the limit", s.From(visitor, "POST", contact("nao-existe"), contactBody("Ana Souza")),
		http.StatusNotFound, "Imóvel não encontrado")
}

// TestContactLimitFollowsTheProperty: the allowance belongs to the
// property, not to the text of its address: renaming the property's slug
// gives its visitors no new allowance.
func TestContactLimitFollowsTheProperty(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{ContactLimit: httpapi.Rate{N: 1, Per: time.Hour}})
	casa := s.Property("Casa renomeada", "casa-antiga")
	const visitor = "203.0.113.7:51000"
	wantStatus(t, "first form", s.From(visitor, "POST", "/api/v1/properties/casa-antiga/contact", contactBody("Ana Souza")), http.StatusCreated)
	wantStatus(t, "rename", s.Admin("PUT", "/api/admin/properties/"+casa.ID, map[string]string{"slug": "casa-nova"}), http.StatusOK)
	w := s.From(visitor, "POST", "/api/v1/properties/casa-nova/contact", contactBody("Ana Souza"))
	wantError(t, "same property under its new slug", w, http.StatusTooManyRequests, msgContactLimited)
}

// TestContactAddressLimit: besides the limit per property, a client
// address has an allowance across all properties; a refused form spends
// neither allowance.
func TestContactAddressLimit(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{
		ContactLimit:        httpapi.Rate{N: 2, Per: time.Hour},
		ContactAddressLimit: httpapi.Rate{N: 3, Per: time.Hour},
	})
	var slugs []string
	for i := range 5 {
		slugs = append(slugs, s.Property("Casa "+strconv.Itoa(i), "casa-"+strconv.Itoa(i)).Slug)
	}
	contact := func(slug string) string { return "/api/v1/properties/" + slug + "/contact" }
	const visitor, other = "203.0.113.7:51000", "198.51.100.20:4000"
	for i := range 3 {
		wantStatus(t, "form "+strconv.Itoa(i), s.From(visitor, "POST", contact(slugs[i]), contactBody("Ana Souza")), http.StatusCreated)
	}
	w := s.From(visitor, "POST", contact(slugs[3]), contactBody("Ana Souza"))
	wantError(t, "fourth property", w, http.StatusTooManyRequests, msgContactLimited)
	wantRetryAfter(t, w, time.Hour)
	// IPv6 clients are counted by their /64, the block one host holds.
	for i := range 3 {
		addr := "[2001:db8:1:2::" + strconv.Itoa(i+1) + "]:4000"
		wantStatus(t, "IPv6 form "+strconv.Itoa(i), s.From(addr, "POST", contact(slugs[i]), contactBody("Ana Souza")), http.StatusCreated)
	}
	wantStatus(t, "IPv6, same /64", s.From("[2001:db8:1:2:ffff::9]:4000", "POST", contact(slugs[4]), contactBody("Ana Souza")), http.StatusTooManyRequests)
	wantStatus(t, "IPv6, another /64", s.From("[2001:db8:1:3::1]:4000", "POST", contact(slugs[4]), contactBody("Ana Souza")), http.StatusCreated)

	// The per-property limit refuses first: that refusal spends nothing
	// of the address's allowance.
	for i := range 2 {
		wantStatus(t, "other client "+strconv.Itoa(i), s.From(other, "POST", contact(slugs[0]), contactBody("Bruno")), http.StatusCreated)
	}
	for range 5 {
		wantStatus(t, "other client, third to one property", s.From(other, "POST", contact(slugs[0]), contactBody("Bruno")), http.StatusTooManyRequests)
	}
	wantStatus(t, "other client, another property", s.From(other, "POST", contact(slugs[1]), contactBody("Bruno")), http.StatusCreated)
	if n := leadCount(s); n != 10 {
		t.Fatalf("%d leads, want 10", n)
	}
}

// TestAdminAuthLimitConcurrent: of bad tokens sent all at once from one
// address, no more than the allowance are answered 401; the rest are
// 429, each failure counted after its check. On PostgreSQL, with
// the token table locked, every check that reaches the database waits
// there until all the requests are either answered or waiting: the count
// of checks does not depend on how the requests happen to interleave.
func TestAdminAuthLimitConcurrent(t *testing.T) {
	t.Parallel()
	const limit, n = 5, 40
	s := httpapi.Harness{Dialect: "postgres", Config: httpapi.Config{AuthFailLimit: httpapi.Rate{N: limit, Per: 5 * time.Minute}}}.Start(t)

	reqs := make([]*http.Request, n)
	for i := range reqs {
		reqs[i] = httpapi.NewRequest(t, "GET", "/api/admin/properties", nil, "Authorization", "Bearer vt_palpite"+strconv.Itoa(i))
		reqs[i].RemoteAddr = "203.0.113.9:" + strconv.Itoa(50000+i)
	}
	answers := serveAtOnce(t, s, "admin_tokens", reqs)

	checked := 0
	for i, w := range answers {
		switch w.Code {
		case http.StatusUnauthorized:
			checked++
		case http.StatusTooManyRequests:
			wantRetryAfter(t, w, 5*time.Minute)
			wantError(t, "request "+strconv.Itoa(i), w, http.StatusTooManyRequests, msgAuthLimited)
		default:
			t.Fatalf("request %d: status %d", i, w.Code)
		}
	}
	if checked != limit {
		t.Fatalf("%d of %d concurrent bad tokens were answered 401, want the allowance, %d", checked, n, limit)
	}
	// A good token from that address is still let in; one from elsewhere
	// spends nothing, however often it is sent.
	wantStatus(t, "good token, same address", s.From("203.0.113.9:1", "GET", "/api/admin/properties", nil, "Authorization", "Bearer "+s.Token), http.StatusOK)
	for range 2 * limit {
		wantStatus(t, "good token", s.From("198.51.100.30:1", "GET", "/api/admin/properties", nil, "Authorization", "Bearer "+s.Token), http.StatusOK)
	}
}

// serveAtOnce sends reqs to s all at once, with table of its PostgreSQL
// database locked until each request is answered or at the database
// (holding a connection or waiting for one), so that every request that
// reads the table is in flight at the same time however they interleave.
func serveAtOnce(t *testing.T, s *httpapi.Stack, table string, reqs []*http.Request) []*httptest.ResponseRecorder {
	t.Helper()
	db, err := sql.Open("pgx", s.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`LOCK TABLE ` + table + ` IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	waitsBefore := s.Store.Stats().WaitCount
	answers := make([]*httptest.ResponseRecorder, len(reqs))
	var answered atomic.Int64
	var wg sync.WaitGroup
	defer wg.Wait()
	for i, r := range reqs {
		wg.Go(func() {
			answers[i] = s.Serve(r)
			answered.Add(1)
		})
	}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		stats := s.Store.Stats()
		if answered.Load()+int64(stats.InUse)+stats.WaitCount-waitsBefore >= int64(len(reqs)) {
			break
		}
		select {
		case <-tick.C:
		case <-t.Context().Done():
			t.Fatal("test ended before the requests settled")
		}
	}
	tx.Rollback()
	wg.Wait()
	return answers
}

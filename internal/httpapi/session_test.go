package httpapi_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/password"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// accountsEnv is the service (the one harness) on a real database (SQLite
// unless newAccountsEnvOn says otherwise) whose clock the test moves, with the harness's admin API token
// ("seguranca") and cheap password hashes (their cost is not under test;
// the count of checks is).
type accountsEnv struct {
	t      *testing.T
	st     *store.Store
	h      http.Handler
	clock  *testclock.Clock
	hasher *password.Hasher
	checks *countingChecker
	token  string
	stack  *httpapi.Stack
}

// countingChecker counts the password checks, and those made for no user.
type countingChecker struct {
	*password.Hasher
	all, unknown atomic.Int64
}

func (c *countingChecker) Check(ctx context.Context, hash, pw string) error {
	c.all.Add(1)
	if hash == "" {
		c.unknown.Add(1)
	}
	return c.Hasher.Check(ctx, hash, pw)
}

func newAccountsEnv(t *testing.T, cfg httpapi.Config) *accountsEnv {
	t.Helper()
	return newAccountsEnvOn(t, "sqlite", cfg)
}

// newAccountsEnvOn is newAccountsEnv on the database of dialect.
func newAccountsEnvOn(t *testing.T, dialect string, cfg httpapi.Config) *accountsEnv {
	t.Helper()
	clock := testclock.New(time.Date(2026, 11, 25, 14, 3, 0, 0, time.UTC))
	hasher := password.New(password.Params{Memory: 64, Time: 1, Threads: 1}, 2)
	checks := &countingChecker{Hasher: hasher}
	cfg.Passwords = checks
	s := httpapi.Harness{Dialect: dialect, Config: cfg, StoreOptions: store.Options{Now: clock.Now}, Solo: true}.Start(t)
	return &accountsEnv{t: t, st: s.Store, h: s.Handler, clock: clock, hasher: hasher, checks: checks, token: s.Token, stack: s}
}

// addUser adds an administrador (the tests written before roles expect
// one); addUserAs any role.
func (e *accountsEnv) addUser(email, name, pw string) listing.User {
	e.t.Helper()
	return e.addUserAs(email, name, pw, listing.RoleAdministrador)
}

func (e *accountsEnv) addUserAs(email, name, pw string, role listing.Role) listing.User {
	e.t.Helper()
	hash, err := e.hasher.Hash(context.Background(), pw)
	if err != nil {
		e.t.Fatal(err)
	}
	u, err := e.st.CreateUser(context.Background(), listing.UserInput{Email: email, Name: name, Password: pw, Role: role}, hash)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// send makes a request from the client address from (host:port) with the
// Bearer token bearer, when not "".
func (e *accountsEnv) send(method, path string, body any, from, bearer string, bad ...bool) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httpapi.NewRequest(e.t, method, path, body)
	r.RemoteAddr = from
	if bearer != "" {
		r.Header.Set("Authorization", "Bearer "+bearer)
	}
	if len(bad) > 0 && bad[0] {
		r.Header.Set(httpapi.BadInputHeader, "1")
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

const acctHome = "192.0.2.10:5000"

func signInBody(email, pw string) map[string]string {
	return map[string]string{"email": email, "password": pw}
}

// signIn signs in from acctHome and returns the session's token.
func (e *accountsEnv) signIn(email, pw string) string {
	e.t.Helper()
	w := e.send("POST", "/api/admin/session", signInBody(email, pw), acctHome, "")
	wantStatus(e.t, "sign in", w, http.StatusCreated)
	var out struct{ Token string }
	json.Unmarshal(w.Body.Bytes(), &out)
	return out.Token
}

func acctDecode(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("not a JSON object: %s", w.Body)
	}
	return m
}

func TestSignInAndMe(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	ana := e.addUser("ana@imobiliaria.com.br", "Ana Souza", "senha-da-ana-123")

	w := e.send("POST", "/api/admin/session", signInBody("  ANA@imobiliaria.com.br", "senha-da-ana-123"), acctHome, "", false)
	wantStatus(t, "sign in", w, http.StatusCreated)
	out := acctDecode(t, w)
	token, _ := out["token"].(string)
	if !regexp.MustCompile(`^vs_[A-Za-z0-9_-]{43}$`).MatchString(token) {
		t.Fatalf("token %q", token)
	}
	if out["expires_at"] != "2026-12-25T14:03:00Z" || acctAt(out, "user", "email") != ana.Email || acctAt(out, "session", "idle_expires_at") != "2026-11-26T02:03:00Z" {
		t.Errorf("sign-in answer %s", w.Body)
	}
	me := acctDecode(t, e.send("GET", "/api/admin/me", nil, acctHome, token))
	if me["kind"] != "user" || me["name"] != "Ana Souza" || acctAt(me, "user", "id") != float64(ana.ID) || acctAt(me, "session", "current") != true {
		t.Errorf("me: %v", me)
	}
	// The session's token opens every admin route.
	wantStatus(t, "admin list with a session", e.send("GET", "/api/admin/properties", nil, acctHome, token), http.StatusOK)
	wantStatus(t, "leads with a session", e.send("GET", "/api/admin/leads", nil, acctHome, token), http.StatusOK)

	// API tokens keep working, and are told apart.
	me = acctDecode(t, e.send("GET", "/api/admin/me", nil, acctHome, e.token))
	if me["kind"] != "token" || me["name"] != "seguranca" || me["user"] != nil || me["session"] != nil {
		t.Errorf("me with an API token: %v", me)
	}
	wantStatus(t, "admin list with an API token", e.send("GET", "/api/admin/properties", nil, acctHome, e.token), http.StatusOK)
}

// A wrong password and an unknown e-mail get the same answer, after the
// same work: a password check each.
func TestSignInRefusalsAreAlike(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	wrong := e.send("POST", "/api/admin/session", signInBody("ana@imobiliaria.com.br", "senha-errada-123"), acctHome, "")
	unknown := e.send("POST", "/api/admin/session", signInBody("bruno@imobiliaria.com.br", "senha-da-ana-123"), acctHome, "")
	for name, w := range map[string]*httptest.ResponseRecorder{"wrong password": wrong, "unknown e-mail": unknown} {
		wantError(t, name, w, http.StatusUnauthorized, "E-mail ou senha incorretos.")
		if w.Header().Get("WWW-Authenticate") == "" {
			t.Errorf("%s: no WWW-Authenticate", name)
		}
	}
	if wrong.Body.String() != unknown.Body.String() {
		t.Errorf("bodies differ: %s / %s", wrong.Body, unknown.Body)
	}
	if all, unk := e.checks.all.Load(), e.checks.unknown.Load(); all != 2 || unk != 1 {
		t.Errorf("%d password checks, %d for no user; want 2 and 1", all, unk)
	}
}

func TestSignInBadInput(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	for _, c := range []struct {
		name   string
		body   any
		fields []string
	}{
		{"empty object", map[string]any{}, []string{"email", "password"}},
		{"wrong types", map[string]any{"email": 12, "password": true}, []string{"email", "password"}},
		{"null password", map[string]any{"email": "ana@imobiliaria.com.br", "password": nil}, []string{"password"}},
		{"not an object", `["ana"]`, []string{"body"}},
	} {
		w := e.send("POST", "/api/admin/session", c.body, acctHome, "", true)
		wantError(t, c.name, w, http.StatusUnprocessableEntity, "Dados inválidos")
		details, _ := acctDecode(t, w)["details"].(map[string]any)
		for _, f := range c.fields {
			if details[f] == nil {
				t.Errorf("%s: no message for %s: %s", c.name, f, w.Body)
			}
		}
	}
	if n := e.checks.all.Load(); n != 0 {
		t.Errorf("%d passwords checked for malformed sign-ins", n)
	}
}

// Sign-ins are limited per e-mail whatever the address, and per address
// whatever the e-mail; a success gives its attempt back.
func TestSignInRateLimits(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{
		SignInLimit:   httpapi.Rate{N: 3, Per: time.Hour},
		AuthFailLimit: httpapi.Rate{N: 4, Per: time.Hour},
	})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	e.addUser("bruno@imobiliaria.com.br", "Bruno", "senha-do-bruno-1")

	// Successes spend nothing.
	for i := range 6 {
		wantStatus(t, "sign-in "+strconv.Itoa(i), e.send("POST", "/api/admin/session", signInBody("bruno@imobiliaria.com.br", "senha-do-bruno-1"), acctHome, ""), http.StatusCreated)
	}
	// Per account: three wrong passwords from three addresses.
	for i := range 3 {
		from := "198.51.100." + strconv.Itoa(i+1) + ":4000"
		wantStatus(t, "wrong password", e.send("POST", "/api/admin/session", signInBody("ana@imobiliaria.com.br", "chute-"+strconv.Itoa(i)+"-errado"), from, ""), http.StatusUnauthorized)
	}
	w := e.send("POST", "/api/admin/session", signInBody("Ana@Imobiliaria.com.br", "senha-da-ana-123"), "198.51.100.9:4000", "")
	wantError(t, "account limit", w, http.StatusTooManyRequests, "Muitas tentativas de acesso. Tente novamente mais tarde.")
	if ra, err := strconv.Atoi(w.Header().Get("Retry-After")); err != nil || ra < 1 || ra > 1200 {
		t.Errorf("Retry-After %q", w.Header().Get("Retry-After"))
	}
	checked := e.checks.all.Load()
	// Another account from that address is still let in.
	wantStatus(t, "other account", e.send("POST", "/api/admin/session", signInBody("bruno@imobiliaria.com.br", "senha-do-bruno-1"), "198.51.100.9:4000", ""), http.StatusCreated)

	// Per address: four failures on four e-mails, then even a good one waits.
	const guesser = "203.0.113.7:1234"
	for i := range 4 {
		wantStatus(t, "unknown e-mail", e.send("POST", "/api/admin/session", signInBody("x"+strconv.Itoa(i)+"@example.com", "qualquer-senha-1"), guesser, ""), http.StatusUnauthorized)
	}
	w = e.send("POST", "/api/admin/session", signInBody("bruno@imobiliaria.com.br", "senha-do-bruno-1"), guesser, "")
	wantError(t, "address limit", w, http.StatusTooManyRequests, "Muitas tentativas de acesso. Tente novamente mais tarde.")
	if w.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// A refused attempt checks no password.
	if n := e.checks.all.Load(); n != checked+1+4 {
		t.Errorf("%d password checks, want %d", n, checked+5)
	}
}

func TestSessionExpiry(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{Sessions: store.SessionLimits{Idle: 12 * time.Hour, Max: 48 * time.Hour}})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")

	// Idle: used within 12 hours it lives on; unused for 12, it ends.
	token := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	for range 3 {
		e.clock.Advance(11 * time.Hour)
		wantStatus(t, "used within the idle timeout", e.send("GET", "/api/admin/me", nil, acctHome, token), http.StatusOK)
	}
	e.clock.Advance(12 * time.Hour)
	w := e.send("GET", "/api/admin/me", nil, acctHome, token)
	wantError(t, "idle session", w, http.StatusUnauthorized, "Não autorizado")
	if w.Header().Get("WWW-Authenticate") == "" {
		t.Error("no WWW-Authenticate")
	}

	// Absolute: used all along, it ends 48 hours after the sign-in.
	token = e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	for range 4 {
		e.clock.Advance(11 * time.Hour)
		wantStatus(t, "used before the absolute expiry", e.send("GET", "/api/admin/me", nil, acctHome, token), http.StatusOK)
	}
	e.clock.Advance(4 * time.Hour)
	wantError(t, "session past its absolute expiry", e.send("GET", "/api/admin/me", nil, acctHome, token), http.StatusUnauthorized, "Não autorizado")
}

func TestSignOutAndRevocation(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	e.addUser("bruno@imobiliaria.com.br", "Bruno", "senha-do-bruno-1")
	ana1 := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	ana2 := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	bruno := e.signIn("bruno@imobiliaria.com.br", "senha-do-bruno-1")

	// Ana sees her two sessions, this one marked, and not Bruno's.
	list := acctDecode(t, e.send("GET", "/api/admin/sessions", nil, acctHome, ana1))
	items, _ := list["items"].([]any)
	if len(items) != 2 || acctAt(list, "items", 0, "current") != false || acctAt(list, "items", 1, "current") != true {
		t.Fatalf("Ana's sessions: %v", list)
	}
	ana2ID := strconv.Itoa(int(acctAt(list, "items", 0, "id").(float64)))
	all := acctDecode(t, e.send("GET", "/api/admin/sessions", nil, acctHome, e.token))
	if items, _ := all["items"].([]any); len(items) != 3 {
		t.Fatalf("sessions seen by an API token: %v", all)
	}
	brunoID := strconv.Itoa(int(acctAt(all, "items", 0, "id").(float64)))

	// All staff are equal: Ana ends Bruno's session; then it is gone.
	wantStatus(t, "Bruno signed in", e.send("GET", "/api/admin/me", nil, acctHome, bruno), http.StatusOK)
	wantStatus(t, "another user's session", e.send("DELETE", "/api/admin/sessions/"+brunoID, nil, acctHome, ana1), http.StatusNoContent)
	wantStatus(t, "Bruno's revoked session", e.send("GET", "/api/admin/me", nil, acctHome, bruno), http.StatusUnauthorized)
	wantError(t, "revoked twice", e.send("DELETE", "/api/admin/sessions/"+brunoID, nil, acctHome, e.token), http.StatusNotFound, "Recurso não encontrado")

	// Ana ends her other session, then signs out of this one.
	wantStatus(t, "revoke her own", e.send("DELETE", "/api/admin/sessions/"+ana2ID, nil, acctHome, ana1), http.StatusNoContent)
	wantStatus(t, "her revoked session", e.send("GET", "/api/admin/me", nil, acctHome, ana2), http.StatusUnauthorized)
	wantStatus(t, "unknown id", e.send("DELETE", "/api/admin/sessions/nao-e-id", nil, acctHome, ana1), http.StatusNotFound)
	wantStatus(t, "sign out", e.send("DELETE", "/api/admin/session", nil, acctHome, ana1), http.StatusNoContent)
	wantStatus(t, "after signing out", e.send("GET", "/api/admin/me", nil, acctHome, ana1), http.StatusUnauthorized)

	// An API token is no session: it is revoked on the server.
	wantError(t, "sign out with an API token", e.send("DELETE", "/api/admin/session", nil, acctHome, e.token), http.StatusNotFound, "Recurso não encontrado")
	wantStatus(t, "the API token after that", e.send("GET", "/api/admin/me", nil, acctHome, e.token), http.StatusOK)
}

// Each property write records who made it, a user or an API token.
func TestWritesRecordTheirAuthor(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	e.addUser("ana@imobiliaria.com.br", "Ana Souza", "senha-da-ana-123")
	ana := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")

	w := e.send("POST", "/api/admin/properties", acctProperty("Casa da Ana"), acctHome, ana)
	wantStatus(t, "create", w, http.StatusCreated)
	p := acctDecode(t, w)
	user := map[string]any{"kind": "user", "name": "Ana Souza"}
	if !acctSameJSON(p["created_by"], user) || !acctSameJSON(p["updated_by"], user) {
		t.Errorf("created: created_by %v, updated_by %v", p["created_by"], p["updated_by"])
	}
	id := p["id"].(string)

	// The read sent back as is (created_by and updated_by included) is
	// accepted; the write is the script's.
	e.clock.Advance(time.Hour)
	p["title"] = "Casa da Ana reformada"
	w = e.send("PUT", "/api/admin/properties/"+id, p, acctHome, e.token)
	wantStatus(t, "update", w, http.StatusOK)
	p = acctDecode(t, w)
	script := map[string]any{"kind": "token", "name": "seguranca"}
	if !acctSameJSON(p["created_by"], user) || !acctSameJSON(p["updated_by"], script) || p["updated_at"] != "2026-11-25T15:03:00Z" {
		t.Errorf("updated: created_by %v, updated_by %v at %v", p["created_by"], p["updated_by"], p["updated_at"])
	}
	list := acctDecode(t, e.send("GET", "/api/admin/properties", nil, acctHome, ana))
	if !acctSameJSON(acctAt(list, "items", 0, "updated_by"), script) {
		t.Errorf("list: %v", acctAt(list, "items", 0))
	}

	// A property written by the server's own tools has no known author.
	q, err := e.st.CreateProperty(context.Background(), storetest.Apartment("Casa da demonstração"))
	if err != nil {
		t.Fatal(err)
	}
	got := acctDecode(t, e.send("GET", "/api/admin/properties/"+q.ID, nil, acctHome, ana))
	if v, ok := got["created_by"]; !ok || v != nil {
		t.Errorf("created_by of a tool's write: %v", got["created_by"])
	}
}

func acctSameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// acctAt reads the value at path (keys and indexes) in a decoded JSON
// value, or nil.
func acctAt(m map[string]any, path ...any) any {
	var v any = m
	for _, p := range path {
		switch k := p.(type) {
		case string:
			o, _ := v.(map[string]any)
			v = o[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func acctProperty(title string) map[string]any {
	return map[string]any{
		"title": title, "price": "450000.00", "type": "venda",
		"subtype":      map[string]any{"name": "Apartamento"},
		"city":         map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Centro"},
	}
}

// A sign-in's password and a session's token never reach the log; the
// requests of a session name its user by id.
func TestSessionsInTheLog(t *testing.T) {
	t.Parallel()
	var out logLines
	e := newAccountsEnv(t, httpapi.Config{Logger: slog.New(slog.NewJSONHandler(&out, nil))})
	ana := e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	e.send("POST", "/api/admin/session", signInBody("ana@imobiliaria.com.br", "senha-errada-456"), acctHome, "")
	token := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	e.send("GET", "/api/admin/properties", nil, acctHome, token)
	if got := out.last(t, "request")["user"]; got != strconv.FormatInt(ana.ID, 10) {
		t.Errorf("user = %v, want Ana's id", got)
	}
	out.mu.Lock()
	logged := out.buf.String()
	out.mu.Unlock()
	for _, secret := range []string{"senha-errada-456", "senha-da-ana-123", token, token[3:], "ana@imobiliaria.com.br"} {
		if strings.Contains(logged, secret) {
			t.Errorf("the log holds %q:\n%s", secret, logged)
		}
	}
}

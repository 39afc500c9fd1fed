package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/password"
	"github.com/vitrine/vitrine/internal/store"
)

func TestRunUserCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "users.db")
	ctx := context.Background()
	tool := func(stdin string, args ...string) (string, error) {
		var out, errOut lockedBuffer
		err := runWithInput(ctx, append([]string{"vitrine", "user"}, args...), env(), strings.NewReader(stdin), &out, &errOut)
		return out.String() + errOut.String(), err
	}
	const pw = "senha-da-ana-123"
	out, err := tool(pw+"\n", "add", "Ana@Imobiliaria.com.br", "Ana Souza", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, pw) || !strings.Contains(out, "como administrador") {
		t.Errorf("the first user: %q", out)
	}
	// Refusals: the e-mail taken in another case, a short password, no
	// password, a password given as an argument, a malformed e-mail.
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{pw, []string{"add", "ANA@imobiliaria.com.br", "Outra Ana", "--db", db}, "exists already"},
		{"curta\n", []string{"add", "bruno@imobiliaria.com.br", "Bruno", "--db", db}, "password"},
		{"", []string{"add", "bruno@imobiliaria.com.br", "Bruno", "--db", db}, "no password"},
		{"", []string{"add", "bruno@imobiliaria.com.br", "Bruno", pw, "--db", db}, "expected an e-mail and a name"},
		{pw, []string{"add", "bruno", "Bruno", "--db", db}, "email"},
		{pw, []string{"reset-password", "carla@imobiliaria.com.br", "--db", db}, "no user"},
		{"", []string{"remove", "carla@imobiliaria.com.br", "--db", db}, "no user"},
		{"", []string{"promote", "ana@imobiliaria.com.br", "--db", db}, "unknown user command"},
		{pw, []string{"add", "bruno@imobiliaria.com.br", "Bruno", "--role", "dono", "--db", db}, "role"},
	} {
		if _, err := tool(c.stdin, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("user %v: %v, want an error about %q", c.args, err, c.want)
		}
	}
	out, err = tool("", "list", "--db", db)
	if err != nil || !strings.Contains(out, "ana@imobiliaria.com.br") || !strings.Contains(out, "Ana Souza") ||
		strings.Contains(out, "bruno") || strings.Contains(out, "argon2") {
		t.Errorf("list: %q %v", out, err)
	}

	// The stored hash is argon2id of the password read; a new password
	// replaces it and ends the sessions.
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hasher := password.New(password.DefaultParams, 1)
	u, hash, err := st.UserCredentials(ctx, "ana@imobiliaria.com.br")
	if err != nil || !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") || hasher.Check(ctx, hash, pw) != nil {
		t.Fatalf("stored user %+v, hash %q, %v", u, hash, err)
	}
	session, _, err := st.CreateSession(ctx, u.ID, "", store.SessionLimits{Idle: time.Hour, Max: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// Her admin API token, and the one it made, go with the old password;
	// the command line's machine token stays.
	token, _, err := st.CreateTokenBy(ctx, "script-da-ana", store.UserActor(u))
	if err != nil {
		t.Fatal(err)
	}
	chained, _, err := st.CreateTokenBy(ctx, "feito-pelo-script", listing.Actor{Kind: listing.ActorToken, Ref: "script-da-ana", Name: "script-da-ana"})
	if err != nil {
		t.Fatal(err)
	}
	machine, err := st.CreateToken(ctx, "maquina")
	if err != nil {
		t.Fatal(err)
	}
	const newPW = "outra-senha-forte"
	if out, err := tool(newPW+"\r\n", "reset-password", "ana@imobiliaria.com.br", "--db", db); err != nil || strings.Contains(out, newPW) {
		t.Fatalf("reset-password: %q %v", out, err)
	}
	_, hash, _ = st.UserCredentials(ctx, "ana@imobiliaria.com.br")
	if hasher.Check(ctx, hash, newPW) != nil || hasher.Check(ctx, hash, pw) == nil {
		t.Error("the new password is not the one that works")
	}
	if _, _, err := st.AuthenticateSession(ctx, session, time.Hour); !errors.Is(err, listing.ErrUnauthorized) {
		t.Errorf("session after a new password: %v", err)
	}
	for _, tok := range []string{token, chained} {
		if _, err := st.Authenticate(ctx, tok); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("her token after a new password: %v", err)
		}
	}

	// The last administrador stays; another user is corretor unless told.
	if _, err := tool("", "remove", "ana@imobiliaria.com.br", "--db", db); err == nil || !strings.Contains(err.Error(), "last active administrador") {
		t.Errorf("remove the last administrador: %v", err)
	}
	if out, err := tool(pw, "add", "bruno@imobiliaria.com.br", "Bruno", "--db", db); err != nil || !strings.Contains(out, "como corretor") {
		t.Errorf("a second user: %q %v", out, err)
	}
	if out, err := tool(pw, "add", "carla@imobiliaria.com.br", "Carla", "--role", "administrador", "--db", db); err != nil || !strings.Contains(out, "como administrador") {
		t.Errorf("a second administrador: %q %v", out, err)
	}

	// A token made after the reset goes with her removal.
	token, _, err = st.CreateTokenBy(ctx, "outro-script-da-ana", store.UserActor(u))
	if err != nil {
		t.Fatal(err)
	}

	if _, err := tool("", "remove", "ANA@imobiliaria.com.br", "--db", db); err != nil {
		t.Fatal(err)
	}
	if out, _ := tool("", "list", "--db", db); strings.Contains(out, "ana@") {
		t.Errorf("removed user still listed: %q", out)
	}
	if _, err := st.Authenticate(ctx, token); !errors.Is(err, listing.ErrUnauthorized) {
		t.Errorf("her token after her removal: %v", err)
	}
	if _, err := st.Authenticate(ctx, machine); err != nil {
		t.Errorf("the machine token after her removal: %v", err)
	}
}

// TestTwoInstancesShareSignInLimit: two vitrine serve on one PostgreSQL
// count an e-mail's sign-in attempts together, with the documented 10 per
// 15 minutes: 10 wrong passwords on A, then the 11th attempt on B (whose
// own per-address allowance is untouched) is a 429 with Retry-After, the
// right password's included.
func TestTwoInstancesShareSignInLimit(t *testing.T) {
	m := newSharedMedia(t)
	const email, pw = "ana@imobiliaria.com.br", "senha-da-ana-123"
	var out, errOut lockedBuffer
	if err := runWithInput(context.Background(), []string{"vitrine", "user", "add", email, "Ana", "--db", m.dsn}, env(),
		strings.NewReader(pw+"\n"), &out, &errOut); err != nil {
		t.Fatalf("vitrine user add: %v\n%s", err, errOut.String())
	}
	a := m.start(t, m.gw.Endpoint)
	b := m.start(t, m.gw.Endpoint)
	signIn := func(base, password string) *http.Response {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"email": email, "password": password})
		res, err := http.Post(base+"/api/admin/session", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	for i := range 10 {
		if res := signIn(a.url, "chute-errado-"+strconv.Itoa(i)); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d on A: status %d, want 401", i+1, res.StatusCode)
		}
	}
	for _, guess := range []string{"chute-errado-10", pw} {
		res := signIn(b.url, guess)
		if res.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("11th attempt on B: status %d, want 429", res.StatusCode)
		}
		if ra, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 15*60 {
			t.Errorf("Retry-After %q, want 1 to 900 seconds", res.Header.Get("Retry-After"))
		}
	}
}

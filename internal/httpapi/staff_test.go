package httpapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestStaffFromTheBackOffice: users added (hashed so that they sign in),
// listed, their sessions seen and ended, removed (not oneself); admin
// API tokens minted, listed with their author and last use, revoked (the
// request's own too).
func TestStaffFromTheBackOffice(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			testStaff(t, newAccountsEnvOn(t, d, httpapi.Config{}))
		})
	}
}

func testStaff(t *testing.T, e *accountsEnv) {
	ana := e.addUser("ana@imobiliaria.com.br", "Ana Souza", "senha-da-ana-123")
	anaTok := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")

	w := e.send("POST", "/api/admin/users", map[string]any{"email": " Bruno@Imobiliaria.com.br ", "name": " Bruno Lima ", "password": "senha-do-bruno-1"}, acctHome, anaTok)
	wantStatus(t, "add a user", w, http.StatusCreated)
	bruno := acctDecode(t, w)
	if bruno["email"] != "bruno@imobiliaria.com.br" || bruno["name"] != "Bruno Lima" || bruno["last_seen_at"] != nil {
		t.Errorf("added: %v", bruno)
	}
	brunoID := strconv.Itoa(int(bruno["id"].(float64)))
	w = e.send("POST", "/api/admin/users", map[string]any{"email": "BRUNO@imobiliaria.com.br", "name": "Outro", "password": "senha-do-outro-1"}, acctHome, e.token)
	wantStatus(t, "an e-mail in use", w, http.StatusConflict)
	if acctAt(acctDecode(t, w), "details", "email") == nil {
		t.Errorf("conflict: %s", w.Body)
	}
	for field, body := range map[string]any{
		"password": map[string]any{"email": "c@imobiliaria.com.br", "name": "C", "password": "curta"},
		"email":    map[string]any{"email": "não é e-mail", "name": "C", "password": "senha-longa-123"},
		"name":     map[string]any{"email": "c@imobiliaria.com.br", "password": "senha-longa-123"},
		"role":     map[string]any{"email": "c@imobiliaria.com.br", "name": "C", "password": "senha-longa-123", "role": "admin"},
	} {
		wantInvalid(t, "add a user: "+field, e.send("POST", "/api/admin/users", body, acctHome, anaTok, true), field)
	}
	brunoTok := e.signIn("bruno@imobiliaria.com.br", "senha-do-bruno-1") // hashed as the command line does
	wantStatus(t, "Bruno writes", e.send("POST", "/api/admin/properties", acctProperty("Casa do Bruno"), acctHome, brunoTok), http.StatusCreated)

	list := acctDecode(t, e.send("GET", "/api/admin/users", nil, acctHome, anaTok))
	if acctAt(list, "items", 0, "email") != "ana@imobiliaria.com.br" || acctAt(list, "items", 0, "last_seen_at") == nil ||
		acctAt(list, "items", 1, "email") != "bruno@imobiliaria.com.br" || acctAt(list, "items", 2) != nil {
		t.Errorf("users: %v", list)
	}

	// Any staff member sees and ends another's sessions.
	sessions := acctDecode(t, e.send("GET", "/api/admin/users/"+brunoID+"/sessions", nil, acctHome, anaTok))
	if acctAt(sessions, "items", 0, "current") != false || acctAt(sessions, "items", 1) != nil {
		t.Errorf("Bruno's sessions: %v", sessions)
	}
	own := acctDecode(t, e.send("GET", "/api/admin/users/"+strconv.FormatInt(ana.ID, 10)+"/sessions", nil, acctHome, anaTok))
	if acctAt(own, "items", 0, "current") != true {
		t.Errorf("Ana's own sessions: %v", own)
	}
	wantError(t, "sessions of nobody", e.send("GET", "/api/admin/users/9999/sessions", nil, acctHome, anaTok), 404, "Recurso não encontrado")

	// Nobody removes their own account; Bruno is removed, signed out, and
	// his property keeps his name.
	wantError(t, "remove oneself", e.send("DELETE", "/api/admin/users/"+strconv.FormatInt(ana.ID, 10), nil, acctHome, anaTok),
		http.StatusConflict, "Você não pode remover a sua própria conta.")
	wantStatus(t, "remove Bruno", e.send("DELETE", "/api/admin/users/"+brunoID, nil, acctHome, anaTok), http.StatusNoContent)
	wantStatus(t, "Bruno signed out", e.send("GET", "/api/admin/me", nil, acctHome, brunoTok), http.StatusUnauthorized)
	wantError(t, "remove twice", e.send("DELETE", "/api/admin/users/"+brunoID, nil, acctHome, anaTok), 404, "Recurso não encontrado")
	props := acctDecode(t, e.send("GET", "/api/admin/properties", nil, acctHome, anaTok))
	if acctAt(props, "items", 0, "updated_by", "name") != "Bruno Lima" {
		t.Errorf("Bruno's property after his removal: %v", acctAt(props, "items", 0))
	}

	// Tokens.
	w = e.send("POST", "/api/admin/tokens", map[string]any{"name": " importador "}, acctHome, anaTok)
	wantStatus(t, "mint a token", w, http.StatusCreated)
	minted := acctDecode(t, w)
	tok, _ := minted["token"].(string)
	if minted["name"] != "importador" || !strings.HasPrefix(tok, "vt_") || minted["created_at"] == nil {
		t.Fatalf("minted: %v", minted)
	}
	wantStatus(t, "the new token works", e.send("GET", "/api/admin/me", nil, acctHome, tok), http.StatusOK)
	tokens := acctDecode(t, e.send("GET", "/api/admin/tokens", nil, acctHome, tok))
	if acctAt(tokens, "items", 0, "name") != "importador" || acctAt(tokens, "items", 0, "created_by", "name") != "Ana Souza" ||
		acctAt(tokens, "items", 0, "last_used_at") == nil || acctAt(tokens, "items", 0, "token") != nil ||
		acctAt(tokens, "items", 1, "name") != "seguranca" || acctAt(tokens, "items", 1, "created_by") != nil {
		t.Errorf("tokens: %v", tokens)
	}
	w = e.send("POST", "/api/admin/tokens", map[string]any{"name": "importador"}, acctHome, anaTok)
	wantError(t, "a name in use", w, http.StatusConflict, "Já existe um token com este nome")
	for name, body := range map[string]any{"empty": map[string]any{"name": "  "}, "long": map[string]any{"name": strings.Repeat("x", 101)},
		"number": map[string]any{"name": 5}, "missing": map[string]any{}} {
		wantInvalid(t, "token name "+name, e.send("POST", "/api/admin/tokens", body, acctHome, anaTok, true), "name")
	}
	wantStatus(t, "a token revokes itself", e.send("DELETE", "/api/admin/tokens/importador", nil, acctHome, tok), http.StatusNoContent)
	wantStatus(t, "the revoked token", e.send("GET", "/api/admin/me", nil, acctHome, tok), http.StatusUnauthorized)
	wantError(t, "revoke twice", e.send("DELETE", "/api/admin/tokens/importador", nil, acctHome, anaTok), 404, "Recurso não encontrado")
}

// TestRemovedStaffLoseTheirTokens, on both databases: the admin API
// tokens a staff member made (and the tokens those tokens made) stop
// working (401) when they are removed or their password is reset, as
// their sessions do, so that they can neither keep access nor re-create
// their own account; machine tokens of the command line are untouched.
func TestRemovedStaffLoseTheirTokens(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			ana := e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
			e.addUser("bruno@imobiliaria.com.br", "Bruno", "senha-do-bruno-1")
			e.addUser("carla@imobiliaria.com.br", "Carla", "senha-da-carla-1")
			mint := func(bearer, name string) string {
				t.Helper()
				w := e.send("POST", "/api/admin/tokens", map[string]string{"name": name}, acctHome, bearer)
				wantStatus(t, "token "+name, w, http.StatusCreated)
				tok, _ := acctDecode(t, w)["token"].(string)
				return tok
			}
			works := func(what, bearer string, want int) {
				t.Helper()
				w := e.send("GET", "/api/admin/me", nil, acctHome, bearer)
				wantStatus(t, what, w, want)
			}

			anaSession := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
			anaToken := mint(anaSession, "script-da-ana")
			anaChained := mint(anaToken, "feito-pelo-script-da-ana")
			works("Ana's token before", anaToken, http.StatusOK)
			works("token made by Ana's token before", anaChained, http.StatusOK)

			bruno := e.signIn("bruno@imobiliaria.com.br", "senha-do-bruno-1")
			wantStatus(t, "remove Ana", e.send("DELETE", "/api/admin/users/"+strconv.FormatInt(ana.ID, 10), nil, acctHome, bruno), http.StatusNoContent)
			for what, tok := range map[string]string{"Ana's session": anaSession, "Ana's token": anaToken, "token made by Ana's token": anaChained} {
				works(what+" after her removal", tok, http.StatusUnauthorized)
			}
			wantStatus(t, "Ana re-creating herself with her token", e.send("POST", "/api/admin/users",
				map[string]string{"email": "ana@imobiliaria.com.br", "name": "Ana", "password": "outra-senha-123"}, acctHome, anaToken),
				http.StatusUnauthorized)
			if _, _, err := e.st.UserCredentials(t.Context(), "ana@imobiliaria.com.br"); err == nil {
				t.Fatal("Ana's account was re-created")
			}

			carla := e.signIn("carla@imobiliaria.com.br", "senha-da-carla-1")
			carlaToken := mint(carla, "script-da-carla")
			hash, err := e.hasher.Hash(t.Context(), "nova-senha-da-carla")
			if err != nil {
				t.Fatal(err)
			}
			if err := e.st.SetPassword(t.Context(), "carla@imobiliaria.com.br", hash); err != nil {
				t.Fatal(err)
			}
			works("Carla's session after a new password", carla, http.StatusUnauthorized)
			works("Carla's token after a new password", carlaToken, http.StatusUnauthorized)

			works("Bruno's session", bruno, http.StatusOK)
			works("the command line's token", e.token, http.StatusOK)
			tokens, err := e.st.Tokens(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(tokens) != 1 || tokens[0].OwnerID != 0 {
				t.Fatalf("tokens left: %+v, want the command line's only", tokens)
			}
		})
	}
}

package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// A forgotten password gets one answer whatever the e-mail; a body that
// is not JSON is a 415; an invitation to a user's e-mail is a 409.
func TestAccountLinksHTTP(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			s := newStack(t, d, httpapi.Config{})
			if w := s.Admin(http.MethodPost, "/api/admin/users", map[string]any{"email": "ana@imobiliaria.com.br", "name": "Ana", "password": "senha-forte-123"}); w.Code != http.StatusCreated {
				t.Fatalf("add user: %d %s", w.Code, w.Body)
			}
			known := s.Call(http.MethodPost, "/api/admin/account/forgot-password", map[string]any{"email": "ana@imobiliaria.com.br"})
			unknown := s.Call(http.MethodPost, "/api/admin/account/forgot-password", map[string]any{"email": "ninguem@imobiliaria.com.br"})
			if known.Code != http.StatusAccepted || unknown.Code != known.Code || unknown.Body.String() != known.Body.String() {
				t.Errorf("forgot: known %d %s, unknown %d %s; want the same 202", known.Code, known.Body, unknown.Code, unknown.Body)
			}
			w := s.BadInput().Call(http.MethodPost, "/api/admin/account/forgot-password", "email=ana", "Content-Type", "application/x-www-form-urlencoded")
			if w.Code != http.StatusUnsupportedMediaType {
				t.Errorf("a form: %d, want 415", w.Code)
			}
			if w := s.Admin(http.MethodPost, "/api/admin/invitations", map[string]any{"email": "ANA@imobiliaria.com.br", "name": "Ana"}); w.Code != http.StatusConflict {
				t.Errorf("invite a user: %d %s, want 409", w.Code, w.Body)
			}
			if w := s.Admin(http.MethodPost, "/api/admin/invitations", map[string]any{"email": "bia@imobiliaria.com.br", "name": "Bia", "role": "corretor"}); w.Code != http.StatusCreated {
				t.Errorf("invite: %d %s", w.Code, w.Body)
			}
			if w := s.Call(http.MethodPost, "/api/admin/account/accept-invitation", map[string]any{"token": "vi_nada", "password": "senha-forte-123"}); w.Code != http.StatusGone {
				t.Errorf("a dead link: %d %s, want 410", w.Code, w.Body)
			}
		})
	}
}

// mailedToken is the raw token of the newest e-mail of kind in the
// outbox, as the sender would put it in the e-mail.
func (e *accountsEnv) mailedToken(kind string) string {
	e.t.Helper()
	ms, err := e.st.RecentMail(context.Background(), 100)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, m := range ms {
		if m.Kind == kind {
			a, err := e.st.AccountMail(context.Background(), kind, m.Ref)
			if err != nil {
				e.t.Fatal(err)
			}
			return a.Token
		}
	}
	e.t.Fatalf("no %s e-mail", kind)
	return ""
}

// Only administradores invite; the invitee's link tells the page whom it
// is for, signs them in with the role once, and a resend kills the first
// link; a cancelled invitation's link is dead.
func TestInvitationHTTP(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			e.addUser("ana@imobiliaria.com.br", "Ana Souza", "senha-da-ana-123")
			e.addUserAs("caio@imobiliaria.com.br", "Caio", "senha-do-caio-123", listing.RoleCorretor)
			e.addUserAs("dora@imobiliaria.com.br", "Dora", "senha-da-dora-123", listing.RoleAssistente)
			ana := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
			body := map[string]any{"email": "bia@imobiliaria.com.br", "name": "Bia Lima", "role": "corretor"}
			for _, who := range []string{"caio@imobiliaria.com.br", "dora@imobiliaria.com.br"} {
				pw := map[string]string{"caio@imobiliaria.com.br": "senha-do-caio-123", "dora@imobiliaria.com.br": "senha-da-dora-123"}[who]
				tok := e.signIn(who, pw)
				wantError(t, who+" invites", e.send("POST", "/api/admin/invitations", body, acctHome, tok), http.StatusForbidden,
					"Você não tem permissão para esta ação.")
			}
			w := e.send("POST", "/api/admin/invitations", body, acctHome, ana)
			wantStatus(t, "invite", w, http.StatusCreated)
			inv := acctDecode(t, w)
			if inv["invited_by"] != "Ana Souza" || inv["role"] != "corretor" {
				t.Errorf("invitation = %v", inv)
			}
			first := e.mailedToken(store.MailInvitation)
			w = e.send("GET", "/api/admin/invitations", nil, acctHome, ana)
			if list := acctDecode(t, w)["items"].([]any); len(list) != 1 {
				t.Fatalf("pending invitations = %v", list)
			}
			w = e.send("POST", "/api/admin/account/link", map[string]string{"token": first}, acctHome, "")
			wantStatus(t, "link", w, http.StatusOK)
			if li := acctDecode(t, w); li["email"] != "bia@imobiliaria.com.br" || li["kind"] != "invite" {
				t.Errorf("link = %v", li)
			}
			id := int64(inv["id"].(float64))
			w = e.send("POST", "/api/admin/invitations/"+strconv.FormatInt(id, 10)+"/resend", nil, acctHome, ana)
			wantStatus(t, "resend", w, http.StatusOK)
			second := e.mailedToken(store.MailInvitation)
			use := func(token string) *httptest.ResponseRecorder {
				return e.send("POST", "/api/admin/account/accept-invitation", map[string]string{"token": token, "password": "senha-da-bia-123"}, acctHome, "")
			}
			wantStatus(t, "the first link after a resend", use(first), http.StatusGone)
			short := e.send("POST", "/api/admin/account/accept-invitation", map[string]string{"token": second, "password": "curta"}, acctHome, "", true)
			wantStatus(t, "a short password", short, http.StatusUnprocessableEntity)
			w = use(second)
			wantStatus(t, "accept", w, http.StatusCreated)
			var signed struct {
				Token string
				User  struct{ Email, Role string }
			}
			json.Unmarshal(w.Body.Bytes(), &signed)
			if signed.User.Email != "bia@imobiliaria.com.br" || signed.User.Role != "corretor" {
				t.Errorf("signed in as %+v", signed.User)
			}
			wantStatus(t, "the invitee's session", e.send("GET", "/api/admin/me", nil, acctHome, signed.Token), http.StatusOK)
			wantStatus(t, "a second use", use(second), http.StatusGone)
			wantStatus(t, "sign in with the chosen password", e.send("POST", "/api/admin/session",
				signInBody("bia@imobiliaria.com.br", "senha-da-bia-123"), acctHome, ""), http.StatusCreated)

			w = e.send("POST", "/api/admin/invitations", map[string]any{"email": "eva@imobiliaria.com.br", "name": "Eva"}, acctHome, ana)
			wantStatus(t, "invite", w, http.StatusCreated)
			eva := e.mailedToken(store.MailInvitation)
			id = int64(acctDecode(t, w)["id"].(float64))
			wantStatus(t, "cancel", e.send("DELETE", "/api/admin/invitations/"+strconv.FormatInt(id, 10), nil, acctHome, ana), http.StatusNoContent)
			wantStatus(t, "a cancelled invitation's link", use(eva), http.StatusGone)
			wantStatus(t, "cancel again", e.send("DELETE", "/api/admin/invitations/"+strconv.FormatInt(id, 10), nil, acctHome, ana), http.StatusNotFound)
		})
	}
}

// A reset link sets the password, ends the user's other sessions and
// signs them in; requests are limited per e-mail, whether it is an
// account's or not.
func TestPasswordResetHTTP(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			e.addUser("ana@imobiliaria.com.br", "Ana Souza", "senha-da-ana-123")
			old := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
			forgot := func(email, from string) *httptest.ResponseRecorder {
				return e.send("POST", "/api/admin/account/forgot-password", map[string]string{"email": email}, from, "")
			}
			wantStatus(t, "forgot", forgot("ana@imobiliaria.com.br", acctHome), http.StatusAccepted)
			token := e.mailedToken(store.MailPasswordReset)
			w := e.send("POST", "/api/admin/account/reset-password", map[string]string{"token": token, "password": "nova-senha-da-ana"}, acctHome, "")
			wantStatus(t, "reset", w, http.StatusCreated)
			var signed struct{ Token string }
			json.Unmarshal(w.Body.Bytes(), &signed)
			wantStatus(t, "the old session", e.send("GET", "/api/admin/me", nil, acctHome, old), http.StatusUnauthorized)
			wantStatus(t, "the new session", e.send("GET", "/api/admin/me", nil, acctHome, signed.Token), http.StatusOK)
			wantStatus(t, "the old password", e.send("POST", "/api/admin/session", signInBody("ana@imobiliaria.com.br", "senha-da-ana-123"), acctHome, ""),
				http.StatusUnauthorized)

			// 3 an hour per e-mail, from any address, for any e-mail.
			for _, email := range []string{"ana@imobiliaria.com.br", "ninguem@imobiliaria.com.br"} {
				n := 3
				if email == "ana@imobiliaria.com.br" {
					n = 2 // one spent above
				}
				for i := range n {
					wantStatus(t, "forgot", forgot(email, "198.51.100."+strconv.Itoa(i+1)+":4000"), http.StatusAccepted)
				}
				w := forgot(email, "198.51.100.99:4000")
				wantError(t, "over the e-mail's limit", w, http.StatusTooManyRequests, "Muitas tentativas de acesso. Tente novamente mais tarde.")
				if w.Header().Get("Retry-After") == "" {
					t.Errorf("429 without Retry-After")
				}
			}
		})
	}
}

package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
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

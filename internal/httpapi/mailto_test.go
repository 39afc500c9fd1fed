package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// injecting are e-mails whose domain carries a mailto: query: as a link
// in the inbox, or on the agency's page, each would add recipients,
// headers or a body to the message the staff or a visitor writes.
var injecting = []string{
	"v@x.com?bcc=a%40evil.com&body=Clique%20aqui",
	"a@x.com?body=1",
	"v@x.com?subject=Urgente",
	"v@x.com#frag.com",
	"v@x.com%3Fbcc=a.com",
	"v@x.com&cc=y.com",
	"v@exa_mple.com",
}

// TestMailtoInjectionRefused: on both databases, a contact whose e-mail's
// domain is no host name is a 422 on email, in Portuguese, and stores no
// lead; so is such an agency e-mail or privacy e-mail, which leaves the
// stored record. Unusual but valid local parts, and internationalised
// domains, are still taken.
func TestMailtoInjectionRefused(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d}.Start(t)
			p := s.Property("Casa do Campeche", "casa-do-campeche")
			contact := "/api/v1/properties/" + p.Slug + "/contact"
			body := func(email string) map[string]any {
				return map[string]any{"name": "Vera Lúcia", "email": email, "message": "Gostaria de visitar a casa amanhã."}
			}
			bad := s.BadInput()
			for i, email := range injecting {
				w := bad.From("198.51.100."+strconv.Itoa(i+1)+":4000", "POST", contact, body(email))
				wantDetailMsg(t, "contact from "+email, w, "email", "Informe um e-mail válido.")
			}
			if _, leads := s.Counts(); leads != 0 {
				t.Errorf("%d leads stored from refused contacts", leads)
			}
			for i, email := range []string{`"vera?body=1"@example.com`, "vera&co=1@example.com", "vera@imóveis.com.br", "vera@xn--imveis-cxa.com.br"} {
				w := s.From("203.0.113."+strconv.Itoa(i+1)+":4000", "POST", contact, body(email))
				wantStatus(t, "contact from "+email, w, http.StatusCreated)
			}

			good := map[string]any{"name": "Imobiliária Campeche", "creci": "CRECI/SC 1234-J", "email": "contato@campeche.example"}
			wantStatus(t, "PUT agency", s.Admin("PUT", "/api/admin/agency", good), http.StatusOK)
			for _, field := range []string{"email", "privacy_email"} {
				for _, email := range injecting {
					b := map[string]any{}
					for k, v := range good {
						b[k] = v
					}
					b[field] = email
					wantDetailMsg(t, "agency "+field+" "+email, bad.Admin("PUT", "/api/admin/agency", b), field, "Informe um e-mail válido.")
				}
			}
			var a struct {
				Email string `json:"email"`
			}
			if err := json.Unmarshal(s.Admin("GET", "/api/admin/agency", nil).Body.Bytes(), &a); err != nil || a.Email != "contato@campeche.example" {
				t.Errorf("the agency after refused writes: %+v, %v", a, err)
			}
		})
	}
}

// TestSubjectRequestsInAnyUnicodeCase: on both databases, the export and
// the anonymisation find every lead of an address written in several
// cases beyond ASCII, through the API.
func TestSubjectRequestsInAnyUnicodeCase(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d, StoreOptions: store.Options{Outbox: true}}.Start(t)
			p := s.Property("Casa da Joaquina", "casa-da-joaquina")
			contact := "/api/v1/properties/" + p.Slug + "/contact"
			spellings := []string{"josé.ünicode@exemplo.com.br", "JOSÉ.ÜNICODE@EXEMPLO.COM.BR", "José.Ünicode@Exemplo.Com.Br"}
			for i, email := range spellings {
				w := s.From("198.51.100."+strconv.Itoa(i+1)+":4000", "POST", contact,
					map[string]any{"name": "José Ünicode", "email": email, "message": "Gostaria de visitar a casa amanhã."})
				wantStatus(t, "contact from "+email, w, http.StatusCreated)
			}
			for _, ask := range spellings {
				if out, _ := lookup(t, s, "/api/admin/privacy/export", ask); len(out.Leads) != len(spellings) {
					t.Errorf("export for %q: %d leads, want %d", ask, len(out.Leads), len(spellings))
				}
			}
			w := s.Admin("POST", "/api/admin/privacy/anonymize", map[string]any{"email": "JOSÉ.ünicode@exemplo.com.br"})
			wantStatus(t, "anonymize", w, http.StatusOK)
			var e struct {
				Leads int `json:"leads"`
			}
			if json.Unmarshal(w.Body.Bytes(), &e); e.Leads != len(spellings) {
				t.Errorf("anonymised %d leads, want %d: %s", e.Leads, len(spellings), w.Body)
			}
		})
	}
}

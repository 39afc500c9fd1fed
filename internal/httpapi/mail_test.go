package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
)

type configured bool

func (c configured) Configured() bool { return bool(c) }

// TestAdminMail: the e-mail view lists each lead's notice, and says
// whether e-mail is configured.
func TestAdminMail(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{false, true} {
		s := newStack(t, "sqlite", httpapi.Config{Mail: configured(on)})
		p := s.Property("Casa com Aviso", "casa-com-aviso")
		wantStatus(t, "contact", s.Call("POST", "/api/v1/properties/"+p.Slug+"/contact",
			map[string]any{"name": "Ana", "email": "ana@example.com", "message": "Quero visitar."}), http.StatusCreated)
		w := s.Admin("GET", "/api/admin/mail", nil)
		var v struct {
			Configured bool           `json:"configured"`
			Counts     map[string]int `json:"counts"`
			Items      []struct {
				Kind, Status string
				Recipient    *string
			} `json:"items"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || w.Code != http.StatusOK {
			t.Fatalf("GET /api/admin/mail: %d %s", w.Code, w.Body)
		}
		if v.Configured != on || v.Counts["pending"] != 1 || v.Counts["sent"] != 0 || len(v.Items) != 1 ||
			v.Items[0].Kind != "lead_notice" || v.Items[0].Status != "pending" || v.Items[0].Recipient != nil {
			t.Errorf("configured %v: %s", on, w.Body)
		}
		// The subject's export lists the notice about their lead.
		w = s.Admin("POST", "/api/admin/privacy/lookup", map[string]any{"email": "ana@example.com"})
		var sub struct {
			Emails []struct{ Kind, Status string } `json:"emails"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &sub); err != nil || len(sub.Emails) != 1 || sub.Emails[0].Kind != "lead_notice" {
			t.Errorf("export's e-mails: %d %s", w.Code, w.Body)
		}
	}
}

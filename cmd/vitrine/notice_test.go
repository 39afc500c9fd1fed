package main

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/mail/mailtest"
)

// TestNoticeReachesBrokerWithinAMinute is the promise to the agency: a
// visitor's message on a listing with a broker is in that broker's
// mailbox within 60 s of the visitor's 201 (the deadline is the feature,
// not a guess), on the real SMTP server, with everything needed to
// answer: Reply-To the visitor, the listing's code, title and link, a
// WhatsApp reply naming the property, the lead's back-office link; the
// agency asked for a copy and gets it. The lead's timeline says who the
// e-mail went to.
func TestNoticeReachesBrokerWithinAMinute(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.NoTLS, NoAuth: true})
	const public = "https://imoveis.example.com.br"
	s := startInProcess(t, serveOptions{token: true}, "--smtp-url", srv.URL(), "--mail-from", noticeFrom,
		"--public-url", public, "--contact-limit", "off")
	mustCall(t, "PUT", s.url+"/api/admin/agency", s.token, map[string]any{
		"name": "Imobiliária Sol", "creci": "CRECI/SC 1234-J", "email": "corretores@sol.example.com.br", "notice_copy": true,
	}, http.StatusOK)
	a := mustCall(t, "POST", s.url+"/api/admin/users", s.token, map[string]any{
		"email": "ana.lima@sol.example.com.br", "name": "Ana Lima", "password": "senha-da-ana-123", "role": "corretor",
	}, http.StatusCreated)
	var ana struct{ ID int64 }
	if err := json.Unmarshal(a.Body, &ana); err != nil || ana.ID == 0 {
		t.Fatalf("new broker: %s", a.Body)
	}
	body := propertyBody("Casa no Campeche")
	body["code"], body["broker_id"] = "CA-0107", ana.ID
	a = mustCall(t, "POST", s.url+"/api/admin/properties", s.token, body, http.StatusCreated)
	var p struct{ Slug string }
	if err := json.Unmarshal(a.Body, &p); err != nil || p.Slug == "" {
		t.Fatalf("new listing: %s", a.Body)
	}

	id := hookContact(t, s.url, p.Slug) // the 201
	answered := time.Now()
	var got []mailtest.Message
	if !waitUntil(60*time.Second, func() bool { got = srv.Messages(t); return len(got) > 0 }) {
		t.Fatalf("no notice within 60 s of the visitor's 201")
	}
	t.Logf("notice received %v after the 201", time.Since(answered).Round(time.Millisecond))
	m := got[0]
	if len(got) != 1 || len(m.To) != 1 || m.To[0].Address != "ana.lima@sol.example.com.br" {
		t.Errorf("To = %+v (%d messages), want the broker", m.To, len(got))
	}
	if len(m.Cc) != 1 || m.Cc[0].Address != "corretores@sol.example.com.br" {
		t.Errorf("Cc = %+v, want the agency's copy", m.Cc)
	}
	if len(m.ReplyTo) != 1 || m.ReplyTo[0].Address != "joao.pereira@example.com" {
		t.Errorf("Reply-To = %+v, want the visitor", m.ReplyTo)
	}
	if want := "Novo contato: CA-0107 — Casa no Campeche"; m.Subject != want {
		t.Errorf("Subject = %q, want %q", m.Subject, want)
	}
	wa := "https://wa.me/5548988880000?text=" + strings.ReplaceAll(url.QueryEscape(
		"Olá, João! Recebemos sua mensagem sobre o imóvel Casa no Campeche (CA-0107). Podemos conversar?"), "+", "%20")
	for _, want := range []string{"CA-0107", "Casa no Campeche", public + "/imoveis/" + p.Slug, wa,
		public + "/admin/contatos/" + strconv.FormatInt(id, 10), "João Pereira", "(48) 98888-0000"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, strings.ReplaceAll(want, "&", "&amp;")) {
			t.Errorf("the notice lacks %q:\n%s", want, m.Text)
		}
	}

	// The timeline records the e-mail with the sent state, in one step.
	var lead struct {
		Timeline []struct {
			Kind    string  `json:"kind"`
			EmailTo *string `json:"email_to"`
			Subject *string `json:"email_subject"`
		} `json:"timeline"`
	}
	if !waitUntil(time.Minute, func() bool {
		a := mustCall(t, "GET", s.url+"/api/admin/leads/"+strconv.FormatInt(id, 10), s.token, nil, http.StatusOK)
		json.Unmarshal(a.Body, &lead)
		return len(lead.Timeline) > 0 && lead.Timeline[len(lead.Timeline)-1].Kind == "email_sent"
	}) {
		t.Fatalf("timeline without the e-mail: %+v", lead.Timeline)
	}
	if e := lead.Timeline[len(lead.Timeline)-1]; e.EmailTo == nil || *e.EmailTo != "Ana Lima" || e.Subject == nil || *e.Subject != "aviso de novo contato" {
		t.Errorf("e-mail event: %+v", e)
	}
}

package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/mail/mailtest"
)

const noticeFrom = "Imobiliária Sol <avisos@sol.example.com.br>"

// setAgencyEmail gives the agency the e-mail its lead notices go to.
func setAgencyEmail(t *testing.T, base, token string) {
	t.Helper()
	mustCall(t, "PUT", base+"/api/admin/agency", token, map[string]any{
		"name": "Imobiliária Sol", "creci": "CRECI/SC 1234-J", "email": "corretores@sol.example.com.br",
	}, http.StatusOK)
}

type mailView struct {
	Configured bool           `json:"configured"`
	Counts     map[string]int `json:"counts"`
	Items      []struct {
		Ref       int64   `json:"ref"`
		Status    string  `json:"status"`
		Attempts  int     `json:"attempts"`
		Recipient *string `json:"recipient"`
	} `json:"items"`
}

func adminMail(t *testing.T, base, token string) mailView {
	t.Helper()
	a := mustCall(t, "GET", base+"/api/admin/mail", token, nil, http.StatusOK)
	var v mailView
	if err := json.Unmarshal(a.Body, &v); err != nil {
		t.Fatalf("GET /api/admin/mail: %v\n%s", err, a.Body)
	}
	return v
}

// TestLeadNoticeSentOnce: the normal path sends each notice once, and the
// back office's e-mail view says so.
func TestLeadNoticeSentOnce(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.NoTLS, NoAuth: true})
	s := startInProcess(t, serveOptions{token: true}, "--smtp-url", srv.URL(), "--mail-from", noticeFrom,
		"--public-url", "https://imoveis.example.com.br", "--contact-limit", "off")
	setAgencyEmail(t, s.url, s.token)
	_, slug := createProperty(t, s.url, s.token, "Casa com Aviso")
	id := hookContact(t, s.url, slug)
	msgs := srv.WaitMessages(t, 1)
	var v mailView
	if !waitUntil(time.Minute, func() bool {
		v = adminMail(t, s.url, s.token)
		return v.Counts["sent"] == 1
	}) {
		t.Fatalf("e-mail view: %+v", v)
	}
	if !v.Configured || len(v.Items) != 1 || v.Items[0].Ref != id || v.Items[0].Attempts != 1 ||
		v.Items[0].Recipient == nil || *v.Items[0].Recipient != "corretores@sol.example.com.br" {
		t.Errorf("e-mail view: %+v", v)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	if msgs = srv.Messages(t); len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "Casa com Aviso") {
		t.Errorf("received %+v, want one notice", msgs)
	}
}

// TestLeadNoticeWaitsWithoutSMTP: with no server the e-mail view says
// so, and the notice waits.
func TestLeadNoticeWaitsWithoutSMTP(t *testing.T) {
	s := startInProcess(t, serveOptions{token: true}, "--contact-limit", "off")
	_, slug := createProperty(t, s.url, s.token, "Casa sem Aviso")
	hookContact(t, s.url, slug)
	if v := adminMail(t, s.url, s.token); v.Configured || v.Counts["pending"] != 1 {
		t.Errorf("e-mail view: %+v", v)
	}
}

// TestLeadNoticeSurvivesSIGKILL kills the service while a notice's SMTP
// session hangs: the visitor had their 201 at once, and after a restart
// the notice is sent, once.
func TestLeadNoticeSurvivesSIGKILL(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "vitrine.db")
	token := mintToken(t, dsn, "ana")
	hung := mailtest.StartSilent(t)
	args := []string{"--mail-from", noticeFrom, "--public-url", "https://imoveis.example.com.br"}
	first := startChild(t, dsn, append(args, "--smtp-url", "smtp://"+hung.Addr)...)
	setAgencyEmail(t, first.url, token)
	_, slug := createProperty(t, first.url, token, "Casa com Aviso")
	hookContact(t, first.url, slug) // answered although the server hangs
	select {
	case <-hung.Connected:
	case <-time.After(time.Minute):
		t.Fatalf("no SMTP session within a minute:\n%s", first.stderr)
	}
	first.kill()

	// The dead instance's claim would end with its lease; end it now.
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE mail_outbox SET locked_until = NULL`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.NoTLS, NoAuth: true})
	second := startChild(t, dsn, append(args, "--smtp-url", srv.URL())...)
	msgs := srv.WaitMessages(t, 1)
	var v mailView
	if !waitUntil(time.Minute, func() bool {
		v = adminMail(t, second.url, token)
		return v.Counts["sent"] == 1
	}) {
		t.Fatalf("e-mail view after the restart: %+v\n%s", v, second.stderr)
	}
	if v.Items[0].Attempts != 2 {
		t.Errorf("sent at attempt %d, want 2", v.Items[0].Attempts)
	}
	second.stop()
	if msgs = srv.Messages(t); len(msgs) != 1 {
		t.Errorf("received %d messages, want 1", len(msgs))
	}
}

func TestServeRefusesBadMailSettings(t *testing.T) {
	db := filepath.Join(t.TempDir(), "vitrine.db")
	good := []string{"--mail-from", noticeFrom, "--public-url", "https://imoveis.example.com.br"}
	for _, c := range []struct {
		args   []string
		getenv func(string) string
		want   string
	}{
		{append([]string{"--smtp-url", "http://u:segredo@mail.example.com"}, good...), env(), "--smtp-url"},
		{append([]string{"--smtp-url", "smtp://u@mail.example.com"}, good...), env(), "VITRINE_SMTP_PASSWORD"},
		{good, env("VITRINE_SMTP_URL", "smtp://u:segredo@mail.example.com:x"), "VITRINE_SMTP_URL"},
		{[]string{"--smtp-url", "smtp://u:segredo@mail.example.com", "--public-url", "https://imoveis.example.com.br"}, env(), "--mail-from"},
		{[]string{"--smtp-url", "smtp://u:segredo@mail.example.com", "--mail-from", noticeFrom}, env(), "--public-url"},
		{[]string{"--mail-from", "avisos"}, env(), "--mail-from"},
	} {
		err := refused(t, context.Background(), append([]string{"vitrine", "serve", "--addr", "127.0.0.1:0", "--db", db}, c.args...), c.getenv)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want a refusal naming %s", c.args, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "segredo") {
			t.Errorf("the refusal shows the password: %v", err)
		}
	}
}

// TestSMTPPasswordNotLogged: the settings logged at the start name the
// server, never its password.
func TestSMTPPasswordNotLogged(t *testing.T) {
	s := startInProcess(t, serveOptions{getenv: env("VITRINE_SMTP_PASSWORD", "segredo-do-env")},
		"--smtp-url", "smtp://avisos:segredo-da-url@127.0.0.1:1", "--mail-from", noticeFrom, "--public-url", "https://imoveis.example.com.br")
	logs := s.waitLog(t, `"msg":"listening"`)
	if strings.Contains(logs, "segredo") || !strings.Contains(logs, "smtp://avisos:xxxxx@127.0.0.1:1") {
		t.Errorf("log of the start:\n%s", logs)
	}
}

package mail_test

import (
	"context"
	"crypto/tls"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/mail/mailtest"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
	"github.com/vitrine/vitrine/internal/testwait"
)

var ctx = context.Background()

const (
	publicURL   = "https://imoveis.example.com.br"
	agencyEmail = "corretores@sol.example.com.br"
)

// visitor is a lead whose fields need escaping and encoding.
var visitor = listing.LeadInput{
	Name:    "João Ñandú",
	Email:   "joao@example.com.br",
	Phone:   "(48) 99999-0000",
	Message: "Olá! Quero visitar <script>alert(1)</script> & ver a área de lazer.",
}

// fixture is a store with the agency's e-mail set and one property.
func fixture(t *testing.T, dialect string, opts store.Options) (*store.Store, listing.Property) {
	t.Helper()
	s := storetest.Open(t, dialect, opts)
	if _, err := s.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", Email: agencyEmail}); err != nil {
		t.Fatal(err)
	}
	p, err := s.CreateProperty(ctx, storetest.Apartment("Apartamento à beira-mar"))
	if err != nil {
		t.Fatal(err)
	}
	return s, p
}

func newLead(t *testing.T, s *store.Store, slug string) int64 {
	t.Helper()
	id, err := s.CreateLead(ctx, slug, visitor)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// sender returns a sender on s for the server srv (nil: none configured)
// and runs it until the test ends; cfg's other fields are kept.
func sender(t *testing.T, s *store.Store, srv *mailtest.Server, smtpURL string, cfg mail.Config) *mail.Sender {
	t.Helper()
	cfg.Outbox = s
	if smtpURL != "" {
		var err error
		if cfg.Server, err = mail.ParseServer(smtpURL, ""); err != nil {
			t.Fatal(err)
		}
		if cfg.From, err = mail.ParseFrom("Vitrine Avisos <avisos@vitrine.test>"); err != nil {
			t.Fatal(err)
		}
		cfg.PublicURL = publicURL
	}
	if srv != nil && srv.Roots != nil {
		cfg.TLS = &tls.Config{RootCAs: srv.Roots}
	}
	if cfg.Backoff == nil {
		cfg.Backoff = []time.Duration{time.Millisecond, time.Millisecond, time.Millisecond}
	}
	cfg.Poll = 5 * time.Millisecond
	snd, err := mail.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	run, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		snd.Run(run)
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})
	return snd
}

// outboxRow waits until the notice of lead is no longer pending, or until
// cond holds when given, and returns its row.
func outboxRow(t *testing.T, s *store.Store, lead int64, cond func(store.OutboxMail) bool) store.OutboxMail {
	t.Helper()
	if cond == nil {
		cond = func(m store.OutboxMail) bool { return m.Status != store.MailPending }
	}
	var row store.OutboxMail
	testwait.Until(t, "the notice's outcome", func() bool {
		ms, err := s.LeadMail(ctx, []int64{lead})
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != 1 {
			t.Fatalf("lead %d has %d notices, want 1", lead, len(ms))
		}
		row = ms[0]
		return cond(row)
	})
	return row
}

func TestParseServer(t *testing.T) {
	for _, c := range []struct {
		raw, password string
		want          mail.Server
		plain         bool
		err           string
	}{
		{raw: "smtp://u:p@mail.example.com", want: mail.Server{Host: "mail.example.com", Port: 587, Username: "u", Password: "p"}},
		{raw: "smtps://u:p@mail.example.com", want: mail.Server{Implicit: true, Host: "mail.example.com", Port: 465, Username: "u", Password: "p"}},
		{raw: "smtp://u@mail.example.com:2525", password: "env", want: mail.Server{Host: "mail.example.com", Port: 2525, Username: "u", Password: "env"}},
		{raw: "smtp://localhost:25", want: mail.Server{Host: "localhost", Port: 25}, plain: true},
		{raw: "smtp://127.0.0.1:25", want: mail.Server{Host: "127.0.0.1", Port: 25}, plain: true},
		{raw: "smtp://u:p@127.0.0.1:25", want: mail.Server{Host: "127.0.0.1", Port: 25, Username: "u", Password: "p"}},
		{raw: "smtp://mail.example.com", want: mail.Server{Host: "mail.example.com", Port: 587}},
		{raw: "http://mail.example.com", err: "smtp://"},
		{raw: "smtp://u@mail.example.com", err: "VITRINE_SMTP_PASSWORD"},
		{raw: "smtp://:segredo@mail.example.com", err: "without a user"},
		{raw: "smtp://u:p@mail.example.com:0", err: "not a port"},
		{raw: "smtp://u:p@mail.example.com/x", err: "no path"},
		{raw: "smtp://", err: "no host"},
	} {
		got, err := mail.ParseServer(c.raw, c.password)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseServer(%q) = %+v, %v; want an error saying %q", c.raw, got, err, c.err)
		case c.err == "" && (err != nil || got != c.want || got.PlainAllowed() != c.plain):
			t.Errorf("ParseServer(%q) = %+v (plain %v), %v; want %+v (plain %v)", c.raw, got, got.PlainAllowed(), err, c.want, c.plain)
		}
		if err != nil && strings.Contains(err.Error(), "segredo") {
			t.Errorf("ParseServer(%q) error shows the password: %v", c.raw, err)
		}
		if strings.Contains(got.String(), "p@") || strings.Contains(got.String(), "env") {
			t.Errorf("String() shows the password: %s", got)
		}
	}
	if _, err := mail.ParseFrom("Imobiliária Sol <avisos@sol.example.com.br>"); err != nil {
		t.Errorf("ParseFrom with a display name: %v", err)
	}
	for _, bad := range []string{"", "avisos", "a@b@c", "Sol <>"} {
		if _, err := mail.ParseFrom(bad); err == nil {
			t.Errorf("ParseFrom(%q) accepted", bad)
		}
	}
}

// TestLeadNoticeOverSTARTTLS sends a notice through a server that requires
// STARTTLS and AUTH, and reads it as received: envelope, headers, the
// encoding of both parts, and the links.
func TestLeadNoticeOverSTARTTLS(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	s, p := fixture(t, "sqlite", store.Options{})
	reg := prometheus.NewRegistry()
	sender(t, s, srv, srv.URL(), mail.Config{Metrics: reg})
	id := newLead(t, s, p.Slug)

	row := outboxRow(t, s, id, nil)
	if row.Status != store.MailSent || row.Recipient != agencyEmail || row.Attempts != 1 || row.MessageID == "" {
		t.Fatalf("outbox row = %+v", row)
	}
	msgs := srv.WaitMessages(t, 1)
	if len(msgs) != 1 {
		t.Fatalf("%d messages received, want 1", len(msgs))
	}
	m := msgs[0]
	if len(m.To) != 1 || m.To[0].Address != agencyEmail {
		t.Errorf("To = %+v", m.To)
	}
	if m.From.Address != "avisos@vitrine.test" || m.From.Name != "Vitrine Avisos" {
		t.Errorf("From = %+v", m.From)
	}
	if len(m.ReplyTo) != 1 || m.ReplyTo[0].Address != visitor.Email || m.ReplyTo[0].Name != visitor.Name {
		t.Errorf("Reply-To = %+v, want the visitor", m.ReplyTo)
	}
	if want := "Novo contato: AP-0042 — Apartamento à beira-mar"; m.Subject != want {
		t.Errorf("Subject = %q, want %q", m.Subject, want)
	}
	if "<"+m.MessageID+">" != row.MessageID || !strings.HasSuffix(m.MessageID, "@imoveis.example.com.br") {
		t.Errorf("Message-ID = %q, outbox says %q", m.MessageID, row.MessageID)
	}
	if time.Since(m.Date) > time.Hour || m.Date.IsZero() {
		t.Errorf("Date = %v", m.Date)
	}

	propertyURL := publicURL + "/imoveis/" + p.Slug
	leadURL := publicURL + "/admin/contatos/" + strconv.FormatInt(id, 10)
	wa := "https://wa.me/5548999990000?text=" + strings.ReplaceAll(url.QueryEscape(
		"Olá, João! Recebemos sua mensagem sobre o imóvel Apartamento à beira-mar (AP-0042). Podemos conversar?"), "+", "%20")
	for _, want := range []string{visitor.Name, visitor.Email, visitor.Phone, visitor.Message, propertyURL, leadURL, wa, "AP-0042"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{
		`href="` + propertyURL + `"`, `href="` + leadURL + `"`, `href="` + wa + `"`,
		"&lt;script&gt;alert(1)&lt;/script&gt; &amp; ver a área de lazer", "João Ñandú",
	} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("HTML part lacks %q:\n%s", want, m.HTML)
		}
	}
	if strings.Contains(m.HTML, "<script>") {
		t.Errorf("HTML part carries the visitor's markup:\n%s", m.HTML)
	}
	raw := srv.Raw(t, m.ID)
	for _, want := range []string{"multipart/alternative", "text/plain; charset=UTF-8", "text/html; charset=UTF-8", "=?UTF-8?", "MIME-Version: 1.0"} {
		if !strings.Contains(raw, want) {
			t.Errorf("raw message lacks %q:\n%s", want, raw)
		}
	}

	if got := metricValue(t, reg, "vitrine_mail_sends_total", "outcome", "sent"); got != 1 {
		t.Errorf("vitrine_mail_sends_total{outcome=sent} = %v, want 1", got)
	}
	if got := metricValue(t, reg, "vitrine_mail_outbox", "state", "sent"); got != 1 {
		t.Errorf("vitrine_mail_outbox{state=sent} = %v, want 1", got)
	}
}

// metricValue returns one series of a gathered metric family.
func metricValue(t *testing.T, reg *prometheus.Registry, name, label, value string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == label && l.GetValue() == value {
					if m.GetCounter() != nil {
						return m.GetCounter().GetValue()
					}
					return m.GetGauge().GetValue()
				}
			}
		}
	}
	t.Fatalf("no %s{%s=%q}", name, label, value)
	return 0
}

func TestLeadNoticeOverSMTPS(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.Implicit})
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, srv, srv.URL(), mail.Config{})
	id := newLead(t, s, p.Slug)
	if row := outboxRow(t, s, id, nil); row.Status != store.MailSent {
		t.Fatalf("outbox row = %+v", row)
	}
	if msgs := srv.WaitMessages(t, 1); len(msgs) != 1 || msgs[0].To[0].Address != agencyEmail {
		t.Fatalf("received %+v", msgs)
	}
}

// TestPasswordNeedsTLS: a server that offers no STARTTLS never gets the
// password, even on loopback.
func TestPasswordNeedsTLS(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.NoTLS})
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, srv, srv.URL(), mail.Config{Backoff: []time.Duration{}})
	id := newLead(t, s, p.Slug)
	row := outboxRow(t, s, id, nil)
	if row.Status != store.MailFailed || row.LastError != "o servidor SMTP não oferece STARTTLS" {
		t.Fatalf("outbox row = %+v", row)
	}
	if msgs := srv.Messages(t); len(msgs) != 0 {
		t.Fatalf("received %d messages without TLS", len(msgs))
	}
}

// TestLocalRelayWithoutTLS: smtp:// without a user to loopback goes on
// without TLS when the server offers none.
func TestLocalRelayWithoutTLS(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.NoTLS, NoAuth: true})
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, srv, srv.URL(), mail.Config{})
	id := newLead(t, s, p.Slug)
	if row := outboxRow(t, s, id, nil); row.Status != store.MailSent {
		t.Fatalf("outbox row = %+v", row)
	}
	srv.WaitMessages(t, 1)
}

// TestServerDownThenUp: while the server is down the notice is retried;
// once it is up the notice is sent, once.
func TestServerDownThenUp(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	srv.Stop(t)
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, srv, srv.URL(), mail.Config{Backoff: []time.Duration{
		time.Millisecond, time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond,
		time.Second, time.Second, time.Second, time.Second}})
	id := newLead(t, s, p.Slug)
	row := outboxRow(t, s, id, func(m store.OutboxMail) bool { return m.Attempts >= 2 && m.LastError != "" })
	if row.Status != store.MailPending || row.LastError != "conexão recusada" {
		t.Fatalf("while down: %+v", row)
	}
	srv.Restart(t)
	if row := outboxRow(t, s, id, nil); row.Status != store.MailSent {
		t.Fatalf("after the restart: %+v", row)
	}
	if msgs := srv.WaitMessages(t, 1); len(msgs) != 1 {
		t.Fatalf("received %d messages, want 1", len(msgs))
	}
}

// TestTemporaryRefusalRetried: a 4xx answer is retried until it passes.
func TestTemporaryRefusalRetried(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	srv.Refuse(t, 451)
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, srv, srv.URL(), mail.Config{Backoff: []time.Duration{
		time.Millisecond, 50 * time.Millisecond, time.Second, time.Second, time.Second, time.Second}})
	id := newLead(t, s, p.Slug)
	row := outboxRow(t, s, id, func(m store.OutboxMail) bool { return m.LastError != "" })
	if row.Status != store.MailPending || !strings.Contains(row.LastError, "451") || !strings.Contains(row.LastError, "temporariamente") {
		t.Fatalf("while refused: %+v", row)
	}
	srv.Refuse(t, 0)
	if row := outboxRow(t, s, id, nil); row.Status != store.MailSent || row.Attempts < 2 {
		t.Fatalf("after the refusals: %+v", row)
	}
	if msgs := srv.WaitMessages(t, 1); len(msgs) != 1 {
		t.Fatalf("received %d messages, want 1", len(msgs))
	}
}

// TestPermanentRefusalFails: a 5xx answer gives the notice up at once.
func TestPermanentRefusalFails(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	srv.Refuse(t, 550)
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, srv, srv.URL(), mail.Config{})
	id := newLead(t, s, p.Slug)
	row := outboxRow(t, s, id, nil)
	if row.Status != store.MailFailed || row.Attempts != 1 || !strings.Contains(row.LastError, "550") {
		t.Fatalf("outbox row = %+v, want failed after one attempt with the code", row)
	}
}

// TestSlowServerTimesOut: a server that accepts and never answers costs
// one Timeout per attempt, then a retry.
func TestSlowServerTimesOut(t *testing.T) {
	silent := mailtest.StartSilent(t)
	s, p := fixture(t, "sqlite", store.Options{})
	sender(t, s, nil, "smtp://"+silent.Addr, mail.Config{Timeout: 200 * time.Millisecond, Backoff: []time.Duration{time.Hour}})
	id := newLead(t, s, p.Slug)
	row := outboxRow(t, s, id, func(m store.OutboxMail) bool { return m.LastError != "" })
	if row.Status != store.MailPending || row.LastError != "tempo esgotado após 200ms" {
		t.Fatalf("outbox row = %+v", row)
	}
}

// TestNoServerNoticesWait: with no server the notices wait, and those
// older than MaxWait are given up as not sent.
func TestNoServerNoticesWait(t *testing.T) {
	clock := testclock.New(time.Now().Add(-10 * 24 * time.Hour))
	s, p := fixture(t, "sqlite", store.Options{Now: clock.Now})
	old := newLead(t, s, p.Slug)
	clock.Set(time.Now())
	fresh := newLead(t, s, p.Slug)
	snd := sender(t, s, nil, "", mail.Config{})
	if snd.Configured() {
		t.Fatal("Configured() without a server")
	}
	if row := outboxRow(t, s, old, nil); row.Status != store.MailFailed || row.LastError != mail.ReasonNotConfigured {
		t.Fatalf("old notice = %+v", row)
	}
	ms, err := s.LeadMail(ctx, []int64{fresh})
	if err != nil || len(ms) != 1 || ms[0].Status != store.MailPending {
		t.Fatalf("fresh notice = %+v, %v; want pending", ms, err)
	}
}

// TestTwoSendersOnePostgres: two instances sending from one PostgreSQL
// database send each notice once.
func TestTwoSendersOnePostgres(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	dsn := storetest.DSN(t, "postgres")
	a := storetest.OpenAt(t, dsn, store.Options{})
	b := storetest.OpenAt(t, dsn, store.Options{})
	if _, err := a.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", Email: agencyEmail}); err != nil {
		t.Fatal(err)
	}
	p, err := a.CreateProperty(ctx, storetest.Apartment("Apartamento à beira-mar"))
	if err != nil {
		t.Fatal(err)
	}
	const n = 12
	for range n {
		newLead(t, a, p.Slug)
	}
	sender(t, a, srv, srv.URL(), mail.Config{Concurrency: 3})
	sender(t, b, srv, srv.URL(), mail.Config{Concurrency: 3})
	testwait.Until(t, "every notice sent", func() bool {
		counts, err := a.MailCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return counts[store.MailSent] == n
	})
	msgs := srv.Messages(t)
	seen := map[string]bool{}
	for _, m := range msgs {
		if seen[m.MessageID] {
			t.Errorf("%s received twice", m.MessageID)
		}
		seen[m.MessageID] = true
	}
	if len(msgs) != n {
		t.Errorf("received %d messages, want %d", len(msgs), n)
	}
}

// linkIn returns the token of the link to page in text, "" when none.
func linkIn(text, page string) string {
	_, after, ok := strings.Cut(text, publicURL+page+"#")
	if !ok {
		return ""
	}
	end := strings.IndexFunc(after, func(r rune) bool { return r == '"' || r == '\n' || r == '\r' || r == ' ' })
	if end < 0 {
		end = len(after)
	}
	return after[:end]
}

// TestInvitationAndResetOverSMTP: an invitation and a password reset
// reach the mailbox over a real SMTP server, in Brazilian Portuguese, with
// the agency, the role and who invited; the link in each works once; and
// the outbox keeps no raw token once the e-mail is sent.
func TestInvitationAndResetOverSMTP(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	s, _ := fixture(t, "sqlite", store.Options{})
	ana, err := s.CreateUser(ctx, listing.UserInput{Email: "ana@sol.example.com.br", Name: "Ana Souza", Password: "senha-forte-123",
		Role: listing.RoleAdministrador}, "hash")
	if err != nil {
		t.Fatal(err)
	}
	sender(t, s, srv, srv.URL(), mail.Config{})
	inv, err := s.Invite(ctx, listing.UserInput{Email: "bia@example.com.br", Name: "Bia Lima", Role: listing.RoleCorretor}, ana)
	if err != nil {
		t.Fatal(err)
	}
	m := srv.WaitMessages(t, 1)[0]
	if len(m.To) != 1 || m.To[0].Address != "bia@example.com.br" {
		t.Errorf("To = %+v", m.To)
	}
	if want := "Convite para a equipe da Imobiliária Sol"; m.Subject != want {
		t.Errorf("Subject = %q, want %q", m.Subject, want)
	}
	for _, want := range []string{"Ana Souza convidou você", "Imobiliária Sol", "como corretor", "72 horas"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the invitation's text lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{"Ana Souza convidou você", "Imobiliária Sol", "como <strong>corretor</strong>", "72 horas"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("the invitation's HTML lacks %q:\n%s", want, m.HTML)
		}
	}
	token := linkIn(m.Text, mail.InvitationPath)
	if token == "" || linkIn(m.HTML, mail.InvitationPath) != token {
		t.Fatalf("no invitation link, or two different ones:\n%s\n%s", m.Text, m.HTML)
	}
	testwait.Until(t, "the sent invitation's token forgotten", func() bool {
		a, err := s.AccountMail(ctx, store.MailInvitation, inv.ID)
		return err == nil && a.Token == ""
	})
	u, err := s.AcceptInvitation(ctx, token, "hash-da-bia")
	if err != nil || u.Email != "bia@example.com.br" || u.Role != listing.RoleCorretor {
		t.Fatalf("the link in the e-mail: %+v, %v", u, err)
	}
	if _, err := s.AcceptInvitation(ctx, token, "hash-da-bia"); !errors.Is(err, listing.ErrLinkInvalid) {
		t.Errorf("the link worked twice: %v", err)
	}

	if err := s.RequestPasswordReset(ctx, "BIA@example.com.br"); err != nil {
		t.Fatal(err)
	}
	var reset mailtest.Message
	for _, msg := range srv.WaitMessages(t, 2) {
		if msg.ID != m.ID {
			reset = msg
		}
	}
	if want := "Nova senha para a área da equipe da Imobiliária Sol"; reset.Subject != want {
		t.Errorf("Subject = %q, want %q", reset.Subject, want)
	}
	rt := linkIn(reset.Text, mail.PasswordResetPath)
	if rt == "" || !strings.Contains(reset.Text, "1 hora") {
		t.Fatalf("the reset e-mail:\n%s", reset.Text)
	}
	if _, err := s.ResetPassword(ctx, rt, "nova"); err != nil {
		t.Fatalf("the reset link: %v", err)
	}
	if _, err := s.ResetPassword(ctx, rt, "nova"); !errors.Is(err, listing.ErrLinkInvalid) {
		t.Errorf("the reset link worked twice: %v", err)
	}
}

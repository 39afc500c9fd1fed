// Package mail sends the service's e-mails from the store's outbox over
// SMTP: the notice of each new lead to its broker, the invitations and
// password resets of staff accounts, the daily summary of the leads
// nobody answered, and the visits' e-mails with their invitations (.ics).
//
// An e-mail is a row of the outbox, written in the transaction of what
// causes it, naming what it is about (a kind and a reference), not its
// content. The Sender claims due rows with a lease, composes each one from
// the data as it is then (go-mail: UTF-8, a text and an HTML part), sends
// it over its own SMTP session with a timeout, and records the outcome:
// sent, retried with backoff, or failed. Delivery is at least once: an
// instance that stops between the server's acceptance and the record sends
// the e-mail again, under the same Message-ID, after the lease ends.
//
// With no server configured the Sender sends nothing: e-mails wait, and
// those older than MaxWait are given up as not sent (ReasonNotConfigured),
// so that configuring a server later does not flood the agency with stale
// notices.
package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/outbox"
	"github.com/vitrine/vitrine/internal/store"
)

// Outbox is the storage the Sender works from; *store.Store is one.
type Outbox interface {
	ClaimMail(ctx context.Context, limit int, lease time.Duration) ([]store.Mail, error)
	MarkMailSent(ctx context.Context, m store.Mail, recipient, messageID string, event *listing.LeadEvent) error
	RetryMail(ctx context.Context, m store.Mail, wait time.Duration, reason string) error
	FailMail(ctx context.Context, m store.Mail, reason string) error
	CancelMail(ctx context.Context, m store.Mail, reason string) error
	ExpireMail(ctx context.Context, cutoff time.Time, reason string) (int, error)
	MailCounts(ctx context.Context) (map[string]int, error)
	LeadNotice(ctx context.Context, id int64) (store.LeadNotice, error)
	AccountMail(ctx context.Context, kind string, id int64) (store.AccountMail, error)
	QueueDailySummaries(ctx context.Context, day string, cutoff time.Time) (int, error)
	DailySummary(ctx context.Context, uid int64, cutoff time.Time) (store.DailySummary, error)
	savedSearchOutbox
	VisitMailData(ctx context.Context, id int64) (store.VisitMail, error)
}

// ReasonNotConfigured is recorded on the e-mails given up because no SMTP
// server was configured while they waited.
const ReasonNotConfigured = "não enviado: e-mail não configurado"

// DefaultBackoff is the wait after each failed attempt: nine attempts over
// about sixteen hours, then the e-mail is given up.
var DefaultBackoff = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, 30 * time.Minute,
	time.Hour, 2 * time.Hour, 4 * time.Hour, 8 * time.Hour}

// DefaultMaxWait is how long an e-mail waits for a server to be configured.
const DefaultMaxWait = 7 * 24 * time.Hour

// Config is what a Sender needs; zero optional fields take the defaults.
type Config struct {
	Outbox Outbox
	// Server is where to send; the zero Server sends nothing (see the
	// package's comment).
	Server Server
	// From is the sender's address; required with a Server.
	From *mail.Address
	// PublicURL is the service's public address (https://host), which
	// starts every link of an e-mail; required with a Server.
	PublicURL string
	// TLS, when set, verifies the server's certificate (its RootCAs);
	// default the system's roots. ServerName is always the server's host.
	TLS *tls.Config
	// Timeout bounds each step of the SMTP session (connecting, each
	// command, the message); default 30 s.
	Timeout time.Duration
	// Backoff is the wait after each failed attempt; the attempt after
	// the last wait is the last one. Default DefaultBackoff.
	Backoff []time.Duration
	// Lease keeps other instances off a claimed e-mail; default 5
	// minutes, and always well above a session's time.
	Lease time.Duration
	// Poll is how often the outbox is read when there was nothing to do;
	// default a second.
	Poll time.Duration
	// Concurrency is how many e-mails are sent at once; default 2.
	Concurrency int
	// MaxWait is how long e-mails wait for a server when none is
	// configured; default DefaultMaxWait.
	MaxWait time.Duration
	// SummaryPoll is how often the daily summaries are looked at (see
	// QueueSummaries); default a minute.
	SummaryPoll time.Duration
	// Now returns the current time, which decides the summaries' day;
	// tests may move it. Default time.Now.
	Now    func() time.Time
	Logger *slog.Logger
	// Metrics receives the outbox's gauges and the sends' counters; nil
	// means none are exposed.
	Metrics prometheus.Registerer
}

// Outcomes of an attempt, as counted in vitrine_mail_sends_total.
const (
	OutcomeSent      = "sent"      // the server accepted the message
	OutcomeRetry     = "retry"     // the attempt failed; another is scheduled
	OutcomeFailed    = "failed"    // given up: the last attempt, or a permanent refusal (5xx)
	OutcomeCancelled = "cancelled" // what it was about is gone or anonymised
	OutcomeLost      = "lease_lost"
)

// Sender sends the outbox's e-mails until its Run ends.
type Sender struct {
	cfg      Config
	log      *slog.Logger
	host     string         // the public address's host, for Message-IDs
	zone     *time.Location // the agency's, for the visits' times
	outcomes map[string]prometheus.Counter
}

// New returns a sender for cfg.
func New(cfg Config) (*Sender, error) {
	if cfg.Outbox == nil {
		return nil, errors.New("mail: no outbox")
	}
	var host string
	if cfg.Server.Configured() {
		if cfg.From == nil {
			return nil, errors.New("mail: a server without a sender's address")
		}
		u, err := url.Parse(cfg.PublicURL)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return nil, errors.New("mail: e-mails need the service's public address (https://host) for their links")
		}
		host = u.Hostname()
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 5 * time.Minute
	}
	// A session is a handful of steps, each within Timeout, and the
	// outcome's record.
	cfg.Lease = max(cfg.Lease, 8*cfg.Timeout+10*time.Second)
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 2
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = DefaultMaxWait
	}
	if cfg.SummaryPoll <= 0 {
		cfg.SummaryPoll = time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	for len(cfg.PublicURL) > 0 && cfg.PublicURL[len(cfg.PublicURL)-1] == '/' {
		cfg.PublicURL = cfg.PublicURL[:len(cfg.PublicURL)-1]
	}
	s := &Sender{cfg: cfg, log: cfg.Logger, host: host, zone: listing.AgencyZone()}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	sends := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrine_mail_sends_total",
		Help: "E-mail send attempts, by outcome: sent, retry (failed, tried again later), failed (given up), cancelled, lease_lost.",
	}, []string{"outcome"})
	s.outcomes = map[string]prometheus.Counter{}
	for _, o := range []string{OutcomeSent, OutcomeRetry, OutcomeFailed, OutcomeCancelled, OutcomeLost} {
		s.outcomes[o] = sends.WithLabelValues(o)
	}
	if cfg.Metrics != nil {
		cfg.Metrics.MustRegister(sends, outboxCollector{cfg.Outbox})
	}
	return s, nil
}

// Configured reports whether e-mails are sent (a server is configured).
func (s *Sender) Configured() bool { return s.cfg.Server.Configured() }

// Run sends, and queues the daily summaries (QueueSummaries), until ctx
// ends; without a server it only gives up, every hour, the
// e-mails that waited longer than MaxWait. Attempts in flight when ctx
// ends finish (each step within Timeout) and their outcomes are recorded
// before Run returns, so the store may be closed right after.
func (s *Sender) Run(ctx context.Context) {
	if !s.Configured() {
		s.log.Warn("e-mail not configured (--smtp-url): notices wait in the outbox", "max_wait", s.cfg.MaxWait.String())
		s.expireEvery(ctx, time.Hour)
		return
	}
	s.log.Info("mail sender started", "server", s.cfg.Server.String(), "timeout", s.cfg.Timeout.String(),
		"attempts", len(s.cfg.Backoff)+1)
	summaries := make(chan struct{})
	go func() {
		defer close(summaries)
		s.summarise(ctx)
	}()
	defer func() { <-summaries }()
	outbox.Drain(ctx, s.log, "mail", s.cfg.Concurrency, s.cfg.Poll,
		func(ctx context.Context) ([]store.Mail, error) {
			return s.cfg.Outbox.ClaimMail(ctx, s.cfg.Concurrency, s.cfg.Lease)
		},
		s.attempt)
	s.log.Info("mail sender stopped")
}

// expireEvery gives up the e-mails older than MaxWait now and then every
// period, until ctx ends.
func (s *Sender) expireEvery(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		n, err := s.cfg.Outbox.ExpireMail(ctx, s.cfg.Now().Add(-s.cfg.MaxWait), ReasonNotConfigured)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Warn("mail: cannot give up the e-mails that waited too long", "err", err)
		case n > 0:
			s.log.Warn("mail: e-mails given up, no server configured", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// attempt composes and sends one e-mail and records the outcome.
func (s *Sender) attempt(ctx context.Context, m store.Mail) {
	// Shutdown does not cut an attempt short: each step ends within
	// Timeout.
	ctx = context.WithoutCancel(ctx)
	attrs := []any{"mail_id", m.ID, "kind", m.Kind, "attempt", m.Attempt}
	letter, msgID, cancelReason, reason, permanent := s.compose(ctx, m)
	if cancelReason == "" && reason == "" {
		reason, permanent = s.send(ctx, letter, msgID)
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var (
		err     error
		outcome string
	)
	switch {
	case cancelReason != "":
		outcome, err = OutcomeCancelled, s.cfg.Outbox.CancelMail(rctx, m, cancelReason)
		attrs = append(attrs, "reason", cancelReason)
	case reason == "":
		var event *listing.LeadEvent
		if subject, ok := eventSubjects[m.Kind]; ok {
			event = &listing.LeadEvent{EmailTo: letter.ToName, EmailSubject: subject}
		}
		outcome, err = OutcomeSent, s.cfg.Outbox.MarkMailSent(rctx, m, letter.To, msgID, event)
		if errors.Is(err, store.ErrLeaseLost) {
			err = nil // already recorded by another attempt
		}
	case permanent || m.Attempt > len(s.cfg.Backoff):
		outcome, err = OutcomeFailed, s.cfg.Outbox.FailMail(rctx, m, reason)
		attrs = append(attrs, "reason", reason)
	default:
		next := s.cfg.Backoff[m.Attempt-1]
		outcome, err = OutcomeRetry, s.cfg.Outbox.RetryMail(rctx, m, next, reason)
		attrs = append(attrs, "reason", reason, "retry_in", next.String())
	}
	if errors.Is(err, store.ErrLeaseLost) {
		s.outcomes[OutcomeLost].Inc()
		s.log.Warn("mail: e-mail taken over by another claim", append(attrs, "status", outcome)...)
		return
	}
	if err != nil {
		// Not recorded: the lease ends and the e-mail is tried again.
		s.log.Error("mail: cannot record the outcome", append(attrs, "status", outcome, "err", err)...)
		return
	}
	s.outcomes[outcome].Inc()
	switch outcome {
	case OutcomeSent:
		s.log.Info("mail sent", attrs...)
	case OutcomeRetry:
		s.log.Warn("mail attempt failed", attrs...)
	case OutcomeCancelled:
		s.log.Info("mail cancelled", attrs...)
	default:
		s.log.Error("mail given up", attrs...)
	}
}

// compose reads what m is about and writes it. It returns the letter and
// its Message-ID, or why it must not go out (cancel), or why it cannot go
// out now (reason; permanent when trying again cannot help).
func (s *Sender) compose(ctx context.Context, m store.Mail) (l Letter, msgID, cancel, reason string, permanent bool) {
	// The same e-mail keeps its Message-ID across attempts, so that a
	// message sent twice (at least once) is one message to mail clients.
	msgID = "<vitrine." + strconv.FormatInt(m.ID, 10) + "." + m.Kind + "@" + s.host + ">"
	switch m.Kind {
	case store.MailLeadNotice:
		n, err := s.cfg.Outbox.LeadNotice(ctx, m.Ref)
		switch {
		case errors.Is(err, listing.ErrNotFound):
			return l, msgID, "cancelado: contato não encontrado", "", false
		case err != nil:
			s.log.Warn("mail: cannot read the lead", "mail_id", m.ID, "err", err)
			return l, msgID, "", "falha ao ler o contato", false
		case !n.Lead.AnonymizedAt.IsZero():
			return l, msgID, store.MailAnonymised, "", false
		}
		l = composeLeadNotice(n, s.cfg.PublicURL)
	case store.MailInvitation, store.MailPasswordReset:
		a, err := s.cfg.Outbox.AccountMail(ctx, m.Kind, m.Ref)
		switch {
		case errors.Is(err, listing.ErrNotFound):
			return l, msgID, "cancelado: link substituído, cancelado ou usado", "", false
		case err != nil:
			s.log.Warn("mail: cannot read the link", "mail_id", m.ID, "err", err)
			return l, msgID, "", "falha ao ler o link", false
		case a.Token == "":
			return l, msgID, "cancelado: link já usado", "", false
		}
		l = composeAccountMail(a, s.cfg.PublicURL)
	case store.MailDailySummary:
		d, err := s.cfg.Outbox.DailySummary(ctx, m.Ref, summaryCutoff(m.CreatedAt))
		switch {
		case errors.Is(err, listing.ErrNotFound):
			return l, msgID, "cancelado: usuário removido", "", false
		case err != nil:
			s.log.Warn("mail: cannot read the summary", "mail_id", m.ID, "err", err)
			return l, msgID, "", "falha ao ler o resumo", false
		case !d.Recipient.Active:
			return l, msgID, "cancelado: usuário desativado", "", false
		}
		if l = composeSummary(d, s.cfg.PublicURL); l.Subject == "" {
			return l, msgID, "cancelado: nenhum contato pendente", "", false
		}
	case store.MailSavedSearchConfirm, store.MailSavedSearchAlert:
		if l, cancel, reason = s.composeSavedSearch(ctx, m); cancel != "" || reason != "" {
			return l, msgID, cancel, reason, false
		}
	case store.MailFavorites:
		if l, cancel, reason = s.composeFavoriteMail(ctx, m); cancel != "" || reason != "" {
			return l, msgID, cancel, reason, false
		}
	case store.MailVisitVisitor, store.MailVisitBroker, store.MailVisitReminder:
		v, err := s.cfg.Outbox.VisitMailData(ctx, m.Ref)
		switch {
		case errors.Is(err, listing.ErrNotFound):
			return l, msgID, "cancelado: visita não encontrada", "", false
		case err != nil:
			s.log.Warn("mail: cannot read the visit", "mail_id", m.ID, "err", err)
			return l, msgID, "", "falha ao ler a visita", false
		}
		if l, cancel = composeVisit(m.Kind, v, s.cfg.PublicURL, s.host, s.zone, s.cfg.Now()); cancel != "" {
			return l, msgID, cancel, "", false
		}
	default:
		return l, msgID, "", "tipo de e-mail desconhecido: " + m.Kind, true
	}
	if l.To == "" {
		return l, msgID, "", "sem destinatário: informe o e-mail da imobiliária em Agência", false
	}
	return l, msgID, "", "", false
}

// message is the letter as a MIME message: UTF-8, a text/plain and a
// text/html alternative, the given Message-ID and the current Date.
func (s *Sender) message(l Letter, msgID string) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8))
	msg.FromMailAddress(s.cfg.From)
	if err := msg.To(l.To); err != nil {
		return nil, fmt.Errorf("recipient: %w", err)
	}
	if l.Cc != "" {
		if err := msg.Cc(l.Cc); err != nil {
			return nil, fmt.Errorf("copy: %w", err)
		}
	}
	if l.ReplyTo != nil {
		msg.ReplyToMailAddress(l.ReplyTo)
	}
	msg.Subject(l.Subject)
	msg.SetMessageIDWithValue(msgID[1 : len(msgID)-1])
	msg.SetDate()
	if l.Unsubscribe != "" {
		// RFC 8058: a POST of "List-Unsubscribe=One-Click" to the address
		// unsubscribes, with no other step.
		msg.SetGenHeader("List-Unsubscribe", "<"+l.Unsubscribe+">")
		msg.SetGenHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, l.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, l.HTML)
	if l.Calendar != nil {
		// The invitation twice, as calendar-aware clients look for it:
		// an alternative text/calendar part with its method (Gmail and
		// Outlook show it as an invitation), and a file (invite.ics) for
		// the others.
		msg.AddAlternativeString(gomail.ContentType(l.CalendarType), string(l.Calendar))
		if err := msg.AttachReader("invite.ics", bytes.NewReader(l.Calendar),
			gomail.WithFileContentType(gomail.ContentType("application/ics"))); err != nil {
			return nil, fmt.Errorf("invitation: %w", err)
		}
	}
	return msg, nil
}

// client returns an SMTP client for the server: implicit TLS (smtps),
// mandatory STARTTLS (smtp), or STARTTLS when offered (Server.PlainAllowed);
// AUTH PLAIN or LOGIN, over TLS, when a user is set.
func (s *Sender) client() (*gomail.Client, error) {
	srv := s.cfg.Server
	tlsConfig := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.cfg.TLS != nil {
		tlsConfig = s.cfg.TLS.Clone()
	}
	tlsConfig.ServerName = srv.Host
	opts := []gomail.Option{
		gomail.WithPort(srv.Port),
		gomail.WithTimeout(s.cfg.Timeout),
		gomail.WithTLSConfig(tlsConfig),
		gomail.WithHELO(s.host),
	}
	switch {
	case srv.Implicit:
		opts = append(opts, gomail.WithSSL())
	case srv.PlainAllowed():
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if srv.Username != "" {
		opts = append(opts, gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(srv.Username), gomail.WithPassword(srv.Password))
	}
	return gomail.NewClient(srv.Host, opts...)
}

// send sends the letter in an SMTP session of its own and returns "" when
// the server accepted it, or a short reason for the administrators (never
// the password, nor what the server said verbatim): permanent when the
// server refused the message for good (a 5xx answer).
func (s *Sender) send(ctx context.Context, l Letter, msgID string) (reason string, permanent bool) {
	msg, err := s.message(l, msgID)
	if err != nil {
		return "destinatário inválido", true
	}
	c, err := s.client()
	if err != nil {
		return "configuração SMTP inválida", false
	}
	// Each step has its own deadline (Timeout); the whole session has a
	// bound too, so that a server that answers slowly, step after step,
	// still ends it.
	ctx, cancel := context.WithTimeout(ctx, 6*s.cfg.Timeout)
	defer cancel()
	return s.reason(c.DialAndSendWithContext(ctx, msg))
}

// reason classifies an SMTP session's failure (see send).
func (s *Sender) reason(err error) (reason string, permanent bool) {
	if err == nil {
		return "", false
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		code := se.ErrorCode()
		switch {
		case code >= 500:
			// RFC 5321: a 5yz answer is permanent; sending the same
			// message again gets the same answer.
			return "recusado pelo servidor SMTP (" + smtpCode(code, se.EnhancedStatusCode()) + ")", true
		case code >= 400:
			return "recusado temporariamente pelo servidor SMTP (" + smtpCode(code, se.EnhancedStatusCode()) + ")", false
		}
	}
	return describe(err, s.cfg.Timeout), false
}

func smtpCode(code int, enhanced string) string {
	if enhanced != "" {
		return strconv.Itoa(code) + " " + enhanced
	}
	return strconv.Itoa(code)
}

package mail_test

import (
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	vmail "github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/mail/mailtest"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// mimePart is a leaf of a received message.
type mimePart struct {
	ContentType, Disposition string
	Body                     string // decoded
}

// leaves walks a MIME message and returns its leaf parts, decoded.
func leaves(t *testing.T, raw string) []mimePart {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out []mimePart
	var walk func(ct, cte, disp string, body io.Reader)
	walk = func(ct, cte, disp string, body io.Reader) {
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil {
			t.Fatalf("Content-Type %q: %v", ct, err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p.Header.Get("Content-Disposition"), p)
			}
		}
		switch strings.ToLower(cte) {
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body) // skips line breaks
		}
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, mimePart{ContentType: ct, Disposition: disp, Body: string(b)})
	}
	walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), "", msg.Body)
	return out
}

// calendarParts returns the message's text/calendar part (with its
// method) and its invite.ics attachment.
func calendarParts(t *testing.T, raw string) (inline, file mimePart) {
	t.Helper()
	for _, p := range leaves(t, raw) {
		switch {
		case strings.HasPrefix(p.ContentType, "text/calendar"):
			inline = p
		case strings.Contains(p.Disposition, "invite.ics"):
			file = p
		}
	}
	if inline.Body == "" || file.Body == "" {
		t.Fatalf("no calendar part (%q) or no invite.ics (%q) in\n%s", inline.ContentType, file.Disposition, raw)
	}
	return inline, file
}

// TestVisitMailsCarryTheInvitation: a booking sends the visitor and the
// broker each an e-mail whose text/calendar part (method=REQUEST) and
// invite.ics hold the slot; a cancellation sends both a CANCEL of the
// same UID with a higher SEQUENCE; the reminder goes to the visitor.
func TestVisitMailsCarryTheInvitation(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	s, _ := fixture(t, "sqlite", store.Options{})
	ana, err := s.CreateUser(ctx, listing.UserInput{Email: "ana@sol.example.com.br", Name: "Ana Souza", Password: "senha-forte-123"},
		"$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5")
	if err != nil {
		t.Fatal(err)
	}
	u := storetest.Apartment("Casa com Visita")
	u.BrokerID = &ana.ID
	p, err := s.CreateProperty(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	sender(t, s, srv, srv.URL(), vmail.Config{})
	start := time.Now().Add(72 * time.Hour).Truncate(time.Hour)
	leadID, token, err := s.BookVisit(ctx, p.Slug, visitor, listing.VisitBooking{BrokerID: ana.ID, StartsAt: start, EndsAt: start.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	msgs := srv.WaitMessages(t, 2)
	dtstart := "DTSTART:" + start.UTC().Format("20060102T150405Z") + "\r\n"
	var uid string
	seen := map[string]bool{}
	for _, m := range msgs {
		to := m.To[0].Address
		seen[to] = true
		inline, file := calendarParts(t, srv.Raw(t, m.ID))
		if !strings.Contains(inline.ContentType, "method=REQUEST") || !strings.Contains(inline.Body, "METHOD:REQUEST\r\n") {
			t.Errorf("%s: calendar part %q", to, inline.ContentType)
		}
		if !strings.Contains(inline.Body, dtstart) || inline.Body != file.Body {
			t.Errorf("%s: the invitation misses %q (or the file differs):\n%s", to, dtstart, inline.Body)
		}
		u := between(inline.Body, "UID:", "\r\n")
		if uid != "" && u != uid {
			t.Errorf("two UIDs for one visit: %q, %q", uid, u)
		}
		uid = u
		switch to {
		case visitor.Email:
			if !strings.Contains(m.Text, publicURL+"/visitas#"+token) || !strings.HasPrefix(m.Subject, "Visita confirmada: Casa com Visita") {
				t.Errorf("visitor's e-mail: %q\n%s", m.Subject, m.Text)
			}
		case "ana@sol.example.com.br":
			if strings.Contains(m.Text, token) || !strings.HasPrefix(m.Subject, "Nova visita: Casa com Visita") ||
				!strings.Contains(m.Text, visitor.Phone) {
				t.Errorf("broker's e-mail: %q\n%s", m.Subject, m.Text)
			}
		}
	}
	if !seen[visitor.Email] || !seen["ana@sol.example.com.br"] {
		t.Fatalf("recipients %v", seen)
	}
	// The lead's timeline says both went out, once the outbox does.
	testwait.Until(t, "the timeline's e-mail events", func() bool {
		l, err := s.Lead(ctx, leadID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range l.Timeline {
			if e.Kind == listing.EventEmailSent {
				got = append(got, e.EmailTo+": "+e.EmailSubject)
			}
		}
		slices.Sort(got)
		return slices.Equal(got, []string{"Ana Souza: visita, para o corretor", visitor.Name + ": visita, para o visitante"})
	})

	if err := s.CancelVisit(ctx, token); err != nil {
		t.Fatal(err)
	}
	msgs = srv.WaitMessages(t, 4)
	for _, m := range msgs[:2] { // newest first
		inline, _ := calendarParts(t, srv.Raw(t, m.ID))
		if !strings.Contains(inline.Body, "METHOD:CANCEL\r\n") || !strings.Contains(inline.Body, "SEQUENCE:1\r\n") ||
			!strings.Contains(inline.Body, "STATUS:CANCELLED\r\n") || between(inline.Body, "UID:", "\r\n") != uid {
			t.Errorf("%s: the cancellation's invitation:\n%s", m.To[0].Address, inline.Body)
		}
		if !strings.HasPrefix(m.Subject, "Visita cancelada: ") || strings.Contains(m.Text, "/visitas#") {
			t.Errorf("cancellation e-mail %q:\n%s", m.Subject, m.Text)
		}
	}

	// A visit booked again, then its reminder.
	if _, _, err := s.BookVisit(ctx, p.Slug, visitor, listing.VisitBooking{BrokerID: ana.ID, StartsAt: start, EndsAt: start.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	srv.WaitMessages(t, 6)
	if n, err := s.QueueVisitReminders(ctx, start); err != nil || n != 1 {
		t.Fatalf("reminders queued %d, %v", n, err)
	}
	m := srv.WaitMessages(t, 7)[0]
	if m.To[0].Address != visitor.Email || !strings.HasPrefix(m.Subject, "Lembrete de visita: Casa com Visita") {
		t.Errorf("reminder %q to %v", m.Subject, m.To)
	}
}

func between(s, from, to string) string {
	_, rest, _ := strings.Cut(s, from)
	v, _, _ := strings.Cut(rest, to)
	return v
}

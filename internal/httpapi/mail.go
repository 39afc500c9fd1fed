package httpapi

import (
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/store"
)

// MailStatus tells whether e-mail is sent; *mail.Sender is one.
type MailStatus interface {
	Configured() bool
}

// mailJSON is an e-mail of the outbox as the back office lists it.
type mailJSON struct {
	ID            int64      `json:"id"`
	Kind          string     `json:"kind"`
	Ref           int64      `json:"ref"`
	Status        string     `json:"status"`
	Attempts      int        `json:"attempts"`
	LastError     *string    `json:"last_error"`
	Recipient     *string    `json:"recipient"`
	CreatedAt     time.Time  `json:"created_at"`
	NextAttemptAt *time.Time `json:"next_attempt_at"` // null unless pending
	SentAt        *time.Time `json:"sent_at"`
}

// adminMail is the e-mail view: whether e-mail is configured, the
// outbox's counts by state, and its latest e-mails.
func (s *Server) adminMail(w http.ResponseWriter, r *http.Request) {
	counts, err := s.store.MailCounts(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	recent, err := s.store.RecentMail(r.Context(), 100)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Configured bool           `json:"configured"`
		Counts     map[string]int `json:"counts"`
		Items      []mailJSON     `json:"items"`
	}{Configured: s.mail != nil && s.mail.Configured(), Counts: counts, Items: make([]mailJSON, len(recent))}
	for i, m := range recent {
		out.Items[i] = newMailJSON(m)
	}
	writeJSON(w, http.StatusOK, out)
}

func newMailJSON(m store.OutboxMail) mailJSON {
	j := mailJSON{ID: m.ID, Kind: m.Kind, Ref: m.Ref, Status: m.Status, Attempts: m.Attempts, CreatedAt: m.CreatedAt,
		LastError: detaildoc.OrNull(m.LastError), Recipient: detaildoc.OrNull(m.Recipient)}
	if m.Status == store.MailPending {
		j.NextAttemptAt = &m.NextAttemptAt
	}
	if !m.SentAt.IsZero() {
		j.SentAt = &m.SentAt
	}
	return j
}

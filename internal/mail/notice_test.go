package mail_test

import (
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/store"
)

// TestLeadNoticeRecipient: the assigned broker receives the notice, the
// agency when there is none or they were deactivated, and the agency's
// copy only when it asked for one.
func TestLeadNoticeRecipient(t *testing.T) {
	agency := listing.Agency{Name: "Imobiliária Sol", Email: "contato@sol.example.com.br"}
	copying := agency
	copying.NoticeCopy = true
	ana := store.NoticeAssignee{ID: 7, Name: "Ana", Email: "ana@sol.example.com.br", Active: true}
	gone := ana
	gone.Active = false
	for _, c := range []struct {
		name     string
		agency   listing.Agency
		assignee store.NoticeAssignee
		want     mail.NoticeRecipients
	}{
		{"broker", agency, ana, mail.NoticeRecipients{To: ana.Email, Name: "Ana"}},
		{"broker with the agency's copy", copying, ana, mail.NoticeRecipients{To: ana.Email, Name: "Ana", Cc: agency.Email}},
		{"nobody assigned", copying, store.NoticeAssignee{}, mail.NoticeRecipients{To: agency.Email, Name: agency.Name}},
		{"broker deactivated", copying, gone, mail.NoticeRecipients{To: agency.Email, Name: agency.Name}},
		{"agency without a name", listing.Agency{Email: agency.Email}, store.NoticeAssignee{}, mail.NoticeRecipients{To: agency.Email, Name: "a imobiliária"}},
		{"nobody at all", listing.Agency{}, store.NoticeAssignee{}, mail.NoticeRecipients{Name: "a imobiliária"}},
	} {
		if got := mail.LeadNoticeRecipient(store.LeadNotice{Agency: c.agency, Assignee: c.assignee}); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

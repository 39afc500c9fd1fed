package mail_test

import (
	"strings"
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

// TestPortalLeadNotice: a portal's lead's notice says which portal it came
// from, names the listing code the portal sent when Vitrine has no such
// listing, and has no e-mail line when the buyer left none.
func TestPortalLeadNotice(t *testing.T) {
	l := listing.Lead{ID: 7, LeadInput: listing.LeadInput{Name: "Paulo Reis", Phone: "(48) 999990000", Message: "Ainda disponível?"},
		Portal: listing.PortalLead{Origin: listing.PortalZAP, LeadID: "abc", ClientListingID: "XYZ-999"}}
	n := store.LeadNotice{Lead: l, Agency: listing.Agency{Name: "Imobiliária Sol", Email: "contato@sol.example"}}
	m := mail.ComposeLeadNotice(n, "https://sol.example")
	if want := "Novo contato: imóvel não encontrado (código XYZ-999 no portal)"; m.Subject != want {
		t.Errorf("Subject = %q, want %q", m.Subject, want)
	}
	if !strings.HasPrefix(m.Text, "Novo contato pelo ZAP Imóveis.\n") || !strings.Contains(m.HTML, "Novo contato pelo ZAP Imóveis.") {
		t.Errorf("the notice does not name the portal:\n%s", m.Text)
	}
	if strings.Contains(m.Text, "E-mail:") || strings.Contains(m.Text, "Responda a este e-mail") || strings.Contains(m.HTML, "mailto:") || m.ReplyTo != nil {
		t.Errorf("an e-mail line for a lead without e-mail:\n%s", m.Text)
	}
	site := mail.ComposeLeadNotice(store.LeadNotice{Lead: listing.Lead{ID: 8, LeadInput: listing.LeadInput{Name: "Ana",
		Email: "ana@example.com", Message: "Olá, quero visitar."}}, Agency: n.Agency}, "https://sol.example")
	if !strings.HasPrefix(site.Text, "Novo contato pelo site da Imobiliária Sol.\n") || !strings.Contains(site.Text, "E-mail: ana@example.com") {
		t.Errorf("the site's notice:\n%s", site.Text)
	}
}

// TestPortalLeadInSummary: the daily summary names a portal's lead's
// listing as the notice does.
func TestPortalLeadInSummary(t *testing.T) {
	l := listing.Lead{ID: 9, LeadInput: listing.LeadInput{Name: "Paulo Reis"},
		Portal: listing.PortalLead{Origin: listing.PortalOLX, LeadID: "abc", ClientListingID: "XYZ-999"}}
	d := store.DailySummary{Recipient: store.SummaryRecipient{ID: 1, Name: "Bia", Email: "bia@sol.example", Active: true},
		Agency: listing.Agency{Name: "Imobiliária Sol"}, Assigned: store.SummaryLeads{Items: []listing.Lead{l}, Total: 1}}
	m := mail.ComposeSummary(d, "https://sol.example")
	if !strings.Contains(m.Text, "Paulo Reis, sobre imóvel não encontrado (código XYZ-999 no portal)") ||
		!strings.Contains(m.Text, "Estes contatos da Imobiliária Sol chegaram há mais de 24 horas") {
		t.Errorf("summary:\n%s", m.Text)
	}
}

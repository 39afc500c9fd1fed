package mail

import (
	htmltemplate "html/template"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/visits"
)

// VisitPath is the page a visitor's link opens, to see, cancel or move
// their visit; the token goes in the fragment, as the account links'.
const VisitPath = "/visitas"

// eventSubjects are what a lead's timeline says each e-mail about it was,
// by kind: the notice, and a visit's.
var eventSubjects = map[string]string{
	store.MailLeadNotice:    NoticeEventSubject,
	store.MailVisitVisitor:  "visita, para o visitante",
	store.MailVisitBroker:   "visita, para o corretor",
	store.MailVisitReminder: "lembrete de visita",
}

// visitData is what the visit templates show.
type visitData struct {
	Name      string // who the letter greets
	Headline  string
	When      string // "sexta-feira, 4 de dezembro de 2026, às 10:00 (horário de Brasília)"
	Title     string
	URL       string // the listing's page; "" once removed
	Place     string // the listing's public address; "" when none may be shown
	Broker    string // the broker's name, for the visitor
	Visitor   string // the visitor's contacts, for the broker
	Email     string
	Phone     string
	Link      string // the visitor's page of the visit; "" for the broker
	LeadURL   string // the lead in the back office; "" for the visitor
	Cancelled bool
	Reminder  bool
}

// visitPlace is where a visit happens as the public may read it: the
// listing's address at its visibility, its neighbourhood and city.
func visitPlace(p *listing.Property) string {
	if p == nil {
		return ""
	}
	var parts []string
	if a := p.Public().Address; a != "" {
		parts = append(parts, a)
	}
	if p.Neighborhood.Name != "" {
		parts = append(parts, p.Neighborhood.Name)
	}
	if p.City.Name != "" {
		parts = append(parts, listing.CityLabel(p.City.Name, p.City.State))
	}
	return strings.Join(parts, ", ")
}

// composeVisit writes the e-mail of kind about the visit v, with links
// under base and its times in loc; the invitation's DTSTAMP is now.
// cancel says why it must not go out.
func composeVisit(kind string, v store.VisitMail, base, host string, loc *time.Location, now time.Time) (l Letter, cancel string) {
	lead, visit := v.Lead, v.Lead.Visit
	cancelled := visit.Status == listing.VisitCancelled
	switch {
	case !lead.AnonymizedAt.IsZero():
		return l, store.MailAnonymised
	case kind == store.MailVisitReminder && cancelled:
		return l, "cancelado: visita cancelada"
	case kind == store.MailVisitReminder && !visit.StartsAt.After(now):
		return l, "cancelado: a visita já começou"
	}
	title := propertyLabel(lead)
	d := visitData{When: visits.Long(visit.StartsAt, loc) + " (horário de Brasília)", Title: title, Place: visitPlace(v.Property),
		Broker: v.Broker.Name, Cancelled: cancelled, Reminder: kind == store.MailVisitReminder}
	if lead.PropertySlug != "" {
		d.URL = base + "/imoveis/" + url.PathEscape(lead.PropertySlug)
	}
	short := visits.Long(visit.StartsAt, loc)
	var state string
	switch {
	case cancelled:
		state = "cancelada"
	case visit.Sequence > 0:
		state = "remarcada"
	default:
		state = "confirmada"
	}
	broker := LeadNoticeRecipient(store.LeadNotice{Agency: v.Agency, Assignee: v.Broker})
	switch kind {
	case store.MailVisitBroker:
		d.Name, d.Visitor, d.Email, d.Phone = broker.Name, lead.Name, lead.Email, lead.Phone
		d.LeadURL = base + "/admin/contatos/" + strconv.FormatInt(lead.ID, 10)
		d.Headline = "Visita " + state + " pelo site."
		if state == "confirmada" {
			d.Headline = "Nova visita agendada pelo site."
		}
		l = Letter{To: broker.To, ToName: broker.Name, Cc: broker.Cc, Subject: "Visita " + state + ": " + title + " — " + short}
		if state == "confirmada" {
			l.Subject = "Nova visita: " + title + " — " + short
		}
		if listing.ValidEmail(lead.Email) {
			l.ReplyTo = &mail.Address{Name: lead.Name, Address: lead.Email}
		}
	default:
		d.Name = lead.Name
		if v.Token != "" && !cancelled {
			d.Link = base + VisitPath + "#" + v.Token
		}
		d.Headline = "Sua visita está " + state + "."
		if cancelled {
			d.Headline = "Sua visita foi cancelada."
		} else if state == "remarcada" {
			d.Headline = "Sua visita foi remarcada."
		}
		l = Letter{To: lead.Email, ToName: lead.Name, Subject: "Visita " + state + ": " + title + " — " + short}
		if d.Reminder {
			d.Headline = "Lembrete: sua visita está chegando."
			l.Subject = "Lembrete de visita: " + title + " — " + short
		}
		if broker.To != "" {
			l.ReplyTo = &mail.Address{Name: broker.Name, Address: broker.To}
		}
	}
	var text, html strings.Builder
	// Fixed templates over plain strings: they cannot fail.
	visitText.Execute(&text, d)
	visitHTML.Execute(&html, d)
	l.Text, l.HTML = text.String(), html.String()
	if d.Reminder {
		return l, ""
	}
	method := visits.MethodRequest
	if cancelled {
		method = visits.MethodCancel
	}
	ev := visits.Event{
		UID: "visita-" + strconv.FormatInt(lead.ID, 10) + "@" + host, Sequence: visit.Sequence, Method: method,
		Stamp: now, Start: visit.StartsAt, End: visit.EndsAt,
		Summary: "Visita: " + title, Location: d.Place,
		Description: strings.TrimSpace("Visita agendada pelo site.\n" + d.URL),
		Organizer:   visits.Party{Name: broker.Name, Email: broker.To},
	}
	if listing.ValidEmail(lead.Email) {
		ev.Attendees = append(ev.Attendees, visits.Party{Name: lead.Name, Email: lead.Email})
	}
	if broker.To != "" {
		ev.Attendees = append(ev.Attendees, visits.Party{Name: broker.Name, Email: broker.To})
	}
	l.Calendar, l.CalendarType = ev.ICS(), ev.ContentType()
	return l, ""
}

var visitText = texttemplate.Must(texttemplate.New("text").Parse(`Olá{{if .Name}}, {{.Name}}{{end}}!

{{.Headline}}

Imóvel: {{.Title}}
{{if .URL}}{{.URL}}
{{end}}{{if .Place}}Local: {{.Place}}
{{end}}Quando: {{.When}}
{{if .Broker}}Corretor(a): {{.Broker}}
{{end}}{{if .Visitor}}
Visitante: {{.Visitor}}
{{if .Email}}E-mail: {{.Email}}
{{end}}{{if .Phone}}Telefone: {{.Phone}}
{{end}}{{end}}{{if not .Reminder}}{{if not .Cancelled}}
O convite segue anexo (invite.ics): abra-o para incluir a visita na sua agenda.
{{else}}
O anexo (invite.ics) tira a visita da sua agenda.
{{end}}{{end}}{{if .Link}}
Precisa cancelar ou mudar o horário? Use este link:
{{.Link}}
{{end}}{{if .LeadURL}}
Ver o contato na área da equipe: {{.LeadURL}}
{{end}}`))

var visitHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Visita</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Olá{{if .Name}}, {{.Name}}{{end}}!</p>
<p><strong>{{.Headline}}</strong></p>
<table cellpadding="4" style="border-collapse: collapse">
<tr><th align="left">Imóvel</th><td>{{if .URL}}<a href="{{.URL}}">{{.Title}}</a>{{else}}{{.Title}}{{end}}</td></tr>
{{if .Place}}<tr><th align="left">Local</th><td>{{.Place}}</td></tr>
{{end}}<tr><th align="left">Quando</th><td>{{.When}}</td></tr>
{{if .Broker}}<tr><th align="left">Corretor(a)</th><td>{{.Broker}}</td></tr>
{{end}}{{if .Visitor}}<tr><th align="left">Visitante</th><td>{{.Visitor}}</td></tr>
{{if .Email}}<tr><th align="left">E-mail</th><td><a href="mailto:{{.Email}}">{{.Email}}</a></td></tr>
{{end}}{{if .Phone}}<tr><th align="left">Telefone</th><td>{{.Phone}}</td></tr>
{{end}}{{end}}</table>
{{if not .Reminder}}<p style="color: #52606d; font-size: 0.9em">{{if .Cancelled}}O anexo (invite.ics) tira a visita da sua agenda.{{else}}O convite segue anexo (invite.ics): abra-o para incluir a visita na sua agenda.{{end}}</p>
{{end}}{{if .Link}}<p><a href="{{.Link}}">Cancelar ou mudar o horário</a></p>
{{end}}{{if .LeadURL}}<p><a href="{{.LeadURL}}">Ver o contato na área da equipe</a></p>
{{end}}</body>
</html>
`))

package mail

import (
	htmltemplate "html/template"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	texttemplate "text/template"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// NoticeRecipients are who the notice of a new lead goes to.
type NoticeRecipients struct {
	To string // "" when there is nobody to send it to
	// Name is To as the lead's timeline names it: the broker's name, or
	// the agency's.
	Name string
	// Cc is the agency's e-mail when it asked for a copy of the notices
	// sent to its brokers; "" for none.
	Cc string
}

// LeadNoticeRecipient decides who receives the notice of a new lead: the
// lead's assigned broker, at their e-mail; with none (or the broker
// deactivated), the agency's e-mail (Agency settings), with no copy.
// This is the one place that decides it.
func LeadNoticeRecipient(n store.LeadNotice) NoticeRecipients {
	a := n.Assignee
	if a.ID != 0 && a.Active && listing.ValidEmail(a.Email) {
		r := NoticeRecipients{To: a.Email, Name: a.Name}
		if n.Agency.NoticeCopy && n.Agency.Email != "" && !strings.EqualFold(n.Agency.Email, a.Email) {
			r.Cc = n.Agency.Email
		}
		return r
	}
	name := n.Agency.Name
	if name == "" {
		name = "a imobiliária"
	}
	return NoticeRecipients{To: n.Agency.Email, Name: name}
}

// NoticeEventSubject is what the timeline says a lead's notice was.
const NoticeEventSubject = "aviso de novo contato"

// Letter is a composed e-mail, before its envelope: what the message
// says, whoever it goes to.
type Letter struct {
	To string
	// ToName names To in the lead's timeline (see NoticeRecipients).
	ToName  string
	Cc      string        // "" for none
	ReplyTo *mail.Address // nil for none
	Subject string
	Text    string
	HTML    string
	// Unsubscribe is the one-click unsubscription address (RFC 8058) of
	// an e-mail a visitor subscribed to; "" for none.
	Unsubscribe string
	// Calendar is an invitation (.ics) sent as a text/calendar part of
	// CalendarType and as the attachment invite.ics; nil for none.
	Calendar     []byte
	CalendarType string
}

// noticeData is what the notice templates show.
type noticeData struct {
	// Via is where the lead came from: "pelo site da <agency>", "pelo
	// ZAP Imóveis".
	Via                      string
	Code, Title, PropertyURL string
	Name, Email, Phone       string
	Message                  string
	WhatsAppURL              string // "" when the visitor gave no usable phone
	LeadURL                  string
}

// composeLeadNotice writes the notice of n, with links under base (the
// service's public address, without a trailing slash).
func composeLeadNotice(n store.LeadNotice, base string) Letter {
	l := n.Lead
	d := noticeData{
		Code: l.PropertyCode,
		Name: l.Name, Email: l.Email, Phone: l.Phone, Message: l.Message,
		LeadURL: base + "/admin/contatos/" + strconv.FormatInt(l.ID, 10),
	}
	if l.PropertySlug != "" {
		d.PropertyURL = base + "/imoveis/" + url.PathEscape(l.PropertySlug)
	}
	d.Via = "pelo site"
	if n.Agency.Name != "" {
		d.Via += " da " + n.Agency.Name
	}
	if l.Portal.FromPortal() {
		d.Via = "pelo " + l.Portal.Origin.Name()
	}
	d.Title = propertyLabel(l)
	d.WhatsAppURL = whatsAppReply(l.Phone, l.Name, l.PropertyCode, l.PropertyTitle)
	subject := "Novo contato: " + d.Title
	if d.Code != "" {
		subject = "Novo contato: " + d.Code + " — " + d.Title
	}
	rcpt := LeadNoticeRecipient(n)
	letter := Letter{To: rcpt.To, ToName: rcpt.Name, Cc: rcpt.Cc, Subject: subject}
	if listing.ValidEmail(l.Email) {
		letter.ReplyTo = &mail.Address{Name: l.Name, Address: l.Email}
	}
	var text, html strings.Builder
	// The templates are fixed and their data plain strings: they cannot
	// fail.
	noticeText.Execute(&text, d)
	noticeHTML.Execute(&html, d)
	letter.Text, letter.HTML = text.String(), html.String()
	return letter
}

// propertyLabel names a lead's property in an e-mail: its title, or why
// there is none (removed since, or a portal's listing Vitrine does not
// have).
func propertyLabel(l listing.Lead) string {
	switch {
	case l.PropertyTitle != "":
		return l.PropertyTitle
	case l.PropertyID != "" || !l.Portal.FromPortal():
		return "imóvel removido"
	case l.Portal.ClientListingID != "":
		return "imóvel não encontrado (código " + l.Portal.ClientListingID + " no portal)"
	}
	return "imóvel não informado pelo portal"
}

// whatsAppReply is a wa.me link that opens a reply to the visitor with a
// greeting naming the property; "" when phone is not a number.
func whatsAppReply(phone, name, code, title string) string {
	e164, ok := listing.ParsePhone(phone)
	if !ok {
		return ""
	}
	about := title
	if code != "" {
		about = title + " (" + code + ")"
	}
	greeting := "Olá"
	if first, _, _ := strings.Cut(strings.TrimSpace(name), " "); first != "" {
		greeting += ", " + first
	}
	msg := greeting + "! Recebemos sua mensagem sobre o imóvel " + about + ". Podemos conversar?"
	// %20 rather than "+" for spaces: both mean a space to wa.me, and
	// "+" would be escaped again in the HTML part's link.
	return "https://wa.me/" + strings.TrimPrefix(e164, "+") + "?text=" + strings.ReplaceAll(url.QueryEscape(msg), "+", "%20")
}

var noticeText = texttemplate.Must(texttemplate.New("text").Parse(`Novo contato {{.Via}}.

Imóvel: {{if .Code}}{{.Code}} — {{end}}{{.Title}}
{{if .PropertyURL}}{{.PropertyURL}}
{{end}}
Nome: {{.Name}}
{{if .Email}}E-mail: {{.Email}}
{{end}}{{if .Phone}}Telefone: {{.Phone}}
{{end}}
Mensagem:
{{.Message}}
{{if .WhatsAppURL}}
Responder pelo WhatsApp: {{.WhatsAppURL}}
{{end}}
Ver o contato na área da equipe: {{.LeadURL}}
{{if .Email}}
Responda a este e-mail para escrever ao visitante.
{{end}}`))

var noticeHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Novo contato</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Novo contato {{.Via}}.</p>
<p><strong>Imóvel:</strong> {{if .PropertyURL}}<a href="{{.PropertyURL}}">{{if .Code}}{{.Code}} — {{end}}{{.Title}}</a>{{else}}{{if .Code}}{{.Code}} — {{end}}{{.Title}}{{end}}</p>
<table cellpadding="4" style="border-collapse: collapse">
<tr><th align="left">Nome</th><td>{{.Name}}</td></tr>
{{if .Email}}<tr><th align="left">E-mail</th><td><a href="mailto:{{.Email}}">{{.Email}}</a></td></tr>
{{end}}{{if .Phone}}<tr><th align="left">Telefone</th><td>{{.Phone}}</td></tr>
{{end}}</table>
<p><strong>Mensagem:</strong></p>
<blockquote style="white-space: pre-wrap; margin: 0 0 1em; padding-left: 1em; border-left: 3px solid #ccc">{{.Message}}</blockquote>
{{if .WhatsAppURL}}<p><a href="{{.WhatsAppURL}}">Responder pelo WhatsApp</a></p>
{{end}}<p><a href="{{.LeadURL}}">Ver o contato na área da equipe</a></p>
{{if .Email}}<p style="color: #52606d; font-size: 0.9em">Responda a este e-mail para escrever ao visitante.</p>
{{end}}</body>
</html>
`))

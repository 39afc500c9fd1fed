package mail

import (
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"github.com/vitrine/vitrine/internal/store"
)

// Pages that a link's token opens. The token goes in the fragment, which
// the browser never sends, so no request log or proxy sees it.
const (
	InvitationPath    = "/admin/convite"
	PasswordResetPath = "/admin/nova-senha"
)

// accountData is what the invitation and reset templates show.
type accountData struct {
	Name, Agency, InvitedBy, Role, Link string
	Invitation                          bool
}

// composeAccountMail writes the invitation or the password reset of a,
// with its link under base (the service's public address).
func composeAccountMail(a store.AccountMail, base string) Letter {
	d := accountData{Name: a.Name, Agency: a.Agency.Name, InvitedBy: a.InvitedBy,
		Role: strings.ToLower(a.Role.Label()), Invitation: a.Kind == store.MailInvitation}
	agency := d.Agency
	if agency == "" {
		agency = "imobiliária"
	}
	var subject string
	if d.Invitation {
		d.Link = base + InvitationPath + "#" + a.Token
		subject = "Convite para a equipe da " + agency
	} else {
		d.Link = base + PasswordResetPath + "#" + a.Token
		subject = "Nova senha para a área da equipe da " + agency
	}
	var text, html strings.Builder
	// Fixed templates over plain strings: they cannot fail.
	accountText.Execute(&text, d)
	accountHTML.Execute(&html, d)
	return Letter{To: a.Email, Subject: subject, Text: text.String(), HTML: html.String()}
}

var accountText = texttemplate.Must(texttemplate.New("text").Parse(`Olá{{if .Name}}, {{.Name}}{{end}}!
{{if .Invitation}}
{{if .InvitedBy}}{{.InvitedBy}} convidou você{{else}}Você foi convidado(a){{end}} para a equipe {{if .Agency}}da {{.Agency}}{{else}}da imobiliária{{end}} na área da equipe, como {{.Role}}.

Para aceitar, crie sua senha neste link (vale por 72 horas e pode ser usado uma única vez):
{{.Link}}

Se você não esperava este convite, ignore este e-mail.
{{else}}
Recebemos um pedido para criar uma nova senha da sua conta na área da equipe {{if .Agency}}da {{.Agency}}{{else}}da imobiliária{{end}}.

Crie a nova senha neste link (vale por 1 hora e pode ser usado uma única vez):
{{.Link}}

Ao criar a nova senha, as outras sessões abertas da sua conta são encerradas.
Se não foi você que pediu, ignore este e-mail: sua senha atual continua valendo.
{{end}}`))

var accountHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>{{if .Invitation}}Convite{{else}}Nova senha{{end}}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Olá{{if .Name}}, {{.Name}}{{end}}!</p>
{{if .Invitation}}<p>{{if .InvitedBy}}{{.InvitedBy}} convidou você{{else}}Você foi convidado(a){{end}} para a equipe {{if .Agency}}da {{.Agency}}{{else}}da imobiliária{{end}} na área da equipe, como <strong>{{.Role}}</strong>.</p>
<p><a href="{{.Link}}">Criar minha senha</a></p>
<p style="color: #52606d; font-size: 0.9em">O link vale por 72 horas e pode ser usado uma única vez. Se você não esperava este convite, ignore este e-mail.</p>
{{else}}<p>Recebemos um pedido para criar uma nova senha da sua conta na área da equipe {{if .Agency}}da {{.Agency}}{{else}}da imobiliária{{end}}.</p>
<p><a href="{{.Link}}">Criar uma nova senha</a></p>
<p style="color: #52606d; font-size: 0.9em">O link vale por 1 hora e pode ser usado uma única vez. Ao criar a nova senha, as outras sessões abertas da sua conta são encerradas. Se não foi você que pediu, ignore este e-mail: sua senha atual continua valendo.</p>
{{end}}</body>
</html>
`))

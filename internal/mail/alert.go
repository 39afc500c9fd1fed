package mail

import (
	"context"
	"errors"
	htmltemplate "html/template"
	"net/url"
	"strconv"
	"strings"
	texttemplate "text/template"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/seo"
	"github.com/vitrine/vitrine/internal/store"
)

// The e-mails of saved searches (package alerts finds their news): the
// confirmation that the visitor asked for alerts (double opt-in), and
// each alert. Each mints its own link token when it is composed
// (store.MintSavedSearchLink), so no raw token is ever stored; the link
// opens the confirmation page, the management page of the search's
// e-mail, and the one-click unsubscription (RFC 8058).
const (
	SavedSearchConfirmPath = "/alertas/confirmar"
	SavedSearchManagePath  = "/alertas/gerenciar"
	// SavedSearchUnsubscribePath takes the RFC 8058 one-click POST; its
	// GET shows the management page and changes nothing.
	SavedSearchUnsubscribePath = "/api/v1/saved-searches/unsubscribe"
)

// savedSearchOutbox is what the saved searches' e-mails read.
type savedSearchOutbox interface {
	SavedSearch(ctx context.Context, id int64) (listing.SavedSearch, error)
	SavedSearchAlertMail(ctx context.Context, id int64) (store.SavedSearchAlert, error)
	MintSavedSearchLink(ctx context.Context, id int64) (string, error)
	FavoriteMail(ctx context.Context, id int64) (store.FavoriteMail, error)
}

// composeSavedSearch composes the e-mail m about a saved search (see
// Sender.compose for what it returns).
func (s *Sender) composeSavedSearch(ctx context.Context, m store.Mail) (l Letter, cancel, reason string) {
	ob := s.cfg.Outbox
	var (
		ss    listing.SavedSearch
		alert store.SavedSearchAlert
		err   error
	)
	if m.Kind == store.MailSavedSearchConfirm {
		ss, err = ob.SavedSearch(ctx, m.Ref)
	} else {
		alert, err = ob.SavedSearchAlertMail(ctx, m.Ref)
		ss = alert.Search
	}
	switch {
	case errors.Is(err, listing.ErrNotFound):
		return l, "cancelado: busca salva removida", ""
	case err != nil:
		s.log.Warn("mail: cannot read the saved search", "mail_id", m.ID, "err", err)
		return l, "", "falha ao ler a busca salva"
	case m.Kind == store.MailSavedSearchConfirm && ss.Status != listing.SavedSearchPending:
		return l, "cancelado: busca já confirmada ou cancelada", ""
	case m.Kind == store.MailSavedSearchAlert && ss.Status != listing.SavedSearchActive:
		return l, "cancelado: alerta cancelado", ""
	case m.Kind == store.MailSavedSearchAlert && len(alert.Properties) == 0:
		return l, "cancelado: nenhum dos imóveis está mais publicado", ""
	}
	token, err := ob.MintSavedSearchLink(ctx, ss.ID)
	if err != nil {
		s.log.Warn("mail: cannot mint the saved search's link", "mail_id", m.ID, "err", err)
		return l, "", "falha ao criar o link"
	}
	if m.Kind == store.MailSavedSearchConfirm {
		return composeSavedSearchConfirm(ss, token, s.cfg.PublicURL), "", ""
	}
	return composeAlert(alert, token, s.cfg.PublicURL), "", ""
}

// savedSearchData is what the saved searches' templates show.
type savedSearchData struct {
	Agency, SearchURL, ConfirmURL, ManageURL string
	Daily                                    bool
	Items                                    []alertItem
}

type alertItem struct {
	Title, Place, Price, OldPrice, URL string
	Drop                               bool
}

func savedSearchDataOf(ss listing.SavedSearch, agency, token, base string) savedSearchData {
	q := url.QueryEscape(token)
	return savedSearchData{Agency: agency, SearchURL: base + "/busca?" + ss.Query,
		ConfirmURL: base + SavedSearchConfirmPath + "?token=" + q,
		ManageURL:  base + SavedSearchManagePath + "?token=" + q,
		Daily:      ss.Frequency == listing.FrequencyDaily}
}

// composeSavedSearchConfirm writes the confirmation of ss, with its link.
func composeSavedSearchConfirm(ss listing.SavedSearch, token, base string) Letter {
	d := savedSearchDataOf(ss, "", token, base)
	var text, html strings.Builder
	// Fixed templates over plain strings: they cannot fail.
	confirmText.Execute(&text, d)
	confirmHTML.Execute(&html, d)
	return Letter{To: ss.Email, Subject: "Confirme seu alerta de imóveis", Text: text.String(), HTML: html.String()}
}

// composeAlert writes the alert a, with the links of token: the
// management page in the body, and the one-click unsubscription in its
// List-Unsubscribe header.
func composeAlert(a store.SavedSearchAlert, token, base string) Letter {
	d := savedSearchDataOf(a.Search, a.Agency.Name, token, base)
	kinds := map[string]listing.AlertHit{}
	for _, h := range a.Hits {
		kinds[strings.ToLower(h.PropertyID)] = h
	}
	drops := 0
	for _, p := range a.Properties {
		h := kinds[strings.ToLower(p.ID)]
		it := itemOf(p, base)
		if h.Kind == listing.AlertPriceDrop {
			it.Drop, it.OldPrice = true, brl(h.OldCents)
			drops++
		}
		d.Items = append(d.Items, it)
	}
	n := len(d.Items)
	subject := plural(n, "imóvel novo", "imóveis novos") + " para a sua busca"
	switch {
	case drops == n:
		subject = plural(n, "imóvel baixou", "imóveis baixaram") + " de preço na sua busca"
	case drops > 0:
		subject = plural(n, "novidade", "novidades") + " na sua busca: imóveis novos e preços menores"
	}
	var text, html strings.Builder
	alertText.Execute(&text, d)
	alertHTML.Execute(&html, d)
	return Letter{To: a.Search.Email, Subject: subject, Text: text.String(), HTML: html.String(),
		Unsubscribe: base + SavedSearchUnsubscribePath + "?token=" + url.QueryEscape(token)}
}

// itemOf is a listing as the visitors' e-mails list it.
func itemOf(p listing.Property, base string) alertItem {
	it := alertItem{Title: p.Title, Place: p.Neighborhood.Name + ", " + p.City.Name,
		Price: brl(int64(p.Price)), URL: base + "/imoveis/" + url.PathEscape(p.Slug)}
	if p.Type == string(listing.BusinessRent) {
		it.Price += " por mês"
	}
	return it
}

// composeFavoriteMail composes the favourites' e-mail m (see
// Sender.compose for what it returns).
func (s *Sender) composeFavoriteMail(ctx context.Context, m store.Mail) (l Letter, cancel, reason string) {
	f, err := s.cfg.Outbox.FavoriteMail(ctx, m.Ref)
	switch {
	case errors.Is(err, listing.ErrNotFound):
		return l, "cancelado: pedido removido", ""
	case err != nil:
		s.log.Warn("mail: cannot read the favourites", "mail_id", m.ID, "err", err)
		return l, "", "falha ao ler os favoritos"
	case len(f.Properties) == 0:
		return l, "cancelado: nenhum dos imóveis está mais publicado", ""
	}
	d := savedSearchData{Agency: f.Agency.Name}
	for _, p := range f.Properties {
		d.Items = append(d.Items, itemOf(p, s.cfg.PublicURL))
	}
	var text, html strings.Builder
	favoritesText.Execute(&text, d)
	favoritesHTML.Execute(&html, d)
	return Letter{To: f.Request.Email, Subject: "Sua lista de imóveis favoritos", Text: text.String(), HTML: html.String()}, "", ""
}

// brl writes cents as Brazilian reais: "R$ 1.250.000" or "R$ 99,90".
func brl(cents int64) string {
	s := "R$ " + seo.Thousands(int(cents/100))
	if c := cents % 100; c != 0 {
		s += "," + strconv.FormatInt(c/10, 10) + strconv.FormatInt(c%10, 10)
	}
	return s
}

var confirmText = texttemplate.Must(texttemplate.New("text").Parse(`Olá!

Recebemos um pedido para avisar este e-mail quando aparecerem imóveis novos para esta busca:
{{.SearchURL}}

Para confirmar e começar a receber os alertas ({{if .Daily}}uma vez por dia{{else}}assim que surgirem{{end}}), abra este link e toque em "Confirmar":
{{.ConfirmURL}}

Se não foi você que pediu, ignore este e-mail: sem a confirmação, nada será enviado e o pedido é apagado em 7 dias.
`))

var confirmHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Confirme seu alerta de imóveis</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Olá!</p>
<p>Recebemos um pedido para avisar este e-mail quando aparecerem imóveis novos para <a href="{{.SearchURL}}">esta busca</a>.</p>
<p><a href="{{.ConfirmURL}}">Confirmar meu alerta</a></p>
<p style="color: #52606d; font-size: 0.9em">Você receberá os alertas {{if .Daily}}uma vez por dia{{else}}assim que surgirem{{end}}. Se não foi você que pediu, ignore este e-mail: sem a confirmação, nada será enviado e o pedido é apagado em 7 dias.</p>
</body>
</html>
`))

var alertText = texttemplate.Must(texttemplate.New("text").Parse(`Olá!

Novidades para a sua busca{{if .Agency}} na {{.Agency}}{{end}}:
{{range .Items}}
- {{.Title}} ({{.Place}}): {{if .Drop}}de {{.OldPrice}} por {{.Price}}{{else}}{{.Price}}{{end}}
  {{.URL}}
{{end}}
Ver todos os resultados da busca: {{.SearchURL}}

Gerenciar ou cancelar seus alertas: {{.ManageURL}}
`))

var alertHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Novidades para a sua busca</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Olá! Novidades para a sua busca{{if .Agency}} na {{.Agency}}{{end}}:</p>
<ul>{{range .Items}}
<li><a href="{{.URL}}">{{.Title}}</a> ({{.Place}}): {{if .Drop}}de <s>{{.OldPrice}}</s> por <strong>{{.Price}}</strong>{{else}}<strong>{{.Price}}</strong>{{end}}</li>{{end}}
</ul>
<p><a href="{{.SearchURL}}">Ver todos os resultados da busca</a></p>
<p style="color: #52606d; font-size: 0.9em"><a href="{{.ManageURL}}">Gerenciar ou cancelar meus alertas</a></p>
</body>
</html>
`))

var favoritesText = texttemplate.Must(texttemplate.New("text").Parse(`Olá!

Esta é a lista de imóveis que você salvou nos favoritos{{if .Agency}} no site da {{.Agency}}{{end}}:
{{range .Items}}
- {{.Title}} ({{.Place}}): {{.Price}}
  {{.URL}}
{{end}}
Você recebeu este e-mail porque pediu para enviá-la a este endereço. Não enviaremos outros e-mails por causa deste pedido.
`))

var favoritesHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Sua lista de imóveis favoritos</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Olá! Esta é a lista de imóveis que você salvou nos favoritos{{if .Agency}} no site da {{.Agency}}{{end}}:</p>
<ul>{{range .Items}}
<li><a href="{{.URL}}">{{.Title}}</a> ({{.Place}}): <strong>{{.Price}}</strong></li>{{end}}
</ul>
<p style="color: #52606d; font-size: 0.9em">Você recebeu este e-mail porque pediu para enviá-la a este endereço. Não enviaremos outros e-mails por causa deste pedido.</p>
</body>
</html>
`))

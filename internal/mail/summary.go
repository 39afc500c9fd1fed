package mail

import (
	"context"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// The daily summary (store.QueueDailySummaries): from SummaryHour of each
// of the agency's days, the Sender queues that day's summaries, at most
// once a day whatever the number of instances, when the agency asked for
// them. Each lists the leads still "novo" SummaryAge after they came.
// Without a server nothing is queued: a summary says how things are, and
// one that waited would say how they were.
const (
	SummaryHour = 8
	SummaryAge  = 24 * time.Hour
)

// QueueSummaries queues the summaries of the agency's day at now, when it
// is SummaryHour or later there and they were not queued before, and
// returns how many it queued.
func (s *Sender) QueueSummaries(ctx context.Context, now time.Time) (int, error) {
	local := now.In(listing.AgencyZone())
	if local.Hour() < SummaryHour {
		return 0, nil
	}
	return s.cfg.Outbox.QueueDailySummaries(ctx, local.Format(time.DateOnly), summaryCutoff(now))
}

// summarise queues the summaries every SummaryPoll until ctx ends.
func (s *Sender) summarise(ctx context.Context) {
	t := time.NewTicker(s.cfg.SummaryPoll)
	defer t.Stop()
	for {
		n, err := s.QueueSummaries(ctx, s.cfg.Now())
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Warn("mail: cannot queue the daily summaries", "err", err)
		case n > 0:
			s.log.Info("mail: daily summaries queued", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// summaryCutoff is the creation time before which a summary queued at
// queued lists a pending lead: the same on every attempt.
func summaryCutoff(queued time.Time) time.Time { return queued.Add(-SummaryAge) }

// summaryData is what the summary templates show.
type summaryData struct {
	Name, Agency         string
	Assigned, Unassigned summaryList
}

type summaryList struct {
	Items []summaryItem
	Total int
	More  int    // Total beyond the items shown
	URL   string // the inbox filtered to this list
}

type summaryItem struct {
	When, Name, Property, URL string
}

// composeSummary writes the summary d, with links under base; the zero
// Letter when it has nothing to say.
func composeSummary(d store.DailySummary, base string) Letter {
	data := summaryData{Name: d.Recipient.Name, Agency: d.Agency.Name,
		Assigned:   summaryListOf(d.Assigned, base, base+"/admin/contatos?status=novo&assigned_to=me"),
		Unassigned: summaryListOf(d.Unassigned, base, base+"/admin/contatos?status=novo&assigned_to=none")}
	n := d.Assigned.Total + d.Unassigned.Total
	if n == 0 {
		return Letter{}
	}
	subject := "Resumo do dia: " + plural(n, "contato novo", "contatos novos") + " sem resposta há mais de 24 horas"
	var text, html strings.Builder
	// Fixed templates over plain strings: they cannot fail.
	summaryText.Execute(&text, data)
	summaryHTML.Execute(&html, data)
	return Letter{To: d.Recipient.Email, ToName: d.Recipient.Name, Subject: subject, Text: text.String(), HTML: html.String()}
}

func summaryListOf(l store.SummaryLeads, base, inbox string) summaryList {
	out := summaryList{Total: l.Total, More: l.Total - len(l.Items), URL: inbox}
	zone := listing.AgencyZone()
	for _, lead := range l.Items {
		out.Items = append(out.Items, summaryItem{
			When:     lead.CreatedAt.In(zone).Format("02/01 às 15:04"),
			Name:     lead.Name,
			Property: propertyLabel(lead),
			URL:      base + "/admin/contatos/" + strconv.FormatInt(lead.ID, 10),
		})
	}
	return out
}

// plural writes n with the singular or the plural noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

var summaryFuncs = map[string]any{"plural": plural}

var summaryText = texttemplate.Must(texttemplate.New("text").Funcs(summaryFuncs).Parse(`Olá{{if .Name}}, {{.Name}}{{end}}!

Estes contatos{{if .Agency}} da {{.Agency}}{{end}} chegaram há mais de 24 horas e continuam como "novo".
{{with .Assigned}}{{if .Total}}
Seus contatos ({{.Total}}):
{{range .Items}}- {{.When}}: {{.Name}}, sobre {{.Property}}
  {{.URL}}
{{end}}{{if .More}}e mais {{plural .More "contato" "contatos"}}.
{{end}}Ver todos: {{.URL}}
{{end}}{{end}}{{with .Unassigned}}{{if .Total}}
Contatos sem responsável ativo ({{.Total}}):
{{range .Items}}- {{.When}}: {{.Name}}, sobre {{.Property}}
  {{.URL}}
{{end}}{{if .More}}e mais {{plural .More "contato" "contatos"}}.
{{end}}Atribua um responsável: {{.URL}}
{{end}}{{end}}
Você recebe este resumo porque a imobiliária ativou o resumo diário na área da equipe (Agência).
`))

var summaryHTML = htmltemplate.Must(htmltemplate.New("html").Funcs(summaryFuncs).Parse(`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Resumo do dia</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
<p>Olá{{if .Name}}, {{.Name}}{{end}}!</p>
<p>Estes contatos{{if .Agency}} da {{.Agency}}{{end}} chegaram há mais de 24 horas e continuam como “novo”.</p>
{{with .Assigned}}{{if .Total}}<h2 style="font-size: 1.1em">Seus contatos ({{.Total}})</h2>
<ul>
{{range .Items}}<li>{{.When}}: <a href="{{.URL}}">{{.Name}}</a>, sobre {{.Property}}</li>
{{end}}</ul>
<p>{{if .More}}E mais {{plural .More "contato" "contatos"}}. {{end}}<a href="{{.URL}}">Ver todos</a></p>
{{end}}{{end}}{{with .Unassigned}}{{if .Total}}<h2 style="font-size: 1.1em">Contatos sem responsável ativo ({{.Total}})</h2>
<ul>
{{range .Items}}<li>{{.When}}: <a href="{{.URL}}">{{.Name}}</a>, sobre {{.Property}}</li>
{{end}}</ul>
<p>{{if .More}}E mais {{plural .More "contato" "contatos"}}. {{end}}<a href="{{.URL}}">Atribuir um responsável</a></p>
{{end}}{{end}}<p style="color: #52606d; font-size: 0.9em">Você recebe este resumo porque a imobiliária ativou o resumo diário na área da equipe (Agência).</p>
</body>
</html>
`))

package mail

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/vitrine/vitrine/internal/store"
)

var outboxDesc = prometheus.NewDesc("vitrine_mail_outbox",
	"E-mails in the outbox, by state: pending, sent, failed, cancelled (read from the database at each scrape).",
	[]string{"state"}, nil)

// outboxCollector reads the outbox's counts at each scrape, so that every
// instance on one database reports the same figures.
type outboxCollector struct{ outbox Outbox }

func (c outboxCollector) Describe(ch chan<- *prometheus.Desc) { ch <- outboxDesc }

func (c outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := c.outbox.MailCounts(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(outboxDesc, err)
		return
	}
	for _, st := range store.MailStates {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(counts[st]), st)
	}
}

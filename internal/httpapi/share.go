package httpapi

import (
	"net/http"
	"time"
)

// patternShare is the route of a visitor's share of a property from its
// page (the WhatsApp, copy-link and phone share buttons).
const patternShare = "POST /api/v1/properties/{slug}/share"

// shareChannels are the share buttons, as the shared links' utm_medium
// names them; the metric's label takes only these, so its series stay
// three.
var shareChannels = map[string]bool{"whatsapp": true, "link": true, "nativo": true}

// The default limits of the share count (Config's zero Rates): a client
// address counts three shares per property in ten minutes (a visitor may
// send it to a few people), and the whole server at most 60 a minute, so
// a crowd of addresses cannot turn the count into a flood of writes.
var (
	DefaultShareClientLimit = Rate{N: 3, Per: 10 * time.Minute}
	DefaultShareGlobalLimit = Rate{N: 60, Per: time.Minute}
)

// countShare counts a share of the active property at slug, body
// {"channel": "whatsapp"|"link"|"nativo"}: 204, 404 like the detail read,
// 422 for another channel. Past the limits it answers 204 and counts
// nothing, as countWhatsAppClick does: the visitor has shared already.
// Nothing personal is kept: the count is one upsert beside the property
// (store.CountShare).
func (s *Server) countShare(w http.ResponseWriter, r *http.Request) {
	id, err := s.activePropertyID(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("channel")
	channel, ok := o.requiredStr("channel")
	if ok && !shareChannels[channel] {
		o.fail("channel", "Informe whatsapp, link ou nativo.")
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	spent, ok, _ := take(keyed{s.shareLimiter, s.clientKey(r) + " " + id}, keyed{s.shareGlobalLimiter, ""})
	if ok {
		if err := s.store.CountShare(r.Context(), id); err != nil {
			spent.refund()
			s.writeError(w, r, err)
			return
		}
		s.metrics.shares.WithLabelValues(channel).Inc()
	}
	w.WriteHeader(http.StatusNoContent)
}

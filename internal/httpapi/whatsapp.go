package httpapi

import (
	"net/http"
	"time"
)

// patternWhatsApp is the route of a visitor's click on a property's
// WhatsApp button.
const patternWhatsApp = "POST /api/v1/properties/{slug}/whatsapp"

// The default limits of the WhatsApp click count (Config's zero Rates):
// a client address counts once per property in ten minutes, and the
// whole server counts at most 60 clicks a minute (bursts of 60), so a
// crowd of addresses cannot turn the count into a flood of writes.
var (
	DefaultWhatsAppClientLimit = Rate{N: 1, Per: 10 * time.Minute}
	DefaultWhatsAppGlobalLimit = Rate{N: 60, Per: time.Minute}
)

// countWhatsAppClick counts a visitor's click on the WhatsApp button of
// the active property at slug: 204, or 404 like the detail read. A click
// past the limits (per client address and property, and for the whole
// server) is answered 204 too, and not counted: the visitor is on the way
// to WhatsApp and nothing is theirs to retry. The count is one upsert
// beside the property (store.CountWhatsAppClick), which leaves the
// property, its document and every cache as they are.
func (s *Server) countWhatsAppClick(w http.ResponseWriter, r *http.Request) {
	id, err := s.activePropertyID(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	spent, ok, _ := take(keyed{s.whatsappLimiter, s.clientKey(r) + " " + id}, keyed{s.whatsappGlobalLimiter, ""})
	if ok {
		if err := s.store.CountWhatsAppClick(r.Context(), id); err != nil {
			spent.refund()
			s.writeError(w, r, err)
			return
		}
		s.metrics.whatsappClicks.Inc()
	}
	w.WriteHeader(http.StatusNoContent)
}

package httpapi

import (
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
)

// portalsJSON is the back office's Portais page: what the feed carries,
// what it holds back and why, and whether the portals read it.
type portalsJSON struct {
	// Candidates counts the active properties marked to publish; Listed
	// those the feed carries now.
	Candidates int `json:"candidates"`
	Listed     int `json:"listed"`
	// AgencyProblems is what the agency lacks (feed.CheckPublisher):
	// while it is not empty, the feed carries no listing.
	AgencyProblems []problemJSON     `json:"agency_problems"`
	Blocked        []blockedJSON     `json:"blocked"`
	Crawlers       []crawlerReadJSON `json:"crawlers"`
}

// blockedJSON is a property marked to publish that feed.Check keeps from
// the portals, with its reasons.
type blockedJSON struct {
	ID       string        `json:"id"`
	Title    string        `json:"title"`
	Code     *string       `json:"code"`
	Problems []problemJSON `json:"problems"`
}

// crawlerReadJSON is when a portal's crawler last read the feed, null
// when it never did.
type crawlerReadJSON struct {
	Name       string     `json:"name"`
	Label      string     `json:"label"`
	LastReadAt *time.Time `json:"last_read_at"`
}

// adminPortals answers the Portais page: every candidate is checked as
// the feed checks it (one pass over the portal properties, as the feed
// reads them).
func (s *Server) adminPortals(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, err := s.agency(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := portalsJSON{AgencyProblems: agencyPortalProblems(publisher(a, s.baseURL(r))), Blocked: []blockedJSON{},
		Crawlers: []crawlerReadJSON{}}
	err = s.store.EachPortalProperty(ctx, func(p listing.Property) error {
		out.Candidates++
		if pr := portalProblems(p); len(pr) > 0 {
			b := blockedJSON{ID: p.ID, Title: p.Title, Problems: pr}
			if p.Code != "" {
				b.Code = &p.Code
			}
			out.Blocked = append(out.Blocked, b)
		} else if len(out.AgencyProblems) == 0 {
			out.Listed++
		}
		return nil
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	reads, err := s.store.CrawlerReads(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for _, c := range feed.Crawlers {
		cr := crawlerReadJSON{Name: c.Name, Label: c.Label}
		if at, ok := reads[c.Name]; ok {
			cr.LastReadAt = &at
		}
		out.Crawlers = append(out.Crawlers, cr)
	}
	writeJSON(w, http.StatusOK, out)
}

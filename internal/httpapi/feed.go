package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// feedPrefix is where the portals' feed is served: feedPrefix +
// <secret>.xml.
const feedPrefix = "/feeds/vrsync/"

// feedWindow is how long the writing of each batch of listings may take
// before the connection is cut: the server's write timeout is for a whole
// answer, and a feed of 50,000 listings takes longer than that to send.
const feedWindow = 30 * time.Second

// feedStamp is when this instance first served each catalogue version
// under each secret generation: the feed's Last-Modified and its
// Header's PublishDate, so that the same version is the same document.
// A restart, or another instance, stamps the version later, never
// earlier: a client holding a copy is then sent it again, never told
// that an older one is current.
type feedStamp struct {
	mu      sync.Mutex
	version int64
	gen     int64
	at      time.Time
}

func (f *feedStamp) of(version, gen int64, now time.Time) time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.at.IsZero() || f.version != version || f.gen != gen {
		f.version, f.gen, f.at = version, gen, now.UTC().Truncate(time.Second)
	}
	return f.at
}

// vrsyncFeed serves the portals' feed (VRSync) at its secret address:
// the active properties marked to publish that meet the portals' rules
// (feed.Check), streamed from the store a batch at a time. A wrong or
// rotated secret is answered as any unknown address is. No rate limit
// applies: the portals' crawler (VivaRealBot) reads the whole feed a few
// times a day and is never refused. The validator is made of the
// catalogue version (agency writes included), the secret's generation,
// the address and the output's format; Last-Modified is when this
// instance first served that version (feedStamp).
func (s *Server) vrsyncFeed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	secret, ok := strings.CutSuffix(r.PathValue("file"), ".xml")
	if !ok {
		s.page(w, r)
		return
	}
	gen, ok, err := s.store.CheckFeedSecret(ctx, secret)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !ok {
		s.page(w, r) // the same 404 as any address the site does not have
		return
	}
	if c, ok := feed.CrawlerOf(r.UserAgent()); ok {
		// Only that the crawler read, for the Portais page: never its
		// address. A failure to record it must not cost the portal its
		// feed.
		if err := s.store.RecordCrawlerRead(ctx, c.Name, time.Now()); err != nil {
			s.log.WarnContext(ctx, "crawler read not recorded", "err", err, "request_id", requestID(w))
		}
	}
	v, err := s.store.CatalogVersion(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err := s.agency(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	base := s.baseURL(r)
	stamp := s.feedStamp.of(v, gen, time.Now())
	etag := docenc.ETag([]byte(feed.Format + "\x00" + base + "\x00" + r.URL.Path + "\x00" +
		strconv.FormatInt(v, 10) + "\x00" + strconv.FormatInt(gen, 10)))
	w.Header()["X-Robots-Tag"] = noIndex
	body := startXML(w, r, etag, stamp)
	if body == nil {
		return
	}
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Now().Add(feedWindow))
	x := feed.NewWriter(body, publisher(a, base), stamp)
	seen := 0
	err = s.store.EachPortalProperty(ctx, func(p listing.Property) error {
		if seen++; seen%500 == 0 {
			rc.SetWriteDeadline(time.Now().Add(feedWindow))
		}
		_, err := x.Add(p)
		return err
	})
	if err == nil {
		err = x.Close()
	}
	if err == nil {
		err = body.end()
	}
	s.endStream(w, r, body, err, "feed cut short")
}

var noIndex = []string{"noindex"}

// publisher is the agency as the feed names it: the Header's provider
// and each listing's contact. Portals show that name to the public, and
// the feed requires one, so before the agency is set it is the neutral
// "Imobiliária", never the product's name.
func publisher(a listing.Agency, base string) feed.Publisher {
	name := a.Name
	if name == "" {
		name = "Imobiliária"
	}
	return feed.Publisher{Name: name, Email: a.Email, Telephone: feed.Telephone(a.Phone), Website: base, Logo: a.ShownLogoURL()}
}

// feedJSON is the back office's view of the feed: its address, which is
// its credential, and when and by whom it was last made.
type feedJSON struct {
	URL        string     `json:"url"`
	Generation int64      `json:"generation"`
	RotatedAt  time.Time  `json:"rotated_at"`
	RotatedBy  *actorJSON `json:"rotated_by"` // null for the first address
}

func (s *Server) newFeedJSON(r *http.Request, f store.FeedSecret) feedJSON {
	return addressJSON(s.baseURL(r)+feedPrefix+f.Secret+".xml", f)
}

// addressJSON is an address whose secret f is its credential (the feed's,
// the portal leads'), for the back office.
func addressJSON(url string, f store.FeedSecret) feedJSON {
	return feedJSON{URL: url, Generation: f.Generation, RotatedAt: f.RotatedAt, RotatedBy: newActorJSON(f.RotatedBy)}
}

// adminGetFeed answers the feed's address, making the first one on the
// first read.
func (s *Server) adminGetFeed(w http.ResponseWriter, r *http.Request) {
	f, err := s.store.PortalFeedSecret(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.newFeedJSON(r, f))
}

// adminRotateFeed makes a new address for the feed; the old one answers
// 404 from then on, so the portal must be given the new one.
func (s *Server) adminRotateFeed(w http.ResponseWriter, r *http.Request) {
	f, err := s.store.RotateFeedSecret(r.Context(), caller(r).actor)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.newFeedJSON(r, f))
}

// problemJSON is one reason a property cannot go to the portals
// (feed.Check): the admin API's field, and what to do.
type problemJSON struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// portalProblems is what feed.Check finds against p, never null.
func portalProblems(p listing.Property) []problemJSON {
	out := []problemJSON{}
	for _, pr := range feed.Check(p) {
		out = append(out, problemJSON(pr))
	}
	return out
}

// agencyPortalProblems is what the agency lacks for the portals
// (feed.CheckPublisher), its fields named as the property's problems
// name theirs but under "agency.", never null.
func agencyPortalProblems(pub feed.Publisher) []problemJSON {
	out := []problemJSON{}
	for _, pr := range feed.CheckPublisher(pub) {
		out = append(out, problemJSON{Field: "agency." + pr.Field, Message: pr.Message})
	}
	return out
}

// writeAdminProperty answers the admin view of p, whose portal_problems
// start with what the agency lacks: a property is not ready for the
// portals while the feed carries no listing at all.
func (s *Server) writeAdminProperty(w http.ResponseWriter, r *http.Request, status int, p listing.Property) {
	a, err := s.agency(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := newAdminJSON(p)
	out.PortalProblems = append(agencyPortalProblems(publisher(a, s.baseURL(r))), out.PortalProblems...)
	writeJSON(w, status, out)
}

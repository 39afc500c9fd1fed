package httpapi

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// Rate is a number of events allowed per period; the zero Rate is no limit.
type Rate struct {
	N   int
	Per time.Duration
}

// ParseRate reads "5/10m" (five per ten minutes) or "off".
func ParseRate(s string) (Rate, error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "0" {
		return Rate{}, nil
	}
	n, per, ok := strings.Cut(s, "/")
	count, err := strconv.Atoi(n)
	if !ok || err != nil || count < 1 {
		return Rate{}, fmt.Errorf("rate %q: want N/DURATION, such as 5/10m, or off", s)
	}
	if per != "" && (per[0] < '0' || per[0] > '9') {
		per = "1" + per // "5/m" means five per minute
	}
	d, err := time.ParseDuration(per)
	if err != nil || d <= 0 {
		return Rate{}, fmt.Errorf("rate %q: want N/DURATION, such as 5/10m, or off", s)
	}
	return Rate{N: count, Per: d}, nil
}

func (r Rate) String() string {
	if r.N == 0 {
		return "off"
	}
	return strconv.Itoa(r.N) + "/" + r.Per.String()
}

// limiter is a token bucket per key: a key may spend Rate.N events at once,
// and gets them back evenly over Rate.Per. It holds at most maxLimiterKeys
// keys: past that, a new key makes it forget the key used least recently,
// which starts again with a full allowance if it comes back. A key is
// never let through because the limiter is full.
type limiter struct {
	rate Rate
	now  func() time.Time

	mu      sync.Mutex
	buckets *simplelru.LRU[string, bucket]
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxLimiterKeys bounds the memory of each limiter.
const maxLimiterKeys = 1 << 15

func newLimiter(rate Rate) *limiter {
	l := &limiter{rate: rate, now: time.Now}
	if rate.N > 0 {
		l.buckets, _ = simplelru.NewLRU[string, bucket](maxLimiterKeys, nil)
	}
	return l
}

// allow takes one event for key. When the bucket is empty it returns false
// and how long until the next event is allowed.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil || l.rate.N == 0 {
		return true, 0
	}
	now := l.now()
	perToken := l.rate.Per.Seconds() / float64(l.rate.N)
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets.Get(key)
	if !ok {
		b = bucket{tokens: float64(l.rate.N), at: now}
	}
	b.tokens = math.Min(float64(l.rate.N), b.tokens+now.Sub(b.at).Seconds()/perToken)
	b.at = now
	allowed := b.tokens >= 1
	if allowed {
		b.tokens--
	}
	l.buckets.Add(key, b)
	if !allowed {
		return false, time.Duration((1 - b.tokens) * perToken * float64(time.Second))
	}
	return true, 0
}

// refund gives back an event that allow took for key.
func (l *limiter) refund(key string) {
	if l == nil || l.rate.N == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.buckets.Peek(key); ok {
		b.tokens = math.Min(float64(l.rate.N), b.tokens+1)
		l.buckets.Add(key, b)
	}
}

// keyed is one limiter and the key an event is counted under.
type keyed struct {
	l   *limiter
	key string
}

// taken is the events take took, one from each of its limiters.
type taken []keyed

// take takes one event from each limiter in turn: from all of them, or,
// when one refuses, from none (those already taken are given back), with
// how long until the refusing one allows an event.
func take(limits ...keyed) (taken, bool, time.Duration) {
	for i, k := range limits {
		if ok, wait := k.l.allow(k.key); !ok {
			taken(limits[:i]).refund()
			return nil, false, wait
		}
	}
	return limits, true, 0
}

// refund gives back every event t holds.
func (t taken) refund() {
	for _, k := range t {
		k.l.refund(k.key)
	}
}

// acceptLimited ends a visitor's valid request that stores under a
// privacy notice and answers the same whatever was stored (a saved
// search, a favourites e-mail): it spends one of the client's requests on
// l (429 past it), runs create with the client's address, whose keyed
// hash alone the store keeps, gives the request back when create fails,
// and answers 202 with message.
func (s *Server) acceptLimited(w http.ResponseWriter, r *http.Request, l *limiter, message string, create func(clientAddr string) error) {
	spent, allowed, wait := take(keyed{l, s.clientKey(r)})
	if !allowed {
		retryAfter(w, wait)
		s.writeError(w, r, errRateLimited)
		return
	}
	if err := create(s.clientAddr(r)); err != nil {
		spent.refund()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, struct {
		Message string `json:"message"`
	}{message})
}

// retryAfter writes a Retry-After header of whole seconds, at least one.
func retryAfter(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(max(wait.Seconds(), 1)))))
}

// ParsePrefixes reads a comma-separated list of networks or addresses
// ("10.0.0.0/8, 192.168.1.10").
func ParsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q is neither a network nor an address", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// clientKey names the client for the rate limits: its address, or for
// IPv6 its /64, the block that one host or home network holds. The
// address is the connection's, unless that is a trusted proxy; then
// X-Forwarded-For is read from the right, past every trusted proxy, and
// the first address not trusted is the client. A header sent by anyone
// else changes nothing.
func (s *Server) clientKey(r *http.Request) string {
	addr, ok := s.client(r)
	if !ok {
		return r.RemoteAddr
	}
	if addr.Is6() {
		return ClientBlock(addr).String()
	}
	return addr.String()
}

// ClientBlock is the block of addresses counted as one client, by the
// rate limits and the connection caps alike: an IPv4 address alone, an
// IPv6 address's /64.
func ClientBlock(a netip.Addr) netip.Prefix {
	a = a.Unmap()
	bits := 32
	if a.Is6() {
		bits = 64
	}
	p, _ := a.Prefix(bits)
	return p
}

// clientAddr is the client's whole address (see client), as text; the
// connection's RemoteAddr when it cannot be read.
func (s *Server) clientAddr(r *http.Request) string {
	if addr, ok := s.client(r); ok {
		return addr.String()
	}
	return r.RemoteAddr
}

// client is the client's address: the connection's, unless that is a
// trusted proxy (see clientKey).
func (s *Server) client(r *http.Request) (netip.Addr, bool) {
	addr, ok := peerAddr(r)
	if !ok {
		return addr, false
	}
	if s.trusted(addr) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break // a malformed hop: trust nothing beyond it
			}
			addr = a.Unmap()
			if !s.trusted(addr) {
				break
			}
		}
	}
	return addr, true
}

// peerAddr returns the address of the connection's other end.
func peerAddr(r *http.Request) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		a, err := netip.ParseAddr(r.RemoteAddr)
		return a.Unmap(), err == nil
	}
	return ap.Addr().Unmap(), true
}

func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.trustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

var errRateLimited = errors.New("rate limited")

package httpapi

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
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
// and gets them back evenly over Rate.Per.
type limiter struct {
	rate Rate
	now  func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxLimiterKeys bounds the limiter's memory. Past it, buckets that are
// full again are dropped; a limiter that is still full lets new keys in
// (their abuse is then bounded by the other limits) rather than grow.
const maxLimiterKeys = 100_000

func newLimiter(rate Rate) *limiter {
	return &limiter{rate: rate, now: time.Now, buckets: map[string]*bucket{}}
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
	if now.Sub(l.swept) > l.rate.Per || len(l.buckets) >= maxLimiterKeys {
		l.sweep(now, perToken)
	}
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxLimiterKeys {
			return true, 0
		}
		b = &bucket{tokens: float64(l.rate.N), at: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(float64(l.rate.N), b.tokens+now.Sub(b.at).Seconds()/perToken)
	b.at = now
	if b.tokens < 1 {
		wait := time.Duration((1 - b.tokens) * perToken * float64(time.Second))
		return false, wait
	}
	b.tokens--
	return true, 0
}

// blocked reports, without spending anything, whether key has no event
// left, and how long until it has one.
func (l *limiter) blocked(key string) (bool, time.Duration) {
	if l == nil || l.rate.N == 0 {
		return false, 0
	}
	perToken := l.rate.Per.Seconds() / float64(l.rate.N)
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		return false, 0
	}
	tokens := b.tokens + l.now().Sub(b.at).Seconds()/perToken
	if tokens >= 1 {
		return false, 0
	}
	return true, time.Duration((1 - tokens) * perToken * float64(time.Second))
}

// sweep drops the buckets that have refilled: they hold no state.
func (l *limiter) sweep(now time.Time, perToken float64) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()/perToken >= float64(l.rate.N) {
			delete(l.buckets, k)
		}
	}
	l.swept = now
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

// clientAddr is the address of the client: the connection's, unless that
// is a trusted proxy; then X-Forwarded-For is read from the right, past
// every trusted proxy, and the first address not trusted is the client.
// A header sent by anyone else changes nothing.
func (s *Server) clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if !s.trusted(addr) {
		return addr.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a malformed hop: trust nothing beyond it
		}
		addr = a.Unmap()
		if !s.trusted(addr) {
			return addr.String()
		}
	}
	return addr.String()
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

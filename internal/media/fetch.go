package media

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// Limits of Fetch.
const (
	// FetchTimeout bounds one photo's fetch, its redirects and body
	// included.
	FetchTimeout = 30 * time.Second
	// maxRedirects is how many redirects a fetch follows.
	maxRedirects = 3
)

// ErrFetch is a photo that could not be fetched or is not one: every
// error of Fetch but the media store's matches it (see FetchError).
var ErrFetch = errors.New("media: fetch failed")

// FetchError is why Fetch did not bring a photo: Reason says it for
// people (pt-BR).
type FetchError struct {
	reason string
	err    error
}

func (e *FetchError) Error() string             { return "media: fetch: " + e.reason + ": " + e.err.Error() }
func (e *FetchError) Unwrap() error             { return e.err }
func (e *FetchError) Is(target error) bool      { return target == ErrFetch }
func (e *FetchError) Reason() string            { return e.reason }
func fetchError(reason string, err error) error { return &FetchError{reason, err} }

// Fetch downloads the photo at address (http or https only, on a public
// internet address and an allowed port — see PublicTransport —, at most
// maxRedirects redirects, within FetchTimeout,
// at most MaxBytes) and stores it as Store does, through the same checks
// as an upload. The caller writes its image row
// (store.Store.ImportProperty).
func (s *Service) Fetch(ctx context.Context, address string) (*store.NewImage, error) {
	u, err := url.Parse(address)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fetchError("o endereço não é http(s)", fmt.Errorf("%q", address))
	}
	ctx, cancel := context.WithTimeout(ctx, FetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fetchError("o endereço não é válido", err)
	}
	req.Header.Set("User-Agent", "Vitrine-Import/1")
	req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
	resp, err := s.client.Do(req)
	if err != nil {
		var ne net.Error
		var pe *PortError
		switch {
		case errors.Is(err, errNotPublic):
			return nil, fetchError("o endereço não é público (rede interna ou local)", err)
		case errors.As(err, &pe):
			return nil, fetchError(fmt.Sprintf("a porta %d não é aceita (só %s)", pe.Port, portList(pe.Allowed)), err)
		case errors.Is(err, errRedirects):
			return nil, fetchError(fmt.Sprintf("mais de %d redirecionamentos", maxRedirects), err)
		case errors.As(err, &ne) && ne.Timeout():
			return nil, fetchError(fmt.Sprintf("o servidor não respondeu em %d s", int(FetchTimeout.Seconds())), err)
		}
		return nil, fetchError("não foi possível conectar ao servidor", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fetchError(fmt.Sprintf("o servidor respondeu %s", resp.Status), errors.New(resp.Status))
	}
	tooLarge := fmt.Sprintf("a foto passa de %d MB", s.cfg.MaxBytes>>20)
	if resp.ContentLength > s.cfg.MaxBytes { // refused before its body is read
		return nil, fetchError(tooLarge, &FileTooLargeError{Limit: s.cfg.MaxBytes})
	}
	img, err := s.Store(ctx, resp.Body)
	var ve *listing.ValidationError
	switch {
	case err == nil:
		return img, nil
	case errors.Is(err, ErrFileTooLarge):
		return nil, fetchError(tooLarge, err)
	case errors.Is(err, ErrHEIC), errors.Is(err, ErrFormat):
		return nil, fetchError("não é uma foto JPEG, PNG ou WebP", err)
	case errors.As(err, &ve) && len(ve.Fields["file"]) > 0:
		return nil, fetchError(strings.TrimSuffix(ve.Fields["file"][0], "."), err)
	case ctx.Err() != nil:
		return nil, fetchError(fmt.Sprintf("o servidor não enviou a foto em %d s", int(FetchTimeout.Seconds())), err)
	}
	return nil, err // the media store failed
}

var (
	// errNotPublic is an address on a network that is not the internet's.
	errNotPublic = errors.New("not a public internet address")
	errRedirects = errors.New("too many redirects")
)

// PortError is a connection refused for its port (see PublicTransport).
type PortError struct {
	Port    uint16
	Allowed []uint16
}

func (e *PortError) Error() string {
	return fmt.Sprintf("port %d is not one of %v", e.Port, e.Allowed)
}

// DefaultFetchPorts are the ports Fetch connects to unless the operator
// says otherwise: the web's. Other services on a public host (a
// database, a mail server, an admin panel) are no business of a photo
// address, and a feed must not be able to probe them.
var DefaultFetchPorts = []uint16{80, 443}

// specialPurpose is every block of the IANA IPv4 and IPv6
// Special-Purpose Address Registries, with the multicast ranges and the
// IPv6 blocks deprecated or reserved outside them: none is the public
// internet, and a file to import names the addresses Fetch goes to, so
// they must not reach the server's own network, its provider's (shared
// address space, a cloud's metadata service) or a translator to them.
// The blocks that embed an IPv4 address (IPv4-mapped, and the
// well-known NAT64 prefix, which a DNS64 resolver gives for every
// IPv4-only host on an IPv6-only network) are judged by it.
var specialPurpose = []struct {
	prefix   netip.Prefix
	rfc      string // where the block is set aside, and what for
	embedsV4 bool   // its last 32 bits are the IPv4 address reached
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "RFC 791: this network", false},
	{netip.MustParsePrefix("10.0.0.0/8"), "RFC 1918: private use", false},
	{netip.MustParsePrefix("100.64.0.0/10"), "RFC 6598: shared address space (carrier NAT, cloud metadata)", false},
	{netip.MustParsePrefix("127.0.0.0/8"), "RFC 1122: loopback", false},
	{netip.MustParsePrefix("169.254.0.0/16"), "RFC 3927: link local (cloud metadata)", false},
	{netip.MustParsePrefix("172.16.0.0/12"), "RFC 1918: private use", false},
	{netip.MustParsePrefix("192.0.0.0/24"), "RFC 6890: IETF protocol assignments", false},
	{netip.MustParsePrefix("192.0.2.0/24"), "RFC 5737: documentation (TEST-NET-1)", false},
	{netip.MustParsePrefix("192.31.196.0/24"), "RFC 7535: AS112-v4", false},
	{netip.MustParsePrefix("192.52.193.0/24"), "RFC 7450: AMT", false},
	{netip.MustParsePrefix("192.88.99.0/24"), "RFC 7526: deprecated 6to4 relay anycast", false},
	{netip.MustParsePrefix("192.168.0.0/16"), "RFC 1918: private use", false},
	{netip.MustParsePrefix("192.175.48.0/24"), "RFC 7534: direct delegation AS112 service", false},
	{netip.MustParsePrefix("198.18.0.0/15"), "RFC 2544: benchmarking", false},
	{netip.MustParsePrefix("198.51.100.0/24"), "RFC 5737: documentation (TEST-NET-2)", false},
	{netip.MustParsePrefix("203.0.113.0/24"), "RFC 5737: documentation (TEST-NET-3)", false},
	{netip.MustParsePrefix("224.0.0.0/4"), "RFC 5771: multicast", false},
	{netip.MustParsePrefix("240.0.0.0/4"), "RFC 1112: reserved", false},
	{netip.MustParsePrefix("255.255.255.255/32"), "RFC 8190: limited broadcast", false},

	{netip.MustParsePrefix("::/128"), "RFC 4291: unspecified", false},
	{netip.MustParsePrefix("::1/128"), "RFC 4291: loopback", false},
	{netip.MustParsePrefix("::/96"), "RFC 4291: IPv4-compatible, deprecated", false},
	{netip.MustParsePrefix("::ffff:0:0/96"), "RFC 4291: IPv4-mapped", true},
	{netip.MustParsePrefix("64:ff9b::/96"), "RFC 6052: IPv4/IPv6 translation (NAT64)", true},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "RFC 8215: local-use IPv4/IPv6 translation", false},
	{netip.MustParsePrefix("100::/64"), "RFC 6666: discard-only", false},
	{netip.MustParsePrefix("100:0:0:1::/64"), "RFC 9780: dummy IPv6 prefix", false},
	{netip.MustParsePrefix("2001::/23"), "RFC 2928: IETF protocol assignments (Teredo, ORCHID…)", false},
	{netip.MustParsePrefix("2001:db8::/32"), "RFC 3849: documentation", false},
	{netip.MustParsePrefix("2002::/16"), "RFC 3056: 6to4", false},
	{netip.MustParsePrefix("2620:4f:8000::/48"), "RFC 7534: direct delegation AS112 service", false},
	{netip.MustParsePrefix("3fff::/20"), "RFC 9637: documentation", false},
	{netip.MustParsePrefix("5f00::/16"), "RFC 9602: segment routing SIDs", false},
	{netip.MustParsePrefix("fc00::/7"), "RFC 4193: unique local", false},
	{netip.MustParsePrefix("fe80::/10"), "RFC 4291: link local", false},
	{netip.MustParsePrefix("fec0::/10"), "RFC 3879: site local, deprecated", false},
	{netip.MustParsePrefix("ff00::/8"), "RFC 4291: multicast", false},
}

// globalUnicast6 is the only IPv6 space IANA allocates to the internet
// (RFC 4291, IANA's IPv6 Address Space registry): the rest is reserved.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// isPublic reports whether ip is a public internet address: in none of
// the specialPurpose blocks (or, for one that embeds an IPv4 address,
// reaching a public one), and for IPv6 within globalUnicast6.
func isPublic(ip netip.Addr) bool {
	ip = ip.WithZone("")
	for _, b := range specialPurpose {
		if b.prefix.Contains(ip) {
			if b.embedsV4 {
				a := ip.As16()
				return isPublic(netip.AddrFrom4([4]byte(a[12:])))
			}
			return false
		}
	}
	return ip.Is4() || globalUnicast6.Contains(ip)
}

// dialGuard refuses, when a connection is about to be made, an address
// that is not public (isPublic) or a port not in ports. Being checked at
// each dial, on the address DNS gave, it holds for every hop of a
// redirect and against a name that resolves to a private address.
type dialGuard struct{ ports []uint16 }

func (g dialGuard) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("dial %s: %w", address, err)
	}
	if !isPublic(ap.Addr()) {
		return fmt.Errorf("%s: %w", ap.Addr(), errNotPublic)
	}
	if !slices.Contains(g.ports, ap.Port()) {
		return &PortError{Port: ap.Port(), Allowed: g.ports}
	}
	return nil
}

// PublicTransport is a transport for Config.Transport that connects to
// public internet addresses only, on the given ports (DefaultFetchPorts
// when none), with no proxy (it would dial for us). It is Fetch's
// default.
func PublicTransport(ports []uint16) http.RoundTripper {
	if len(ports) == 0 {
		ports = DefaultFetchPorts
	}
	return guardedTransport(dialGuard{ports: slices.Clone(ports)}.control)
}

// guardedTransport is the default transport without a proxy, whose every
// connection control allows first.
func guardedTransport(control func(network, address string, c syscall.RawConn) error) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: control}).DialContext
	return t
}

// newFetchClient is the client of Fetch: redirects bounded, to http(s)
// only; connections to public addresses only unless transport says
// otherwise.
func newFetchClient(transport http.RoundTripper) *http.Client {
	if transport == nil {
		transport = PublicTransport(nil)
	}
	return &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return errRedirects
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("redirect to %s", req.URL.Scheme)
			}
			return nil
		},
	}
}

// portList is ports as pt-BR says a list: "80 e 443".
func portList(ports []uint16) string {
	out := make([]string, len(ports))
	for i, p := range ports {
		out[i] = strconv.Itoa(int(p))
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " e " + out[len(out)-1]
}

package media

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

// blockEdges returns the first, a middle and the last address of p.
func blockEdges(p netip.Prefix) []netip.Addr {
	first := p.Masked().Addr()
	b := first.AsSlice()
	last, middle := append([]byte(nil), b...), append([]byte(nil), b...)
	for i := p.Bits(); i < len(b)*8; i++ {
		last[i/8] |= 0x80 >> (i % 8)
	}
	if p.Bits() < len(b)*8 {
		middle[p.Bits()/8] |= 0x80 >> (p.Bits() % 8) // the first host bit: half way
	}
	m, _ := netip.AddrFromSlice(middle)
	l, _ := netip.AddrFromSlice(last)
	return []netip.Addr{first, m, l}
}

// TestIsPublicTable: the first, a middle and the last address of every
// special-purpose block are refused (those of the blocks that embed an
// IPv4 address embed 0.0.0.0, 128.0.0.0 and 255.255.255.255, which are
// special too, or public: 128.0.0.0 is judged by itself), the addresses
// the penetration test used are refused, and public addresses, some just
// outside a block, are allowed.
func TestIsPublicTable(t *testing.T) {
	t.Parallel()
	for _, b := range specialPurpose {
		for _, a := range blockEdges(b.prefix) {
			if b.embedsV4 {
				v4 := a.As16()
				if want := isPublic(netip.AddrFrom4([4]byte(v4[12:]))); isPublic(a) != want {
					t.Errorf("%s (%s): public %v, want that of its IPv4 address, %v", a, b.rfc, !want, want)
				}
				continue
			}
			if isPublic(a) {
				t.Errorf("%s (%s) is let through", a, b.rfc)
			}
		}
	}
	for _, s := range []string{
		"100.100.100.200", "100.64.0.1", "198.18.0.1", "198.19.255.254", "192.0.0.1", "192.0.0.170", "240.0.0.1",
		"255.255.255.255", "0.0.0.0", "127.0.0.1", "169.254.169.254", "10.1.2.3", "172.31.255.255", "192.168.1.1",
		"224.0.0.251", "239.255.255.250",
		"64:ff9b::10.0.0.1", "64:ff9b::169.254.169.254", "64:ff9b::100.100.100.200", "64:ff9b::127.0.0.1",
		"64:ff9b:1::8.8.8.8", "::ffff:10.0.0.1", "::ffff:127.0.0.1", "::ffff:100.100.100.200",
		"::", "::1", "::10.0.0.1", "::8.8.8.8", "2002:a00:1::1", "2002:808:808::1", "2001::1", "2001:db8::1",
		"3fff::1", "5f00::1", "fd00:ec2::254", "fe80::1", "fe80::1%eth0", "fec0::1", "ff02::1", "100::1",
		"4000::1", "1000::1", // outside 2000::/3: reserved by the IETF
	} {
		if isPublic(netip.MustParseAddr(s)) {
			t.Errorf("%s is let through", s)
		}
	}
	for _, s := range []string{
		"8.8.8.8", "1.1.1.1", "200.160.2.3", "100.63.255.255", "100.128.0.0", "198.17.255.255", "198.20.0.0",
		"9.255.255.255", "11.0.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.1", "223.255.255.255", "128.0.0.1",
		"::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "64:ff9b::200.160.2.3",
		"2001:4860:4860::8888", "2804:14c::1", "2a00:1450:4001::1", "2001:200::1", "2003::1",
	} {
		if !isPublic(netip.MustParseAddr(s)) {
			t.Errorf("%s, a public address, is refused", s)
		}
	}
}

// TestDialGuardPorts: a public address is dialled on the allowed ports
// only (80 and 443 by default, the operator's otherwise); an address that
// is not public is refused whatever its port.
func TestDialGuardPorts(t *testing.T) {
	t.Parallel()
	def := dialGuard{ports: DefaultFetchPorts}
	other := dialGuard{ports: []uint16{8443}}
	for _, c := range []struct {
		g       dialGuard
		address string
		want    error // nil, errNotPublic or a *PortError
	}{
		{def, "8.8.8.8:80", nil},
		{def, "[2001:4860:4860::8888]:443", nil},
		{def, "8.8.8.8:8080", &PortError{}},
		{def, "8.8.8.8:22", &PortError{}},
		{def, "10.0.0.1:80", errNotPublic},
		{def, "[64:ff9b::a9fe:a9fe]:80", errNotPublic},
		{other, "8.8.8.8:8443", nil},
		{other, "8.8.8.8:443", &PortError{}},
		{other, "127.0.0.1:8443", errNotPublic},
	} {
		err := c.g.control("tcp", c.address, nil)
		var pe *PortError
		switch {
		case c.want == nil && err != nil,
			c.want == errNotPublic && !errors.Is(err, errNotPublic),
			c.want != nil && c.want != errNotPublic && !errors.As(err, &pe):
			t.Errorf("%s on %v: %v, want %v", c.address, c.g.ports, err, c.want)
		}
	}
}

// photoHost is a loopback test server counting its requests.
type photoHost struct {
	*httptest.Server
	hits atomic.Int64
	port uint16
}

func newPhotoHost(t *testing.T, ip string, h http.HandlerFunc) *photoHost {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	p := &photoHost{}
	p.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.hits.Add(1)
		h(w, r)
	}))
	p.Listener.Close()
	p.Listener = l
	p.Start()
	t.Cleanup(p.Close)
	p.port = netip.MustParseAddrPort(l.Addr().String()).Port()
	return p
}

// TestFetchDefaultRefusesLoopback: Fetch's default transport, on a real
// dial, does not connect to a server on loopback.
func TestFetchDefaultRefusesLoopback(t *testing.T) {
	t.Parallel()
	host := newPhotoHost(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {})
	_, err := New(Config{}).Fetch(context.Background(), host.URL+"/1.jpg")
	var fe *FetchError
	if !errors.As(err, &fe) || !errors.Is(err, errNotPublic) || !strings.Contains(fe.Reason(), "não é público") || host.hits.Load() != 0 {
		t.Errorf("%v, %d requests", err, host.hits.Load())
	}
}

// TestFetchGuardOnEveryHop: a server on 127.0.0.1 stands for a public
// host (the guard sees a public address in its place, nothing else
// changes), so that the guard is tried on real dials: it answers, and
// sends redirects. Each hop is checked when it connects: a redirect to
// loopback elsewhere (a server listening on 127.0.0.2, never reached),
// to a cloud's metadata service, to an IPv4-mapped private address or to
// a NAT64 one is refused with the reason; so is the standing host on a
// port that is not allowed.
func TestFetchGuardOnEveryHop(t *testing.T) {
	t.Parallel()
	inside := newPhotoHost(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {})
	var public *photoHost
	public = newPhotoHost(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok.jpg":
			w.Write([]byte("ok"))
		case "/again":
			http.Redirect(w, r, public.URL+"/ok.jpg", http.StatusFound)
		default:
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
		}
	})
	standIn := netip.MustParseAddr("8.8.8.8")
	guarded := func(ports ...uint16) http.RoundTripper {
		g := dialGuard{ports: ports}
		return guardedTransport(func(network, address string, c syscall.RawConn) error {
			if ap := netip.MustParseAddrPort(address); ap == netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), public.port) {
				address = netip.AddrPortFrom(standIn, ap.Port()).String()
			}
			return g.control(network, address, c)
		})
	}

	// The standing host is reached, directly and through a redirect to
	// itself: the test can tell a refusal from a failure.
	client := newFetchClient(guarded(80, 443, public.port))
	for _, path := range []string{"/ok.jpg", "/again"} {
		res, err := client.Get(public.URL + path)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %v", path, err)
		}
		res.Body.Close()
	}

	svc := New(Config{Transport: guarded(80, 443, public.port)})
	for _, to := range []string{
		inside.URL + "/1.jpg",
		"http://100.100.100.200/latest/meta-data/",
		"http://169.254.169.254/latest/meta-data/",
		fmt.Sprintf("http://[::ffff:127.0.0.2]:%d/1.jpg", inside.port),
		"http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
		"http://198.18.0.1/",
	} {
		before := public.hits.Load()
		_, err := svc.Fetch(context.Background(), public.URL+"/go?to="+to)
		var fe *FetchError
		if !errors.As(err, &fe) || !errors.Is(err, errNotPublic) || !strings.Contains(fe.Reason(), "não é público") {
			t.Errorf("redirect to %s: %v", to, err)
		}
		if public.hits.Load() != before+1 {
			t.Errorf("redirect to %s: the first hop was not made (%d requests)", to, public.hits.Load()-before)
		}
	}
	if n := inside.hits.Load(); n != 0 {
		t.Errorf("the server on 127.0.0.2 had %d requests", n)
	}

	_, err := New(Config{Transport: guarded(80, 443)}).Fetch(context.Background(), public.URL+"/ok.jpg")
	var fe *FetchError
	if want := fmt.Sprintf("a porta %d não é aceita (só 80 e 443)", public.port); !errors.As(err, &fe) || fe.Reason() != want {
		t.Errorf("port %d: %v, want %q", public.port, err, want)
	}
}

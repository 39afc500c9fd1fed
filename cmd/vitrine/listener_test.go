package main

import (
	"net"
	"net/netip"
	"testing"
)

// peer is a connection that only has a remote address.
type peer struct {
	net.Conn
	addr string
}

func (p peer) RemoteAddr() net.Addr { return net.TCPAddrFromAddrPort(netip.MustParseAddrPort(p.addr)) }

// TestGuardKey: a client is its IPv4 address or its IPv6 /64 (an
// IPv4-mapped one is IPv4), and a trusted proxy is not capped.
func TestGuardKey(t *testing.T) {
	l := newGuardListener(nil, connLimits{perAddr: 2, trusted: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	for _, c := range []struct {
		addr, key string
		capped    bool
	}{
		{"192.0.2.7:5000", "192.0.2.7/32", true},
		{"[::ffff:192.0.2.7]:5000", "192.0.2.7/32", true},
		{"[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64", true},
		{"[2001:db8:1:2:ffff::1]:443", "2001:db8:1:2::/64", true},
		{"10.1.2.3:5000", "10.1.2.3/32", false},
	} {
		key, capped := l.key(peer{addr: c.addr})
		if key.String() != c.key || capped != c.capped {
			t.Errorf("%s: key %s capped %v, want %s %v", c.addr, key, capped, c.key, c.capped)
		}
	}
	if _, capped := newGuardListener(nil, connLimits{}).key(peer{addr: "192.0.2.7:5000"}); capped {
		t.Error("capped with no cap per address")
	}
}

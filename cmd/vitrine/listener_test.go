package main

import (
	"errors"
	"net"
	"net/netip"
	"os"
	"testing"
	"time"
)

// acceptOne returns the server side of a new loopback connection accepted
// by a coarse listener for a server whose WriteTimeout is write.
func acceptOne(t *testing.T, write time.Duration) *coarseConn {
	t.Helper()
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	return acceptOn(t, newCoarseListener(l, write)).(*coarseConn)
}

// acceptOn returns the server side of a new connection to ln, and closes
// ln; both ends are closed when the test ends.
func acceptOn(t *testing.T, ln net.Listener) net.Conn {
	t.Helper()
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	c, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestCoarseWriteDeadline(t *testing.T) {
	c := acceptOne(t, 30*time.Second)
	if c.slack != time.Second {
		t.Fatalf("slack %v for a 30 s write timeout, want 1 s", c.slack)
	}
	now := time.Now()
	first := now.Add(30 * time.Second)
	steps := []struct {
		name      string
		set, want time.Time
	}{
		{"the first deadline is set", first, first},
		{"a later one within the slack is not", first.Add(900 * time.Millisecond), first},
		{"clearing it is not: nothing is written until the next request", time.Time{}, first},
		{"one further off is", first.Add(1500 * time.Millisecond), first.Add(1500 * time.Millisecond)},
		{"an earlier one is, however close", first.Add(1499 * time.Millisecond), first.Add(1499 * time.Millisecond)},
		{"a past one is", now.Add(-time.Millisecond), now.Add(-time.Millisecond)},
	}
	for _, s := range steps {
		if err := c.SetWriteDeadline(s.set); err != nil {
			t.Fatal(err)
		}
		if !c.write.Equal(s.want) {
			t.Fatalf("%s: deadline in force %v, want %v", s.name, c.write, s.want)
		}
	}
	// The past deadline is the connection's own: a write fails at once.
	if _, err := c.Write([]byte("x")); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("write past the deadline: %v, want a deadline error", err)
	}
	// SetDeadline is exact, zero included: the connection writes again.
	if err := c.SetDeadline(time.Time{}); err != nil {
		t.Fatal(err)
	}
	if !c.write.IsZero() {
		t.Fatalf("deadline in force %v after SetDeadline(zero)", c.write)
	}
	if _, err := c.Write([]byte("x")); err != nil {
		t.Fatalf("write with no deadline: %v", err)
	}
}

// TestCoarseSlackFollowsTheTimeout keeps a short write timeout meaningful:
// the slack shrinks with it.
func TestCoarseSlackFollowsTheTimeout(t *testing.T) {
	c := acceptOne(t, 300*time.Millisecond)
	if c.slack != 10*time.Millisecond {
		t.Fatalf("slack %v for a 300 ms write timeout, want 10 ms", c.slack)
	}
	d := time.Now().Add(300 * time.Millisecond)
	c.SetWriteDeadline(d)
	c.SetWriteDeadline(d.Add(20 * time.Millisecond))
	if !c.write.Equal(d.Add(20 * time.Millisecond)) {
		t.Fatalf("a deadline 20 ms later was kept back by a 10 ms slack")
	}
}

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

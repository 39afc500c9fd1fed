package main

import (
	"container/list"
	"crypto/tls"
	"net"
	"net/http"
	"net/netip"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/vitrine/vitrine/internal/httpapi"
)

// listen opens the main address: its connections are held within limits
// (see guardListener, whose ConnState the server must call).
func listen(addr string, limits connLimits) (*guardListener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return newGuardListener(ln, limits), nil
}

// connLimits bound the connections of the main address.
type connLimits struct {
	// total is the most connections served at once (0: no cap). When a
	// new one would pass it, the connection idle the longest is closed to
	// make room; when none is idle, the new one waits until one closes or
	// falls idle.
	total int
	// perAddr is the most connections open at once from one client
	// address, an IPv6 client's /64 (0: no cap). Past it, the address's
	// own connection idle the longest is closed, or, when none is idle,
	// the new one is closed unserved.
	perAddr int
	// trusted are the proxies' networks: they carry many clients, so they
	// are not capped per address.
	trusted []netip.Prefix
}

// guardListener holds the connections of the main address within their
// connLimits. It learns which connections are idle from the server's
// ConnState hook, which must be ConnState.
//
// A keep-alive connection waiting for its next request costs the server a
// file descriptor and nothing else, and a client may hold as many as it
// likes for the idle timeout; a cap that only counted connections let one
// client that held every one of them leave the site answering nobody.
// Closing an idle connection is what the idle timeout does anyway: a
// client whose request crosses the closing sees the connection close
// before any answer, the race every keep-alive client handles (browsers
// and HTTP libraries send the request again on a new connection).
type guardListener struct {
	net.Listener
	limits connLimits

	mu      sync.Mutex
	open    int                         // connections counted, served or not
	addrs   map[netip.Prefix]*addrConns // by client key, while it has any
	idle    list.List                   // of *guardConn, idle the longest first
	room    chan struct{}               // a connection closed or fell idle
	done    chan struct{}               // closed by Close
	closing sync.Once

	shed                *prometheus.CounterVec // by cap: total or address
	shedTotal, shedAddr prometheus.Counter
	refused             prometheus.Counter
	peers               []*guardListener // counted in this one's metrics (see count)
}

// addrConns are the connections of one client address.
type addrConns struct {
	open int
	idle list.List // of *guardConn, idle the longest first
}

func newGuardListener(l net.Listener, limits connLimits) *guardListener {
	shed := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrine_http_connections_shed_total",
		Help: "Idle keep-alive connections closed to make room for a new one, by the cap that was reached (total or address).",
	}, []string{"cap"})
	return &guardListener{
		Listener:  l,
		limits:    limits,
		addrs:     map[netip.Prefix]*addrConns{},
		room:      make(chan struct{}, 1),
		done:      make(chan struct{}),
		shed:      shed,
		shedTotal: shed.WithLabelValues("total"),
		shedAddr:  shed.WithLabelValues("address"),
		refused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "vitrine_http_connections_refused_total",
			Help: "Connections closed unserved because their address held its cap of connections, none of them idle.",
		}),
	}
}

// count makes l's metrics count the connections of peers too: the https
// and http listeners of --domain, each within limits of its own.
func (l *guardListener) count(peers ...*guardListener) {
	for _, p := range peers {
		p.shed, p.shedTotal, p.shedAddr, p.refused = l.shed, l.shedTotal, l.shedAddr, l.refused
	}
	l.peers = append(l.peers, peers...)
}

// Collectors are the listener's metrics, for a registry.
func (l *guardListener) Collectors() []prometheus.Collector {
	open := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "vitrine_http_connections_open",
		Help: "Connections open on the main address (and on the https and http ones of --domain).",
	}, func() float64 {
		n := 0
		for _, p := range append([]*guardListener{l}, l.peers...) {
			p.mu.Lock()
			n += p.open
			p.mu.Unlock()
		}
		return float64(n)
	})
	return []prometheus.Collector{open, l.shed, l.refused}
}

// Accept returns the next connection within the limits, closing idle ones
// to make room (see connLimits).
func (l *guardListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		gc, err := l.admit(c)
		if err != nil {
			return nil, err
		}
		if gc != nil {
			return gc, nil
		}
	}
}

// admit counts c in, closing idle connections to make room; it returns
// nil when c was refused, and net.ErrClosed when the listener closed while
// c waited for room.
func (l *guardListener) admit(c net.Conn) (*guardConn, error) {
	key, capped := l.key(c)
	for {
		l.mu.Lock()
		a := l.addrs[key]
		if capped && a != nil && a.open >= l.limits.perAddr {
			victim := a.idle.Front()
			l.mu.Unlock()
			if victim == nil {
				c.Close()
				l.refused.Inc()
				return nil, nil
			}
			victim.Value.(*guardConn).shed(l.shedAddr)
			continue
		}
		if l.limits.total > 0 && l.open >= l.limits.total {
			victim := l.idle.Front()
			l.mu.Unlock()
			if victim != nil {
				victim.Value.(*guardConn).shed(l.shedTotal)
				continue
			}
			select {
			case <-l.room:
				continue
			case <-l.done:
				c.Close()
				return nil, net.ErrClosed
			}
		}
		if a == nil {
			a = &addrConns{}
			l.addrs[key] = a
		}
		a.open++
		l.open++
		l.mu.Unlock()
		return &guardConn{Conn: c, l: l, addr: a, key: key}, nil
	}
}

// key is c's client key (its address, an IPv6 address's /64), and whether
// its address is capped: not a trusted proxy's, with a cap set.
func (l *guardListener) key(c net.Conn) (netip.Prefix, bool) {
	ta, ok := c.RemoteAddr().(*net.TCPAddr)
	if !ok {
		return netip.Prefix{}, false
	}
	a := ta.AddrPort().Addr().Unmap()
	p := httpapi.ClientBlock(a)
	for _, t := range l.limits.trusted {
		if t.Contains(a) {
			return p, false
		}
	}
	return p, l.limits.perAddr > 0
}

// Close stops Accept, a connection waiting for room included.
func (l *guardListener) Close() error {
	l.closing.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// ConnState keeps the lists of idle connections; it is the server's
// ConnState hook. An https server's connections are TLS over the
// listener's own.
func (l *guardListener) ConnState(c net.Conn, state http.ConnState) {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	gc, ok := c.(*guardConn)
	if !ok {
		return
	}
	switch state {
	case http.StateIdle:
		l.mu.Lock()
		if !gc.released && gc.inIdle == nil {
			gc.inIdle = l.idle.PushBack(gc)
			gc.inAddrIdle = gc.addr.idle.PushBack(gc)
		}
		l.mu.Unlock()
		l.signal()
	case http.StateActive, http.StateHijacked:
		l.mu.Lock()
		l.notIdle(gc)
		l.mu.Unlock()
	case http.StateClosed:
		gc.release()
	}
}

// notIdle takes gc off the idle lists; l.mu is held.
func (l *guardListener) notIdle(gc *guardConn) {
	if gc.inIdle != nil {
		l.idle.Remove(gc.inIdle)
		gc.addr.idle.Remove(gc.inAddrIdle)
		gc.inIdle, gc.inAddrIdle = nil, nil
	}
}

// signal wakes an Accept waiting for room.
func (l *guardListener) signal() {
	select {
	case l.room <- struct{}{}:
	default:
	}
}

// guardConn is a connection of a guardListener: closing it makes room.
type guardConn struct {
	net.Conn
	l    *guardListener
	addr *addrConns
	key  netip.Prefix

	// Under l.mu:
	released           bool
	inIdle, inAddrIdle *list.Element
}

func (c *guardConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// shed closes an idle connection to make room, counting it in n; one that
// turned active or closed meanwhile is left alone.
func (c *guardConn) shed(n prometheus.Counter) {
	c.l.mu.Lock()
	idle := c.inIdle != nil
	c.l.notIdle(c)
	c.l.mu.Unlock()
	if idle {
		n.Inc()
		c.Close()
	}
}

// release uncounts the connection, once.
func (c *guardConn) release() {
	l := c.l
	l.mu.Lock()
	if c.released {
		l.mu.Unlock()
		return
	}
	c.released = true
	l.notIdle(c)
	l.open--
	if c.addr.open--; c.addr.open == 0 {
		delete(l.addrs, c.key)
	}
	l.mu.Unlock()
	l.signal()
}

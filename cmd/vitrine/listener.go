package main

import (
	"net"
	"time"

	"golang.org/x/net/netutil"
)

// coarseListener hands out connections whose write deadline is coarse.
// net/http sets it to now + WriteTimeout as each request is read and clears
// it once the answer is out: two timer updates per request (what they cost
// is in docs/benchmarks.md, "Where the time goes"). A coarse connection keeps
// the deadline in force until a new one lies more than slack later, so
// every answer must still be written within WriteTimeout of its request,
// less up to slack, and on a busy connection the timer moves about once
// per slack instead of twice per request. Read deadlines stay exact.
type coarseListener struct {
	*net.TCPListener
	slack time.Duration
}

// newCoarseListener wraps l for a server whose WriteTimeout is write: the
// slack is a thirtieth of it, one second for the default 30 s.
func newCoarseListener(l *net.TCPListener, write time.Duration) coarseListener {
	return coarseListener{TCPListener: l, slack: write / 30}
}

func (l coarseListener) Accept() (net.Conn, error) {
	c, err := l.AcceptTCP()
	if err != nil {
		return nil, err
	}
	return &coarseConn{TCPConn: c, slack: l.slack}, nil
}

// coarseConn is one connection of a coarseListener. net/http sets its
// deadlines from the connection's own goroutine only.
type coarseConn struct {
	*net.TCPConn
	slack time.Duration
	write time.Time // the write deadline in force; zero: none
}

// SetWriteDeadline keeps the deadline in force when t is zero (net/http
// clears it after each answer, and nothing is written until the next
// request sets it again) or lies less than slack after it. An earlier
// deadline, or one further off, is set at once.
func (c *coarseConn) SetWriteDeadline(t time.Time) error {
	if t.IsZero() || !c.write.IsZero() && !t.Before(c.write) && t.Sub(c.write) < c.slack {
		return nil
	}
	c.write = t
	return c.TCPConn.SetWriteDeadline(t)
}

// SetDeadline sets both deadlines exactly, zero included.
func (c *coarseConn) SetDeadline(t time.Time) error {
	c.write = t
	return c.TCPConn.SetDeadline(t)
}

// listen opens the main address: its connections have a coarse write
// deadline for a server whose WriteTimeout is write, and at most maxConns
// of them are open at once (0: no cap); the next one waits in the
// kernel's backlog until one closes.
func listen(addr string, maxConns int, write time.Duration) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	if tl, ok := ln.(*net.TCPListener); ok {
		ln = newCoarseListener(tl, write)
	}
	if maxConns > 0 {
		ln = netutil.LimitListener(ln, maxConns)
	}
	return ln, nil
}

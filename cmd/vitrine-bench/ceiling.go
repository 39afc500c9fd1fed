package main

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// ceilingCommand is the hidden argument that makes this program the
// ceiling server: the bench starts itself again with it, so that the ceiling
// runs in a process of its own, like the server it is compared with.
const ceilingCommand = "__ceiling"

// runCeiling serves a constant JSON body of the given size on every path
// with the least that net/http needs, and prints its address. It stops on
// SIGTERM or when its parent dies. With a third argument n, it keeps n
// bodies of that size instead, each in memory of its own, and answers each
// path with the one its hash picks: what a server with a document per path
// at least pays for reading a different one each time.
func runCeiling(args []string) error {
	if len(args) != 2 && len(args) != 3 {
		return fmt.Errorf("usage: %s ADDR BODY_BYTES [BODIES]", ceilingCommand)
	}
	size, err := strconv.Atoi(args[1])
	if err != nil || size < 2 {
		return fmt.Errorf("body size %q", args[1])
	}
	n := 1
	if len(args) == 3 {
		if n, err = strconv.Atoi(args[2]); err != nil || n < 1 {
			return fmt.Errorf("bodies %q", args[2])
		}
	}
	bodies := make([][]byte, n)
	for i := range bodies {
		b := append([]byte{'{'}, bytes.Repeat([]byte{' '}, size-2)...)
		b = append(b, '}')
		// A mark in every cache line keeps the bodies' pages distinct, so
		// that nothing below the process can merge them.
		mark := strconv.Itoa(i)
		for at := 1; at+len(mark) < size-1; at += 64 {
			copy(b[at:], mark)
		}
		bodies[i] = b
	}
	pick := func(string) []byte { return bodies[0] }
	if n > 1 {
		pick = func(path string) []byte {
			h := uint64(14695981039346656037) // FNV-1a
			for i := 0; i < len(path); i++ {
				h = (h ^ uint64(path[i])) * 1099511628211
			}
			return bodies[h%uint64(n)]
		}
	}
	ct := []string{"application/json; charset=utf-8"}
	cl := []string{strconv.Itoa(size)}
	ln, err := net.Listen("tcp", args[0])
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h["Content-Type"] = ct
			h["Content-Length"] = cl
			w.WriteHeader(http.StatusOK)
			w.Write(pick(r.URL.Path))
		}),
		ReadHeaderTimeout: 5 * time.Second,
	}
	fmt.Printf("ceiling on http://%s\n", ln.Addr())
	go func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM, os.Interrupt)
		<-sig
		hs.Close()
	}()
	if err := hs.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}

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
// SIGTERM or when its parent dies.
func runCeiling(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: %s ADDR BODY_BYTES", ceilingCommand)
	}
	size, err := strconv.Atoi(args[1])
	if err != nil || size < 2 {
		return fmt.Errorf("body size %q", args[1])
	}
	body := append([]byte{'{'}, bytes.Repeat([]byte{' '}, size-2)...)
	body = append(body, '}')
	ct := []string{"application/json; charset=utf-8"}
	cl := []string{strconv.Itoa(len(body))}
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
			w.Write(body)
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

package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestAppShutdownRecordsDeliveryInFlight stops the App while a lead's
// webhook request is on the wire: Run stops serving HTTP but waits for
// the attempt, and the store is still open when the worker records it,
// so the lead shows delivered after Close rather than claimed until its
// lease ends.
func TestAppShutdownRecordsDeliveryInFlight(t *testing.T) {
	arrived, release := make(chan struct{}, 1), make(chan struct{})
	crm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		arrived <- struct{}{}
		<-release
		w.WriteHeader(http.StatusOK)
	}))
	defer crm.Close()
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()

	db := filepath.Join(t.TempDir(), "vitrine.db")
	getenv := func(k string) string {
		if k == "GOMEMLIMIT" {
			return "1GiB" // leaves the test process's memory settings alone
		}
		return ""
	}
	cfg, fs, err := serveConfig([]string{"--addr", "127.0.0.1:0", "--db", db, "--media-dir", t.TempDir(),
		"--lead-webhook", crm.URL, "--lead-retention", "off"}, getenv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := newApp(cfg, fs, getenv, io.Discard, io.Discard)
	closed := false
	defer func() {
		if !closed {
			app.Close()
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := app.Open(ctx); err != nil {
		t.Fatal(err)
	}
	ran := make(chan error, 1)
	go func() { ran <- app.Run(ctx) }()

	p, err := app.st.CreateProperty(ctx, storetest.Apartment("Casa do Webhook"))
	if err != nil {
		t.Fatal(err)
	}
	id, err := app.st.CreateLead(ctx, p.Slug, listing.LeadInput{Name: "João Pereira", Email: "joao.pereira@example.com",
		Message: "Tenho interesse, o imóvel aceita financiamento?", ClientAddr: "203.0.113.7"})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-time.After(30 * time.Second):
		t.Fatal("the webhook worker sent nothing")
	}

	cancel()
	// The HTTP server stops first: its address refuses connections.
	addr := app.ln.Addr().String()
	for deadline := time.Now().Add(30 * time.Second); ; {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the HTTP server still accepts connections after the shutdown began")
		}
		runtime.Gosched()
	}
	select {
	case err := <-ran:
		t.Fatalf("Run returned (%v) with a delivery on the wire", err)
	default:
	}
	close(release)
	released = true
	select {
	case err := <-ran:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return once the delivery was answered")
	}
	closed = true
	if err := app.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}

	st, err := store.Open(context.Background(), db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := st.DeliveryState(context.Background(), id)
	if err != nil || d.Status != listing.DeliveryDelivered || d.Attempts != 1 {
		t.Errorf("delivery after the shutdown: %+v, %v; want delivered at the first attempt", d, err)
	}
}

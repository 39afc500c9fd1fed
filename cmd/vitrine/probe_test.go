package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"vitrine", "version"}, env(), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.HasPrefix(s, "vitrine ") || !strings.Contains(s, "\ngo      "+runtime.Version()+" ") {
		t.Errorf("vitrine version printed:\n%s", s)
	}
	if err := run(context.Background(), []string{"vitrine", "version", "extra"}, env(), io.Discard, io.Discard); err == nil {
		t.Error("vitrine version took an argument")
	}
}

// TestHealthAndBuildInfo asks a running server through vitrine health, the
// way the container image's HEALTHCHECK does, and finds the build in the
// listening line and in /metrics.
func TestHealthAndBuildInfo(t *testing.T) {
	srv := startInProcess(t, serveOptions{}, "--metrics-addr", "main")
	health := func(getenv func(string) string, args ...string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{"vitrine", "health"}, args...), getenv, &out, io.Discard)
		return out.String(), err
	}
	if out, err := health(env(), "--addr", srv.addr()); err != nil || !strings.Contains(out, "/healthz: 200 OK") {
		t.Errorf("health --addr: %q, %v", out, err)
	}
	_, port, _ := net.SplitHostPort(srv.addr())
	// The address serve was given, as a container sets it: any host.
	if out, err := health(env("VITRINE_ADDR", ":"+port), "--ready"); err != nil || !strings.Contains(out, "/readyz: 200 OK") {
		t.Errorf("health --ready with VITRINE_ADDR=:%s: %q, %v", port, out, err)
	}
	if _, err := health(env(), "--url", srv.url+"/healthz"); err != nil {
		t.Errorf("health --url: %v", err)
	}

	logs := srv.waitLog(t, `"msg":"listening"`)
	if !strings.Contains(logs, `"version":"`) || !strings.Contains(logs, `"go_version":"`+runtime.Version()+`"`) {
		t.Errorf("the listening line lacks the build:\n%s", logs)
	}
	res, err := http.Get(srv.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), `vitrine_build_info{commit="`) || !strings.Contains(string(body), `go_version="`+runtime.Version()+`",version="`) {
		t.Errorf("/metrics lacks vitrine_build_info:\n%.2000s", body)
	}
}

func TestHealthFails(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	// A server that answers, but not 200: a proxy's error page, say.
	sick := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "indisponível", http.StatusServiceUnavailable)
	}))
	defer sick.Close()
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"nothing listens", []string{"--addr", closed}, "connection refused"},
		{"503", []string{"--url", sick.URL + "/readyz"}, "503"},
		{"a URL that is not http", []string{"--url", "ftp://example.com/"}, "--url"},
		{"a bad address", []string{"--addr", "8080"}, "invalid usage"},
	} {
		err := run(context.Background(), append([]string{"vitrine", "health"}, c.args...), env(), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one that says %q", c.name, err, c.want)
		}
	}
	err = run(context.Background(), []string{"vitrine", "health"}, env("VITRINE_ADDR", "nope"), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "VITRINE_ADDR") {
		t.Errorf("a bad VITRINE_ADDR: %v", err)
	}
}

func TestProbeURL(t *testing.T) {
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/healthz",
		"0.0.0.0:8080":   "http://127.0.0.1:8080/healthz",
		"[::]:8080":      "http://[::1]:8080/healthz",
		"10.0.0.5:80":    "http://10.0.0.5:80/healthz",
		"localhost:8080": "http://localhost:8080/healthz",
	} {
		if got := probeURL(addr, false); got != want {
			t.Errorf("probeURL(%q) = %q, want %q", addr, got, want)
		}
	}
}

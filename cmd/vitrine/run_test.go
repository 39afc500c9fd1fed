package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/testwait"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// TestRunServe starts the whole program through run, as main does, on port
// 0 with the demo catalogue, uses it over HTTP, and stops it as a signal
// would: run must return nil after a graceful shutdown.
func TestRunServe(t *testing.T) {
	tmp := t.TempDir()
	srv := startInProcess(t, serveOptions{getenv: env("VITRINE_DB", filepath.Join(t.TempDir(), "vitrine.db"), "TMPDIR", tmp)},
		"--demo", "--metrics-addr", "main")
	base, token := srv.url, srv.token
	if token == "" {
		t.Fatalf("--demo printed no admin token: %q", srv.stdout)
	}

	get := func(path, auth string) (int, []byte) {
		req, _ := http.NewRequest("GET", base+path, nil)
		if auth != "" {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, b
	}
	status, body := get("/api/v1/properties?per_page=50", "")
	var list struct {
		Items []struct{ Slug string } `json:"items"`
		Total int                     `json:"total"`
	}
	json.Unmarshal(body, &list)
	if status != 200 || list.Total != 11 {
		t.Fatalf("demo list: %d, %d active properties (want 11): %s", status, list.Total, body)
	}
	if status, _ := get("/api/v1/properties/"+list.Items[0].Slug, ""); status != 200 {
		t.Errorf("detail of %s: %d", list.Items[0].Slug, status)
	}
	// The demo is an agency's site: its record is set, so pages name it.
	if status, body := get("/api/v1/agency", ""); status != 200 || !strings.Contains(string(body), `"name":"`+demo.Agency().Name+`"`) ||
		!strings.Contains(string(body), `"creci_display":"`+demo.Agency().CRECI+`"`) {
		t.Errorf("demo agency: %d %s", status, body)
	}
	// Its logo is uploaded after the start, and shown once the media
	// workers have made it.
	testwait.Until(t, "the demo agency's logo", func() bool {
		_, body := get("/api/v1/agency", "")
		return strings.Contains(string(body), `"logo":{"url":"`)
	})
	// The cache keeps to memory: nothing is written to $TMPDIR.
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("files in TMPDIR: %v", left)
	}
	if status, body := get("/api/admin/properties?per_page=1", token); status != 200 || !strings.Contains(string(body), `"total":12`) {
		t.Errorf("admin list with the demo token: %d %s", status, body)
	}
	// The demo staff account signs in with the password printed.
	creds := regexp.MustCompile(`com (\S+@\S+) e a senha (\S+)`).FindStringSubmatch(srv.stdout.String())
	if creds == nil {
		t.Fatalf("--demo printed no staff credentials: %q", srv.stdout)
	}
	signIn, _ := json.Marshal(map[string]string{"email": creds[1], "password": creds[2]})
	res, err := http.Post(base+"/api/admin/session", "application/json", strings.NewReader(string(signIn)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Errorf("sign-in with the demo account: %d", res.StatusCode)
	}
	if status, _ := get("/healthz", ""); status != 200 {
		t.Errorf("healthz: %d", status)
	}

	if err := srv.stop(); err != nil {
		t.Fatalf("run after shutdown: %v", err)
	}
	logs := srv.stderr.String()
	for _, want := range []string{`"msg":"request"`, `"path":"/api/v1/properties"`, `"status":200`, `"request_id"`, `"msg":"stopped"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s", want)
		}
	}
	if strings.Contains(logs, token) {
		t.Error("the admin token appears in the logs")
	}
	if strings.Contains(logs, creds[2]) {
		t.Error("the demo password appears in the logs")
	}
}

func TestRunTokenCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tokens.db")
	ctx := context.Background()
	tool := func(args ...string) (string, error) {
		var out, errOut lockedBuffer
		err := run(ctx, append([]string{"vitrine", "token"}, args...), env(), &out, &errOut)
		return out.String(), err
	}
	out, err := tool("create", "ana", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	token := lines[len(lines)-1]
	if !regexp.MustCompile(`^vt_[A-Za-z0-9_-]{43}$`).MatchString(token) {
		t.Fatalf("last line %q is not a token", token)
	}
	if _, err := tool("create", "--db", db, "ana"); err == nil {
		t.Error("a second token named ana was created")
	}
	if out, err := tool("list", "--db", db); err != nil || !strings.Contains(out, "ana") || strings.Contains(out, token) {
		t.Errorf("list: %q %v", out, err)
	}
	if _, err := tool("revoke", "ana", "--db", db); err != nil {
		t.Fatal(err)
	}
	if _, err := tool("revoke", "ana", "--db", db); err == nil {
		t.Error("revoking a missing token succeeded")
	}
	if out, _ := tool("list", "--db", db); strings.Contains(out, "ana") {
		t.Errorf("revoked token still listed: %q", out)
	}
}

func TestRunUsage(t *testing.T) {
	var out, errOut lockedBuffer
	if err := run(context.Background(), []string{"vitrine"}, env(), &out, &errOut); err == nil || !strings.Contains(errOut.String(), "Usage") {
		t.Errorf("no command: %v %q", err, errOut.String())
	}
	if err := run(context.Background(), []string{"vitrine", "voar"}, env(), &out, &errOut); err == nil {
		t.Error("unknown command accepted")
	}
	if err := run(context.Background(), []string{"vitrine", "serve", "--contact-limit", "muitos"}, env(), &out, &errOut); err == nil {
		t.Error("bad --contact-limit accepted")
	}
	db := filepath.Join(t.TempDir(), "m.db")
	if err := run(context.Background(), []string{"vitrine", "migrate", "--db", db}, env(), &out, &errOut); err != nil {
		t.Errorf("migrate: %v", err)
	}
}

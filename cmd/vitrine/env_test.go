package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/proc"
)

// envCases are every flag of serve with a value it refuses and one it
// takes, given in the form the flag prints it back.
var envCases = []struct {
	flag, bad, good string
}{
	{"db", "postgres://vitrine:segredo@%zz/vitrine", "postgres://vitrine@db.internal/vitrine"},
	{"addr", "8080", "0.0.0.0:9000"},
	{"demo", "talvez", "true"},
	{"public-url", "imoveis.example.com", "https://imoveis.example.com"},
	{"cache-mb", "muito", "16"},
	{"contact-limit", "muitos", "3/1m0s"},
	{"contact-address-limit", "20", "10/1h0m0s"},
	{"admin-auth-limit", "5", "off"},
	{"signin-limit", "10", "5/10m0s"},
	{"session-idle", "0s", "8h0m0s"},
	{"session-max", "um mês", "168h0m0s"},
	{"trusted-proxies", "10.0.0.0/33", "10.0.0.0/8,192.168.1.1/32"},
	{"lead-webhook", "ftp://crm.example.com/leads", "https://crm.example.com/leads"},
	{"lead-retention", "720h", "24m"},
	{"metrics-addr", "9464", "off"},
	{"max-conns", "-1", "7"},
	{"max-conns-per-ip", "beaucoup", "8"},
	{"search-concurrency", "0", "8"},
	{"search-limit", "muitas", "off"},
	{"log-level", "alto", "DEBUG"},
	{"media-dir", " ", "/var/lib/vitrine/media"},
	{"media-s3", "http://bucket", "s3://fotos/vitrine?endpoint=https://s3.example.com&path_style=true"},
	{"media-max-mb", "0", "30"},
	{"media-workers", "nenhum", "2"},
	{"fetch-ports", "80,http", "80,443,8080"},
	{"smtp-url", "smtp://ana:segredo@mail.example.com:25:587", "smtps://ana:segredo@smtp.example.com:465"},
	{"mail-from", "Imobiliária <sem-arroba>", "Imobiliária Exemplo <avisos@example.com>"},
	{"domain", "*.imobiliaria.com.br", "imobiliaria.com.br,www.imobiliaria.com.br"},
	{"https-addr", "443", "0.0.0.0:8443"},
	{"http-addr", "80", "0.0.0.0:8081"},
	{"acme-ca", "http://ca.example.com/directory", "https://ca.example.com/acme/directory"},
	{"acme-email", "ti(arroba)imobiliaria.com.br", "ti@imobiliaria.com.br"},
	{"acme-ca-root", "/nao/existe/raiz.pem", "/etc/ssl/certs/ca-certificates.crt"},
	{"acme-dir", " ", "/var/lib/vitrine/acme"},
	{"backup-every", "10s", "6h0m0s"},
	{"backup-to", "s3://x", "/var/backups/vitrine"},
	{"backup-keep", "0", "7"},
	{"map-tiles", "http://tiles.example.com/{z}/{x}/{y}.png", "https://tiles.example.com/{z}/{x}/{y}.png?key=k"},
	{"map-attribution", "© Mapas\nExemplo", "© Mapas Exemplo"},
}

// companions are the other variables a flag's good value needs to be
// accepted: e-mail needs a sender and the site's address for its links.
var companions = map[string][]string{
	"smtp-url": {"VITRINE_MAIL_FROM", "avisos@example.com", "VITRINE_PUBLIC_URL", "https://imoveis.example.com"},
}

// TestEnvCasesCoverEveryFlag keeps envCases whole as flags are added.
func TestEnvCasesCoverEveryFlag(t *testing.T) {
	_, fs, err := serveConfig(nil, env(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	fs.VisitAll(func(f *flag.Flag) {
		for _, c := range envCases {
			if c.flag == f.Name {
				return
			}
		}
		t.Errorf("--%s (%s) has no case in envCases", f.Name, envName(f.Name))
	})
}

// TestEnvInvalidValueStops gives each variable a value its flag refuses:
// serve, migrate and token stop with an error that names the variable, as
// the same value given as a flag stops serve.
func TestEnvInvalidValueStops(t *testing.T) {
	db := filepath.Join(t.TempDir(), "vitrine.db")
	for _, c := range envCases {
		name := envName(c.flag)
		t.Run(name, func(t *testing.T) {
			_, _, err := serveConfig(nil, env(name, c.bad), io.Discard)
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s=%q: err = %v, want one naming %s", name, c.bad, err, name)
			}
			if err != nil && strings.Contains(err.Error(), "segredo") {
				t.Errorf("the error shows the password: %v", err)
			}
			if _, _, err := serveConfig([]string{"--" + c.flag, c.bad}, env(), io.Discard); err == nil {
				t.Errorf("--%s %q accepted", c.flag, c.bad)
			}
			// Every other setting is valid, and the context is over: a
			// command that went on anyway would fail without naming the
			// variable.
			vars := map[string]string{"VITRINE_DB": db, "VITRINE_ADDR": "127.0.0.1:0", "VITRINE_METRICS_ADDR": "off", name: c.bad}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			for _, args := range [][]string{{"vitrine", "serve"}, {"vitrine", "migrate"}, {"vitrine", "token", "list"}} {
				err := refused(t, ctx, args, func(k string) string { return vars[k] })
				if err == nil || !strings.Contains(err.Error(), name) {
					t.Errorf("%v with %s=%q: err = %v, want one naming %s", args[1:], name, c.bad, err, name)
				}
			}
		})
	}
}

// refused runs a command that must stop before it serves, and returns its
// error.
func refused(t *testing.T, ctx context.Context, args []string, getenv func(string) string) error {
	t.Helper()
	var out, errOut lockedBuffer
	err := run(ctx, args, getenv, &out, &errOut)
	if strings.Contains(out.String(), "Vitrine em") {
		t.Errorf("%v: served anyway", args[1:])
	}
	return err
}

// TestEnvValidValueTakesEffect: each variable sets its flag, and the flag,
// when given, wins.
func TestEnvValidValueTakesEffect(t *testing.T) {
	for _, c := range envCases {
		name := envName(c.flag)
		vars := append([]string{name, c.good}, companions[c.flag]...)
		_, fs, err := serveConfig(nil, env(vars...), io.Discard)
		if err != nil {
			t.Errorf("%s=%q: %v", name, c.good, err)
			continue
		}
		if got := fs.Lookup(c.flag).Value.String(); got != c.good {
			t.Errorf("%s=%q: --%s is %q", name, c.good, c.flag, got)
		}
		_, fs, err = serveConfig([]string{"--" + c.flag + "=" + fs.Lookup(c.flag).DefValue}, env(vars...), io.Discard)
		if err != nil || fs.Lookup(c.flag).Value.String() == c.good {
			t.Errorf("--%s given and %s=%q: the variable won (%v)", c.flag, name, c.good, err)
		}
	}
}

// TestEnvEmptyIsUnset: an empty variable leaves the default, as an unset
// one does.
func TestEnvEmptyIsUnset(t *testing.T) {
	cfg, _, err := serveConfig(nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.addr != "127.0.0.1:8080" || cfg.metricsAddr != "127.0.0.1:9464" || cfg.maxConns != 1024 || cfg.db != "data/vitrine.db" {
		t.Errorf("defaults: %+v", cfg)
	}
}

func TestServeRefusesArguments(t *testing.T) {
	if _, _, err := serveConfig([]string{"--addr", ":0", "extra"}, env(), io.Discard); !errors.Is(err, errUsage) {
		t.Errorf("serve extra: %v", err)
	}
}

func TestRedact(t *testing.T) {
	for _, c := range []struct{ flag, in, want string }{
		{"db", "data/vitrine.db", "data/vitrine.db"},
		{"db", "postgres://vitrine:segredo@db.internal:5432/vitrine?sslmode=require", "postgres://vitrine:xxxxx@db.internal:5432/vitrine?sslmode=require"},
		{"db", "postgresql://db.internal/vitrine?password=segredo&sslmode=disable", "postgresql://db.internal/vitrine?password=xxxxx&sslmode=disable"},
		{"db", "postgres://vitrine:segredo@%zz/vitrine", "(a URL that does not parse)"},
		{"lead-webhook", "https://user:segredo@crm.example.com/hooks/segredo?token=segredo", "https://crm.example.com"},
		{"lead-webhook", "", ""},
		{"addr", "127.0.0.1:8080", "127.0.0.1:8080"},
		{"acme-email", "ti@imobiliaria.com.br", "(set)"},
		{"acme-email", "", ""},
	} {
		if got := redact(c.flag, c.in); got != c.want {
			t.Errorf("redact(%s, %q) = %q, want %q", c.flag, c.in, got, c.want)
		}
	}
}

// TestListeningLine reads the effective settings in the "listening" log
// line: every flag, the addresses in effect, and no secret.
func TestListeningLine(t *testing.T) {
	crm := newHookReceiver(t, "segredo-do-webhook", false)
	getenv := env(
		"VITRINE_DB", filepath.Join(t.TempDir(), "vitrine.db"),
		"VITRINE_CACHE_MB", "16",
		"VITRINE_LEAD_WEBHOOK", crm.srv.URL+"/leads/segredo-da-rota?token=segredo-da-consulta",
		"VITRINE_LEAD_WEBHOOK_SECRET", "segredo-do-webhook",
		"VITRINE_TRUSTED_PROXIES", "10.0.0.0/8",
	)
	srv := startInProcess(t, serveOptions{getenv: getenv}, "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0", "--max-conns", "50")
	base := srv.addr()
	var line map[string]any
	sc := bufio.NewScanner(strings.NewReader(srv.waitLog(t, `"msg":"listening"`)))
	for sc.Scan() {
		var l map[string]any
		if json.Unmarshal(sc.Bytes(), &l) == nil && l["msg"] == "listening" {
			line = l
		}
	}
	if line == nil {
		t.Fatalf("the listening line is not JSON:\n%s", srv.stderr)
	}
	want := map[string]any{
		"addr":                base,
		"cache_mb":            "16",
		"trusted_proxies":     "10.0.0.0/8",
		"max_conns":           "50",
		"contact_limit":       "5/10m0s",
		"log_level":           "INFO",
		"demo":                "false",
		"lead_webhook":        crm.srv.URL,
		"lead_webhook_signed": true,
		"database":            "sqlite",
	}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("listening line: %s = %v, want %v", k, line[k], v)
		}
	}
	if a, _ := line["metrics_addr"].(string); !strings.HasPrefix(a, "127.0.0.1:") || strings.HasSuffix(a, ":0") {
		t.Errorf("metrics_addr = %q, want the address in effect", a)
	}
	_, fs, _ := serveConfig(nil, env(), io.Discard)
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := line[strings.ReplaceAll(f.Name, "-", "_")]; !ok {
			t.Errorf("listening line lacks --%s", f.Name)
		}
	})
	raw, _ := json.Marshal(line)
	if strings.Contains(string(raw), "segredo") {
		t.Errorf("the listening line holds a secret: %s", raw)
	}
}

// TestMakeRunPassesOnlyWhatIsAsked: make run leaves VITRINE_ADDR and
// VITRINE_DB to the environment unless ADDR or DB are given.
func TestMakeRunPassesOnlyWhatIsAsked(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	mod, err := proc.ModuleDir(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	runLine := func(vars ...string) string {
		cmd := exec.Command("make", append([]string{"-n", "run"}, vars...)...)
		cmd.Dir = mod
		cmd.Env = append(cmd.Environ(), "VITRINE_ADDR=127.0.0.1:9999", "VITRINE_DB=/tmp/outro.db", "DB=", "ADDR=")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("make -n run: %v", err)
		}
		for l := range strings.SplitSeq(string(out), "\n") {
			if strings.Contains(l, " serve ") {
				return l
			}
		}
		t.Fatalf("no serve command in make -n run:\n%s", out)
		return ""
	}
	if l := runLine(); strings.Contains(l, "--addr") || strings.Contains(l, "--db") {
		t.Errorf("make run passes a flag nobody asked for: %s", l)
	}
	if l := runLine("ADDR=127.0.0.1:8181", "DB=x.db"); !strings.Contains(l, "--addr 127.0.0.1:8181") || !strings.Contains(l, "--db x.db") {
		t.Errorf("make run ADDR=… DB=…: %s", l)
	}
}

package tlsacme

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"go.uber.org/zap"
)

func TestParseDomain(t *testing.T) {
	for in, want := range map[string]string{
		"imobiliaria.com.br":      "imobiliaria.com.br",
		" WWW.Imobiliaria.com.br": "www.imobiliaria.com.br",
		"imobiliaria.com.br.":     "imobiliaria.com.br",
		"casa-1.example":          "casa-1.example",
	} {
		if got, err := ParseDomain(in); err != nil || got != want {
			t.Errorf("ParseDomain(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "*.imobiliaria.com.br", "imobiliaria.com.br:443", "https://imobiliaria.com.br",
		"203.0.113.7", "::1", "-casa.example", "casa..example", "imobiliária.com.br", strings.Repeat("a", 64) + ".example"} {
		if got, err := ParseDomain(in); err == nil {
			t.Errorf("ParseDomain(%q) = %q, want an error", in, got)
		}
	}
}

// TestLogLeavesOutEmail: what certmagic logs reaches slog without the
// ACME account's e-mail, in a field, a message or an error.
func TestLogLeavesOutEmail(t *testing.T) {
	var buf bytes.Buffer
	zl := zapLogger(slog.New(slog.NewJSONHandler(&buf, nil))).Named("obtain")
	zl.With(zap.String("account_email", "dono@imobiliaria.com.br")).Info("registering account for dono@imobiliaria.com.br",
		zap.Strings("contact", []string{"mailto:dono@imobiliaria.com.br"}),
		zap.Error(errors.New(`invalid contact "mailto:dono@imobiliaria.com.br"`)),
		zap.String("identifier", "imobiliaria.com.br"))
	zl.Debug("not at info")
	out := buf.String()
	if strings.Contains(out, "dono@") {
		t.Errorf("the log holds the e-mail:\n%s", out)
	}
	if !strings.Contains(out, `"identifier":"imobiliaria.com.br"`) || !strings.Contains(out, `"msg":"tls obtain: registering account for [e-mail]"`) {
		t.Errorf("the log lost what it should keep:\n%s", out)
	}
	if strings.Contains(out, "not at info") {
		t.Errorf("a debug line passed an info logger:\n%s", out)
	}
}

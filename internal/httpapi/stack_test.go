package httpapi_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vitrine/vitrine/internal/httpapi"
)

// stack is the service on a real database, started by httpapi.Harness
// (harness_test.go, the package's one HTTP test harness).
type stack = httpapi.Stack

// testIndex stands for the built web client: the head marker where the
// server renders a property's meta tags, and a module script.
const testIndex = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="UTF-8">
<title>Vitrine — Imóveis</title>
<!--vitrine:head-->
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
</head>
<body><div id="root"></div></body>
</html>
`

// newStack is the service called in process, with the test pages of the
// web client unless cfg has its own.
func newStack(t testing.TB, dialect string, cfg httpapi.Config) *stack {
	t.Helper()
	if cfg.Pages == nil {
		cfg.Pages = fstest.MapFS{
			"index.html":             {Data: []byte(testIndex)},
			"assets/index-abc123.js": {Data: []byte("console.log('vitrine')")},
		}
	}
	return httpapi.Harness{Dialect: dialect, Config: cfg}.Start(t)
}

// wantStatus fails the test when w's status is not want.
func wantStatus(t testing.TB, what string, w *httptest.ResponseRecorder, want int) {
	t.Helper()
	if w.Code != want {
		t.Fatalf("%s: status %d, want %d; body %s", what, w.Code, want, w.Body)
	}
}

// wantError fails the test unless w is status with the JSON body
// {"error": msg}.
func wantError(t testing.TB, what string, w *httptest.ResponseRecorder, status int, msg string) {
	t.Helper()
	wantStatus(t, what, w, status)
	var body struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error != msg {
		t.Fatalf("%s: body %s, want {\"error\":%q}", what, w.Body, msg)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: Content-Type %q, want JSON", what, ct)
	}
}

// contactBody is a valid contact form.
func contactBody(name string) map[string]string {
	return map[string]string{"name": name, "email": "visitante@example.com", "phone": "48 99999-0000",
		"message": "Gostaria de agendar uma visita a este imóvel."}
}

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunImport runs "vitrine import vrsync" on a file as staff would: a
// dry run that writes nothing, the import (photos kept as addresses), a
// second run that changes nothing, a listing refused (a non-zero exit
// that names it) and a file refused as a whole; a URL too.
func TestRunImport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "import.db")
	ctx := context.Background()
	fixture, err := os.ReadFile(filepath.Join("..", "..", "internal", "feed", "testdata", "import", "valid.xml"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "feed.xml")
	if err := os.WriteFile(file, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	tool := func(args ...string) (string, error) {
		var out, errOut lockedBuffer
		err := run(ctx, append([]string{"vitrine", "import", "vrsync", "--db", db, "--media-dir", filepath.Join(dir, "media")}, args...),
			env(), &out, &errOut)
		return out.String() + errOut.String(), err
	}
	out, err := tool("--dry-run", "--photos", "link", file)
	if err != nil || !strings.Contains(out, "OUT-1: criado") || !strings.Contains(out, "Verificação, nada foi gravado") ||
		!strings.Contains(out, "2 seriam criados") {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	out, err = tool("--photos", "link", file)
	if err != nil || !strings.Contains(out, "OUT-2: criado") || !strings.Contains(out, "2 criado(s)") {
		t.Fatalf("import: %v\n%s", err, out)
	}
	out, err = tool("--photos=link", file)
	if err != nil || !strings.Contains(out, "OUT-1: sem mudanças") || !strings.Contains(out, "2 sem mudanças") {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	bad := strings.Replace(string(fixture), "<TransactionType>For Rent</TransactionType>", "<TransactionType>For Swap</TransactionType>", 1)
	if err := os.WriteFile(file, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err = tool("--photos", "link", file)
	if err == nil || !strings.Contains(out, `OUT-2: recusado: TransactionType: tipo de negócio "For Swap" desconhecido`) {
		t.Errorf("refused listing: %v\n%s", err, out)
	}
	if err := os.WriteFile(file, []byte(`<rss version="2.0"/>`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := tool(file); err == nil || !strings.Contains(err.Error(), "outro formato") {
		t.Errorf("another format: %v", err)
	}
	if _, err := tool("--max-bytes", "100", file+"-missing"); err == nil {
		t.Error("a missing file was imported")
	}
	if err := os.WriteFile(file, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := tool("--max-bytes", "1000", file); err == nil || !strings.Contains(err.Error(), "tamanho máximo de 1000 bytes") {
		t.Errorf("over --max-bytes: %v", err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(fixture) }))
	defer srv.Close()
	out, err = tool("--photos", "link", srv.URL+"/feed.xml")
	if err != nil || !strings.Contains(out, "2 sem mudanças") {
		t.Errorf("from a URL: %v\n%s", err, out)
	}
	if _, err := tool("--max-bytes", "1000", srv.URL+"/feed.xml"); err == nil || !strings.Contains(err.Error(), "tamanho máximo") {
		t.Errorf("URL over --max-bytes: %v", err)
	}
}

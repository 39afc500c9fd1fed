package ownerrecord_test

import (
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/ownerrecord"
)

// TestSniff: the first bytes tell the format; a name never does.
func TestSniff(t *testing.T) {
	for _, c := range []struct {
		head string
		want string
	}{
		{"%PDF-1.7\n", "application/pdf"},
		{"\xFF\xD8\xFF\xE0\x00\x10JFIF", "image/jpeg"},
		{"\x89PNG\r\n\x1a\n\x00\x00", "image/png"},
		{"RIFF\x24\x00\x00\x00WEBPVP8 ", "image/webp"},
		{"RIFF\x24\x00\x00\x00WAVEfmt ", ""},
		{"<html><body>%PDF-", ""},
		{"MZ\x90\x00", ""},
		{"GIF89a", ""},
		{"", ""},
	} {
		k, ok := ownerrecord.Sniff([]byte(c.head))
		if ok != (c.want != "") || k.ContentType != c.want {
			t.Errorf("Sniff(%q) = %+v, %v; want %q", c.head, k, ok, c.want)
		}
	}
}

// TestSafeName: a name keeps what a person typed, less any directory,
// control or format character and what file systems or a
// Content-Disposition header would trip on; it ends with its real
// format's extension; it is never empty nor longer than 120 characters.
func TestSafeName(t *testing.T) {
	pdf := ownerrecord.Kind{ContentType: "application/pdf", Ext: "pdf"}
	jpg := ownerrecord.Kind{ContentType: "image/jpeg", Ext: "jpg"}
	for _, c := range []struct {
		name string
		k    ownerrecord.Kind
		want string
	}{
		{"Escritura do imóvel.pdf", pdf, "Escritura do imóvel.pdf"},
		{"CONTRATO.PDF", pdf, "CONTRATO.PDF"},
		{`C:\Users\ana\Documentos\rg.jpeg`, jpg, "rg.jpeg"},
		{"../../etc/passwd", pdf, "passwd.pdf"},
		{"contrato.pdf.exe", pdf, "contrato.pdf.exe.pdf"},
		{`a"b;c<d>e|f?.pdf`, pdf, "a_b_c_d_e_f_.pdf"},
		{"nome\r\nX-Header: 1.pdf", pdf, "nomeX-Header_ 1.pdf"},
		{"\u202egpj.exe", jpg, "gpj.exe.jpg"},
		{"", pdf, "documento.pdf"},
		{"...", pdf, "documento.pdf"},
		{".pdf", pdf, "pdf.pdf"},
	} {
		if got := ownerrecord.SafeName(c.name, c.k); got != c.want {
			t.Errorf("SafeName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	long := ownerrecord.SafeName(strings.Repeat("á", 300)+".pdf", pdf)
	if n := len([]rune(long)); n != 120 || !strings.HasSuffix(long, ".pdf") {
		t.Errorf("a long name: %d characters, %q", n, long)
	}
}

package docenc_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/docenc"
)

func TestGzipRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 { // concurrent users share the free list
		wg.Go(func() {
			body := []byte(strings.Repeat(`{"title":"Apartamento no Batel","n":`+strings.Repeat("7", i)+`},`, 60))
			gz := docenc.Gzip(body)
			if gz == nil || len(gz) >= len(body) {
				t.Errorf("a %d-byte repetitive body compressed to %d bytes", len(body), len(gz))
				return
			}
			zr, err := gzip.NewReader(bytes.NewReader(gz))
			if err != nil {
				t.Error(err)
				return
			}
			back, err := io.ReadAll(zr)
			if err != nil || !bytes.Equal(back, body) {
				t.Errorf("round trip: %v, equal %v", err, bytes.Equal(back, body))
			}
		})
	}
	wg.Wait()
}

func TestGzipDoesNotPay(t *testing.T) {
	if gz := docenc.Gzip([]byte(`{"error":"Imóvel não encontrado"}`)); gz != nil {
		t.Errorf("a body under %d bytes was compressed", docenc.MinGzip)
	}
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(i*7919 + i*i*31)
	}
	if gz := docenc.Gzip(random); gz != nil && len(gz) >= len(random) {
		t.Error("a compressed form no smaller than the body was returned")
	}
}

func TestETag(t *testing.T) {
	a, b := docenc.ETag([]byte(`{"price":"1.00"}`)), docenc.ETag([]byte(`{"price":"2.00"}`))
	if a == b {
		t.Error("two bodies share an ETag")
	}
	if a != docenc.ETag([]byte(`{"price":"1.00"}`)) {
		t.Error("the ETag of one body changes")
	}
	if !strings.HasPrefix(a, `W/"`) || !strings.HasSuffix(a, `"`) {
		t.Errorf("ETag %s is not a quoted weak validator", a)
	}
}

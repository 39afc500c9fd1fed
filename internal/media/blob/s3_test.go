package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/blob/s3test"
)

// The S3 store is tested against versitygw, a real S3 server (s3test).
const testBucket = "vitrine-test"

func TestS3(t *testing.T) {
	gw := s3test.Start(t)
	cfg, err := blob.ParseS3URL(gw.URL(testBucket, ""), testEnv)
	if err != nil {
		t.Fatal(err)
	}
	bucketStore, err := blob.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	gw.CreateBucket(t, testBucket)
	// Each subtest gets its own key prefix in the one bucket, as a
	// deployment's prefix in a shared bucket.
	nonKey := regexp.MustCompile(`[^a-z0-9]+`)
	testStore(t, func(t *testing.T) blob.Store {
		c := cfg
		c.Prefix = "runs/" + strings.Trim(nonKey.ReplaceAllString(strings.ToLower(t.Name()), "-"), "-") + "/"
		s, err := blob.NewS3(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})

	// Objects under the store's prefix only: a key of the bucket's root
	// stays out of reach and out of List.
	t.Run("prefix", func(t *testing.T) {
		c := cfg
		c.Prefix = "site-a/"
		a, err := blob.NewS3(c)
		if err != nil {
			t.Fatal(err)
		}
		put(t, a, "x.jpg", []byte("a"), "image/jpeg")
		if got := readAll(t, bucketStore, "site-a/x.jpg"); string(got) != "a" {
			t.Fatalf("the bucket reads %q under the prefix", got)
		}
		put(t, bucketStore, "x.jpg", []byte("root"), "image/jpeg")
		if got := readAll(t, a, "x.jpg"); string(got) != "a" {
			t.Fatalf("the prefixed store reads %q", got)
		}
		if keys := listAll(t, a); len(keys) != 1 || keys[0] != "x.jpg" {
			t.Fatalf("the prefixed store lists %q", keys)
		}
	})

	// A Range request reads its range from the bucket, not the object.
	t.Run("range reads only the range", func(t *testing.T) {
		c := cfg
		c.Prefix = "range/"
		var received countingTransport
		s, err := blob.NewS3WithTransport(c, &received)
		if err != nil {
			t.Fatal(err)
		}
		data := randomBytes(2 << 20)
		put(t, s, "big.jpg", data, "image/jpeg")
		r, info, err := s.Open(context.Background(), "big.jpg")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		before := received.n.Load()
		req := httptest.NewRequest(http.MethodGet, "/media/big.jpg", nil)
		req.Header.Set("Range", "bytes=1000000-1000999")
		rec := httptest.NewRecorder()
		http.ServeContent(rec, req, "", info.ModTime, r)
		if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), data[1000000:1001000]) {
			t.Fatalf("Range: %d, %d bytes", rec.Code, rec.Body.Len())
		}
		if got := received.n.Load() - before; got < 1000 || got > 64<<10 {
			t.Fatalf("serving 1000 bytes of a 2 MiB object received %d bytes from S3", got)
		}
	})

	t.Run("wrong credentials", func(t *testing.T) {
		c := cfg
		c.SecretKey = "not-the-secret"
		s, err := blob.NewS3(c)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Stat(context.Background(), "x.jpg")
		if err == nil || errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("Stat with a wrong secret: %v", err)
		}
	})
}

var testEnv = s3test.Env

const (
	testAccessKey = s3test.AccessKey
	testSecretKey = s3test.SecretKey
)

// countingTransport counts the response body bytes it receives.
type countingTransport struct{ n atomic.Int64 }

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		resp.Body = countingBody{resp.Body, &c.n}
	}
	return resp, err
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

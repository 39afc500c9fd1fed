package blob_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/media/blob"
)

// testStore runs the behaviour every Store shares; newStore returns an empty
// store for one subtest.
func testStore(t *testing.T, newStore func(t *testing.T) blob.Store) {
	ctx := context.Background()

	t.Run("round trip", func(t *testing.T) {
		s := newStore(t)
		data := randomBytes(3000)
		put(t, s, "photos/p1/a.jpg", data, "image/jpeg")
		r, info, err := s.Open(ctx, "photos/p1/a.jpg")
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("read %d bytes, not the %d put", len(got), len(data))
		}
		if info.Key != "photos/p1/a.jpg" || info.Size != 3000 || info.ContentType != "image/jpeg" || info.ETag == "" || info.ModTime.IsZero() {
			t.Fatalf("Open info = %+v", info)
		}
		st, err := s.Stat(ctx, "photos/p1/a.jpg")
		if err != nil {
			t.Fatal(err)
		}
		if st.Key != info.Key || st.Size != info.Size || st.ContentType != info.ContentType || st.ETag != info.ETag || !st.ModTime.Equal(info.ModTime) {
			t.Fatalf("Stat = %+v, Open gave %+v", st, info)
		}
	})

	t.Run("empty object", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "empty.webp", nil, "image/webp")
		if got := readAll(t, s, "empty.webp"); len(got) != 0 {
			t.Fatalf("read %q", got)
		}
	})

	t.Run("overwrite", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "a/b.png", []byte("first version"), "image/png")
		before, err := s.Stat(ctx, "a/b.png")
		if err != nil {
			t.Fatal(err)
		}
		put(t, s, "a/b.png", []byte("second, longer version"), "image/webp")
		if got := readAll(t, s, "a/b.png"); string(got) != "second, longer version" {
			t.Fatalf("read %q after overwrite", got)
		}
		after, err := s.Stat(ctx, "a/b.png")
		if err != nil {
			t.Fatal(err)
		}
		if after.ETag == before.ETag || after.ContentType != "image/webp" || after.Size != 22 {
			t.Fatalf("after overwrite: %+v, before: %+v", after, before)
		}
		// Same size, at once: still another ETag.
		put(t, s, "a/b.png", []byte("second, LONGER version"), "image/webp")
		again, err := s.Stat(ctx, "a/b.png")
		if err != nil {
			t.Fatal(err)
		}
		if again.ETag == after.ETag {
			t.Fatalf("content of the same size put again keeps the ETag %q", again.ETag)
		}
	})

	t.Run("delete", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "d/x.jpg", []byte("x"), "image/jpeg")
		put(t, s, "d/y.jpg", []byte("y"), "image/jpeg")
		if err := s.Delete(ctx, "d/x.jpg"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Open(ctx, "d/x.jpg"); !errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("Open after Delete: %v, want ErrNotFound", err)
		}
		if err := s.Delete(ctx, "d/x.jpg"); err != nil {
			t.Fatalf("second Delete: %v", err)
		}
		if err := s.Delete(ctx, "never/was.jpg"); err != nil {
			t.Fatalf("Delete of a key never put: %v", err)
		}
		if got := readAll(t, s, "d/y.jpg"); string(got) != "y" {
			t.Fatalf("the other object reads %q", got)
		}
	})

	t.Run("not found", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "dir/file.jpg", []byte("x"), "image/jpeg")
		for _, key := range []string{"missing.jpg", "dir/missing.jpg", "dir", "nodir/file.jpg"} {
			if _, _, err := s.Open(ctx, key); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("Open(%q) = %v, want ErrNotFound", key, err)
			}
			if _, err := s.Stat(ctx, key); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("Stat(%q) = %v, want ErrNotFound", key, err)
			}
		}
	})

	t.Run("list by prefix", func(t *testing.T) {
		s := newStore(t)
		all := []string{"p/1.jpg", "p/2.jpg", "p/sub/3.jpg", "pq/4.jpg", "other.jpg"}
		for i, k := range all {
			put(t, s, k, bytes.Repeat([]byte{'x'}, i+1), "image/jpeg")
		}
		for prefix, want := range map[string][]string{
			"":        all,
			"p/":      {"p/1.jpg", "p/2.jpg", "p/sub/3.jpg"},
			"p":       {"p/1.jpg", "p/2.jpg", "p/sub/3.jpg", "pq/4.jpg"},
			"p/sub/":  {"p/sub/3.jpg"},
			"p/s":     {"p/sub/3.jpg"},
			"p/1":     {"p/1.jpg"},
			"nothing": nil,
			"zz/":     nil,
		} {
			var got []string
			err := s.List(ctx, prefix, func(info blob.Info) error {
				if want := int64(slices.Index(all, info.Key) + 1); info.Size != want {
					t.Errorf("List(%q): %s has size %d, want %d", prefix, info.Key, info.Size, want)
				}
				got = append(got, info.Key)
				return nil
			})
			if err != nil {
				t.Fatalf("List(%q): %v", prefix, err)
			}
			slices.Sort(got)
			want = slices.Clone(want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("List(%q) = %q, want %q", prefix, got, want)
			}
		}
		stop := errors.New("stop")
		n := 0
		err := s.List(ctx, "", func(blob.Info) error { n++; return stop })
		if !errors.Is(err, stop) || n != 1 {
			t.Fatalf("List whose callback fails: %v after %d calls", err, n)
		}
	})

	t.Run("invalid keys", func(t *testing.T) {
		s := newStore(t)
		for _, key := range invalidKeys {
			if err := s.Put(ctx, key, strings.NewReader("x"), 1, "image/jpeg"); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("Put(%q) = %v, want ErrInvalidKey", key, err)
			}
			if _, _, err := s.Open(ctx, key); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("Open(%q) = %v, want ErrInvalidKey", key, err)
			}
			if _, err := s.Stat(ctx, key); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("Stat(%q) = %v, want ErrInvalidKey", key, err)
			}
			if err := s.Delete(ctx, key); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("Delete(%q) = %v, want ErrInvalidKey", key, err)
			}
		}
		for _, prefix := range []string{"/", "../", "a/../", "A", "a\x00", "a//"} {
			if err := s.List(ctx, prefix, func(blob.Info) error { return nil }); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("List(%q) = %v, want ErrInvalidKey", prefix, err)
			}
		}
		if keys := listAll(t, s); len(keys) != 0 {
			t.Fatalf("invalid keys stored %q", keys)
		}
	})

	t.Run("bad put arguments", func(t *testing.T) {
		s := newStore(t)
		if err := s.Put(ctx, "a.jpg", strings.NewReader("x"), -1, "image/jpeg"); err == nil {
			t.Error("Put with size -1 succeeded")
		}
		if err := s.Put(ctx, "a.jpg", strings.NewReader("x"), 1, "not a type"); err == nil {
			t.Error("Put with content type \"not a type\" succeeded")
		}
		if keys := listAll(t, s); len(keys) != 0 {
			t.Fatalf("refused puts stored %q", keys)
		}
	})

	t.Run("ranged read", func(t *testing.T) {
		s := newStore(t)
		data := randomBytes(100_000)
		put(t, s, "big.jpg", data, "image/jpeg")
		r, info, err := s.Open(ctx, "big.jpg")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if _, err := r.Seek(-10, io.SeekEnd); err != nil {
			t.Fatal(err)
		}
		tail := make([]byte, 10)
		if _, err := io.ReadFull(r, tail); err != nil || !bytes.Equal(tail, data[len(data)-10:]) {
			t.Fatalf("last 10 bytes: %v, %x", err, tail)
		}
		if n, err := r.Read(tail); n != 0 || err != io.EOF {
			t.Fatalf("read at the end: %d, %v", n, err)
		}
		// As the media handler will serve it.
		serve := func(header http.Header) *httptest.ResponseRecorder {
			t.Helper()
			if _, err := r.Seek(0, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest(http.MethodGet, "/media/big.jpg", nil)
			req.Header = header
			rec := httptest.NewRecorder()
			rec.Header().Set("ETag", `"`+info.ETag+`"`)
			rec.Header().Set("Content-Type", info.ContentType)
			http.ServeContent(rec, req, "", info.ModTime, r)
			return rec
		}
		rec := serve(http.Header{"Range": {"bytes=1000-1999"}})
		if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), data[1000:2000]) ||
			rec.Header().Get("Content-Range") != "bytes 1000-1999/100000" {
			t.Fatalf("Range: %d %q, %d bytes", rec.Code, rec.Header().Get("Content-Range"), rec.Body.Len())
		}
		rec = serve(http.Header{"Range": {"bytes=99990-"}})
		if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), data[99990:]) {
			t.Fatalf("open-ended Range: %d, %d bytes", rec.Code, rec.Body.Len())
		}
		rec = serve(http.Header{})
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), data) {
			t.Fatalf("whole: %d, %d bytes", rec.Code, rec.Body.Len())
		}
		rec = serve(http.Header{"If-None-Match": {`"` + info.ETag + `"`}})
		if rec.Code != http.StatusNotModified {
			t.Fatalf("If-None-Match with the ETag: %d", rec.Code)
		}
	})

	t.Run("failed put leaves nothing", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "kept/old.jpg", []byte("old content"), "image/jpeg")
		readerErr := errors.New("connection reset by the uploader")
		for name, tc := range map[string]struct {
			r       func() io.Reader
			size    int64
			wantErr error
		}{
			"reader fails midway": {func() io.Reader {
				return io.MultiReader(bytes.NewReader(randomBytes(40_000)), failingReader{readerErr})
			}, 100_000, readerErr},
			"reader ends early":  {func() io.Reader { return bytes.NewReader(randomBytes(40_000)) }, 100_000, blob.ErrSize},
			"reader yields more": {func() io.Reader { return bytes.NewReader(randomBytes(40_001)) }, 40_000, blob.ErrSize},
		} {
			for _, key := range []string{"new/photo.jpg", "kept/old.jpg"} {
				err := s.Put(ctx, key, tc.r(), tc.size, "image/jpeg")
				if err == nil {
					t.Fatalf("%s: Put(%q) succeeded", name, key)
				}
				if tc.wantErr == blob.ErrSize && !errors.Is(err, blob.ErrSize) {
					t.Errorf("%s: Put(%q) = %v, want ErrSize", name, key, err)
				}
			}
			if _, err := s.Stat(ctx, "new/photo.jpg"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("%s: after a failed Put the new key gives %v, want ErrNotFound", name, err)
			}
			if got := readAll(t, s, "kept/old.jpg"); string(got) != "old content" {
				t.Fatalf("%s: after a failed Put the old object reads %q", name, got)
			}
		}
		if keys := listAll(t, s); !slices.Equal(keys, []string{"kept/old.jpg"}) {
			t.Fatalf("after failed puts List gives %q", keys)
		}
	})

	t.Run("put stops when its context ends", func(t *testing.T) {
		s := newStore(t)
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		// The upload's request goes away after 40 kB of 100.
		r := io.MultiReader(bytes.NewReader(randomBytes(40_000)), cancelReader{cancel}, bytes.NewReader(randomBytes(60_000)))
		if err := s.Put(ctx, "gone/photo.jpg", r, 100_000, "image/jpeg"); err == nil {
			t.Fatal("Put succeeded after its context ended")
		}
		if keys := listAll(t, s); len(keys) != 0 {
			t.Fatalf("a Put whose context ended stored %q", keys)
		}
	})

	t.Run("concurrent puts", func(t *testing.T) {
		s := newStore(t)
		const n = 16
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				// Half in one shared directory, half in their own.
				key := fmt.Sprintf("shared/%02d.jpg", i)
				if i%2 == 1 {
					key = fmt.Sprintf("own/%02d/photo.jpg", i)
				}
				data := bytes.Repeat([]byte{byte(i)}, 5000+i)
				errs[i] = s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "image/jpeg")
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			key := fmt.Sprintf("shared/%02d.jpg", i)
			if i%2 == 1 {
				key = fmt.Sprintf("own/%02d/photo.jpg", i)
			}
			if got := readAll(t, s, key); !bytes.Equal(got, bytes.Repeat([]byte{byte(i)}, 5000+i)) {
				t.Errorf("%s: read %d bytes of other content", key, len(got))
			}
		}
		if keys := listAll(t, s); len(keys) != n {
			t.Fatalf("List gives %d keys, want %d: %q", len(keys), n, keys)
		}
	})
}

// invalidKeys are refused by every Store method.
var invalidKeys = []string{
	"", "../x", "/abs", "a/../../b", "a/./b", "a/..", "..", ".", "A.JPG", "photos/Casa.jpg",
	"a//b", "a/", "a\x00b", "a\\b", "a b", "ação.jpg", ".hidden", "a/.tmp-1", "a:b", "%2e%2e",
	strings.Repeat("a", 1024), strings.Repeat("a", blob.MaxKeyLen+1),
}

func put(t *testing.T, s blob.Store, key string, data []byte, contentType string) {
	t.Helper()
	if err := s.Put(context.Background(), key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		t.Fatal(err)
	}
}

func readAll(t *testing.T, s blob.Store, key string) []byte {
	t.Helper()
	r, _, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func listAll(t *testing.T, s blob.Store) []string {
	t.Helper()
	var keys []string
	if err := s.List(context.Background(), "", func(info blob.Info) error {
		keys = append(keys, info.Key)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	return keys
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	r := rand.NewChaCha8([32]byte{byte(n), byte(n >> 8)})
	r.Read(b)
	return b
}

type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }

// cancelReader cancels a context when it is read, and yields nothing.
type cancelReader struct{ cancel context.CancelFunc }

func (c cancelReader) Read([]byte) (int, error) {
	c.cancel()
	return 0, io.EOF
}

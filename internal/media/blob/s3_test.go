package blob_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/media/blob"
)

// The S3 store is tested against versitygw, a real S3 server (the gateway
// over a directory), which the test builds once into the user's cache
// directory and starts on a free port.
const (
	versitygwModule  = "github.com/versity/versitygw/cmd/versitygw"
	versitygwVersion = "v1.8.0"
	testAccessKey    = "vitrine-test-access"
	testSecretKey    = "vitrine-test-secret-key"
	testBucket       = "vitrine-test"
)

func TestS3(t *testing.T) {
	endpoint := startVersitygw(t)
	cfg, err := blob.ParseS3URL("s3://"+testBucket+"?path_style=true&endpoint="+endpoint, testEnv)
	if err != nil {
		t.Fatal(err)
	}
	bucketStore, err := blob.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := createBucket(endpoint, testBucket); err != nil {
		t.Fatal(err)
	}
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

func testEnv(name string) string {
	return map[string]string{"AWS_ACCESS_KEY_ID": testAccessKey, "AWS_SECRET_ACCESS_KEY": testSecretKey}[name]
}

var versitygwBuild struct {
	once sync.Once
	path string
	err  error
}

// versitygwBinary returns the gateway's executable: $VITRINE_VERSITYGW when
// set, otherwise the one built into the user's cache directory, built there
// first when missing (a few minutes, once per machine).
func versitygwBinary(t *testing.T) string {
	if p := os.Getenv("VITRINE_VERSITYGW"); p != "" {
		return p
	}
	b := &versitygwBuild
	b.once.Do(func() {
		cache, err := os.UserCacheDir()
		if err != nil {
			b.err = err
			return
		}
		dir := filepath.Join(cache, "vitrine", "versitygw-"+versitygwVersion)
		b.path = filepath.Join(dir, "versitygw")
		if _, err := os.Stat(b.path); err == nil {
			return
		}
		t.Logf("building versitygw %s into %s (once per machine, a few minutes)", versitygwVersion, dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.err = err
			return
		}
		// Install into a directory of its own, then rename: a concurrent
		// run never sees half a binary.
		tmp, err := os.MkdirTemp(dir, "build-")
		if err != nil {
			b.err = err
			return
		}
		defer os.RemoveAll(tmp)
		goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goCmd); err != nil {
			goCmd = "go"
		}
		cmd := exec.Command(goCmd, "install", versitygwModule+"@"+versitygwVersion)
		cmd.Env = append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=-buildvcs=false", "CGO_ENABLED=0")
		cmd.Dir = tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go install %s@%s: %v\n%s", versitygwModule, versitygwVersion, err, out)
			return
		}
		b.err = os.Rename(filepath.Join(tmp, "versitygw"), b.path)
	})
	if b.err != nil {
		t.Fatalf("the S3 tests need versitygw and it could not be built: %v", b.err)
	}
	return b.path
}

// startVersitygw serves a new temporary directory over S3 until the test
// ends and returns the server's address.
func startVersitygw(t *testing.T) string {
	bin := versitygwBinary(t)
	var lastErr error
	for range 3 { // the free port may be taken before the gateway binds it
		endpoint, err := runVersitygw(t, bin)
		if err == nil {
			return endpoint
		}
		lastErr = err
	}
	t.Fatalf("versitygw did not start: %v", lastErr)
	return ""
}

func runVersitygw(t *testing.T, bin string) (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	l.Close()

	// Read only once the process has exited: Wait has then copied all.
	var out bytes.Buffer
	cmd := exec.Command(bin, "--access", testAccessKey, "--secret", testSecretKey, "--region", "us-east-1",
		"--port", addr, "--quiet", "posix", t.TempDir())
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
	}

	endpoint := "http://" + addr
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case err := <-exited:
			exited <- err
			return "", fmt.Errorf("exited (%v): %s", err, out.String())
		default:
		}
		// Any S3 answer, even an access denied, means it is serving.
		if resp, err := client.Get(endpoint + "/"); err == nil {
			resp.Body.Close()
			t.Cleanup(stop)
			return endpoint, nil
		}
		if time.Now().After(deadline) {
			stop()
			return "", fmt.Errorf("no answer at %s within a minute: %s", endpoint, out.String())
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not a wait for a state
	}
}

// createBucket makes the bucket with the test's credentials; the store itself
// never creates buckets (that is the deployment's job).
func createBucket(endpoint, bucket string) error {
	return blob.CreateBucketForTest(context.Background(), blob.S3Config{
		Endpoint: endpoint, Region: "us-east-1", PathStyle: true, Bucket: bucket,
		AccessKey: testAccessKey, SecretKey: testSecretKey,
	})
}

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

// Package s3test runs versitygw, a real S3-compatible server (the gateway
// over a directory), for the tests that store photos in S3: the S3 store's
// own tests (internal/media/blob) and the tests of several vitrine serve
// sharing one bucket (cmd/vitrine).
//
// The gateway is the executable at $VITRINE_VERSITYGW when set, otherwise
// the one scripts/ensure-versitygw.sh builds into the user's cache
// directory, built there by the first test that needs it when missing.
package s3test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/vitrine/vitrine/internal/proc"
)

// The gateway's module and version: keep them as scripts/ensure-versitygw.sh
// has them.
const (
	versitygwModule  = "github.com/versity/versitygw/cmd/versitygw"
	versitygwVersion = "v1.8.0"
)

// The credentials and region every gateway of these tests takes.
const (
	AccessKey = "vitrine-test-access"
	SecretKey = "vitrine-test-secret-key"
	Region    = "us-east-1"
)

// Env is a getenv that holds the gateway's credentials as the S3 store
// reads them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and nothing else.
func Env(name string) string {
	return map[string]string{"AWS_ACCESS_KEY_ID": AccessKey, "AWS_SECRET_ACCESS_KEY": SecretKey}[name]
}

// Server is a running gateway.
type Server struct {
	// Endpoint is its base URL: http://127.0.0.1:PORT.
	Endpoint string
}

// Start serves a new temporary directory over S3 until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make test-fast): the S3 gateway is left to make test")
	}
	bin := binary(t)
	var lastErr error
	for range 3 { // the free port may be taken before the gateway binds it
		endpoint, err := run(t, bin)
		if err == nil {
			return &Server{Endpoint: endpoint}
		}
		lastErr = err
	}
	t.Fatalf("versitygw did not start: %v", lastErr)
	return nil
}

// URL is the --media-s3 address of bucket/prefix on the gateway ("" for
// no prefix).
func (s *Server) URL(bucket, prefix string) string {
	u := "s3://" + bucket
	if prefix != "" {
		u += "/" + prefix
	}
	return u + "?endpoint=" + s.Endpoint + "&path_style=true"
}

// CreateBucket makes a bucket with the test's credentials; the store
// itself never creates buckets (that is the deployment's job).
func (s *Server) CreateBucket(t testing.TB, bucket string) {
	t.Helper()
	u, err := url.Parse(s.Endpoint)
	if err != nil {
		t.Fatal(err)
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(AccessKey, SecretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       Region,
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := client.MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: Region}); err != nil {
		t.Fatalf("create bucket %s: %v", bucket, err)
	}
}

var build struct {
	once sync.Once
	path string
	err  error
}

// binary returns the gateway's executable: $VITRINE_VERSITYGW when set,
// otherwise the one built into the user's cache directory, built there
// first when missing (a few minutes, once per machine).
func binary(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("VITRINE_VERSITYGW"); p != "" {
		return p
	}
	b := &build
	b.once.Do(func() {
		b.path, b.err = proc.Tool(context.Background(), versitygwModule, versitygwVersion, t.Logf)
	})
	if b.err != nil {
		t.Fatalf("the S3 tests need versitygw and it could not be built: %v", b.err)
	}
	return b.path
}

// run starts the gateway at a free port, waits until it answers, and
// returns its endpoint; it is stopped when the test ends.
func run(t testing.TB, bin string) (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	l.Close()

	// Read only once the process has exited: Wait has then copied all.
	var out bytes.Buffer
	cmd := exec.Command(bin, "--access", AccessKey, "--secret", SecretKey, "--region", Region,
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

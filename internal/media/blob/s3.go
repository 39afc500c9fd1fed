package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is where an S3 store lives; ParseS3URL makes one.
type S3Config struct {
	Bucket string
	// Prefix is put before every key ("" or ending with '/').
	Prefix string
	// Endpoint is the server's base URL, http or https, without a path.
	Endpoint string
	Region   string
	// PathStyle addresses the bucket in the path (http://host/bucket/key),
	// as most S3-compatible servers want, rather than as a host name.
	PathStyle    bool
	AccessKey    string
	SecretKey    string
	SessionToken string
}

// ParseS3URL reads a configuration such as
//
//	s3://bucket/some/prefix?endpoint=http://127.0.0.1:7070&region=us-east-1&path_style=true
//
// The endpoint defaults to AWS (https://s3.<region>.amazonaws.com), the region
// to us-east-1, path_style to false. Credentials come from getenv (os.Getenv
// in production): AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, both required,
// and AWS_SESSION_TOKEN when set.
func ParseS3URL(raw string, getenv func(string) string) (S3Config, error) {
	bad := func(format string, args ...any) (S3Config, error) {
		return S3Config{}, fmt.Errorf("blob: S3 address %q: "+format, append([]any{raw}, args...)...)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return bad("%v", err)
	}
	if u.Scheme != "s3" {
		return bad("want the form s3://bucket/prefix?endpoint=…&region=…&path_style=true")
	}
	if u.User != nil || u.Port() != "" || u.Fragment != "" {
		return bad("no user, port or fragment goes in it (the server goes in endpoint=…)")
	}
	c := S3Config{Bucket: u.Host, Region: "us-east-1"}
	if !validBucket(c.Bucket) {
		return bad("the bucket name %q is not 3 to 63 lowercase letters, digits, '.' or '-'", c.Bucket)
	}
	if p := strings.Trim(u.Path, "/"); p != "" {
		if CheckKey(p) != nil {
			return bad("the prefix %q is not a valid key path (lowercase letters, digits, '_', '-', '.', '/')", p)
		}
		c.Prefix = p + "/"
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return bad("%v", err)
	}
	for name, vals := range q {
		if len(vals) != 1 {
			return bad("%s is given %d times", name, len(vals))
		}
		v := vals[0]
		switch name {
		case "endpoint":
			e, err := url.Parse(v)
			if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" || strings.Trim(e.Path, "/") != "" || e.RawQuery != "" || e.User != nil {
				return bad("endpoint %q is not an http or https address without a path", v)
			}
			c.Endpoint = e.Scheme + "://" + e.Host
		case "region":
			if v == "" {
				return bad("region is empty")
			}
			c.Region = v
		case "path_style":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return bad("path_style %q is not true or false", v)
			}
			c.PathStyle = b
		default:
			return bad("unknown parameter %q (endpoint, region and path_style are known)", name)
		}
	}
	if c.Endpoint == "" {
		c.Endpoint = "https://s3." + c.Region + ".amazonaws.com"
	}
	c.AccessKey, c.SecretKey = getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY")
	if c.AccessKey == "" || c.SecretKey == "" {
		return bad("%w", ErrNoCredentials)
	}
	c.SessionToken = getenv("AWS_SESSION_TOKEN")
	return c, nil
}

func validBucket(b string) bool {
	if len(b) < 3 || len(b) > 63 {
		return false
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// S3 is a Store in a bucket of S3-compatible object storage, through
// minio-go: it signs a streamed upload from a plain io.Reader, over HTTP too,
// where aws-sdk-go-v2 wants a seekable body (the upload would have to be
// spooled first), and it adds less to the binary.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string
}

var _ Store = (*S3)(nil)

// NewS3 makes the store; it does no I/O (a wrong address or credentials show
// at the first request).
func NewS3(c S3Config) (*S3, error) { return newS3(c, nil) }

// newS3 makes the store with transport (nil: minio-go's default).
func newS3(c S3Config, transport http.RoundTripper) (*S3, error) {
	e, err := url.Parse(c.Endpoint)
	if err != nil || e.Host == "" {
		return nil, fmt.Errorf("blob: S3 endpoint %q is not an address", c.Endpoint)
	}
	lookup := minio.BucketLookupDNS
	if c.PathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(e.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(c.AccessKey, c.SecretKey, c.SessionToken),
		Secure:       e.Scheme == "https",
		Region:       c.Region,
		BucketLookup: lookup,
		Transport:    transport,
	})
	if err != nil {
		return nil, fmt.Errorf("blob: S3 client: %w", err)
	}
	return &S3{client: client, bucket: c.Bucket, prefix: c.Prefix}, nil
}

// String names the store for logs.
func (s *S3) String() string {
	return "s3://" + s.bucket + "/" + s.prefix + " at " + s.client.EndpointURL().String()
}

// fail wraps err, nil for nil, as ErrNotFound when S3 says the key is missing.
func (s *S3) fail(op, key string, err error) error {
	if err == nil {
		return nil
	}
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && (resp.Code == "NoSuchKey" || resp.StatusCode == http.StatusNotFound && resp.Code != "NoSuchBucket") {
		return fmt.Errorf("blob: %s %q: %w", op, key, ErrNotFound)
	}
	return fmt.Errorf("blob: %s %q: %w", op, key, err)
}

func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := checkPut(key, size, contentType); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, s.bucket, s.prefix+key, newExactReader(ctxReader{ctx, r}, size), size, minio.PutObjectOptions{
		ContentType: contentType,
	})
	if err != nil {
		return s.fail("put", key, err)
	}
	return nil
}

func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	if err := CheckKey(key); err != nil {
		return Info{}, err
	}
	oi, err := s.client.StatObject(ctx, s.bucket, s.prefix+key, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, s.fail("stat", key, err)
	}
	return s.info(key, oi), nil
}

func (s *S3) info(key string, oi minio.ObjectInfo) Info {
	return Info{Key: key, Size: oi.Size, ModTime: oi.LastModified, ContentType: oi.ContentType, ETag: strings.Trim(oi.ETag, `"`)}
}

// Open checks the object with a HEAD request; the returned reader then fetches
// from the offset it is at, with a range request, on its first Read and after
// each Seek.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error) {
	info, err := s.Stat(ctx, key)
	if err != nil {
		return nil, Info{}, err
	}
	return &s3Reader{ctx: ctx, s: s, key: key, info: info}, info, nil
}

// s3Reader reads an object from its offset with ranged GETs, pinned to the
// ETag it was opened with so a replaced object fails instead of mixing.
type s3Reader struct {
	ctx  context.Context
	s    *S3
	key  string
	info Info
	off  int64
	body io.ReadCloser
}

func (r *s3Reader) Read(p []byte) (int, error) {
	if r.off >= r.info.Size {
		return 0, io.EOF
	}
	if r.body == nil {
		opts := minio.GetObjectOptions{}
		if err := opts.SetRange(r.off, r.info.Size-1); err != nil {
			return 0, err
		}
		if err := opts.SetMatchETag(r.info.ETag); err != nil {
			return 0, err
		}
		core := minio.Core{Client: r.s.client}
		body, _, _, err := core.GetObject(r.ctx, r.s.bucket, r.s.prefix+r.key, opts)
		if err != nil {
			return 0, r.s.fail("read", r.key, err)
		}
		r.body = body
	}
	n, err := r.body.Read(p)
	r.off += int64(n)
	if err == io.EOF && r.off < r.info.Size {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

func (r *s3Reader) Seek(offset int64, whence int) (int64, error) {
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = offset
	case io.SeekCurrent:
		abs = r.off + offset
	case io.SeekEnd:
		abs = r.info.Size + offset
	default:
		return 0, errors.New("blob: seek: invalid whence")
	}
	if abs < 0 {
		return 0, errors.New("blob: seek: negative position")
	}
	if abs != r.off && r.body != nil {
		r.body.Close()
		r.body = nil
	}
	r.off = abs
	return abs, nil
}

func (r *s3Reader) Close() error {
	if r.body != nil {
		err := r.body.Close()
		r.body = nil
		return err
	}
	return nil
}

func (s *S3) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	// S3 answers a DELETE of a missing key with success; a server that
	// says 404 means the same.
	err := s.client.RemoveObject(ctx, s.bucket, s.prefix+key, minio.RemoveObjectOptions{})
	if err = s.fail("delete", key, err); err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	return nil
}

func (s *S3) List(ctx context.Context, prefix string, fn func(Info) error) error {
	if err := checkPrefix(prefix); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for oi := range s.client.ListObjectsIter(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + prefix, Recursive: true}) {
		if oi.Err != nil {
			return fmt.Errorf("blob: list %q: %w", prefix, oi.Err)
		}
		key := strings.TrimPrefix(oi.Key, s.prefix)
		if CheckKey(key) != nil {
			continue // not put through this package
		}
		if err := fn(s.info(key, oi)); err != nil {
			return err
		}
	}
	return nil
}

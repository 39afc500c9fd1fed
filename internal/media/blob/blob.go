// Package blob is where Vitrine keeps files it hosts (uploaded photos and
// their variants): one small interface, Store, with two implementations.
//
//   - Dir keeps each object as a file under a local directory. The directory
//     tree is created readable by its owner only (0700 directories, 0600
//     files). Put writes a temporary file in the object's directory, syncs it,
//     renames it over the final name and syncs the directory, so a key names
//     either nothing, the previous object, or the complete new one, even after
//     a crash. Temporary files start with TempPrefix; List never shows them and
//     RemoveStaleTemp deletes the ones a crash left behind. The content type is
//     kept in an extended attribute of the file.
//   - S3 keeps each object in a bucket of S3-compatible object storage, under
//     an optional key prefix, configured by a URL such as
//     s3://bucket/prefix?endpoint=http://127.0.0.1:7070&region=us-east-1&path_style=true
//     (see ParseS3URL) with credentials from AWS_ACCESS_KEY_ID and
//     AWS_SECRET_ACCESS_KEY.
//
// Keys are checked in one place, CheckKey: a relative slash-separated path of
// lowercase letters, digits, '_', '-' and '.', with no empty, "." or ".."
// segment and no segment starting with '.', at most MaxKeyLen bytes. An
// invalid key is an ErrInvalidKey error before any I/O, so a key can never
// name a file outside a Dir's root. A missing object is ErrNotFound.
//
// Open returns an io.ReadSeekCloser and the object's Info, which is what
// http.ServeContent needs to answer Range and conditional requests: pass
// Info.ModTime and set the ETag header to the quoted Info.ETag first. On S3
// the reader fetches byte ranges as it is sought, so a Range request reads
// only its range from the bucket.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"
	"time"
)

// Store is where hosted files live. Every method takes a key checked by
// CheckKey; its implementations are safe for concurrent use.
type Store interface {
	// Put stores exactly size bytes read from r under key with the given
	// content type, replacing any object there. When it returns nil the object
	// is durable; when it fails (r fails, r yields fewer or more than size
	// bytes, ctx ends) the key keeps its previous state.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open returns the object's content, seekable, and its Info. The reader
	// may read lazily under ctx, so keep ctx alive until it is closed; the
	// caller closes it. A missing key is ErrNotFound.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error)
	// Stat returns the object's Info without its content. A missing key is
	// ErrNotFound.
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes the object; a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// List calls fn for each object whose key starts with prefix (a plain
	// string prefix, "" for all), in no particular order, and stops at the
	// first error fn returns, returning it. Info.ContentType may be empty in
	// List. Objects put or deleted during a List may or may not be seen.
	List(ctx context.Context, prefix string, fn func(Info) error) error
}

// Info describes a stored object.
type Info struct {
	Key         string
	Size        int64
	ModTime     time.Time
	ContentType string
	// ETag is an opaque, unquoted value that changes when the object is
	// replaced; quote it for an HTTP ETag header.
	ETag string
}

var (
	// ErrNotFound is returned (wrapped) for a key with no object.
	ErrNotFound = errors.New("blob: not found")
	// ErrNoCredentials is returned (wrapped) by ParseS3URL when the
	// environment lacks AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY.
	ErrNoCredentials = errors.New("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment")
	// ErrInvalidKey is returned (wrapped) for a key CheckKey refuses.
	ErrInvalidKey = errors.New("blob: invalid key")
	// ErrSize is returned (wrapped) when Put's reader does not yield exactly
	// the announced size.
	ErrSize = errors.New("blob: content length differs from the announced size")
)

// MaxKeyLen is the longest key accepted, in bytes.
const MaxKeyLen = 255

// CheckKey reports whether key is a valid object key (see the package
// documentation), as an ErrInvalidKey error when it is not.
func CheckKey(key string) error {
	if key == "" {
		return fmt.Errorf("%w: empty", ErrInvalidKey)
	}
	if len(key) > MaxKeyLen {
		return fmt.Errorf("%w: longer than %d bytes", ErrInvalidKey, MaxKeyLen)
	}
	if err := checkChars(key); err != nil {
		return err
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" {
			return fmt.Errorf("%w: %q has an empty segment", ErrInvalidKey, key)
		}
		if seg[0] == '.' {
			return fmt.Errorf("%w: %q has a segment starting with '.'", ErrInvalidKey, key)
		}
	}
	return nil
}

// checkPut checks Put's arguments, the same for every Store.
func checkPut(key string, size int64, contentType string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if size < 0 {
		return fmt.Errorf("blob: put %q: negative size %d", key, size)
	}
	if contentType != "" {
		if _, _, err := mime.ParseMediaType(contentType); err != nil || len(contentType) > 255 {
			return fmt.Errorf("blob: put %q: content type %q is not a media type of at most 255 bytes", key, contentType)
		}
	}
	return nil
}

// checkPrefix accepts a List prefix: "" or the start of a possible key, so
// the characters of a key only, no leading '/' and no "..".
func checkPrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	if len(prefix) > MaxKeyLen {
		return fmt.Errorf("%w: prefix longer than %d bytes", ErrInvalidKey, MaxKeyLen)
	}
	if err := checkChars(prefix); err != nil {
		return err
	}
	if prefix[0] == '/' || strings.Contains(prefix, "//") || strings.Contains(prefix, "..") {
		return fmt.Errorf("%w: prefix %q", ErrInvalidKey, prefix)
	}
	return nil
}

func checkChars(s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.' || c == '/') {
			return fmt.Errorf("%w: %q has the byte %#02x (lowercase letters, digits, '_', '-', '.' and '/' only)", ErrInvalidKey, s, c)
		}
	}
	return nil
}

// exactReader yields what r yields, failing with ErrSize when r ends before
// size bytes or still has data after them. The extra byte is looked for
// before the last bytes are handed over, so a consumer never gets all of an
// oversized body.
type exactReader struct {
	r    io.Reader
	left int64
	done bool
}

func newExactReader(r io.Reader, size int64) *exactReader {
	return &exactReader{r: r, left: size}
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.done {
		return 0, io.EOF
	}
	if e.left == 0 {
		return 0, e.checkEnd()
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.r.Read(p)
	e.left -= int64(n)
	if err == io.EOF {
		if e.left > 0 {
			return n, fmt.Errorf("%w: %d bytes missing", ErrSize, e.left)
		}
		e.done = true
		return n, io.EOF
	}
	if err != nil {
		return n, err
	}
	if e.left == 0 {
		if err := e.checkEnd(); err != io.EOF {
			// The last bytes are withheld: a consumer that reads
			// exactly size bytes (io.ReadFull drops an error that
			// comes with the final bytes) must not complete.
			return 0, err
		}
	}
	return n, nil
}

// checkEnd reads past the announced size: io.EOF when r ends there.
func (e *exactReader) checkEnd() error {
	var b [1]byte
	for {
		n, err := e.r.Read(b[:])
		if n > 0 {
			return fmt.Errorf("%w: more bytes than announced", ErrSize)
		}
		if err == io.EOF {
			e.done = true
			return io.EOF
		}
		if err != nil {
			return err
		}
	}
}

// ctxReader fails reads once ctx is done, so a Put from a slow reader stops
// when its request goes away.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

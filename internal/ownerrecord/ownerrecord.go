// Package ownerrecord keeps the owner's documents of a listing (the
// captação's deed, ID, signed authorisation): it checks an uploaded file
// (its content decides its type, never its name; its size is bounded;
// its name is made safe to show and to offer on download), stores it in
// the file storage under PrivatePrefix, opens it for the staff who may
// see it, and deletes the files whose rows go: a document deleted, a
// listing deleted, an owner anonymised (LGPD), and what an interrupted
// upload left (Sweep).
//
// The files share the blob.Store of the photos, so a backup copies them
// with the media; /media/ serves only photo variants, whose names never
// hold a '/', so no key under PrivatePrefix is reachable there.
package ownerrecord

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"
	"time"
	"unicode"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media/blob"
)

// PrivatePrefix is where the documents' files are kept in the file
// storage.
const PrivatePrefix = "private/owner/"

// DefaultMaxBytes is the largest document accepted.
const DefaultMaxBytes = 20 << 20

// uploadGrace is how old a file with no row must be before Sweep takes it
// for what an interrupted upload left: an upload stores its file a moment
// before it commits its row.
const uploadGrace = time.Hour

// Errors of Upload, besides *listing.ValidationError (an empty file, a
// property with too many documents).
var (
	// ErrTooLarge: the file is over the limit.
	ErrTooLarge = errors.New("ownerrecord: document too large")
	// ErrFormat: not a PDF, JPEG, PNG or WebP file, by its content.
	ErrFormat = errors.New("ownerrecord: unsupported document format")
	// ErrNoStorage: the server has no file storage.
	ErrNoStorage = errors.New("ownerrecord: no file storage configured")
)

// Store is what the service needs of the database (*store.Store).
type Store interface {
	AddOwnerDocument(ctx context.Context, d listing.OwnerDocument) (listing.OwnerDocument, error)
	OwnerDocument(ctx context.Context, id, docID string) (listing.OwnerDocument, error)
	DeleteOwnerDocument(ctx context.Context, id, docID string) (listing.OwnerDocument, error)
	OwnerDocumentKeys(ctx context.Context, id string) ([]string, error)
	OwnerDocumentKnown(ctx context.Context, key string) (bool, error)
	AnonymizeOwnerRecords(ctx context.Context, email string) (int, []string, error)
	DeleteProperty(ctx context.Context, id string) error
}

// Service keeps the owner's documents.
type Service struct {
	store    Store
	files    blob.Store // nil: documents are refused (ErrNoStorage)
	log      *slog.Logger
	maxBytes int64
	uploads  chan struct{} // bounds the files held in memory at once
	now      func() time.Time
}

// New returns a service over st keeping files in files (nil: none), with
// logger log (nil: discarded).
func New(st Store, files blob.Store, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{store: st, files: files, log: log, maxBytes: DefaultMaxBytes, uploads: make(chan struct{}, 2), now: time.Now}
}

// MaxBytes is the largest document Upload takes.
func (s *Service) MaxBytes() int64 { return s.maxBytes }

// Kind is a document format the service accepts.
type Kind struct {
	ContentType string
	Ext         string
}

// Sniff tells the format of a file from its first bytes: a PDF, a JPEG, a
// PNG or a WebP image; false for anything else.
func Sniff(head []byte) (Kind, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return Kind{"application/pdf", "pdf"}, true
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return Kind{"image/jpeg", "jpg"}, true
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return Kind{"image/png", "png"}, true
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return Kind{"image/webp", "webp"}, true
	}
	return Kind{}, false
}

// SafeName makes the file name a person gave a document safe to show and
// to offer in a Content-Disposition header: its base name only (no
// directory of either kind of slash), no control or format characters,
// no quotes or characters that a file system refuses, at most
// listing.MaxOwnerDocumentLen characters, and the extension of its real
// format (a "contrato.pdf.exe" that is a PDF becomes
// "contrato.pdf.exe.pdf"; "foto.JPEG" that is a JPEG keeps its name).
func SafeName(name string, k Kind) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = strings.Trim(path.Base("/"+name), "/")
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == unicode.ReplacementChar, unicode.IsControl(r), unicode.Is(unicode.Cf, r), r == '\u2028', r == '\u2029':
		case strings.ContainsRune(`"<>:|?*;`+"`", r):
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	name = strings.Trim(strings.TrimSpace(b.String()), ".")
	ext := path.Ext(name)
	base := strings.TrimSuffix(name, ext)
	if !sameExt(strings.ToLower(ext), k.Ext) {
		base, ext = name, "."+k.Ext
	}
	if base == "" {
		base = "documento"
	}
	if max := listing.MaxOwnerDocumentLen - len([]rune(ext)); len([]rune(base)) > max {
		base = strings.TrimSpace(string([]rune(base)[:max]))
	}
	return base + ext
}

func sameExt(ext, want string) bool {
	return ext == "."+want || want == "jpg" && (ext == ".jpeg" || ext == ".jpe")
}

// Upload checks the file r, named name by the person who sent it, stores
// it under PrivatePrefix and records it as a document of the property id,
// by by. Nothing stays for a file it refuses.
func (s *Service) Upload(ctx context.Context, id, name string, r io.Reader, by listing.Actor) (listing.OwnerDocument, error) {
	if s.files == nil {
		return listing.OwnerDocument{}, ErrNoStorage
	}
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	case <-ctx.Done():
		return listing.OwnerDocument{}, ctx.Err()
	}
	src, err := io.ReadAll(io.LimitReader(r, s.maxBytes+1))
	if err != nil {
		return listing.OwnerDocument{}, fmt.Errorf("ownerrecord: read upload: %w", err)
	}
	if int64(len(src)) > s.maxBytes {
		return listing.OwnerDocument{}, ErrTooLarge
	}
	if len(src) == 0 {
		return listing.OwnerDocument{}, listing.Invalid("file", "O arquivo está vazio.")
	}
	kind, ok := Sniff(src)
	if !ok {
		return listing.OwnerDocument{}, ErrFormat
	}
	var raw [16]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return listing.OwnerDocument{}, err
	}
	docID := hex.EncodeToString(raw[:])
	d := listing.OwnerDocument{ID: docID, PropertyID: id, Name: SafeName(name, kind), ContentType: kind.ContentType,
		Size: int64(len(src)), Key: PrivatePrefix + docID + "." + kind.Ext, CreatedBy: by}
	if err := s.files.Put(ctx, d.Key, bytes.NewReader(src), d.Size, d.ContentType); err != nil {
		return listing.OwnerDocument{}, fmt.Errorf("ownerrecord: store document: %w", err)
	}
	out, err := s.store.AddOwnerDocument(ctx, d)
	if err != nil {
		s.remove(context.WithoutCancel(ctx), d.Key)
		return listing.OwnerDocument{}, err
	}
	return out, nil
}

// Open returns the document docID of the property id with its content,
// which the caller closes.
func (s *Service) Open(ctx context.Context, id, docID string) (listing.OwnerDocument, io.ReadSeekCloser, blob.Info, error) {
	d, err := s.store.OwnerDocument(ctx, id, docID)
	if err != nil {
		return d, nil, blob.Info{}, err
	}
	if s.files == nil {
		return d, nil, blob.Info{}, ErrNoStorage
	}
	f, info, err := s.files.Open(ctx, d.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return d, nil, info, fmt.Errorf("ownerrecord: the file of document %s is missing: %w", d.ID, listing.ErrUnavailable)
	}
	return d, f, info, err
}

// Delete removes the document docID of the property id, its row then its
// file.
func (s *Service) Delete(ctx context.Context, id, docID string) error {
	d, err := s.store.DeleteOwnerDocument(ctx, id, docID)
	if err != nil {
		return err
	}
	s.remove(ctx, d.Key)
	return nil
}

// DeleteProperty deletes the property id (store's DeleteProperty) and
// then the files of its owner's documents, whose rows went with it.
func (s *Service) DeleteProperty(ctx context.Context, id string) error {
	keys, err := s.store.OwnerDocumentKeys(ctx, id)
	if err != nil {
		return err
	}
	if err := s.store.DeleteProperty(ctx, id); err != nil {
		return err
	}
	s.remove(ctx, keys...)
	return nil
}

// Anonymize erases the owner's data of every record that holds email and
// deletes their documents' files; it returns how many records it emptied.
func (s *Service) Anonymize(ctx context.Context, email string) (int, error) {
	n, keys, err := s.store.AnonymizeOwnerRecords(ctx, email)
	s.remove(ctx, keys...) // the rows are gone even when the scrub after failed
	return n, err
}

// remove deletes the files keys; a failure is logged (by key, which holds
// no personal data) and left to Sweep, the rows being gone.
func (s *Service) remove(ctx context.Context, keys ...string) {
	if s.files == nil {
		return
	}
	for _, k := range keys {
		if err := s.files.Delete(ctx, k); err != nil {
			s.log.WarnContext(ctx, "owner document file not deleted; the sweep will", "key", k, "err", err)
		}
	}
}

// Sweep deletes the files under PrivatePrefix that no document names and
// that are older than an hour: an upload cut between its file and its
// row, a listing deleted while a document of it was arriving, a delete
// whose file removal failed. It returns how many it deleted.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	if s.files == nil {
		return 0, nil
	}
	now := s.now()
	var keys []string
	err := s.files.List(ctx, PrivatePrefix, func(i blob.Info) error {
		if now.Sub(i.ModTime) > uploadGrace {
			keys = append(keys, i.Key)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("ownerrecord: sweep: list: %w", err)
	}
	n := 0
	for _, k := range keys {
		known, err := s.store.OwnerDocumentKnown(ctx, k)
		if err != nil {
			return n, err
		}
		if known {
			continue
		}
		if err := s.files.Delete(ctx, k); err != nil {
			return n, fmt.Errorf("ownerrecord: sweep: %w", err)
		}
		n++
	}
	return n, nil
}

// Run sweeps an hour after the start and every six hours, until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTimer(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "owner documents sweep failed", "err", err)
		}
		t.Reset(6 * time.Hour)
	}
}

// SetClock makes now the service's clock, for tests of the sweep.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

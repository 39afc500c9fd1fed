package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// Media is the photo hosting the server hands uploads to and serves files
// from (*media.Service).
type Media interface {
	// Upload stores the file r as a new photo of the property.
	Upload(ctx context.Context, propertyID string, r io.Reader, alt string, by listing.Actor) (listing.Photo, error)
	// SetUserPhoto stores the file r as the photo of the user, as Upload
	// stores a property's.
	SetUserPhoto(ctx context.Context, userID int64, r io.Reader) (listing.User, error)
	// SetAgencyLogo stores the file r as the agency's logo, as Upload
	// stores a property's photo.
	SetAgencyLogo(ctx context.Context, r io.Reader) (listing.Agency, error)
	// MaxBytes is the largest file Upload takes.
	MaxBytes() int64
	// Fetch downloads a photo and stores it as Upload does, for an
	// import, which writes its row; Wake tells the workers it waits.
	Fetch(ctx context.Context, url string) (*store.NewImage, error)
	Wake()
	// ServeHTTP serves GET /media/{name}.
	http.Handler
}

// adminPhotoJSON is a photo as the back office manages it: every photo,
// those still processing and those that failed included.
type adminPhotoJSON struct {
	detaildoc.Photo
	URL          *string `json:"url"` // null until an upload is ready
	ID           string  `json:"id"`
	Source       string  `json:"source"` // "upload" or "url"
	Status       string  `json:"status"` // "processing", "ready" or "failed"
	Error        *string `json:"error"`
	ThumbnailURL *string `json:"thumbnail_url"`
}

func newAdminPhotoJSON(ph listing.Photo) adminPhotoJSON {
	out := adminPhotoJSON{Photo: detaildoc.NewPhoto(ph), URL: detaildoc.OrNull(ph.URL), ID: ph.ID, Source: "url",
		Status: string(listing.ImageReady)}
	if ph.Image == nil {
		out.ThumbnailURL = out.URL
		return out
	}
	out.Source, out.Status, out.Error = "upload", string(ph.Image.Status), detaildoc.OrNull(ph.Image.Error)
	for _, v := range ph.Image.Variants {
		if v.ContentType == "image/jpeg" {
			out.ThumbnailURL = &v.URL // the smallest
			break
		}
	}
	return out
}

// photosJSON is the list of a property's photos.
type photosJSON struct {
	Photos []adminPhotoJSON `json:"photos"`
}

func newPhotosJSON(photos []listing.Photo) photosJSON {
	out := photosJSON{Photos: make([]adminPhotoJSON, len(photos))}
	for i, ph := range photos {
		out.Photos[i] = newAdminPhotoJSON(ph)
	}
	return out
}

func (s *Server) listPhotos(w http.ResponseWriter, r *http.Request) {
	photos, err := s.store.PropertyPhotos(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newPhotosJSON(photos))
}

// addPhoto takes a file (multipart/form-data: "file", and optionally
// "alt_text") or an external address (JSON: url, alt_text).
func (s *Server) addPhoto(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.store.Property(r.Context(), id); err != nil {
		s.writeError(w, r, err) // an unknown property is a 404 before the body is read
		return
	}
	by := caller(r).actor
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var ph listing.Photo
	var err error
	if ct == "multipart/form-data" {
		ph, err = s.uploadPhoto(w, r, id, by)
	} else {
		var o *object
		if o, err = readObject(w, r, maxAdminBody); err == nil {
			o.unknown("url", "alt_text")
			url, _ := o.requiredStr("url")
			ph.URL = url
			if alt := o.str("alt_text", true); alt != nil {
				ph.AltText = *alt
			}
			if err = o.v.Err(); err == nil {
				ph, err = s.store.AddPhoto(r.Context(), id, ph, nil, by)
			}
		}
	}
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, newAdminPhotoJSON(ph))
}

// uploadPhoto reads the multipart body: an optional "alt_text" part, then
// the "file" part, streamed to the media service (the description must
// come first, as browsers send fields in the order of the form).
func (s *Server) uploadPhoto(w http.ResponseWriter, r *http.Request, id string, by listing.Actor) (ph listing.Photo, err error) {
	alt := ""
	err = s.readUpload(w, r, func(part *multipart.Part) error {
		if part.FormName() != "alt_text" {
			return nil
		}
		b, err := io.ReadAll(io.LimitReader(part, 4*listing.MaxAltTextLen+1))
		if err != nil {
			return err
		}
		alt = strings.TrimSpace(string(b))
		return (listing.Photo{AltText: alt, Image: &listing.Image{}}).Validate()
	}, func(file io.Reader) (err error) {
		ph, err = s.media.Upload(r.Context(), id, file, alt, by)
		return err
	})
	return ph, err
}

// readUpload reads a photo sent as a multipart/form-data body: each part
// before the "file" part goes to field (nil ignores them), then the
// "file" part, streamed, to store. With no media service it is
// errNoMedia; a body over the media service's limit is errTooLarge.
func (s *Server) readUpload(w http.ResponseWriter, r *http.Request, field func(*multipart.Part) error, store func(io.Reader) error) error {
	if s.media == nil {
		return errNoMedia
	}
	// A photo sent from a phone on a slow connection takes minutes to
	// arrive: the 15 s the server gives a whole request would cut it. Only
	// staff, signed in, get here.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(uploadWindow))
	rc.SetWriteDeadline(time.Now().Add(uploadWindow + 30*time.Second))
	// The file, its part headers and a description; the media service
	// refuses a file over its own limit with its own message.
	r.Body = http.MaxBytesReader(w, r.Body, s.media.MaxBytes()+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return listing.Invalid("file", msgNoFilePart)
	}
	var tooLarge *http.MaxBytesError
	for {
		part, err := mr.NextPart()
		if err != nil {
			if errors.As(err, &tooLarge) {
				return errTooLarge
			}
			return listing.Invalid("file", msgNoFilePart)
		}
		if part.FormName() == "file" {
			err := store(part)
			if errors.As(err, &tooLarge) {
				return errTooLarge
			}
			return err
		}
		if field != nil {
			if err := field(part); err != nil {
				return err
			}
		}
	}
}

// msgNoFilePart answers a body that is not a form with a "file" part.
const msgNoFilePart = "Envie a foto no campo \"file\" de um formulário multipart/form-data."

// uploadWindow is how long an upload's body may take to arrive: 20 MB at
// about 300 kbit/s.
const uploadWindow = 10 * time.Minute

func (s *Server) setPhotoAlt(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("alt_text")
	alt, _ := o.requiredStr("alt_text")
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ph, err := s.store.SetPhotoAlt(r.Context(), r.PathValue("id"), r.PathValue("photo"), alt, caller(r).actor)
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newAdminPhotoJSON(ph))
}

func (s *Server) reorderPhotos(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("ids")
	if !o.has("ids") {
		o.fail("ids", "Campo obrigatório.")
	}
	ids := o.strings("ids", listing.MaxPhotos)
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	photos, err := s.store.ReorderPhotos(r.Context(), r.PathValue("id"), ids, caller(r).actor)
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newPhotosJSON(photos))
}

func (s *Server) deletePhoto(w http.ResponseWriter, r *http.Request) {
	err := s.store.DeletePhoto(r.Context(), r.PathValue("id"), r.PathValue("photo"), caller(r).actor)
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// serveMedia serves an uploaded photo's variant; with no media service,
// the 404 it would give.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	if s.media == nil {
		w.Header().Set("Cache-Control", "no-cache")
		writeJSON(w, http.StatusNotFound, errorBody{Error: msgFileNotFound})
		return
	}
	s.media.ServeHTTP(w, r)
}

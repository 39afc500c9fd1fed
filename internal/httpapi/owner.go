package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/ownerrecord"
)

// The owner's record of a listing (captação) and its documents: back
// office only, for the listing's broker and administradores
// (listing.SeesOwnerRecord). A corretor who is not the broker gets the
// 404 of row scoping (ownProperty); anyone else who may see the listing
// but not its owner's record, a 403.

// errOwnerForbidden is a caller who sees the listing but not its owner's
// record.
var errOwnerForbidden = errors.New("the owner's record is its broker's and the administradores'")

const (
	msgOwnerForbidden   = "Só o corretor responsável pelo imóvel e os administradores veem a captação."
	msgDocumentNotFound = "Documento não encontrado"
	msgDocumentTooLarge = "O documento passa de 20 MB, o máximo. Reduza o arquivo e envie de novo."
	msgDocumentFormat   = "Formato de arquivo não suportado. Envie documentos em PDF, JPEG, PNG ou WebP."
	msgNoDocuments      = "O envio de documentos não está disponível neste servidor."
	msgNoDocumentPart   = "Envie o documento no campo \"file\" de um formulário multipart/form-data."
)

// ownerScope guards a route on the owner's record of the listing {id}
// (after ownProperty): an unknown listing is a 404, one the caller may
// not see the owner of a 403.
func (s *Server) ownerScope(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := s.store.Property(r.Context(), r.PathValue("id"))
		if err == nil && !listing.SeesOwnerRecord(caller(r).role, caller(r).userID, p) {
			err = errOwnerForbidden
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		next(w, r)
	}
}

// ownerJSON is the owner's record as the back office edits it, with its
// documents.
type ownerJSON struct {
	Name           string   `json:"name"`
	Phones         []string `json:"phones"`
	Emails         []string `json:"emails"`
	Exclusive      bool     `json:"exclusive"`
	ExclusiveUntil *string  `json:"exclusive_until"` // YYYY-MM-DD
	// Commission is in percent (6.5 is 6.50 %).
	Commission   *float64       `json:"commission"`
	Keys         string         `json:"keys"`
	Notes        string         `json:"notes"`
	UpdatedAt    *time.Time     `json:"updated_at"`
	UpdatedBy    *actorJSON     `json:"updated_by"`
	AnonymizedAt *time.Time     `json:"anonymized_at"`
	Documents    []ownerDocJSON `json:"documents"`
	MaxDocument  int64          `json:"max_document_bytes"`
}

type ownerDocJSON struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	ContentType string     `json:"content_type"`
	Size        int64      `json:"size"`
	CreatedAt   time.Time  `json:"created_at"`
	CreatedBy   *actorJSON `json:"created_by"`
}

func newOwnerDocJSON(d listing.OwnerDocument) ownerDocJSON {
	return ownerDocJSON{ID: d.ID, Name: d.Name, ContentType: d.ContentType, Size: d.Size, CreatedAt: d.CreatedAt, CreatedBy: newActorJSON(d.CreatedBy)}
}

func newOwnerJSON(o listing.OwnerRecord, docs []listing.OwnerDocument) ownerJSON {
	out := ownerJSON{Name: o.Name, Phones: o.Phones, Emails: o.Emails, Exclusive: o.Exclusive, Keys: o.Keys, Notes: o.Notes,
		UpdatedAt: timeOrNull(o.UpdatedAt), UpdatedBy: newActorJSON(o.UpdatedBy), AnonymizedAt: timeOrNull(o.AnonymizedAt),
		Documents: make([]ownerDocJSON, len(docs)), MaxDocument: ownerrecord.DefaultMaxBytes}
	if !o.ExclusiveUntil.IsZero() {
		d := o.ExclusiveUntil.Format(time.DateOnly)
		out.ExclusiveUntil = &d
	}
	if o.CommissionBP.Valid {
		c := float64(o.CommissionBP.Int) / 100
		out.Commission = &c
	}
	for i, d := range docs {
		out.Documents[i] = newOwnerDocJSON(d)
	}
	return out
}

// writeOwner answers the owner's record of the listing id with its
// documents.
func (s *Server) writeOwner(w http.ResponseWriter, r *http.Request, o listing.OwnerRecord) {
	docs, err := s.store.OwnerDocuments(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newOwnerJSON(o, docs))
}

func (s *Server) getOwner(w http.ResponseWriter, r *http.Request) {
	o, err := s.store.OwnerRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeOwner(w, r, o)
}

// putOwner replaces the owner's record: a field left out is cleared.
// The read-only fields of the answer may be sent back and are ignored.
func (s *Server) putOwner(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("name", "phones", "emails", "exclusive", "exclusive_until", "commission", "keys", "notes",
		"updated_at", "updated_by", "anonymized_at", "documents", "max_document_bytes")
	rec := listing.OwnerRecord{PropertyID: r.PathValue("id")}
	if v := o.str("name", true); v != nil {
		rec.Name = *v
	}
	rec.Phones = o.strings("phones", listing.MaxOwnerContacts)
	rec.Emails = o.strings("emails", listing.MaxOwnerContacts)
	if v := o.boolean("exclusive"); v != nil {
		rec.Exclusive = *v
	}
	if v := o.str("exclusive_until", true); v != nil && *v != "" {
		d, err := time.Parse(time.DateOnly, *v)
		if err != nil {
			o.fail("exclusive_until", "Informe a data no formato AAAA-MM-DD.")
		}
		rec.ExclusiveUntil = d
	}
	if !o.isNull("commission") {
		if c := o.number("commission"); c != nil {
			bp, err := listing.CommissionBP("commission", *c)
			o.merge(err)
			rec.CommissionBP = listing.NullInt{Int: bp, Valid: err == nil}
		}
	}
	if v := o.str("keys", true); v != nil {
		rec.Keys = *v
	}
	if v := o.str("notes", true); v != nil {
		rec.Notes = *v
	}
	rec.Normalize()
	o.merge(rec.Validate())
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	rec, err = s.store.SetOwnerRecord(r.Context(), rec, caller(r).actor)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeOwner(w, r, rec)
}

// addOwnerDocument takes one file, the "file" part of a multipart form,
// named by its part's filename.
func (s *Server) addOwnerDocument(w http.ResponseWriter, r *http.Request) {
	if s.owners == nil {
		s.writeError(w, r, ownerrecord.ErrNoStorage)
		return
	}
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(uploadWindow)) // a scan sent from a phone takes its time, as a photo does
	rc.SetWriteDeadline(time.Now().Add(uploadWindow + 30*time.Second))
	r.Body = http.MaxBytesReader(w, r.Body, s.owners.MaxBytes()+64<<10)
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "multipart/form-data" {
		s.writeError(w, r, listing.Invalid("file", msgNoDocumentPart))
		return
	}
	mr, err := r.MultipartReader()
	if err != nil {
		s.writeError(w, r, listing.Invalid("file", msgNoDocumentPart))
		return
	}
	var tooLarge *http.MaxBytesError
	var part *multipart.Part
	for {
		if part, err = mr.NextPart(); err != nil {
			if errors.As(err, &tooLarge) {
				err = ownerrecord.ErrTooLarge
			} else {
				err = listing.Invalid("file", msgNoDocumentPart)
			}
			s.writeError(w, r, err)
			return
		}
		if part.FormName() == "file" {
			break
		}
		io.Copy(io.Discard, part)
	}
	d, err := s.owners.Upload(r.Context(), r.PathValue("id"), part.FileName(), part, caller(r).actor)
	if errors.As(err, &tooLarge) {
		err = ownerrecord.ErrTooLarge
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Location", r.URL.Path+"/"+d.ID)
	writeJSON(w, http.StatusCreated, newOwnerDocJSON(d))
}

// downloadOwnerDocument sends a document as an attachment that no browser
// renders in the back office's origin, and no cache keeps.
func (s *Server) downloadOwnerDocument(w http.ResponseWriter, r *http.Request) {
	if s.owners == nil {
		s.writeError(w, r, ownerrecord.ErrNoStorage)
		return
	}
	d, f, info, err := s.owners.Open(r.Context(), r.PathValue("id"), r.PathValue("doc"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", d.ContentType)
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": d.Name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	http.ServeContent(w, r, "", info.ModTime, f)
}

func (s *Server) deleteOwnerDocument(w http.ResponseWriter, r *http.Request) {
	if s.owners == nil {
		s.writeError(w, r, ownerrecord.ErrNoStorage)
		return
	}
	if err := s.owners.Delete(r.Context(), r.PathValue("id"), r.PathValue("doc")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// adminDuplicateProperty copies the listing {id} into a new inactive
// draft (store.DuplicateProperty) and answers it as a creation does.
func (s *Server) adminDuplicateProperty(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.DuplicateProperty(r.Context(), r.PathValue("id"), caller(r).actor)
	s.writeCreatedProperty(w, r, p, err)
}

// subjectOwner is an owner's record in a data subject's export: the
// record, its listing, and its documents by name and size (their files
// are handed over on request, downloaded from the listing's page).
type subjectOwner struct {
	Property subjectProp `json:"property"`
	ownerJSON
}

// subjectOwners gathers the owner's records that hold the e-mail.
func (s *Server) subjectOwners(ctx context.Context, email string) ([]subjectOwner, error) {
	found, err := s.store.SubjectOwnerRecords(ctx, email)
	if err != nil {
		return nil, err
	}
	out := make([]subjectOwner, len(found))
	for i, f := range found {
		out[i] = subjectOwner{Property: subjectProp{ID: f.Record.PropertyID, Slug: f.PropertySlug, Title: f.PropertyTitle},
			ownerJSON: newOwnerJSON(f.Record, f.Documents)}
	}
	return out, nil
}

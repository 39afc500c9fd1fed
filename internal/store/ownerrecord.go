package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// The owner's record of a listing (captação) and its documents' rows; the
// files themselves are internal/ownerrecord's. Nothing here reaches a
// public document: the renderer is given listing.Property, which holds
// none of it.

// ErrOwnerDocumentNotFound is an owner document that is not there (of a
// property that is).
var ErrOwnerDocumentNotFound = fmt.Errorf("owner document: %w", listing.ErrNotFound)

// ownerRecordColumns are the columns scanOwnerRecord reads, from
// owner_records o.
const ownerRecordColumns = `o.property_id, o.name, o.phones, o.emails, o.exclusive, o.exclusive_until, o.commission_bp,
    o.keys_location, o.notes, o.updated_at, o.updated_by, o.updated_by_name, o.anonymized_at`

func scanOwnerRecord(row scanner, extra ...any) (listing.OwnerRecord, error) {
	var o listing.OwnerRecord
	var phones, emails string
	var until, by, byName sql.NullString
	var commission sql.NullInt64
	var anonymized sql.NullTime
	err := row.Scan(append([]any{&o.PropertyID, &o.Name, &phones, &emails, &o.Exclusive, &until, &commission, &o.Keys, &o.Notes,
		&o.UpdatedAt, &by, &byName, &anonymized}, extra...)...)
	if err != nil {
		return o, err
	}
	o.Phones, o.Emails = splitLines(phones), splitLines(emails)
	if until.Valid {
		if o.ExclusiveUntil, err = time.Parse(time.DateOnly, until.String); err != nil {
			return o, fmt.Errorf("exclusive_until %q: %w", until.String, err)
		}
	}
	o.CommissionBP = listing.NullInt{Int: int(commission.Int64), Valid: commission.Valid}
	o.UpdatedAt, o.UpdatedBy = o.UpdatedAt.UTC(), scanActor(by, byName)
	if anonymized.Valid {
		o.AnonymizedAt = anonymized.Time.UTC()
	}
	return o, nil
}

func splitLines(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, "\n")
}

// OwnerRecord returns the owner's record of the property id: an empty one
// (zero UpdatedAt) while none was written. An unknown property is
// listing.ErrNotFound.
func (s *Store) OwnerRecord(ctx context.Context, id string) (o listing.OwnerRecord, err error) {
	defer opError(&err, "owner record")
	if id, err = canonicalID(id); err != nil {
		return o, err
	}
	o, err = scanOwnerRecord(s.read.QueryRowContext(ctx, `SELECT `+ownerRecordColumns+` FROM owner_records o WHERE o.property_id = $1`, id))
	if err == sql.ErrNoRows {
		var exists bool
		if err = s.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM properties WHERE id = $1)`, id).Scan(&exists); err == nil && !exists {
			err = listing.ErrNotFound
		}
		return listing.OwnerRecord{PropertyID: id, Phones: []string{}, Emails: []string{}}, s.wrap(err)
	}
	return o, s.wrap(err)
}

// SetOwnerRecord writes o (normalised and validated here) as the owner's
// record of o.PropertyID, replacing what it held, by by. An unknown
// property is listing.ErrNotFound.
func (s *Store) SetOwnerRecord(ctx context.Context, o listing.OwnerRecord, by listing.Actor) (_ listing.OwnerRecord, err error) {
	defer opError(&err, "set owner record")
	if o.PropertyID, err = canonicalID(o.PropertyID); err != nil {
		return o, err
	}
	o.Normalize()
	if err := o.Validate(); err != nil {
		return o, err
	}
	o.UpdatedAt, o.UpdatedBy, o.AnonymizedAt = utc(s.now()), by, time.Time{}
	var until any
	if !o.ExclusiveUntil.IsZero() {
		until = o.ExclusiveUntil.Format(time.DateOnly)
	}
	var commission any
	if o.CommissionBP.Valid {
		commission = o.CommissionBP.Int
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var exists bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM properties WHERE id = $1)`, o.PropertyID).Scan(&exists); err != nil {
			return s.wrap(err)
		}
		if !exists {
			return listing.ErrNotFound
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO owner_records (property_id, name, phones, emails, exclusive, exclusive_until,
    commission_bp, keys_location, notes, updated_at, updated_by, updated_by_name, anonymized_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL)
ON CONFLICT (property_id) DO UPDATE SET name = excluded.name, phones = excluded.phones, emails = excluded.emails,
    exclusive = excluded.exclusive, exclusive_until = excluded.exclusive_until, commission_bp = excluded.commission_bp,
    keys_location = excluded.keys_location, notes = excluded.notes, updated_at = excluded.updated_at,
    updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name, anonymized_at = NULL`,
			o.PropertyID, o.Name, strings.Join(o.Phones, "\n"), strings.Join(o.Emails, "\n"), o.Exclusive, until, commission,
			o.Keys, o.Notes, o.UpdatedAt, actorRef(by), nullString(by.Name))
		if err != nil {
			return s.wrap(err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM owner_record_emails WHERE property_id = $1`, o.PropertyID); err != nil {
			return s.wrap(err)
		}
		keys := map[string]bool{}
		var rows [][]any
		for _, e := range o.Emails {
			if k := listing.EmailKey(e); !keys[k] {
				keys[k] = true
				rows = append(rows, []any{o.PropertyID, k})
			}
		}
		return s.wrap(insertRows(ctx, tx, `INSERT INTO owner_record_emails (property_id, email_key) VALUES `, rows))
	})
	if err != nil {
		return listing.OwnerRecord{}, err
	}
	return o, nil
}

// ownerDocumentColumns are the columns scanOwnerDocument reads.
const ownerDocumentColumns = `id, property_id, name, content_type, size_bytes, blob_key, created_at, created_by, created_by_name`

func scanOwnerDocument(row scanner) (listing.OwnerDocument, error) {
	var d listing.OwnerDocument
	var by, byName sql.NullString
	err := row.Scan(&d.ID, &d.PropertyID, &d.Name, &d.ContentType, &d.Size, &d.Key, &d.CreatedAt, &by, &byName)
	d.CreatedAt, d.CreatedBy = d.CreatedAt.UTC(), scanActor(by, byName)
	return d, err
}

// AddOwnerDocument records the document d, whose file is stored already
// under d.Key, as one of the owner's documents of d.PropertyID. An
// unknown property is listing.ErrNotFound; a property that has
// listing.MaxOwnerDocuments already is a validation error on "file".
func (s *Store) AddOwnerDocument(ctx context.Context, d listing.OwnerDocument) (_ listing.OwnerDocument, err error) {
	defer opError(&err, "add owner document")
	if d.PropertyID, err = canonicalID(d.PropertyID); err != nil {
		return d, err
	}
	d.CreatedAt = utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var exists bool
		var n int
		err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM properties WHERE id = $1),
    (SELECT count(*) FROM owner_documents WHERE property_id = $1)`, d.PropertyID).Scan(&exists, &n)
		switch {
		case err != nil:
			return s.wrap(err)
		case !exists:
			return listing.ErrNotFound
		case n >= listing.MaxOwnerDocuments:
			return listing.Invalid("file", fmt.Sprintf("O imóvel já tem %d documentos, o máximo. Apague algum antes de enviar outro.", n))
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO owner_documents (`+ownerDocumentColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			d.ID, d.PropertyID, d.Name, d.ContentType, d.Size, d.Key, d.CreatedAt, actorRef(d.CreatedBy), nullString(d.CreatedBy.Name))
		return s.wrap(err)
	})
	if err != nil {
		return listing.OwnerDocument{}, err
	}
	return d, nil
}

// OwnerDocuments lists the owner's documents of the property id, oldest
// first. An unknown property is listing.ErrNotFound.
func (s *Store) OwnerDocuments(ctx context.Context, id string) (docs []listing.OwnerDocument, err error) {
	defer opError(&err, "owner documents")
	if id, err = canonicalID(id); err != nil {
		return nil, err
	}
	var exists bool
	if err := s.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM properties WHERE id = $1)`, id).Scan(&exists); err != nil {
		return nil, s.wrap(err)
	}
	if !exists {
		return nil, listing.ErrNotFound
	}
	return s.ownerDocuments(ctx, s.read, `property_id = $1`, id)
}

func (s *Store) ownerDocuments(ctx context.Context, q queryer, where string, args ...any) ([]listing.OwnerDocument, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+ownerDocumentColumns+` FROM owner_documents WHERE `+where+` ORDER BY created_at, id`, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	docs := []listing.OwnerDocument{}
	for rows.Next() {
		d, err := scanOwnerDocument(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		docs = append(docs, d)
	}
	return docs, s.wrap(rows.Close())
}

// OwnerDocument returns the document docID of the property id:
// ErrOwnerDocumentNotFound when the property has no such document.
func (s *Store) OwnerDocument(ctx context.Context, id, docID string) (d listing.OwnerDocument, err error) {
	defer opError(&err, "owner document")
	if id, err = canonicalID(id); err != nil {
		return d, err
	}
	d, err = scanOwnerDocument(s.read.QueryRowContext(ctx, `SELECT `+ownerDocumentColumns+` FROM owner_documents
WHERE property_id = $1 AND id = $2`, id, docID))
	if err == sql.ErrNoRows {
		return d, ErrOwnerDocumentNotFound
	}
	return d, s.wrap(err)
}

// DeleteOwnerDocument removes the row of the document docID of the
// property id and returns it: its file is the caller's to delete.
func (s *Store) DeleteOwnerDocument(ctx context.Context, id, docID string) (d listing.OwnerDocument, err error) {
	defer opError(&err, "delete owner document")
	if id, err = canonicalID(id); err != nil {
		return d, err
	}
	d, err = scanOwnerDocument(s.write.QueryRowContext(ctx, `DELETE FROM owner_documents WHERE property_id = $1 AND id = $2
RETURNING `+ownerDocumentColumns, id, docID))
	if err == sql.ErrNoRows {
		return d, ErrOwnerDocumentNotFound
	}
	return d, s.wrap(err)
}

// OwnerDocumentKnown reports whether a document row names the file key:
// a file under the private prefix that none names is left from an upload
// that did not finish, or a delete whose file removal failed.
func (s *Store) OwnerDocumentKnown(ctx context.Context, key string) (known bool, err error) {
	defer opError(&err, "owner document known")
	err = s.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM owner_documents WHERE blob_key = $1)`, key).Scan(&known)
	return known, s.wrap(err)
}

// OwnerSubject is an owner's record found by a data subject's e-mail,
// with its listing and its documents.
type OwnerSubject struct {
	Record        listing.OwnerRecord
	PropertySlug  string
	PropertyTitle string
	Documents     []listing.OwnerDocument
}

// SubjectOwnerRecords returns the owner's records that hold this e-mail
// (by listing.EmailKey), with their documents: what the agency holds
// about someone as an owner.
func (s *Store) SubjectOwnerRecords(ctx context.Context, email string) (out []OwnerSubject, err error) {
	defer opError(&err, "subject owner records")
	email = strings.TrimSpace(email)
	if !listing.ValidEmail(email) {
		return nil, listing.Invalid("email", "Informe um e-mail válido.")
	}
	rows, err := s.read.QueryContext(ctx, `SELECT `+ownerRecordColumns+`, p.slug, p.title
FROM owner_records o JOIN properties p ON p.id = o.property_id
WHERE o.property_id IN (SELECT property_id FROM owner_record_emails WHERE email_key = $1) ORDER BY o.property_id`, listing.EmailKey(email))
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out = []OwnerSubject{}
	for rows.Next() {
		var o OwnerSubject
		if o.Record, err = scanOwnerRecord(rows, &o.PropertySlug, &o.PropertyTitle); err != nil {
			return nil, s.wrap(err)
		}
		out = append(out, o)
	}
	if err := rows.Close(); err != nil {
		return nil, s.wrap(err)
	}
	for i := range out {
		if out[i].Documents, err = s.ownerDocuments(ctx, s.read, `property_id = $1`, out[i].Record.PropertyID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// AnonymizeOwnerRecords erases, in one transaction, the owner's personal
// data from every record that holds this e-mail: the name, phones,
// e-mails and notes are emptied (the terms, exclusivity, commission and
// where the keys are, stay: they are the agency's), and the documents'
// rows go. It returns how many records it emptied and the keys of the
// documents' files, which the caller deletes. The database's files are
// then scrubbed as a lead's anonymisation does.
func (s *Store) AnonymizeOwnerRecords(ctx context.Context, email string) (n int, keys []string, err error) {
	defer opError(&err, "anonymize owner records")
	email = strings.TrimSpace(email)
	if !listing.ValidEmail(email) {
		return 0, nil, listing.Invalid("email", "Informe um e-mail válido.")
	}
	at := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ids, err := collect(ctx, tx, `SELECT property_id FROM owner_record_emails WHERE email_key = $1`, listing.EmailKey(email))
		if err != nil {
			return s.wrap(err)
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE owner_records SET name = '', phones = '', emails = '', notes = '',
    anonymized_at = $2 WHERE property_id = $1`, id, at); err != nil {
				return s.wrap(err)
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM owner_record_emails WHERE property_id = $1`, id); err != nil {
				return s.wrap(err)
			}
			gone, err := collect(ctx, tx, `DELETE FROM owner_documents WHERE property_id = $1 RETURNING blob_key`, id)
			if err != nil {
				return s.wrap(err)
			}
			keys = append(keys, gone...)
		}
		n = len(ids)
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	if n > 0 {
		if err := s.scrub(ctx); err != nil {
			return n, keys, err
		}
	}
	return n, keys, nil
}

// OwnerDocumentKeys returns the file keys of the owner's documents of the
// property id: what deleting the property leaves to delete.
func (s *Store) OwnerDocumentKeys(ctx context.Context, id string) (keys []string, err error) {
	defer opError(&err, "owner document keys")
	if id, err = canonicalID(id); err != nil {
		return nil, err
	}
	keys, err = collect(ctx, s.read, `SELECT blob_key FROM owner_documents WHERE property_id = $1`, id)
	return keys, s.wrap(err)
}

// collect returns the one text column of the rows query yields.
func collect(ctx context.Context, q queryer, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Close()
}

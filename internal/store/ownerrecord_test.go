package store_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

func ownerDoc(p listing.Property, n int) listing.OwnerDocument {
	id := fmt.Sprintf("%032x", n)
	return listing.OwnerDocument{ID: id, PropertyID: p.ID, Name: fmt.Sprintf("escritura-%d.pdf", n), ContentType: "application/pdf",
		Size: int64(1000 + n), Key: "private/owner/" + id + ".pdf", CreatedBy: staff}
}

// TestOwnerRecord: a property's owner record starts empty, is written
// whole (normalised, validated: commission within 0–100 %, exclusivity's
// date only when exclusive, valid e-mails) and read back the same on both
// databases; its documents are listed, found by id only under their
// property, deleted with their key returned; an unknown property is not
// found; the record and documents go with their property.
func TestOwnerRecord(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa do Seu Joaquim"))
		q := create(t, s, storetest.Apartment("Outra Casa"))
		empty, err := s.OwnerRecord(ctx, p.ID)
		if err != nil || !empty.Empty() || !empty.UpdatedAt.IsZero() || empty.PropertyID != p.ID {
			t.Fatalf("record before any write: %+v, %v", empty, err)
		}
		if _, err := s.OwnerRecord(ctx, "0191e5f0-0000-7000-8000-000000000000"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("record of an unknown property: %v", err)
		}

		until := time.Date(2027, 3, 31, 15, 0, 0, 0, time.FixedZone("BRT", -3*3600))
		in := listing.OwnerRecord{PropertyID: p.ID, Name: "  Joaquim Proprietário ", Phones: []string{"(48) 99999-1111", " ", "48 3333-2222"},
			Emails: []string{"Joaquim@Exemplo.com.br"}, Exclusive: true, ExclusiveUntil: until,
			CommissionBP: listing.NullInt{Int: 650, Valid: true}, Keys: "Portaria, envelope 12", Notes: "Aceita permuta.\nSó à tarde."}
		got, err := s.SetOwnerRecord(ctx, in, staff)
		if err != nil {
			t.Fatal(err)
		}
		read, err := s.OwnerRecord(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if read.Name != "Joaquim Proprietário" || !slices.Equal(read.Phones, []string{"(48) 99999-1111", "48 3333-2222"}) ||
			!slices.Equal(read.Emails, []string{"Joaquim@Exemplo.com.br"}) || !read.Exclusive ||
			!read.ExclusiveUntil.Equal(time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC)) || read.CommissionBP != (listing.NullInt{Int: 650, Valid: true}) ||
			read.Keys != in.Keys || read.Notes != in.Notes || !read.UpdatedAt.Equal(clock.Now().UTC().Round(time.Microsecond)) ||
			read.UpdatedBy != staff || !read.AnonymizedAt.IsZero() {
			t.Errorf("record read back: %+v", read)
		}
		if !got.UpdatedAt.Equal(read.UpdatedAt) || got.Name != read.Name {
			t.Errorf("SetOwnerRecord returned %+v, read %+v", got, read)
		}

		// Written whole: what is left out is cleared.
		if _, err := s.SetOwnerRecord(ctx, listing.OwnerRecord{PropertyID: p.ID, Name: "Joaquim"}, staff); err != nil {
			t.Fatal(err)
		}
		if read, _ := s.OwnerRecord(ctx, p.ID); read.Exclusive || read.CommissionBP.Valid || len(read.Emails) != 0 || read.Notes != "" {
			t.Errorf("after a write with fewer fields: %+v", read)
		}

		for _, bad := range []struct {
			field string
			o     listing.OwnerRecord
		}{
			{"commission", listing.OwnerRecord{CommissionBP: listing.NullInt{Int: 10001, Valid: true}}},
			{"commission", listing.OwnerRecord{CommissionBP: listing.NullInt{Int: -1, Valid: true}}},
			{"exclusive_until", listing.OwnerRecord{ExclusiveUntil: until}},
			{"emails", listing.OwnerRecord{Emails: []string{"não é e-mail"}}},
			{"phones", listing.OwnerRecord{Phones: []string{"1", "2", "3", "4", "5", "6"}}},
			{"name", listing.OwnerRecord{Name: "nome\x00"}},
		} {
			bad.o.PropertyID = p.ID
			var ve *listing.ValidationError
			if _, err := s.SetOwnerRecord(ctx, bad.o, staff); !errors.As(err, &ve) || ve.Fields[bad.field] == nil {
				t.Errorf("SetOwnerRecord(%+v): %v, want a validation error on %s", bad.o, err, bad.field)
			}
		}
		if _, err := s.SetOwnerRecord(ctx, listing.OwnerRecord{PropertyID: "0191e5f0-0000-7000-8000-000000000000"}, staff); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("record of an unknown property: %v", err)
		}

		// Documents.
		d1, err := s.AddOwnerDocument(ctx, ownerDoc(p, 1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddOwnerDocument(ctx, ownerDoc(p, 2)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddOwnerDocument(ctx, ownerDoc(q, 3)); err != nil {
			t.Fatal(err)
		}
		docs, err := s.OwnerDocuments(ctx, p.ID)
		if err != nil || len(docs) != 2 || docs[0].ID != d1.ID || docs[0].Name != "escritura-1.pdf" || docs[0].Size != 1001 ||
			docs[0].CreatedBy != staff || docs[0].ContentType != "application/pdf" {
			t.Fatalf("documents: %+v, %v", docs, err)
		}
		if _, err := s.OwnerDocument(ctx, q.ID, d1.ID); !errors.Is(err, store.ErrOwnerDocumentNotFound) {
			t.Errorf("a document under another property: %v", err)
		}
		if known, err := s.OwnerDocumentKnown(ctx, d1.Key); err != nil || !known {
			t.Errorf("OwnerDocumentKnown(%s): %v, %v", d1.Key, known, err)
		}
		gone, err := s.DeleteOwnerDocument(ctx, p.ID, d1.ID)
		if err != nil || gone.Key != d1.Key {
			t.Fatalf("DeleteOwnerDocument: %+v, %v", gone, err)
		}
		if _, err := s.DeleteOwnerDocument(ctx, p.ID, d1.ID); !errors.Is(err, store.ErrOwnerDocumentNotFound) {
			t.Errorf("deleting it again: %v", err)
		}
		if known, _ := s.OwnerDocumentKnown(ctx, d1.Key); known {
			t.Error("a deleted document's key is still known")
		}

		// The property's deletion takes its record and documents.
		keys, err := s.OwnerDocumentKeys(ctx, p.ID)
		if err != nil || !slices.Equal(keys, []string{ownerDoc(p, 2).Key}) {
			t.Fatalf("OwnerDocumentKeys: %v, %v", keys, err)
		}
		if err := s.DeleteProperty(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := store.QueryRow(ctx, s, `SELECT (SELECT count(*) FROM owner_records) + (SELECT count(*) FROM owner_documents WHERE property_id = $1)`, p.ID).Scan(&n); err != nil || n != 0 {
			t.Errorf("rows left of a deleted property: %d, %v", n, err)
		}
		if docs, err := s.OwnerDocuments(ctx, q.ID); err != nil || len(docs) != 1 {
			t.Errorf("the other property's documents: %+v, %v", docs, err)
		}
	})
}

// TestOwnerDocumentLimit: a property takes listing.MaxOwnerDocuments
// documents, then a validation error on "file".
func TestOwnerDocumentLimit(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, _ *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Cheia"))
		for i := range listing.MaxOwnerDocuments {
			if _, err := s.AddOwnerDocument(ctx, ownerDoc(p, i+1)); err != nil {
				t.Fatal(err)
			}
		}
		var ve *listing.ValidationError
		if _, err := s.AddOwnerDocument(ctx, ownerDoc(p, 999)); !errors.As(err, &ve) || ve.Fields["file"] == nil {
			t.Errorf("one document too many: %v", err)
		}
	})
}

// TestOwnerRecordSubject: the owner is a data subject. Their e-mail, in
// any case, finds every record that lists it (and no other), with its
// listing and documents; anonymising erases the name, phones, e-mails and
// notes, keeps the agency's terms, deletes the documents' rows and
// returns their keys; afterwards the e-mail finds nothing, and a second
// request empties nothing.
func TestOwnerRecordSubject(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, _ *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Um"))
		q := create(t, s, storetest.Apartment("Casa Dois"))
		r := create(t, s, storetest.Apartment("Casa de Outro Dono"))
		mine := listing.OwnerRecord{Name: "Maria Dona", Phones: []string{"48 90000-0000"}, Emails: []string{"outra@exemplo.com", "Maria.Dona@Exemplo.com"},
			Exclusive: true, CommissionBP: listing.NullInt{Int: 500, Valid: true}, Keys: "Com o zelador", Notes: "Maria prefere WhatsApp."}
		for _, prop := range []listing.Property{p, q} {
			mine.PropertyID = prop.ID
			if _, err := s.SetOwnerRecord(ctx, mine, staff); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.SetOwnerRecord(ctx, listing.OwnerRecord{PropertyID: r.ID, Name: "José", Emails: []string{"jose@exemplo.com"}}, staff); err != nil {
			t.Fatal(err)
		}
		d := ownerDoc(p, 1)
		if _, err := s.AddOwnerDocument(ctx, d); err != nil {
			t.Fatal(err)
		}

		found, err := s.SubjectOwnerRecords(ctx, "maria.dona@EXEMPLO.com")
		if err != nil || len(found) != 2 {
			t.Fatalf("SubjectOwnerRecords: %+v, %v", found, err)
		}
		byID := map[string]store.OwnerSubject{found[0].Record.PropertyID: found[0], found[1].Record.PropertyID: found[1]}
		if f := byID[p.ID]; f.PropertyTitle != "Casa Um" || f.PropertySlug != p.Slug || f.Record.Name != "Maria Dona" ||
			len(f.Documents) != 1 || f.Documents[0].Name != d.Name {
			t.Errorf("record of %s: %+v", p.ID, f)
		}
		if f := byID[q.ID]; len(f.Documents) != 0 || f.Record.Keys != "Com o zelador" {
			t.Errorf("record of %s: %+v", q.ID, f)
		}
		if _, err := s.SubjectOwnerRecords(ctx, "não é e-mail"); !errors.Is(err, listing.ErrInvalid) {
			t.Errorf("a bad e-mail: %v", err)
		}

		n, keys, err := s.AnonymizeOwnerRecords(ctx, "MARIA.DONA@exemplo.com")
		if err != nil || n != 2 || !slices.Equal(keys, []string{d.Key}) {
			t.Fatalf("AnonymizeOwnerRecords: %d %v %v", n, keys, err)
		}
		o, err := s.OwnerRecord(ctx, p.ID)
		if err != nil || o.Name != "" || len(o.Phones) != 0 || len(o.Emails) != 0 || o.Notes != "" || o.AnonymizedAt.IsZero() ||
			!o.Exclusive || o.CommissionBP.Int != 500 || o.Keys != "Com o zelador" {
			t.Errorf("record after the anonymisation: %+v, %v", o, err)
		}
		if docs, _ := s.OwnerDocuments(ctx, p.ID); len(docs) != 0 {
			t.Errorf("documents after the anonymisation: %+v", docs)
		}
		if found, err := s.SubjectOwnerRecords(ctx, "maria.dona@exemplo.com"); err != nil || len(found) != 0 {
			t.Errorf("lookup after the anonymisation: %+v, %v", found, err)
		}
		if found, _ := s.SubjectOwnerRecords(ctx, "outra@exemplo.com"); len(found) != 0 {
			t.Errorf("the record's other e-mail still finds it: %+v", found)
		}
		if other, _ := s.OwnerRecord(ctx, r.ID); other.Name != "José" {
			t.Errorf("another owner's record: %+v", other)
		}
		if n, keys, err := s.AnonymizeOwnerRecords(ctx, "maria.dona@exemplo.com"); err != nil || n != 0 || len(keys) != 0 {
			t.Errorf("a second anonymisation: %d %v %v", n, keys, err)
		}
	})
}

// TestDuplicateProperty: the copy is a new inactive listing with every
// field of the original but the title (" (cópia)"), the slug (a free one)
// and the code (empty); its photos are new rows showing the same images,
// so no file is copied; its owner's record is empty. Deleting the
// original orphans no image the copy shows, and deleting the copy then
// orphans them.
func TestDuplicateProperty(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		u := storetest.Apartment("Cobertura Duplex")
		u.Code = storetest.Ptr("AP-100")
		p := create(t, s, u)
		addPhoto(t, s, p.ID, listing.Photo{AltText: "Sala"}, upload(1))
		addPhoto(t, s, p.ID, listing.Photo{AltText: "Quarto"}, upload(2))
		finishImage(t, s, upload(1).ID, 1600, 1200, [2]int{480, 360}, [2]int{1600, 1200})
		if _, err := s.SetOwnerRecord(ctx, listing.OwnerRecord{PropertyID: p.ID, Name: "Dono"}, staff); err != nil {
			t.Fatal(err)
		}
		p, _ = s.Property(ctx, p.ID)
		images := imageRows(t, s)

		c, err := s.DuplicateProperty(ctx, p.ID, staff)
		if err != nil {
			t.Fatal(err)
		}
		if c.ID == p.ID || c.Title != "Cobertura Duplex (cópia)" || c.Slug != p.Slug+"-copia" || c.Code != "" || c.IsActive ||
			c.Price != p.Price || c.Bedrooms != p.Bedrooms || c.City != p.City || c.Neighborhood.Name != p.Neighborhood.Name ||
			c.Description != p.Description || len(c.Amenities) != len(p.Amenities) || c.CreatedBy != staff {
			t.Errorf("copy %+v\nof %+v", c, p)
		}
		stored, err := s.Property(ctx, c.ID)
		if err != nil || len(stored.Photos) != len(p.Photos) || len(p.Photos) != 4 {
			t.Fatalf("the stored copy: %+v, %v", stored, err)
		}
		for i, ph := range stored.Photos {
			orig := p.Photos[i]
			if ph.ID == orig.ID || (ph.Image == nil) != (orig.Image == nil) || ph.Image != nil && ph.Image.ID != orig.Image.ID ||
				ph.AltText != orig.AltText || ph.URL != orig.URL {
				t.Errorf("photo %d of the copy %+v, of the original %+v", i, ph, orig)
			}
		}
		if got := imageRows(t, s); got != images {
			t.Errorf("%d images after the copy, %d before: a file was copied", got, images)
		}
		if o, _ := s.OwnerRecord(ctx, c.ID); !o.Empty() {
			t.Errorf("the copy's owner record: %+v", o)
		}
		c2, err := s.DuplicateProperty(ctx, p.ID, staff)
		if err != nil || c2.Slug != p.Slug+"-copia-2" {
			t.Errorf("second copy: %q, %v", c2.Slug, err)
		}
		if _, err := s.DuplicateProperty(ctx, "0191e5f0-0000-7000-8000-000000000000", staff); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("copy of an unknown property: %v", err)
		}

		// Deleting the original leaves the copies' images in use.
		far := clock.Now().Add(1000 * time.Hour)
		if err := s.DeleteProperty(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		if got := orphans(t, s, far); len(got) != 0 {
			t.Errorf("images orphaned while the copies show them: %+v", got)
		}
		for _, id := range []string{c.ID, c2.ID} {
			if err := s.DeleteProperty(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		if got := orphans(t, s, far); len(got) != 2 {
			t.Errorf("images orphaned once no listing shows them: %+v", got)
		}
	})
}

// BenchmarkDuplicateProperty copies generated listings (about ten photos
// and a dozen amenities each) into drafts: one transaction that reads the
// listing, finds a free slug and writes the copy with its document.
func BenchmarkDuplicateProperty(b *testing.B) {
	for _, d := range storetest.Dialects {
		b.Run(d, func(b *testing.B) {
			s, _ := benchCatalogue(b, d, 50)
			page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 50})
			if err != nil || len(page.Items) != 50 {
				b.Fatalf("the catalogue: %d, %v", len(page.Items), err)
			}
			var ids []string
			for _, p := range page.Items {
				ids = append(ids, p.ID)
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if _, err := s.DuplicateProperty(ctx, ids[i%len(ids)], staff); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

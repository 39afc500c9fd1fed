package listing

import (
	"strconv"
	"strings"
	"time"
)

// OwnerRecord is what the agency records about a listing's owner when it
// takes the listing (the captação): who the owner is and how to reach
// them, the terms agreed (exclusivity, commission), where the keys are,
// and notes. It belongs to the back office alone: no public document,
// feed, page or log carries any of it, and only the listing's broker and
// administradores see it. The owner is a data subject (LGPD): their
// e-mails find the record for an export or an anonymisation.
type OwnerRecord struct {
	PropertyID string
	Name       string
	Phones     []string
	Emails     []string
	Exclusive  bool
	// ExclusiveUntil is the last day of the exclusivity (a date, at UTC
	// midnight); zero for none or an open-ended one.
	ExclusiveUntil time.Time
	// CommissionBP is the commission in hundredths of a percent (600 is
	// 6.00 %); not Valid when none was agreed yet.
	CommissionBP NullInt
	Keys         string // where the keys are
	Notes        string
	UpdatedAt    time.Time
	UpdatedBy    Actor
	// AnonymizedAt is when the owner's personal data was erased (a data
	// subject's request); zero otherwise.
	AnonymizedAt time.Time
}

// OwnerDocument is a file of an owner record (a deed, an ID, the signed
// authorisation), kept privately: it is served to the staff who see the
// record, never under /media/.
type OwnerDocument struct {
	ID          string // 32 hex digits
	PropertyID  string
	Name        string // the file name shown and offered on download, sanitised
	ContentType string // application/pdf, image/jpeg, image/png or image/webp
	Size        int64
	Key         string // in the private file storage
	CreatedAt   time.Time
	CreatedBy   Actor
}

// Bounds of an owner record.
const (
	MaxOwnerNameLen     = 200
	MaxOwnerContacts    = 5 // phones, and e-mails
	MaxOwnerKeysLen     = 500
	MaxOwnerNotesLen    = 5000
	MaxCommissionBP     = 10000 // 100 %
	MaxOwnerDocuments   = 50
	MaxOwnerDocumentLen = 120 // a document's file name, in characters
)

// Normalize trims every text field and drops empty phones and e-mails.
func (o *OwnerRecord) Normalize() {
	o.Name = strings.TrimSpace(o.Name)
	o.Keys = strings.TrimSpace(o.Keys)
	o.Notes = strings.TrimSpace(o.Notes)
	o.Phones = trimList(o.Phones)
	o.Emails = trimList(o.Emails)
	if !o.ExclusiveUntil.IsZero() {
		y, m, d := o.ExclusiveUntil.Date()
		o.ExclusiveUntil = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
}

func trimList(in []string) []string {
	out := []string{}
	for _, s := range in {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Validate checks every field and returns a *ValidationError listing all
// failures, or nil. Call Normalize first.
func (o *OwnerRecord) Validate() error {
	v := &ValidationError{}
	checkText(v, "name", o.Name, 0, MaxOwnerNameLen, false)
	if len(o.Phones) > MaxOwnerContacts {
		v.Add("phones", "Informe no máximo "+strconv.Itoa(MaxOwnerContacts)+" telefones.")
	}
	for _, p := range o.Phones {
		if runeLen(p) > MaxPhoneLen || !plainText(p, false) {
			v.Add("phones", "Cada telefone deve ter no máximo 20 caracteres, sem caracteres especiais.")
			break
		}
	}
	if len(o.Emails) > MaxOwnerContacts {
		v.Add("emails", "Informe no máximo "+strconv.Itoa(MaxOwnerContacts)+" e-mails.")
	}
	for _, e := range o.Emails {
		if !ValidEmail(e) {
			v.Add("emails", "Informe e-mails válidos, como nome@exemplo.com.br.")
			break
		}
	}
	if !o.Exclusive && !o.ExclusiveUntil.IsZero() {
		v.Add("exclusive_until", "Só informe até quando vale a exclusividade se o imóvel for exclusivo.")
	}
	if o.CommissionBP.Valid && (o.CommissionBP.Int < 0 || o.CommissionBP.Int > MaxCommissionBP) {
		v.Add("commission", "Informe a comissão entre 0 e 100%, com até duas casas decimais.")
	}
	checkText(v, "keys", o.Keys, 0, MaxOwnerKeysLen, true)
	checkText(v, "notes", o.Notes, 0, MaxOwnerNotesLen, true)
	return v.Err()
}

// CommissionBP reads a commission given in percent (6.5 is 6.50 %): 0 to
// 100 with at most two decimals, in hundredths of a percent; anything
// else is a validation error on field.
func CommissionBP(field string, percent float64) (int, error) {
	bp, ok := HundredthsOfPercent(percent)
	if !ok || bp < 0 || bp > MaxCommissionBP {
		return 0, Invalid(field, "Informe a comissão entre 0 e 100%, com até duas casas decimais.")
	}
	return bp, nil
}

// Empty reports whether the record holds nothing the agency typed.
func (o OwnerRecord) Empty() bool {
	return o.Name == "" && len(o.Phones) == 0 && len(o.Emails) == 0 && !o.Exclusive && !o.CommissionBP.Valid &&
		o.Keys == "" && o.Notes == ""
}

// SeesOwnerRecord reports whether a caller of role r who is the user
// userID (0 for none: a command line token) may see and edit the owner's
// record of p: an administrador every one, anyone else only when they are
// p's broker. The owner's contacts and the agreed commission are the
// broker's business and the agency's, not the whole office's.
func SeesOwnerRecord(r Role, userID int64, p Property) bool {
	return r == RoleAdministrador || userID != 0 && p.Broker != nil && p.Broker.ID == userID
}

package listing

import (
	"net/mail"
	"strings"
	"time"
)

// Limits of the contact form (spec, section 8).
const (
	MinLeadNameLen    = 2
	MaxLeadNameLen    = 150
	MaxEmailLen       = 254
	MaxPhoneLen       = 20
	MinLeadMessageLen = 10
	MaxLeadMessageLen = 2000
)

// LeadInput is what a visitor sends through a property's contact form.
type LeadInput struct {
	Name    string
	Email   string
	Phone   string // optional; "" is stored as null
	Message string
}

// Normalize trims surrounding white space from every field. Limits are
// counted on the trimmed text.
func (in *LeadInput) Normalize() {
	in.Name = strings.TrimSpace(in.Name)
	in.Email = strings.TrimSpace(in.Email)
	in.Phone = strings.TrimSpace(in.Phone)
	in.Message = strings.TrimSpace(in.Message)
}

// Validate checks every field and returns a *ValidationError listing all
// failures at once, or nil. Call Normalize first.
func (in *LeadInput) Validate() error {
	v := &ValidationError{}
	checkText(v, "name", in.Name, MinLeadNameLen, MaxLeadNameLen, false)
	switch {
	case in.Email == "":
		v.Add("email", "Campo obrigatório.")
	case !ValidEmail(in.Email):
		v.Add("email", "Informe um e-mail válido.")
	}
	if runeLen(in.Phone) > MaxPhoneLen {
		v.Add("phone", "Deve ter no máximo 20 caracteres.")
	}
	if !plainText(in.Phone, false) {
		v.Add("phone", "Contém caracteres inválidos.")
	}
	checkText(v, "message", in.Message, MinLeadMessageLen, MaxLeadMessageLen, true)
	return v.Err()
}

// ValidEmail reports whether s is one RFC 5322 addr-spec ("local@domain"):
// no display name, no comments, at most 254 characters, and a domain with a
// dot, since mail to a bare host name never reaches an agency's visitor.
func ValidEmail(s string) bool {
	if len(s) > MaxEmailLen || !plainText(s, false) {
		return false
	}
	// ParseAddress also takes "Name <addr>" and comments; none of their
	// delimiters may appear in a bare addr-spec outside quotes.
	if strings.ContainsAny(s, "<>(),;") && !strings.HasPrefix(s, `"`) {
		return false
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Name != "" || strings.ContainsAny(s, "<>") {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, "[") &&
		!strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}

// DeliveryStatus tells how far a lead has gone on its way to the agency's
// webhook. It is "" when no webhook was configured when the lead came in.
type DeliveryStatus string

const (
	DeliveryPending   DeliveryStatus = "pending"
	DeliveryDelivered DeliveryStatus = "delivered"
	DeliveryFailed    DeliveryStatus = "failed" // gave up after the last retry
)

// Lead is a stored contact message.
type Lead struct {
	ID            int64
	PropertyID    string // "" once the property is deleted
	PropertySlug  string // "" once the property is deleted
	PropertyTitle string
	LeadInput
	CreatedAt time.Time
	Delivery  Delivery
}

// Delivery is the state of a lead's webhook delivery.
type Delivery struct {
	Status    DeliveryStatus
	Attempts  int
	LastError string
}

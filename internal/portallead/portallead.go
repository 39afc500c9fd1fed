// Package portallead reads the leads that Grupo OLX's portals (ZAP
// Imóveis, VivaReal, OLX) deliver to an agency's CRM: one JSON object per
// lead, POSTed to an address the agency gives the portal, as its lead
// integration contract ("Integração Leads") describes it. See
// testdata/README.md for the sources of the contract and its examples.
//
// The portal retries a lead on any answer but a 2xx, for days: a lead is
// refused only when nothing useful can be stored (no id to recognise its
// retries, nobody to answer), never for a value it may add or spell
// differently tomorrow.
package portallead

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/vitrine/vitrine/internal/listing"
)

// MaxBody is the largest body read: a lead is a few hundred bytes, and
// its message at most listing.MaxLeadMessageLen characters.
const MaxBody = 32 << 10

// maxIDLen bounds the portal's identifiers (ids of the lead and of the
// listing, the agency's code); maxWordLen its words (temperature).
const (
	maxIDLen   = 100
	maxWordLen = 40
)

// Lead is a portal's lead as Parse reads it: the contact, and what the
// portal says of it.
type Lead struct {
	Contact listing.LeadInput
	Portal  listing.PortalLead
}

// Messages of the validation errors (the body's fields keep the
// contract's names).
const (
	msgNotObject = "O corpo deve ser um objeto JSON."
	msgRequired  = "Campo obrigatório."
	msgText      = "Deve ser um texto."
	msgInvalid   = "Contém caracteres inválidos."
	msgTooLong   = "Texto longo demais."
	msgEmail     = "Informe um e-mail válido."
	msgReach     = "Informe um e-mail ou um telefone: sem eles não há como responder ao contato."
)

// Parse reads one lead. A body that is not one JSON object is a
// *listing.ValidationError on "body"; a lead without originLeadId, name,
// or any way to answer it (email, ddd and phone, or phoneNumber), or
// whose text is not plain UTF-8 or too long, names each failing field.
// Fields the contract does not name are ignored; numbers are read as
// their text (a "ddd" of 11). The timestamp is kept when it is RFC 3339
// or the contract's ISO local date-time (Brasília time); any other is
// left out, as is a transaction type other than a sale or a rent.
func Parse(body []byte) (Lead, error) {
	if !utf8.Valid(body) {
		return Lead{}, listing.Invalid("body", "Texto com caracteres inválidos: envie UTF-8 válido.")
	}
	var m map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil || m == nil {
		return Lead{}, listing.Invalid("body", msgNotObject)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Lead{}, listing.Invalid("body", msgNotObject)
	}
	r := reader{m: m, v: &listing.ValidationError{}}
	var l Lead
	p := &l.Portal
	p.LeadID = r.text("originLeadId", maxIDLen, false)
	if p.LeadID == "" && r.v.Fields["originLeadId"] == nil {
		r.v.Add("originLeadId", msgRequired)
	}
	p.ListingID = r.text("originListingId", maxIDLen, false)
	p.ClientListingID = r.text("clientListingId", maxIDLen, false)
	p.Origin = Origin(r.text("leadOrigin", maxWordLen, false))
	p.Temperature = Temperature(r.text("temperature", maxWordLen, false))
	business := r.text("transactionType", maxWordLen, false)
	if business == "" {
		business = r.text("transaction_type", maxWordLen, false)
	}
	p.Business = Business(business)
	p.SentAt = Timestamp(r.text("timestamp", maxWordLen, false))

	c := &l.Contact
	c.Name = r.text("name", listing.MaxLeadNameLen, false)
	if c.Name == "" && r.v.Fields["name"] == nil {
		r.v.Add("name", msgRequired)
	}
	c.Email = r.text("email", listing.MaxEmailLen, false)
	if c.Email != "" && !listing.ValidEmail(c.Email) && r.v.Fields["email"] == nil {
		r.v.Add("email", msgEmail)
	}
	c.Phone = phone(r.text("ddd", 4, false), r.text("phone", listing.MaxPhoneLen, false),
		r.text("phoneNumber", listing.MaxPhoneLen, false))
	c.Message = r.text("message", listing.MaxLeadMessageLen, true)
	if c.Email == "" && c.Phone == "" && r.v.Fields["email"] == nil && r.v.Fields["phone"] == nil &&
		r.v.Fields["phoneNumber"] == nil && r.v.Fields["ddd"] == nil {
		r.v.Add("email", msgReach)
	}
	if err := r.v.Err(); err != nil {
		return Lead{}, err
	}
	return l, nil
}

// reader reads the fields of one object, recording each failure.
type reader struct {
	m map[string]json.RawMessage
	v *listing.ValidationError
}

// text reads field as trimmed text of at most max characters, "" when
// absent or null. A number is its text; any other kind fails.
func (r reader) text(field string, max int, multiline bool) string {
	raw, ok := r.m[field]
	if !ok {
		return ""
	}
	var s string
	switch t := bytes.TrimSpace(raw); {
	case bytes.Equal(t, []byte("null")):
		return ""
	case len(t) > 0 && (t[0] == '-' || t[0] >= '0' && t[0] <= '9'):
		s = string(t)
	default:
		if err := json.Unmarshal(t, &s); err != nil {
			r.v.Add(field, msgText)
			return ""
		}
	}
	s = strings.TrimSpace(s)
	switch {
	case !listing.PlainText(s, multiline):
		r.v.Add(field, msgInvalid)
		return ""
	case len([]rune(s)) > max:
		r.v.Add(field, msgTooLong)
		return ""
	}
	return s
}

// phone is the buyer's telephone: the DDD and the number when both are
// sent ("(11) 999999999"), else the deprecated phoneNumber, else the
// number alone.
func phone(ddd, number, full string) string {
	switch {
	case ddd != "" && number != "":
		return "(" + ddd + ") " + number
	case full != "":
		return full
	}
	return number
}

// fold is s lower-cased, without accents, spaces or punctuation: how
// the portal's words are compared.
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	s, _, _ = transform.String(t, s)
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// Origin maps the contract's leadOrigin to the portal: "Zap" or "ZAP
// Imóveis", "VivaReal" or "Viva Real", "OLX"; the group's contracts
// ("GrupoZap", "Grupo OLX") and any other name, to listing.PortalGroup.
func Origin(s string) listing.PortalOrigin {
	switch fold(s) {
	case "zap", "zapimoveis":
		return listing.PortalZAP
	case "vivareal":
		return listing.PortalVivaReal
	case "olx":
		return listing.PortalOLX
	}
	return listing.PortalGroup
}

// Temperature maps the portal's temperature ("Alta", "Média", "Baixa") to
// listing's; any other word is kept as sent.
func Temperature(s string) string {
	switch fold(s) {
	case "alta", "high", "hot":
		return listing.TemperatureHigh
	case "media", "medium", "warm":
		return listing.TemperatureMedium
	case "baixa", "low", "cold":
		return listing.TemperatureLow
	}
	return s
}

// Business maps the transaction type ("SELL", "RENT") to the business
// the buyer asked about; "" for any other.
func Business(s string) listing.Business {
	switch fold(s) {
	case "sell", "sale", "venda":
		return listing.BusinessSale
	case "rent", "rental", "aluguel", "locacao":
		return listing.BusinessRent
	}
	return ""
}

// brasilia is the zone of a timestamp written without one: Brazil's
// official time, UTC−3 all year since 2019.
var brasilia = time.FixedZone("BRT", -3*60*60)

// Timestamp reads the lead's time: RFC 3339 ("2017-10-23T15:50:30.619Z"),
// or an ISO local date-time in Brasília time; the zero time otherwise.
func Timestamp(s string) time.Time {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC()
	}
	if t, err := time.ParseInLocation("2006-01-02T15:04:05.999999999", s, brasilia); err == nil {
		return t.UTC()
	}
	return time.Time{}
}

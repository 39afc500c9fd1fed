package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/listing"
)

// Body limits: a contact message is small; an admin import carries lists.
const (
	maxPublicBody = 64 << 10
	maxAdminBody  = 1 << 20
)

// Messages for bodies that do not have the expected shape.
const (
	msgNotObject = "O corpo deve ser um objeto JSON."
	msgRequired  = "Campo obrigatório."
	msgText      = "Deve ser um texto."
	msgInteger   = "Deve ser um número inteiro."
	msgNumber    = "Deve ser um número."
	msgBool      = "Deve ser verdadeiro ou falso."
	msgMoney     = "Informe um valor decimal, como \"450000.00\"."
	msgUnknown   = "Campo desconhecido."
	msgObject    = "Deve ser um objeto."
	msgList      = "Deve ser uma lista."
	msgEncoding  = "Texto com caracteres inválidos: envie UTF-8 válido, sem metade de par substituto avulsa (como \\ud800)."
)

// object is a decoded JSON object whose fields are read one by one, so that
// every field with the wrong type is named in the error's details.
type object struct {
	prefix string
	m      map[string]json.RawMessage
	v      *listing.ValidationError
}

// readObject reads r's body, at most limit bytes, as one JSON object. A body
// not sent as application/json (parameters allowed) is errMediaType before
// it is read: an HTML form or a simple fetch of another site cannot send
// that type without the browser asking first (CORS), so a page elsewhere
// cannot make its visitors post to the API. A body that is not one object
// is a validation error on "body"; a larger one, errTooLarge.
func readObject(w http.ResponseWriter, r *http.Request, limit int64) (*object, error) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return nil, errMediaType
	}
	return readAnyObject(w, r, limit)
}

// idAndObject reads the id of the path's {id} and the admin body, a JSON
// object: an admin change of one record.
func idAndObject(w http.ResponseWriter, r *http.Request) (int64, *object, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return 0, nil, err
	}
	o, err := readObject(w, r, maxAdminBody)
	return id, o, err
}

// readAnyObject reads r's body as readObject does, whatever its
// Content-Type: for the property update of the spec (section 4.3), whose
// contract names no content type and which only a Bearer token reaches.
func readAnyObject(w http.ResponseWriter, r *http.Request, limit int64) (*object, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, errTooLarge
		}
		return nil, listing.Invalid("body", "Não foi possível ler o corpo da requisição.")
	}
	return parseObject(body)
}

// parseObject decodes body as one JSON object and nothing after it. A
// body whose text is not valid UTF-8, or escapes half of a surrogate pair
// ("\ud800"), is refused: encoding/json would store U+FFFD in its place.
func parseObject(body []byte) (*object, error) {
	o := &object{v: &listing.ValidationError{}}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&o.m); err != nil || o.m == nil || dec.More() {
		return nil, listing.Invalid("body", msgNotObject)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, listing.Invalid("body", msgNotObject)
	}
	if !cleanText(body) {
		v := &listing.ValidationError{}
		badText(v, "", json.RawMessage(body))
		return nil, v
	}
	return o, nil
}

// cleanText reports whether the JSON text raw is valid UTF-8 and every
// \u escape in it is a character: a high surrogate followed by a low one,
// or no surrogate.
func cleanText(raw []byte) bool {
	if !utf8.Valid(raw) {
		return false
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++ // the escaped character: in JSON text a backslash starts an escape, in a string
		if i >= len(raw) || raw[i] != 'u' {
			continue
		}
		r := hex4(raw[i+1:])
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return false
		case r >= 0xD800 && r <= 0xDBFF:
			next := raw[i+5:]
			if len(next) < 6 || next[0] != '\\' || next[1] != 'u' {
				return false
			}
			if lo := hex4(next[2:]); lo < 0xDC00 || lo > 0xDFFF {
				return false
			}
			i += 10
		default:
			i += 4
		}
	}
	return true
}

// hex4 returns the value of the four hex digits that start b, or -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 16)
	if err != nil {
		return -1
	}
	return rune(n)
}

// badText adds to v a failure on every field of the JSON value raw, named
// as field, whose text cleanText refuses: the string values, and an
// object itself ("body" for the body) when a key may be to blame, since a
// key's text is lost. raw is a syntactically valid JSON value.
func badText(v *listing.ValidationError, field string, raw json.RawMessage) {
	if cleanText(raw) {
		return
	}
	name := field
	if name == "" {
		name = "body"
	}
	before, keys := len(v.Fields), false
	var m map[string]json.RawMessage
	var items []json.RawMessage
	switch {
	case json.Unmarshal(raw, &m) == nil && m != nil:
		prefix := field
		if prefix != "" {
			prefix += "."
		}
		for k, val := range m {
			if strings.ContainsRune(k, utf8.RuneError) {
				keys = true // perhaps the key itself: its text is gone
				continue
			}
			badText(v, prefix+k, val)
		}
	case json.Unmarshal(raw, &items) == nil && items != nil:
		for i, item := range items {
			badText(v, name+"["+strconv.Itoa(i)+"]", item)
		}
	}
	if keys || len(v.Fields) == before {
		v.Add(name, msgEncoding)
	}
}

func (o *object) fail(name, msg string) { o.v.Add(o.prefix+name, msg) }

// has reports whether the field is present (null included).
func (o *object) has(name string) bool { _, ok := o.m[name]; return ok }

// isNull reports whether the field is present and null.
func (o *object) isNull(name string) bool {
	raw, ok := o.m[name]
	return ok && string(bytes.TrimSpace(raw)) == "null"
}

// unknown fails every field not in known.
func (o *object) unknown(known ...string) {
	for name := range o.m {
		if !slices.Contains(known, name) {
			o.fail(name, msgUnknown)
		}
	}
}

// str reads a string field. It returns nil when the field is absent; a
// null gives "" when nullable and fails otherwise.
func (o *object) str(name string, nullable bool) *string {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	if o.isNull(name) {
		if nullable {
			empty := ""
			return &empty
		}
		o.fail(name, msgText)
		return nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		o.fail(name, msgText)
		return nil
	}
	return &s
}

// requiredStr reads a string field that must be present.
func (o *object) requiredStr(name string) (string, bool) {
	if !o.has(name) || o.isNull(name) {
		o.fail(name, msgRequired)
		return "", false
	}
	s := o.str(name, false)
	if s == nil {
		return "", false
	}
	return *s, true
}

func (o *object) integer(name string) *int {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	// Only a JSON number: json.Number would also take a string ("7").
	if len(raw) == 0 || raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		o.fail(name, msgInteger)
		return nil
	}
	i, err := strconv.Atoi(string(raw))
	if err != nil {
		o.fail(name, msgInteger)
		return nil
	}
	return &i
}

func (o *object) number(name string) *float64 {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || math.IsInf(f, 0) || string(raw) == "null" {
		o.fail(name, msgNumber)
		return nil
	}
	return &f
}

func (o *object) boolean(name string) *bool {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil || string(raw) == "null" {
		o.fail(name, msgBool)
		return nil
	}
	return &b
}

// money reads an amount given as a decimal string ("450000.00") or a plain
// JSON number (450000.5); a null clears it when nullable.
func (o *object) money(name string, nullable bool) *listing.NullMoney {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	if o.isNull(name) {
		if nullable {
			return &listing.NullMoney{}
		}
		o.fail(name, msgMoney)
		return nil
	}
	text := strings.TrimSpace(string(raw))
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(raw, &text); err != nil {
			o.fail(name, msgMoney)
			return nil
		}
		if text == "" && nullable {
			return &listing.NullMoney{}
		}
	}
	m, err := listing.ParseMoney(text)
	if err != nil {
		o.fail(name, msgMoney)
		return nil
	}
	return &listing.NullMoney{Money: m, Valid: true}
}

// child reads a nested object; nil when absent or not an object.
func (o *object) child(name string) *object {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	c := &object{prefix: o.prefix + name + ".", v: o.v}
	if err := json.Unmarshal(raw, &c.m); err != nil || c.m == nil {
		o.fail(name, msgObject)
		return nil
	}
	return c
}

// list reads an array of objects; nil when absent or not an array. An item
// that is not an object is named with its index.
func (o *object) list(name string) []*object {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || items == nil {
		o.fail(name, msgList)
		return nil
	}
	out := make([]*object, 0, len(items))
	for i, item := range items {
		field := name + "[" + strconv.Itoa(i) + "]"
		c := &object{prefix: o.prefix + field + ".", v: o.v}
		if err := json.Unmarshal(item, &c.m); err != nil || c.m == nil {
			o.fail(field, msgObject)
			continue
		}
		out = append(out, c)
	}
	return out
}

// strings reads an array of strings, at most max of them; nil when absent
// or wrong, which is named.
func (o *object) strings(name string, max int) []string {
	raw, ok := o.m[name]
	if !ok {
		return nil
	}
	var items []string
	if err := json.Unmarshal(raw, &items); err != nil || items == nil {
		o.fail(name, "Informe uma lista de textos.")
		return nil
	}
	if len(items) > max {
		o.fail(name, "No máximo "+strconv.Itoa(max)+" itens.")
		return nil
	}
	return items
}

// decodeLead reads a contact form body. Unknown fields are ignored. The
// privacy fields are optional: marketing_consent (false when absent or
// null) and notice_version (the notice the form showed).
func decodeLead(o *object) (listing.LeadInput, error) {
	in := decodeContact(o)
	in.Message, _ = o.requiredStr("message")
	in.Normalize()
	o.merge(in.Validate())
	return in, o.v.Err()
}

// decodeContact reads who a visitor is, as the contact form and the
// booking of a visit send it: name, e-mail, phone and their consent.
func decodeContact(o *object) listing.LeadInput {
	var in listing.LeadInput
	in.Name, _ = o.requiredStr("name")
	in.Email, _ = o.requiredStr("email")
	if p := o.str("phone", true); p != nil {
		in.Phone = *p
	}
	if v := o.str("notice_version", true); v != nil {
		in.NoticeVersion = *v
	}
	if !o.isNull("marketing_consent") {
		if c := o.boolean("marketing_consent"); c != nil {
			in.MarketingConsent = *c
		}
	}
	return in
}

// merge adds the failures of a domain validation (a
// *listing.ValidationError, or nil) to o's. A field that already failed
// for its type keeps that one message.
func (o *object) merge(err error) {
	ve, ok := err.(*listing.ValidationError)
	if !ok {
		return
	}
	for field, msgs := range ve.Fields {
		if o.v.Fields[field] == nil {
			for _, m := range msgs {
				o.v.Add(field, m)
			}
		}
	}
}

// decodePropertyUpdate reads an administrator's property body: every field
// optional, unknown fields refused (they are typos). The read-only fields of
// the admin view (id, created_at, updated_at, created_by, updated_by,
// whatsapp_clicks, shares, portal_problems, broker, location, and ids and slugs of nested rows) are accepted and ignored, so that a
// property read can be sent back.
func decodePropertyUpdate(o *object) (listing.PropertyUpdate, error) {
	var u listing.PropertyUpdate
	o.unknown("title", "slug", "code", "description", "address", "price", "condo_fee", "type", "bedrooms",
		"bathrooms", "parking_spots", "area_m2", "is_featured", "is_active", "subtype", "city", "neighborhood",
		"photos", "amenities", "video_url", "video_position", "id", "created_at", "updated_at",
		"rent_price", "rent_period", "iptu", "iptu_period", "cep", "street", "number", "complement", "address_visibility",
		"latitude", "longitude", "suites", "useful_area_m2", "total_area_m2", "floor", "year_built", "status",
		"created_by", "updated_by", "whatsapp_clicks", "shares", "publish_to_portals", "portal_problems", "broker_id", "broker",
		"location")
	u.Title = o.str("title", false)
	u.Slug = o.str("slug", false)
	u.Code = o.str("code", true)
	u.Description = o.str("description", true)
	u.Address = o.str("address", true)
	if m := o.money("price", false); m != nil {
		u.Price = &m.Money
	}
	u.CondoFee = o.money("condo_fee", true)
	u.Type = o.str("type", false)
	u.Bedrooms = o.integer("bedrooms")
	u.Bathrooms = o.integer("bathrooms")
	u.ParkingSpots = o.integer("parking_spots")
	u.AreaM2 = o.number("area_m2")
	u.IsFeatured = o.boolean("is_featured")
	u.IsActive = o.boolean("is_active")
	u.PublishToPortals = o.boolean("publish_to_portals")
	u.BrokerID = o.userID("broker_id")
	if c := o.child("subtype"); c != nil {
		c.unknown("name", "id", "slug")
		if name, ok := c.requiredStr("name"); ok {
			u.Subtype = &listing.Subtype{Name: name}
		}
	}
	if c := o.child("city"); c != nil {
		c.unknown("name", "state", "id", "slug")
		name, ok1 := c.requiredStr("name")
		state, ok2 := c.requiredStr("state")
		if ok1 && ok2 {
			u.City = &listing.City{Name: name, State: state}
		}
	}
	if c := o.child("neighborhood"); c != nil {
		c.unknown("name", "id", "slug")
		if name, ok := c.requiredStr("name"); ok {
			u.Neighborhood = &listing.Neighborhood{Name: name}
		}
	}
	if items := o.list("photos"); items != nil {
		photos := make([]listing.Photo, 0, len(items))
		for _, c := range items {
			// An item names a photo of the property by its id, or by the
			// address of one of its variants, to keep it (store.keepPhotos).
			c.unknown("url", "alt_text", "display_order", "id", "width", "height", "srcset")
			var ph listing.Photo
			if id := c.str("id", true); id != nil {
				ph.ID = *id
				if url := c.str("url", true); url != nil {
					ph.URL = *url
				}
			} else {
				ph.URL, _ = c.requiredStr("url")
			}
			alt := c.str("alt_text", true)
			if alt != nil {
				ph.AltText = *alt
			}
			photos = append(photos, ph)
		}
		u.Photos = &photos
	}
	if items := o.list("amenities"); items != nil {
		amenities := make([]listing.Amenity, 0, len(items))
		for _, c := range items {
			c.unknown("name", "group", "id", "slug")
			name, _ := c.requiredStr("name")
			group, _ := c.requiredStr("group")
			amenities = append(amenities, listing.Amenity{Name: name, Group: listing.AmenityGroup(group)})
		}
		u.Amenities = &amenities
	}
	u.VideoURL = o.str("video_url", true)
	if p := o.str("video_position", false); p != nil {
		pos := listing.VideoPosition(*p)
		if !pos.Valid() {
			o.fail("video_position", "Use 'carousel' ou 'section'.")
		}
		u.VideoPosition = &pos
	}
	decodeModel(o, &u)
	return u, o.v.Err()
}

// decodeModel reads the listing model's fields of a property body. Their
// rules (enumerations, ranges, formats) are listing.Property's Validate;
// here only the JSON types are checked. Optional fields take null to be
// cleared.
func decodeModel(o *object, u *listing.PropertyUpdate) {
	u.RentPrice = o.money("rent_price", true)
	u.IPTU = o.money("iptu", true)
	if s := o.str("rent_period", true); s != nil {
		u.RentPeriod = (*listing.RentPeriod)(s)
	}
	if s := o.str("iptu_period", true); s != nil {
		u.IPTUPeriod = (*listing.IPTUPeriod)(s)
	}
	u.CEP = o.str("cep", true)
	u.Street = o.str("street", true)
	u.Number = o.str("number", true)
	u.Complement = o.str("complement", true)
	if s := o.str("address_visibility", false); s != nil {
		u.AddressVisibility = (*listing.AddressVisibility)(s)
	}
	u.Latitude = o.nullNumber("latitude")
	u.Longitude = o.nullNumber("longitude")
	u.Suites = o.integer("suites")
	u.UsefulAreaM2 = o.nullNumber("useful_area_m2")
	u.TotalAreaM2 = o.nullNumber("total_area_m2")
	u.Floor = o.nullInteger("floor")
	u.YearBuilt = o.nullInteger("year_built")
	if s := o.str("status", false); s != nil {
		u.Status = (*listing.Status)(s)
	}
}

// userID reads a staff member's id, which null clears (0).
func (o *object) userID(name string) *int64 {
	if o.isNull(name) {
		var none int64
		return &none
	}
	if !o.has(name) {
		return nil
	}
	i := o.integer(name)
	if i == nil || *i <= 0 {
		if i != nil {
			o.fail(name, "Informe o id de um usuário da equipe, ou null.")
		}
		return nil
	}
	id := int64(*i)
	return &id
}

// nullNumber reads a number that null clears.
func (o *object) nullNumber(name string) *listing.NullFloat {
	return nullable(o, name, o.number, func(f float64) listing.NullFloat { return listing.NullFloat{Float: f, Valid: true} })
}

// nullInteger reads an integer that null clears.
func (o *object) nullInteger(name string) *listing.NullInt {
	return nullable(o, name, o.integer, func(i int) listing.NullInt { return listing.NullInt{Int: i, Valid: true} })
}

// nullable reads the field name with read, as the present value that
// valid makes of it, or the zero (absent) value for a null.
func nullable[T, N any](o *object, name string, read func(string) *T, valid func(T) N) *N {
	var n N
	if o.isNull(name) {
		return &n
	}
	v := read(name)
	if v == nil {
		return nil
	}
	n = valid(*v)
	return &n
}

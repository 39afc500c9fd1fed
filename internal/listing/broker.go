package listing

import "strings"

// Broker is the staff member responsible for a listing, as its public page
// shows them: what the agency publishes of a broker (name, individual
// CRECI, WhatsApp, photo), never their e-mail or phone.
type Broker struct {
	ID       int64
	Name     string
	CRECI    string // "CRECI/SC 12345-F", or ""
	WhatsApp string // E.164, or "" (the page then links to the agency's)
	// Photo is the user's photo (User.Photo), nil when they have none; the
	// public sees it once it is ready, as a property's uploaded photo.
	Photo *Image
}

// BrokerProfile is what makes a staff member a broker to the public: the
// individual CRECI (stored "CRECI/SC 12345-F"), a phone and a WhatsApp
// (E.164). Each is optional ("" clears it): staff who do not sell have
// none.
type BrokerProfile struct {
	CRECI    string
	Phone    string
	WhatsApp string
}

// Normalize trims every field and writes the CRECI and the numbers in
// their stored forms when they can be read; Validate refuses what cannot.
func (b *BrokerProfile) Normalize() {
	for _, f := range []*string{&b.CRECI, &b.Phone, &b.WhatsApp} {
		*f = strings.TrimSpace(*f)
	}
	if c, ok := ParseBrokerCRECI(b.CRECI); ok {
		b.CRECI = c
	}
	normalizePhones(&b.Phone, &b.WhatsApp)
}

// Validate checks the profile (after Normalize) and returns a
// *ValidationError listing all failures, or nil.
func (b *BrokerProfile) Validate() error {
	v := &ValidationError{}
	if c, ok := ParseBrokerCRECI(b.CRECI); b.CRECI != "" && (!ok || c != b.CRECI) {
		v.Add("creci", "Informe o CRECI do corretor (pessoa física) com o estado, como CRECI/SC 12345-F.")
	}
	checkPhones(v, map[string]string{"phone": b.Phone, "whatsapp": b.WhatsApp})
	return v.Err()
}

// brazilianStates are the federative units, each of which has its own
// regional council (CRECI) and numbering.
var brazilianStates = map[string]bool{
	"AC": true, "AL": true, "AP": true, "AM": true, "BA": true, "CE": true, "DF": true, "ES": true, "GO": true,
	"MA": true, "MT": true, "MS": true, "MG": true, "PA": true, "PB": true, "PR": true, "PE": true, "PI": true,
	"RJ": true, "RN": true, "RS": true, "RO": true, "RR": true, "SC": true, "SP": true, "SE": true, "TO": true,
}

// ParseBrokerCRECI reads an individual broker's CRECI registration as
// agencies write it: the number (dots allowed, "12.345"), the letter F of
// a natural person, optional, and the state of the regional council, in
// any order and with "CRECI" in front or not ("CRECI/SC 12345-F",
// "CRECI-SC 12345", "12345-F/SC", "creci sc 12.345 f"). The state is
// required: numbers repeat from one council to the next. It returns the
// stored form, "CRECI/SC 12345-F".
func ParseBrokerCRECI(s string) (string, bool) {
	state, digits, ok := readCRECI(s, "F")
	if !ok || state == "" {
		return "", false
	}
	return creciForm(state, digits, "F"), true
}

// readCRECI reads a CRECI registration written as agencies write it: the
// number (dots allowed), the letter of its kind (F for a person, J for a
// company), optional, and the state of its council, optional, in any
// order and with "CRECI" in front or not. It returns the state ("" when
// none is written) and the digits.
func readCRECI(s, letter string) (state, digits string, ok bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "CRECI")
	suffix := false
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" /-.:", r) }) {
		switch {
		case len(tok) == 2 && brazilianStates[tok] && state == "":
			state = tok
		case tok == letter && !suffix:
			suffix = true
		case creciNumber(strings.TrimSuffix(tok, letter)) && !suffix:
			digits += strings.TrimSuffix(tok, letter)
			suffix = strings.HasSuffix(tok, letter)
		default:
			return "", "", false
		}
	}
	return state, digits, creciNumber(digits)
}

// creciForm is the stored and shown form of a registration:
// "CRECI/SC 12345-F".
func creciForm(state, digits, letter string) string {
	return "CRECI/" + state + " " + digits + "-" + letter
}

// creciNumber reports whether digits is the number of a CRECI
// registration: 1 to maxCRECIDigits ASCII digits.
func creciNumber(digits string) bool {
	if digits == "" || len(digits) > maxCRECIDigits {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

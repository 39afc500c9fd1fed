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
	s = strings.ToUpper(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "CRECI")
	var state, digits string
	suffix := false
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" /-.:", r) }) {
		switch {
		case len(tok) == 2 && brazilianStates[tok] && state == "":
			state = tok
		case tok == "F" && !suffix:
			suffix = true
		case creciNumber(strings.TrimSuffix(tok, "F")) && !suffix:
			digits += strings.TrimSuffix(tok, "F")
			suffix = strings.HasSuffix(tok, "F")
		default:
			return "", false
		}
	}
	if state == "" || !creciNumber(digits) {
		return "", false
	}
	return "CRECI/" + state + " " + digits + "-F", true
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

package listing

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // the agency's time zone, whatever the system's zoneinfo holds
)

// Agency is the one agency whose catalogue the site shows: what every page
// shows about it. COFECI resolution 1.065/2007 requires the CRECI on the
// agency's advertising, so the public read carries it.
//
// Optional text holds "" when not filled in.
type Agency struct {
	Name  string
	CRECI string // the company's registration, "CRECI/SC 12345-J" (before states were kept: "12345-J")
	// State is the federative unit of the agency's office ("SC"): the
	// council of a CRECI written without one, and the region of its
	// address.
	State    string
	Phone    string // E.164 ("+554833334444")
	WhatsApp string // E.164 ("+5548999990000")
	Email    string
	// PrivacyEmail receives the data subjects' requests (LGPD); "" means
	// Email does.
	PrivacyEmail string
	Address      string
	// LogoURL is an address typed before logos were uploaded: shown while
	// Logo is not (see ShownLogoURL).
	LogoURL string
	// Logo is the uploaded logo, an image of the photo pipeline; nil when
	// none was uploaded. The public sees it once it is ready.
	Logo *Image
	// BrandColor is the colour of the public pages' links and buttons,
	// "#rrggbb" in lower case; "" for the site's default.
	BrandColor string
	// FinancingRateBP is the yearly effective interest rate the financing
	// simulator of sale listings starts from, in hundredths of a percent
	// (1150 is 11.50 % a year); 0 for DefaultFinancingRateBP (see
	// ShownFinancingRateBP).
	FinancingRateBP int
	// NoticeCopy sends a copy of each lead's notice to Email when the
	// notice goes to the lead's broker (a setting, not shown to the
	// public).
	NoticeCopy bool
	// DailySummary sends each morning, to each broker, the leads still
	// "novo" a day after they came, and to administradores the ones
	// nobody is assigned (a setting, off at first).
	DailySummary bool
	UpdatedAt    time.Time // zero until it is first set
	UpdatedBy    Actor     // who set it last; the zero Actor when not known
}

// AgencyZone is the agency's time zone, whose days the back office's date
// filters and the daily summary count. Its rules come with the binary
// (time/tzdata), so the system's zoneinfo does not matter.
var AgencyZone = sync.OnceValue(func() *time.Location {
	zone, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		return time.FixedZone("BRT", -3*60*60) // never: the zone is in the binary
	}
	return zone
})

// Limits of the agency's fields.
const (
	MaxAgencyNameLen = 150
	// DefaultFinancingRateBP is the simulator's yearly rate while the
	// agency sets none: near what the large banks charged for housing
	// loans (SFH) when it was chosen; the agency should set its own.
	DefaultFinancingRateBP = 1150
	// MaxFinancingRateBP bounds the rate an agency can set (50 % a year),
	// far above any housing loan, so that a typo is refused.
	MaxFinancingRateBP = 5000
	maxCRECIDigits     = 7
)

// CRECIDisplay is the registration as advertising shows it:
// "CRECI/SC 12345-J" ("CRECI 12345-J" for one stored before states were
// kept), or "" when there is none.
func (a *Agency) CRECIDisplay() string {
	if a.CRECI == "" || strings.HasPrefix(a.CRECI, "CRECI") {
		return a.CRECI
	}
	return "CRECI " + a.CRECI
}

// Normalize trims every field and writes the CRECI and the phone numbers
// in their stored forms, when they can be read; Validate refuses what
// cannot.
func (a *Agency) Normalize() {
	for _, f := range []*string{&a.Name, &a.CRECI, &a.Phone, &a.WhatsApp, &a.Email, &a.PrivacyEmail, &a.Address, &a.LogoURL, &a.BrandColor, &a.State} {
		*f = strings.TrimSpace(*f)
	}
	a.BrandColor = strings.ToLower(a.BrandColor)
	a.State = strings.ToUpper(a.State)
	if c, ok := ParseCRECI(a.CRECI, a.State); ok {
		a.CRECI = c
	}
	normalizePhones(&a.Phone, &a.WhatsApp)
}

// normalizePhones writes each number in E.164 when it can be read.
func normalizePhones(numbers ...*string) {
	for _, f := range numbers {
		if n, ok := ParsePhone(*f); ok {
			*f = n
		}
	}
}

// checkPhones fails on v each field whose number (after normalizePhones)
// is not "" nor E.164.
func checkPhones(v *ValidationError, numbers map[string]string) {
	for field, n := range numbers {
		if p, ok := ParsePhone(n); n != "" && (!ok || p != n) {
			v.Add(field, "Informe um telefone com DDD (ex.: (48) 99999-0000) ou no formato internacional (+5548999990000).")
		}
	}
}

// Validate checks every field of a (after Normalize) and returns a
// *ValidationError listing all failures, or nil. The name and the CRECI
// are required: a page without them breaks the advertising rules.
func (a *Agency) Validate() error {
	v := &ValidationError{}
	checkText(v, "name", a.Name, 1, MaxAgencyNameLen, false)
	if a.State != "" && !brazilianStates[a.State] {
		v.Add("state", "Escolha a UF da imobiliária, como SC.")
	}
	switch c, ok := ParseCRECI(a.CRECI, a.State); {
	case a.CRECI == "":
		v.Add("creci", "Campo obrigatório: a resolução COFECI 1.065/2007 exige o CRECI na publicidade.")
	case ok && c == a.CRECI:
	case !ok && creciWithoutState(a.CRECI):
		v.Add("creci", "Informe o estado do CRECI, como CRECI/SC 12345-J, ou escolha a UF da imobiliária.")
	default:
		v.Add("creci", "Informe o CRECI da imobiliária (pessoa jurídica) com o estado, como CRECI/SC 12345-J.")
	}
	checkPhones(v, map[string]string{"phone": a.Phone, "whatsapp": a.WhatsApp})
	if a.Email != "" && !ValidEmail(a.Email) {
		v.Add("email", "Informe um e-mail válido.")
	}
	if a.PrivacyEmail != "" && !ValidEmail(a.PrivacyEmail) {
		v.Add("privacy_email", "Informe um e-mail válido.")
	}
	checkText(v, "address", a.Address, 0, MaxAddressLen, false)
	if a.LogoURL != "" && !absoluteHTTPURL(a.LogoURL) {
		v.Add("logo_url", "Informe um endereço http(s) completo.")
	}
	switch c, ok := parseHexColor(a.BrandColor); {
	case a.BrandColor == "":
	case !ok:
		v.Add("brand_color", "Informe a cor no formato #rrggbb, como #0b5cad.")
	case contrastWithWhite(c) < minBrandContrast:
		v.Add("brand_color", "Escolha uma cor mais escura: o texto branco dos botões precisa de contraste para ser lido.")
	}
	if a.FinancingRateBP < 0 || a.FinancingRateBP > MaxFinancingRateBP {
		v.Add("financing_rate", "Informe a taxa de juros anual entre 0,01% e 50%, como 11,5.")
	}
	return v.Err()
}

// ShownFinancingRateBP is the yearly rate the simulator starts from: the
// agency's, or DefaultFinancingRateBP when it set none.
func (a Agency) ShownFinancingRateBP() int {
	if a.FinancingRateBP == 0 {
		return DefaultFinancingRateBP
	}
	return a.FinancingRateBP
}

// ParseCRECI reads a company's CRECI registration as agencies write it:
// the number, the letter J, optional, and the state of the regional
// council, optional, in any order and with "CRECI" in front or not
// ("CRECI/SC 4321", "CRECI 4321-J", "4321 J"). A registration written
// without its state belongs to state, the agency's; with neither, it
// cannot be read (numbers repeat from one council to the next). It
// returns the stored form, "CRECI/SC 4321-J".
func ParseCRECI(s, state string) (string, bool) {
	written, digits, ok := readCRECI(s, "J")
	if written != "" {
		state = written
	}
	if !ok || !brazilianStates[state] {
		return "", false
	}
	return creciForm(state, digits, "J"), true
}

// creciWithoutState reports whether s is a company's registration that
// only lacks its state.
func creciWithoutState(s string) bool {
	state, _, ok := readCRECI(s, "J")
	return ok && state == ""
}

// ParsePhone reads a telephone number and returns it in E.164 form
// ("+5548999990000"). A number that starts with "+" is international:
// 8 to 15 digits after it. Any other is Brazilian: its digits (spaces,
// hyphens, dots and parentheses are ignored) are the area code (DDD) and
// the number, 10 or 11 digits, or 12 or 13 with the country code 55
// before them.
func ParsePhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	intl := strings.HasPrefix(s, "+")
	var b strings.Builder
	for _, r := range strings.TrimPrefix(s, "+") {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')':
		default:
			return "", false
		}
	}
	d := b.String()
	switch {
	case intl && len(d) >= 8 && len(d) <= 15 && d[0] != '0':
		return "+" + d, true
	case intl:
		return "", false
	case (len(d) == 12 || len(d) == 13) && strings.HasPrefix(d, "55"):
		d = d[2:]
	}
	if (len(d) == 10 || len(d) == 11) && d[0] != '0' && d[1] != '0' {
		return "+55" + d, true
	}
	return "", false
}

// ShownLogoURL is the logo's address as the public pages show it: the
// uploaded logo's largest JPEG once its variants are made, else the
// address typed before (LogoURL), else "".
func (a Agency) ShownLogoURL() string {
	if a.Logo != nil && a.Logo.Status == ImageReady {
		for i := len(a.Logo.Variants) - 1; i >= 0; i-- { // by ascending width
			if v := a.Logo.Variants[i]; v.ContentType == "image/jpeg" {
				return v.URL
			}
		}
	}
	return a.LogoURL
}

// minBrandContrast is the least contrast the brand colour must have
// with white: the buttons write white text on it, and WCAG 2 asks 4.5:1
// of normal text.
const minBrandContrast = 4.5

// parseHexColor reads "#rrggbb" (in lower case, as Normalize writes it)
// into its three channels.
func parseHexColor(s string) ([3]uint8, bool) {
	var c [3]uint8
	if len(s) != 7 || s[0] != '#' {
		return c, false
	}
	for i := range c {
		n, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil || strings.ToLower(s[1+2*i:3+2*i]) != s[1+2*i:3+2*i] {
			return c, false
		}
		c[i] = uint8(n)
	}
	return c, true
}

// contrastWithWhite is the WCAG 2 contrast ratio of the colour c with
// white: (1 + 0.05) / (L + 0.05), L its relative luminance.
func contrastWithWhite(c [3]uint8) float64 {
	var l float64
	for i, weight := range []float64{0.2126, 0.7152, 0.0722} {
		v := float64(c[i]) / 255
		if v <= 0.04045 {
			v /= 12.92
		} else {
			v = math.Pow((v+0.055)/1.055, 2.4)
		}
		l += weight * v
	}
	return 1.05 / (l + 0.05)
}

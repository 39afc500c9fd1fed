package portallead

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The manual's example reads field by field into the lead and what the
// portal says of it.
func TestParseManualExample(t *testing.T) {
	l, err := Parse(fixture(t, "manual-2020.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := Lead{
		Contact: listing.LeadInput{Name: "Nome Consumidor", Email: "nome.consumidor@email.com", Phone: "(11) 999999999",
			Message: "Olá, tenho interesse neste imóvel. Aguardo o contato. Obrigado."},
		Portal: listing.PortalLead{Origin: listing.PortalVivaReal, LeadID: "59ee0fc6e4b043e1b2a6d863", ListingID: "87027856",
			ClientListingID: "a40171", SentAt: time.Date(2017, 10, 23, 15, 50, 30, 619e6, time.UTC)},
	}
	if l != want {
		t.Fatalf("got  %+v\nwant %+v", l, want)
	}
}

func TestParseTemperatureAndBusiness(t *testing.T) {
	l, err := Parse(fixture(t, "grupo-olx-temperature.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := l.Portal
	if p.Origin != listing.PortalGroup || p.Temperature != listing.TemperatureHigh || p.Business != listing.BusinessSale {
		t.Fatalf("portal = %+v", p)
	}
	// The brief's spelling of the transaction type, and Portuguese words.
	l, err = Parse([]byte(`{"originLeadId":"x1","name":"Ana","phoneNumber":"48999990000","transaction_type":"RENT",
		"temperature":"Média","leadOrigin":"ZAP Imóveis","ddd":48}`))
	if err != nil {
		t.Fatal(err)
	}
	if l.Portal.Business != listing.BusinessRent || l.Portal.Temperature != listing.TemperatureMedium ||
		l.Portal.Origin != listing.PortalZAP || l.Contact.Phone != "48999990000" {
		t.Fatalf("lead = %+v", l)
	}
}

func TestParseKeepsWhatItDoesNotKnow(t *testing.T) {
	l, err := Parse([]byte(`{"originLeadId":"x2","name":"Ana","email":"ana@example.com","temperature":"Morna",
		"transactionType":"LEASE","timestamp":"ontem","extraData":{"leadType":"CONTACT_FORM"}}`))
	if err != nil {
		t.Fatal(err)
	}
	p := l.Portal
	if p.Temperature != "Morna" || p.Business != "" || !p.SentAt.IsZero() || p.Origin != listing.PortalGroup {
		t.Fatalf("portal = %+v", p)
	}
}

func TestParseLocalTimestampIsBrasilia(t *testing.T) {
	got := Timestamp("2024-05-02T09:30:00")
	if want := time.Date(2024, 5, 2, 12, 30, 0, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("Timestamp = %v, want %v", got, want)
	}
}

func TestParseRefuses(t *testing.T) {
	for name, c := range map[string]struct {
		body  string
		field string
	}{
		"manual's malformed example": {string(fixture(t, "manual-2019-malformed.json")), "body"},
		"array":                      {`[{"originLeadId":"x"}]`, "body"},
		"two objects":                {`{"originLeadId":"x"} {}`, "body"},
		"invalid UTF-8":              {"{\"originLeadId\":\"x\",\"name\":\"\xff\"}", "body"},
		"no lead id":                 {`{"name":"Ana","email":"ana@example.com"}`, "originLeadId"},
		"blank lead id":              {`{"originLeadId":"  ","name":"Ana","email":"ana@example.com"}`, "originLeadId"},
		"no name":                    {`{"originLeadId":"x","email":"ana@example.com"}`, "name"},
		"nobody to answer":           {`{"originLeadId":"x","name":"Ana","message":"Olá"}`, "email"},
		"bad e-mail":                 {`{"originLeadId":"x","name":"Ana","email":"ana@"}`, "email"},
		"name an object":             {`{"originLeadId":"x","name":{},"email":"ana@example.com"}`, "name"},
		"control character":          {`{"originLeadId":"x","name":"A\u0000na","email":"ana@example.com"}`, "name"},
		"long message": {`{"originLeadId":"x","name":"Ana","email":"ana@example.com","message":"` +
			repeat("a", listing.MaxLeadMessageLen+1) + `"}`, "message"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse([]byte(c.body))
			var v *listing.ValidationError
			if !errors.As(err, &v) || len(v.Fields[c.field]) == 0 {
				t.Fatalf("Parse(%s) = %v, want a failure on %q", c.body, err, c.field)
			}
		})
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, n*len(s))
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

// FuzzParse: any body either fails with a validation error or gives a
// lead the store can take: an id, a name, a way to answer, plain text.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"manual-2020.json", "manual-2019-malformed.json", "sample-nodejs.json", "grupo-olx-temperature.json"} {
		f.Add(fixture(f, name))
	}
	f.Add([]byte(`{"originLeadId":1,"name":"A","ddd":11,"phone":9}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		l, err := Parse(body)
		if err != nil {
			if !errors.Is(err, listing.ErrInvalid) {
				t.Fatalf("error %v is not a validation error", err)
			}
			return
		}
		if l.Portal.LeadID == "" || l.Contact.Name == "" || l.Contact.Email == "" && l.Contact.Phone == "" {
			t.Fatalf("incomplete lead %+v", l)
		}
		if len([]rune(l.Contact.Message)) > listing.MaxLeadMessageLen || !listing.PlainText(l.Contact.Name, false) {
			t.Fatalf("lead beyond the limits: %+v", l)
		}
	})
}

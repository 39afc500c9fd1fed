package listing_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

func TestParseCEP(t *testing.T) {
	for in, want := range map[string]string{"88010-400": "88010400", "88010400": "88010400", " 01310-100 ": "01310100"} {
		if got, ok := listing.ParseCEP(in); !ok || got != want {
			t.Errorf("ParseCEP(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "8801-0400", "88010-40", "880104000", "88.010-400", "88010 400", "ABCDE-FGH", "８８０１０４００"} {
		if got, ok := listing.ParseCEP(in); ok {
			t.Errorf("ParseCEP(%q) accepted as %q", in, got)
		}
	}
	if got := listing.FormatCEP("88010400"); got != "88010-400" {
		t.Errorf("FormatCEP = %q", got)
	}
}

func TestParsePhone(t *testing.T) {
	for in, want := range map[string]string{
		"(48) 3333-4444": "+554833334444", "48 99999-0000": "+5548999990000", "+55 48 99999-0000": "+5548999990000",
		"5548999990000": "+5548999990000", "+351 912 345 678": "+351912345678", "11.98765.4321": "+5511987654321",
	} {
		if got, ok := listing.ParsePhone(in); !ok || got != want {
			t.Errorf("ParsePhone(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "3333-4444", "+12", "048 3333-4444", "(48) 3333-4444 ramal 2", "+0 48 3333 4444", "+1234567890123456"} {
		if got, ok := listing.ParsePhone(in); ok {
			t.Errorf("ParsePhone(%q) accepted as %q", in, got)
		}
	}
}

// TestParseCRECI: a company's CRECI as agencies write it, with the state
// written or taken from the agency's, stored with the state.
func TestParseCRECI(t *testing.T) {
	for _, c := range []struct{ in, state, want string }{
		{"CRECI/SC 4321", "", "CRECI/SC 4321-J"},
		{"CRECI 4321-J", "SC", "CRECI/SC 4321-J"},
		{"4321 J", "PR", "CRECI/PR 4321-J"},
		{"12345J", "SP", "CRECI/SP 12345-J"},
		{"creci-rs 12.345-j", "", "CRECI/RS 12345-J"},
		{"4321-J/SC", "PR", "CRECI/SC 4321-J"}, // the written council wins over the office's
		{"CRECI/SC 4321-J", "", "CRECI/SC 4321-J"},
		{"CRECI 1-J", "DF", "CRECI/DF 1-J"},
	} {
		if got, ok := listing.ParseCRECI(c.in, c.state); !ok || got != c.want {
			t.Errorf("ParseCRECI(%q, %q) = %q, %v; want %q", c.in, c.state, got, ok, c.want)
		}
	}
	for _, c := range []struct{ in, state string }{
		{"", "SC"}, {"12345-J", ""}, {"12345-F", "SC"}, {"-J", "SC"}, {"12a45-J", "SC"}, {"12345678-J", "SC"},
		{"CRECI/XX 4321", ""}, {"4321 J", "XX"}, {"CRECI/SC/PR 4321", ""}, {"4321 J J", "SC"},
	} {
		if got, ok := listing.ParseCRECI(c.in, c.state); ok {
			t.Errorf("ParseCRECI(%q, %q) accepted as %q", c.in, c.state, got)
		}
	}
}

// TestAgencyCRECIState: an agency saved with a CRECI that names no state
// takes its office's; without either, the error says what is missing.
func TestAgencyCRECIState(t *testing.T) {
	a := listing.Agency{Name: "Maré Alta", CRECI: " 4321 j ", State: "sc"}
	a.Normalize()
	if err := a.Validate(); err != nil || a.CRECI != "CRECI/SC 4321-J" || a.State != "SC" || a.CRECIDisplay() != "CRECI/SC 4321-J" {
		t.Fatalf("got %q %q (%v), display %q", a.CRECI, a.State, err, a.CRECIDisplay())
	}
	b := listing.Agency{Name: "Maré Alta", CRECI: "4321-J"}
	b.Normalize()
	var v *listing.ValidationError
	if err := b.Validate(); !errors.As(err, &v) || len(v.Fields["creci"]) != 1 || !strings.Contains(v.Fields["creci"][0], "estado") {
		t.Fatalf("no state: %v", err)
	}
	c := listing.Agency{Name: "Maré Alta", CRECI: "CRECI/SC 4321", State: "ZZ"}
	c.Normalize()
	if err := c.Validate(); !errors.As(err, &v) || len(v.Fields["state"]) != 1 {
		t.Fatalf("bad state: %v", err)
	}
	// A registration stored before states were kept is still shown.
	if old := (listing.Agency{CRECI: "12345-J"}); old.CRECIDisplay() != "CRECI 12345-J" {
		t.Fatalf("old display %q", old.CRECIDisplay())
	}
}

func TestNormalizeBusiness(t *testing.T) {
	for in, want := range map[string]listing.Business{"Venda": listing.BusinessSale, " LOCAÇÃO ": listing.BusinessRent,
		"À venda": listing.BusinessSale, "for rent": listing.BusinessRent, "aluguel": listing.BusinessRent} {
		if got, ok := listing.NormalizeBusiness(in); !ok || got != want {
			t.Errorf("NormalizeBusiness(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"Temporada", "Venda/Aluguel", "venda e aluguel", ""} {
		if got, ok := listing.NormalizeBusiness(in); ok {
			t.Errorf("NormalizeBusiness(%q) = %q, want none", in, got)
		}
	}
}

func TestMonthlyRent(t *testing.T) {
	rent := listing.Money(350000)
	for _, c := range []struct {
		b    listing.Business
		rent *listing.Money
		want listing.Money
		ok   bool
	}{
		{listing.BusinessRent, &rent, rent, true},
		{listing.BusinessRent, nil, 500000, true}, // a rental stored before rent_price: its rent is its price
		{listing.BusinessSaleRent, &rent, rent, true},
		{listing.BusinessSaleRent, nil, 0, false}, // the price is the sale's: the rent is not known
		{listing.BusinessSale, &rent, 0, false},
		{listing.Business("temporada"), &rent, 0, false},
	} {
		got, ok := listing.MonthlyRent(c.b, listing.Money(500000), c.rent)
		if got != c.want || ok != c.ok {
			t.Errorf("MonthlyRent(%q, 500000, %v) = %d, %v; want %d, %v", c.b, c.rent, got, ok, c.want, c.ok)
		}
	}
}

func TestParseFlag(t *testing.T) {
	for _, c := range []struct {
		raw  string
		want string // "nil", "true" or "false"
		bad  bool
	}{
		{"", "nil", false}, {"true", "true", false}, {"false", "false", false},
		{"sim", "nil", true}, {"TRUE", "nil", true}, {"1", "nil", true},
	} {
		v := &listing.ValidationError{}
		got := "nil"
		if b := listing.ParseFlag(v, "f", c.raw); b != nil {
			got = map[bool]string{true: "true", false: "false"}[*b]
		}
		if got != c.want || (v.Err() != nil) != c.bad || c.bad && v.Fields["f"][0] != listing.FlagMessage {
			t.Errorf("ParseFlag(%q) = %s, errors %v; want %s, refused %v", c.raw, got, v.Fields, c.want, c.bad)
		}
	}
}

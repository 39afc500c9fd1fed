package listing_test

import (
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

func TestParseCRECI(t *testing.T) {
	for in, want := range map[string]string{"12345-J": "12345-J", "12345J": "12345-J", "creci 12345-j": "12345-J", "CRECI 1-J": "1-J"} {
		if got, ok := listing.ParseCRECI(in); !ok || got != want {
			t.Errorf("ParseCRECI(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "12345", "12345-F", "-J", "12a45-J", "12345678-J", "CRECI/SC 12345-J"} {
		if got, ok := listing.ParseCRECI(in); ok {
			t.Errorf("ParseCRECI(%q) accepted as %q", in, got)
		}
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

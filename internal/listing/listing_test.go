package listing_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

func TestParseMoney(t *testing.T) {
	good := map[string]listing.Money{
		"0": 0, "450000": 45000000, "450000.5": 45000050, "450000.50": 45000050, "850.05": 85005,
		"99999999999.99": listing.MaxMoney,
	}
	for in, want := range good {
		got, err := listing.ParseMoney(in)
		if err != nil || got != want {
			t.Errorf("ParseMoney(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", ".", "1.", ".5", "1.234", "-1", "+1", "1e5", "1,00", "1 000", "R$ 10", "0x10", "100000000000.00", "١٢٣"} {
		if _, err := listing.ParseMoney(in); err == nil {
			t.Errorf("ParseMoney(%q) accepted", in)
		}
	}
}

func TestMoneyString(t *testing.T) {
	for m, want := range map[listing.Money]string{0: "0.00", 5: "0.05", 45000000: "450000.00", 85050: "850.50", 101: "1.01"} {
		if got := m.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int64(m), got, want)
		}
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Florianópolis":               "florianopolis",
		"São João da Boa Vista":       "sao-joao-da-boa-vista",
		"  Apartamento  Vista--Mar! ": "apartamento-vista-mar",
		"Ação & Conceição 2º andar":   "acao-conceicao-2o-andar",
		"ÇÃÕÉÍÚÂÊÔÀÜ":                 "caoeiuaeoau",
		"Straße Øresund":              "strase-oresund",
		"!!!":                         "",
		"Casa 🏠 com piscina":          "casa-com-piscina",
	} {
		if got := listing.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
	long := listing.Slugify(strings.Repeat("palavra ", 60))
	if len(long) > listing.MaxSlugLen || strings.HasSuffix(long, "-") || !listing.ValidSlug(long) {
		t.Errorf("long slug %q (%d)", long, len(long))
	}
}

func TestValidSlug(t *testing.T) {
	for _, s := range []string{"casa-azul", "a", "123", "apto-2-quartos"} {
		if !listing.ValidSlug(s) {
			t.Errorf("ValidSlug(%q) = false", s)
		}
	}
	for _, s := range []string{"", "Casa-Azul", "casa/azul", "casa azul", "casa_azul", "casá", "casa.azul", "%2F", strings.Repeat("a", 121)} {
		if listing.ValidSlug(s) {
			t.Errorf("ValidSlug(%q) = true", s)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for _, s := range []string{"maria@example.com", "maria.souza+imoveis@mail.example.com.br", "a@b.co", `"joao silva"@example.com`,
		// Unusual but valid local parts, and internationalised domains typed or in punycode.
		`"a?b=c"@example.com`, "o'brien&co=1@example.com", "josé@imóveis.com.br", "JOSÉ.ÜNICODE@EXEMPLO.COM.BR", "maria@xn--imveis-cxa.com.br"} {
		if !listing.ValidEmail(s) {
			t.Errorf("ValidEmail(%q) = false", s)
		}
	}
	for _, s := range []string{"", "maria", "maria@", "@example.com", "maria@localhost", "Maria <maria@example.com>",
		"maria@example.com (Maria)", "maria@@example.com", "maria@[127.0.0.1]", "maria@example.com.", "maria @example.com",
		"maria@example..com", strings.Repeat("a", 250) + "@example.com", "a@b.com\x00", "a,b@example.com",
		// A domain that is no host name: a mailto: link would read its query as headers and a body.
		"v@x.com?bcc=a%40evil.com&body=Oi", "a@x.com?body=1", "a@x.com&cc=b@y.com", "a@exa_mple.com", "a@-x.com", "a@x-.com",
		"a@xn--zz.com", "a@" + strings.Repeat("a", 64) + ".com"} {
		if listing.ValidEmail(s) {
			t.Errorf("ValidEmail(%q) = true", s)
		}
	}
}

func fields(err error) map[string][]string {
	var ve *listing.ValidationError
	if errors.As(err, &ve) {
		return ve.Fields
	}
	return nil
}

func TestLeadValidateListsEveryField(t *testing.T) {
	in := listing.LeadInput{Name: " M ", Email: "não é e-mail", Phone: strings.Repeat("9", 21), Message: "curta"}
	in.Normalize()
	f := fields(in.Validate())
	for _, field := range []string{"name", "email", "phone", "message"} {
		if len(f[field]) == 0 {
			t.Errorf("no message for %s: %v", field, f)
		}
	}
	if !errors.Is(in.Validate(), listing.ErrInvalid) {
		t.Error("a ValidationError is not ErrInvalid")
	}
}

func TestLeadLimitsCountCharacters(t *testing.T) {
	base := listing.LeadInput{Name: "Zé", Email: "ze@example.com", Message: "Olá, tudo?"} // 2 and 10 characters, more bytes
	if err := base.Validate(); err != nil {
		t.Fatalf("minimal multi-byte lead: %v", err)
	}
	long := base
	long.Name = strings.Repeat("ã", 150)
	long.Message = strings.Repeat("ç", 2000)
	long.Phone = strings.Repeat("é", 20)
	if err := long.Validate(); err != nil {
		t.Errorf("maximal multi-byte lead: %v", err)
	}
	long.Name += "ã"
	if f := fields(long.Validate()); len(f["name"]) == 0 {
		t.Error("151 characters accepted")
	}
}

func TestLeadRefusesControlCharacters(t *testing.T) {
	in := listing.LeadInput{Name: "Ana\x00", Email: "ana@example.com", Message: "Linha um\nLinha dois\tok"}
	f := fields(in.Validate())
	if len(f["name"]) == 0 || len(f["message"]) != 0 {
		t.Errorf("fields = %v", f)
	}
}

func TestNewPropertyRequiresAndDefaults(t *testing.T) {
	_, err := listing.NewProperty(listing.PropertyUpdate{})
	f := fields(err)
	for _, field := range []string{"title", "price", "type", "subtype", "city", "neighborhood"} {
		if len(f[field]) == 0 {
			t.Errorf("%s not required: %v", field, f)
		}
	}
	title, kind := "Casa Térrea em São José", "venda"
	price := listing.Money(100)
	p, err := listing.NewProperty(listing.PropertyUpdate{
		Title: &title, Type: &kind, Price: &price,
		Subtype: &listing.Subtype{Name: "Casa"}, City: &listing.City{Name: "São José", State: "sc"},
		Neighborhood: &listing.Neighborhood{Name: "Kobrasol"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.Slug != "casa-terrea-em-sao-jose" || !p.IsActive || p.VideoPosition != listing.VideoSection || p.City.State != "SC" {
		t.Errorf("defaults: %+v", p)
	}
}

func TestPropertyValidate(t *testing.T) {
	title, kind, slug := "Casa", "venda", "Casa Azul"
	price := listing.Money(100)
	pos := listing.VideoPosition("topo")
	video := "https://youtu.be/" + strings.Repeat("x", 2048)
	area := -1.0
	_, err := listing.NewProperty(listing.PropertyUpdate{
		Title: &title, Type: &kind, Price: &price, Slug: &slug, VideoPosition: &pos, VideoURL: &video, AreaM2: &area,
		Subtype: &listing.Subtype{Name: "Casa"}, City: &listing.City{Name: "Atlantis", State: "XX"},
		Neighborhood: &listing.Neighborhood{Name: "Centro"},
		Photos:       &[]listing.Photo{{URL: "javascript:alert(1)"}, {URL: "/relativa.jpg"}},
		Amenities:    &[]listing.Amenity{{Name: "Piscina", Group: "outro"}},
	})
	f := fields(err)
	for _, field := range []string{"slug", "video_position", "video_url", "area_m2", "city.state", "photos[0].url", "photos[1].url", "amenities[0].group"} {
		if len(f[field]) == 0 {
			t.Errorf("%s accepted: %v", field, f)
		}
	}
}

func FuzzValidSlug(f *testing.F) {
	for _, s := range []string{"casa-azul", "Casa-Azul", "casa/azul", "", "%2e%2e", "ção"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ok := listing.ValidSlug(s)
		want := s != "" && len(s) <= listing.MaxSlugLen && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
		if ok != want {
			t.Fatalf("ValidSlug(%q) = %v, want %v", s, ok, want)
		}
		if slug := listing.Slugify(s); slug != "" && !listing.ValidSlug(slug) {
			t.Fatalf("Slugify(%q) = %q, not a valid slug", s, slug)
		}
	})
}

// TestDescribeCreatedBy: the CSV's timeline names where a lead came from.
func TestDescribeCreatedBy(t *testing.T) {
	for source, want := range map[string]string{
		"":         "Contato recebido pelo site",
		"site":     "Contato recebido pelo site",
		"vivareal": "Contato recebido pelo VivaReal",
		"zap":      "Contato recebido pelo ZAP Imóveis",
		"grupo":    "Contato recebido pelo Grupo OLX",
	} {
		if got := listing.DescribeEvent(listing.LeadEvent{Kind: listing.EventCreated, Source: source}); got != want {
			t.Errorf("DescribeEvent(created by %q) = %q, want %q", source, got, want)
		}
	}
}

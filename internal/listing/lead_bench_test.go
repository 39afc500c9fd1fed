package listing_test

import (
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

func validLead() listing.LeadInput {
	return listing.LeadInput{
		Name:    "Maria da Silva",
		Email:   "maria.silva@example.com.br",
		Phone:   "(48) 99999-0000",
		Message: "Olá! Tenho interesse neste imóvel e gostaria de agendar uma visita. Podem me ligar à tarde?",
	}
}

// BenchmarkLeadInputValidate is the validation of every contact submission.
func BenchmarkLeadInputValidate(b *testing.B) {
	cases := map[string]listing.LeadInput{
		"valid": validLead(),
		"long-message": func() listing.LeadInput {
			in := validLead()
			in.Message = strings.Repeat("Imóvel bem localizado e iluminado. ", 57)[:listing.MaxLeadMessageLen]
			return in
		}(),
		"invalid": {Name: "M", Email: "maria@", Message: "curta"},
	}
	for name, in := range cases {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				x := in
				x.Normalize()
				err := x.Validate()
				if (err == nil) != (name != "invalid") {
					b.Fatalf("Validate: %v", err)
				}
			}
		})
	}
}

// BenchmarkValidEmail is the e-mail check inside the lead validation.
func BenchmarkValidEmail(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if !listing.ValidEmail("maria.silva@example.com.br") {
			b.Fatal("valid address refused")
		}
	}
}

// BenchmarkValidSlug is the guard in front of every public read; it must
// not allocate.
func BenchmarkValidSlug(b *testing.B) {
	for name, s := range map[string]string{"valid": "apartamento-com-3-quartos-em-savassi-no-1234", "invalid": "Apartamento/../x"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				listing.ValidSlug(s)
			}
		})
	}
}

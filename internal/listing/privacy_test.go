package listing_test

import (
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

func TestParseRetention(t *testing.T) {
	for in, want := range map[string]listing.Retention{
		"off": {}, "24m": {Months: 24}, "1m": {Months: 1}, "90d": {Days: 90}, "1200m": {Months: 1200},
	} {
		got, err := listing.ParseRetention(in)
		if err != nil || got != want || got.String() != in {
			t.Errorf("ParseRetention(%q) = %+v (%s), %v", in, got, got.String(), err)
		}
	}
	for _, in := range []string{"", "24", "m", "0m", "-3m", "+3m", "720h", "24M", "2y", "1201m", "24 m", "1.5m"} {
		if got, err := listing.ParseRetention(in); err == nil {
			t.Errorf("ParseRetention(%q) = %+v, want an error", in, got)
		}
	}
}

func TestRetentionPeriodAndCutoff(t *testing.T) {
	now := time.Date(2026, 3, 31, 10, 0, 0, 0, time.UTC)
	for r, want := range map[listing.Retention]string{
		{}: "até você pedir a exclusão", {Months: 1}: "por 1 mês", {Months: 24}: "por 24 meses", {Days: 1}: "por 1 dia", {Days: 90}: "por 90 dias",
	} {
		if got := r.Period(); got != want {
			t.Errorf("%+v.Period() = %q, want %q", r, got, want)
		}
	}
	if got := (listing.Retention{Months: 24}).Cutoff(now); !got.Equal(time.Date(2024, 3, 31, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("24 months before %v: %v", now, got)
	}
	if got := (listing.Retention{Days: 90}).Cutoff(now); !got.Equal(now.Add(-90 * 24 * time.Hour)) {
		t.Errorf("90 days before %v: %v", now, got)
	}
}

// TestNotice: the notice names who collects (name and CRECI), why, for
// how long and where to ask; its version follows its text and label.
func TestNotice(t *testing.T) {
	a := listing.Agency{Name: "Imobiliária  Sol", CRECI: "CRECI/SC 4321-J", Email: "contato@sol.example"}
	n := listing.NewNotice(a, listing.Retention{Months: 12})
	for _, want := range []string{"Imobiliária Sol (CRECI/SC 4321-J)", "responder ao seu contato sobre este imóvel", "por 12 meses", "contato@sol.example"} {
		if !strings.Contains(n.Text, want) {
			t.Errorf("notice %q lacks %q", n.Text, want)
		}
	}
	if n.ConsentLabel != listing.ConsentLabel || n.Version != listing.NoticeVersion(n.Text, n.ConsentLabel) || !listing.ValidNoticeVersion(n.Version) {
		t.Errorf("notice %+v", n)
	}
	a.PrivacyEmail = "dpo@sol.example"
	m := listing.NewNotice(a, listing.Retention{})
	if m.Version == n.Version || !strings.Contains(m.Text, "dpo@sol.example") || strings.Contains(m.Text, "contato@sol.example") ||
		!strings.Contains(m.Text, "até você pedir a exclusão") {
		t.Errorf("with a privacy e-mail and no retention: %+v", m)
	}
	if same := listing.NewNotice(a, listing.Retention{}); same != m {
		t.Errorf("the same notice twice: %+v, %+v", m, same)
	}
	empty := listing.NewNotice(listing.Agency{}, listing.Retention{})
	if !strings.Contains(empty.Text, "a imobiliária responsável por este site") || !strings.Contains(empty.Text, "contatos deste site") {
		t.Errorf("before the agency is set: %q", empty.Text)
	}
	if listing.NoticeVersion(n.Text, "outro rótulo") == n.Version {
		t.Error("the consent label is not part of the version")
	}
}

func TestLeadConsentValidation(t *testing.T) {
	base := listing.LeadInput{Name: "Ana", Email: "ana@example.com", Message: "Quero visitar o imóvel."}
	if err := base.Validate(); err != nil {
		t.Errorf("a lead without a notice or consent: %v", err)
	}
	withNotice := base
	withNotice.NoticeVersion, withNotice.MarketingConsent = "0123456789abcdef", true
	if err := withNotice.Validate(); err != nil {
		t.Errorf("a consent with its notice: %v", err)
	}
	for name, in := range map[string]listing.LeadInput{
		"consent without a notice": {Name: "Ana", Email: "ana@example.com", Message: "Quero visitar o imóvel.", MarketingConsent: true},
		"malformed version":        {Name: "Ana", Email: "ana@example.com", Message: "Quero visitar o imóvel.", NoticeVersion: "v1"},
	} {
		err := in.Validate()
		ve, ok := err.(*listing.ValidationError)
		if !ok || len(ve.Fields["notice_version"]) == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestPrivacyPolicyDefaults(t *testing.T) {
	text := listing.DefaultPrivacyPolicy(listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 4321-J", Email: "c@sol.example"}, listing.Retention{Months: 24})
	for _, want := range []string{"Imobiliária Sol (CRECI/SC 4321-J)", "13.709/2018", "por 24 meses", "c@sol.example", "cookies"} {
		if !strings.Contains(text, want) {
			t.Errorf("default policy lacks %q", want)
		}
	}
	p := listing.PrivacyPolicy{Text: text}
	p.Normalize()
	if err := p.Validate(); err != nil || p.Text != text {
		t.Errorf("the default policy does not pass its own rules: %v", err)
	}
	if err := (&listing.Agency{Name: "X", CRECI: "CRECI/SC 1-J", PrivacyEmail: "nope"}).Validate(); err == nil || !strings.Contains(err.Error(), "privacy_email") {
		t.Errorf("a bad privacy e-mail: %v", err)
	}
}

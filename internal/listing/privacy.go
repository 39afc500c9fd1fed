package listing

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Personal data under the LGPD (Lei 13.709/2018): what the contact form
// tells a visitor before they send it (the notice), the marketing consent
// they may give beside their enquiry, how long leads are kept
// (Retention), the agency's privacy policy, and the record of each
// anonymisation (Erasure).

// ConsentLabel is the text beside the contact form's marketing checkbox.
// It is part of every notice, so that a lead's notice version says which
// words the visitor agreed to.
const ConsentLabel = "Aceito receber novidades e ofertas de imóveis por e-mail, telefone ou WhatsApp"

// Notice is the short notice shown beside the contact form: who collects
// the visitor's data, why, for how long, and where to ask about it.
// Version names its exact text and consent label; a lead keeps the
// version its visitor was shown.
type Notice struct {
	Version      string // NoticeVersion(Text, ConsentLabel)
	Text         string // one statement a line
	ConsentLabel string
	CreatedAt    time.Time // when the store first recorded it; zero before
}

// noticeVersionLen is the length of a notice version: 16 hex digits, the
// first 64 bits of the SHA-256 of the notice.
const noticeVersionLen = 16

// NoticeVersion is the version of a notice of this text and consent
// label: the first 16 hex digits of the SHA-256 of both.
func NoticeVersion(text, consentLabel string) string {
	sum := sha256.Sum256([]byte(text + "\x00" + consentLabel))
	return hex.EncodeToString(sum[:])[:noticeVersionLen]
}

// ValidNoticeVersion reports whether s has the form of a notice version
// (it may still be unknown).
func ValidNoticeVersion(s string) bool {
	if len(s) != noticeVersionLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// MsgUnknownNotice refuses a notice version that was never shown.
const MsgUnknownNotice = "Versão do aviso de privacidade desconhecida: recarregue a página e envie de novo."

// controller names the agency as the notice and the policy name who
// collects the data: its name, with its CRECI when it has one; "" while
// it has no name.
func (a Agency) controller() string {
	name := strings.Join(strings.Fields(a.Name), " ")
	if c := a.CRECIDisplay(); name != "" && c != "" {
		return name + " (" + c + ")"
	}
	return name
}

// NewNotice is the notice of the agency a under the retention r.
func NewNotice(a Agency, r Retention) Notice {
	who := "a imobiliária responsável por este site."
	if c := a.controller(); c != "" {
		who = c + "."
	}
	contact := "Para acessar, corrigir ou excluir seus dados, fale com a imobiliária pelos contatos deste site."
	if e := a.PrivacyContact(); e != "" {
		contact = "Para acessar, corrigir ou excluir seus dados, escreva para " + e + "."
	}
	text := strings.Join([]string{
		"Quem recebe seus dados: " + who,
		"Para quê: responder ao seu contato sobre este imóvel.",
		"Por quanto tempo: " + r.Period() + ".",
		contact,
	}, "\n")
	return Notice{Version: NoticeVersion(text, ConsentLabel), Text: text, ConsentLabel: ConsentLabel}
}

// PrivacyContact is the address for the data subjects' requests: the
// privacy e-mail, else the agency's e-mail; "" when it has neither.
func (a *Agency) PrivacyContact() string { return cmp.Or(a.PrivacyEmail, a.Email) }

// Retention is how long leads are kept before they are anonymised: a
// number of months or of days; the zero Retention keeps them until
// someone asks for their removal.
type Retention struct {
	Months, Days int
}

// maxRetentionMonths bounds a retention: a hundred years.
const maxRetentionMonths = 1200

// ParseRetention reads a retention: "off", a number of months ("24m") or
// of days ("90d").
func ParseRetention(s string) (Retention, error) {
	bad := errors.New("want a number of months (24m), of days (90d), or off")
	s = strings.TrimSpace(s)
	if s == "off" {
		return Retention{}, nil
	}
	if len(s) < 2 {
		return Retention{}, bad
	}
	n, err := strconv.Atoi(s[:len(s)-1])
	if err != nil || n <= 0 || s[0] == '+' {
		return Retention{}, bad
	}
	switch s[len(s)-1] {
	case 'm':
		if n > maxRetentionMonths {
			return Retention{}, errors.New("at most 1200m (100 years)")
		}
		return Retention{Months: n}, nil
	case 'd':
		if n > maxRetentionMonths*31 {
			return Retention{}, errors.New("at most 37200d (100 years)")
		}
		return Retention{Days: n}, nil
	}
	return Retention{}, bad
}

// Off reports whether leads are kept until someone asks for their removal.
func (r Retention) Off() bool { return r.Months <= 0 && r.Days <= 0 }

// String is the retention as ParseRetention reads it.
func (r Retention) String() string {
	switch {
	case r.Off():
		return "off"
	case r.Months > 0:
		return strconv.Itoa(r.Months) + "m"
	}
	return strconv.Itoa(r.Days) + "d"
}

// Period says in Portuguese how long a lead is kept: "por 24 meses", or
// "até você pedir a exclusão".
func (r Retention) Period() string {
	switch {
	case r.Off():
		return "até você pedir a exclusão"
	case r.Months == 1:
		return "por 1 mês"
	case r.Months > 0:
		return "por " + strconv.Itoa(r.Months) + " meses"
	case r.Days == 1:
		return "por 1 dia"
	}
	return "por " + strconv.Itoa(r.Days) + " dias"
}

// Cutoff is the creation time before which a lead has been kept for the
// whole retention at now. Months are calendar months (time.AddDate).
func (r Retention) Cutoff(now time.Time) time.Time {
	return now.AddDate(0, -r.Months, -r.Days)
}

// PrivacyPolicy is the agency's privacy policy, shown at /privacidade:
// plain text, paragraphs separated by blank lines.
type PrivacyPolicy struct {
	Text      string
	UpdatedAt time.Time // zero while the default text is shown
	UpdatedBy Actor
}

// MaxPrivacyPolicyLen bounds the privacy policy, in characters.
const MaxPrivacyPolicyLen = 20000

// Normalize trims the text and writes its line breaks as "\n".
func (p *PrivacyPolicy) Normalize() {
	p.Text = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(p.Text, "\r\n", "\n"), "\r", "\n"))
}

// Validate checks the policy (after Normalize): required, at most
// MaxPrivacyPolicyLen characters, plain text.
func (p *PrivacyPolicy) Validate() error {
	v := &ValidationError{}
	checkText(v, "text", p.Text, 1, MaxPrivacyPolicyLen, true)
	return v.Err()
}

// DefaultPrivacyPolicy is the policy shown until the agency writes its
// own: what the site collects, why, for how long, with whom it is shared,
// and the visitor's rights, for the agency a under the retention r.
func DefaultPrivacyPolicy(a Agency, r Retention) string {
	who := cmp.Or(a.controller(), "A imobiliária responsável por este site")
	contact := "pelos contatos informados neste site"
	if e := a.PrivacyContact(); e != "" {
		contact = "pelo e-mail " + e
	}
	return strings.Join([]string{
		who + " é a controladora dos dados pessoais tratados neste site, nos termos da Lei Geral de Proteção de Dados Pessoais (Lei 13.709/2018).",
		"Quais dados coletamos: quando você envia uma mensagem sobre um imóvel, guardamos o seu nome, e-mail, telefone (se informado), " +
			"a mensagem, o imóvel de interesse, a data do envio e um código derivado do endereço de rede de onde ela partiu " +
			"(não guardamos o endereço em si). Este site não usa cookies de rastreamento nem scripts de terceiros para publicidade.",
		"Para que usamos: para responder ao seu contato sobre o imóvel e dar andamento ao atendimento. " +
			"Só enviamos novidades e ofertas de imóveis se você marcar essa opção no formulário, e você pode retirar esse consentimento a qualquer momento.",
		"Por quanto tempo guardamos: " + r.Period() + ". Depois disso, ou quando você pedir, seus dados pessoais são anonimizados.",
		"Com quem compartilhamos: apenas com a equipe da imobiliária e com os sistemas que ela usa para atender você (como o seu sistema de gestão de clientes). Não vendemos seus dados.",
		"Seus direitos: você pode pedir a confirmação de que tratamos seus dados, o acesso a eles, a correção, a portabilidade, " +
			"a anonimização ou a exclusão, e revogar o consentimento, " + contact + ".",
	}, "\n\n")
}

// ErasureKind is why leads were anonymised.
type ErasureKind string

// The kinds of anonymisation.
const (
	ErasureRequest   ErasureKind = "request"   // a data subject asked, through staff
	ErasureRetention ErasureKind = "retention" // the leads outlived the retention
)

// Erasure records one anonymisation: when, by whom (the zero Actor for
// the retention job), why, and how many leads it emptied. The e-mail a
// request named is kept as its keyed hash only.
type Erasure struct {
	ID        int64
	Kind      ErasureKind
	Leads     int
	At        time.Time
	By        Actor
	EmailHash string // "" for the retention job
}

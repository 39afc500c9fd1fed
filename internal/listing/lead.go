package listing

import (
	"net/mail"
	"strings"
	"time"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// Limits of the contact form (spec, section 8).
const (
	MinLeadNameLen    = 2
	MaxLeadNameLen    = 150
	MaxEmailLen       = 254
	MaxPhoneLen       = 20
	MinLeadMessageLen = 10
	MaxLeadMessageLen = 2000
)

// LeadInput is what a visitor sends through a property's contact form.
type LeadInput struct {
	Name    string
	Email   string
	Phone   string // optional; "" is stored as null
	Message string
	// NoticeVersion is the version of the privacy notice the form showed
	// (see Notice); "" when the sender showed none.
	NoticeVersion string
	// MarketingConsent is the visitor's choice on the marketing checkbox,
	// which starts unticked.
	MarketingConsent bool
	// ClientAddr is the address the message came from. It is never
	// stored: the store keeps its keyed hash, as evidence of the consent.
	ClientAddr string
}

// Normalize trims surrounding white space from every field. Limits are
// counted on the trimmed text.
func (in *LeadInput) Normalize() {
	in.Name = strings.TrimSpace(in.Name)
	in.Email = strings.TrimSpace(in.Email)
	in.Phone = strings.TrimSpace(in.Phone)
	in.Message = strings.TrimSpace(in.Message)
	in.NoticeVersion = strings.TrimSpace(in.NoticeVersion)
}

// Validate checks every field and returns a *ValidationError listing all
// failures at once, or nil. Call Normalize first.
func (in *LeadInput) Validate() error {
	v := &ValidationError{}
	checkText(v, "name", in.Name, MinLeadNameLen, MaxLeadNameLen, false)
	checkEmail(v, in.Email)
	if runeLen(in.Phone) > MaxPhoneLen {
		v.Add("phone", "Deve ter no máximo 20 caracteres.")
	}
	if !plainText(in.Phone, false) {
		v.Add("phone", "Contém caracteres inválidos.")
	}
	checkText(v, "message", in.Message, MinLeadMessageLen, MaxLeadMessageLen, true)
	switch {
	case in.NoticeVersion != "" && !ValidNoticeVersion(in.NoticeVersion):
		v.Add("notice_version", MsgUnknownNotice)
	case in.NoticeVersion == "" && in.MarketingConsent:
		v.Add("notice_version", "Informe a versão do aviso de privacidade exibido: o consentimento precisa dela.")
	}
	return v.Err()
}

// checkEmail checks a required e-mail field ("email") on v.
func checkEmail(v *ValidationError, email string) {
	switch {
	case email == "":
		v.Add("email", "Campo obrigatório.")
	case !ValidEmail(email):
		v.Add("email", "Informe um e-mail válido.")
	}
}

// ValidEmail reports whether s is one RFC 5322 addr-spec ("local@domain"):
// no display name, no comments, at most 254 characters, and a domain that
// is a host name with a dot, since mail to a bare host name never reaches
// an agency's visitor. RFC 5322 lets a domain be any dot-atom ("x.com?bcc=…"
// included), which no mail server resolves and which would add headers to
// a mailto: link: the domain must be a DNS host name (see validHostname).
// The local part may be anything RFC 5322 allows, quoted strings included.
func ValidEmail(s string) bool {
	if len(s) > MaxEmailLen || !plainText(s, false) {
		return false
	}
	// ParseAddress also takes "Name <addr>" and comments; none of their
	// delimiters may appear in a bare addr-spec outside quotes.
	if strings.ContainsAny(s, "<>(),;") && !strings.HasPrefix(s, `"`) {
		return false
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Name != "" || strings.ContainsAny(s, "<>") {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return strings.Contains(domain, ".") && validHostname(domain)
}

// hostnames checks a domain as a DNS name: each label letters, digits
// and hyphens (STD 3), not starting or ending with a hyphen, 1 to 63
// bytes and 253 in all once in ASCII. Internationalised names are taken
// as typed (U-labels, "imóveis.com.br") and as punycode
// ("xn--imveis-qxa.com.br"), both checked by IDNA 2008's lookup rules:
// visitors type the first, and mail software writes the second.
var hostnames = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.VerifyDNSLength(true))

// validHostname reports whether domain is a DNS host name (see
// hostnames): no address literal, no trailing dot, nothing that a
// mailto: link would read as its query.
func validHostname(domain string) bool {
	if strings.HasPrefix(domain, "[") || strings.HasSuffix(domain, ".") {
		return false
	}
	_, err := hostnames.ToASCII(domain)
	return err == nil
}

// EmailKey is how leads are found by their e-mail (listing a data
// subject's leads, anonymising them): trimmed, in Unicode normal form C,
// and lower-cased by Unicode's simple mapping, so that "JOSÉ.ÜNICODE@…"
// finds "josé.ünicode@…", on SQLite (whose lower() folds ASCII alone) as
// on PostgreSQL. Full case folding (golang.org/x/text/cases.Fold) would
// also make "ß" of "ss" and join addresses that mail servers keep apart:
// anonymising someone else's leads is worse than one more request.
func EmailKey(email string) string {
	return strings.ToLower(norm.NFC.String(strings.TrimSpace(email)))
}

// DeliveryStatus tells how far a lead has gone on its way to the agency's
// webhook. It is "" when no webhook was configured when the lead came in.
type DeliveryStatus string

const (
	DeliveryPending   DeliveryStatus = "pending"
	DeliveryDelivered DeliveryStatus = "delivered"
	DeliveryFailed    DeliveryStatus = "failed" // gave up after the last retry
	// DeliveryCancelled: the lead was anonymised before it was delivered;
	// it is never sent.
	DeliveryCancelled DeliveryStatus = "cancelled"
)

// Lead is a stored contact message.
type Lead struct {
	ID            int64
	PropertyID    string // "" once the property is deleted
	PropertySlug  string // "" once the property is deleted
	PropertyTitle string
	PropertyCode  string // the agency's code of the property; "" when none or deleted
	LeadInput
	CreatedAt time.Time
	Delivery  Delivery
	// The inbox: where staff stand with the lead, their note, and who
	// changed either last and when (zero until then).
	Status    LeadStatus
	Note      string
	UpdatedAt time.Time
	UpdatedBy Actor
	// Consent evidence: when the visitor made their choice (the zero time
	// when the form showed no notice) and the keyed hash of the address it
	// came from (hex; "" once anonymised or when none was known).
	ConsentAt  time.Time
	ClientHash string
	// AnonymizedAt is when the lead's personal fields were emptied; zero
	// while they are kept.
	AnonymizedAt time.Time
	// AssignedTo is the staff member the lead is assigned to (Ref is the
	// user's id); the zero Actor while nobody is.
	AssignedTo Actor
	// Timeline is what happened to the lead, oldest first; filled only by
	// the reads that say so.
	Timeline []LeadEvent
	// Portal is what the portal said of a lead it delivered; the zero
	// value for a lead of the site.
	Portal PortalLead
	// Visit is the slot a visit lead booked (see Kind); the zero value
	// for a message.
	Visit LeadVisit
}

// LeadEventKind says what happened to a lead.
type LeadEventKind string

// The kinds of a lead's events.
const (
	// EventCreated: the lead came in; Source says where from ("site", or
	// the PortalOrigin of a portal's lead).
	EventCreated LeadEventKind = "created"
	// EventAssigned: the lead was given to AssigneeName (or to nobody,
	// AssigneeID 0), from PreviousName when it had one, by Rule.
	EventAssigned LeadEventKind = "assigned"
	// EventStatus: the status went from From to To.
	EventStatus LeadEventKind = "status"
	// EventNote: staff wrote Text.
	EventNote LeadEventKind = "note"
	// EventEmailSent: an e-mail about the lead was sent (To, Subject).
	EventEmailSent LeadEventKind = "email_sent"
)

// How a lead came to its assignee (LeadEvent.Rule).
const (
	AssignListing  = "imovel" // the listing's broker
	AssignRotation = "roleta" // the rotation among brokers
	AssignManual   = "manual" // staff chose
)

// LeadEvent is one entry of a lead's timeline: its Kind, when, who (the
// zero Actor for the site or the server), and the fields of its kind.
type LeadEvent struct {
	ID   int64
	Kind LeadEventKind
	At   time.Time
	By   Actor

	Source       string
	AssigneeID   int64
	AssigneeName string
	PreviousID   int64
	PreviousName string
	Rule         string
	From         LeadStatus
	To           LeadStatus
	Text         string
	// Who the e-mail went to (a broker's name, or the agency's) and what
	// it was ("aviso de novo contato"): blanked with the lead's personal
	// data.
	EmailTo      string
	EmailSubject string
	// Visit is the visit as it became (EventVisit): booked, moved or
	// cancelled; its BrokerID and Sequence are not kept.
	Visit LeadVisit
}

// LeadStatus is where the agency's staff stand with a lead.
type LeadStatus string

// The statuses of a lead; every lead starts new.
const (
	LeadNew       LeadStatus = "novo"
	LeadOpen      LeadStatus = "em_atendimento"
	LeadDone      LeadStatus = "concluido"
	LeadDiscarded LeadStatus = "descartado"
)

// Valid reports whether s is one of the statuses of a lead.
func (s LeadStatus) Valid() bool {
	return s == LeadNew || s == LeadOpen || s == LeadDone || s == LeadDiscarded
}

// LeadStatusMessage lists the statuses of a lead, for a 422.
const LeadStatusMessage = "Use 'novo', 'em_atendimento', 'concluido' ou 'descartado'."

// MaxLeadNoteLen bounds the staff's note on a lead.
const MaxLeadNoteLen = 2000

// LeadUpdate is what staff change on a lead: each field nil is left as
// it is; a Note of "" clears the note. A note that is not "" is also
// added to the lead's timeline.
type LeadUpdate struct {
	Status *LeadStatus
	Note   *string
	// AssignTo reassigns the lead to this user id; 0 leaves it to nobody.
	AssignTo *int64
	By       Actor // who makes the change
}

// Normalize trims the note.
func (u *LeadUpdate) Normalize() {
	if u.Note != nil {
		n := strings.TrimSpace(*u.Note)
		u.Note = &n
	}
}

// Validate checks the change. Call Normalize first.
func (u *LeadUpdate) Validate() error {
	v := &ValidationError{}
	if u.Status == nil && u.Note == nil && u.AssignTo == nil {
		v.Add("body", "Informe status, note ou assigned_to.")
	}
	if u.AssignTo != nil && *u.AssignTo < 0 {
		v.Add("assigned_to", "Informe o id de um usuário da equipe, ou null.")
	}
	if u.Status != nil && !u.Status.Valid() {
		v.Add("status", LeadStatusMessage)
	}
	if u.Note != nil {
		checkText(v, "note", *u.Note, 0, MaxLeadNoteLen, true)
	}
	return v.Err()
}

// Delivery is the state of a lead's webhook delivery.
type Delivery struct {
	Status    DeliveryStatus
	Attempts  int
	LastError string
}

// leadStatusLabels are the statuses as the back office writes them.
var leadStatusLabels = map[LeadStatus]string{
	LeadNew: "novo", LeadOpen: "em atendimento", LeadDone: "concluído", LeadDiscarded: "descartado",
}

// Label is the status as the back office writes it ("em atendimento").
func (s LeadStatus) Label() string {
	if l, ok := leadStatusLabels[s]; ok {
		return l
	}
	return string(s)
}

// deliveryLabels are the webhook delivery's states as staff read them.
var deliveryLabels = map[DeliveryStatus]string{
	DeliveryPending: "aguardando", DeliveryDelivered: "entregue", DeliveryFailed: "falhou", DeliveryCancelled: "cancelada",
}

// Label is the delivery's state as staff read it ("entregue"); "" for a
// lead with no delivery.
func (d DeliveryStatus) Label() string {
	if l, ok := deliveryLabels[d]; ok {
		return l
	}
	return string(d)
}

// DescribeEvent is e as the back office's timeline reads it, in one line
// ("Status: novo → em atendimento (por Ana)"), for the CSV export.
func DescribeEvent(e LeadEvent) string {
	var s string
	switch e.Kind {
	case EventCreated:
		s = "Contato recebido pelo site"
		if e.Source != "" && e.Source != "site" {
			s = "Contato recebido pelo " + PortalOrigin(e.Source).Name()
		}
	case EventAssigned:
		switch {
		case e.AssigneeID == 0:
			s = "Sem responsável (antes: " + e.PreviousName + ")"
		case e.PreviousID != 0:
			s = "Reatribuído de " + e.PreviousName + " para " + e.AssigneeName
		default:
			s = "Atribuído a " + e.AssigneeName
		}
		switch e.Rule {
		case AssignListing:
			s += " (corretor do imóvel)"
		case AssignRotation:
			s += " (roleta)"
		}
	case EventStatus:
		s = "Status: " + leadStatusLabels[e.From] + " → " + leadStatusLabels[e.To]
	case EventNote:
		s = "Nota: " + e.Text
	case EventEmailSent:
		s = "E-mail enviado"
		if e.EmailTo != "" {
			s += " para " + e.EmailTo
		}
		if e.EmailSubject != "" {
			s += " (" + e.EmailSubject + ")"
		}
	default:
		s = string(e.Kind)
	}
	if e.By.Known() {
		s += " (por " + e.By.Name + ")"
	}
	return s
}

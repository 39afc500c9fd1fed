package listing

import (
	"strings"
	"time"
)

// Frequency is how often a saved search's alerts are e-mailed.
type Frequency string

// The frequencies a visitor chooses from.
const (
	FrequencyImmediate Frequency = "imediato" // as soon as the news is seen
	FrequencyDaily     Frequency = "diario"   // once a day, in the agency's morning
)

// Valid reports whether f is one of the frequencies.
func (f Frequency) Valid() bool { return f == FrequencyImmediate || f == FrequencyDaily }

// SavedSearchStatus is where a saved search is in its life.
type SavedSearchStatus string

// The states of a saved search.
const (
	SavedSearchPending      SavedSearchStatus = "pendente"  // waiting for its confirmation (double opt-in)
	SavedSearchActive       SavedSearchStatus = "ativo"     // confirmed: alerts go out
	SavedSearchUnsubscribed SavedSearchStatus = "cancelado" // unsubscribed: nothing goes out
)

// Limits of saved searches.
const (
	// MaxSavedSearches bounds the searches, pending or active, one e-mail
	// may hold: more are not stored (and the answer does not say so).
	MaxSavedSearches = 10
	// SavedSearchConfirmTTL is how long a search waits for its
	// confirmation before the retention job deletes it.
	SavedSearchConfirmTTL = 7 * 24 * time.Hour
	// MaxSavedQueryLen bounds the encoded query of a saved search.
	MaxSavedQueryLen = 2000
)

// SavedSearchInput is what a visitor sends to save a search. Query is the
// canonical encoded query (search.Query.Encode), already checked by the
// caller, which owns the query's grammar.
type SavedSearchInput struct {
	Query         string
	Email         string
	Frequency     Frequency
	NoticeVersion string // the privacy notice the form showed; required
	// ClientAddr is the address the request came from. It is never
	// stored: the store keeps its keyed hash, as evidence of the consent.
	ClientAddr string
}

// Normalize trims surrounding white space.
func (in *SavedSearchInput) Normalize() {
	in.Email = strings.TrimSpace(in.Email)
	in.NoticeVersion = strings.TrimSpace(in.NoticeVersion)
	in.Frequency = Frequency(strings.TrimSpace(string(in.Frequency)))
}

// Validate checks every field and returns a *ValidationError listing all
// failures at once, or nil. Call Normalize first.
func (in *SavedSearchInput) Validate() error {
	v := &ValidationError{}
	checkEmail(v, in.Email)
	if !in.Frequency.Valid() {
		v.Add("frequency", "Use 'imediato' ou 'diario'.")
	}
	checkNotice(v, in.NoticeVersion)
	if in.Query == "" || len(in.Query) > MaxSavedQueryLen {
		v.Add("query", "Informe a busca a salvar.")
	}
	return v.Err()
}

// SavedSearch is a stored saved search.
type SavedSearch struct {
	ID             int64
	Email          string
	Query          string // canonical encoded query
	Frequency      Frequency
	Status         SavedSearchStatus
	NoticeVersion  string
	ConsentAt      time.Time
	ClientHash     string
	CreatedAt      time.Time
	ConfirmedAt    time.Time // zero until confirmed
	UnsubscribedAt time.Time // zero unless unsubscribed
}

// AlertKind says why a listing is news to a saved search.
type AlertKind string

// The kinds of news.
const (
	AlertNew       AlertKind = "novo"  // newly visible to the public
	AlertPriceDrop AlertKind = "preco" // its price dropped
)

// AlertHit is one listing that is news to one saved search.
type AlertHit struct {
	SearchID   int64
	PropertyID string
	Kind       AlertKind
	OldCents   int64 // the price before a drop; 0 for new listings
}

// AlertSeen is what the alerts saw of a listing: its prices, in cents
// (-1 when none).
type AlertSeen struct {
	PropertyID string
	PriceCents int64
	RentCents  int64
}

// SavedSearchCounts are the back office's figures.
type SavedSearchCounts struct {
	Active, Pending, Unsubscribed int
	AlertsSent                    int // alert e-mails the server accepted
}

// MaxFavoriteMailListings bounds the favourites one e-mail lists (the
// browser keeps at most 100).
const MaxFavoriteMailListings = 100

// FavoriteMailInput is a visitor's request to e-mail themselves their
// favourites ("Enviar minha lista por e-mail").
type FavoriteMailInput struct {
	Email         string
	PropertyIDs   []string // the favourites' ids, in the visitor's order; checked by the caller
	NoticeVersion string   // the privacy notice the form showed; required
	ClientAddr    string   // never stored: its keyed hash is, as consent evidence
}

// Normalize trims surrounding white space.
func (in *FavoriteMailInput) Normalize() {
	in.Email = strings.TrimSpace(in.Email)
	in.NoticeVersion = strings.TrimSpace(in.NoticeVersion)
}

// Validate checks every field and returns a *ValidationError, or nil.
func (in *FavoriteMailInput) Validate() error {
	v := &ValidationError{}
	checkEmail(v, in.Email)
	checkNotice(v, in.NoticeVersion)
	switch {
	case len(in.PropertyIDs) == 0:
		v.Add("slugs", "Nenhum dos imóveis da lista está disponível.")
	case len(in.PropertyIDs) > MaxFavoriteMailListings:
		v.Add("slugs", "Envie no máximo 100 imóveis.")
	}
	return v.Err()
}

// FavoriteMailRequest is a stored request for the favourites' e-mail.
type FavoriteMailRequest struct {
	ID            int64
	Email         string
	PropertyIDs   []string
	NoticeVersion string
	ClientHash    string
	CreatedAt     time.Time // also when the consent was given
}

// checkNotice checks a required notice version ("notice_version") on v.
func checkNotice(v *ValidationError, version string) {
	switch {
	case version == "":
		v.Add("notice_version", "Informe a versão do aviso de privacidade exibido: o consentimento precisa dela.")
	case !ValidNoticeVersion(version):
		v.Add("notice_version", MsgUnknownNotice)
	}
}

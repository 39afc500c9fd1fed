package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/search"
)

// Saved searches with e-mail alerts (issue 33): a visitor saves the
// results page's query with an e-mail; a confirmation e-mail (double
// opt-in) carries a link to /alertas/confirmar, whose page POSTs the
// token (a link scanner's GET confirms nothing); every e-mail links to
// the management page of its address, and alerts carry a one-click
// unsubscription (RFC 8058). The token of a link is the only credential.

// DefaultSavedSearchLimit bounds the saved searches a client address
// sends (Config's zero SavedSearchLimit): each may send a confirmation
// e-mail to any address.
var DefaultSavedSearchLimit = Rate{N: 5, Per: time.Hour}

// DefaultSavedSearchLinkLimit bounds the requests a client address makes
// with a link's token (Config's zero SavedSearchLinkLimit): far more than
// a person clicks, far fewer than guessing tokens or loading the database
// would take.
var DefaultSavedSearchLinkLimit = Rate{N: 30, Per: time.Minute}

// tokenLimited is h behind the per-client limit of the requests made with
// a link's token, spent by every request, valid or not.
func (s *Server) tokenLimited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := s.savedSearchLinkLimiter.allow(s.clientKey(r)); !ok {
			retryAfter(w, wait)
			s.writeError(w, r, errRateLimited)
			return
		}
		h(w, r)
	}
}

// msgSavedSearch answers every accepted request, whether it stored a
// search or not: the answer never tells whether the e-mail had searches.
const msgSavedSearch = "Enviamos um e-mail de confirmação. Abra o link dele para começar a receber os alertas."

// createSavedSearch stores a visitor's search, waiting for its
// confirmation: body {query, email, frequency, notice_version}, where
// query is the search's parameters as the results page's address writes
// them ("business=venda&city=florianopolis-sc"). 202 whether or not a
// search was stored (the same query again, or past the e-mail's
// listing.MaxSavedSearches: nothing is); 422 for a query the search
// refuses, a bad e-mail, frequency or notice; 429 past the client's
// limit, consulted for a valid request only.
func (s *Server) createSavedSearch(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("query", "email", "frequency", "notice_version")
	var in listing.SavedSearchInput
	raw, ok := o.requiredStr("query")
	in.Email, _ = o.requiredStr("email")
	freq, _ := o.requiredStr("frequency")
	in.Frequency = listing.Frequency(freq)
	in.NoticeVersion, _ = o.requiredStr("notice_version")
	if ok {
		if in.Query, err = s.savedQuery(r, o, raw); err != nil {
			s.writeError(w, r, err)
			return
		}
		if in.Query == "" {
			in.Query = raw // failed already, under query.<parameter>
		}
	}
	in.Normalize()
	o.merge(in.Validate())
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.acceptLimited(w, r, s.savedSearchLimiter, msgSavedSearch, func(clientAddr string) error {
		in.ClientAddr = clientAddr
		_, err := s.store.CreateSavedSearch(r.Context(), in)
		return err
	})
}

// savedQuery reads a saved search's query as the search does (its form,
// then its subtypes, city, neighborhoods and amenities against the
// catalogue) and returns its canonical form without its order and page,
// which do not change what it finds; "" with its failures on o, under
// "query.<parameter>"; an error when the catalogue cannot be read.
func (s *Server) savedQuery(r *http.Request, o *object, raw string) (string, error) {
	v, err := url.ParseQuery(strings.TrimPrefix(strings.TrimSpace(raw), "?"))
	if err != nil || len(raw) > listing.MaxSavedQueryLen {
		o.fail("query", "Informe a busca como no endereço da página de resultados (business=venda&city=...).")
		return "", nil
	}
	q, err := search.ParseQuery(v)
	if err == nil {
		q.Sort, q.Page, q.PerPage = search.SortRelevance, 1, search.DefaultPer
		var ix *search.Index
		if ix, err = s.search.Index(r.Context()); err == nil {
			check := q
			check.PerPage = 1
			_, err = ix.Search(check)
		}
	}
	var ve *listing.ValidationError
	switch {
	case errors.As(err, &ve):
		o.v.Merge("query.", ve)
		return "", nil
	case err != nil:
		return "", err
	}
	return q.Encode(), nil
}

// savedSearchJSON is a saved search as its management page shows it.
type savedSearchJSON struct {
	ID          int64      `json:"id"`
	Query       string     `json:"query"`
	Frequency   string     `json:"frequency"`
	Status      string     `json:"status"`
	CreatedAt   time.Time  `json:"created_at"`
	ConfirmedAt *time.Time `json:"confirmed_at"`
}

func newSavedSearchJSON(ss listing.SavedSearch) savedSearchJSON {
	return savedSearchJSON{ID: ss.ID, Query: ss.Query, Frequency: string(ss.Frequency), Status: string(ss.Status),
		CreatedAt: ss.CreatedAt, ConfirmedAt: timeOrNull(ss.ConfirmedAt)}
}

// savedSearchToken reads the body {token, …}, the other fields named in
// known; a body without a token is a 422.
func savedSearchToken(w http.ResponseWriter, r *http.Request, known ...string) (string, *object, error) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		return "", nil, err
	}
	o.unknown(append(known, "token")...)
	token, _ := o.requiredStr("token")
	return token, o, nil
}

// onlyToken reads the body {token}.
func onlyToken(w http.ResponseWriter, r *http.Request) (string, error) {
	token, o, err := savedSearchToken(w, r)
	if err != nil {
		return "", err
	}
	return token, o.v.Err()
}

// confirmSavedSearch confirms the search of the body's token (the page
// of the confirmation e-mail's link posts it): 200 with the search, 404
// for an unknown token.
func (s *Server) confirmSavedSearch(w http.ResponseWriter, r *http.Request) {
	token, err := onlyToken(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	ss, err := s.store.ConfirmSavedSearch(r.Context(), token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newSavedSearchJSON(ss))
}

// manageSavedSearches answers the management page of the body's token:
// its e-mail and that e-mail's searches pending or active; 404 for an
// unknown token.
func (s *Server) manageSavedSearches(w http.ResponseWriter, r *http.Request) {
	token, err := onlyToken(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	email, list, err := s.store.ManagedSavedSearches(r.Context(), token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Email    string            `json:"email"`
		Searches []savedSearchJSON `json:"searches"`
	}{Email: email, Searches: make([]savedSearchJSON, len(list))}
	for i, ss := range list {
		out.Searches[i] = newSavedSearchJSON(ss)
	}
	writeJSON(w, http.StatusOK, out)
}

// updateSavedSearch changes the frequency of one search of the token's
// e-mail: body {token, id, frequency}; 404 for an unknown token or a
// search of another e-mail.
func (s *Server) updateSavedSearch(w http.ResponseWriter, r *http.Request) {
	token, id, o, err := managedSearch(w, r, "frequency")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	freq, ok := o.requiredStr("frequency")
	if ok && !listing.Frequency(freq).Valid() {
		o.fail("frequency", "Use 'imediato' ou 'diario'.")
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ss, err := s.store.SetSavedSearchFrequency(r.Context(), token, id, listing.Frequency(freq))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newSavedSearchJSON(ss))
}

// deleteSavedSearch deletes one search of the token's e-mail: body
// {token, id}; 204.
func (s *Server) deleteSavedSearch(w http.ResponseWriter, r *http.Request) {
	token, id, o, err := managedSearch(w, r)
	if err == nil {
		err = o.v.Err()
	}
	if err == nil {
		err = s.store.DeleteSavedSearch(r.Context(), token, id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// managedSearch reads the body {token, id, …} of a change to one search
// of the management page, its other fields named in known; without an
// id, the change is to the search the token was minted for.
func managedSearch(w http.ResponseWriter, r *http.Request, known ...string) (string, int64, *object, error) {
	token, o, err := savedSearchToken(w, r, append(known, "id")...)
	if err != nil {
		return "", 0, nil, err
	}
	// Without an id: the search the token came with.
	var id int64
	if n := o.integer("id"); n != nil && *n > 0 {
		id = int64(*n)
	} else if n != nil {
		o.fail("id", "Informe o id da busca.")
	}
	return token, id, o, nil
}

// unsubscribeSavedSearch is the one-click unsubscription of RFC 8058,
// the address of an alert's List-Unsubscribe: a POST of
// "List-Unsubscribe=One-Click" (form-encoded, as mail clients send it) to
// it, with the token in the address, stops that search's alerts with no
// other step; 200. The management page posts the same. 404 for an
// unknown token, 422 for another body.
func (s *Server) unsubscribeSavedSearch(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(w, r, 1<<10)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !oneClick(r.Header.Get("Content-Type"), body) {
		s.writeError(w, r, listing.Invalid("body", "Envie List-Unsubscribe=One-Click."))
		return
	}
	ss, err := s.store.UnsubscribeSavedSearch(r.Context(), r.URL.Query().Get("token"), 0)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newSavedSearchJSON(ss))
}

// oneClick reports whether body is RFC 8058's "List-Unsubscribe=One-Click"
// as a form (urlencoded or multipart; mail clients send either) or as
// the management page's JSON {"List-Unsubscribe": "One-Click"}.
func oneClick(contentType string, body []byte) bool {
	mt, params, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/x-www-form-urlencoded", "":
		v, err := url.ParseQuery(strings.TrimSpace(string(body)))
		return err == nil && v.Get("List-Unsubscribe") == "One-Click"
	case "multipart/form-data":
		return params["boundary"] != "" && strings.Contains(string(body), `name="List-Unsubscribe"`) &&
			strings.Contains(string(body), "One-Click")
	case "application/json":
		o, err := parseObject(body)
		if err != nil {
			return false
		}
		v, ok := o.requiredStr("List-Unsubscribe")
		return ok && v == "One-Click"
	}
	return false
}

// unsubscribePage answers a GET of the one-click address (a person who
// opened it, or a link scanner): it changes nothing and sends them to the
// management page, where unsubscribing is one button.
func (s *Server) unsubscribePage(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, mail.SavedSearchManagePath+"?token="+url.QueryEscape(r.URL.Query().Get("token")), http.StatusSeeOther)
}

// adminSavedSearchStats answers the back office's figures of the saved
// searches: how many are active, pending and unsubscribed, and how many
// alert e-mails went out.
func (s *Server) adminSavedSearchStats(w http.ResponseWriter, r *http.Request) {
	c, err := s.store.SavedSearchCounts(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Active       int `json:"active"`
		Pending      int `json:"pending"`
		Unsubscribed int `json:"unsubscribed"`
		AlertsSent   int `json:"alerts_sent"`
	}{c.Active, c.Pending, c.Unsubscribed, c.AlertsSent})
}

// readBody reads r's body, at most limit bytes (errTooLarge past them).
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err = errTooLarge
	}
	return body, err
}

package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Saved searches (saved_searches): a visitor's search with an e-mail that
// alerts are sent to once confirmed (double opt-in). The e-mails about a
// search (its confirmation, its alerts) are rows of the mail outbox like
// every other; each mints, when it is composed, a token of its own
// (MintSavedSearchLink), kept as its SHA-256 hash only, which opens the
// confirmation, the management page of the search's e-mail and the
// one-click unsubscription.

// Kinds of e-mail about saved searches.
const (
	// MailSavedSearchConfirm asks to confirm a saved search; its
	// reference is the search's id.
	MailSavedSearchConfirm = "saved_search_confirm"
	// MailSavedSearchAlert lists a saved search's news; its reference is
	// the alert's id (saved_search_alerts).
	MailSavedSearchAlert = "saved_search_alert"
)

// visitorMail reports whether e-mails of kind go to a visitor (a saved
// search's, a favourites' list), whose address the outbox does not
// record.
func visitorMail(kind string) bool {
	return kind == MailSavedSearchConfirm || kind == MailSavedSearchAlert || kind == MailFavorites
}

// savedSearchPrefix starts every saved search's token.
const savedSearchPrefix = "va_"

const savedSearchFields = `id, email, query, frequency, status, notice_version, consent_at, client_hash,
    created_at, confirmed_at, unsubscribed_at FROM saved_searches`

func scanSavedSearch(row interface{ Scan(...any) error }) (listing.SavedSearch, error) {
	var ss listing.SavedSearch
	var notice, client sql.NullString
	var confirmed, unsubscribed sql.NullTime
	var freq, status string
	err := row.Scan(&ss.ID, &ss.Email, &ss.Query, &freq, &status, &notice, &ss.ConsentAt, &client,
		&ss.CreatedAt, &confirmed, &unsubscribed)
	ss.Frequency, ss.Status = listing.Frequency(freq), listing.SavedSearchStatus(status)
	ss.NoticeVersion, ss.ClientHash = notice.String, client.String
	ss.ConsentAt, ss.CreatedAt = ss.ConsentAt.UTC(), ss.CreatedAt.UTC()
	if confirmed.Valid {
		ss.ConfirmedAt = confirmed.Time.UTC()
	}
	if unsubscribed.Valid {
		ss.UnsubscribedAt = unsubscribed.Time.UTC()
	}
	return ss, err
}

// CreateSavedSearch stores in as a search waiting for its confirmation,
// with its confirmation e-mail in the outbox, in one transaction, and
// reports whether it did. It stores nothing, and reports false, when the
// e-mail already holds the same query (pending or active) or
// listing.MaxSavedSearches searches: the caller answers the same either
// way, so that the answer never tells whether an e-mail has searches.
func (s *Store) CreateSavedSearch(ctx context.Context, in listing.SavedSearchInput) (created bool, err error) {
	defer opError(&err, "create saved search")
	in.Normalize()
	if err := in.Validate(); err != nil {
		return false, err
	}
	clientHash, err := s.consentEvidence(ctx, in.NoticeVersion, in.ClientAddr)
	if err != nil {
		return false, err
	}
	key := listing.EmailKey(in.Email)
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var held, same int
		err := tx.QueryRowContext(ctx, `SELECT count(*), COALESCE(SUM(CASE WHEN query = $2 THEN 1 ELSE 0 END), 0)
FROM saved_searches WHERE email_key = $1 AND status IN ('pendente', 'ativo')`, key, in.Query).Scan(&held, &same)
		if err != nil {
			return s.wrap(err)
		}
		if same > 0 || held >= listing.MaxSavedSearches {
			return nil
		}
		var id int64
		err = tx.QueryRowContext(ctx, `INSERT INTO saved_searches (email, email_key, query, frequency, status, notice_version,
    consent_at, client_hash, created_at, updated_at)
VALUES ($1, $2, $3, $4, 'pendente', $5, $6, $7, $6, $6) RETURNING id`,
			in.Email, key, in.Query, string(in.Frequency), in.NoticeVersion, now, clientHash).Scan(&id)
		if err != nil {
			return s.wrap(err)
		}
		created = true
		return s.enqueueMail(ctx, tx, MailSavedSearchConfirm, id)
	})
	return created, err
}

// MintSavedSearchLink returns a new token that opens the saved search id
// (its confirmation, its e-mail's management page, its unsubscription),
// storing its hash only; listing.ErrNotFound when the search is gone.
func (s *Store) MintSavedSearchLink(ctx context.Context, id int64) (token string, err error) {
	defer opError(&err, "mint saved search link")
	token, hash := newLinkToken(savedSearchPrefix)
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO saved_search_links (token_hash, search_id, created_at)
SELECT $1, id, $2 FROM saved_searches WHERE id = $3`, hash, utc(s.now()), id)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return cmpErr(s.wrap(err), listing.ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// SavedSearch returns the saved search id, or listing.ErrNotFound.
func (s *Store) SavedSearch(ctx context.Context, id int64) (_ listing.SavedSearch, err error) {
	defer opError(&err, "saved search")
	ss, err := scanSavedSearch(s.read.QueryRowContext(ctx, `SELECT `+savedSearchFields+` WHERE id = $1`, id))
	return ss, s.wrap(err)
}

// savedSearchByToken returns, in tx, the saved search a token opens, or
// listing.ErrNotFound.
func (s *Store) savedSearchByToken(ctx context.Context, tx *sql.Tx, token string) (listing.SavedSearch, error) {
	if !strings.HasPrefix(token, savedSearchPrefix) || len(token) > 100 {
		return listing.SavedSearch{}, listing.ErrNotFound
	}
	ss, err := scanSavedSearch(tx.QueryRowContext(ctx, `SELECT `+savedSearchFields+`
WHERE id = (SELECT search_id FROM saved_search_links WHERE token_hash = $1)`, hashToken(token)))
	return ss, s.wrap(err)
}

// ConfirmSavedSearch confirms the saved search the token opens (a pending
// one becomes active; an active or unsubscribed one stays as it is) and
// returns it; listing.ErrNotFound for an unknown token.
func (s *Store) ConfirmSavedSearch(ctx context.Context, token string) (ss listing.SavedSearch, err error) {
	defer opError(&err, "confirm saved search")
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ss, err = s.savedSearchByToken(ctx, tx, token)
		if err != nil || ss.Status != listing.SavedSearchPending {
			return err
		}
		now := utc(s.now())
		_, err = tx.ExecContext(ctx, `UPDATE saved_searches SET status = 'ativo', confirmed_at = $2, updated_at = $2 WHERE id = $1`, ss.ID, now)
		ss.Status, ss.ConfirmedAt = listing.SavedSearchActive, now
		if err != nil {
			return s.wrap(err)
		}
		return s.searchesChanged(ctx, tx)
	})
	return ss, err
}

// searchesChanged counts, in tx, a change to the active saved searches,
// so that the alerts read them again (AlertCursor). Before the alerts'
// first run there is no row, and nothing to tell.
func (s *Store) searchesChanged(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `UPDATE alert_cursor SET searches = searches + 1 WHERE id = 1`)
	return s.wrap(err)
}

// ManagedSavedSearches returns the e-mail of the saved search the token
// opens and every search of that e-mail still pending or active (the
// management page's list); listing.ErrNotFound for an unknown token.
func (s *Store) ManagedSavedSearches(ctx context.Context, token string) (email string, list []listing.SavedSearch, err error) {
	defer opError(&err, "managed saved searches")
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ss, err := s.savedSearchByToken(ctx, tx, token)
		if err != nil {
			return err
		}
		email = ss.Email
		list, err = s.savedSearchesOf(ctx, tx, listing.EmailKey(ss.Email), true)
		return err
	})
	return email, list, err
}

// savedSearchesOf returns the searches of the e-mail key, oldest first:
// those pending or active when live, else all.
func (s *Store) savedSearchesOf(ctx context.Context, q queryer, key string, live bool) ([]listing.SavedSearch, error) {
	query := `SELECT ` + savedSearchFields + ` WHERE email_key = $1`
	if live {
		query += ` AND status IN ('pendente', 'ativo')`
	}
	list := []listing.SavedSearch{}
	err := eachRow(ctx, q, query+` ORDER BY created_at, id`, func(rows *sql.Rows) error {
		ss, err := scanSavedSearch(rows)
		list = append(list, ss)
		return err
	}, key)
	return list, s.wrap(err)
}

// managedSearch returns, in tx, the search id when it belongs to the
// e-mail of the search the token opens; listing.ErrNotFound otherwise.
func (s *Store) managedSearch(ctx context.Context, tx *sql.Tx, token string, id int64) (listing.SavedSearch, error) {
	owner, err := s.savedSearchByToken(ctx, tx, token)
	if err != nil {
		return owner, err
	}
	if id == 0 || id == owner.ID {
		return owner, nil
	}
	ss, err := scanSavedSearch(tx.QueryRowContext(ctx, `SELECT `+savedSearchFields+` WHERE id = $1 AND email_key = $2`,
		id, listing.EmailKey(owner.Email)))
	return ss, s.wrap(err)
}

// SetSavedSearchFrequency changes how often the search id (of the e-mail
// the token opens) is e-mailed and returns it; listing.ErrNotFound for an
// unknown token or a search of another e-mail.
func (s *Store) SetSavedSearchFrequency(ctx context.Context, token string, id int64, f listing.Frequency) (ss listing.SavedSearch, err error) {
	defer opError(&err, "set saved search frequency")
	if !f.Valid() {
		return ss, listing.Invalid("frequency", "Use 'imediato' ou 'diario'.")
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ss, err = s.managedSearch(ctx, tx, token, id)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE saved_searches SET frequency = $2, updated_at = $3 WHERE id = $1`, ss.ID, string(f), utc(s.now()))
		ss.Frequency = f
		if err != nil {
			return s.wrap(err)
		}
		return s.searchesChanged(ctx, tx)
	})
	return ss, err
}

// UnsubscribeSavedSearch stops the alerts of the search id (0: the one
// the token opens) of the e-mail the token opens (its news not yet sent
// are not sent); listing.ErrNotFound for an unknown token or a search of
// another e-mail. Unsubscribing twice is not an error.
func (s *Store) UnsubscribeSavedSearch(ctx context.Context, token string, id int64) (ss listing.SavedSearch, err error) {
	defer opError(&err, "unsubscribe saved search")
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ss, err = s.managedSearch(ctx, tx, token, id)
		if err != nil || ss.Status == listing.SavedSearchUnsubscribed {
			return err
		}
		now := utc(s.now())
		if _, err := tx.ExecContext(ctx, `UPDATE saved_searches SET status = 'cancelado', unsubscribed_at = $2, updated_at = $2
WHERE id = $1`, ss.ID, now); err != nil {
			return s.wrap(err)
		}
		ss.Status, ss.UnsubscribedAt = listing.SavedSearchUnsubscribed, now
		return s.searchesChanged(ctx, tx)
	})
	return ss, err
}

// DeleteSavedSearch deletes the search id of the e-mail the token opens,
// with its links, news and alerts (an alert e-mail still waiting is then
// cancelled when it is composed); listing.ErrNotFound for an unknown
// token or a search of another e-mail.
func (s *Store) DeleteSavedSearch(ctx context.Context, token string, id int64) (err error) {
	defer opError(&err, "delete saved search")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		ss, err := s.managedSearch(ctx, tx, token, id)
		if err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `DELETE FROM saved_searches WHERE id = $1`, ss.ID); err != nil {
			return s.wrap(err)
		}
		return s.searchesChanged(ctx, tx)
	})
}

// AlertKeep is how long the record of an alert e-mail (which listings it
// carried) is kept.
const AlertKeep = 30 * 24 * time.Hour

// DeleteStaleVisitorRequests deletes the saved searches still waiting
// for their confirmation created before cutoff, and returns how many: the
// retention of unconfirmed consent. It deletes too the alerts older than
// AlertKeep, with their news (long sent, they only grow the database),
// and the favourites' e-mails asked for more than FavoriteMailKeep ago.
func (s *Store) DeleteStaleVisitorRequests(ctx context.Context, cutoff time.Time) (_ int, err error) {
	defer opError(&err, "delete stale visitor requests")
	var n int64
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM saved_search_alerts WHERE created_at < $1`, utc(s.now().Add(-AlertKeep))); err != nil {
			return s.wrap(err)
		}
		if err := s.deleteFavoriteMails(ctx, tx, `created_at < $1`, utc(s.now().Add(-FavoriteMailKeep))); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM saved_searches WHERE status = 'pendente' AND created_at < $1`, utc(cutoff))
		if err != nil {
			return s.wrap(err)
		}
		n, err = res.RowsAffected()
		return s.wrap(err)
	})
	return int(n), err
}

// SubjectSavedSearches returns every saved search of this e-mail (in any
// case), whatever its state, oldest first, with its consent evidence:
// part of what the LGPD export lists.
func (s *Store) SubjectSavedSearches(ctx context.Context, email string) (_ []listing.SavedSearch, err error) {
	defer opError(&err, "subject saved searches")
	return s.savedSearchesOf(ctx, s.read, listing.EmailKey(strings.TrimSpace(email)), false)
}

// deleteSubjectSavedSearches deletes, in tx, every saved search of the
// e-mail key (the anonymisation of a data subject) and returns how many.
func (s *Store) deleteSubjectSavedSearches(ctx context.Context, tx *sql.Tx, key string) (int, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM saved_searches WHERE email_key = $1`, key)
	if err != nil {
		return 0, s.wrap(err)
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return int(n), s.wrap(err)
	}
	return int(n), s.searchesChanged(ctx, tx)
}

// SavedSearchCounts returns how many saved searches are in each state and
// how many alert e-mails went out.
func (s *Store) SavedSearchCounts(ctx context.Context) (c listing.SavedSearchCounts, err error) {
	defer opError(&err, "saved search counts")
	err = eachRow(ctx, s.read, `SELECT status, count(*) FROM saved_searches GROUP BY status`, func(rows *sql.Rows) error {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return err
		}
		switch listing.SavedSearchStatus(st) {
		case listing.SavedSearchActive:
			c.Active = n
		case listing.SavedSearchPending:
			c.Pending = n
		case listing.SavedSearchUnsubscribed:
			c.Unsubscribed = n
		}
		return nil
	})
	if err != nil {
		return c, s.wrap(err)
	}
	err = s.read.QueryRowContext(ctx, `SELECT count(*) FROM mail_outbox WHERE kind = $1 AND status = 'sent'`,
		MailSavedSearchAlert).Scan(&c.AlertsSent)
	return c, s.wrap(err)
}

// SavedSearchAlert is what an alert e-mail is composed from, read when it
// is sent.
type SavedSearchAlert struct {
	Search listing.SavedSearch
	Hits   []listing.AlertHit
	// Properties are the hits' listings still active, as list items, in
	// the order of Hits.
	Properties []listing.Property
	Agency     listing.Agency // the zero value while never set
}

// SavedSearchAlertMail returns what the alert id is composed from;
// listing.ErrNotFound when it is gone (its search was deleted).
func (s *Store) SavedSearchAlertMail(ctx context.Context, id int64) (a SavedSearchAlert, err error) {
	defer opError(&err, "saved search alert")
	a.Search, err = scanSavedSearch(s.read.QueryRowContext(ctx, `SELECT `+savedSearchFields+`
WHERE id = (SELECT search_id FROM saved_search_alerts WHERE id = $1)`, id))
	if err != nil {
		return a, s.wrap(err)
	}
	var listings string
	if err := s.read.QueryRowContext(ctx, `SELECT listings FROM saved_search_alerts WHERE id = $1`, id).Scan(&listings); err != nil {
		return a, s.wrap(err)
	}
	a.Hits = decodeHits(a.Search.ID, listings)
	ids := make([]string, len(a.Hits))
	for i, h := range a.Hits {
		ids[i] = h.PropertyID
	}
	if a.Properties, err = s.PropertiesByIDs(ctx, ids); err != nil {
		return a, err
	}
	if a.Agency, err = s.Agency(ctx); errors.Is(err, listing.ErrNotFound) {
		err = nil
	}
	return a, err
}

// The alerts' record (alerts.go of package alerts reads and writes it
// through these): how far they read the catalogue's changes, the prices
// they last saw, the news they found.

// AlertCursor returns the catalogue version the alerts have read up to
// and the count of changes to the active saved searches (which grows with
// each), and false while the alerts never ran.
func (s *Store) AlertCursor(ctx context.Context) (version, searches int64, ok bool, err error) {
	defer opError(&err, "alert cursor")
	err = s.read.QueryRowContext(ctx, `SELECT version, searches FROM alert_cursor WHERE id = 1`).Scan(&version, &searches)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, false, nil
	}
	return version, searches, err == nil, s.wrap(err)
}

// AlertSeen returns what the alerts last saw of the listings ids (those
// they saw), or of every listing when ids is nil.
func (s *Store) AlertSeen(ctx context.Context, ids []string) (_ map[string]listing.AlertSeen, err error) {
	defer opError(&err, "alert seen")
	out := make(map[string]listing.AlertSeen, len(ids))
	scan := func(rows *sql.Rows) error {
		var a listing.AlertSeen
		err := rows.Scan(&a.PropertyID, &a.PriceCents, &a.RentCents)
		out[a.PropertyID] = a
		return err
	}
	const q = `SELECT property_id, price_cents, rent_cents FROM alert_listings`
	if ids == nil {
		return out, s.wrap(eachRow(ctx, s.read, q, scan))
	}
	for len(ids) > 0 {
		batch := ids[:min(len(ids), changesBatch)]
		ids = ids[len(batch):]
		args, marks := placeholders(batch, 1)
		if err := eachRow(ctx, s.read, q+` WHERE property_id IN (`+marks+`)`, scan, args...); err != nil {
			return nil, s.wrap(err)
		}
	}
	return out, nil
}

// placeholders returns the values and their marks ($from, $from+1, …).
func placeholders(values []string, from int) ([]any, string) {
	args := make([]any, len(values))
	marks := make([]string, len(values))
	for i, v := range values {
		args[i], marks[i] = v, "$"+strconv.Itoa(from+i)
	}
	return args, strings.Join(marks, ", ")
}

// ActiveSavedSearch is an active saved search as the alerts match it.
type ActiveSavedSearch struct {
	ID        int64
	Query     string
	Frequency listing.Frequency
}

// EachActiveSavedSearch calls each with every active saved search.
func (s *Store) EachActiveSavedSearch(ctx context.Context, each func(ActiveSavedSearch) error) (err error) {
	defer opError(&err, "each active saved search")
	var a ActiveSavedSearch
	return s.wrap(eachRow(ctx, s.read, `SELECT id, query, frequency FROM saved_searches WHERE status = 'ativo' ORDER BY id`,
		func(rows *sql.Rows) error {
			var f string
			if err := rows.Scan(&a.ID, &a.Query, &f); err != nil {
				return err
			}
			a.Frequency = listing.Frequency(f)
			return each(a)
		}))
}

// AlertBatch is what one run of the alerts found between two catalogue
// versions.
type AlertBatch struct {
	From, To int64
	// Searches is the count of changes to the saved searches the run
	// matched (AlertCursor's): a search changed since is a reason to run
	// again, not to record news for a search no longer active.
	Searches int64
	// First is set on the alerts' first run: From is ignored and the
	// cursor is created, unless another instance created it first.
	First bool
	// Seen are the listings' prices now, to remember.
	Seen []listing.AlertSeen
	// Hits are the news found, and Immediate the searches among theirs
	// whose alerts go out at once.
	Hits      []listing.AlertHit
	Immediate map[int64]bool
}

// CommitAlerts records b in one transaction, when the alerts' cursor is
// still at b.From and the saved searches at b.Searches (else nothing, and
// false: another instance recorded these changes first, or a search
// changed since they were matched): the cursor moves to b.To, the prices
// seen are kept, the news stored, and each immediate search's news
// become one alert e-mail in the outbox. It returns how many e-mails it
// queued.
func (s *Store) CommitAlerts(ctx context.Context, b AlertBatch) (queued int, ok bool, err error) {
	defer opError(&err, "commit alerts")
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var res sql.Result
		var err error
		if b.First {
			res, err = tx.ExecContext(ctx, `INSERT INTO alert_cursor (id, version, searches, updated_at) VALUES (1, $1, $2, $3)
ON CONFLICT (id) DO NOTHING`, b.To, b.Searches, now)
		} else {
			res, err = tx.ExecContext(ctx, `UPDATE alert_cursor SET version = $2, updated_at = $4
WHERE id = 1 AND version = $1 AND searches = $3`, b.From, b.To, b.Searches, now)
		}
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return s.wrap(err)
		}
		ok = true
		seen := make([][]any, len(b.Seen))
		for i, a := range b.Seen {
			seen[i] = []any{strings.ToLower(a.PropertyID), a.PriceCents, a.RentCents, now}
		}
		err = upsertRows(ctx, tx, `INSERT INTO alert_listings (property_id, price_cents, rent_cents, seen_at) VALUES `,
			` ON CONFLICT (property_id) DO UPDATE SET price_cents = excluded.price_cents, rent_cents = excluded.rent_cents,
    seen_at = excluded.seen_at`, seen)
		if err != nil {
			return s.wrap(err)
		}
		// The immediate searches' news become their e-mails; the daily
		// ones' wait, one row per listing, for their day.
		immediate := map[int64][]listing.AlertHit{}
		var order []int64
		daily := map[string][]string{} // "<property> <kind>": "<search> <old>"
		var news []string
		for _, h := range b.Hits {
			if b.Immediate[h.SearchID] {
				if immediate[h.SearchID] == nil {
					order = append(order, h.SearchID)
				}
				immediate[h.SearchID] = append(immediate[h.SearchID], h)
				continue
			}
			k := strings.ToLower(h.PropertyID) + " " + string(h.Kind)
			if daily[k] == nil {
				news = append(news, k)
			}
			daily[k] = append(daily[k], strconv.FormatInt(h.SearchID, 10)+" "+strconv.FormatInt(h.OldCents, 10))
		}
		alerts := make([]alertRow, len(order))
		for i, id := range order {
			alerts[i] = alertRow{id, encodeHits(immediate[id])}
		}
		if err := s.insertAlerts(ctx, tx, alerts, now); err != nil {
			return err
		}
		queued = len(alerts)
		rows := make([][]any, len(news))
		for i, k := range news {
			property, kind, _ := strings.Cut(k, " ")
			rows[i] = []any{property, kind, strings.Join(daily[k], ","), now}
		}
		err = insertRows(ctx, tx, `INSERT INTO alert_news (property_id, kind, searches, found_at) VALUES `, rows)
		if err != nil {
			return s.wrap(err)
		}
		return nil
	})
	if err != nil || !ok {
		return 0, false, err
	}
	return queued, true, nil
}

// alertRow is an alert to write: its search and its listings, encoded
// (encodeHits).
type alertRow struct {
	search   int64
	listings string
}

// encodeHits writes the listings of hits as saved_search_alerts keeps
// them: "<property id> <kind> <old price>", joined by commas.
func encodeHits(hits []listing.AlertHit) string {
	parts := make([]string, len(hits))
	for i, h := range hits {
		parts[i] = strings.ToLower(h.PropertyID) + " " + string(h.Kind) + " " + strconv.FormatInt(h.OldCents, 10)
	}
	return strings.Join(parts, ",")
}

// decodeHits reads what encodeHits wrote, for the search id.
func decodeHits(id int64, listings string) []listing.AlertHit {
	var out []listing.AlertHit
	for part := range strings.SplitSeq(listings, ",") {
		f := strings.Fields(part)
		if len(f) != 3 {
			continue
		}
		old, _ := strconv.ParseInt(f[2], 10, 64)
		out = append(out, listing.AlertHit{SearchID: id, PropertyID: f[0], Kind: listing.AlertKind(f[1]), OldCents: old})
	}
	return out
}

// insertAlerts writes, in tx, the alerts and their e-mails in the outbox.
func (s *Store) insertAlerts(ctx context.Context, tx *sql.Tx, alerts []alertRow, now time.Time) error {
	for len(alerts) > 0 {
		batch := alerts[:min(len(alerts), changesBatch)]
		alerts = alerts[len(batch):]
		var q strings.Builder
		args := []any{now}
		q.WriteString(`INSERT INTO saved_search_alerts (search_id, listings, created_at) VALUES `)
		for i, a := range batch {
			if i > 0 {
				q.WriteString(", ")
			}
			args = append(args, a.search, a.listings)
			q.WriteString("($" + strconv.Itoa(len(args)-1) + ", $" + strconv.Itoa(len(args)) + ", $1)")
		}
		var mails [][]any
		err := eachRow(ctx, tx, q.String()+` RETURNING id`, func(rows *sql.Rows) error {
			var id int64
			err := rows.Scan(&id)
			mails = append(mails, []any{MailSavedSearchAlert, id, MailPending, 0, now, now, now})
			return err
		}, args...)
		if err != nil {
			return s.wrap(err)
		}
		slices.SortFunc(mails, func(a, b []any) int { return cmp.Compare(a[1].(int64), b[1].(int64)) })
		err = insertRows(ctx, tx, `INSERT INTO mail_outbox (kind, ref, status, attempts, next_attempt_at, created_at, updated_at) VALUES `, mails)
		if err != nil {
			return s.wrap(err)
		}
	}
	return nil
}

// QueueDailyAlerts queues the alerts of day (the agency's day,
// YYYY-MM-DD) unless they were queued before: one e-mail for each active
// search with news waiting (alert_news: the daily searches', and those of
// a search made immediate since), in the transaction that records the
// day in alert_days, so that one instance queues them. It returns how
// many.
func (s *Store) QueueDailyAlerts(ctx context.Context, day string) (queued int, err error) {
	defer opError(&err, "queue daily alerts")
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO alert_days (day, queued_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, day, now)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return s.wrap(err)
		}
		active := map[int64]bool{}
		err = eachRow(ctx, tx, `SELECT id FROM saved_searches WHERE status = 'ativo'`, func(rows *sql.Rows) error {
			var id int64
			err := rows.Scan(&id)
			active[id] = true
			return err
		})
		if err != nil {
			return s.wrap(err)
		}
		hits := map[int64][]listing.AlertHit{}
		var order []int64
		var read []string
		err = eachRow(ctx, tx, `SELECT id, property_id, kind, searches FROM alert_news ORDER BY id`, func(rows *sql.Rows) error {
			var property, kind, searches string
			var id int64
			if err := rows.Scan(&id, &property, &kind, &searches); err != nil {
				return err
			}
			read = append(read, strconv.FormatInt(id, 10))
			for part := range strings.SplitSeq(searches, ",") {
				id, old, _ := strings.Cut(part, " ")
				sid, _ := strconv.ParseInt(id, 10, 64)
				oc, _ := strconv.ParseInt(old, 10, 64)
				if !active[sid] {
					continue
				}
				if hits[sid] == nil {
					order = append(order, sid)
				}
				hits[sid] = append(hits[sid], listing.AlertHit{SearchID: sid, PropertyID: property, Kind: listing.AlertKind(kind), OldCents: oc})
			}
			return nil
		})
		if err != nil {
			return s.wrap(err)
		}
		slices.Sort(order)
		alerts := make([]alertRow, len(order))
		for i, id := range order {
			alerts[i] = alertRow{id, encodeHits(hits[id])}
		}
		if err := s.insertAlerts(ctx, tx, alerts, now); err != nil {
			return err
		}
		queued = len(alerts)
		// The rows read, by id: a row another instance's commit writes
		// meanwhile waits for the next day.
		for len(read) > 0 {
			batch := read[:min(len(read), changesBatch)]
			read = read[len(batch):]
			if _, err := tx.ExecContext(ctx, `DELETE FROM alert_news WHERE id IN (`+strings.Join(batch, ", ")+`)`); err != nil {
				return s.wrap(err)
			}
		}
		return nil
	})
	return queued, err
}

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// CreateLead stores a contact message about the active property with this
// slug and returns the new lead's id. When the store keeps an outbox, the
// lead's webhook delivery is written in the same transaction, as is, always,
// its notice to the agency in the e-mail outbox (MailLeadNotice).
//
// Leads that arrive together are committed together (group commit): one
// transaction, one sync of the log, for every lead waiting when the writer
// is free. CreateLead returns only once its lead is committed.
func (s *Store) CreateLead(ctx context.Context, slug string, in listing.LeadInput) (_ int64, err error) {
	defer opError(&err, "create lead")
	if !listing.ValidSlug(slug) {
		return 0, listing.ErrNotFound
	}
	clientHash, err := s.leadEvidence(ctx, &in)
	if err != nil {
		return 0, err
	}
	id, _, err := s.leads.submit(ctx, &leadRequest{ctx: ctx, slug: slug, in: in, clientHash: clientHash})
	return id, err
}

// leadEvidence checks the notice version a visitor's lead names, if any,
// and returns the keyed hash of its client address to store with it; the
// address itself is cleared from in: never stored, nor kept longer than
// the call.
func (s *Store) leadEvidence(ctx context.Context, in *listing.LeadInput) (clientHash string, err error) {
	if in.NoticeVersion != "" {
		if err := s.knownNotice(ctx, in.NoticeVersion); err != nil {
			return "", err
		}
	}
	if in.ClientAddr != "" {
		clientHash = s.keyedHash(hashClient, in.ClientAddr)
	}
	in.ClientAddr = ""
	return clientHash, nil
}

// CreatePortalLead stores a lead a portal delivered (see
// listing.PortalLead) the way CreateLead stores the site's: assigned, with
// its timeline, its notice e-mail and its webhook delivery, committed
// before it returns. Its property is the one whose code is
// p.ClientListingID, else the one without a code whose id it is (the
// feed's ListingID), active or not; a lead of no known property is kept
// without one, and assigned to nobody. A lead whose p.LeadID is stored
// already is not stored again: its id is returned, with created false.
func (s *Store) CreatePortalLead(ctx context.Context, in listing.LeadInput, p listing.PortalLead) (id int64, created bool, err error) {
	defer opError(&err, "create portal lead")
	if !p.FromPortal() {
		return 0, false, listing.Invalid("originLeadId", "Campo obrigatório.")
	}
	in.ClientAddr, in.NoticeVersion, in.MarketingConsent = "", "", false // the portal's, not ours to record
	id, existed, err := s.leads.submit(ctx, &leadRequest{ctx: ctx, in: in, portal: p})
	return id, !existed, err
}

// maxLeadBatch bounds how many leads share one transaction.
const maxLeadBatch = 256

type leadRequest struct {
	ctx        context.Context
	slug       string // the site's leads: the property's slug
	in         listing.LeadInput
	clientHash string
	portal     listing.PortalLead // a portal's leads (portal.FromPortal())
	visit      *visitRequest      // a visit lead's slot (BookVisit); nil for a message
	reply      chan leadResult
}

type leadResult struct {
	id int64
	// existed: the portal's lead was stored before; nothing was written.
	existed bool
	err     error
}

// leadWriter is the one goroutine that writes leads.
type leadWriter struct {
	s       *Store
	queue   chan *leadRequest
	done    chan struct{}
	closing sync.Once
	mu      sync.RWMutex // held for reading by submitters, for writing by close
	closed  bool
	stmts   leadStmts // used by the writer goroutine alone
}

func newLeadWriter(s *Store) *leadWriter {
	w := &leadWriter{s: s, queue: make(chan *leadRequest, maxLeadBatch), done: make(chan struct{})}
	go w.run()
	return w
}

var errClosed = errors.Join(listing.ErrUnavailable, errors.New("store is closed"))

func (w *leadWriter) submit(ctx context.Context, req *leadRequest) (id int64, existed bool, err error) {
	req.reply = make(chan leadResult, 1)
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return 0, false, errClosed
	}
	select {
	case w.queue <- req:
		w.mu.RUnlock()
	case <-ctx.Done():
		w.mu.RUnlock()
		return 0, false, w.s.wrap(ctx.Err())
	}
	// Once queued, the lead is answered: committed or failed. Waiting for
	// that, even past the caller's deadline, means a 201 is never lost and
	// an error is never sent for a lead that was in fact stored.
	r := <-req.reply
	return r.id, r.existed, r.err
}

// close stops taking leads and waits until every queued one is answered.
func (w *leadWriter) close() {
	w.closing.Do(func() {
		w.mu.Lock()
		w.closed = true
		close(w.queue)
		w.mu.Unlock()
		<-w.done
	})
}

func (w *leadWriter) run() {
	defer close(w.done)
	defer w.stmts.close()
	batch := make([]*leadRequest, 0, maxLeadBatch)
	for req := range w.queue {
		batch = append(batch[:0], req)
	fill:
		for len(batch) < maxLeadBatch {
			select {
			case r, ok := <-w.queue:
				if !ok {
					break fill
				}
				batch = append(batch, r)
			default:
				break fill
			}
		}
		w.write(batch)
	}
}

// leadStmts are the lead writer's statements, prepared once on the write
// pool and used by every batch's transaction: a lead costs no parsing.
type leadStmts struct {
	ready bool
	// find reads the active property with a slug: its title and code for
	// the outbox's payload, its broker for the assignment.
	find *sql.Stmt
	// findCode and findID find a portal's lead's property, active or not,
	// by its code, else by its id when it has no code (the feed's
	// ListingID); portalLead finds a portal's lead stored before.
	findCode, findID, portalLead *sql.Stmt
	// turn takes the rotation's next turn, and with it the lock that
	// serialises every instance's choices until the transaction ends;
	// assignTo and assignNext give the turn to the listing's broker or to
	// the broker whose last turn is the oldest (see assignLead).
	turn, assignTo, assignNext  *sql.Stmt
	insertLead, event, delivery *sql.Stmt
	// notice enqueues the lead's notice e-mail (mailInsert).
	notice *sql.Stmt
	// visit writes a visit lead's slot (insertVisit).
	visit *sql.Stmt
}

// A lead goes to its listing's broker while that user is active, whatever
// their role (the owner of a small agency may sell too); the rotation
// takes turns among the active corretores only.
const (
	listingBrokerCond = `deactivated_at IS NULL`
	rotationCond      = `deactivated_at IS NULL AND role = 'corretor'`
)

func (st *leadStmts) prepare(s *Store) error {
	if st.ready {
		return nil
	}
	ctx := context.Background()
	var err error
	prep := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var stmt *sql.Stmt
		stmt, err = s.write.PrepareContext(ctx, q)
		return stmt
	}
	st.find = prep(`SELECT id, slug, title, code, broker_id FROM properties WHERE slug = $1 AND is_active`)
	st.findCode = prep(`SELECT id, slug, title, code, broker_id FROM properties WHERE code = $1 ORDER BY is_active DESC, id LIMIT 1`)
	st.findID = prep(`SELECT id, slug, title, code, broker_id FROM properties WHERE id = $1 AND (code IS NULL OR code = '')`)
	st.portalLead = prep(`SELECT id FROM leads WHERE portal_lead_id = $1`)
	st.turn = prep(`UPDATE lead_rotation SET seq = seq + 1 WHERE id = 1 RETURNING seq`)
	st.assignTo = prep(`UPDATE users SET assign_seq = $2 WHERE id = $1 AND ` + listingBrokerCond + ` RETURNING id, name`)
	st.assignNext = prep(`UPDATE users SET assign_seq = $1 WHERE id = (SELECT u.id FROM users u WHERE ` + rotationCond + `
    ORDER BY COALESCE(u.assign_seq, 0), u.id LIMIT 1) RETURNING id, name`)
	// A portal's lead stored at once by another instance conflicts on
	// portal_lead_id: nothing is written (see insertLead).
	st.insertLead = prep(`INSERT INTO leads (property_id, name, email, phone, message, created_at,
    notice_version, marketing_consent, consent_at, client_hash, email_key, assigned_to,
    portal_origin, portal_lead_id, portal_listing_id, client_listing_id, temperature, business, portal_sent_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
ON CONFLICT (portal_lead_id) DO NOTHING RETURNING id`)
	st.event = prep(insertEventSQL)
	st.delivery = prep(`INSERT INTO lead_deliveries (lead_id, payload, status, attempts, next_attempt_at, updated_at)
VALUES ($1, $2, 'pending', 0, $3, $3)`)
	st.notice = prep(mailInsert)
	st.visit = prep(insertVisitSQL)
	if err != nil {
		st.close()
		return s.wrap(err)
	}
	st.ready = true
	return nil
}

// in returns the statements bound to tx, for one batch's transaction.
func (st *leadStmts) in(tx *sql.Tx) *leadStmts {
	ctx := context.Background()
	return &leadStmts{find: tx.StmtContext(ctx, st.find), findCode: tx.StmtContext(ctx, st.findCode),
		findID: tx.StmtContext(ctx, st.findID), portalLead: tx.StmtContext(ctx, st.portalLead), turn: tx.StmtContext(ctx, st.turn),
		assignTo: tx.StmtContext(ctx, st.assignTo), assignNext: tx.StmtContext(ctx, st.assignNext),
		insertLead: tx.StmtContext(ctx, st.insertLead), event: tx.StmtContext(ctx, st.event),
		delivery: tx.StmtContext(ctx, st.delivery), notice: tx.StmtContext(ctx, st.notice), visit: tx.StmtContext(ctx, st.visit)}
}

func (st *leadStmts) close() {
	for _, stmt := range []*sql.Stmt{st.find, st.findCode, st.findID, st.portalLead, st.turn, st.assignTo, st.assignNext, st.insertLead, st.event, st.delivery, st.notice, st.visit} {
		if stmt != nil {
			stmt.Close()
		}
	}
	*st = leadStmts{}
}

// write commits a batch. When the batch's transaction fails as a whole, each
// lead is tried again in its own, so that one bad lead fails alone.
func (w *leadWriter) write(batch []*leadRequest) {
	live := batch[:0:0]
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.reply <- leadResult{err: w.s.wrap(err)} // the client left before its turn: nothing stored
			continue
		}
		live = append(live, r)
	}
	if len(live) == 0 {
		return
	}
	if err := w.stmts.prepare(w.s); err != nil {
		for _, r := range live {
			r.reply <- leadResult{err: err}
		}
		return
	}
	results := make([]leadResult, len(live))
	err := w.s.inTx(context.Background(), func(tx *sql.Tx) error {
		st := w.stmts.in(tx)
		for i, r := range live {
			res := w.s.insertLead(st, r)
			if res.err != nil && !errors.Is(res.err, listing.ErrNotFound) {
				return res.err
			}
			results[i] = res
		}
		return nil
	})
	if err == nil {
		for i, r := range live {
			r.reply <- results[i]
		}
		return
	}
	if len(live) == 1 && !errors.Is(err, errPortalLeadRace) || errors.Is(err, listing.ErrUnavailable) {
		// One lead, or a database that is away: trying each lead again would
		// only make every visitor wait for it once more.
		for _, r := range live {
			r.reply <- leadResult{err: err}
		}
		return
	}
	// Alone, a portal's lead that another instance stored meanwhile
	// (errPortalLeadRace) finds it.
	for _, r := range live {
		var res leadResult
		err := w.s.inTx(context.Background(), func(tx *sql.Tx) error {
			res = w.s.insertLead(w.stmts.in(tx), r)
			return res.err
		})
		res.err = err
		r.reply <- res
	}
}

// errPortalLeadRace: a portal's lead was stored by another transaction
// between insertLead's look and its insert; the transaction is rolled
// back (its rotation turn with it) and the lead tried again alone.
var errPortalLeadRace = errors.New("portal lead stored by another transaction")

// leadProperty is what a lead's transaction reads of its property.
type leadProperty struct {
	id, slug, title string
	code            sql.NullString
	broker          sql.NullInt64
}

// portalProperty finds the property of a portal's lead (see
// CreatePortalLead); found is false for none.
func (s *Store) portalProperty(ctx context.Context, st *leadStmts, p listing.PortalLead) (lp leadProperty, found bool, err error) {
	scan := func(row *sql.Row) (bool, error) {
		err := row.Scan(&lp.id, &lp.slug, &lp.title, &lp.code, &lp.broker)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		return err == nil, s.wrap(err)
	}
	ref := p.ClientListingID
	if ref == "" {
		return lp, false, nil
	}
	if found, err = scan(st.findCode.QueryRowContext(ctx, ref)); found || err != nil {
		return lp, found, err
	}
	if id, err := canonicalID(ref); err == nil {
		found, err = scan(st.findID.QueryRowContext(ctx, id))
		return lp, found, err
	}
	return lp, false, nil
}

// insertLead writes one lead, assigned (see assignLead), with the first
// events of its timeline, its notice e-mail, and its delivery when the store keeps an
// outbox, with the writer's statements bound to a transaction (st). A
// site's lead's property must be active; a portal's lead's is found by
// portalProperty, and a portal's lead stored before is answered with its
// id (existed), writing nothing. The consent's time is the lead's, when
// the form showed a notice.
func (s *Store) insertLead(st *leadStmts, r *leadRequest) leadResult {
	ctx := context.Background()
	in, portal := r.in, r.portal
	now := utc(s.now())
	var consentAt any
	if in.NoticeVersion != "" {
		consentAt = now
	}
	var prop leadProperty
	source := "site"
	found := true
	if portal.FromPortal() {
		var id int64
		err := st.portalLead.QueryRowContext(ctx, portal.LeadID).Scan(&id)
		if err == nil {
			return leadResult{id: id, existed: true}
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return leadResult{err: s.wrap(err)}
		}
		source = string(portal.Origin)
		if prop, found, err = s.portalProperty(ctx, st, portal); err != nil {
			return leadResult{err: err}
		}
	} else if err := st.find.QueryRowContext(ctx, r.slug).Scan(&prop.id, &prop.slug, &prop.title, &prop.code, &prop.broker); err != nil {
		return leadResult{err: s.wrap(err)}
	}
	if r.visit != nil && (!prop.broker.Valid || prop.broker.Int64 != r.visit.BrokerID) {
		// The listing changed broker since its slots were offered: nothing
		// is written.
		return leadResult{err: errVisitBroker()}
	}
	// A lead of no known property is the agency's to place: nobody's yet.
	var assigned listing.LeadEvent
	if found {
		var err error
		if assigned, err = s.assignLead(ctx, st, prop.broker.Int64); err != nil {
			return leadResult{err: err}
		}
	}
	var assignee, propID, sentAt any
	if assigned.AssigneeID != 0 {
		assignee = assigned.AssigneeID
	}
	if found {
		propID = prop.id
	}
	if !portal.SentAt.IsZero() {
		sentAt = utc(portal.SentAt)
	}
	var id int64
	err := st.insertLead.QueryRowContext(ctx, propID, in.Name, in.Email, nullString(in.Phone), in.Message, now,
		nullString(in.NoticeVersion), in.MarketingConsent, consentAt, nullString(r.clientHash),
		nullString(listing.EmailKey(in.Email)), assignee,
		nullString(string(portal.Origin)), nullString(portal.LeadID), nullString(portal.ListingID),
		nullString(portal.ClientListingID), nullString(portal.Temperature), nullString(string(portal.Business)),
		sentAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return leadResult{err: errPortalLeadRace}
	}
	if err != nil {
		return leadResult{err: s.wrap(err)}
	}
	events := []listing.LeadEvent{{Kind: listing.EventCreated, At: now, Source: source}}
	if assigned.AssigneeID != 0 {
		assigned.At = now
		events = append(events, assigned)
	}
	if r.visit != nil {
		events = append(events, listing.LeadEvent{Kind: listing.EventVisit, At: now,
			Visit: listing.LeadVisit{StartsAt: r.visit.StartsAt, EndsAt: r.visit.EndsAt, Status: listing.VisitConfirmed}})
	}
	for _, e := range events {
		if err := execEvent(ctx, st.event, id, e); err != nil {
			return leadResult{err: s.wrap(err)}
		}
	}
	if r.visit != nil {
		// A visit's broker and visitor get their own e-mails, with its
		// invitation, instead of the notice.
		if err := s.insertVisit(ctx, st, id, r.visit, now); err != nil {
			return leadResult{err: err}
		}
	} else if _, err := st.notice.ExecContext(ctx, MailLeadNotice, id, now); err != nil {
		return leadResult{err: s.wrap(err)}
	}
	if !s.outbox {
		return leadResult{id: id}
	}
	ev := LeadEvent{
		LeadID: id, PropertyID: prop.id, PropertySlug: prop.slug, PropertyCode: prop.code.String, PropertyTitle: prop.title,
		Name: in.Name, Email: in.Email, Phone: in.Phone, Message: in.Message, CreatedAt: now,
		MarketingConsent: in.MarketingConsent, Source: source,
	}
	if r.visit != nil {
		ev.Visit = &VisitEvent{StartsAt: utc(r.visit.StartsAt), EndsAt: utc(r.visit.EndsAt)}
	}
	if portal.FromPortal() {
		ev.Portal = &PortalEvent{Origin: string(portal.Origin), LeadID: portal.LeadID, ListingID: portal.ListingID,
			ClientListingID: portal.ClientListingID, Temperature: portal.Temperature, Business: string(portal.Business)}
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return leadResult{err: err}
	}
	_, err = st.delivery.ExecContext(ctx, id, string(payload), now)
	return leadResult{id: id, err: s.wrap(err)}
}

// assignLead chooses who a new lead goes to: the listing's broker
// (brokerID, 0 for none) while they may receive leads, else the broker
// whose last lead is the oldest (the rotation, "roleta"), else nobody
// (AssigneeID 0). Every choice takes the rotation's next turn first
// (lead_rotation), whose row lock every other lead's transaction waits
// for until this one ends: on PostgreSQL, instances that take leads at
// once choose one after the other, each seeing the turns before it, so
// leads go round the brokers evenly. The chosen broker's turn is recorded
// (users.assign_seq), whether the listing or the rotation chose them.
func (s *Store) assignLead(ctx context.Context, st *leadStmts, brokerID int64) (listing.LeadEvent, error) {
	e := listing.LeadEvent{Kind: listing.EventAssigned}
	var seq int64
	if err := st.turn.QueryRowContext(ctx).Scan(&seq); err != nil {
		return e, s.wrap(err)
	}
	if brokerID != 0 {
		err := st.assignTo.QueryRowContext(ctx, brokerID, seq).Scan(&e.AssigneeID, &e.AssigneeName)
		if err == nil {
			e.Rule = listing.AssignListing
			return e, nil
		}
		if err != sql.ErrNoRows {
			return e, s.wrap(err)
		}
	}
	err := st.assignNext.QueryRowContext(ctx, seq).Scan(&e.AssigneeID, &e.AssigneeName)
	if err == sql.ErrNoRows {
		return listing.LeadEvent{}, nil // no staff yet
	}
	e.Rule = listing.AssignRotation
	return e, s.wrap(err)
}

// LeadEvent is the body POSTed to the agency's webhook for a new lead.
type LeadEvent struct {
	LeadID        int64     `json:"lead_id"`
	PropertyID    string    `json:"property_id"`
	PropertySlug  string    `json:"property_slug"`
	PropertyCode  string    `json:"property_code,omitempty"`
	PropertyTitle string    `json:"property_title"`
	Name          string    `json:"name"`
	Email         string    `json:"email"`
	Phone         string    `json:"phone,omitempty"`
	Message       string    `json:"message"`
	CreatedAt     time.Time `json:"created_at"`
	// MarketingConsent: the visitor agreed to receive news and offers.
	MarketingConsent bool `json:"marketing_consent"`
	// Source is where the lead came from: "site", or the portal's
	// origin (listing.PortalOrigin), whose lead Portal describes.
	Source string       `json:"source"`
	Portal *PortalEvent `json:"portal,omitempty"`
	// Visit is the slot of a visit lead (kind "visita"); absent for a
	// message.
	Visit *VisitEvent `json:"visit,omitempty"`
}

// VisitEvent is what the webhook's body says of a visit lead's slot.
type VisitEvent struct {
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
}

// PortalEvent is what the webhook's body says of a portal's lead (see
// listing.PortalLead).
type PortalEvent struct {
	Origin          string `json:"origin"`
	LeadID          string `json:"origin_lead_id"`
	ListingID       string `json:"origin_listing_id,omitempty"`
	ClientListingID string `json:"client_listing_id,omitempty"`
	Temperature     string `json:"temperature,omitempty"`
	Business        string `json:"business,omitempty"`
}

// LeadFilter selects leads, newest first (by creation time, then id).
type LeadFilter struct {
	PropertyID string             // "" for every property
	Status     listing.LeadStatus // "" for every status
	// From and To bound the creation time: at From or later, and before
	// To; the zero time is no bound.
	From, To time.Time
	// AssignedTo, when not 0, selects the leads assigned to that user;
	// Unassigned selects those assigned to nobody.
	AssignedTo int64
	Unassigned bool
	// BrokerID, when not 0, selects the leads of that broker's listings.
	// With AssignedTo the same user, it is what a broker may see: leads of
	// their listings or assigned to them (either).
	BrokerID int64
	// UnreadOf, when not 0, counts only that user's leads as unread
	// (those assigned to them): a broker's inbox says nothing of others'.
	UnreadOf int64
	// Timeline fills each lead's Timeline (EachLead only).
	Timeline bool
	// After, when set, starts the page after that lead (keyset paging),
	// and Page is not used.
	After   *LeadCursor
	Page    int // from 1
	PerPage int // 0 for every lead (EachLead only)
}

// LeadPage is one page of leads.
type LeadPage struct {
	Items  []listing.Lead
	Total  int         // the leads the filter selects
	Unread int         // every lead still new (status "novo") and not anonymised, whatever the filter but UnreadOf
	Next   *LeadCursor // the last item's key when more leads follow; nil on the last page
}

// Leads lists a page of leads newest first, with their property (when it
// still exists) and their delivery state, and counts them and the unread.
func (s *Store) Leads(ctx context.Context, f LeadFilter) (_ LeadPage, err error) {
	defer opError(&err, "list leads")
	page := LeadPage{Items: []listing.Lead{}}
	conds, args, ok := leadWhere(f)
	total := `0`
	if ok {
		total = `(SELECT count(*) FROM leads l` + whereClause(conds) + `)`
	}
	// An anonymised lead stays, but nobody can answer it: it is not unread.
	unread, countArgs := `(SELECT count(*) FROM leads WHERE status = 'novo' AND anonymized_at IS NULL)`, args
	if f.UnreadOf != 0 {
		countArgs = append(args[:len(args):len(args)], f.UnreadOf)
		unread = `(SELECT count(*) FROM leads WHERE status = 'novo' AND anonymized_at IS NULL AND assigned_to = $` + strconv.Itoa(len(countArgs)) + `)`
	}
	if err := s.read.QueryRowContext(ctx, `SELECT `+total+`, `+unread, countArgs...).Scan(&page.Total, &page.Unread); err != nil {
		return page, s.wrap(err)
	}
	offset := 0
	if f.After == nil {
		offset = (f.Page - 1) * f.PerPage
	}
	if !ok || offset >= page.Total {
		return page, nil
	}
	err = s.leadRows(ctx, s.read, conds, args, f.After, f.PerPage+1, offset, func(l listing.Lead) error {
		if len(page.Items) == f.PerPage {
			page.Next = &LeadCursor{CreatedAt: page.Items[f.PerPage-1].CreatedAt, ID: page.Items[f.PerPage-1].ID}
			return nil
		}
		page.Items = append(page.Items, l)
		return nil
	})
	return page, err
}

// leadBatch is how many leads one query of EachLead reads when it reads
// them all.
const leadBatch = 1000

// EachLead calls fn with each lead f selects, newest first, as its row is
// read: the page f names, or every lead when f.PerPage is 0. Every lead is
// read leadBatch at a time, each batch after the last lead of the one
// before (leads_created, or leads_property, walks just its rows), so that
// no query stays open longer than fn takes over one batch, and a lead is
// never read twice. With f.Timeline, each batch is read whole, then its
// leads' timelines, before fn sees them. An error of fn stops the reading
// and is returned.
func (s *Store) EachLead(ctx context.Context, f LeadFilter, fn func(listing.Lead) error) (err error) {
	defer opError(&err, "export leads")
	conds, args, ok := leadWhere(f)
	if !ok {
		return nil
	}
	rowsOf := s.leadRows
	if f.Timeline {
		rowsOf = s.leadRowsWithTimeline
	}
	if f.PerPage > 0 {
		offset := 0
		if f.After == nil {
			offset = (f.Page - 1) * f.PerPage
		}
		return rowsOf(ctx, s.read, conds, args, f.After, f.PerPage, offset, fn)
	}
	var last LeadCursor
	after := f.After
	for {
		read := 0
		err := rowsOf(ctx, s.read, conds, args, after, leadBatch, 0, func(l listing.Lead) error {
			read++
			last = LeadCursor{CreatedAt: l.CreatedAt, ID: l.ID}
			return fn(l)
		})
		if err != nil || read < leadBatch {
			return err
		}
		after = &last
	}
}

// leadWhere returns the conditions of f's leads and their arguments
// ($1…); not ok when no lead can match.
func leadWhere(f LeadFilter) (conds []string, args []any, ok bool) {
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.PropertyID != "" {
		id, err := canonicalID(f.PropertyID)
		if err != nil {
			return nil, nil, false // no lead can belong to a malformed id
		}
		conds = append(conds, `l.property_id = `+arg(id))
	}
	if f.Status != "" {
		conds = append(conds, `l.status = `+arg(string(f.Status)))
	}
	if !f.From.IsZero() {
		conds = append(conds, `l.created_at >= `+arg(utc(f.From)))
	}
	if !f.To.IsZero() {
		conds = append(conds, `l.created_at < `+arg(utc(f.To)))
	}
	switch {
	case f.AssignedTo != 0 && f.BrokerID != 0:
		conds = append(conds, `(l.assigned_to = `+arg(f.AssignedTo)+` OR l.property_id IN (SELECT id FROM properties WHERE broker_id = `+arg(f.BrokerID)+`))`)
	case f.AssignedTo != 0:
		conds = append(conds, `l.assigned_to = `+arg(f.AssignedTo))
	case f.BrokerID != 0:
		conds = append(conds, `l.property_id IN (SELECT id FROM properties WHERE broker_id = `+arg(f.BrokerID)+`)`)
	}
	if f.Unassigned {
		conds = append(conds, `l.assigned_to IS NULL`)
	}
	return conds, args, true
}

// whereClause joins conditions into a WHERE clause ("" for none).
func whereClause(conds []string) string {
	if len(conds) == 0 {
		return ``
	}
	return ` WHERE ` + strings.Join(conds, ` AND `)
}

// leadColumns are the columns of a lead, its property and its delivery,
// in the order scanLead reads them.
const leadColumns = `l.id, l.property_id, p.slug, p.title, p.code, l.name, l.email, l.phone,
       l.message, l.created_at, d.status, d.attempts, d.last_error,
       l.status, l.note, l.updated_at, l.updated_by, l.updated_by_name,
       l.notice_version, l.marketing_consent, l.consent_at, l.client_hash, l.anonymized_at,
       l.assigned_to, a.name, l.portal_origin, l.portal_lead_id, l.portal_listing_id, l.client_listing_id,
       l.temperature, l.business, l.portal_sent_at,
       vis.broker_id, vis.starts_at, vis.ends_at, vis.status, vis.ics_sequence
FROM leads l
LEFT JOIN properties p ON p.id = l.property_id
LEFT JOIN lead_deliveries d ON d.lead_id = l.id
LEFT JOIN users a ON a.id = l.assigned_to
LEFT JOIN visits vis ON vis.lead_id = l.id`

// leadRows reads, newest first, at most limit of the leads that conds
// select, after the lead after (when set) and past offset of them, and
// calls fn with each.
func (s *Store) leadRows(ctx context.Context, q queryer, conds []string, args []any, after *LeadCursor, limit, offset int,
	fn func(listing.Lead) error) error {
	args = args[:len(args):len(args)] // appends below never write into the caller's array
	if after != nil {
		args = append(args, utc(after.CreatedAt), after.ID)
		n := len(args)
		conds = append(conds[:len(conds):len(conds)], `(l.created_at, l.id) < ($`+strconv.Itoa(n-1)+`, $`+strconv.Itoa(n)+`)`)
	}
	args = append(args, limit, offset)
	n := len(args)
	rows, err := q.QueryContext(ctx, `SELECT `+leadColumns+whereClause(conds)+
		` ORDER BY l.created_at DESC, l.id DESC LIMIT $`+strconv.Itoa(n-1)+` OFFSET $`+strconv.Itoa(n), args...)
	if err != nil {
		return s.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return s.wrap(err)
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	return s.wrap(rows.Err())
}

// leadRowsWithTimeline reads leads as leadRows does, all of them first,
// then their timelines in one more query, and calls fn with each.
func (s *Store) leadRowsWithTimeline(ctx context.Context, q queryer, conds []string, args []any, after *LeadCursor, limit, offset int,
	fn func(listing.Lead) error) error {
	var ls []listing.Lead
	err := s.leadRows(ctx, q, conds, args, after, limit, offset, func(l listing.Lead) error {
		ls = append(ls, l)
		return nil
	})
	if err == nil {
		err = s.fillTimelines(ctx, q, ls)
	}
	for i := 0; err == nil && i < len(ls); i++ {
		err = fn(ls[i])
	}
	return err
}

// scanLead reads the leadColumns of one row.
func scanLead(row scanner) (listing.Lead, error) {
	var l listing.Lead
	var propID, slug, title, code, phone, status, lastErr, note, by, byName, notice, clientHash sql.NullString
	var attempts, assigned sql.NullInt64
	var assignee sql.NullString
	var updated, consentAt, anonymized, sentAt sql.NullTime
	var origin, portalLead, portalListing, clientListing, temperature, business sql.NullString
	var visitBroker, visitSeq sql.NullInt64
	var visitStart, visitEnd sql.NullTime
	var visitStatus sql.NullString
	if err := row.Scan(&l.ID, &propID, &slug, &title, &code, &l.Name, &l.Email, &phone, &l.Message, &l.CreatedAt,
		&status, &attempts, &lastErr, &l.Status, &note, &updated, &by, &byName,
		&notice, &l.MarketingConsent, &consentAt, &clientHash, &anonymized, &assigned, &assignee,
		&origin, &portalLead, &portalListing, &clientListing, &temperature, &business, &sentAt,
		&visitBroker, &visitStart, &visitEnd, &visitStatus, &visitSeq); err != nil {
		return l, err
	}
	if visitStart.Valid {
		l.Visit = listing.LeadVisit{BrokerID: visitBroker.Int64, StartsAt: visitStart.Time.UTC(), EndsAt: visitEnd.Time.UTC(),
			Status: listing.VisitStatus(visitStatus.String), Sequence: int(visitSeq.Int64)}
	}
	l.Portal = listing.PortalLead{Origin: listing.PortalOrigin(origin.String), LeadID: portalLead.String,
		ListingID: portalListing.String, ClientListingID: clientListing.String, Temperature: temperature.String,
		Business: listing.Business(business.String)}
	if sentAt.Valid {
		l.Portal.SentAt = sentAt.Time.UTC()
	}
	if assigned.Valid {
		l.AssignedTo = listing.Actor{Kind: listing.ActorUser, Ref: strconv.FormatInt(assigned.Int64, 10), Name: assignee.String}
	}
	l.NoticeVersion, l.ClientHash = notice.String, clientHash.String
	if consentAt.Valid {
		l.ConsentAt = consentAt.Time.UTC()
	}
	if anonymized.Valid {
		l.AnonymizedAt = anonymized.Time.UTC()
	}
	l.PropertyID, l.PropertySlug, l.PropertyTitle, l.PropertyCode = propID.String, slug.String, title.String, code.String
	l.Phone = phone.String
	l.CreatedAt = l.CreatedAt.UTC()
	l.Delivery = listing.Delivery{Status: listing.DeliveryStatus(status.String), Attempts: int(attempts.Int64), LastError: lastErr.String}
	l.Note = note.String
	if updated.Valid {
		l.UpdatedAt = updated.Time.UTC()
	}
	l.UpdatedBy = scanActor(by, byName)
	return l, nil
}

// UpdateLead applies the staff's change u to the lead id (see
// listing.LeadUpdate), recording who made it and when, and adds to its
// timeline what changed: the status (from, to), the assignee (from, to)
// and a note that is not "". It returns the lead as stored, with its
// timeline. An unknown id is listing.ErrNotFound; an assignee who is no
// user, a *listing.ValidationError on assigned_to.
func (s *Store) UpdateLead(ctx context.Context, id int64, u listing.LeadUpdate) (l listing.Lead, err error) {
	defer opError(&err, "update lead")
	u.Normalize()
	if err := u.Validate(); err != nil {
		return l, err
	}
	var status, note any
	if u.Status != nil {
		status = string(*u.Status)
	}
	if u.Note != nil {
		note = *u.Note // "" clears it: NULLIF below
	}
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var before listing.LeadStatus
		var beforeTo sql.NullInt64
		var beforeName sql.NullString
		// The update first, so that the row is locked before it is read
		// (PostgreSQL): two changes at once each see the other's.
		err := tx.QueryRowContext(ctx, `UPDATE leads SET updated_at = $2 WHERE id = $1 RETURNING status, assigned_to`,
			id, now).Scan(&before, &beforeTo)
		if err != nil {
			return s.wrap(err)
		}
		var events []listing.LeadEvent
		if u.Status != nil && *u.Status != before {
			events = append(events, listing.LeadEvent{Kind: listing.EventStatus, From: before, To: *u.Status})
		}
		assignTo := beforeTo.Int64
		if u.AssignTo != nil && *u.AssignTo != beforeTo.Int64 {
			e := listing.LeadEvent{Kind: listing.EventAssigned, Rule: listing.AssignManual, AssigneeID: *u.AssignTo,
				PreviousID: beforeTo.Int64}
			if beforeTo.Valid {
				if err := tx.QueryRowContext(ctx, `SELECT name FROM users WHERE id = $1`, beforeTo.Int64).Scan(&beforeName); err != nil {
					return s.wrap(err)
				}
				e.PreviousName = beforeName.String
			}
			if e.AssigneeID != 0 {
				err := tx.QueryRowContext(ctx, `UPDATE users SET assign_seq = (SELECT seq FROM lead_rotation WHERE id = 1)
WHERE id = $1 RETURNING name`, e.AssigneeID).Scan(&e.AssigneeName)
				if err == sql.ErrNoRows {
					return listing.Invalid("assigned_to", "Escolha um usuário da equipe: este não existe.")
				}
				if err != nil {
					return s.wrap(err)
				}
			}
			assignTo = e.AssigneeID
			events = append(events, e)
		}
		if u.Note != nil && *u.Note != "" {
			events = append(events, listing.LeadEvent{Kind: listing.EventNote, Text: *u.Note})
		}
		var assignee any
		if assignTo != 0 {
			assignee = assignTo
		}
		if _, err := tx.ExecContext(ctx, `UPDATE leads SET status = COALESCE($2, status), note = NULLIF(COALESCE($3, note), ''),
    updated_by = $4, updated_by_name = $5, assigned_to = $6 WHERE id = $1`,
			id, status, note, actorRef(u.By), nullString(u.By.Name), assignee); err != nil {
			return s.wrap(err)
		}
		for _, e := range events {
			e.At, e.By = now, u.By
			if err := s.AddLeadEvent(ctx, tx, id, e); err != nil {
				return err
			}
		}
		l, err = s.lead(ctx, tx, id)
		return err
	})
	if err != nil {
		return listing.Lead{}, err
	}
	return l, nil
}

// Lead returns the lead id with its timeline; listing.ErrNotFound when
// there is none.
func (s *Store) Lead(ctx context.Context, id int64) (l listing.Lead, err error) {
	defer opError(&err, "lead")
	return s.lead(ctx, s.read, id)
}

func (s *Store) lead(ctx context.Context, q queryer, id int64) (l listing.Lead, err error) {
	found := false
	err = s.leadRowsWithTimeline(ctx, q, []string{`l.id = $1`}, []any{id}, nil, 1, 0, func(got listing.Lead) error {
		l, found = got, true
		return nil
	})
	if err == nil && !found {
		err = listing.ErrNotFound
	}
	return l, err
}

// LeadAssignedTo returns nil when the lead id is assigned to the user uid,
// and listing.ErrNotFound when it does not exist or is not theirs: what a
// broker, who sees only their own leads, is told of someone else's.
func (s *Store) LeadAssignedTo(ctx context.Context, id, uid int64) (err error) {
	defer opError(&err, "lead assignee")
	var one int
	return s.wrap(s.read.QueryRowContext(ctx, `SELECT 1 FROM leads WHERE id = $1 AND assigned_to = $2`, id, uid).Scan(&one))
}

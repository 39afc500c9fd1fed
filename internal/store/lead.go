package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// CreateLead stores a contact message about the active property with this
// slug and returns the new lead's id. When the store keeps an outbox, the
// lead's webhook delivery is written in the same transaction.
//
// Leads that arrive together are committed together (group commit): one
// transaction, one sync of the log, for every lead waiting when the writer
// is free. CreateLead returns only once its lead is committed.
func (s *Store) CreateLead(ctx context.Context, slug string, in listing.LeadInput) (_ int64, err error) {
	defer opError(&err, "create lead")
	if !listing.ValidSlug(slug) {
		return 0, listing.ErrNotFound
	}
	return s.leads.submit(ctx, slug, in)
}

// maxLeadBatch bounds how many leads share one transaction.
const maxLeadBatch = 256

type leadRequest struct {
	ctx   context.Context
	slug  string
	in    listing.LeadInput
	reply chan leadResult
}

type leadResult struct {
	id  int64
	err error
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

func (w *leadWriter) submit(ctx context.Context, slug string, in listing.LeadInput) (int64, error) {
	req := &leadRequest{ctx: ctx, slug: slug, in: in, reply: make(chan leadResult, 1)}
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return 0, errClosed
	}
	select {
	case w.queue <- req:
		w.mu.RUnlock()
	case <-ctx.Done():
		w.mu.RUnlock()
		return 0, w.s.wrap(ctx.Err())
	}
	// Once queued, the lead is answered: committed or failed. Waiting for
	// that, even past the caller's deadline, means a 201 is never lost and
	// an error is never sent for a lead that was in fact stored.
	r := <-req.reply
	return r.id, r.err
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
	// insert stores a lead whose property it finds by slug, in one
	// statement; no row comes back when no active property has the slug.
	insert *sql.Stmt
	// find, insertLead and delivery serve the outbox, whose payload needs
	// the property's title and code.
	find, insertLead, delivery *sql.Stmt
}

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
	st.insert = prep(`INSERT INTO leads (property_id, name, email, phone, message, created_at)
SELECT id, $2, $3, $4, $5, $6 FROM properties WHERE slug = $1 AND is_active RETURNING id`)
	st.find = prep(`SELECT id, title, code FROM properties WHERE slug = $1 AND is_active`)
	st.insertLead = prep(`INSERT INTO leads (property_id, name, email, phone, message, created_at)
VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`)
	st.delivery = prep(`INSERT INTO lead_deliveries (lead_id, payload, status, attempts, next_attempt_at, updated_at)
VALUES ($1, $2, 'pending', 0, $3, $3)`)
	if err != nil {
		st.close()
		return s.wrap(err)
	}
	st.ready = true
	return nil
}

// in returns the statements bound to tx, for one batch's transaction.
func (st *leadStmts) in(tx *sql.Tx, outbox bool) *leadStmts {
	ctx := context.Background()
	if !outbox {
		return &leadStmts{insert: tx.StmtContext(ctx, st.insert)}
	}
	return &leadStmts{find: tx.StmtContext(ctx, st.find), insertLead: tx.StmtContext(ctx, st.insertLead),
		delivery: tx.StmtContext(ctx, st.delivery)}
}

func (st *leadStmts) close() {
	for _, stmt := range []*sql.Stmt{st.insert, st.find, st.insertLead, st.delivery} {
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
		st := w.stmts.in(tx, w.s.outbox)
		for i, r := range live {
			id, err := w.s.insertLead(st, r.slug, r.in)
			if err != nil && !errors.Is(err, listing.ErrNotFound) {
				return err
			}
			results[i] = leadResult{id, err}
		}
		return nil
	})
	if err == nil {
		for i, r := range live {
			r.reply <- results[i]
		}
		return
	}
	if len(live) == 1 || errors.Is(err, listing.ErrUnavailable) {
		// One lead, or a database that is away: trying each lead again would
		// only make every visitor wait for it once more.
		for _, r := range live {
			r.reply <- leadResult{err: err}
		}
		return
	}
	for _, r := range live {
		var id int64
		err := w.s.inTx(context.Background(), func(tx *sql.Tx) error {
			var err error
			id, err = w.s.insertLead(w.stmts.in(tx, w.s.outbox), r.slug, r.in)
			return err
		})
		r.reply <- leadResult{id, err}
	}
}

// insertLead writes one lead, and its delivery when the store keeps an
// outbox, with the writer's statements bound to a transaction (st). The
// property must be active.
func (s *Store) insertLead(st *leadStmts, slug string, in listing.LeadInput) (int64, error) {
	ctx := context.Background()
	now := utc(s.now())
	var id int64
	if !s.outbox {
		err := st.insert.QueryRowContext(ctx,
			slug, in.Name, in.Email, nullString(in.Phone), in.Message, now).Scan(&id)
		return id, s.wrap(err)
	}
	var propID, title string
	var code sql.NullString
	if err := st.find.QueryRowContext(ctx, slug).Scan(&propID, &title, &code); err != nil {
		return 0, s.wrap(err)
	}
	err := st.insertLead.QueryRowContext(ctx,
		propID, in.Name, in.Email, nullString(in.Phone), in.Message, now).Scan(&id)
	if err != nil {
		return 0, s.wrap(err)
	}
	payload, err := json.Marshal(LeadEvent{
		LeadID: id, PropertyID: propID, PropertySlug: slug, PropertyCode: code.String, PropertyTitle: title,
		Name: in.Name, Email: in.Email, Phone: in.Phone, Message: in.Message, CreatedAt: now,
	})
	if err != nil {
		return 0, err
	}
	_, err = st.delivery.ExecContext(ctx, id, string(payload), now)
	return id, s.wrap(err)
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
}

// LeadFilter selects a page of leads, newest first.
type LeadFilter struct {
	PropertyID string // "" for every property
	Page       int    // from 1
	PerPage    int    // 0 for every lead (EachLead only)
}

// LeadPage is one page of leads.
type LeadPage struct {
	Items []listing.Lead
	Total int
}

// Leads lists leads newest first, with their property (when it still
// exists) and their delivery state.
func (s *Store) Leads(ctx context.Context, f LeadFilter) (_ LeadPage, err error) {
	defer opError(&err, "list leads")
	page := LeadPage{Items: []listing.Lead{}}
	where, args, ok := leadWhere(f)
	if !ok {
		return page, nil
	}
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM leads l `+where, args...).Scan(&page.Total); err != nil {
		return page, s.wrap(err)
	}
	err = s.eachLead(ctx, f, func(l listing.Lead) error {
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
// read leadBatch at a time, each batch after the last id of the one before
// (the primary key or leads_property walks just its rows), so that no
// query stays open longer than fn takes over one batch, and a lead is
// never read twice. An error of fn stops the reading and is returned.
func (s *Store) EachLead(ctx context.Context, f LeadFilter, fn func(listing.Lead) error) (err error) {
	defer opError(&err, "export leads")
	return s.eachLead(ctx, f, fn)
}

func (s *Store) eachLead(ctx context.Context, f LeadFilter, fn func(listing.Lead) error) error {
	where, args, ok := leadWhere(f)
	if !ok {
		return nil
	}
	n := len(args)
	if f.PerPage > 0 {
		return s.leadRows(ctx, where+` ORDER BY l.id DESC LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2),
			append(args, f.PerPage, (f.Page-1)*f.PerPage), fn)
	}
	if where == `` {
		where = `WHERE TRUE`
	}
	query := where + ` AND l.id < $` + strconv.Itoa(n+1) + ` ORDER BY l.id DESC LIMIT ` + strconv.Itoa(leadBatch)
	for before := int64(math.MaxInt64); ; {
		read := 0
		err := s.leadRows(ctx, query, append(args, before), func(l listing.Lead) error {
			read++
			before = l.ID
			return fn(l)
		})
		if err != nil || read < leadBatch {
			return err
		}
	}
}

// leadWhere returns the condition of f's leads and its arguments; not ok
// when no lead can match.
func leadWhere(f LeadFilter) (where string, args []any, ok bool) {
	if f.PropertyID == "" {
		return ``, nil, true
	}
	id, err := canonicalID(f.PropertyID)
	if err != nil {
		return ``, nil, false // no lead can belong to a malformed id
	}
	return `WHERE l.property_id = $1`, []any{id}, true
}

// leadRows runs the lead query whose condition, order and limit are rest
// and calls fn with each lead.
func (s *Store) leadRows(ctx context.Context, rest string, args []any, fn func(listing.Lead) error) error {
	rows, err := s.read.QueryContext(ctx, `SELECT l.id, l.property_id, p.slug, p.title, l.name, l.email, l.phone,
       l.message, l.created_at, d.status, d.attempts, d.last_error
FROM leads l
LEFT JOIN properties p ON p.id = l.property_id
LEFT JOIN lead_deliveries d ON d.lead_id = l.id
`+rest, args...)
	if err != nil {
		return s.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var l listing.Lead
		var propID, slug, title, phone, status, lastErr sql.NullString
		var attempts sql.NullInt64
		if err := rows.Scan(&l.ID, &propID, &slug, &title, &l.Name, &l.Email, &phone, &l.Message, &l.CreatedAt,
			&status, &attempts, &lastErr); err != nil {
			return s.wrap(err)
		}
		l.PropertyID, l.PropertySlug, l.PropertyTitle, l.Phone = propID.String, slug.String, title.String, phone.String
		l.CreatedAt = l.CreatedAt.UTC()
		l.Delivery = listing.Delivery{Status: listing.DeliveryStatus(status.String), Attempts: int(attempts.Int64), LastError: lastErr.String}
		if err := fn(l); err != nil {
			return err
		}
	}
	return s.wrap(rows.Err())
}

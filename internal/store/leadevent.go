package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// A lead's timeline (lead_events): its creation, assignments, status
// changes, notes and e-mails, each with who and when.

// insertEventSQL stores one event of a lead's timeline.
const insertEventSQL = `INSERT INTO lead_events (lead_id, kind, at, actor, actor_name, data) VALUES ($1, $2, $3, $4, $5, $6)`

// eventData is the data column of an event: the fields of its kind.
type eventData struct {
	Source       string             `json:"source,omitempty"`
	AssigneeID   int64              `json:"assignee_id,omitempty"`
	AssigneeName string             `json:"assignee_name,omitempty"`
	PreviousID   int64              `json:"previous_id,omitempty"`
	PreviousName string             `json:"previous_name,omitempty"`
	Rule         string             `json:"rule,omitempty"`
	From         listing.LeadStatus `json:"from,omitempty"`
	To           listing.LeadStatus `json:"to,omitempty"`
	Text         string             `json:"text,omitempty"`
	EmailTo      string             `json:"email_to,omitempty"`
	EmailSubject string             `json:"email_subject,omitempty"`
	// A visit's event: the slot and status it came to.
	VisitStartsAt *time.Time          `json:"visit_starts_at,omitempty"`
	VisitEndsAt   *time.Time          `json:"visit_ends_at,omitempty"`
	VisitStatus   listing.VisitStatus `json:"visit_status,omitempty"`
}

type execer interface {
	ExecContext(ctx context.Context, args ...any) (sql.Result, error)
}

// execEvent stores e as an event of the lead id with stmt (insertEventSQL).
func execEvent(ctx context.Context, stmt execer, id int64, e listing.LeadEvent) error {
	d := eventData{Source: e.Source, AssigneeID: e.AssigneeID, AssigneeName: e.AssigneeName,
		PreviousID: e.PreviousID, PreviousName: e.PreviousName, Rule: e.Rule, From: e.From, To: e.To, Text: e.Text,
		EmailTo: e.EmailTo, EmailSubject: e.EmailSubject}
	if e.Kind == listing.EventVisit {
		start, end := utc(e.Visit.StartsAt), utc(e.Visit.EndsAt)
		d.VisitStartsAt, d.VisitEndsAt, d.VisitStatus = &start, &end, e.Visit.Status
	}
	data, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, id, string(e.Kind), utc(e.At), actorRef(e.By), nullString(e.By.Name), string(data))
	return err
}

// txExec runs one statement of tx as an execer.
type txExec struct {
	tx *sql.Tx
	q  string
}

func (t txExec) ExecContext(ctx context.Context, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.q, args...)
}

// AddLeadEvent records e in the timeline of the lead id, inside tx: the
// transaction of what happened (the outbox's, for an e-mail sent:
// listing.EventEmailSent with EmailTo and EmailSubject). A zero e.At is
// the store's now.
func (s *Store) AddLeadEvent(ctx context.Context, tx *sql.Tx, id int64, e listing.LeadEvent) error {
	if e.At.IsZero() {
		e.At = s.now()
	}
	return s.wrap(execEvent(ctx, txExec{tx, insertEventSQL}, id, e))
}

// LeadTimeline returns the timeline of the lead id, oldest first; an
// unknown lead is listing.ErrNotFound.
func (s *Store) LeadTimeline(ctx context.Context, id int64) (_ []listing.LeadEvent, err error) {
	defer opError(&err, "lead timeline")
	ls := []listing.Lead{{ID: id}}
	if err := s.fillTimelines(ctx, s.read, ls); err != nil {
		return nil, err
	}
	if len(ls[0].Timeline) == 0 {
		// Every lead has its creation: none means no lead.
		var one int
		if err := s.read.QueryRowContext(ctx, `SELECT 1 FROM leads WHERE id = $1`, id).Scan(&one); err != nil {
			return nil, s.wrap(err)
		}
	}
	return ls[0].Timeline, nil
}

// fillTimelines reads the timelines of ls in one query per
// retentionBatch leads.
func (s *Store) fillTimelines(ctx context.Context, q queryer, ls []listing.Lead) error {
	at := make(map[int64]int, len(ls))
	for i := range ls {
		at[ls[i].ID] = i
		ls[i].Timeline = []listing.LeadEvent{}
	}
	for start := 0; start < len(ls); start += retentionBatch {
		chunk := ls[start:min(len(ls), start+retentionBatch)]
		marks := make([]string, len(chunk))
		args := make([]any, len(chunk))
		for i, l := range chunk {
			marks[i], args[i] = "$"+strconv.Itoa(i+1), l.ID
		}
		rows, err := q.QueryContext(ctx, `SELECT id, lead_id, kind, at, actor, actor_name, data FROM lead_events
WHERE lead_id IN (`+strings.Join(marks, ", ")+`) ORDER BY lead_id, at, id`, args...)
		if err != nil {
			return s.wrap(err)
		}
		for rows.Next() {
			var e listing.LeadEvent
			var lead int64
			var by, byName sql.NullString
			var data string
			if err := rows.Scan(&e.ID, &lead, &e.Kind, &e.At, &by, &byName, &data); err != nil {
				rows.Close()
				return s.wrap(err)
			}
			var d eventData
			if err := json.Unmarshal([]byte(data), &d); err != nil {
				rows.Close()
				return s.wrap(err)
			}
			e.At, e.By = e.At.UTC(), scanActor(by, byName)
			e.Source, e.AssigneeID, e.AssigneeName, e.PreviousID, e.PreviousName, e.Rule = d.Source, d.AssigneeID,
				d.AssigneeName, d.PreviousID, d.PreviousName, d.Rule
			e.From, e.To, e.Text, e.EmailTo, e.EmailSubject = d.From, d.To, d.Text, d.EmailTo, d.EmailSubject
			if d.VisitStartsAt != nil && d.VisitEndsAt != nil {
				e.Visit = listing.LeadVisit{StartsAt: d.VisitStartsAt.UTC(), EndsAt: d.VisitEndsAt.UTC(), Status: d.VisitStatus}
			}
			l := &ls[at[lead]]
			l.Timeline = append(l.Timeline, e)
		}
		if err := rows.Err(); err != nil {
			rows.Close()
			return s.wrap(err)
		}
		if err := rows.Close(); err != nil {
			return s.wrap(err)
		}
	}
	return nil
}

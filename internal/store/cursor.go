package store

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"time"

	"github.com/google/uuid"
)

// PropertyCursor is the sort key of one row of a property list: the list
// that continues after it starts with the next row in the list's order.
// Featured is part of the public list's key only.
type PropertyCursor struct {
	Featured  bool
	CreatedAt time.Time
	ID        string
}

// A cursor's text is the base64url form (no padding) of 25 bytes: the
// list it belongs to (cursorAdmin, cursorPublic, or cursorPublic+1 when
// featured), created_at in microseconds since 1970 (big-endian, signed)
// and the id's 16 bytes. The strict decoder gives every cursor one text.
const (
	cursorAdmin  = 1
	cursorPublic = 2
	cursorLen    = 1 + 8 + 16
)

var cursorEncoding = base64.RawURLEncoding.Strict()

// ErrBadCursor is returned by ParsePropertyCursor for a text that no list
// of that kind handed out.
var ErrBadCursor = errors.New("store: malformed cursor")

// Cursor returns the text of c as a cursor of the admin list (admin) or of
// the public list.
func (c PropertyCursor) Cursor(admin bool) string {
	b := make([]byte, cursorLen)
	switch {
	case admin:
		b[0] = cursorAdmin
	case c.Featured:
		b[0] = cursorPublic + 1
	default:
		b[0] = cursorPublic
	}
	binary.BigEndian.PutUint64(b[1:9], uint64(c.CreatedAt.UnixMicro()))
	id := uuid.MustParse(c.ID) // every stored id is a UUID
	copy(b[9:], id[:])
	return cursorEncoding.EncodeToString(b)
}

// ParsePropertyCursor reads a cursor of the admin list (admin) or of the
// public list, as Cursor wrote it.
func ParsePropertyCursor(text string, admin bool) (PropertyCursor, error) {
	var c PropertyCursor
	if len(text) != cursorEncoding.EncodedLen(cursorLen) {
		return c, ErrBadCursor
	}
	b, err := cursorEncoding.DecodeString(text)
	if err != nil || len(b) != cursorLen {
		return c, ErrBadCursor
	}
	switch {
	case admin && b[0] == cursorAdmin:
	case !admin && (b[0] == cursorPublic || b[0] == cursorPublic+1):
		c.Featured = b[0] == cursorPublic+1
	default:
		return c, ErrBadCursor
	}
	c.CreatedAt = time.UnixMicro(int64(binary.BigEndian.Uint64(b[1:9]))).UTC()
	if y := c.CreatedAt.Year(); y < 1 || y > 9999 {
		// Outside the years that both databases store and SQLite's text
		// form of a time orders correctly.
		return PropertyCursor{}, ErrBadCursor
	}
	c.ID = uuid.UUID(b[9:]).String()
	return c, nil
}

// LeadCursor is the sort key of one lead of the inbox (newest first):
// the page that continues after it starts with the next older lead.
type LeadCursor struct {
	CreatedAt time.Time
	ID        int64
}

// A lead cursor's text is the base64url form (no padding) of 17 bytes:
// cursorLead, created_at in microseconds since 1970 and the id, both
// big-endian.
const (
	cursorLead    = 3
	leadCursorLen = 1 + 8 + 8
)

// Cursor returns the text of c.
func (c LeadCursor) Cursor() string {
	b := make([]byte, leadCursorLen)
	b[0] = cursorLead
	binary.BigEndian.PutUint64(b[1:9], uint64(c.CreatedAt.UnixMicro()))
	binary.BigEndian.PutUint64(b[9:], uint64(c.ID))
	return cursorEncoding.EncodeToString(b)
}

// ParseLeadCursor reads a cursor as LeadCursor.Cursor wrote it.
func ParseLeadCursor(text string) (LeadCursor, error) {
	var c LeadCursor
	if len(text) != cursorEncoding.EncodedLen(leadCursorLen) {
		return c, ErrBadCursor
	}
	b, err := cursorEncoding.DecodeString(text)
	if err != nil || len(b) != leadCursorLen || b[0] != cursorLead {
		return c, ErrBadCursor
	}
	c.CreatedAt = time.UnixMicro(int64(binary.BigEndian.Uint64(b[1:9]))).UTC()
	c.ID = int64(binary.BigEndian.Uint64(b[9:]))
	if y := c.CreatedAt.Year(); y < 1 || y > 9999 || c.ID <= 0 {
		return LeadCursor{}, ErrBadCursor
	}
	return c, nil
}

package feedtest

import (
	"io"
	"strings"
	"sync/atomic"

	"github.com/vitrine/vitrine/internal/feed"
)

// Where is the place of a Nested document's nesting.
type Where int

const (
	// InHeader nests the elements in the Header, outside the listings.
	InHeader Where = iota
	// InListing nests them in a Listing, after its ListingID.
	InListing
)

// Doc is a generated document, made as it is read and never held
// whole: a test can send a file of any size with flat memory, and see
// how much of it a reader took.
type Doc struct {
	r    io.Reader
	size int64
	read atomic.Int64
}

func (d *Doc) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	d.read.Add(int64(n))
	return n, err
}

// Size is the document's length in bytes.
func (d *Doc) Size() int64 { return d.size }

// Consumed is how many of its bytes were read so far.
func (d *Doc) Consumed() int64 { return d.read.Load() }

// Nested is a well-formed VRSync document in which depth elements nest in
// one another at where, then close: 7 bytes a level.
func Nested(where Where, depth int) *Doc {
	head := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<ListingDataFeed xmlns="` + feed.Namespace + `">` +
		`<Header><Provider>Imobiliária de teste</Provider>`
	tail := `<Listings><Listing><ListingID>N-2</ListingID></Listing></Listings></ListingDataFeed>` + "\n"
	if where == InHeader {
		tail = `</Header>` + tail
	} else {
		head += `</Header><Listings><Listing><ListingID>N-1</ListingID>`
		tail = `</Listing></Listings></ListingDataFeed>` + "\n"
	}
	open, close := &repeat{unit: "<a>", n: depth}, &repeat{unit: "</a>", n: depth}
	return &Doc{
		r:    io.MultiReader(strings.NewReader(head), open, close, strings.NewReader(tail)),
		size: int64(len(head) + len(tail) + depth*(len(open.unit)+len(close.unit))),
	}
}

// repeat reads as unit written n times.
type repeat struct {
	unit string
	n    int // units left, the first of them from off
	off  int
}

func (r *repeat) Read(p []byte) (int, error) {
	total := 0
	for len(p) > 0 && r.n > 0 {
		c := copy(p, r.unit[r.off:])
		p, total, r.off = p[c:], total+c, r.off+c
		if r.off == len(r.unit) {
			r.off, r.n = 0, r.n-1
		}
	}
	if total == 0 && r.n == 0 {
		return 0, io.EOF
	}
	return total, nil
}

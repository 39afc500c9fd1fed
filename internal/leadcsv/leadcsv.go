// Package leadcsv writes the leads export, a CSV file, in one of two
// formats: Excel, what a spreadsheet in Brazilian Portuguese opens right
// with a double click (';' between cells, a UTF-8 byte order mark, times
// in the agency's time zone, statuses in Portuguese), and RFC4180, the
// plain file for tools (',' between cells, UTC RFC 3339 times, the API's
// codes). Both have the same columns, and both quote every cell and
// defuse the ones a spreadsheet could run as a formula.
package leadcsv

import (
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Format is a way of writing the file.
type Format string

// The formats.
const (
	Excel   Format = "excel"
	RFC4180 Format = "rfc4180"
)

// ParseFormat reads a format's name; "" is Excel.
func ParseFormat(s string) (Format, bool) {
	switch Format(s) {
	case "", Excel:
		return Excel, true
	case RFC4180:
		return RFC4180, true
	}
	return "", false
}

// Columns are the file's header: new columns go at the end, so that a
// tool that reads the plain file by position keeps working.
var Columns = []string{"id", "criado_em", "imovel_id", "imovel_slug", "imovel_titulo", "nome", "email", "telefone", "mensagem",
	"entrega", "status", "nota", "responsavel", "historico", "imovel_codigo", "aceita_marketing", "consentimento_em",
	"origem", "temperatura", "interesse"}

// bom is the UTF-8 byte order mark: without it Excel reads the file in
// the system's code page, and "João" comes out as "JoÃ£o".
const bom = "\uFEFF"

// excelTime is how a time reads in an Excel cell in pt-BR, which takes it
// for a date and time.
const excelTime = "02/01/2006 15:04"

// Writer writes leads to an io.Writer, one line each, as they come.
type Writer struct {
	w    io.Writer
	f    Format
	zone *time.Location
	line []byte
}

// NewWriter returns a writer of format f to w.
func NewWriter(w io.Writer, f Format) *Writer {
	return &Writer{w: w, f: f, zone: listing.AgencyZone()}
}

// ContentType is the file's media type.
const ContentType = "text/csv; charset=utf-8"

// Filename is the file's name for a download on day now.
func (w *Writer) Filename(now time.Time) string {
	return "leads-" + now.In(w.zone).Format(time.DateOnly) + ".csv"
}

// WriteHeader writes what starts the file: the byte order mark (Excel)
// and the header line.
func (w *Writer) WriteHeader() error {
	w.line = w.line[:0]
	if w.f == Excel {
		w.line = append(w.line, bom...)
	}
	w.line = w.cells(w.line, Columns...)
	_, err := w.w.Write(w.line)
	return err
}

// Write writes the line of l.
func (w *Writer) Write(l listing.Lead) error {
	status, delivery, consent := string(l.Status), string(l.Delivery.Status), strconv.FormatBool(l.MarketingConsent)
	if w.f == Excel {
		status, delivery, consent = l.Status.Label(), l.Delivery.Status.Label(), "não"
		if l.MarketingConsent {
			consent = "sim"
		}
	}
	// Where the lead came from, and what a portal said of it: the API's
	// codes in the plain file, the back office's words for Excel.
	origin, temperature, business := "site", l.Portal.Temperature, string(l.Portal.Business)
	if l.Portal.FromPortal() {
		origin = string(l.Portal.Origin)
	}
	if w.f == Excel {
		temperature = listing.TemperatureLabel(temperature)
		if origin = "Site"; l.Portal.FromPortal() {
			origin = l.Portal.Origin.Name()
		}
		if l.Portal.Business == listing.BusinessSale {
			business = "compra"
		}
	}
	w.line = w.cells(w.line[:0], strconv.FormatInt(l.ID, 10), w.when(l.CreatedAt), l.PropertyID,
		l.PropertySlug, l.PropertyTitle, l.Name, l.Email, l.Phone, l.Message, delivery,
		status, l.Note, l.AssignedTo.Name, w.timeline(l.Timeline), l.PropertyCode, consent, w.when(l.ConsentAt),
		origin, temperature, business)
	_, err := w.w.Write(w.line)
	return err
}

// when writes t in the format's way; "" for the zero time.
func (w *Writer) when(t time.Time) string {
	switch {
	case t.IsZero():
		return ""
	case w.f == Excel:
		return t.In(w.zone).Format(excelTime)
	}
	return t.UTC().Format(time.RFC3339)
}

// timeline is a lead's timeline in one cell: an event a line, its time,
// then what happened, in the back office's words.
func (w *Writer) timeline(events []listing.LeadEvent) string {
	var b strings.Builder
	for i, e := range events {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(w.when(e.At))
		b.WriteByte(' ')
		b.WriteString(listing.DescribeEvent(e))
	}
	return b.String()
}

// cells appends to b the line of cells, ending in "\n". Every cell is
// quoted, so that no ',' or ';' in it starts another cell whichever
// separator the spreadsheet uses, and defused (see needsDefusing).
func (w *Writer) cells(b []byte, cells ...string) []byte {
	sep := byte(',')
	if w.f == Excel {
		sep = ';'
	}
	for i, c := range cells {
		if i > 0 {
			b = append(b, sep)
		}
		b = append(b, '"')
		if needsDefusing(c) {
			b = append(b, '\'')
		}
		for j := 0; j < len(c); j++ {
			if c[j] == '"' {
				b = append(b, '"')
			}
			b = append(b, c[j])
		}
		b = append(b, '"')
	}
	return append(b, '\n')
}

// needsDefusing reports whether a spreadsheet could run the text s as a
// formula (CSV injection): whether s, one of its lines, or one of the
// pieces a ',' or ';' separates (Brazilian spreadsheets split on ';')
// starts with '=', '+', '-', '@', a tab or a carriage return. Such a cell
// is written with a "'" before it, which keeps it text; no cell is
// otherwise changed.
func needsDefusing(s string) bool {
	start := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if start && strings.IndexByte("=+-@\t\r", c) >= 0 {
			return true
		}
		start = strings.IndexByte("\n\r,;", c) >= 0
	}
	return false
}

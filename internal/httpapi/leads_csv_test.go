package httpapi_test

import (
	"context"
	"encoding/csv"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// exportCSV reads the leads export at path (query included) from s as
// the administrator, and returns its records.
func exportCSV(t *testing.T, s *stack, path string) (*httptest.ResponseRecorder, [][]string) {
	t.Helper()
	rec := s.Admin("GET", path, nil)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
		t.Fatalf("%s: %d %s: %.300s", path, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	return rec, readCSV(t, rec.Body.String())
}

// readCSV reads an export as a spreadsheet would: the Excel format (a
// byte order mark, then ';' between cells), or the plain one (',').
func readCSV(t *testing.T, body string) [][]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(body))
	if rest, ok := strings.CutPrefix(body, "\uFEFF"); ok {
		r = csv.NewReader(strings.NewReader(rest))
		r.Comma = ';'
	}
	records, err := r.ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%.300s", err, body)
	}
	return records
}

// TestLeadsCSVEveryLead exports more leads than the export used to cut at
// (10,000): every one comes out, once, newest first, on both databases;
// a client that pages gets its page. Under -short (make test-fast) the
// export is of some thousands, still several of the store's reads.
func TestLeadsCSVEveryLead(t *testing.T) {
	t.Parallel()
	n := 10_000 + 1_001
	if testing.Short() {
		n = 2_001
	}
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d}.Start(t)
			p := s.Property("Casa Fuzz", "casa-fuzz")
			storetest.CreateLeads(t, s.Store, n, func(int) string { return p.Slug })

			_, records := exportCSV(t, s, "/api/admin/leads.csv")
			if len(records) != n+1 || strings.Join(records[0], ",") != "id,criado_em,imovel_id,imovel_slug,imovel_titulo,nome,email,telefone,mensagem,entrega,status,nota,responsavel,historico,imovel_codigo,aceita_marketing,consentimento_em,origem,temperatura,interesse" {
				t.Fatalf("%d records, want the header and %d leads; header %v", len(records), n, records[0])
			}
			last := int64(1 << 62)
			for _, rec := range records[1:] {
				id, err := strconv.ParseInt(rec[0], 10, 64)
				if err != nil || id >= last {
					t.Fatalf("lead %s after %d: not newest first, or twice", rec[0], last)
				}
				last = id
			}
			_, records = exportCSV(t, s, "/api/admin/leads.csv?property_id="+p.ID)
			if len(records) != n+1 {
				t.Errorf("the property's export: %d records, want %d", len(records), n+1)
			}
			_, records = exportCSV(t, s, "/api/admin/leads.csv?page=3&per_page=7")
			if len(records) != 8 {
				t.Errorf("page 3 of 7: %d records, want the header and 7", len(records))
			}
			_, records = exportCSV(t, s, "/api/admin/leads.csv?property_id=00000000-0000-0000-0000-000000000000")
			if len(records) != 1 {
				t.Errorf("a property without leads: %d records, want the header alone", len(records))
			}
		})
	}
}

// TestLeadsCSVDefused: in the plain format, a cell that a spreadsheet could run as a formula,
// in any of its lines or pieces between ',' or ';', is written with a "'"
// before it; every other cell is written as it is stored. Every cell is
// quoted, so no ',' or ';' in it starts another cell.
func TestLeadsCSVDefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, httpapi.Config{})
	p := e.create(storetest.Apartment("Casa"))
	const msg = "Quero visitar o imóvel."
	cases := []struct {
		name, phone, message string
		defused              string // which of the three is defused
	}{
		{"Ana", "+55 48 9999-0000", msg, "phone"},
		{"Ana", "(48) 9999-0000", msg, ""},
		{"Ana", "48 9999-0000", msg, ""},
		{`=HYPERLINK("http://x","y")`, "", msg, "name"},
		{"@SUM(1+1)", "", msg, "name"},
		{"-Ana", "", msg, "name"},
		{"+Ana", "", msg, "name"},
		{"Ana;=1+1", "", msg, "name"},
		{"Ana,=1+1", "", msg, "name"},
		{"Ana;-1", "", msg, "name"},
		{"Ana,@x", "", msg, "name"},
		{"Ana; =1+1", "", msg, ""},
		{"Ana, Bia", "", msg, ""},
		{"Ana=Bia", "", msg, ""},
		{"Ana-Bia", "", msg, ""},
		{"Ana", "", "Linha um\n=1+1 na segunda", "message"},
		{"Ana", "", "Linha um\r\n-item da lista", "message"},
		{"Ana", "", "Linha um\n\tcom tab no início", "message"},
		{"Ana", "", "Linha um;\rsó um CR", "message"},
		{"Ana", "", "Linha um\n\r\nlinha três", "message"},
		{"Ana", "", "Valor de 10-20 mil, ok?", ""},
		{"Ana", "", "Com\ttab no meio e \"aspas\"; e vírgula, normal", ""},
		{"Ana", "", "Linha um\r\nlinha dois\n e três", ""},
	}
	// The staff's notes are cells like any other: the first lead's is
	// defused, the second's is not.
	notes := map[int]struct {
		status  listing.LeadStatus
		note    string
		defused bool
	}{0: {listing.LeadOpen, "-ligar amanhã; =1+1", true}, 1: {listing.LeadDone, "Cliente pediu fotos, 2-3 quartos", false}}
	for i, c := range cases {
		in := listing.LeadInput{Name: c.name, Email: "ana@example.com", Phone: c.phone, Message: c.message}
		id, err := e.Store.CreateLead(context.Background(), p.Slug, in)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if n, ok := notes[i]; ok {
			if _, err := e.Store.UpdateLead(context.Background(), id, listing.LeadUpdate{Status: &n.status, Note: &n.note}); err != nil {
				t.Fatal(err)
			}
		}
	}
	stored, err := e.Store.Leads(context.Background(), store.LeadFilter{Page: 1, PerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	r := e.admin("GET", "/api/admin/leads.csv?format=rfc4180", nil)
	expect(t, r, 200, "")
	records, err := csv.NewReader(strings.NewReader(string(r.body))).ReadAll()
	if err != nil || len(records) != len(cases)+1 || len(stored.Items) != len(cases) {
		t.Fatalf("%d records (%v), want %d:\n%s", len(records), err, len(cases)+1, r.body)
	}
	for k, c := range cases {
		l := stored.Items[len(cases)-1-k] // newest first
		want := []string{strconv.FormatInt(l.ID, 10), l.CreatedAt.Format(time.RFC3339), p.ID, p.Slug, p.Title,
			c.name, "ana@example.com", c.phone, c.message, string(l.Delivery.Status), "novo", "", "",
			l.CreatedAt.Format(time.RFC3339) + " Contato recebido pelo site", "AP-0042", "false", "", "site", "", ""}
		col := map[string]int{"name": 5, "phone": 7, "message": 8}
		if c.defused != "" {
			want[col[c.defused]] = "'" + want[col[c.defused]]
		}
		if n, ok := notes[k]; ok {
			want[10], want[11] = string(n.status), n.note
			label := map[listing.LeadStatus]string{listing.LeadOpen: "em atendimento", listing.LeadDone: "concluído"}[n.status]
			at := l.UpdatedAt.Format(time.RFC3339)
			want[13] += "\n" + at + " Status: novo → " + label + "\n" + at + " Nota: " + n.note
			if n.defused {
				want[11] = "'" + n.note
			}
		}
		// encoding/csv reads a quoted "\r\n" as "\n": the text as sent is
		// checked in the body.
		if !strings.Contains(string(r.body), `,"`+strings.ReplaceAll(want[8], `"`, `""`)+`",`) {
			t.Errorf("lead %d: no message cell %q in the export", l.ID, want[8])
		}
		want[8] = strings.ReplaceAll(want[8], "\r\n", "\n")
		if got := records[len(cases)-k]; strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("lead %d:\n%q\nwant\n%q", l.ID, got, want)
		}
	}
	// Every cell is quoted, defused or not, so a ';' never splits one.
	for _, quoted := range []string{`"id","criado_em",`, `,"'Ana;=1+1",`, `,"Ana; =1+1",`, `,"'+55 48 9999-0000",`, `,"(48) 9999-0000",`} {
		if !strings.Contains(string(r.body), quoted) {
			t.Errorf("no %s in the export:\n%s", quoted, r.body)
		}
	}
}

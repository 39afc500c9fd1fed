package leadcsv_test

import (
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/leadcsv"
	"github.com/vitrine/vitrine/internal/listing"
)

// lead is one lead as the store reads it, with a timeline, a consent and
// a webhook delivery.
func lead() listing.Lead {
	at := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC) // 20:30 in São Paulo
	return listing.Lead{
		ID: 42, PropertyID: "01a2", PropertySlug: "casa-na-lagoa", PropertyTitle: "Casa na Lagoa", PropertyCode: "CA-0007",
		LeadInput: listing.LeadInput{Name: "João Ñandú", Email: "joao@example.com.br", Phone: "+5548999990000",
			Message: "Olá; quero visitar.\n=1+1", MarketingConsent: true},
		CreatedAt: at, ConsentAt: at,
		Delivery: listing.Delivery{Status: listing.DeliveryDelivered},
		Status:   listing.LeadOpen, Note: "Ligar amanhã",
		AssignedTo: listing.Actor{Kind: listing.ActorUser, Ref: "3", Name: "Bia Lima"},
		Timeline: []listing.LeadEvent{
			{Kind: listing.EventCreated, At: at, Source: "site"},
			{Kind: listing.EventStatus, At: at.Add(time.Hour), From: listing.LeadNew, To: listing.LeadOpen,
				By: listing.Actor{Kind: listing.ActorUser, Ref: "3", Name: "Bia Lima"}},
		},
	}
}

func write(t *testing.T, f leadcsv.Format) string {
	t.Helper()
	var b strings.Builder
	w := leadcsv.NewWriter(&b, f)
	if err := w.WriteHeader(); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(lead()); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestExcel: the file Excel in pt-BR opens right: the byte order mark,
// ';' between cells, São Paulo's time as a date Excel reads, Portuguese
// words, the property's code and the consent.
func TestExcel(t *testing.T) {
	out := write(t, leadcsv.Excel)
	rest, ok := strings.CutPrefix(out, "\uFEFF")
	if !ok {
		t.Fatalf("no byte order mark: %q", out[:10])
	}
	if !strings.HasPrefix(rest, `"id";"criado_em";`) {
		t.Errorf("not ';' between cells: %.40q", rest)
	}
	r := csv.NewReader(strings.NewReader(rest))
	r.Comma = ';'
	records, err := r.ReadAll()
	if err != nil || len(records) != 2 {
		t.Fatalf("%d records, %v", len(records), err)
	}
	got := map[string]string{}
	for i, c := range records[0] {
		got[c] = records[1][i]
	}
	for col, want := range map[string]string{
		"criado_em": "27/11/2026 20:30", "status": "em atendimento", "entrega": "entregue", "imovel_codigo": "CA-0007",
		"aceita_marketing": "sim", "consentimento_em": "27/11/2026 20:30", "nome": "João Ñandú", "responsavel": "Bia Lima",
		"mensagem":  "'Olá; quero visitar.\n=1+1",
		"historico": "27/11/2026 20:30 Contato recebido pelo site\n27/11/2026 21:30 Status: novo → em atendimento (por Bia Lima)",
	} {
		if got[col] != want {
			t.Errorf("%s = %q, want %q", col, got[col], want)
		}
	}
}

// TestRFC4180: the plain file for tools: ',' and no byte order mark, UTC
// RFC 3339 times, the API's codes; the same columns.
func TestRFC4180(t *testing.T) {
	out := write(t, leadcsv.RFC4180)
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(records) != 2 || strings.HasPrefix(out, "\uFEFF") {
		t.Fatalf("%d records, %v: %.20q", len(records), err, out)
	}
	if strings.Join(records[0], ",") != strings.Join(leadcsv.Columns, ",") {
		t.Errorf("header %v", records[0])
	}
	got := map[string]string{}
	for i, c := range records[0] {
		got[c] = records[1][i]
	}
	for col, want := range map[string]string{
		"criado_em": "2026-11-27T23:30:00Z", "status": "em_atendimento", "entrega": "delivered", "aceita_marketing": "true",
		"consentimento_em": "2026-11-27T23:30:00Z", "imovel_codigo": "CA-0007",
	} {
		if got[col] != want {
			t.Errorf("%s = %q, want %q", col, got[col], want)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]leadcsv.Format{"": leadcsv.Excel, "excel": leadcsv.Excel, "rfc4180": leadcsv.RFC4180} {
		if f, ok := leadcsv.ParseFormat(in); !ok || f != want {
			t.Errorf("ParseFormat(%q) = %q, %v", in, f, ok)
		}
	}
	for _, in := range []string{"xlsx", "EXCEL", "csv"} {
		if _, ok := leadcsv.ParseFormat(in); ok {
			t.Errorf("ParseFormat(%q) accepted", in)
		}
	}
}

// TestPortalColumns: a portal's lead says where it came from and what the
// portal said of it, in the back office's words for Excel and the API's
// codes in the plain file; a site lead says "site".
func TestPortalColumns(t *testing.T) {
	l := lead()
	l.Portal = listing.PortalLead{Origin: listing.PortalVivaReal, LeadID: "abc", Temperature: listing.TemperatureMedium,
		Business: listing.BusinessSale}
	for f, want := range map[leadcsv.Format][3]string{
		leadcsv.Excel:   {"VivaReal", "Média", "compra"},
		leadcsv.RFC4180: {"vivareal", "media", "venda"},
	} {
		var b strings.Builder
		w := leadcsv.NewWriter(&b, f)
		if err := w.WriteHeader(); err != nil {
			t.Fatal(err)
		}
		for _, x := range []listing.Lead{l, lead()} {
			if err := w.Write(x); err != nil {
				t.Fatal(err)
			}
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\uFEFF")))
		if f == leadcsv.Excel {
			r.Comma = ';'
		}
		records, err := r.ReadAll()
		if err != nil || len(records) != 3 {
			t.Fatalf("%s: %d records, %v", f, len(records), err)
		}
		n := len(leadcsv.Columns)
		if got := [3]string(records[1][n-3:]); got != want {
			t.Errorf("%s: portal lead's origem, temperatura, interesse = %q, want %q", f, got, want)
		}
		if site := records[2][n-3]; site != map[leadcsv.Format]string{leadcsv.Excel: "Site", leadcsv.RFC4180: "site"}[f] {
			t.Errorf("%s: site lead's origem = %q", f, site)
		}
	}
}

package seo_test

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/seo"
)

// results is the second page of 30 sale results in Florianópolis, 12 a
// page.
func results() seo.Results {
	r := seo.Results{Base: base, Path: "/imoveis/venda/florianopolis-sc?page=2",
		Prev: "/imoveis/venda/florianopolis-sc", Next: "/imoveis/venda/florianopolis-sc?page=3",
		Heading: seo.ResultsHeading("", listing.BusinessSale, "Florianópolis", "SC", ""),
		Crumbs: []seo.Crumb{{"Início", base + "/"},
			{"Imóveis à venda em Florianópolis – SC", base + "/imoveis/venda/florianopolis-sc"}},
		Page: 2, Total: 30, Offset: 12, Index: true, Agency: agency}
	for i := range 12 {
		r.Items = append(r.Items, seo.ResultItem{Title: "Casa " + string(rune('A'+i)), Slug: "casa-" + string(rune('a'+i)),
			Price: "R$ 450.000", Summary: "Casa · 3 quartos · Centro, Florianópolis – SC"})
	}
	return r
}

func TestResultsHeading(t *testing.T) {
	for _, c := range []struct {
		subtype      string
		business     listing.Business
		neighborhood string
		want         string
	}{
		{"", listing.BusinessSale, "", "Imóveis à venda em Florianópolis – SC"},
		{"", listing.BusinessRent, "Centro", "Imóveis para alugar em Centro, Florianópolis – SC"},
		{"Apartamento", listing.BusinessRent, "", "Apartamentos para alugar em Florianópolis – SC"},
		{"", "", "", "Imóveis em Florianópolis – SC"},
	} {
		if got := seo.ResultsHeading(c.subtype, c.business, "Florianópolis", "SC", c.neighborhood); got != c.want {
			t.Errorf("ResultsHeading(%q, %q, %q) = %q, want %q", c.subtype, c.business, c.neighborhood, got, c.want)
		}
	}
}

func TestResultsHead(t *testing.T) {
	var html bytes.Buffer
	if err := seo.ResultsHead(results()).Render(&html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	for _, line := range []string{
		"<title>Imóveis à venda em Florianópolis – SC, página 2 — Imobiliária Ilha</title>",
		`<link rel="canonical" href="https://imoveis.example.com/imoveis/venda/florianopolis-sc?page=2">`,
		`<link rel="prev" href="https://imoveis.example.com/imoveis/venda/florianopolis-sc">`,
		`<link rel="next" href="https://imoveis.example.com/imoveis/venda/florianopolis-sc?page=3">`,
		`<meta name="description" content="30 imóveis à venda em Florianópolis – SC, com fotos, preços e contato direto com Imobiliária Ilha.">`,
	} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("head lacks %s:\n%s", line, out)
		}
	}
	if strings.Contains(out, "noindex") {
		t.Errorf("an indexable page says noindex:\n%s", out)
	}
	_, script, _ := strings.Cut(out, `<script type="application/ld+json">`)
	script, _, _ = strings.Cut(script, "</script>")
	var doc map[string]any
	if err := json.Unmarshal([]byte(script), &doc); err != nil {
		t.Fatalf("structured data is not JSON: %v\n%s", err, script)
	}
	page := node(t, doc, "CollectionPage")
	list := page["mainEntity"].(map[string]any)
	want(t, "list type", list["@type"], "ItemList")
	want(t, "numberOfItems", list["numberOfItems"], float64(30))
	items := list["itemListElement"].([]any)
	want(t, "items", len(items), 12)
	want(t, "first item", items[0], obj("@type", "ListItem", "position", float64(13),
		"url", base+"/imoveis/casa-a", "name", "Casa A"))
	crumbs := node(t, doc, "BreadcrumbList")["itemListElement"].([]any)
	want(t, "last crumb", crumbs[1], obj("@type", "ListItem", "position", float64(2),
		"name", "Imóveis à venda em Florianópolis – SC", "item", base+"/imoveis/venda/florianopolis-sc"))
}

func TestResultsHeadFirstAndFilteredPages(t *testing.T) {
	r := results()
	r.Page, r.Offset, r.Prev, r.Index = 1, 0, "", false
	r.Path = "/imoveis/venda/florianopolis-sc?bedrooms=2"
	var html bytes.Buffer
	if err := seo.ResultsHead(r).Render(&html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	if strings.Contains(out, "página") || strings.Contains(out, `rel="prev"`) {
		t.Errorf("the first page names a page number or a previous page:\n%s", out)
	}
	if !strings.Contains(out, `<meta name="robots" content="noindex, follow">`) {
		t.Errorf("a filtered page is not noindex, follow:\n%s", out)
	}
}

func TestResultsDescription(t *testing.T) {
	r := results()
	for _, total := range []int{0, 1, 1234567} {
		r.Total = total
		r.Agency.Name = strings.Repeat("Imobiliária ", 20)
		d := seo.ResultsHead(r).Description
		if n := utf8.RuneCountInString(d); n > 160 {
			t.Errorf("description of %d runes: %q", n, d)
		}
		if total == 1234567 && !strings.HasPrefix(d, "1.234.567 imóveis") {
			t.Errorf("description %q does not count 1.234.567", d)
		}
	}
}

func TestResultsBody(t *testing.T) {
	r := results()
	r.Items[0].Title = `Casa <script>alert(1)</script> & "aspas"`
	var html bytes.Buffer
	if err := r.RenderBody(&html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	if strings.Contains(out, "<script>") {
		t.Errorf("markup out of a title:\n%s", out)
	}
	if n := strings.Count(out, `<li><a href="/imoveis/casa-`); n != 12 {
		t.Errorf("%d result links, want 12:\n%s", n, out)
	}
	for _, s := range []string{"<h1>Imóveis à venda em Florianópolis – SC</h1>", "<p>30 imóveis encontrados</p>",
		`<a rel="prev" href="/imoveis/venda/florianopolis-sc">Anterior</a>`,
		`<a rel="next" href="/imoveis/venda/florianopolis-sc?page=3">Próxima</a>`,
		`Casa &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;aspas&#34;`} {
		if !strings.Contains(out, s) {
			t.Errorf("body lacks %s:\n%s", s, out)
		}
	}
	r.Items, r.Total, r.Prev, r.Next = nil, 0, "", ""
	html.Reset()
	if err := r.RenderBody(&html); err != nil {
		t.Fatal(err)
	}
	if out := html.String(); !strings.Contains(out, "Nenhum imóvel encontrado") || strings.Contains(out, "<ol>\n") {
		t.Errorf("empty page:\n%s", out)
	}
}

func TestPriceText(t *testing.T) {
	for _, c := range []struct {
		m       listing.Money
		monthly bool
		want    string
	}{
		{45000050, false, "R$ 450.000"},
		{250000, true, "R$ 2.500/mês"},
		{99, false, "R$ 0"},
		{123456789012, false, "R$ 1.234.567.890"},
	} {
		if got := seo.PriceText(c.m, c.monthly); got != c.want {
			t.Errorf("PriceText(%d, %v) = %q, want %q", c.m, c.monthly, got, c.want)
		}
	}
}

// TestPluralNameMatchesClient: the server names a subtype's results as
// the client does, over the client's own table of names.
func TestPluralNameMatchesClient(t *testing.T) {
	src, err := os.ReadFile("../../web/src/search/searchTitle.test.ts")
	if err != nil {
		t.Fatal(err)
	}
	pairs := regexp.MustCompile(`\['(\p{Lu}[^']*)', '(\p{Lu}[^']*)'\],`).FindAllStringSubmatch(string(src), -1)
	if len(pairs) < 5 {
		t.Fatalf("found %d plural pairs in searchTitle.test.ts", len(pairs))
	}
	for _, p := range pairs {
		if got := seo.PluralName(p[1]); got != p[2] {
			t.Errorf("PluralName(%q) = %q; the client says %q", p[1], got, p[2])
		}
	}
	title, err := os.ReadFile("../../web/src/search/searchTitle.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(title), "`, página ${s.page}`") {
		t.Error("searchTitle.ts no longer writes the page as ResultsHead does")
	}
}

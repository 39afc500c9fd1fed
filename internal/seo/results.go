package seo

import (
	"html/template"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/listing"
)

// Results is what a search-results page is made from: the page of a
// business in a city or a neighborhood (/imoveis/venda/florianopolis-sc),
// as a crawler that runs no JavaScript reads it.
type Results struct {
	Base string // the site's address, without a trailing slash
	// Path is the page's own address, path and canonical query
	// ("/imoveis/venda/florianopolis-sc?page=2"); Prev and Next are its
	// neighbours' ("" when there is none).
	Path, Prev, Next string
	// Heading names the search: "Imóveis à venda em Centro, Florianópolis – SC".
	Heading string
	// Crumbs lead from the home page to this page, its own step last.
	Crumbs []Crumb
	// Page is the page's number, from 1; Total counts every result;
	// Offset is the number of results on the pages before this one.
	Page, Total, Offset int
	Items               []ResultItem
	// Index is false for a page search engines should not keep (one
	// narrowed by filters beyond its place, or sorted): it is marked
	// noindex, and its links are still followed.
	Index  bool
	Agency listing.Agency // the zero Agency when it was never set
}

// ResultItem is one property in a results page.
type ResultItem struct {
	Title, Slug string
	// Price is the asking price as a visitor reads it: "R$ 450.000" or
	// "R$ 2.500/mês".
	Price string
	// Summary is the facts and the place on one line:
	// "Apartamento · 2 quartos · 68 m² · Centro, Florianópolis – SC".
	Summary string
}

// URL is the results page's address.
func (r Results) URL() string { return r.Base + r.Path }

// ResultsHeading names a search for its page's title and heading, in the
// words the client's searchHeading (web/src/search/searchTitle.ts) uses:
// what (a subtype's name in the plural, or "Imóveis"), the business, and
// where.
func ResultsHeading(subtype string, business listing.Business, city, state, neighborhood string) string {
	what := "Imóveis"
	if subtype != "" {
		what = PluralName(subtype)
	}
	switch business {
	case listing.BusinessSale:
		what += " à venda"
	case listing.BusinessRent:
		what += " para alugar"
	}
	where := listing.CityLabel(city, state)
	if neighborhood != "" {
		where = neighborhood + ", " + where
	}
	return what + " em " + where
}

// ResultsHead is the head of a results page: its title and description
// with the number of results, its canonical address, its neighbour pages
// (rel prev and next), and as structured data the ItemList of the page's
// results and the page's breadcrumb trail.
func ResultsHead(r Results) Head {
	title := r.Heading
	if r.Page > 1 {
		title += ", página " + strconv.Itoa(r.Page)
	}
	h := Head{PageTitle: Titled(title, r.Agency), Title: title, Description: r.description(),
		URL: r.URL(), Brand: BrandOf(r.Agency), LD: ResultsLD(r), NoIndex: !r.Index}
	if r.Prev != "" {
		h.Prev = r.Base + r.Prev
	}
	if r.Next != "" {
		h.Next = r.Base + r.Next
	}
	return h
}

// description says how many properties the page offers, and where, in at
// most 160 characters.
func (r Results) description() string {
	// The heading names the search ("Imóveis à venda em Centro,
	// Florianópolis – SC"): the count comes first and reads with it as a
	// sentence ("30 imóveis à venda em…"), so that it survives the cut.
	var lead string
	switch r.Total {
	case 0:
		lead = r.Heading + ": nenhuma opção disponível agora."
	case 1:
		lead = r.Heading + ": 1 opção, com fotos, preço e contato direto com " + agencyInText(r.Agency) + "."
	default:
		lead = Thousands(r.Total) + " " + lowerFirst(r.Heading) + ", com fotos, preços e contato direto com " + agencyInText(r.Agency) + "."
	}
	return truncate(lead, 160)
}

// prepositions end the words of a name that PluralName turns.
var prepositions = map[string]bool{"de": true, "do": true, "da": true, "dos": true, "das": true, "em": true,
	"no": true, "na": true, "com": true, "para": true, "sem": true}

// PluralName is a subtype's name in the plural, its words before the
// first preposition turned: "Apartamento" → "Apartamentos", "Sala
// comercial" → "Salas comerciais", "Casa em condomínio" → "Casas em
// condomínio"; pluralName of the client does the same.
func PluralName(name string) string {
	words := strings.Fields(name)
	for i, w := range words {
		if prepositions[strings.ToLower(w)] {
			break
		}
		words[i] = pluralWord(w)
	}
	return strings.Join(words, " ")
}

// pluralWord is one Portuguese noun or adjective in the plural, by its
// ending: casa → casas, comercial → comerciais, jardim → jardins,
// galpão → galpões.
func pluralWord(w string) string {
	lower := strings.ToLower(w)
	last, _ := utf8.DecodeLastRuneInString(lower)
	switch {
	case strings.HasSuffix(lower, "ão"):
		return strings.TrimSuffix(w, w[len(w)-len("ão"):]) + "ões"
	case strings.ContainsRune("aeiouáéíóúâêôãõ", last):
		return w + "s"
	case strings.HasSuffix(lower, "al"), strings.HasSuffix(lower, "el"), strings.HasSuffix(lower, "ol"), strings.HasSuffix(lower, "ul"):
		return w[:len(w)-1] + "is"
	case strings.HasSuffix(lower, "il"):
		return w[:len(w)-1] + "s"
	case last == 'm':
		return w[:len(w)-1] + "ns"
	case last == 'r', last == 'z':
		return w + "es"
	}
	return w
}

// lowerFirst lowers the first letter of s, as a heading reads after a
// count: "Apartamentos à venda" → "apartamentos à venda".
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// ResultsLD is the structured data of a results page: a CollectionPage
// whose mainEntity is the ItemList of the page's results (each a link to
// a property page, at its position in the whole list), and the page's
// BreadcrumbList.
func ResultsLD(r Results) map[string]any {
	items := make([]any, len(r.Items))
	for i, it := range r.Items {
		items[i] = map[string]any{"@type": "ListItem", "position": r.Offset + i + 1,
			"url": r.Base + "/imoveis/" + it.Slug, "name": it.Title}
	}
	list := map[string]any{"@type": "ItemList", "numberOfItems": r.Total, "itemListElement": items}
	page := map[string]any{"@type": "CollectionPage", "@id": r.URL() + "#pagina", "url": r.URL(), "name": r.Heading,
		"inLanguage": "pt-BR", "mainEntity": list}
	graph := []any{page}
	if len(r.Crumbs) > 0 {
		steps := make([]any, len(r.Crumbs))
		for i, c := range r.Crumbs {
			steps[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.Name, "item": c.URL}
		}
		graph = append(graph, map[string]any{"@type": crumbType, "itemListElement": steps})
	}
	return map[string]any{"@context": vocabulary, "@graph": graph}
}

// resultsBody is what a results page holds before the client's
// JavaScript runs (and all that a crawler that runs none reads): the
// heading, the count, every result as a link to its page, and the links
// to the neighbour pages. The client replaces it when it starts.
var resultsBody = template.Must(template.New("results").Parse(`<main class="ssr-results">
<nav aria-label="Trilha"><ol>{{range .Crumbs}}<li><a href="{{.URL}}">{{.Name}}</a></li>{{end}}</ol></nav>
<h1>{{.Heading}}</h1>
<p>{{.Count}}</p>
{{if .Items}}<ol>
{{range .Items}}<li><a href="/imoveis/{{.Slug}}">{{.Title}}</a> — {{.Price}} · {{.Summary}}</li>
{{end}}</ol>
{{end}}{{if or .Prev .Next}}<nav aria-label="Paginação">{{with .Prev}}<a rel="prev" href="{{.}}">Anterior</a> {{end}}{{with .Next}}<a rel="next" href="{{.}}">Próxima</a>{{end}}</nav>
{{end}}</main>`))

// RenderBody writes the page's body content (see resultsBody).
func (r Results) RenderBody(w io.Writer) error {
	return resultsBody.Execute(w, struct {
		Results
		Count string
	}{r, CountText(r.Total)})
}

// CountText says how many properties a search found, as the results page
// shows it.
func CountText(n int) string {
	switch n {
	case 0:
		return "Nenhum imóvel encontrado com esses filtros."
	case 1:
		return "1 imóvel encontrado"
	}
	return Thousands(n) + " imóveis encontrados"
}

// PriceText is an amount in whole reais as a visitor reads it,
// "R$ 450.000" (centavos are dropped: a listing's price has none worth
// reading), with "/mês" for a rent.
func PriceText(m listing.Money, monthly bool) string {
	s := "R$ " + Thousands(int(m/100))
	if monthly {
		s += "/mês"
	}
	return s
}

// Thousands writes n with dots between thousands, as Brazilians do:
// "1.250.000".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	return b.String()
}

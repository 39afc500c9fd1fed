package feed_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
)

// ready returns a property that meets every rule of the portals.
func ready() listing.Property {
	p := listing.Property{
		ID: "0b9f7c1e-3c1a-4f53-9d0e-5a8a1f0c2b11", Title: "Apartamento com vista para o mar", Slug: "apartamento-vista-mar",
		Code: "FLN-101", Type: "venda", Price: 189000050, Status: listing.StatusAvailable, IsActive: true,
		Description:  "Apartamento amplo, de frente para a Baía Norte, com varanda gourmet integrada à sala e três suítes.",
		Subtype:      listing.Subtype{Name: "Apartamento", Slug: "apartamento"},
		City:         listing.City{Name: "Florianópolis", Slug: "florianopolis", State: "SC"},
		Neighborhood: listing.Neighborhood{Name: "Centro", Slug: "centro"},
		CEP:          "88015200", Street: "Avenida Jornalista Rubens de Arruda Ramos", Number: "1500", Complement: "Apto 801",
		AddressVisibility: listing.ShowAll, Bedrooms: 3, Bathrooms: 3, Suites: 2, ParkingSpots: 2,
		UsefulAreaM2: listing.NullFloat{Float: 142.4, Valid: true}, TotalAreaM2: listing.NullFloat{Float: 190, Valid: true},
		CondoFee: listing.NullMoney{Money: 180000, Valid: true}, IPTU: listing.NullMoney{Money: 480000, Valid: true},
		IPTUPeriod: listing.IPTUYearly, Floor: listing.NullInt{Int: 8, Valid: true}, YearBuilt: listing.NullInt{Int: 2015, Valid: true},
		Latitude: listing.NullFloat{Float: -27.585, Valid: true}, Longitude: listing.NullFloat{Float: -48.5473, Valid: true},
		VideoURL: "https://www.youtube.com/watch?v=ScMzIvxBSi4", PublishToPortals: true,
		Amenities: []listing.Amenity{{Name: "Piscina", Slug: "piscina"}, {Name: "Ar-condicionado", Slug: "ar-condicionado"},
			{Name: "Adega", Slug: "adega"}},
	}
	for i := range 6 {
		p.Photos = append(p.Photos, listing.Photo{URL: fmt.Sprintf("https://fotos.example.com/%d.jpg", i), AltText: fmt.Sprintf("Foto %d", i), DisplayOrder: i})
	}
	return p
}

// fields returns the fields of problems, in order.
func fields(ps []feed.Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Field)
	}
	return out
}

// TestCheck checks every portal rule at its edges: what passes and what
// is refused, with the field each refusal names.
func TestCheck(t *testing.T) {
	t.Parallel()
	if ps := feed.Check(ready()); len(ps) != 0 {
		t.Fatalf("the ready property has problems: %+v", ps)
	}
	long := func(n int) string { return strings.Repeat("á", n) } // runes, not bytes
	uploaded := func(status listing.ImageStatus, url string) listing.Photo {
		return listing.Photo{URL: url, Image: &listing.Image{ID: strings.Repeat("a", 32), Status: status}}
	}
	cases := []struct {
		name string
		edit func(*listing.Property)
		want []string // the fields of the problems; nil when ready
	}{
		{"title of 9", func(p *listing.Property) { p.Title = long(9) }, []string{"title"}},
		{"title of 10", func(p *listing.Property) { p.Title = long(10) }, nil},
		{"title of 100", func(p *listing.Property) { p.Title = long(100) }, nil},
		{"title of 101", func(p *listing.Property) { p.Title = long(101) }, []string{"title"}},
		{"description of 49", func(p *listing.Property) { p.Description = long(49) }, []string{"description"}},
		{"description of 50", func(p *listing.Property) { p.Description = long(50) }, nil},
		{"description of 3000", func(p *listing.Property) { p.Description = long(3000) }, nil},
		{"description of 3001", func(p *listing.Property) { p.Description = long(3001) }, []string{"description"}},
		// No portal document found forbids contact data in a description
		// (vrsync/README.md): it neither blocks a listing nor is removed.
		{"contact data in the description", func(p *listing.Property) {
			p.Description += " Ligue (48) 99999-0000, escreva para venda@imobiliaria.com.br ou veja www.imobiliaria.com.br."
		}, nil},
		// No source asks for a postal code (VivaReal's own sample has none).
		{"no CEP", func(p *listing.Property) { p.CEP = "" }, nil},
		{"4 photos", func(p *listing.Property) { p.Photos = p.Photos[:4] }, []string{"photos"}},
		{"5 photos", func(p *listing.Property) { p.Photos = p.Photos[:5] }, nil},
		{"a png", func(p *listing.Property) { p.Photos[2].URL = "https://fotos.example.com/2.png" }, []string{"photos"}},
		{"a format chosen by the server", func(p *listing.Property) {
			p.Photos[1].URL = "https://images.unsplash.com/photo-1?auto=format&fit=crop&w=1200&q=80"
		}, []string{"photos"}},
		{"a JPEG asked of an image service", func(p *listing.Property) {
			p.Photos[1].URL = "https://images.unsplash.com/photo-1?fm=jpg&fit=crop&w=1200&q=80"
		}, nil},
		{"an upload ready is its JPEG", func(p *listing.Property) {
			p.Photos[0] = uploaded(listing.ImageReady, "https://vitrine.example.com/media/"+strings.Repeat("a", 32)+"-1600.jpg")
		}, nil},
		{"an upload processing is not counted", func(p *listing.Property) {
			p.Photos = append(p.Photos[:4], uploaded(listing.ImageProcessing, ""))
		}, []string{"photos"}},
		{"vimeo", func(p *listing.Property) { p.VideoURL = "https://vimeo.com/76979871" }, []string{"video_url"}},
		{"a video file", func(p *listing.Property) { p.VideoURL = "https://cdn.example.com/tour.mp4" }, []string{"video_url"}},
		{"youtu.be", func(p *listing.Property) { p.VideoURL = "https://youtu.be/ScMzIvxBSi4" }, nil},
		{"no video", func(p *listing.Property) { p.VideoURL = "" }, nil},
		{"inactive", func(p *listing.Property) { p.IsActive = false }, []string{"is_active"}},
		{"sold", func(p *listing.Property) { p.Status = listing.StatusSold }, []string{"status"}},
		{"rented", func(p *listing.Property) {
			p.Type, p.RentPrice, p.Status = "aluguel", listing.NullMoney{Money: 450000, Valid: true}, listing.StatusRented
		}, []string{"status"}},
		{"reserved", func(p *listing.Property) { p.Status = listing.StatusReserved }, nil},
		{"an old business", func(p *listing.Property) { p.Type = "Temporada" }, []string{"type"}},
		{"rent without its rent", func(p *listing.Property) { p.Type = "venda_aluguel" }, []string{"rent_price"}},
		{"sale for nothing", func(p *listing.Property) { p.Price = 0 }, []string{"price"}},
		{"a subtype the portals lack", func(p *listing.Property) {
			p.Subtype = listing.Subtype{Name: "Ilha particular", Slug: "ilha-particular"}
		}, []string{"subtype"}},
		{"a building without area", func(p *listing.Property) { p.UsefulAreaM2 = listing.NullFloat{} }, []string{"useful_area_m2"}},
		{"a lot with its total area", func(p *listing.Property) {
			p.Subtype, p.UsefulAreaM2 = listing.Subtype{Name: "Terreno", Slug: "terreno"}, listing.NullFloat{}
		}, nil},
		{"a lot without area", func(p *listing.Property) {
			p.Subtype, p.UsefulAreaM2, p.TotalAreaM2 = listing.Subtype{Name: "Terreno", Slug: "terreno"}, listing.NullFloat{}, listing.NullFloat{}
		}, []string{"total_area_m2"}},
		{"a code past 50", func(p *listing.Property) { p.Code = strings.Repeat("C", 51) }, []string{"code"}},
		{"not chosen for the portals is no problem", func(p *listing.Property) { p.PublishToPortals = false }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ready()
			c.edit(&p)
			got := feed.Check(p)
			if !slices.Equal(fields(got), c.want) {
				t.Errorf("problems %+v, want on %v", got, c.want)
			}
			for _, pr := range got {
				if pr.Message == "" || !strings.HasSuffix(pr.Message, ".") {
					t.Errorf("problem %+v: want a sentence for people", pr)
				}
			}
		})
	}
}

// TestCheckMessages pins the words the back office shows for a few
// problems, in Portuguese, naming what is wrong.
func TestCheckMessages(t *testing.T) {
	t.Parallel()
	p := ready()
	p.Title = "Curto"
	p.Photos = p.Photos[:3]
	p.VideoURL = "https://vimeo.com/1"
	var msgs []string
	for _, pr := range feed.Check(p) {
		msgs = append(msgs, pr.Message)
	}
	want := []string{
		"O título precisa ter entre 10 e 100 caracteres nos portais (tem 5).",
		"Os portais exigem ao menos 5 fotos (o imóvel tem 3).",
		"O vídeo precisa ser do YouTube: os portais não aceitam outro endereço (https://vimeo.com/1). Troque o vídeo ou deixe o campo vazio.",
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("messages\n%q\nwant\n%q", msgs, want)
	}
}

// TestOneVideo pins what makes "at most one YouTube video" hold: the
// model has one video address per property, so two videos cannot be
// asked for; the feed writes that one, after the photos.
func TestOneVideo(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	x := feed.NewWriter(&b, publisher, fixedTime)
	if ok, err := x.Add(ready()); !ok || err != nil {
		t.Fatal(ok, err)
	}
	x.Close()
	if n := strings.Count(b.String(), `medium="video"`); n != 1 {
		t.Errorf("%d video items, want 1", n)
	}
}

// TestCheckPublisher pins the agency's data every feed needs: with no
// e-mail the feed is not ready, says which agency field is missing, and
// carries no listing, since the portal would refuse each one.
func TestCheckPublisher(t *testing.T) {
	t.Parallel()
	if got := feed.CheckPublisher(publisher); len(got) != 0 {
		t.Fatalf("a complete publisher: %+v", got)
	}
	noEmail := publisher
	noEmail.Email = ""
	got := feed.CheckPublisher(noEmail)
	if len(got) != 1 || got[0].Field != "email" || !strings.Contains(got[0].Message, "e-mail da imobiliária") {
		t.Fatalf("no e-mail: %+v", got)
	}
	var b strings.Builder
	x := feed.NewWriter(&b, noEmail, fixedTime)
	if ok, err := x.Add(ready()); ok || err != nil {
		t.Fatalf("a listing written without the agency's e-mail: %v %v", ok, err)
	}
	x.Close()
	if strings.Contains(b.String(), "<Listing>") {
		t.Errorf("the feed has a listing:\n%s", b.String())
	}
}

// Package demo holds Vitrine's demonstration catalogue, and a generator of
// larger realistic catalogues for load tests.
package demo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

func ptr[T any](v T) *T { return &v }

// photoIDs are public pictures of houses and apartments on another host,
// the photos of generated catalogues (Generate): load tests store their
// addresses and never fetch them.
var photoIDs = []string{
	"1568605114967-8130f3a36994", "1570129477492-45c003edd2be", "1600596542815-ffad4c1539a9",
	"1600585154340-be6161a56a0c", "1512917774080-9991f1c4c750", "1502672260266-1c1ef2d93688",
	"1522708323590-d24dbb6b0267", "1560448204-e02f11c3d0e2", "1493809842364-78817add7ffb",
	"1484154218962-a197022b5858", "1505691938895-1758d7feb511", "1560185007-cde436f6a4d0",
	"1545324418-cc1a3fa10c00", "1580587771525-78b9dba3b914", "1564013799919-ab600027ffc6",
}

var rooms = []string{"Fachada", "Sala de estar", "Cozinha", "Suíte principal", "Varanda", "Banheiro", "Área de lazer", "Vista", "Quarto", "Garagem"}

func photos(seed, n int) *[]listing.Photo {
	out := make([]listing.Photo, n)
	for i := range out {
		id := photoIDs[(seed*7+i*3)%len(photoIDs)]
		out[i] = listing.Photo{
			URL:     "https://images.unsplash.com/photo-" + id + "?auto=format&fit=crop&w=1200&q=80",
			AltText: rooms[i%len(rooms)],
		}
	}
	return &out
}

func amenities(names ...string) *[]listing.Amenity {
	leisure := map[string]bool{"Piscina": true, "Academia": true, "Salão de festas": true, "Churrasqueira": true,
		"Playground": true, "Espaço gourmet": true, "Quadra poliesportiva": true, "Sauna": true}
	out := make([]listing.Amenity, len(names))
	for i, n := range names {
		g := listing.GroupFeature
		if leisure[n] {
			g = listing.GroupLeisure
		}
		out[i] = listing.Amenity{Name: n, Group: g}
	}
	return &out
}

type place struct{ city, state, neighborhood string }

// item is a demonstration property, before it is made an update.
type item struct {
	title, code, subtype, kind string
	price, fee                 listing.Money
	beds, baths, parks         int
	area                       float64
	at                         place
	featured, inactive         bool
	nPhotos                    int
	video                      string
	position                   listing.VideoPosition
	amen                       []string
	desc                       string
}

// catalogueItems are the demonstration properties.
func catalogueItems() []item {
	return []item{
		{"Apartamento com vista para o mar na Beira-Mar Norte", "FLN-101", "Apartamento", "venda", 189000000, 180000, 3, 3, 2, 142,
			place{"Florianópolis", "SC", "Centro"}, true, false, 8, "https://www.youtube.com/watch?v=ScMzIvxBSi4", listing.VideoCarousel,
			[]string{"Ar-condicionado", "Varanda gourmet", "Piscina", "Academia", "Salão de festas"},
			"Apartamento amplo, de frente para a Baía Norte, com varanda gourmet integrada à sala e três suítes.\nCondomínio com piscina aquecida, academia e salão de festas."},
		{"Casa com piscina na Lagoa da Conceição", "FLN-102", "Casa", "venda", 245000000, 0, 4, 4, 3, 320,
			place{"Florianópolis", "SC", "Lagoa da Conceição"}, true, false, 10, "https://vimeo.com/76979871", listing.VideoSection,
			[]string{"Lareira", "Jardim", "Piscina", "Churrasqueira", "Espaço gourmet"},
			"Casa térrea cercada de verde, a cinco minutos da lagoa. Piscina, churrasqueira e espaço gourmet para receber os amigos."},
		{"Studio mobiliado no Campeche", "FLN-103", "Studio", "aluguel", 320000, 45000, 1, 1, 1, 38,
			place{"Florianópolis", "SC", "Campeche"}, false, false, 5, "", listing.VideoSection,
			[]string{"Mobiliado", "Ar-condicionado", "Piscina"},
			"Studio mobiliado a 300 metros da praia do Campeche. Ideal para quem trabalha de casa."},
		{"Cobertura duplex nos Jardins", "SP-201", "Cobertura", "venda", 520000000, 450000, 4, 5, 4, 380,
			place{"São Paulo", "SP", "Jardins"}, true, false, 9, "https://www.youtube.com/watch?v=ScMzIvxBSi4", listing.VideoSection,
			[]string{"Terraço", "Ar-condicionado", "Lareira", "Piscina", "Sauna", "Academia"},
			"Cobertura duplex com terraço, piscina privativa e vista para o skyline da cidade."},
		{"Apartamento compacto perto do metrô em Pinheiros", "SP-202", "Apartamento", "aluguel", 450000, 90000, 2, 1, 1, 64,
			place{"São Paulo", "SP", "Pinheiros"}, false, false, 6, "https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4", listing.VideoCarousel,
			[]string{"Varanda", "Academia", "Playground"},
			"Dois quartos a quatro quadras da estação Fradique Coutinho. Prédio novo com academia."},
		{"Sala comercial na Avenida Paulista", "SP-203", "Sala comercial", "aluguel", 780000, 210000, 0, 2, 2, 95,
			place{"São Paulo", "SP", "Bela Vista"}, false, false, 0, "", listing.VideoSection,
			[]string{"Ar-condicionado", "Portaria 24 horas"},
			"Sala comercial em edifício corporativo, com duas vagas e portaria 24 horas."},
		{"Apartamento de frente para o mar em Copacabana", "RJ-301", "Apartamento", "venda", 210000000, 250000, 3, 2, 1, 160,
			place{"Rio de Janeiro", "RJ", "Copacabana"}, true, false, 7, "https://vimeo.com/76979871", listing.VideoCarousel,
			[]string{"Vista para o mar", "Varanda", "Portaria 24 horas", "Salão de festas"},
			"Apartamento clássico na Avenida Atlântica, com varanda e vista permanente para o mar."},
		{"Casa de vila no Jardim Botânico", "RJ-302", "Casa", "venda", 168000000, 0, 3, 3, 1, 180,
			place{"Rio de Janeiro", "RJ", "Jardim Botânico"}, false, false, 6, "", listing.VideoSection,
			[]string{"Quintal", "Jardim", "Churrasqueira"},
			"Casa em vila tranquila, a poucos passos do Jardim Botânico, com quintal e churrasqueira."},
		{"Apartamento familiar no Lourdes", "BH-401", "Apartamento", "venda", 135000000, 120000, 4, 3, 3, 170,
			place{"Belo Horizonte", "MG", "Lourdes"}, false, false, 8, "", listing.VideoSection,
			[]string{"Armários planejados", "Varanda", "Piscina", "Playground", "Quadra poliesportiva"},
			"Quatro quartos com armários planejados, em rua arborizada do Lourdes."},
		{"Casa em condomínio fechado em Nova Lima", "BH-402", "Casa em condomínio", "venda", 320000000, 150000, 5, 6, 4, 450,
			place{"Nova Lima", "MG", "Vale dos Cristais"}, true, false, 10, "https://www.youtube.com/watch?v=ScMzIvxBSi4", listing.VideoCarousel,
			[]string{"Lareira", "Jardim", "Piscina", "Espaço gourmet", "Quadra poliesportiva", "Academia"},
			"Casa contemporânea com vista para as montanhas, em condomínio com segurança 24 horas."},
		{"Apartamento no Batel com dois quartos", "CWB-501", "Apartamento", "aluguel", 380000, 75000, 2, 2, 1, 78,
			place{"Curitiba", "PR", "Batel"}, false, false, 6, "", listing.VideoSection,
			[]string{"Aquecimento a gás", "Churrasqueira", "Salão de festas"},
			"Apartamento reformado no Batel, perto de cafés, parques e do comércio da Avenida do Batel."},
		{"Terreno em Santa Felicidade (vendido)", "CWB-502", "Terreno", "venda", 89000000, 0, 0, 0, 0, 600,
			place{"Curitiba", "PR", "Santa Felicidade"}, false, true, 3, "", listing.VideoSection,
			nil, "Terreno plano de 600 m² em rua residencial. Anúncio encerrado."},
	}
}

// Catalogue is the demonstration catalogue: a dozen properties in five
// cities, with amenities of both groups, videos in both positions
// (YouTube, Vimeo and a direct file), one inactive; for sale, for rent and
// both, in every status and level of address. Its photos are uploaded
// once the properties exist (UploadPhotos): all have some but one.
func Catalogue() []listing.PropertyUpdate {
	items := catalogueItems()
	out := make([]listing.PropertyUpdate, len(items))
	for i, it := range items {
		u := listing.PropertyUpdate{
			Title: ptr(it.title), Code: ptr(it.code), Description: ptr(it.desc), Type: ptr(it.kind),
			Price: ptr(it.price), Bedrooms: ptr(it.beds), Bathrooms: ptr(it.baths), ParkingSpots: ptr(it.parks),
			AreaM2: ptr(it.area), IsFeatured: ptr(it.featured), IsActive: ptr(!it.inactive),
			Address:       ptr(fmt.Sprintf("Rua %s, %d", []string{"das Flores", "XV de Novembro", "Sete de Setembro", "da Paz"}[i%4], 100+i*37)),
			Subtype:       &listing.Subtype{Name: it.subtype},
			City:          &listing.City{Name: it.at.city, State: it.at.state},
			Neighborhood:  &listing.Neighborhood{Name: it.at.neighborhood},
			Amenities:     amenities(it.amen...),
			VideoURL:      ptr(it.video),
			VideoPosition: ptr(it.position),
		}
		if it.fee > 0 {
			u.CondoFee = &listing.NullMoney{Money: it.fee, Valid: true}
		}
		catalogueFacts[it.code].apply(&u)
		out[i] = u
	}
	return out
}

// facts are the listing model's fields of a demonstration property.
type facts struct {
	business                   string // "" keeps the item's kind
	rent, iptu                 listing.Money
	iptuPeriod                 listing.IPTUPeriod
	cep, street, number, compl string
	visibility                 listing.AddressVisibility
	lat, lng                   float64 // 0, 0: no position
	suites                     int
	useful, total              float64
	floor                      *int
	year                       int
	status                     listing.Status
}

// catalogueFacts gives every demonstration property, by code, the fields
// of the listing model, so that the catalogue shows every business,
// status and level of address, and IPTU of both periods.
var catalogueFacts = map[string]facts{
	"FLN-101": {"", 0, 480000, listing.IPTUYearly, "88015-200", "Avenida Jornalista Rubens de Arruda Ramos", "1500", "Apto 801",
		listing.ShowAll, -27.5850, -48.5473, 3, 142, 190, ptr(8), 2015, listing.StatusAvailable},
	"FLN-102": {"", 0, 620000, listing.IPTUYearly, "88062-000", "Rua Laurindo Januário da Silveira", "2100", "",
		listing.ShowStreet, 0, 0, 2, 320, 800, nil, 2008, listing.StatusReserved},
	"FLN-103": {"", 320000, 8000, listing.IPTUMonthly, "88063-000", "Avenida Pequeno Príncipe", "900", "Studio 204",
		listing.ShowNeighborhood, 0, 0, 0, 38, 45, ptr(2), 2019, listing.StatusAvailable},
	"SP-201": {"venda_aluguel", 3500000, 3800000, listing.IPTUYearly, "01426-001", "Alameda Lorena", "1800", "Cobertura 2201",
		listing.ShowStreet, 0, 0, 4, 380, 520, ptr(22), 2011, listing.StatusAvailable},
	"SP-202": {"", 450000, 15000, listing.IPTUMonthly, "05415-000", "Rua Cardeal Arcoverde", "1200", "Apto 62",
		listing.ShowAll, -23.5613, -46.6849, 1, 64, 88, ptr(6), 2020, listing.StatusRented},
	"SP-203": {"", 780000, 52000, listing.IPTUMonthly, "01310-100", "Avenida Paulista", "1000", "Conjunto 1402",
		listing.ShowAll, -23.5649, -46.6523, 0, 95, 130, ptr(14), 1998, listing.StatusAvailable},
	"RJ-301": {"", 0, 780000, listing.IPTUYearly, "22021-001", "Avenida Atlântica", "2300", "Apto 502",
		listing.ShowStreet, 0, 0, 1, 160, 185, ptr(5), 1958, listing.StatusAvailable},
	"RJ-302": {"", 0, 410000, listing.IPTUYearly, "22461-000", "Rua Pacheco Leão", "420", "Casa 7",
		listing.ShowNeighborhood, 0, 0, 1, 180, 210, nil, 1940, listing.StatusSold},
	"BH-401": {"", 0, 520000, listing.IPTUYearly, "30170-040", "Rua Curitiba", "2000", "Apto 902",
		listing.ShowAll, -19.9307, -43.9483, 2, 170, 215, ptr(9), 2005, listing.StatusAvailable},
	"BH-402": {"", 0, 980000, listing.IPTUYearly, "34000-000", "Alameda do Ipê Amarelo", "150", "",
		listing.ShowNeighborhood, 0, 0, 5, 450, 1200, nil, 2018, listing.StatusAvailable},
	"CWB-501": {"", 380000, 12000, listing.IPTUMonthly, "80420-090", "Avenida do Batel", "1750", "Apto 41",
		listing.ShowStreet, 0, 0, 1, 78, 96, ptr(4), 2002, listing.StatusAvailable},
	"CWB-502": {"", 0, 190000, listing.IPTUYearly, "82015-000", "Rua Manoel Ribas", "", "",
		listing.ShowStreet, 0, 0, 0, 0, 600, nil, 0, listing.StatusSold},
}

// apply writes f onto u.
func (f facts) apply(u *listing.PropertyUpdate) {
	if f.business != "" {
		u.Type = ptr(f.business)
	}
	if f.rent > 0 {
		u.RentPrice = &listing.NullMoney{Money: f.rent, Valid: true}
	}
	u.IPTU, u.IPTUPeriod = &listing.NullMoney{Money: f.iptu, Valid: true}, ptr(f.iptuPeriod)
	u.CEP, u.Street, u.Number, u.Complement = ptr(f.cep), ptr(f.street), ptr(f.number), ptr(f.compl)
	u.AddressVisibility, u.Suites, u.Status = ptr(f.visibility), ptr(f.suites), ptr(f.status)
	if f.lat != 0 || f.lng != 0 {
		u.Latitude, u.Longitude = &listing.NullFloat{Float: f.lat, Valid: true}, &listing.NullFloat{Float: f.lng, Valid: true}
	}
	if f.useful > 0 {
		u.UsefulAreaM2 = &listing.NullFloat{Float: f.useful, Valid: true}
	}
	u.TotalAreaM2 = &listing.NullFloat{Float: f.total, Valid: true}
	if f.floor != nil {
		u.Floor = &listing.NullInt{Int: *f.floor, Valid: true}
	}
	if f.year > 0 {
		u.YearBuilt = &listing.NullInt{Int: f.year, Valid: true}
	}
}

// Load stores the demonstration catalogue when the database has no
// property yet, and reports whether it did.
func Load(ctx context.Context, s *store.Store) (bool, error) {
	page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 1})
	if err != nil {
		return false, err
	}
	if page.Total > 0 {
		return false, nil
	}
	for _, u := range Catalogue() {
		if _, err := s.CreateProperty(ctx, u); err != nil {
			return false, fmt.Errorf("demo property %q: %w", *u.Title, err)
		}
	}
	return true, nil
}

// Agency is the demonstration agency's record: a name, a CRECI, phones
// and an e-mail, all made up (the .example domain receives no mail), so
// that the demo shows the site as an agency's, with its contact on every
// property page.
func Agency() listing.Agency {
	return listing.Agency{Name: "Maré Alta Imóveis", CRECI: "CRECI/SC 54321-J", State: "SC", Phone: "+554832220000",
		WhatsApp: "+5548991110000", Email: "contato@marealta.example",
		Address: "Rua Felipe Schmidt, 300, Centro, Florianópolis – SC"}
}

// LoadAgency sets the demonstration agency's record when none is set yet,
// and reports whether it did; an agency already set is the user's, and
// stays as it is.
func LoadAgency(ctx context.Context, s *store.Store) (bool, error) {
	_, err := s.Agency(ctx)
	if err == nil {
		return false, nil
	}
	if !errors.Is(err, listing.ErrNotFound) {
		return false, err
	}
	if _, err := s.SetAgency(ctx, Agency()); err != nil {
		return false, fmt.Errorf("demo agency: %w", err)
	}
	return true, nil
}

// Generate returns n realistic properties, the same for the same seed: each
// with about ten photos and a dozen amenities, spread over cities and
// neighborhoods, some with a video. Titles carry their index, so slugs are
// unique.
func Generate(n int, seed uint64) []listing.PropertyUpdate {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	cities := []place{
		{"Florianópolis", "SC", "Centro"}, {"Florianópolis", "SC", "Trindade"}, {"São Paulo", "SP", "Moema"},
		{"São Paulo", "SP", "Vila Mariana"}, {"Rio de Janeiro", "RJ", "Botafogo"}, {"Belo Horizonte", "MG", "Savassi"},
		{"Curitiba", "PR", "Água Verde"}, {"Porto Alegre", "RS", "Moinhos de Vento"}, {"Salvador", "BA", "Barra"},
		{"Recife", "PE", "Boa Viagem"},
	}
	subtypes := []string{"Apartamento", "Casa", "Cobertura", "Studio", "Casa em condomínio"}
	allAmenities := []string{"Ar-condicionado", "Varanda", "Armários planejados", "Lareira", "Jardim", "Mobiliado",
		"Vista para o mar", "Aquecimento a gás", "Portaria 24 horas", "Piscina", "Academia", "Salão de festas",
		"Churrasqueira", "Playground", "Espaço gourmet", "Quadra poliesportiva", "Sauna"}
	videos := []string{"", "", "https://www.youtube.com/watch?v=ScMzIvxBSi4", "https://vimeo.com/76979871"}
	out := make([]listing.PropertyUpdate, n)
	for i := range out {
		at := cities[r.IntN(len(cities))]
		sub := subtypes[r.IntN(len(subtypes))]
		beds := 1 + r.IntN(4)
		am := make([]string, 0, 12)
		for _, j := range r.Perm(len(allAmenities))[:12] {
			am = append(am, allAmenities[j])
		}
		pos := listing.VideoSection
		if r.IntN(2) == 0 {
			pos = listing.VideoCarousel
		}
		kind := "venda"
		price := listing.Money((200_000 + r.IntN(3_000_000)) * 100)
		if r.IntN(3) == 0 {
			kind, price = "aluguel", listing.Money((1_500+r.IntN(12_000))*100)
		}
		out[i] = listing.PropertyUpdate{
			Title:       ptr(fmt.Sprintf("%s com %d quartos em %s nº %d", sub, beds, at.neighborhood, i+1)),
			Code:        ptr(fmt.Sprintf("GEN-%06d", i+1)),
			Description: ptr("Imóvel bem localizado, próximo a comércio, escolas e transporte público. Ambientes amplos e iluminados, com acabamento de qualidade e vista livre."),
			Address:     ptr(fmt.Sprintf("Rua %d, %d", 1+r.IntN(500), 1+r.IntN(2000))),
			Type:        ptr(kind), Price: ptr(price),
			CondoFee: &listing.NullMoney{Money: listing.Money((300 + r.IntN(2000)) * 100), Valid: true},
			Bedrooms: ptr(beds), Bathrooms: ptr(1 + r.IntN(beds)), ParkingSpots: ptr(r.IntN(4)),
			AreaM2:        ptr(float64(30+r.IntN(400)) + float64(r.IntN(100))/100),
			IsFeatured:    ptr(r.IntN(10) == 0),
			Subtype:       &listing.Subtype{Name: sub},
			City:          &listing.City{Name: at.city, State: at.state},
			Neighborhood:  &listing.Neighborhood{Name: at.neighborhood},
			Photos:        photos(i, 8+r.IntN(5)),
			Amenities:     amenities(am...),
			VideoURL:      ptr(videos[r.IntN(len(videos))]),
			VideoPosition: ptr(pos),
		}
	}
	return out
}

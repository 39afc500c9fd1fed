// Package feed writes the catalogue for the real-estate portals of Grupo
// ZAP (ZAP Imóveis, VivaReal and OLX) in their VRSync format, and holds
// the portals' rules: Check says of one property whether it may go to
// the portals and, in Brazilian Portuguese, what it lacks; the Writer
// writes, listing by listing, the ones that may.
//
// The format's elements and closed lists follow the VRSync XML Schema as
// reconstructed in vrsync/vrsync.xsd, whose header says where each part
// comes from.
package feed

import (
	"maps"
	"slices"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

// Namespace is VRSync's XML namespace.
const Namespace = "http://www.vivareal.com/schemas/1.0/VRSync"

// OlderNamespace is the namespace of VivaReal's earlier feed format,
// which some agency sites' generators still write; an import reads it
// (and a file with no namespace) as VRSync, with a warning.
const OlderNamespace = "http://www.vivareal.com/schemas/1.0/flow"

// Format names what this package writes: the server's validators of the
// feed include it, so that a new version's output is not taken for the
// one a portal holds. Change it with the output.
const Format = "vrsync-1"

// Kind is a property's type on the portals: the closed PropertyType and
// the UsageType it belongs to.
type Kind struct {
	PropertyType string // "Residential / Apartment"
	UsageType    string // "Residential" or "Commercial"
	// Land is a lot or a rural area, whose area is its LotArea; any other
	// kind has a LivingArea.
	Land bool
}

func residential(t string) Kind {
	return Kind{PropertyType: "Residential / " + t, UsageType: "Residential"}
}
func commercial(t string) Kind {
	return Kind{PropertyType: "Commercial / " + t, UsageType: "Commercial"}
}
func land(k Kind) Kind { k.Land = true; return k }

// subtypeKinds lists the subtypes that have a kind on the portals, by
// their name as a new subtype is created (the table is keyed by the
// name's slug, listing.Slugify). A subtype not here has no equivalent:
// Check says so, and the property stays out of the feed. The first
// subtype of each PropertyType is its canonical one: what an import
// creates for that PropertyType (see CanonicalSubtype).
var subtypeKinds = []struct {
	name string
	kind Kind
}{
	{"Apartamento", residential("Apartment")},
	{"Apartamento garden", residential("Apartment")},
	{"Apartamento duplex", residential("Apartment")},
	{"Casa", residential("Home")},
	{"Casa térrea", residential("Home")},
	{"Casa em condomínio", residential("Condo")},
	{"Casa de condomínio", residential("Condo")},
	{"Casa de vila", residential("Village House")},
	{"Cobertura", residential("Penthouse")},
	{"Chácara", land(residential("Farm Ranch"))},
	{"Sítio", land(residential("Agricultural"))},
	{"Fazenda", land(residential("Agricultural"))},
	{"Flat", residential("Flat")},
	{"Kitnet", residential("Kitnet")},
	{"Kitnet/conjugado", residential("Kitnet")},
	{"Conjugado", residential("Kitnet")},
	{"Studio", residential("Studio")},
	{"Estúdio", residential("Studio")},
	{"Loft", residential("Loft")},
	{"Terreno", land(residential("Land Lot"))},
	{"Lote", land(residential("Land Lot"))},
	{"Lote/terreno", land(residential("Land Lot"))},
	{"Sobrado", residential("Sobrado")},
	{"Consultório", commercial("Consultorio")},
	{"Galpão", land(commercial("Industrial"))},
	{"Depósito", land(commercial("Industrial"))},
	{"Armazém", land(commercial("Industrial"))},
	{"Garagem", commercial("Garage")},
	{"Box/garagem", commercial("Garage")},
	{"Hotel", commercial("Hotel")},
	{"Pousada", commercial("Hotel")},
	{"Imóvel comercial", commercial("Building")},
	{"Casa comercial", commercial("Building")},
	{"Andar corporativo", commercial("Corporate Floor")},
	{"Laje corporativa", commercial("Corporate Floor")},
	{"Terreno comercial", land(commercial("Land Lot"))},
	{"Loja", commercial("Business")},
	{"Ponto comercial", commercial("Business")},
	{"Prédio", commercial("Edificio Comercial")},
	{"Prédio comercial", commercial("Edificio Comercial")},
	{"Edifício comercial", commercial("Edificio Comercial")},
	{"Edifício residencial", commercial("Edificio Residencial")},
	{"Sala", commercial("Office")},
	{"Sala comercial", commercial("Office")},
	{"Conjunto comercial", commercial("Office")},
	{"Loja/salão", commercial("Loja")},
	{"Imóvel rural", land(commercial("Agricultural"))},
}

// olderPropertyTypes are the PropertyType names of VRSync's 2015 schema
// that the current list renamed, by the current name: an import reads
// them with a warning. The Writer never writes them.
var olderPropertyTypes = map[string]string{
	"Residential / Land/Lot":   "Residential / Land Lot",
	"Residential / Farm/Ranch": "Residential / Farm Ranch",
	"Commercial / Land/Lot":    "Commercial / Land Lot",
	"Commercial / Retail":      "Commercial / Loja",
}

// misspelledPropertyTypes are PropertyTypes as VivaReal's own sample
// file misspells them, by the right one: read with a warning.
var misspelledPropertyTypes = map[string]string{
	"Residential / Apartament": "Residential / Apartment",
}

// olderFeatures are Feature names that producers write for a documented
// one: the documentation's own earlier misspelling.
var olderFeatures = map[string]string{
	"Eletric Charger": "Electric Charger",
}

// amenityFeatures lists the amenities that have a Feature on the portals,
// by their name as a new amenity is created, with the group it is created
// in. An amenity not here is left out of the listing: the portals' list
// is closed, and a missing feature costs the listing nothing but a
// filter. The first amenity of each Feature is its canonical one (see
// CanonicalAmenity).
var amenityFeatures = []struct {
	name    string
	group   listing.AmenityGroup
	feature string
}{
	{"Ar-condicionado", listing.GroupFeature, "Cooling"},
	{"Varanda", listing.GroupFeature, "Balcony"},
	{"Sacada", listing.GroupFeature, "Balcony"},
	{"Varanda gourmet", listing.GroupFeature, "Gourmet Balcony"},
	{"Armários planejados", listing.GroupFeature, "Builtin Wardrobe"},
	{"Armário embutido", listing.GroupFeature, "Builtin Wardrobe"},
	{"Armários embutidos", listing.GroupFeature, "Builtin Wardrobe"},
	{"Armários na cozinha", listing.GroupFeature, "Kitchen Cabinets"},
	{"Lareira", listing.GroupFeature, "Fireplace"},
	{"Jardim", listing.GroupFeature, "Garden Area"},
	{"Mobiliado", listing.GroupFeature, "Furnished"},
	{"Vista para o mar", listing.GroupFeature, "Ocean View"},
	{"Vista para a montanha", listing.GroupFeature, "Mountain View"},
	{"Vista para o lago", listing.GroupFeature, "Lake View"},
	{"Aquecimento", listing.GroupFeature, "Heating"},
	{"Aquecimento a gás", listing.GroupFeature, "Heating"},
	{"Aquecimento solar", listing.GroupFeature, "Solar Energy"},
	{"Energia solar", listing.GroupFeature, "Solar Energy"},
	{"Segurança 24 horas", listing.GroupFeature, "Security Guard on Duty"},
	{"Vigia", listing.GroupFeature, "Controlled Access"},
	{"Circuito de segurança", listing.GroupFeature, "TV Security"},
	{"Alarme", listing.GroupFeature, "Alarm System"},
	{"Interfone", listing.GroupFeature, "Intercom"},
	{"Elevador", listing.GroupFeature, "Elevator"},
	{"Piscina", listing.GroupLeisure, "Pool"},
	{"Academia", listing.GroupLeisure, "Gym"},
	{"Espaço fitness", listing.GroupLeisure, "Fitness Room"},
	{"Salão de festas", listing.GroupLeisure, "Party Room"},
	{"Salão de jogos", listing.GroupLeisure, "Game room"},
	{"Churrasqueira", listing.GroupLeisure, "BBQ"},
	{"Playground", listing.GroupLeisure, "Playground"},
	{"Espaço gourmet", listing.GroupLeisure, "Gourmet Area"},
	{"Cozinha gourmet", listing.GroupFeature, "Gourmet Kitchen"},
	{"Quadra poliesportiva", listing.GroupLeisure, "Sports Court"},
	{"Quadra de tênis", listing.GroupLeisure, "Tennis court"},
	{"Quadra de squash", listing.GroupLeisure, "Squash"},
	{"Sauna", listing.GroupLeisure, "Sauna"},
	{"Spa", listing.GroupLeisure, "Spa"},
	{"Lavanderia", listing.GroupFeature, "Laundry"},
	{"Quintal", listing.GroupFeature, "Backyard"},
	{"Edícula", listing.GroupFeature, "Edicule"},
	{"Closet", listing.GroupFeature, "Closet"},
	{"Escritório", listing.GroupFeature, "Home Office"},
	{"Home office", listing.GroupFeature, "Home Office"},
	{"Aceita animais", listing.GroupFeature, "Pets Allowed"},
	{"Permite animais", listing.GroupFeature, "Pets Allowed"},
	{"Espaço pet", listing.GroupLeisure, "Pet Space"},
	{"Bicicletário", listing.GroupLeisure, "Bicycles Place"},
	{"Gerador", listing.GroupFeature, "Generator"},
	{"Banheira", listing.GroupFeature, "Bathtub"},
	{"Hidromassagem", listing.GroupFeature, "Bathtub"},
	{"Mezanino", listing.GroupFeature, "Mezzanine"},
	{"Dependência de empregada", listing.GroupFeature, "Maid's Quarters"},
	{"Área de serviço", listing.GroupFeature, "Laundry"},
	{"Copa", listing.GroupFeature, "Copa"},
	{"Sala de jantar", listing.GroupFeature, "Dinner Room"},
	{"Cabeamento estruturado", listing.GroupFeature, "Fully Wired"},
	{"Internet", listing.GroupFeature, "Internet Connection"},
	{"TV a cabo", listing.GroupFeature, "Cable Television"},
	{"Zelador", listing.GroupFeature, "Caretaker"},
	{"Rua asfaltada", listing.GroupFeature, "Paved Street"},
	// The rest of the documented list (developers.grupozap.com, Details,
	// Features; see vrsync/README.md), one amenity each.
	{"Próximo a vias principais", listing.GroupFeature, "Close to main roads/avenues"},
	{"Próximo a centros comerciais", listing.GroupFeature, "Close to shopping centers"},
	{"Próximo a transporte público", listing.GroupFeature, "Close to public transportation"},
	{"Próximo a escolas", listing.GroupFeature, "Close to schools"},
	{"Próximo a hospitais", listing.GroupFeature, "Close to hospitals"},
	{"Água e energia elétrica", listing.GroupFeature, "Utilities"},
	{"Rua de cascalho", listing.GroupFeature, "Gravel"},
	{"Administração no condomínio", listing.GroupFeature, "Administration"},
	{"Guarita blindada", listing.GroupFeature, "Armored Security Cabin"},
	{"Sala de ensaio", listing.GroupLeisure, "Band Practice Room"},
	{"Bar", listing.GroupLeisure, "Bar"},
	{"Varanda com churrasqueira", listing.GroupFeature, "Barbecue Balcony"},
	{"Espaço beleza", listing.GroupLeisure, "Beauty Room"},
	{"Casa de caseiro", listing.GroupFeature, "Caretaker House"},
	{"Fechadura digital", listing.GroupFeature, "Digital Locker"},
	{"Condomínio sustentável", listing.GroupFeature, "Eco Condominium"},
	{"Coleta seletiva", listing.GroupFeature, "Eco Garbage Collector"},
	{"Carregador de carro elétrico", listing.GroupFeature, "Electric Charger"},
	{"Vista externa", listing.GroupFeature, "Exterior View"},
	{"Área murada", listing.GroupFeature, "Fenced Yard"},
	{"Casa geminada", listing.GroupFeature, "Geminada"},
	{"Área verde", listing.GroupLeisure, "Green space / Park"},
	{"Quadra de futsal", listing.GroupLeisure, "Indoor Soccer"},
	{"Ambientes integrados", listing.GroupFeature, "Integrated Environments"},
	{"Pista de cooper", listing.GroupLeisure, "Jogging track"},
	{"Cozinha", listing.GroupFeature, "Kitchen"},
	{"Área de terreno", listing.GroupFeature, "Land"},
	{"Cozinha ampla", listing.GroupFeature, "Large Kitchen"},
	{"Janelas grandes", listing.GroupFeature, "Large Window"},
	{"Gramado", listing.GroupFeature, "Lawn"},
	{"Refeitório", listing.GroupFeature, "Lunch Room"},
	{"Sala de massagem", listing.GroupLeisure, "Massage Room"},
	{"Sala de cinema", listing.GroupLeisure, "Media Room"},
	{"Sala de reuniões", listing.GroupFeature, "Meeting Room"},
	{"Mais de um pavimento", listing.GroupFeature, "Number of stories"},
	{"Garagem coberta", listing.GroupFeature, "Parking Garage"},
	{"Ronda de segurança", listing.GroupFeature, "Patrol"},
	{"Serviços pagos por uso", listing.GroupFeature, "Pay-per-use Services"},
	{"Recepção", listing.GroupFeature, "Reception room"},
	{"Área de lazer", listing.GroupLeisure, "Recreation Area"},
	{"Espelho d'água", listing.GroupLeisure, "Reflective Pool"},
	{"Tanque de areia", listing.GroupLeisure, "Sand Pit"},
	{"Piscina semiolímpica", listing.GroupLeisure, "Semi Olympic Pool"},
	{"Apartamento inteligente", listing.GroupFeature, "Smart Apartment"},
	{"Condomínio inteligente", listing.GroupFeature, "Smart Condominium"},
	{"Praça", listing.GroupLeisure, "Square"},
	{"Escada", listing.GroupFeature, "Stair"},
	{"Lojas no condomínio", listing.GroupFeature, "Stores"},
	{"Manobrista", listing.GroupFeature, "Valet Parking"},
	{"Depósito privativo", listing.GroupFeature, "Warehouse"},
	{"Caixa d'água", listing.GroupFeature, "Water Tank"},
	{"Cozinha americana", listing.GroupFeature, "American Kitchen"},
	{"Andar inteiro", listing.GroupFeature, "Full Floor"},
	{"Aquário", listing.GroupFeature, "Aquarium"},
	{"Armário no quarto", listing.GroupFeature, "Bedroom Wardrobe"},
	{"Armário no banheiro", listing.GroupFeature, "Bathroom Cabinets"},
	{"Banheiro de serviço", listing.GroupFeature, "Service Bathroom"},
	{"Box blindex", listing.GroupFeature, "Blindex Box"},
	{"Carpete", listing.GroupFeature, "Carpet"},
	{"Casa de fundos", listing.GroupFeature, "Background House"},
	{"Casa-sede", listing.GroupFeature, "Headquarters"},
	{"Chuveiro a gás", listing.GroupFeature, "Gas Shower"},
	{"Cimento queimado", listing.GroupFeature, "Burn Cement"},
	{"Dependência de funcionários", listing.GroupFeature, "Employee Dependency"},
	{"Despensa", listing.GroupFeature, "Pantry"},
	{"Drywall", listing.GroupFeature, "Drywall"},
	{"Fogão", listing.GroupFeature, "Cooker"},
	{"Forno de pizza", listing.GroupLeisure, "Pizza Oven"},
	{"Freezer", listing.GroupFeature, "Freezer"},
	{"Sanca de gesso", listing.GroupFeature, "Sanca"},
	{"Banheira de hidromassagem", listing.GroupFeature, "Whirlpool"},
	{"Imóvel de esquina", listing.GroupFeature, "Corner Property"},
	{"Isolamento acústico", listing.GroupFeature, "Soundproofing"},
	{"Isolamento térmico", listing.GroupFeature, "Thermal Insulation"},
	{"Janelas de alumínio", listing.GroupFeature, "Aluminium Window"},
	{"Laje", listing.GroupFeature, "Slab"},
	{"Lavabo", listing.GroupFeature, "Lavabo"},
	{"Meio andar", listing.GroupFeature, "Half Floor"},
	{"Móveis planejados", listing.GroupFeature, "Planned Furniture"},
	{"Parede de vidro", listing.GroupFeature, "Glass Wall"},
	{"Muros e grades", listing.GroupFeature, "Walls Grids"},
	{"Ofurô", listing.GroupFeature, "Hot Tub"},
	{"Pé-direito alto", listing.GroupFeature, "High Ceiling Height"},
	{"Piscina privativa", listing.GroupFeature, "Private Pool"},
	{"Piso de madeira", listing.GroupFeature, "Wood Floor"},
	{"Piso elevado", listing.GroupFeature, "Raised Floor"},
	{"Piso frio", listing.GroupFeature, "Cold Floor"},
	{"Piso laminado", listing.GroupFeature, "Laminated Floor"},
	{"Piso vinílico", listing.GroupFeature, "Vinyl Floor"},
	{"Platibanda", listing.GroupFeature, "Platibanda"},
	{"Porcelanato", listing.GroupFeature, "Porcelain"},
	{"Divisórias", listing.GroupFeature, "Dividers"},
	{"Quarto de serviço", listing.GroupFeature, "Service Room"},
	{"Cômodo reversível", listing.GroupFeature, "Reversible Room"},
	{"Sala ampla", listing.GroupFeature, "Large Room"},
	{"Sala pequena", listing.GroupFeature, "Small Room"},
	{"Varanda fechada", listing.GroupFeature, "Wall Balcony"},
	{"Ventilação natural", listing.GroupFeature, "Natural Ventilation"},
	{"Vista panorâmica", listing.GroupFeature, "Panoramic View"},
	{"Acessibilidade", listing.GroupFeature, "Disabled Access"},
	{"Coworking", listing.GroupLeisure, "Coworking"},
	{"Portão eletrônico", listing.GroupFeature, "Electronic Gate"},
	{"Árvores frutíferas", listing.GroupFeature, "Fruit Trees"},
	{"Arvorismo", listing.GroupLeisure, "Tree Climbing"},
	{"Biblioteca", listing.GroupLeisure, "Library"},
	{"Brinquedoteca", listing.GroupLeisure, "Toys Place"},
	{"Câmeras de segurança", listing.GroupFeature, "Security Camera"},
	{"Canil", listing.GroupFeature, "Dog Kennel"},
	{"Celeiro", listing.GroupFeature, "Barn"},
	{"Centro de estética", listing.GroupLeisure, "Beauty Center"},
	{"Cerca", listing.GroupFeature, "Fence"},
	{"Creche", listing.GroupLeisure, "Children Care"},
	{"Cobertura coletiva", listing.GroupLeisure, "Coverage"},
	{"Curral", listing.GroupFeature, "Corral"},
	{"Deck", listing.GroupLeisure, "Deck"},
	{"Entrada de serviço", listing.GroupFeature, "Service Entrance"},
	{"Entrada lateral", listing.GroupFeature, "Side Entrance"},
	{"Hall de entrada", listing.GroupFeature, "Entrance Hall"},
	{"Horta", listing.GroupFeature, "Vegetable Garden"},
	{"Lago", listing.GroupLeisure, "Lake"},
	{"Marina", listing.GroupLeisure, "Marina"},
	{"Parede de escalada", listing.GroupLeisure, "Climbing Wall"},
	{"Orquidário", listing.GroupFeature, "Orchid Place"},
	{"Redário", listing.GroupLeisure, "Redario"},
	{"Restaurante", listing.GroupLeisure, "Restaurant"},
	{"Rio", listing.GroupFeature, "River"},
	{"Salão de convenções", listing.GroupLeisure, "Convention Hall"},
	{"Solário", listing.GroupLeisure, "Solarium"},
	{"Pasto", listing.GroupFeature, "Pasture"},
	{"Piscina aquecida", listing.GroupLeisure, "Heated Pool"},
	{"Piscina coberta", listing.GroupLeisure, "Covered Pool"},
	{"Pista de skate", listing.GroupLeisure, "Skate Lane"},
	{"Poço", listing.GroupFeature, "Well"},
	{"Poço artesiano", listing.GroupFeature, "Artesian Well"},
	{"Pomar", listing.GroupFeature, "Pomar"},
	{"Espaço zen", listing.GroupLeisure, "Zen Space"},
	{"Campo de futebol", listing.GroupLeisure, "Football Field"},
	{"Campo de golfe", listing.GroupLeisure, "Golf Field"},
	{"Heliponto", listing.GroupFeature, "Helipad"},
	{"Bar na piscina", listing.GroupLeisure, "Pool Bar"},
	{"Cafeteria", listing.GroupLeisure, "Coffee Shop"},
	{"Vestiário", listing.GroupLeisure, "Dress Room2"},
	{"Vaga para visitantes", listing.GroupFeature, "Guest Parking"},
	{"Piscina para adultos", listing.GroupLeisure, "Adult Pool"},
	{"Piscina infantil", listing.GroupLeisure, "Childrens Pool"},
	{"Portaria 24 horas", listing.GroupFeature, "Concierge 24h"},
	{"Próximo a shopping center", listing.GroupFeature, "Near Shopping Center"},
	{"Espaço teen", listing.GroupLeisure, "Teen Space"},
}

// The tables above, keyed for both directions: forward by the slug of a
// subtype or amenity, backward by the portal's value to its canonical
// subtype or amenity (the first of the table with that value).
var (
	kinds        = map[string]Kind{}
	features     = map[string]string{}
	subtypeOf    = map[string]listing.Subtype{} // PropertyType -> canonical subtype
	amenityOf    = map[string]listing.Amenity{} // Feature -> canonical amenity
	businessOf   = map[string]listing.Business{}
	visibilityOf = map[string]listing.AddressVisibility{}
	iptuPeriodOf = map[string]listing.IPTUPeriod{}
	rentPeriodOf = map[string]listing.RentPeriod{}
	usageTypes   = map[string]bool{}
)

func init() {
	for _, s := range subtypeKinds {
		slug := listing.Slugify(s.name)
		kinds[slug] = s.kind
		if _, ok := subtypeOf[s.kind.PropertyType]; !ok {
			subtypeOf[s.kind.PropertyType] = listing.Subtype{Name: s.name, Slug: slug}
		}
		usageTypes[s.kind.UsageType] = true
	}
	for _, a := range amenityFeatures {
		slug := listing.Slugify(a.name)
		features[slug] = a.feature
		if _, ok := amenityOf[a.feature]; !ok {
			amenityOf[a.feature] = listing.Amenity{Name: a.name, Slug: slug, Group: a.group}
		}
	}
	for _, b := range []listing.Business{listing.BusinessSale, listing.BusinessRent, listing.BusinessSaleRent} {
		businessOf[TransactionType(b)] = b
	}
	for _, v := range []listing.AddressVisibility{listing.ShowAll, listing.ShowStreet, listing.ShowNeighborhood} {
		visibilityOf[DisplayAddress(v)] = v
	}
	for _, p := range []listing.IPTUPeriod{listing.IPTUYearly, listing.IPTUMonthly} {
		iptuPeriodOf[IPTUPeriod(p)] = p
	}
	for _, p := range listing.RentPeriods {
		rentPeriodOf[RentalPeriod(p)] = p
	}
}

// KindOf returns the portals' kind of a subtype, by its slug, and whether
// it has one.
func KindOf(subtypeSlug string) (Kind, bool) {
	k, ok := kinds[subtypeSlug]
	return k, ok
}

// FeatureOf returns the portals' Feature for an amenity, by its slug, and
// whether it has one.
func FeatureOf(amenitySlug string) (string, bool) {
	f, ok := features[amenitySlug]
	return f, ok
}

// CanonicalSubtype returns the subtype an import gives a PropertyType
// ("Residential / Apartment": Apartamento), and whether the portals have
// that PropertyType.
func CanonicalSubtype(propertyType string) (listing.Subtype, bool) {
	s, ok := subtypeOf[propertyType]
	return s, ok
}

// amenityNamed returns the amenity named name (by its slug: "Ar
// Condicionado" is Ar-condicionado) and its Feature, and whether there is
// one with a Feature: some producers write Vitrine's own Portuguese names.
func amenityNamed(name string) (listing.Amenity, string, bool) {
	slug := listing.Slugify(name)
	f, ok := features[slug]
	if !ok {
		return listing.Amenity{}, "", false
	}
	for _, a := range amenityFeatures {
		if listing.Slugify(a.name) == slug {
			return listing.Amenity{Name: a.name, Slug: slug, Group: a.group}, f, true
		}
	}
	return listing.Amenity{}, "", false
}

// CanonicalAmenity returns the amenity an import gives a Feature
// ("Balcony": Varanda), and whether the portals list that Feature.
func CanonicalAmenity(feature string) (listing.Amenity, bool) {
	a, ok := amenityOf[feature]
	return a, ok
}

// TransactionType is the portals' name of a business: "" for a text
// stored before the values were enumerated.
func TransactionType(b listing.Business) string {
	switch b {
	case listing.BusinessSale:
		return "For Sale"
	case listing.BusinessRent:
		return "For Rent"
	case listing.BusinessSaleRent:
		return "Sale/Rent"
	}
	return ""
}

// DisplayAddress is the portals' name of how much of the address the
// public sees (Location's displayAddress).
func DisplayAddress(v listing.AddressVisibility) string {
	switch v {
	case listing.ShowAll:
		return "All"
	case listing.ShowStreet:
		return "Street"
	}
	return "Neighborhood"
}

// RentalPeriod is the portals' name of the period of a rent
// (RentalPrice's period): "Monthly" for one stored without a period.
func RentalPeriod(p listing.RentPeriod) string {
	switch p.Or() {
	case listing.RentDaily:
		return "Daily"
	case listing.RentWeekly:
		return "Weekly"
	case listing.RentQuarterly:
		return "Quarterly"
	case listing.RentYearly:
		return "Yearly"
	}
	return "Monthly"
}

// IPTUPeriod is the portals' name of the period of an IPTU amount.
func IPTUPeriod(p listing.IPTUPeriod) string {
	if p == listing.IPTUMonthly {
		return "Monthly"
	}
	return "Yearly"
}

// Reais is an amount in whole reais, as the portals take prices: the
// centavos rounded half up.
func Reais(m listing.Money) int64 { return (int64(m) + 50) / 100 }

// stateNames are the names of the federative units, for State.
var stateNames = map[string]string{
	"AC": "Acre", "AL": "Alagoas", "AP": "Amapá", "AM": "Amazonas", "BA": "Bahia", "CE": "Ceará",
	"DF": "Distrito Federal", "ES": "Espírito Santo", "GO": "Goiás", "MA": "Maranhão", "MT": "Mato Grosso",
	"MS": "Mato Grosso do Sul", "MG": "Minas Gerais", "PA": "Pará", "PB": "Paraíba", "PR": "Paraná",
	"PE": "Pernambuco", "PI": "Piauí", "RJ": "Rio de Janeiro", "RN": "Rio Grande do Norte",
	"RS": "Rio Grande do Sul", "RO": "Rondônia", "RR": "Roraima", "SC": "Santa Catarina", "SP": "São Paulo",
	"SE": "Sergipe", "TO": "Tocantins",
}

// SubtypeSlugs returns the slugs of the subtypes that have a kind, for
// tests and documentation.
func SubtypeSlugs() []string { return slices.Sorted(maps.Keys(kinds)) }

// AmenitySlugs returns the slugs of the amenities that have a Feature,
// for tests and documentation.
func AmenitySlugs() []string { return slices.Sorted(maps.Keys(features)) }

// Telephone writes a number stored in E.164 for people, as the portals
// show it: a Brazilian one as "(48) 3333-4444" or "(48) 99999-0000",
// another as it is; "" stays "".
func Telephone(e164 string) string {
	d, ok := strings.CutPrefix(e164, "+55")
	if !ok || len(d) < 10 || len(d) > 11 {
		return e164
	}
	return "(" + d[:2] + ") " + d[2:len(d)-4] + "-" + d[len(d)-4:]
}

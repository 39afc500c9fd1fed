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

// kinds maps a subtype, by its slug (listing.Slugify of its name), to its
// kind on the portals. A subtype not here has no equivalent: Check says
// so, and the property stays out of the feed.
var kinds = map[string]Kind{
	"apartamento":          residential("Apartment"),
	"apartamento-garden":   residential("Apartment"),
	"apartamento-duplex":   residential("Apartment"),
	"casa":                 residential("Home"),
	"casa-terrea":          residential("Home"),
	"casa-em-condominio":   residential("Condo"),
	"casa-de-condominio":   residential("Condo"),
	"casa-de-vila":         residential("Village House"),
	"cobertura":            residential("Penthouse"),
	"chacara":              land(residential("Farm Ranch")),
	"sitio":                land(residential("Agricultural")),
	"fazenda":              land(residential("Agricultural")),
	"flat":                 residential("Flat"),
	"kitnet":               residential("Kitnet"),
	"kitnet-conjugado":     residential("Kitnet"),
	"conjugado":            residential("Kitnet"),
	"studio":               residential("Studio"),
	"estudio":              residential("Studio"),
	"loft":                 residential("Loft"),
	"terreno":              land(residential("Land Lot")),
	"lote":                 land(residential("Land Lot")),
	"lote-terreno":         land(residential("Land Lot")),
	"sobrado":              residential("Sobrado"),
	"consultorio":          commercial("Consultorio"),
	"galpao":               land(commercial("Industrial")),
	"deposito":             land(commercial("Industrial")),
	"armazem":              land(commercial("Industrial")),
	"garagem":              commercial("Garage"),
	"box-garagem":          commercial("Garage"),
	"hotel":                commercial("Hotel"),
	"pousada":              commercial("Hotel"),
	"imovel-comercial":     commercial("Building"),
	"casa-comercial":       commercial("Building"),
	"andar-corporativo":    commercial("Corporate Floor"),
	"laje-corporativa":     commercial("Corporate Floor"),
	"terreno-comercial":    land(commercial("Land Lot")),
	"loja":                 commercial("Business"),
	"ponto-comercial":      commercial("Business"),
	"predio":               commercial("Edificio Comercial"),
	"predio-comercial":     commercial("Edificio Comercial"),
	"edificio-comercial":   commercial("Edificio Comercial"),
	"edificio-residencial": commercial("Edificio Residencial"),
	"sala":                 commercial("Office"),
	"sala-comercial":       commercial("Office"),
	"conjunto-comercial":   commercial("Office"),
}

// KindOf returns the portals' kind of a subtype, by its slug, and whether
// it has one.
func KindOf(subtypeSlug string) (Kind, bool) {
	k, ok := kinds[subtypeSlug]
	return k, ok
}

// features maps an amenity, by its slug, to the portals' Feature. An
// amenity not here is left out of the listing: the portals' list is
// closed, and a missing feature costs the listing nothing but a filter.
var features = map[string]string{
	"ar-condicionado":          "Cooling",
	"varanda":                  "Balcony",
	"sacada":                   "Balcony",
	"varanda-gourmet":          "Gourmet Balcony",
	"armarios-planejados":      "Builtin Wardrobe",
	"armario-embutido":         "Builtin Wardrobe",
	"armarios-embutidos":       "Builtin Wardrobe",
	"armarios-na-cozinha":      "Kitchen Cabinets",
	"lareira":                  "Fireplace",
	"jardim":                   "Garden Area",
	"mobiliado":                "Furnished",
	"vista-para-o-mar":         "Ocean View",
	"vista-para-a-montanha":    "Mountain View",
	"vista-para-o-lago":        "Lake View",
	"aquecimento":              "Heating",
	"aquecimento-a-gas":        "Heating",
	"aquecimento-solar":        "Solar Energy",
	"energia-solar":            "Solar Energy",
	"portaria-24-horas":        "Security Guard on Duty",
	"seguranca-24-horas":       "Security Guard on Duty",
	"vigia":                    "Controlled Access",
	"circuito-de-seguranca":    "TV Security",
	"alarme":                   "Alarm System",
	"interfone":                "Intercom",
	"elevador":                 "Elevator",
	"piscina":                  "Pool",
	"academia":                 "Gym",
	"espaco-fitness":           "Fitness Room",
	"salao-de-festas":          "Party Room",
	"salao-de-jogos":           "Game room",
	"churrasqueira":            "BBQ",
	"playground":               "Playground",
	"espaco-gourmet":           "Gourmet Area",
	"cozinha-gourmet":          "Gourmet Kitchen",
	"quadra-poliesportiva":     "Sports Court",
	"quadra-de-tenis":          "Tennis court",
	"quadra-de-squash":         "Squash",
	"sauna":                    "Sauna",
	"spa":                      "Spa",
	"lavanderia":               "Laundry",
	"quintal":                  "Backyard",
	"edicula":                  "Edicule",
	"closet":                   "Closet",
	"escritorio":               "Home Office",
	"home-office":              "Home Office",
	"aceita-animais":           "Pets Allowed",
	"permite-animais":          "Pets Allowed",
	"espaco-pet":               "Pet Space",
	"bicicletario":             "Bicycles Place",
	"gerador":                  "Generator",
	"banheira":                 "Bathtub",
	"hidromassagem":            "Bathtub",
	"mezanino":                 "Mezzanine",
	"area-de-servico":          "Maid's Quarters",
	"dependencia-de-empregada": "Maid's Quarters",
	"copa":                     "Copa",
	"sala-de-jantar":           "Dinner Room",
	"cabeamento-estruturado":   "Fully Wired",
	"internet":                 "Internet Connection",
	"tv-a-cabo":                "Cable Television",
	"zelador":                  "Caretaker",
	"rua-asfaltada":            "Paved Street",
}

// FeatureOf returns the portals' Feature for an amenity, by its slug, and
// whether it has one.
func FeatureOf(amenitySlug string) (string, bool) {
	f, ok := features[amenitySlug]
	return f, ok
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

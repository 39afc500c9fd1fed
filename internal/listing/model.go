package listing

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Business is what the agency offers a property for: the value of the
// API's `type` field. The canonical values map to the portal terms For
// Sale, For Rent and Sale/Rent. A property stored before the values were
// enumerated may hold another text (see NormalizeBusiness); it keeps it
// until a write sets a canonical value.
type Business string

const (
	BusinessSale     Business = "venda"         // For Sale
	BusinessRent     Business = "aluguel"       // For Rent (monthly)
	BusinessSaleRent Business = "venda_aluguel" // Sale/Rent
)

// Valid reports whether b is a canonical value.
func (b Business) Valid() bool {
	return b == BusinessSale || b == BusinessRent || b == BusinessSaleRent
}

// Sale reports whether b offers the property for sale.
func (b Business) Sale() bool { return b == BusinessSale || b == BusinessSaleRent }

// Rent reports whether b offers the property for rent.
func (b Business) Rent() bool { return b == BusinessRent || b == BusinessSaleRent }

// MonthlyRent is the monthly rent of a property of business b, given its
// price and its rent price (nil when none is recorded), in whatever form
// the caller holds amounts: the rent price when there is one; the price
// of a rental stored before the rent had a column of its own; and false
// when the rent is not known (no rent in the business, or a sale and
// rent without its rent price).
func MonthlyRent[M any](b Business, price M, rent *M) (M, bool) {
	switch {
	case !b.Rent():
		var none M
		return none, false
	case rent != nil:
		return *rent, true
	case b == BusinessRent:
		return price, true
	}
	var none M
	return none, false
}

// Status is where a property stands in its business, beside IsActive
// (whether the public sees it at all).
type Status string

const (
	StatusAvailable Status = "disponivel"
	StatusReserved  Status = "reservado" // a proposal is under way
	StatusSold      Status = "vendido"
	StatusRented    Status = "alugado"
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	return s == StatusAvailable || s == StatusReserved || s == StatusSold || s == StatusRented
}

// AddressVisibility is how much of a property's address the public sees.
type AddressVisibility string

const (
	// ShowAll: street, number, CEP, the free-text address and the
	// coordinates.
	ShowAll AddressVisibility = "all"
	// ShowStreet: the street and CEP, without number or coordinates.
	ShowStreet AddressVisibility = "street"
	// ShowNeighborhood: the neighborhood, city and state only.
	ShowNeighborhood AddressVisibility = "neighborhood"
)

// Valid reports whether a is one of the levels.
func (a AddressVisibility) Valid() bool {
	return a == ShowAll || a == ShowStreet || a == ShowNeighborhood
}

// IPTUPeriod is the period an IPTU amount is for.
type IPTUPeriod string

const (
	IPTUYearly  IPTUPeriod = "yearly"
	IPTUMonthly IPTUPeriod = "monthly"
)

// Valid reports whether p is one of the periods.
func (p IPTUPeriod) Valid() bool { return p == IPTUYearly || p == IPTUMonthly }

// RentPeriod is the period a rent is for: a month for most rentals, a
// day or a week for a season (vacation) rental, as the portals take it.
type RentPeriod string

const (
	RentDaily     RentPeriod = "daily"
	RentWeekly    RentPeriod = "weekly"
	RentMonthly   RentPeriod = "monthly"
	RentQuarterly RentPeriod = "quarterly"
	RentYearly    RentPeriod = "yearly"
)

// RentPeriods are the periods, shortest first.
var RentPeriods = []RentPeriod{RentDaily, RentWeekly, RentMonthly, RentQuarterly, RentYearly}

// Valid reports whether p is one of the periods.
func (p RentPeriod) Valid() bool { return slices.Contains(RentPeriods, p) }

// Or is p, or monthly for "" (a property stored before rents had a
// period, or written without one).
func (p RentPeriod) Or() RentPeriod {
	if p == "" {
		return RentMonthly
	}
	return p
}

// Limits of the listing model's fields.
const (
	MaxStreetLen     = 200
	MaxNumberLen     = 20
	MaxComplementLen = 100
	MinFloor         = -5  // basements are negative; the ground floor is 0
	MaxFloor         = 200 // past the tallest building in Brazil
	MinYearBuilt     = 1500
	// YearsAhead is how far past the current year a year built may be: a
	// launch sold before it is finished.
	YearsAhead = 5
)

// NullInt is an integer that may be absent (a floor not filled in).
type NullInt struct {
	Int   int
	Valid bool
}

// NullFloat is a number that may be absent (an area not filled in).
type NullFloat struct {
	Float float64
	Valid bool
}

// ParseCEP reads a CEP (Brazilian postal code) written as eight digits,
// with or without the hyphen after the fifth ("88010-400", "88010400"),
// and returns its eight digits.
func ParseCEP(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 9 && s[5] == '-' {
		s = s[:5] + s[6:]
	}
	if len(s) != 8 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return "", false
		}
	}
	return s, true
}

// FormatCEP writes the eight digits of a CEP as "00000-000"; "" stays "".
func FormatCEP(digits string) string {
	if len(digits) != 8 {
		return digits
	}
	return digits[:5] + "-" + digits[5:]
}

// businessAliases maps the listing types of properties stored before the
// values were enumerated, after foldType, to their canonical value. The
// same table is written out in the 0005 migration's SQL.
var businessAliases = map[string]Business{
	"venda": BusinessSale, "vendas": BusinessSale, "a venda": BusinessSale, "comprar": BusinessSale,
	"compra": BusinessSale, "sale": BusinessSale, "for sale": BusinessSale,
	"aluguel": BusinessRent, "alugar": BusinessRent, "locacao": BusinessRent, "para alugar": BusinessRent,
	"rent": BusinessRent, "for rent": BusinessRent,
	"venda_aluguel": BusinessSaleRent,
}

// NormalizeBusiness returns the canonical value of a listing type written
// another way ("Venda", " LOCAÇÃO ", "aluguel"), and false when it has
// none.
func NormalizeBusiness(s string) (Business, bool) {
	b, ok := businessAliases[foldType(s)]
	return b, ok
}

// accents folds the accented letters of Portuguese.
var accents = strings.NewReplacer("ç", "c", "ã", "a", "á", "a", "à", "a", "â", "a", "é", "e", "ê", "e", "í", "i",
	"ó", "o", "õ", "o", "ô", "o", "ú", "u")

// foldType lower-cases s, folds its accents and trims it.
func foldType(s string) string { return accents.Replace(strings.ToLower(strings.TrimSpace(s))) }

// BusinessMessage lists the canonical values of type, for a 422.
const BusinessMessage = "Use 'venda', 'aluguel' ou 'venda_aluguel'."

// StatusMessage lists the statuses of a property, for a 422.
const StatusMessage = "Use 'disponivel', 'reservado', 'vendido' ou 'alugado'."

// validateModel adds to v the failures of the listing model's fields.
// before is the property as stored before the write being checked (nil
// for a new one). What a property stored before the model held is not
// held against a write that does not change it: a type equal to the
// stored one is accepted as it is (the text of a type from before the
// values were enumerated), and a rental that was stored without its rent
// is not refused for it until its type or rent is written. Business
// rules (rent price, status) apply to canonical types only.
func (p *Property) validateModel(v *ValidationError, before *Property) {
	b := Business(p.Type)
	switch {
	case b.Valid():
	case p.Type != "" && before != nil && p.Type == before.Type:
	case p.Type != "":
		v.Add("type", BusinessMessage)
	}
	checkMoney(v, "rent_price", p.RentPrice)
	checkMoney(v, "iptu", p.IPTU)
	rentKept := before != nil && before.Type == p.Type && !before.RentPrice.Valid
	switch {
	case b.Rent() && !p.RentPrice.Valid && !rentKept:
		v.Add("rent_price", "Informe o aluguel mensal: o imóvel é para aluguel.")
	case b == BusinessSale && p.RentPrice.Valid:
		v.Add("rent_price", "O imóvel é só para venda: remova o valor do aluguel ou mude o tipo para 'venda_aluguel'.")
	case b == BusinessRent && p.RentPrice.Valid && p.RentPrice.Money != p.Price:
		v.Add("rent_price", "Para aluguel, price e rent_price são o mesmo valor (o aluguel mensal).")
	}
	if p.IPTUPeriod != "" && !p.IPTUPeriod.Valid() {
		v.Add("iptu_period", "Use 'yearly' (anual) ou 'monthly' (mensal).")
	} else if p.IPTU.Valid && p.IPTUPeriod == "" {
		v.Add("iptu_period", "Informe se o IPTU é anual ('yearly') ou mensal ('monthly').")
	}
	if p.RentPeriod != "" && !p.RentPeriod.Valid() {
		v.Add("rent_period", "Use 'daily' (por dia), 'weekly' (por semana), 'monthly' (por mês), 'quarterly' (por trimestre) ou 'yearly' (por ano).")
	}
	if p.CEP != "" {
		if _, ok := ParseCEP(p.CEP); !ok || len(p.CEP) != 8 {
			v.Add("cep", "Informe o CEP com 8 dígitos, como 88010-400.")
		}
	}
	checkText(v, "street", p.Street, 0, MaxStreetLen, false)
	checkText(v, "number", p.Number, 0, MaxNumberLen, false)
	checkText(v, "complement", p.Complement, 0, MaxComplementLen, false)
	if !p.AddressVisibility.Valid() {
		v.Add("address_visibility", "Use 'all' (endereço completo), 'street' (só a rua) ou 'neighborhood' (só o bairro).")
	}
	if p.Latitude.Valid && !inRange(p.Latitude.Float, -90, 90) {
		v.Add("latitude", "Deve estar entre -90 e 90.")
	}
	if p.Longitude.Valid && !inRange(p.Longitude.Float, -180, 180) {
		v.Add("longitude", "Deve estar entre -180 e 180.")
	}
	switch {
	case p.Latitude.Valid && !p.Longitude.Valid:
		v.Add("longitude", "Informe latitude e longitude juntas.")
	case p.Longitude.Valid && !p.Latitude.Valid:
		v.Add("latitude", "Informe latitude e longitude juntas.")
	}
	if p.Suites < 0 || p.Suites > MaxCount {
		v.Add("suites", "Deve estar entre 0 e 999.")
	} else if p.Suites > p.Bedrooms {
		v.Add("suites", "Não pode passar do número de quartos (suítes são quartos).")
	}
	for field, a := range map[string]NullFloat{"useful_area_m2": p.UsefulAreaM2, "total_area_m2": p.TotalAreaM2} {
		if a.Valid && (!inRange(a.Float, 0, MaxAreaM2) || a.Float == 0) {
			v.Add(field, "Informe uma área maior que zero, em m² (até 100.000.000).")
		}
	}
	// Neither area bounds the other: the total of a house or a lot is the
	// lot's, and a house of two storeys on a small lot has more useful
	// area than that (as the portals' LivingArea and LotArea say).
	if p.Floor.Valid && (p.Floor.Int < MinFloor || p.Floor.Int > MaxFloor) {
		v.Add("floor", "Informe o andar entre -5 (subsolo) e 200; o térreo é 0.")
	}
	if maxYear := time.Now().Year() + YearsAhead; p.YearBuilt.Valid && (p.YearBuilt.Int < MinYearBuilt || p.YearBuilt.Int > maxYear) {
		v.Add("year_built", "Informe um ano entre 1500 e "+strconv.Itoa(maxYear)+".")
	}
	switch {
	case !p.Status.Valid():
		v.Add("status", StatusMessage)
	case !b.Valid():
	case p.Status == StatusSold && !b.Sale():
		v.Add("status", "Só um imóvel à venda pode estar vendido.")
	case p.Status == StatusRented && !b.Rent():
		v.Add("status", "Só um imóvel para aluguel pode estar alugado.")
	}
}

// checkMoney adds to v the failure of an optional amount out of range.
func checkMoney(v *ValidationError, field string, m NullMoney) {
	if m.Valid && (m.Money < 0 || m.Money > MaxMoney) {
		v.Add(field, "Valor fora do intervalo permitido.")
	}
}

// inRange reports whether f is a number within [min, max].
func inRange(f, min, max float64) bool {
	return !math.IsNaN(f) && f >= min && f <= max
}

// PublicAddress is the part of a property's address the public sees, by
// its AddressVisibility. Text that may not be shown is "" and coordinates
// are absent. The complement is never public.
type PublicAddress struct {
	Address   string // the free-text address: as stored at ShowAll, the street at ShowStreet, "" otherwise
	CEP       string
	Street    string
	Number    string
	Latitude  NullFloat
	Longitude NullFloat
}

// Public returns the address of p as the public sees it.
func (p *Property) Public() PublicAddress {
	switch p.AddressVisibility {
	case ShowAll:
		return PublicAddress{Address: p.Address, CEP: p.CEP, Street: p.Street, Number: p.Number,
			Latitude: p.Latitude, Longitude: p.Longitude}
	case ShowStreet:
		return PublicAddress{Address: p.Street, CEP: p.CEP, Street: p.Street}
	}
	return PublicAddress{}
}

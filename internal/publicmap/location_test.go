package publicmap

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

// distanceM is the great-circle distance between two points, in metres.
func distanceM(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusM * math.Asin(math.Min(1, math.Sqrt(a)))
}

func TestApproximateKnownCell(t *testing.T) {
	// A house in Florianópolis: the cell from -27.60 to -27.59 and from
	// -48.55 to -48.54.
	got := Approximate(-27.5954123, -48.5480456)
	if got.Latitude != -27.595 || got.Longitude != -48.545 {
		t.Errorf("centre %v, %v; want -27.595, -48.545", got.Latitude, got.Longitude)
	}
	if got.RadiusM != 750 || got.Exact() {
		t.Errorf("radius %d m, want 750 (half the cell's diagonal, rounded up to 50 m)", got.RadiusM)
	}
}

// Every point of a cell gives the same area, which holds it; the area
// never is the point itself.
func TestApproximateCoversItsCell(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		lat, lon := r.Float64()*180-90, r.Float64()*360-180
		if r.IntN(2) == 0 { // Brazil, where the listings are
			lat, lon = -34+r.Float64()*39, -74+r.Float64()*40
		}
		a := Approximate(lat, lon)
		if d := distanceM(lat, lon, a.Latitude, a.Longitude); d > float64(a.RadiusM) {
			t.Fatalf("(%v, %v): %.0f m from the centre of %+v, outside its radius", lat, lon, d, a)
		}
		if a.Exact() || a.RadiusM > 800 {
			t.Fatalf("(%v, %v): radius %d m, want an area of about a kilometre", lat, lon, a.RadiusM)
		}
		// The corners of the point's cell give the same area.
		south, west := math.Floor(lat*cellsPerDegree)/cellsPerDegree, math.Floor(lon*cellsPerDegree)/cellsPerDegree
		for _, c := range [][2]float64{{south + 1e-9, west + 1e-9}, {south + CellDegrees - 1e-9, west + CellDegrees - 1e-9}} {
			if c[0] >= 90 || c[1] >= 180 {
				continue
			}
			if b := Approximate(c[0], c[1]); b != a {
				t.Fatalf("(%v, %v) gives %+v, but (%v, %v) in the same cell gives %+v", lat, lon, a, c[0], c[1], b)
			}
		}
	}
}

func TestApproximateEdgesOfTheWorld(t *testing.T) {
	for _, c := range [][2]float64{{90, 180}, {-90, -180}, {0, 0}, {-0.001, -0.001}} {
		a := Approximate(c[0], c[1])
		if a.Latitude < -90 || a.Latitude > 90 || a.Longitude < -180 || a.Longitude > 180 {
			t.Errorf("%v: centre %v, %v outside the world", c, a.Latitude, a.Longitude)
		}
		if d := distanceM(c[0], c[1], a.Latitude, a.Longitude); d > float64(a.RadiusM) {
			t.Errorf("%v: %.0f m from the centre, radius %d", c, d, a.RadiusM)
		}
	}
}

func TestLocate(t *testing.T) {
	at := func(v listing.AddressVisibility, coords bool) *listing.Property {
		p := &listing.Property{AddressVisibility: v}
		if coords {
			p.Latitude = listing.NullFloat{Float: -27.5954123, Valid: true}
			p.Longitude = listing.NullFloat{Float: -48.5480456, Valid: true}
		}
		return p
	}
	if l, ok := Locate(at(listing.ShowAll, true)); !ok || !l.Exact() || l.Latitude != -27.5954123 || l.Longitude != -48.5480456 {
		t.Errorf("all: %+v %v, want the point itself", l, ok)
	}
	for _, v := range []listing.AddressVisibility{listing.ShowStreet, listing.ShowNeighborhood} {
		l, ok := Locate(at(v, true))
		if !ok || l != Approximate(-27.5954123, -48.5480456) {
			t.Errorf("%s: %+v %v, want the cell's area", v, l, ok)
		}
	}
	for _, v := range []listing.AddressVisibility{listing.ShowAll, listing.ShowStreet, listing.ShowNeighborhood} {
		if l, ok := Locate(at(v, false)); ok {
			t.Errorf("%s without coordinates: %+v, want no location", v, l)
		}
	}
}

// Package publicmap is what the public's maps are made of: where a
// property is shown (Locate: its point, or when its address is hidden an
// area that cannot be turned back into the point) and the tile server
// they are drawn from (Tiles).
package publicmap

import (
	"math"

	"github.com/vitrine/vitrine/internal/listing"
)

// CellDegrees is the side of the fixed grid's cells, in degrees of
// latitude and of longitude: about 1.1 km north to south, and 0.9 to
// 1.1 km east to west across Brazil.
const CellDegrees = 0.01

// cellsPerDegree is 1/CellDegrees, as an exact whole number.
const cellsPerDegree = 100

// earthRadiusM is the mean radius of the Earth (IUGG), in metres.
const earthRadiusM = 6_371_008.8

// radiusStepM rounds an area's radius up to a multiple of itself: a
// margin over the spherical model's error, and a number people read.
const radiusStepM = 50

// Location is where a map shows a property: a point, or an area around
// it (a circle of RadiusM metres around the point) when the property's
// address is not public.
type Location struct {
	Latitude, Longitude float64
	// RadiusM is 0 for the property's own point, else the radius of the
	// circle that holds it.
	RadiusM int
}

// Exact reports whether l is the property's own point.
func (l Location) Exact() bool { return l.RadiusM == 0 }

// Locate returns where the public sees p on a map: its own point when its
// whole address is public (listing.ShowAll), else the area of Approximate
// around it; false when p has no coordinates.
func Locate(p *listing.Property) (Location, bool) {
	if !p.Latitude.Valid || !p.Longitude.Valid {
		return Location{}, false
	}
	if p.AddressVisibility == listing.ShowAll {
		return Location{Latitude: p.Latitude.Float, Longitude: p.Longitude.Float}, true
	}
	return Approximate(p.Latitude.Float, p.Longitude.Float), true
}

// Approximate returns the area of the point (lat, lon): the centre of the
// cell of a fixed grid of CellDegrees that holds it, and a radius that
// covers the whole cell. Every point of a cell gives the same area, so
// the area tells nothing of where in the cell the point is; a grid fixed
// to the meridians, rather than a circle centred near the point or moved
// at random each time, cannot be narrowed by comparing answers.
func Approximate(lat, lon float64) Location {
	i := cell(lat, -90, 90)
	j := cell(lon, -180, 180)
	centre := func(n int) float64 { return float64(2*n+1) / (2 * cellsPerDegree) }
	return Location{Latitude: centre(i), Longitude: centre(j), RadiusM: coverRadius(i)}
}

// cell is the index of the cell of the grid that holds x, within [min,
// max]: the top edge belongs to the cell below it.
func cell(x, min, max float64) int {
	x = math.Max(min, math.Min(max, x))
	n := int(math.Floor(x * cellsPerDegree))
	return int(math.Min(float64(n), max*cellsPerDegree-1))
}

// coverRadius is the radius, in metres, of a circle around the centre of
// a cell in row i that holds the whole cell: half its diagonal, measured
// where the cell is widest (its edge nearer the equator), rounded up to
// radiusStepM.
func coverRadius(i int) int {
	south, north := float64(i)/cellsPerDegree, float64(i+1)/cellsPerDegree
	widest := math.Min(math.Abs(south), math.Abs(north))
	if south <= 0 && north >= 0 {
		widest = 0
	}
	rad := math.Pi / 180
	halfHeight := earthRadiusM * CellDegrees * rad / 2
	halfWidth := earthRadiusM * CellDegrees * rad * math.Cos(widest*rad) / 2
	r := math.Hypot(halfHeight, halfWidth)
	return int(math.Ceil(r/radiusStepM)) * radiusStepM
}

package listing

// References are every subtype, city, neighborhood and amenity the
// catalogue knows, whether an active property has them or not.
type References struct {
	Subtypes      []Subtype
	Cities        []City
	Neighborhoods []PlacedNeighborhood
	Amenities     []Amenity
}

// PlacedNeighborhood is a neighborhood with the city it belongs to.
type PlacedNeighborhood struct {
	City City
	Neighborhood
}

// CatalogChanges are what catalogue writes changed after a version, as a
// reader of the record of writes finds them. The properties they created
// or changed are given one at a time to the reader's function, not kept
// here.
type CatalogChanges struct {
	// Complete reports whether the changes reach from the version asked
	// for to Version. When it is false (the writes changed more
	// properties than asked, the record no longer reaches back so far,
	// or a write was not recorded), only a read of the whole catalogue
	// tells what it holds, and the rest is empty.
	Complete bool
	Version  int64
	Removed  []string   // the ids of the properties deactivated or deleted
	Refs     References // every reference
}

package feed

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"strings"
)

// Limits of a VRSync file to import.
const (
	// DefaultMaxImportBytes is the largest file an import reads.
	DefaultMaxImportBytes = 500 << 20
	// DefaultMaxListings is the most listings a file may hold.
	DefaultMaxListings = 50_000
	// maxListingBytes bounds one Listing element, and any text outside
	// one: a listing of the largest fields the model takes (100 photo
	// addresses of 2,048 characters, a description of 10,000) is far
	// below it, and no element is ever held whole past it.
	maxListingBytes = 2 << 20
	// maxDepth bounds how deeply elements nest, anywhere in the file.
	// VRSync's deepest path (ListingDataFeed, Listings, Listing,
	// Details, Features, Feature) is 6 levels: 32 leaves room for a
	// portal's extensions or markup in a text, and refuses at once the
	// millions of nested elements whose open tags the decoder would
	// otherwise keep, a few hundred bytes of memory each.
	maxDepth = 32
)

// Listing is one Listing element of a VRSync file, as read: text as it
// is (trimmed), numbers as text, so that a value that is not one is
// reported on its element rather than refusing the file.
type Listing struct {
	ListingID       string      `xml:"ListingID"`
	Title           string      `xml:"Title"`
	TransactionType string      `xml:"TransactionType"`
	Media           []MediaItem `xml:"Media>Item"`
	Details         Details     `xml:"Details"`
	Location        Location    `xml:"Location"`

	// namespace is the file's, when it is not VRSync's: the older one or
	// none (""); nil for VRSync's.
	namespace *string
}

// MediaItem is a photo or a video of a listing.
type MediaItem struct {
	Medium  string `xml:"medium,attr"`
	Caption string `xml:"caption,attr"`
	Primary string `xml:"primary,attr"`
	URL     string `xml:",chardata"`
}

// Details is a listing's Details.
type Details struct {
	UsageType    string  `xml:"UsageType"`
	PropertyType string  `xml:"PropertyType"`
	Description  string  `xml:"Description"`
	ListPrice    *Amount `xml:"ListPrice"`
	RentalPrice  *Amount `xml:"RentalPrice"`
	Fee          *Amount `xml:"PropertyAdministrationFee"`
	Iptu         *Amount `xml:"Iptu"`
	// YearlyTax and MonthlyTax are the IPTU as VivaReal's own sample,
	// Grupo ZAP's examples and exporters still write it.
	YearlyTax  *Amount  `xml:"YearlyTax"`
	MonthlyTax *Amount  `xml:"MonthlyTax"`
	LivingArea *Amount  `xml:"LivingArea"`
	LotArea    *Amount  `xml:"LotArea"`
	Bedrooms   *string  `xml:"Bedrooms"`
	Bathrooms  *string  `xml:"Bathrooms"`
	Suites     *string  `xml:"Suites"`
	Garage     *Amount  `xml:"Garage"`
	UnitFloor  *string  `xml:"UnitFloor"`
	YearBuilt  *string  `xml:"YearBuilt"`
	Features   []string `xml:"Features>Feature"`
	// Other holds the elements not named above, which the import does
	// not read: a warning names them, so no value goes unsaid.
	Other []struct {
		XMLName xml.Name
	} `xml:",any"`
}

// Amount is a number with its attributes: a price (currency, period), an
// area (unit) or a garage (type).
type Amount struct {
	Currency string `xml:"currency,attr"`
	Period   string `xml:"period,attr"`
	Unit     string `xml:"unit,attr"`
	Value    string `xml:",chardata"`
}

// Location is a listing's Location.
type Location struct {
	DisplayAddress string  `xml:"displayAddress,attr"`
	State          Place   `xml:"State"`
	City           string  `xml:"City"`
	Neighborhood   string  `xml:"Neighborhood"`
	Address        string  `xml:"Address"`
	StreetNumber   string  `xml:"StreetNumber"`
	Complement     *string `xml:"Complement"`
	PostalCode     string  `xml:"PostalCode"`
	Latitude       *string `xml:"Latitude"`
	Longitude      *string `xml:"Longitude"`
}

// Place is a name with its abbreviation (State).
type Place struct {
	Abbreviation string `xml:"abbreviation,attr"`
	Name         string `xml:",chardata"`
}

// FileError is a file refused as a whole, before anything is written:
// Message says why, for people (pt-BR).
type FileError struct {
	Message string
	// TooLarge: over the size cap (an HTTP 413), not a malformed file.
	TooLarge bool
	Err      error // the underlying cause, when there is one
}

func (e *FileError) Error() string { return "feed: file refused: " + e.Message }
func (e *FileError) Unwrap() error { return e.Err }

// ErrFileRefused matches every *FileError, and ErrFileTooLarge those
// over the size cap.
var (
	ErrFileRefused  = errors.New("feed: file refused")
	ErrFileTooLarge = errors.New("feed: file too large")
)

// Is makes errors.Is(err, ErrFileRefused) true, and
// errors.Is(err, ErrFileTooLarge) for a file over the cap.
func (e *FileError) Is(target error) bool {
	return target == ErrFileRefused || target == ErrFileTooLarge && e.TooLarge
}

func refuse(format string, args ...any) *FileError {
	return &FileError{Message: fmt.Sprintf(format, args...)}
}

// TooLarge is the refusal of a file over max bytes.
func TooLarge(max int64) *FileError {
	size := fmt.Sprintf("%d MB", max>>20)
	if max < 1<<20 {
		size = fmt.Sprintf("%d bytes", max)
	}
	return &FileError{TooLarge: true, Message: "O arquivo passa do tamanho máximo de " + size + "."}
}

// Limits bound a file to import; a zero field takes its default.
type Limits struct {
	MaxBytes    int64 // DefaultMaxImportBytes
	MaxListings int   // DefaultMaxListings
}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxImportBytes
	}
	if l.MaxListings <= 0 {
		l.MaxListings = DefaultMaxListings
	}
	return l
}

// errCap and errSpan are the counting reader's refusals, errDepth the
// depth reader's.
var (
	errCap   = errors.New("over the size cap")
	errSpan  = errors.New("element over its size cap")
	errDepth = errors.New("elements nested too deeply")
)

// countingReader gives the decoder its bytes one at a time (it reads
// through io.ByteReader when it can), counting them: past max in all, or
// past maxListingBytes since the last mark (set by walk between the
// elements it looks at), it fails, so that neither the file nor any one
// element is read without bound.
type countingReader struct {
	r         *bufio.Reader
	n, max    int64
	mark      int64
	spanLimit int64
}

func (c *countingReader) ReadByte() (byte, error) {
	if c.n >= c.max {
		if _, err := c.r.ReadByte(); err == io.EOF {
			return 0, io.EOF
		}
		return 0, errCap
	}
	if c.n-c.mark >= c.spanLimit {
		return 0, errSpan
	}
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

func (c *countingReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	b, err := c.ReadByte()
	if err != nil {
		return 0, err
	}
	p[0] = b
	return 1, nil
}

// depthReader hands on the tokens of d, refusing an element nested more
// than maxDepth levels deep: walk's decoder reads through it, so that the
// cap holds inside a Listing (decoded whole by encoding/xml, whose own
// cap is thousands of levels) as well as around them.
type depthReader struct {
	d     *xml.Decoder
	depth int
	line  int // of the element refused
}

func (r *depthReader) Token() (xml.Token, error) {
	tok, err := r.d.Token()
	switch tok.(type) {
	case xml.StartElement:
		if r.depth++; r.depth > maxDepth {
			r.line, _ = r.d.InputPos()
			return nil, errDepth
		}
	case xml.EndElement:
		r.depth--
	}
	return tok, err
}

// walk reads a VRSync file from r and calls fn with each Listing, in
// order. It refuses, with a *FileError, a file that is not XML, whose
// root is not VRSync's ListingDataFeed, that declares a DOCTYPE or any
// other directive (VRSync has none: this is what keeps entity expansion,
// such as a "billion laughs" file, out), that is cut short, over the
// limits (size, listings, maxDepth), or whose Listing elements cannot be read. fn's error stops the
// walk and is returned as it is.
func walk(r io.Reader, lim Limits, fn func(n int, l *Listing) error) error {
	lim = lim.withDefaults()
	cr := &countingReader{r: bufio.NewReaderSize(r, 64<<10), max: lim.MaxBytes, spanLimit: maxListingBytes}
	raw := xml.NewDecoder(cr)
	raw.Strict = true
	depth := &depthReader{d: raw}
	d := xml.NewTokenDecoder(depth)
	var path []string // local names of the open elements
	root := false
	var legacy *string // the root's namespace, when not VRSync's
	n := 0
	fail := func(err error) error {
		var se *xml.SyntaxError
		syntax := errors.As(err, &se)
		var fe *FileError
		switch {
		case errors.Is(err, errCap):
			return TooLarge(lim.MaxBytes)
		case errors.Is(err, errDepth):
			return &FileError{Message: fmt.Sprintf("O arquivo tem elementos aninhados em mais de %d níveis (linha %d): "+
				"um arquivo VRSync tem no máximo 6, e o arquivo não é aceito.", maxDepth, depth.line), Err: err}
		case errors.Is(err, errSpan):
			return &FileError{Message: fmt.Sprintf("Um elemento do arquivo (o anúncio %d ou o texto depois dele) passa de %d MB.", n+1, maxListingBytes>>20), Err: err}
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || syntax && se.Msg == "unexpected EOF":
			return &FileError{Message: "O arquivo termina no meio (está incompleto).", Err: err}
		case syntax && !root:
			return &FileError{Message: "O arquivo não é um XML válido: " + se.Msg + ".", Err: err}
		case syntax:
			return &FileError{Message: fmt.Sprintf("XML inválido na linha %d: %s.", se.Line, se.Msg), Err: err}
		case errors.As(err, &fe):
			return err
		}
		return &FileError{Message: "Não foi possível ler o arquivo.", Err: err}
	}
	for {
		cr.mark = cr.n
		tok, err := d.Token()
		if err == io.EOF {
			if !root {
				return refuse("O arquivo está vazio ou não é um XML.")
			}
			if len(path) > 0 {
				return fail(io.ErrUnexpectedEOF)
			}
			return nil
		}
		if err != nil {
			return fail(err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			return refuse("O arquivo declara um DOCTYPE ou outra diretiva (<!…>): arquivos VRSync não têm, e ela não é aceita.")
		case xml.ProcInst:
			if t.Target != "xml" || root {
				return refuse("O arquivo contém uma instrução de processamento (<?%s …?>) que o formato VRSync não tem.", t.Target)
			}
		case xml.StartElement:
			if !root {
				if t.Name.Local != "ListingDataFeed" || !readableNamespace(t.Name.Space) {
					return refuse("O arquivo é de outro formato: a raiz é <%s>%s, e um arquivo VRSync tem <ListingDataFeed> no espaço de nomes %s.",
						t.Name.Local, nsNote(t.Name.Space), Namespace)
				}
				root = true
				if t.Name.Space != Namespace {
					legacy = &t.Name.Space
				}
			}
			if len(path) == 2 && path[1] == "Listings" && t.Name.Local == "Listing" {
				if n >= lim.MaxListings {
					return refuse("O arquivo tem mais de %d anúncios, o máximo de uma importação.", lim.MaxListings)
				}
				var l Listing
				if err := d.DecodeElement(&l, &t); err != nil {
					return fail(err)
				}
				n++
				l.trim()
				l.namespace = legacy
				if err := fn(n, &l); err != nil {
					return err
				}
				continue
			}
			path = append(path, t.Name.Local)
		case xml.EndElement:
			path = path[:len(path)-1]
			if len(path) == 0 {
				// The root is closed: anything after it but space and
				// comments is a syntax error the decoder reports.
				for {
					cr.mark = cr.n
					tok, err := d.Token()
					if err == io.EOF {
						return nil
					}
					if err != nil {
						return fail(err)
					}
					text, isText := tok.(xml.CharData)
					if _, isComment := tok.(xml.Comment); !isComment && !(isText && strings.TrimSpace(string(text)) == "") {
						return refuse("O arquivo tem conteúdo depois do fim de <ListingDataFeed>.")
					}
				}
			}
		case xml.CharData:
			if !root && strings.TrimSpace(string(t)) != "" {
				return refuse("O arquivo não é um XML: há texto antes do primeiro elemento.")
			}
		}
	}
}

// readableNamespace reports whether a root in space is read as VRSync:
// VRSync's own, its older one, or none.
func readableNamespace(space string) bool {
	return space == Namespace || space == OlderNamespace || space == ""
}

func nsNote(space string) string {
	if space == "" {
		return " sem espaço de nomes"
	}
	return " no espaço de nomes " + space
}

// trim trims every text of l, as the property's validation will.
func (l *Listing) trim() {
	for _, s := range []*string{&l.ListingID, &l.Title, &l.TransactionType, &l.Details.UsageType, &l.Details.PropertyType,
		&l.Details.Description, &l.Location.DisplayAddress, &l.Location.State.Abbreviation, &l.Location.State.Name,
		&l.Location.City, &l.Location.Neighborhood, &l.Location.Address, &l.Location.StreetNumber, &l.Location.PostalCode,
		l.Details.Bedrooms, l.Details.Bathrooms, l.Details.Suites, l.Details.UnitFloor, l.Details.YearBuilt,
		l.Location.Complement, l.Location.Latitude, l.Location.Longitude} {
		if s != nil {
			*s = strings.TrimSpace(*s)
		}
	}
	for _, a := range []*Amount{l.Details.ListPrice, l.Details.RentalPrice, l.Details.Fee, l.Details.Iptu,
		l.Details.YearlyTax, l.Details.MonthlyTax, l.Details.LivingArea, l.Details.LotArea, l.Details.Garage} {
		if a != nil {
			a.Value, a.Period, a.Currency, a.Unit = strings.TrimSpace(a.Value), strings.TrimSpace(a.Period),
				strings.TrimSpace(a.Currency), strings.TrimSpace(a.Unit)
		}
	}
	// An optional element left empty (<Garage type="Parking Space"></Garage>,
	// as a WordPress plugin writes it) says nothing: it is absent.
	for _, a := range []**Amount{&l.Details.ListPrice, &l.Details.RentalPrice, &l.Details.Fee, &l.Details.Iptu,
		&l.Details.YearlyTax, &l.Details.MonthlyTax, &l.Details.LivingArea, &l.Details.LotArea, &l.Details.Garage} {
		if *a != nil && (*a).Value == "" {
			*a = nil
		}
	}
	for _, p := range []**string{&l.Details.Bedrooms, &l.Details.Bathrooms, &l.Details.Suites, &l.Details.UnitFloor,
		&l.Details.YearBuilt, &l.Location.Complement, &l.Location.Latitude, &l.Location.Longitude} {
		if *p != nil && **p == "" {
			*p = nil
		}
	}
	for i := range l.Media {
		m := &l.Media[i]
		m.URL, m.Caption, m.Medium, m.Primary = strings.TrimSpace(m.URL), strings.TrimSpace(m.Caption),
			strings.TrimSpace(m.Medium), strings.TrimSpace(m.Primary)
	}
	features := l.Details.Features[:0]
	for _, f := range l.Details.Features {
		if f = strings.TrimSpace(f); f != "" {
			features = append(features, f)
		}
	}
	l.Details.Features = features
}

// Scan is an import's first pass over a file: it reads it whole, writes
// nothing, and refuses it (a *FileError) unless every check of walk
// passes and every listing has a ListingID. It returns the number of
// listings. A ListingID that repeats is not a refusal of the file (the
// second pass refuses the repeated listing, see seenIDs).
func Scan(r io.Reader, lim Limits) (int, error) {
	count := 0
	err := walk(r, lim, func(n int, l *Listing) error {
		count = n
		if l.ListingID == "" {
			return refuse("O anúncio %d não tem ListingID: cada anúncio precisa do seu código.", n)
		}
		return nil
	})
	return count, err
}

// seenIDs remembers the ListingIDs of a file by a hash of each (16 bytes
// a listing, whatever its length), and the listing each came first in.
type seenIDs struct {
	seed maphash.Seed
	at   map[uint64]int
}

func newSeenIDs() *seenIDs { return &seenIDs{seed: maphash.MakeSeed(), at: map[uint64]int{}} }

// first returns the listing id came in before n, if it did, and
// remembers n otherwise.
func (s *seenIDs) first(id string, n int) (int, bool) {
	h := maphash.String(s.seed, id)
	if at, ok := s.at[h]; ok {
		return at, true
	}
	s.at[h] = n
	return 0, false
}

// Spool copies r, of size bytes (-1 when unknown), into a new temporary
// file in dir ("" for the system's), so that an import can read it twice,
// and returns it rewound; the caller closes and removes it. A size known
// to be over max is refused before anything is read; an unknown one is
// refused (a *FileError, TooLarge) as soon as more than max bytes come.
func Spool(r io.Reader, size, max int64, dir string) (*os.File, error) {
	if max <= 0 {
		max = DefaultMaxImportBytes
	}
	if size > max {
		return nil, TooLarge(max)
	}
	f, err := os.CreateTemp(dir, "vitrine-import-*.xml")
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(f, io.LimitReader(r, max+1))
	if err == nil && n > max {
		err = TooLarge(max)
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

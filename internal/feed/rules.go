package feed

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/vitrine/vitrine/internal/listing"
)

// The portals' limits, as Grupo ZAP's VRSync documentation states them.
const (
	MinTitleLen       = 10
	MaxTitleLen       = 100
	MinDescriptionLen = 50
	MaxDescriptionLen = 3000
	// MinPhotos is the fewest photos a listing may have.
	MinPhotos = 5
	// MaxListingIDLen is the longest ListingID.
	MaxListingIDLen = 50
)

// Problem is one reason a property cannot go to the portals: the field
// of the admin API it is about, and what to do, for people (pt-BR).
type Problem struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Check returns what keeps the property p from the portals, or nothing
// when it is ready. It is the one place where the portals' rules live:
// the feed writes a listing when Check finds nothing, and the back office
// shows what it finds. Whether staff chose to publish p
// (PublishToPortals) is not a problem of its own: it is that choice.
//
// p must carry its photos and amenities (store.Property, or the feed's
// read, store.EachPortalProperty).
func Check(p listing.Property) []Problem {
	var out []Problem
	add := func(field, format string, args ...any) {
		out = append(out, Problem{field, fmt.Sprintf(format, args...)})
	}
	if !p.IsActive {
		add("is_active", "O imóvel está inativo no site: só imóveis ativos vão para os portais.")
	}
	switch p.Status {
	case listing.StatusSold:
		add("status", "O imóvel está vendido: imóveis vendidos saem dos portais.")
	case listing.StatusRented:
		add("status", "O imóvel está alugado: imóveis alugados saem dos portais.")
	}
	b := listing.Business(p.Type)
	switch {
	case !b.Valid():
		add("type", "Escolha o tipo de negócio (venda, aluguel ou venda e aluguel): os portais não aceitam %q.", p.Type)
	case b.Sale() && p.Price <= 0:
		add("price", "Informe o preço de venda.")
	case b.Rent() && (!p.RentPrice.Valid || p.RentPrice.Money <= 0):
		add("rent_price", "Informe o valor do aluguel.")
	}
	if len(p.Code) > MaxListingIDLen {
		add("code", "O código do imóvel pode ter no máximo %d caracteres nos portais.", MaxListingIDLen)
	}
	kind, ok := KindOf(p.Subtype.Slug)
	if !ok {
		add("subtype", "O tipo de imóvel %q não tem equivalente nos portais: use um tipo como Apartamento, Casa, Cobertura, Terreno, Loja ou Sala comercial.", p.Subtype.Name)
	}
	if n := utf8.RuneCountInString(p.Title); n < MinTitleLen || n > MaxTitleLen {
		add("title", "O título precisa ter entre %d e %d caracteres nos portais (tem %d).", MinTitleLen, MaxTitleLen, n)
	}
	if n := utf8.RuneCountInString(p.Description); n < MinDescriptionLen || n > MaxDescriptionLen {
		add("description", "A descrição precisa ter entre %d e %s caracteres nos portais (tem %d).", MinDescriptionLen, "3.000", n)
	}
	if ok && !kind.Land && livingArea(p) <= 0 {
		add("useful_area_m2", "Informe a área útil: os portais exigem a área do imóvel.")
	}
	if ok && kind.Land && lotArea(p) <= 0 {
		add("total_area_m2", "Informe a área total do terreno: os portais exigem a área.")
	}
	photos := p.VisiblePhotos()
	for _, ph := range photos {
		if !isJPEG(ph) {
			add("photos", "A foto %d não é JPEG (%s): os portais só aceitam JPEG. Envie a foto pelo painel, que gera o JPEG, ou use um endereço .jpg.", ph.DisplayOrder+1, ph.URL)
		}
	}
	if len(photos) < MinPhotos {
		add("photos", "Os portais exigem ao menos %d fotos (o imóvel tem %d).", MinPhotos, len(photos))
	}
	if p.VideoURL != "" && !IsYouTube(p.VideoURL) {
		add("video_url", "O vídeo precisa ser do YouTube: os portais não aceitam outro endereço (%s). Troque o vídeo ou deixe o campo vazio.", p.VideoURL)
	}
	return out
}

// livingArea is the area the portals show of a building, in m²: the
// useful area, else the area of the older single field.
func livingArea(p listing.Property) float64 {
	if p.UsefulAreaM2.Valid {
		return p.UsefulAreaM2.Float
	}
	return p.AreaM2
}

// lotArea is the area of the lot, in m²: the total area, else (a lot or
// a rural area with one area) the area of the older single field.
func lotArea(p listing.Property) float64 {
	if p.TotalAreaM2.Valid {
		return p.TotalAreaM2.Float
	}
	if k, _ := KindOf(p.Subtype.Slug); k.Land {
		return p.AreaM2
	}
	return 0
}

// isJPEG reports whether the portals get the photo as a JPEG: an uploaded
// one always (its address is its largest JPEG variant); an address on
// another site when its path ends in .jpg or .jpeg, or when it asks an
// image service for JPEG (fm=jpg, as imgix and Unsplash take). An address
// whose format the server chooses (Unsplash's auto=format serves WebP or
// AVIF to those who accept them) is not a JPEG.
func isJPEG(ph listing.Photo) bool {
	if ph.Image != nil {
		return ph.Image.Status == listing.ImageReady && strings.HasSuffix(ph.URL, ".jpg")
	}
	u, err := url.Parse(ph.URL)
	if err != nil {
		return false
	}
	path := strings.ToLower(u.Path)
	if strings.HasSuffix(path, ".jpg") || strings.HasSuffix(path, ".jpeg") {
		return true
	}
	q := u.Query()
	if q.Get("auto") == "format" {
		return false
	}
	fm := strings.ToLower(q.Get("fm"))
	return fm == "jpg" || fm == "jpeg" || fm == "pjpg"
}

// IsYouTube reports whether video is a YouTube address: the only videos
// the portals take.
func IsYouTube(video string) bool {
	u, err := url.Parse(video)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return false
	}
	switch strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.") {
	case "youtube.com", "m.youtube.com", "youtu.be", "youtube-nocookie.com":
		return true
	}
	return false
}

// CheckPublisher returns what keeps the whole feed from the portals: the
// agency's data that VRSync requires of every feed (Header/Email) and of
// every listing (ContactInfo/Name and Email). While it finds something,
// the feed carries no listing, since the portal would refuse them all.
// Field is the admin agency API's field.
func CheckPublisher(pub Publisher) []Problem {
	var out []Problem
	if strings.TrimSpace(pub.Name) == "" {
		out = append(out, Problem{"name", "Informe o nome da imobiliária em Agência: os portais exigem o nome do anunciante em cada anúncio."})
	}
	if !strings.Contains(pub.Email, "@") {
		out = append(out, Problem{"email", "Informe o e-mail da imobiliária em Agência: os portais exigem um e-mail de contato no feed e em cada anúncio."})
	}
	return out
}

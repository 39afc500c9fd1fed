package httpapi

import (
	"errors"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// DefaultFavoriteMailLimit bounds the favourites' e-mails a client
// address asks for (Config's zero FavoriteMailLimit): each is an e-mail
// to an address the visitor types.
var DefaultFavoriteMailLimit = Rate{N: 3, Per: time.Hour}

// msgFavoriteMail answers every accepted request, whether an e-mail goes
// out or not (past the address's 3 a day, none does).
const msgFavoriteMail = "Enviamos sua lista para o e-mail informado."

// sendFavorites e-mails a visitor their favourites ("Enviar minha lista
// por e-mail" on /favoritos): body {email, slugs, notice_version}, the
// slugs as the browser keeps them (those no longer published are left
// out). 202 whether or not an e-mail goes out; 422 for a bad e-mail, a
// missing notice, or a list with none published; 429 past the client's
// limit, consulted for a valid request only.
func (s *Server) sendFavorites(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("email", "slugs", "notice_version")
	var in listing.FavoriteMailInput
	in.Email, _ = o.requiredStr("email")
	in.NoticeVersion, _ = o.requiredStr("notice_version")
	slugs := o.strings("slugs", listing.MaxFavoriteMailListings)
	seen := map[string]bool{}
	for _, slug := range slugs {
		id, err := s.activePropertyID(r.Context(), slug)
		switch {
		case errors.Is(err, listing.ErrNotFound):
		case err != nil:
			s.writeError(w, r, err)
			return
		case !seen[id]:
			seen[id] = true
			in.PropertyIDs = append(in.PropertyIDs, id)
		}
	}
	in.Normalize()
	o.merge(in.Validate())
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.acceptLimited(w, r, s.favoriteMailLimiter, msgFavoriteMail, func(clientAddr string) error {
		in.ClientAddr = clientAddr
		_, err := s.store.CreateFavoriteMail(r.Context(), in)
		return err
	})
}

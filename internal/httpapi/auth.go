package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

type adminKey struct{}

// admin guards an administration handler: the request must carry a valid
// admin token as "Authorization: Bearer <token>". Admin answers are never
// stored by caches.
func (s *Server) admin(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Cache-Control"] = noStore
		token, ok := bearer(r)
		if !ok {
			s.writeError(w, r, listing.ErrUnauthorized)
			return
		}
		name, err := s.store.Authenticate(r.Context(), token)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		setLogAttr(r, "admin", name)
		next(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, name)))
	}
}

// bearer returns the token of an "Authorization: Bearer" header.
func bearer(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

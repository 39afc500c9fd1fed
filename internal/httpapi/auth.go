package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

type adminKey struct{}

// admin guards an administration handler: the request must carry a valid
// admin token as "Authorization: Bearer <token>". (The middleware marks
// every /api/admin/ answer no-store.)
func (s *Server) admin(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// Every attempt takes one event of the address's allowance before
		// its token is checked, so that attempts sent at once are checked
		// no more often than the allowance; a good token, or a check that
		// failed for another reason (the database away), gives it back.
		// Once failures have spent it, every attempt waits, a good
		// token's included, so guessing goes nowhere.
		addr := s.clientKey(r)
		if ok, wait := s.authLimiter.allow(addr); !ok {
			retryAfter(w, wait)
			s.writeError(w, r, errRateLimited)
			return
		}
		name, err := s.authenticate(r)
		if !errors.Is(err, listing.ErrUnauthorized) {
			s.authLimiter.refund(addr)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		setLogAttr(w, "admin", name)
		next(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, name)))
	}
}

func (s *Server) authenticate(r *http.Request) (string, error) {
	token, ok := bearer(r)
	if !ok {
		return "", listing.ErrUnauthorized
	}
	return s.store.Authenticate(r.Context(), token)
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

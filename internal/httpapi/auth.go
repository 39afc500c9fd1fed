package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

type adminKey struct{}

// principal is who an admin request comes from: a user in a session, or
// an admin API token (session is then nil).
type principal struct {
	actor   listing.Actor
	user    listing.User
	session *listing.Session
}

// admin guards an administration handler: the request must carry, as
// "Authorization: Bearer <token>", a live session's token or an admin API
// token. (The middleware marks every /api/admin/ answer no-store.)
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
		p, err := s.authenticate(r)
		if !errors.Is(err, listing.ErrUnauthorized) {
			s.authLimiter.refund(addr)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		if p.session != nil {
			setLogAttr(w, "user", p.actor.Ref)
		} else {
			setLogAttr(w, "admin", p.actor.Name)
		}
		next(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, p)))
	}
}

func (s *Server) authenticate(r *http.Request) (principal, error) {
	token, ok := bearer(r)
	if !ok {
		return principal{}, listing.ErrUnauthorized
	}
	if store.IsSessionToken(token) {
		ses, u, err := s.store.AuthenticateSession(r.Context(), token, s.sessions.Idle)
		if err != nil {
			return principal{}, err
		}
		return principal{actor: store.UserActor(u), user: u, session: &ses}, nil
	}
	name, err := s.store.Authenticate(r.Context(), token)
	if err != nil {
		return principal{}, err
	}
	return principal{actor: listing.Actor{Kind: listing.ActorToken, Ref: name, Name: name}}, nil
}

// caller returns who made an admin request (see admin).
func caller(r *http.Request) principal {
	p, _ := r.Context().Value(adminKey{}).(principal)
	return p
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

// sessionOwner is the user whose sessions the caller may see and end: a
// user their own, an admin API token everyone's (0).
func (p principal) sessionOwner() int64 {
	if p.session == nil {
		return 0
	}
	return p.user.ID
}

// pathID reads a numeric id from the path; anything else is not found.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, listing.ErrNotFound
	}
	return id, nil
}

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
// an admin API token (session is then nil), and the role it acts with.
// userID is the user behind it: the session's, or the token's owner (0
// for a command line token); row scoping (a corretor's own listings and
// assigned leads) reads it with role.
type principal struct {
	actor   listing.Actor
	user    listing.User
	session *listing.Session
	role    listing.Role
	userID  int64
}

// can reports whether the caller's role holds perm.
func (p principal) can(perm listing.Permission) bool { return p.role.Can(perm) }

// adminRoute is an administration handler and the permission it needs:
// routes records it, so that every admin route is known with its
// permission (the docs' table and the role test read them).
type adminRoute struct {
	perm listing.Permission
	http.HandlerFunc
}

// admin guards an administration handler: the request must carry, as
// "Authorization: Bearer <token>", a live session's token or an admin API
// token, whose role holds perm (403 otherwise). (The middleware marks
// every /api/admin/ answer no-store.)
func (s *Server) admin(perm listing.Permission, next http.HandlerFunc) adminRoute {
	return adminRoute{perm, func(w http.ResponseWriter, r *http.Request) {
		// The credential is checked first: sessions and API tokens are 256
		// random bits, so there is nothing to guess, and one indexed read
		// of a hash costs no more than a public read. Only a failure is
		// counted against the address, so a good credential is never
		// refused, whatever others at that address (an office behind one
		// NAT) have spent; once failures have spent the allowance, a
		// failure is answered 429 instead of 401. A check that failed for
		// another reason (the database away) counts nothing.
		p, err := s.authenticate(r)
		if errors.Is(err, listing.ErrUnauthorized) {
			if ok, wait := s.authLimiter.allow(s.clientKey(r)); !ok {
				retryAfter(w, wait)
				err = errRateLimited
			}
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
		if !p.can(perm) {
			s.writeError(w, r, listing.ErrForbidden)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, p)))
	}}
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
		return principal{actor: store.UserActor(u), user: u, session: &ses, role: u.Role, userID: u.ID}, nil
	}
	t, err := s.store.AuthenticateToken(r.Context(), token)
	if err != nil {
		return principal{}, err
	}
	return principal{actor: listing.Actor{Kind: listing.ActorToken, Ref: t.Name, Name: t.Name}, role: t.Role, userID: t.OwnerID}, nil
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
// user their own, an admin API token everyone's (0) when it may manage
// the staff, and its owner's otherwise (-1, nobody's, for a command line
// token that may not).
func (p principal) sessionOwner() int64 {
	switch {
	case p.session != nil:
		return p.user.ID
	case p.can(listing.PermStaff):
		return 0
	case p.userID != 0:
		return p.userID
	}
	return -1
}

// pathID reads a numeric id from the path; anything else is not found.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, listing.ErrNotFound
	}
	return id, nil
}

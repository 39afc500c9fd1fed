package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/password"
	"github.com/vitrine/vitrine/internal/store"
)

// signIn starts a session for a user's e-mail and password. Attempts are
// limited per client address (the admin authentication allowance, shared
// with bad tokens, in this instance's memory) and per e-mail (SignInLimit,
// in the database, shared by every instance on it), both taken before the
// password is checked and given back on success. A correct password is
// refused too while either is spent: checking it would make each refused
// guess an answer. An unknown e-mail costs the same hash as a known one
// (see password.Hasher.Check).
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	email, _ := o.requiredStr("email")
	pw, _ := o.requiredStr("password")
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	email = listing.NormalizeEmail(email)
	if len(email) > listing.MaxEmailLen || len(pw) > listing.MaxPasswordLen {
		// No account has such an e-mail or password: refused at no cost.
		s.writeError(w, r, errBadCredentials)
		return
	}
	refund, err := s.takeSignIn(r, email, w)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, hash, err := s.store.UserCredentials(r.Context(), email)
	if err != nil && !errors.Is(err, listing.ErrNotFound) {
		refund()
		s.writeError(w, r, err)
		return
	}
	if err := s.passwords.Check(r.Context(), hash, pw); err != nil {
		if errors.Is(err, password.ErrMismatch) {
			err = errBadCredentials
		} else {
			refund()
		}
		s.writeError(w, r, err)
		return
	}
	token, ses, err := s.store.CreateSession(r.Context(), u.ID, r.UserAgent(), s.sessions)
	if err != nil {
		refund()
		s.writeError(w, r, err)
		return
	}
	refund()
	setLogAttr(w, "user", store.UserActor(u).Ref)
	writeJSON(w, http.StatusCreated, signInJSON{Token: token, ExpiresAt: ses.ExpiresAt, Session: newSessionJSON(ses, s.sessions.Idle, ses.ID), User: newUserJSON(u)})
}

// signInLimit names the shared per-e-mail sign-in limit in the database.
const signInLimit = "signin"

// takeSignIn takes a sign-in attempt for email from the address's
// allowance, then from the e-mail's shared one, and returns how to give
// both back. When either refuses it takes none and returns errRateLimited
// with Retry-After set on w, or the database's error.
func (s *Server) takeSignIn(r *http.Request, email string, w http.ResponseWriter) (refund func(), err error) {
	addr := s.clientKey(r)
	if ok, wait := s.authLimiter.allow(addr); !ok {
		retryAfter(w, wait)
		return nil, errRateLimited
	}
	lim := s.signInLimit
	if lim.N == 0 {
		return func() { s.authLimiter.refund(addr) }, nil
	}
	ok, wait, err := s.store.TakeRate(r.Context(), signInLimit, email, lim.N, lim.Per)
	if err != nil || !ok {
		s.authLimiter.refund(addr)
		if err == nil {
			retryAfter(w, wait)
			err = errRateLimited
		}
		return nil, err
	}
	return func() {
		s.authLimiter.refund(addr)
		// The attempt stays spent if this fails: a user kept waiting a
		// little is better than a limit lifted.
		if err := s.store.RefundRate(context.WithoutCancel(r.Context()), signInLimit, email, lim.N); err != nil {
			s.log.Warn("sign-in limit refund failed", "err", err)
		}
	}, nil
}

// signOut ends the session of the request's own token. An admin API token
// is no session: it is revoked on the server (vitrine token revoke).
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	p := caller(r)
	if p.session == nil {
		s.writeError(w, r, listing.ErrNotFound)
		return
	}
	if err := s.store.RevokeSession(r.Context(), p.session.ID, p.user.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// me answers who the request's credential belongs to.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	p := caller(r)
	out := meJSON{Kind: string(p.actor.Kind), Name: p.actor.Name}
	if p.session != nil {
		user := newUserJSON(p.user)
		ses := newSessionJSON(*p.session, s.sessions.Idle, p.session.ID)
		out.User, out.Session = &user, &ses
	}
	writeJSON(w, http.StatusOK, out)
}

// listSessions lists the live sessions of the caller: a user's own, or
// everyone's for an admin API token.
func (s *Server) listSessions(w http.ResponseWriter, r *http.Request) {
	s.sendSessions(w, r, caller(r).sessionOwner())
}

// sendSessions answers the live sessions of the user userID (everyone's
// for 0), newest first, the request's own marked current.
func (s *Server) sendSessions(w http.ResponseWriter, r *http.Request, userID int64) {
	list, err := s.store.Sessions(r.Context(), userID, s.sessions.Idle)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var current int64
	if p := caller(r); p.session != nil {
		current = p.session.ID
	}
	items := make([]sessionJSON, len(list))
	for i, ses := range list {
		items[i] = newSessionJSON(ses, s.sessions.Idle, current)
	}
	writeJSON(w, http.StatusOK, sessionListJSON{Items: items})
}

// revokeSession ends one session, any staff member's: all staff are
// equal. An unknown one is not found.
func (s *Server) revokeSession(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.store.RevokeSession(r.Context(), id, 0)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type userJSON struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
	// The broker profile: null when not filled in.
	CRECI    *string `json:"creci"`
	Phone    *string `json:"phone"`
	WhatsApp *string `json:"whatsapp"`
}

func newUserJSON(u listing.User) userJSON {
	return userJSON{ID: u.ID, Email: u.Email, Name: u.Name, CRECI: detaildoc.OrNull(u.Profile.CRECI),
		Phone: detaildoc.OrNull(u.Profile.Phone), WhatsApp: detaildoc.OrNull(u.Profile.WhatsApp)}
}

type sessionJSON struct {
	ID         int64     `json:"id"`
	UserID     int64     `json:"user_id"`
	UserAgent  string    `json:"user_agent"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	// IdleExpiresAt is when the session ends unless it is used before.
	IdleExpiresAt time.Time `json:"idle_expires_at"`
	ExpiresAt     time.Time `json:"expires_at"`
	Current       bool      `json:"current"`
}

func newSessionJSON(ses listing.Session, idle time.Duration, current int64) sessionJSON {
	return sessionJSON{ID: ses.ID, UserID: ses.UserID, UserAgent: ses.UserAgent, CreatedAt: ses.CreatedAt,
		LastUsedAt: ses.LastUsedAt, IdleExpiresAt: idleEnd(ses, idle), ExpiresAt: ses.ExpiresAt,
		Current: ses.ID == current}
}

// idleEnd is when ses ends unless it is used before.
func idleEnd(ses listing.Session, idle time.Duration) time.Time {
	if end := ses.LastUsedAt.Add(idle); end.Before(ses.ExpiresAt) {
		return end
	}
	return ses.ExpiresAt
}

type signInJSON struct {
	Token     string      `json:"token"`
	ExpiresAt time.Time   `json:"expires_at"`
	Session   sessionJSON `json:"session"`
	User      userJSON    `json:"user"`
}

type meJSON struct {
	Kind    string       `json:"kind"`
	Name    string       `json:"name"`
	User    *userJSON    `json:"user"`
	Session *sessionJSON `json:"session"`
}

type sessionListJSON struct {
	Items []sessionJSON `json:"items"`
}

// actorJSON is who made a write, in the admin property view.
type actorJSON struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

func newActorJSON(a listing.Actor) *actorJSON {
	if !a.Known() {
		return nil
	}
	return &actorJSON{Kind: string(a.Kind), Name: a.Name}
}

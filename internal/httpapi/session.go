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
// with bad tokens, in this instance's memory) and per account (SignInLimit,
// in the database, shared by every instance on it), both taken before the
// password is checked and given back on success. The account's allowance
// is the e-mail's, unless the request comes from a device the user signed
// in from before (its cookie, see knownDevice): that device has an
// allowance of its own, so a stranger spending the e-mail's attempts does
// not keep its owner out. A correct password is refused too while the
// allowance is spent: checking it would make each refused guess an
// answer. An unknown e-mail costs the same hash as a known one (see
// password.Hasher.Check). The body must be JSON (415 otherwise), so a
// cross-site form cannot spend a user's attempts.
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
	addr := s.clientKey(r)
	if ok, wait := s.authLimiter.allow(addr); !ok {
		retryAfter(w, wait)
		s.writeError(w, r, errRateLimited)
		return
	}
	refund := func() { s.authLimiter.refund(addr) }
	u, hash, err := s.store.UserCredentials(r.Context(), email)
	if err == nil || errors.Is(err, listing.ErrNotFound) {
		var device string
		if device, err = s.knownDevice(r, u.ID); err == nil {
			refund, err = s.takeSignIn(r, w, email, device, refund)
		}
	}
	if err != nil {
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
	if !u.Active() {
		// The right password: saying so tells nothing a guesser lacks.
		refund()
		s.writeError(w, r, listing.ErrDeactivated)
		return
	}
	refund()
	s.startSession(w, r, u)
}

// startSession signs the user u in: a new session, the device
// remembered, and the sign-in's 201 answer.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u listing.User) {
	token, ses, err := s.store.CreateSession(r.Context(), u.ID, r.UserAgent(), s.sessions)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.rememberDevice(w, r, u.ID)
	setLogAttr(w, "user", store.UserActor(u).Ref)
	writeJSON(w, http.StatusCreated, signInJSON{Token: token, ExpiresAt: ses.ExpiresAt, Session: newSessionJSON(ses, s.sessions.Idle, ses.ID),
		User: newUserJSON(u), Permissions: u.Role.Permissions()})
}

// The shared sign-in limits in the database: per e-mail, and per known
// device.
const (
	signInLimit       = "signin"
	signInDeviceLimit = "signin-device"
)

// deviceCookie holds the token of a device a user signed in from
// (store.RememberDevice), for knownDeviceAge after its last sign-in. It
// goes to the sign-in only (its path), never to scripts (HttpOnly), nor
// from another site (SameSite=Strict).
const (
	deviceCookie   = "vitrine_device"
	knownDeviceAge = 90 * 24 * time.Hour
)

// knownDevice returns the device cookie's token when it names a device
// the user userID signed in from, and "" otherwise.
func (s *Server) knownDevice(r *http.Request, userID int64) (string, error) {
	c, err := r.Cookie(deviceCookie)
	if err != nil || userID == 0 {
		return "", nil
	}
	ok, err := s.store.KnownDevice(r.Context(), c.Value, userID, knownDeviceAge)
	if !ok || err != nil {
		return "", err
	}
	return c.Value, nil
}

// rememberDevice records the sign-in of user userID from the request's
// device: a known one is touched, another is remembered and given its
// cookie. A failure costs the user only the device's allowance, so it is
// logged, not answered.
func (s *Server) rememberDevice(w http.ResponseWriter, r *http.Request, userID int64) {
	ctx := context.WithoutCancel(r.Context())
	if device, err := s.knownDevice(r, userID); err == nil && device != "" {
		err = s.store.TouchDevice(ctx, device)
		if err != nil {
			s.log.Warn("known device not recorded", "err", err)
		}
		return
	}
	device, err := s.store.RememberDevice(ctx, userID, knownDeviceAge)
	if err != nil {
		s.log.Warn("known device not recorded", "err", err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: device, Path: "/api/admin/session",
		MaxAge: int(knownDeviceAge / time.Second), HttpOnly: true, Secure: s.overHTTPS(r), SameSite: http.SameSiteStrictMode})
}

// takeSignIn takes a sign-in attempt from the account's shared allowance:
// the known device's when device is not "", the e-mail's otherwise. It
// returns how to give it back along with what refund gives back. When the
// allowance is spent it returns errRateLimited with Retry-After set on w,
// or the database's error; the caller then calls refund.
func (s *Server) takeSignIn(r *http.Request, w http.ResponseWriter, email, device string, refund func()) (func(), error) {
	lim := s.signInLimit
	if lim.N == 0 {
		return refund, nil
	}
	name, value := signInLimit, email
	if device != "" {
		name, value = signInDeviceLimit, device
	}
	ok, wait, err := s.store.TakeRate(r.Context(), name, value, lim.N, lim.Per)
	if err != nil || !ok {
		if err == nil {
			retryAfter(w, wait)
			err = errRateLimited
		}
		return refund, err
	}
	return func() {
		refund()
		// The attempt stays spent if this fails: a user kept waiting a
		// little is better than a limit lifted.
		if err := s.store.RefundRate(context.WithoutCancel(r.Context()), name, value, lim.N); err != nil {
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

// me answers who the request's credential belongs to, its role and the
// permissions the role holds (the client shows what they allow).
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	p := caller(r)
	out := meJSON{Kind: string(p.actor.Kind), Name: p.actor.Name, Role: p.role, Permissions: p.role.Permissions()}
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

// revokeSession ends one session: any staff member's for a caller who
// manages the staff, one's own otherwise. An unknown one, or another's,
// is not found.
func (s *Server) revokeSession(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		p := caller(r)
		owner := p.sessionOwner()
		if p.can(listing.PermStaff) {
			owner = 0 // anyone's
		}
		err = s.store.RevokeSession(r.Context(), id, owner)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type userJSON struct {
	ID    int64        `json:"id"`
	Email string       `json:"email"`
	Name  string       `json:"name"`
	Role  listing.Role `json:"role"`
	// The broker profile: null when not filled in.
	CRECI    *string        `json:"creci"`
	Phone    *string        `json:"phone"`
	WhatsApp *string        `json:"whatsapp"`
	Photo    *userPhotoJSON `json:"photo"` // null when they have none
}

func newUserJSON(u listing.User) userJSON {
	return userJSON{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role, CRECI: detaildoc.OrNull(u.Profile.CRECI),
		Phone: detaildoc.OrNull(u.Profile.Phone), WhatsApp: detaildoc.OrNull(u.Profile.WhatsApp),
		Photo: newUserPhotoJSON(u.Photo)}
}

// userPhotoJSON is a user's photo as the back office shows it: where its
// processing is, why it failed, and once it is ready the address the
// public pages show (the smallest JPEG, see detaildoc.BrokerPhoto).
type userPhotoJSON struct {
	Status string  `json:"status"` // "processing", "ready" or "failed"
	Error  *string `json:"error"`
	URL    *string `json:"url"` // null until ready
}

func newUserPhotoJSON(im *listing.Image) *userPhotoJSON {
	if im == nil {
		return nil
	}
	out := &userPhotoJSON{Status: string(im.Status), Error: detaildoc.OrNull(im.Error)}
	if pub := detaildoc.NewBrokerPhoto(im); pub != nil {
		out.URL = &pub.URL
	}
	return out
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
	Token       string               `json:"token"`
	ExpiresAt   time.Time            `json:"expires_at"`
	Session     sessionJSON          `json:"session"`
	User        userJSON             `json:"user"`
	Permissions []listing.Permission `json:"permissions"`
}

type meJSON struct {
	Kind        string               `json:"kind"`
	Name        string               `json:"name"`
	Role        listing.Role         `json:"role"`
	Permissions []listing.Permission `json:"permissions"`
	User        *userJSON            `json:"user"`
	Session     *sessionJSON         `json:"session"`
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

// changePassword gives the signed-in user a new password, given the
// current one: their other sessions end and their tokens are revoked
// (whoever learnt the old password keeps nothing); this session stays.
// A token has no password to change.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	p := caller(r)
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("current_password", "new_password")
	current, _ := o.requiredStr("current_password")
	next, _ := o.requiredStr("new_password")
	if next != "" {
		if err := listing.ValidatePassword(next); err != nil {
			o.v.Add("new_password", err.(*listing.ValidationError).Fields["password"][0])
		}
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if p.session == nil {
		s.writeError(w, r, listing.ErrNotFound)
		return
	}
	_, hash, err := s.store.UserCredentials(r.Context(), p.user.Email)
	if err == nil {
		err = s.passwords.Check(r.Context(), hash, current)
	}
	if errors.Is(err, password.ErrMismatch) {
		err = listing.Invalid("current_password", "Senha atual incorreta.")
	}
	if err == nil {
		hash, err = s.passwords.Hash(r.Context(), next)
	}
	if err == nil {
		err = s.store.ChangePassword(r.Context(), p.user.ID, hash, p.session.ID)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

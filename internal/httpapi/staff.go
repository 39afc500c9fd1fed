package httpapi

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Staff accounts and admin API tokens, managed from the back office by
// those whose role holds listing.PermStaff and listing.PermTokens.

var (
	// errOwnAccount is a user's attempt to remove their own account, which
	// would leave the back office to whoever else is left, or to nobody.
	errOwnAccount = errors.New("a user cannot remove their own account")
	// errOwnDeactivation is the same attempt, by deactivation.
	errOwnDeactivation = errors.New("a user cannot deactivate their own account")
)

// listUsers lists the staff by e-mail, each with the last use of their
// sessions.
func (s *Server) listUsers(w http.ResponseWriter, r *http.Request) {
	users, err := s.store.Users(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := staffListJSON{Items: make([]staffUserJSON, len(users))}
	for i, u := range users {
		out.Items[i] = newStaffUserJSON(u)
	}
	writeJSON(w, http.StatusOK, out)
}

// addUser adds a staff member, checked and hashed as `vitrine user add`
// does it (listing.UserInput, the server's password.Hasher).
func (s *Server) addUser(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("email", "name", "password", "role")
	var in listing.UserInput
	in.Email, _ = o.requiredStr("email")
	in.Name, _ = o.requiredStr("name")
	in.Password, _ = o.requiredStr("password")
	if role := o.str("role", false); role != nil {
		in.Role = listing.Role(*role)
	}
	in.Normalize()
	o.merge(in.Validate())
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err) // refused before any hashing
		return
	}
	hash, err := s.passwords.Hash(r.Context(), in.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.store.CreateUser(r.Context(), in, hash)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, newStaffUserJSON(u))
}

// updateUser changes a staff member's role, or deactivates or reactivates
// them (their sessions and tokens end at once); the last active
// administrador stays one, and nobody deactivates themselves.
func (s *Server) updateUser(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("role", "active")
	roleName, active := o.str("role", false), o.boolean("active")
	hasRole, hasActive := roleName != nil, active != nil
	var role listing.Role
	if hasRole {
		if role, err = listing.ParseRole("role", *roleName); err != nil {
			o.merge(err)
		}
	}
	if !o.has("role") && !o.has("active") {
		o.v.Add("role", "Informe o papel ou se a conta está ativa.")
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if p := caller(r); hasActive && !*active && p.session != nil && p.user.ID == id {
		s.writeError(w, r, errOwnDeactivation)
		return
	}
	var u listing.User
	if hasRole {
		u, err = s.store.SetUserRole(r.Context(), id, role)
	}
	if err == nil && hasActive {
		u, err = s.store.SetUserActive(r.Context(), id, *active)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newStaffUserJSON(u))
}

// removeUser removes a staff member and ends their sessions; nobody
// removes their own account.
func (s *Server) removeUser(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		if p := caller(r); p.session != nil && p.user.ID == id {
			err = errOwnAccount
		} else {
			err = s.store.DeleteUserByID(r.Context(), id)
		}
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.cache.invalidate() // the pages of their listings showed them
	w.WriteHeader(http.StatusNoContent)
}

// listUserSessions lists a staff member's live sessions, newest first,
// the request's own marked current.
func (s *Server) listUserSessions(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		_, err = s.store.User(r.Context(), id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.sendSessions(w, r, id)
}

// listTokens lists the admin API tokens by name; the tokens themselves
// are never stored.
func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) {
	tokens, err := s.store.Tokens(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := tokenListJSON{Items: make([]tokenJSON, len(tokens))}
	for i, t := range tokens {
		out.Items[i] = tokenJSON{Name: t.Name, Role: t.Role, CreatedAt: t.CreatedAt, LastUsedAt: timeOrNull(t.LastUsedAt),
			CreatedBy: newActorJSON(t.CreatedBy)}
	}
	writeJSON(w, http.StatusOK, out)
}

// createToken mints an admin API token, named as `vitrine token create`
// names them, with a role no higher than its maker's (the maker's own
// when none is given); the answer is the one time the token is shown.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("name", "role")
	name, _ := o.requiredStr("name")
	var role listing.Role
	if name := o.str("role", false); name != nil {
		var err error
		if role, err = listing.ParseRole("role", *name); err != nil {
			o.merge(err)
		}
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	token, t, err := s.store.CreateTokenAs(r.Context(), name, caller(r).actor, role)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, tokenCreatedJSON{Name: t.Name, Token: token, Role: t.Role, CreatedAt: t.CreatedAt})
}

// revokeToken deletes an admin API token: the next request with it
// fails, the request's own token's included.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request) {
	if err := s.store.RevokeToken(r.Context(), r.PathValue("name")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// staffUserJSON is a user in the staff list: LastSeenAt is null when
// none of their sessions is stored; DeactivatedAt is null for an active
// account.
type staffUserJSON struct {
	userJSON
	Active        bool       `json:"active"`
	DeactivatedAt *time.Time `json:"deactivated_at"`
	LastSeenAt    *time.Time `json:"last_seen_at"`
}

func newStaffUserJSON(u listing.User) staffUserJSON {
	return staffUserJSON{userJSON: newUserJSON(u), Active: u.Active(), DeactivatedAt: timeOrNull(u.DeactivatedAt),
		LastSeenAt: timeOrNull(u.LastSeenAt)}
}

type staffListJSON struct {
	Items []staffUserJSON `json:"items"`
}

type tokenJSON struct {
	Name       string       `json:"name"`
	Role       listing.Role `json:"role"`
	CreatedAt  time.Time    `json:"created_at"`
	LastUsedAt *time.Time   `json:"last_used_at"` // null when not used since it was made, or since uses are recorded
	CreatedBy  *actorJSON   `json:"created_by"`   // null when made by the command line
}

type tokenListJSON struct {
	Items []tokenJSON `json:"items"`
}

type tokenCreatedJSON struct {
	Name      string       `json:"name"`
	Token     string       `json:"token"`
	Role      listing.Role `json:"role"`
	CreatedAt time.Time    `json:"created_at"`
}

// setBrokerProfile replaces a staff member's broker profile (creci,
// phone, whatsapp; each null or "" clears it): one's own, or anyone's for
// a caller who manages the staff (another's is not found for the rest). The public pages of the
// listings they are responsible for show it from then on.
func (s *Server) setBrokerProfile(w http.ResponseWriter, r *http.Request) {
	id, o, err := profileBody(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("creci", "phone", "whatsapp")
	var p listing.BrokerProfile
	for field, dst := range map[string]*string{"creci": &p.CRECI, "phone": &p.Phone, "whatsapp": &p.WhatsApp} {
		if v := o.str(field, true); v != nil {
			*dst = *v
		}
	}
	p.Normalize()
	o.merge(p.Validate())
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.store.SetBrokerProfile(r.Context(), id, p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.cache.invalidate()
	writeJSON(w, http.StatusOK, newUserJSON(u))
}

// profileOf returns the user id of r's path when the caller may change
// what the public sees of that user (their broker profile, their photo):
// their own, or anyone's for a caller who manages the staff. Another's is
// listing.ErrNotFound for the rest, as an unknown one: ids are not
// confirmed.
func profileOf(r *http.Request) (int64, error) {
	id, err := pathID(r, "id")
	if p := caller(r); err == nil && id != p.userID && !p.can(listing.PermStaff) {
		return 0, listing.ErrNotFound
	}
	return id, err
}

// profileBody returns the user id of r's path under profileOf's rule,
// then r's JSON body (an admin's).
func profileBody(w http.ResponseWriter, r *http.Request) (int64, *object, error) {
	id, err := profileOf(r)
	if err != nil {
		return 0, nil, err
	}
	o, err := readObject(w, r, maxAdminBody)
	return id, o, err
}

// setUserPhoto takes a staff member's photo (multipart/form-data, a
// "file" part), checked, stored and processed as a property photo's
// upload, under the profile's rule (profileOf). The answer is the user,
// their photo processing; the pages of the listings they are the broker
// of show it once it is ready.
func (s *Server) setUserPhoto(w http.ResponseWriter, r *http.Request) {
	id, err := profileOf(r)
	if err == nil {
		_, err = s.store.User(r.Context(), id) // an unknown user is a 404 before the body is read
	}
	var u listing.User
	if err == nil {
		err = s.readUpload(w, r, nil, func(file io.Reader) (err error) {
			u, err = s.media.SetUserPhoto(r.Context(), id, file)
			return err
		})
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.cache.invalidate() // the pages of their listings drop the photo they showed
	writeJSON(w, http.StatusOK, newUserJSON(u))
}

// deleteUserPhoto removes a staff member's photo, under the profile's
// rule (profileOf): the pages of their listings show none from then on.
func (s *Server) deleteUserPhoto(w http.ResponseWriter, r *http.Request) {
	id, err := profileOf(r)
	if err == nil {
		_, err = s.store.SetUserPhoto(r.Context(), id, nil)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.cache.invalidate()
	w.WriteHeader(http.StatusNoContent)
}

package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// Accounts without a shell: invitations and forgotten passwords. The
// links' tokens travel in JSON bodies only (the pages keep them in the
// URL's fragment), so no request line, and no log of one, carries them.

// The forgotten password's shared limit, per e-mail (in the database, as
// the sign-in's): a mailbox gets at most resetLimitN links an hour.
const (
	resetLimit    = "password-reset"
	resetLimitN   = 3
	resetLimitPer = time.Hour
)

// msgResetSent is the one answer to a forgotten password, whether the
// e-mail is an account's or not.
const msgResetSent = "Se houver uma conta ativa com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 1 hora."

type invitationJSON struct {
	ID        int64        `json:"id"`
	Email     string       `json:"email"`
	Name      string       `json:"name"`
	Role      listing.Role `json:"role"`
	InvitedBy string       `json:"invited_by"`
	CreatedAt time.Time    `json:"created_at"`
	ExpiresAt time.Time    `json:"expires_at"`
}

func newInvitationJSON(inv store.Invitation) invitationJSON {
	return invitationJSON{ID: inv.ID, Email: inv.Email, Name: inv.Name, Role: inv.Role, InvitedBy: inv.InvitedBy,
		CreatedAt: inv.CreatedAt, ExpiresAt: inv.ExpiresAt}
}

// invite invites a new staff member by e-mail, name and role.
func (s *Server) invite(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("email", "name", "role")
	var in listing.UserInput
	in.Email, _ = o.requiredStr("email")
	in.Name, _ = o.requiredStr("name")
	if role := o.str("role", false); role != nil {
		in.Role = listing.Role(*role)
	}
	in.Normalize()
	o.merge(in.ValidateInvitation())
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	p := caller(r)
	by := p.user
	if p.session == nil {
		by = listing.User{Name: p.actor.Name}
	}
	inv, err := s.store.Invite(r.Context(), in, by)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, newInvitationJSON(inv))
}

// listInvitations lists the pending invitations, newest first.
func (s *Server) listInvitations(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.Invitations(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Items []invitationJSON `json:"items"`
	}{Items: make([]invitationJSON, len(list))}
	for i, inv := range list {
		out.Items[i] = newInvitationJSON(inv)
	}
	writeJSON(w, http.StatusOK, out)
}

// resendInvitation sends an invitation again with a new link; the old
// link dies.
func (s *Server) resendInvitation(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	var inv store.Invitation
	if err == nil {
		inv, err = s.store.ResendInvitation(r.Context(), id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newInvitationJSON(inv))
}

// cancelInvitation deletes a pending invitation; its link dies.
func (s *Server) cancelInvitation(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.store.CancelInvitation(r.Context(), id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// forgotPassword sends a reset link to the e-mail when it is an active
// account's, and answers the same 202 either way: the store runs the
// same statements for any e-mail (store.RequestPasswordReset). Requests
// spend the address's admin authentication allowance and the e-mail's
// shared one, for e-mails without an account too.
func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("email")
	email, _ := o.requiredStr("email")
	email = listing.NormalizeEmail(email)
	if email != "" && (len(email) > listing.MaxEmailLen || !listing.ValidEmail(email)) {
		o.v.Add("email", "Informe um e-mail válido.")
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if ok, wait := s.authLimiter.allow(s.clientKey(r)); !ok {
		retryAfter(w, wait)
		s.writeError(w, r, errRateLimited)
		return
	}
	ok, wait, err := s.store.TakeRate(r.Context(), resetLimit, email, resetLimitN, resetLimitPer)
	if err == nil && !ok {
		retryAfter(w, wait)
		err = errRateLimited
	}
	if err == nil {
		err = s.store.RequestPasswordReset(r.Context(), email)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, messageJSON{Message: msgResetSent})
}

type messageJSON struct {
	Message string `json:"message"`
}

type accountLinkJSON struct {
	Kind      string       `json:"kind"`
	Email     string       `json:"email"`
	Name      string       `json:"name"`
	Role      listing.Role `json:"role"`
	ExpiresAt time.Time    `json:"expires_at"`
}

// accountLink tells the page opened from a link whom it is for, without
// using it; 410 when it opens nothing.
func (s *Server) accountLink(w http.ResponseWriter, r *http.Request) {
	token, _, ok := s.readLink(w, r, false)
	if !ok {
		return
	}
	li, err := s.checkLink(w, r, token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, accountLinkJSON{Kind: li.Kind, Email: li.Email, Name: li.Name, Role: li.Role, ExpiresAt: li.ExpiresAt})
}

// acceptInvitation makes the invited user with the password they chose,
// and signs them in.
func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	s.useLink(w, r, s.store.AcceptInvitation)
}

// resetPassword sets the password of a reset link's user, ends their
// sessions and tokens, and signs them in.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	s.useLink(w, r, s.store.ResetPassword)
}

// readLink reads {"token"} or, withPassword, {"token", "password"}, the
// password checked as every new password is. It answers the error itself.
func (s *Server) readLink(w http.ResponseWriter, r *http.Request, withPassword bool) (token, pw string, ok bool) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return "", "", false
	}
	if withPassword {
		o.unknown("token", "password")
		if pw, _ = o.requiredStr("password"); pw != "" {
			if err := listing.ValidatePassword(pw); err != nil {
				o.merge(err)
			}
		}
	} else {
		o.unknown("token")
	}
	token, _ = o.requiredStr("token")
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return "", "", false
	}
	return token, pw, true
}

// checkLink returns what the link of token opens. A token that opens
// nothing spends the address's admin authentication allowance, as a
// wrong Bearer token does (a token is 256 random bits: nothing to guess,
// but nothing to try for free either).
func (s *Server) checkLink(w http.ResponseWriter, r *http.Request, token string) (store.LinkInfo, error) {
	addr := s.clientKey(r)
	if ok, wait := s.authLimiter.allow(addr); !ok {
		retryAfter(w, wait)
		return store.LinkInfo{}, errRateLimited
	}
	li, err := s.store.AccountLink(r.Context(), token)
	if err == nil || !errors.Is(err, listing.ErrLinkInvalid) {
		s.authLimiter.refund(addr)
	}
	return li, err
}

// useLink uses the link of the request's token with use, with the hash of
// the password chosen, and signs its user in.
func (s *Server) useLink(w http.ResponseWriter, r *http.Request, use func(ctx context.Context, token, hash string) (listing.User, error)) {
	token, pw, ok := s.readLink(w, r, true)
	if !ok {
		return
	}
	// Checked before hashing, so that a dead link costs no hash.
	_, err := s.checkLink(w, r, token)
	var hash string
	if err == nil {
		hash, err = s.passwords.Hash(r.Context(), pw)
	}
	var u listing.User
	if err == nil {
		u, err = use(r.Context(), token, hash)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.startSession(w, r, u)
}

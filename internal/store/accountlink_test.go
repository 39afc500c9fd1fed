package store_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// eachLinks runs fn on each database with a fake clock.
func eachLinks(t *testing.T, fn func(t *testing.T, s *store.Store, clock *testclock.Clock)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
			fn(t, storetest.Open(t, d, store.Options{Now: clock.Now}), clock)
		})
	}
}

// linkToken returns the raw token of the newest e-mail of kind in the
// outbox, read as the sender reads it, and that e-mail's link id.
func linkToken(t *testing.T, s *store.Store, kind string) (string, int64) {
	t.Helper()
	ms, err := s.RecentMail(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Kind == kind {
			a, err := s.AccountMail(ctx, kind, m.Ref)
			if err != nil {
				t.Fatalf("AccountMail(%s, %d): %v", kind, m.Ref, err)
			}
			return a.Token, m.Ref
		}
	}
	t.Fatalf("no %s e-mail in the outbox", kind)
	return "", 0
}

func countMail(t *testing.T, s *store.Store, kind string) int {
	t.Helper()
	ms, err := s.RecentMail(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if m.Kind == kind {
			n++
		}
	}
	return n
}

// An invitation: listed while pending, its e-mail carries a token that
// makes the user once; it expires after 72 h; resending kills the old
// link; an e-mail already a user's is a conflict.
func TestInvitations(t *testing.T) {
	eachLinks(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUserAs(t, s, "ana@imobiliaria.com.br", listing.RoleAdministrador)
		_, err := s.Invite(ctx, listing.UserInput{Email: "Ana@Imobiliaria.com.br", Name: "Outra"}, ana)
		if ce := (*listing.ConflictError)(nil); !errors.As(err, &ce) || ce.Field != "email" {
			t.Fatalf("inviting a user's e-mail: %v, want a conflict on email", err)
		}
		if _, err := s.Invite(ctx, listing.UserInput{Email: "x", Name: ""}, ana); !errors.Is(err, listing.ErrInvalid) {
			t.Fatalf("a bad invitation: %v, want invalid", err)
		}
		inv, err := s.Invite(ctx, listing.UserInput{Email: " Bia@Imobiliaria.com.br ", Name: "Bia Lima", Role: listing.RoleAssistente}, ana)
		if err != nil {
			t.Fatal(err)
		}
		if inv.Email != "bia@imobiliaria.com.br" || inv.Role != listing.RoleAssistente || inv.InvitedBy != ana.Name ||
			!inv.ExpiresAt.Equal(clock.Now().Add(72*time.Hour)) {
			t.Fatalf("invitation = %+v", inv)
		}
		list, err := s.Invitations(ctx)
		if err != nil || len(list) != 1 || list[0].ID != inv.ID {
			t.Fatalf("Invitations = %+v, %v", list, err)
		}
		first, _ := linkToken(t, s, store.MailInvitation)
		li, err := s.AccountLink(ctx, first)
		if err != nil || li.Email != inv.Email || li.Kind != "invite" {
			t.Fatalf("AccountLink = %+v, %v", li, err)
		}

		// Resend: a new link; the old one dies, and its e-mail has no token.
		again, err := s.ResendInvitation(ctx, inv.ID)
		if err != nil || again.ID == inv.ID {
			t.Fatalf("ResendInvitation = %+v, %v", again, err)
		}
		if _, err := s.AccountMail(ctx, store.MailInvitation, inv.ID); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("the old invitation's e-mail still composes: %v", err)
		}
		if _, err := s.AcceptInvitation(ctx, first, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("the old link after a resend: %v, want ErrLinkInvalid", err)
		}
		second, _ := linkToken(t, s, store.MailInvitation)
		if second == first || second == "" {
			t.Fatalf("resend kept the token")
		}

		u, err := s.AcceptInvitation(ctx, second, fakeHash)
		if err != nil || u.Email != inv.Email || u.Role != listing.RoleAssistente || u.Name != "Bia Lima" {
			t.Fatalf("AcceptInvitation = %+v, %v", u, err)
		}
		if _, hash, err := s.UserCredentials(ctx, inv.Email); err != nil || hash != fakeHash {
			t.Fatalf("the invitee's credentials: %v", err)
		}
		if _, err := s.AcceptInvitation(ctx, second, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a second use: %v, want ErrLinkInvalid", err)
		}
		if list, _ := s.Invitations(ctx); len(list) != 0 {
			t.Errorf("a used invitation is still listed: %+v", list)
		}
		if a, err := s.AccountMail(ctx, store.MailInvitation, again.ID); err != nil || a.Token != "" {
			t.Errorf("a used link keeps its raw token: %+v, %v", a, err)
		}

		// Expiry: after 72 h the link opens nothing and is swept.
		if _, err := s.Invite(ctx, listing.UserInput{Email: "caio@imobiliaria.com.br", Name: "Caio"}, ana); err != nil {
			t.Fatal(err)
		}
		late, _ := linkToken(t, s, store.MailInvitation)
		clock.Advance(72*time.Hour + time.Second)
		if _, err := s.AccountLink(ctx, late); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("an expired link: %v", err)
		}
		if _, err := s.AcceptInvitation(ctx, late, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("an expired invitation accepted: %v", err)
		}
		if n, err := s.DeleteStaleLinks(ctx); err != nil || n != 2 {
			t.Errorf("DeleteStaleLinks = %d, %v; want the used and the expired one", n, err)
		}
		if err := s.CancelInvitation(ctx, again.ID); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("cancelling a swept invitation: %v", err)
		}
	})
}

// A cancelled invitation's link dies at once.
func TestCancelInvitation(t *testing.T) {
	eachLinks(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUserAs(t, s, "ana@imobiliaria.com.br", listing.RoleAdministrador)
		inv, err := s.Invite(ctx, listing.UserInput{Email: "bia@imobiliaria.com.br", Name: "Bia"}, ana)
		if err != nil {
			t.Fatal(err)
		}
		token, _ := linkToken(t, s, store.MailInvitation)
		if err := s.CancelInvitation(ctx, inv.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AcceptInvitation(ctx, token, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a cancelled invitation accepted: %v", err)
		}
	})
}

// A reset: made for an active user only, through the same statements
// whatever the e-mail; single use; 1 h; it sets the password, ends every
// session and token of the user and kills their other reset links.
func TestPasswordReset(t *testing.T) {
	eachLinks(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUserAs(t, s, "ana@imobiliaria.com.br", listing.RoleAdministrador)
		bruno := addUserAs(t, s, "bruno@imobiliaria.com.br", listing.RoleCorretor)
		for _, email := range []string{"ninguem@imobiliaria.com.br", "bruno@imobiliaria.com.br"} {
			if err := s.RequestPasswordReset(ctx, email); err != nil {
				t.Fatal(err)
			}
		}
		bad, _ := linkToken(t, s, store.MailPasswordReset)
		if _, err := s.SetUserActive(ctx, bruno.ID, false); err != nil {
			t.Fatal(err)
		}
		if err := s.RequestPasswordReset(ctx, "bruno@imobiliaria.com.br"); err != nil {
			t.Fatal(err)
		}
		if n := countMail(t, s, store.MailPasswordReset); n != 1 {
			t.Fatalf("%d reset e-mails; want 1 (none for an unknown or deactivated e-mail)", n)
		}
		if _, err := s.ResetPassword(ctx, bad, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a deactivated user's reset: %v", err)
		}

		ses, _, err := s.CreateSession(ctx, ana.ID, "", store.SessionLimits{Idle: time.Hour, Max: 24 * time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.CreateTokenAs(ctx, "script", store.UserActor(ana), listing.RoleAdministrador); err != nil {
			t.Fatal(err)
		}
		if err := s.RequestPasswordReset(ctx, " ANA@imobiliaria.com.br"); err != nil {
			t.Fatal(err)
		}
		old, _ := linkToken(t, s, store.MailPasswordReset)
		clock.Advance(time.Minute)
		if err := s.RequestPasswordReset(ctx, "ana@imobiliaria.com.br"); err != nil {
			t.Fatal(err)
		}
		token, _ := linkToken(t, s, store.MailPasswordReset)
		if _, err := s.ResetPassword(ctx, old, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a replaced reset link still works: %v", err)
		}
		if _, err := s.AcceptInvitation(ctx, token, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a reset link accepted as an invitation: %v", err)
		}
		const newHash = fakeHash + "x"
		u, err := s.ResetPassword(ctx, token, newHash)
		if err != nil || u.ID != ana.ID {
			t.Fatalf("ResetPassword = %+v, %v", u, err)
		}
		if _, hash, _ := s.UserCredentials(ctx, ana.Email); hash != newHash {
			t.Errorf("the password did not change")
		}
		if _, _, err := s.AuthenticateSession(ctx, ses, time.Hour); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("a session outlived the reset: %v", err)
		}
		if toks, _ := s.Tokens(ctx); len(toks) != 0 {
			t.Errorf("tokens outlived the reset: %+v", toks)
		}
		if _, err := s.ResetPassword(ctx, token, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a second use: %v", err)
		}

		if err := s.RequestPasswordReset(ctx, "ana@imobiliaria.com.br"); err != nil {
			t.Fatal(err)
		}
		expired, _ := linkToken(t, s, store.MailPasswordReset)
		clock.Advance(time.Hour + time.Second)
		if _, err := s.ResetPassword(ctx, expired, fakeHash); !errors.Is(err, listing.ErrLinkInvalid) {
			t.Errorf("a reset after 1 h: %v", err)
		}
	})
}

// Of concurrent uses of one link, exactly one succeeds.
func TestLinkUsedOnce(t *testing.T) {
	eachLinks(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUserAs(t, s, "ana@imobiliaria.com.br", listing.RoleAdministrador)
		if err := s.RequestPasswordReset(ctx, ana.Email); err != nil {
			t.Fatal(err)
		}
		reset, _ := linkToken(t, s, store.MailPasswordReset)
		if _, err := s.Invite(ctx, listing.UserInput{Email: "bia@imobiliaria.com.br", Name: "Bia"}, ana); err != nil {
			t.Fatal(err)
		}
		invite, _ := linkToken(t, s, store.MailInvitation)
		const n = 8
		var wg sync.WaitGroup
		errs := make(chan error, 2*n)
		for range n {
			wg.Go(func() {
				_, err := s.ResetPassword(ctx, reset, fakeHash)
				errs <- err
			})
			wg.Go(func() {
				_, err := s.AcceptInvitation(ctx, invite, fakeHash)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		ok := 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, listing.ErrLinkInvalid):
				t.Errorf("a concurrent use: %v", err)
			}
		}
		if ok != 2 {
			t.Errorf("%d uses succeeded, want 2 (one per link)", ok)
		}
	})
}

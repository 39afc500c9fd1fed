package store_test

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// eachClocked runs fn per dialect on a store whose clock the test moves.
func eachClocked(t *testing.T, fn func(t *testing.T, s *store.Store, clock *testclock.Clock)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(outboxEpoch)
			fn(t, storetest.Open(t, d, store.Options{Now: clock.Now}), clock)
		})
	}
}

const fakeHash = "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"

func addUser(t *testing.T, s *store.Store, email, name string) listing.User {
	t.Helper()
	u, err := s.CreateUser(ctx, listing.UserInput{Email: email, Name: name, Password: "senha-forte-123"}, fakeHash)
	if err != nil {
		t.Fatalf("CreateUser(%q): %v", email, err)
	}
	return u
}

func TestUsers(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		ana := addUser(t, s, "  Ana@Imobiliaria.com.br ", "Ana Souza")
		if ana.ID == 0 || ana.Email != "ana@imobiliaria.com.br" || ana.Name != "Ana Souza" {
			t.Errorf("created %+v", ana)
		}
		// The same e-mail in another case is taken.
		_, err := s.CreateUser(ctx, listing.UserInput{Email: "ANA@imobiliaria.com.br", Name: "Outra", Password: "senha-forte-123"}, fakeHash)
		failsAs(t, "e-mail in another case", err, "create user", listing.ErrConflict)
		conflictOn(t, "e-mail in another case", err, "email")

		_, err = s.CreateUser(ctx, listing.UserInput{Email: "não é e-mail", Name: "", Password: "curta"}, fakeHash)
		var ve *listing.ValidationError
		if !errors.As(err, &ve) || len(ve.Fields["email"]) == 0 || len(ve.Fields["name"]) == 0 || len(ve.Fields["password"]) == 0 {
			t.Errorf("invalid user: %v", err)
		}

		u, hash, err := s.UserCredentials(ctx, "ANA@imobiliaria.com.br")
		if err != nil || u.ID != ana.ID || hash != fakeHash {
			t.Errorf("UserCredentials = %+v, %q, %v", u, hash, err)
		}
		_, _, err = s.UserCredentials(ctx, "bruno@imobiliaria.com.br")
		failsAs(t, "unknown e-mail", err, "user credentials", listing.ErrNotFound)

		addUser(t, s, "bruno@imobiliaria.com.br", "Bruno")
		list, err := s.Users(ctx)
		if err != nil || len(list) != 2 || list[0].Email != "ana@imobiliaria.com.br" || list[1].Name != "Bruno" {
			t.Errorf("Users = %+v, %v", list, err)
		}

		if err := s.SetPassword(ctx, "Ana@imobiliaria.com.br", "$argon2id$other"); err != nil {
			t.Fatal(err)
		}
		if _, hash, _ := s.UserCredentials(ctx, ana.Email); hash != "$argon2id$other" {
			t.Errorf("hash after SetPassword: %q", hash)
		}
		failsAs(t, "password of an unknown user", s.SetPassword(ctx, "x@y.com", fakeHash), "set password", listing.ErrNotFound)

		if err := s.DeleteUser(ctx, "ana@imobiliaria.com.br"); err != nil {
			t.Fatal(err)
		}
		failsAs(t, "delete twice", s.DeleteUser(ctx, "ana@imobiliaria.com.br"), "delete user", listing.ErrNotFound)
		if list, _ := s.Users(ctx); len(list) != 1 {
			t.Errorf("after delete: %+v", list)
		}
	})
}

var limits = store.SessionLimits{Idle: 12 * time.Hour, Max: 30 * 24 * time.Hour}

func TestSessionLifetime(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana")
		tok, ses, err := s.CreateSession(ctx, ana.ID, "Firefox", limits)
		if err != nil {
			t.Fatal(err)
		}
		if len(tok) != 46 || !store.IsSessionToken(tok) || !ses.ExpiresAt.Equal(clock.Now().Add(limits.Max)) {
			t.Errorf("token %q, session %+v", tok, ses)
		}
		got, u, err := s.AuthenticateSession(ctx, tok, limits.Idle)
		if err != nil || got.ID != ses.ID || u.ID != ana.ID || u.Email != ana.Email {
			t.Fatalf("AuthenticateSession = %+v, %+v, %v", got, u, err)
		}
		// Used every 11 hours, it outlives the idle timeout many times over.
		for range 10 {
			clock.Advance(11 * time.Hour)
			if _, _, err := s.AuthenticateSession(ctx, tok, limits.Idle); err != nil {
				t.Fatalf("after %v: %v", clock.Now().Sub(ses.CreatedAt), err)
			}
		}
		// Unused for the idle timeout, it has ended.
		clock.Advance(limits.Idle)
		_, _, err = s.AuthenticateSession(ctx, tok, limits.Idle)
		failsAs(t, "idle session", err, "authenticate session", listing.ErrUnauthorized)

		// In use all along, it ends at its absolute expiry.
		tok, _, _ = s.CreateSession(ctx, ana.ID, "", limits)
		for elapsed := time.Duration(0); elapsed < limits.Max-11*time.Hour; elapsed += 11 * time.Hour {
			clock.Advance(11 * time.Hour)
			if _, _, err := s.AuthenticateSession(ctx, tok, limits.Idle); err != nil {
				t.Fatalf("after %v: %v", elapsed, err)
			}
		}
		clock.Advance(11 * time.Hour)
		_, _, err = s.AuthenticateSession(ctx, tok, limits.Idle)
		failsAs(t, "session past its absolute expiry", err, "authenticate session", listing.ErrUnauthorized)

		for _, bad := range []string{"", "vs_", "vt_" + tok[3:], tok + "x"} {
			if _, _, err := s.AuthenticateSession(ctx, bad, limits.Idle); !errors.Is(err, listing.ErrUnauthorized) {
				t.Errorf("token %q: %v", bad, err)
			}
		}
	})
}

func TestSessionsListedAndRevoked(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana")
		bruno := addUser(t, s, "bruno@imobiliaria.com.br", "Bruno")
		t1, s1, _ := s.CreateSession(ctx, ana.ID, "Firefox", limits)
		clock.Advance(time.Minute)
		_, s2, _ := s.CreateSession(ctx, ana.ID, "Safari no iPhone", limits)
		tb, sb, _ := s.CreateSession(ctx, bruno.ID, "Chrome", limits)

		mine, err := s.Sessions(ctx, ana.ID, limits.Idle)
		if err != nil || len(mine) != 2 || mine[0].ID != s2.ID || mine[1].ID != s1.ID || mine[0].UserAgent != "Safari no iPhone" {
			t.Errorf("Ana's sessions = %+v, %v", mine, err)
		}
		if all, _ := s.Sessions(ctx, 0, limits.Idle); len(all) != 3 {
			t.Errorf("every session: %+v", all)
		}

		// Ana cannot end Bruno's session; anyone's may be ended by id alone.
		failsAs(t, "another user's session", s.RevokeSession(ctx, sb.ID, ana.ID), "revoke session", listing.ErrNotFound)
		if _, _, err := s.AuthenticateSession(ctx, tb, limits.Idle); err != nil {
			t.Errorf("Bruno's session after Ana's refused revocation: %v", err)
		}
		if err := s.RevokeSession(ctx, s1.ID, ana.ID); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.AuthenticateSession(ctx, t1, limits.Idle); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("revoked session: %v", err)
		}
		if err := s.RevokeSession(ctx, sb.ID, 0); err != nil {
			t.Fatal(err)
		}
		failsAs(t, "revoke twice", s.RevokeSession(ctx, sb.ID, 0), "revoke session", listing.ErrNotFound)

		// A new password ends every session; a removed user's go with them.
		t3, _, _ := s.CreateSession(ctx, ana.ID, "", limits)
		if err := s.SetPassword(ctx, ana.Email, fakeHash); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.AuthenticateSession(ctx, t3, limits.Idle); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("session after a new password: %v", err)
		}
		t4, _, _ := s.CreateSession(ctx, bruno.ID, "", limits)
		if err := s.DeleteUser(ctx, bruno.Email); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.AuthenticateSession(ctx, t4, limits.Idle); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("session of a removed user: %v", err)
		}

		// Sessions that ended are not listed, and a new sign-in deletes them.
		s.CreateSession(ctx, ana.ID, "", limits)
		clock.Advance(limits.Idle)
		if mine, _ := s.Sessions(ctx, ana.ID, limits.Idle); len(mine) != 0 {
			t.Errorf("idle sessions listed: %+v", mine)
		}
		s.CreateSession(ctx, ana.ID, "", limits)
		if all, _ := s.Sessions(ctx, 0, 100*limits.Idle); len(all) != 1 {
			t.Errorf("ended sessions kept after a sign-in: %+v", all)
		}
	})
}

// A property records who created it and who wrote it last, by name as it
// was then, and keeps them when the user is removed.
func TestPropertyAuthors(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		u := storetest.Apartment("Casa Azul")
		u.By = store.UserActor(ana)
		p := create(t, s, u)
		want := listing.Actor{Kind: listing.ActorUser, Ref: strconv.FormatInt(ana.ID, 10), Name: "Ana Souza"}
		if p.CreatedBy != want || p.UpdatedBy != want {
			t.Errorf("created by %+v, updated by %+v", p.CreatedBy, p.UpdatedBy)
		}
		clock.Advance(time.Hour)
		title := "Casa Azul reformada"
		script := listing.Actor{Kind: listing.ActorToken, Ref: "importador", Name: "importador"}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Title: &title, By: script}); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteUser(ctx, ana.Email); err != nil {
			t.Fatal(err)
		}
		got, err := s.Property(ctx, p.ID)
		if err != nil || got.CreatedBy != want || got.UpdatedBy != script || !got.UpdatedAt.Equal(clock.Now()) {
			t.Errorf("read back: created by %+v, updated by %+v at %v (%v)", got.CreatedBy, got.UpdatedBy, got.UpdatedAt, err)
		}
		page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if err != nil || len(page.Items) != 1 || page.Items[0].UpdatedBy != script {
			t.Errorf("list: %+v, %v", page.Items, err)
		}
		// A write from the server's own tools has no author.
		q := create(t, s, storetest.Apartment("Casa Verde"))
		if q.CreatedBy.Known() || q.UpdatedBy.Known() {
			t.Errorf("author of a tool's write: %+v", q.CreatedBy)
		}
	})
}

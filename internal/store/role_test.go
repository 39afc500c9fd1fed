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

func addUserAs(t *testing.T, s *store.Store, email string, r listing.Role) listing.User {
	t.Helper()
	u, err := s.CreateUser(ctx, listing.UserInput{Email: email, Name: email, Password: "senha-forte-123", Role: r}, fakeHash)
	if err != nil {
		t.Fatalf("CreateUser(%q): %v", email, err)
	}
	return u
}

// Roles are stored and changed; the last active administrador can be
// neither demoted, deactivated nor removed; deactivating ends sessions
// and tokens at once and keeps the account from signing in.
func TestUserRoles(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		ana := addUserAs(t, s, "ana@imobiliaria.com.br", listing.RoleAdministrador)
		bruno := addUser(t, s, "bruno@imobiliaria.com.br", "Bruno")
		if bruno.Role != listing.RoleCorretor {
			t.Errorf("a new user's role: %q", bruno.Role)
		}
		if u, _ := s.User(ctx, ana.ID); u.Role != listing.RoleAdministrador || !u.Active() {
			t.Errorf("Ana read back: %+v", u)
		}
		_, err := s.CreateUser(ctx, listing.UserInput{Email: "c@imobiliaria.com.br", Name: "C", Password: "senha-forte-123", Role: "dono"}, fakeHash)
		var ve *listing.ValidationError
		if !errors.As(err, &ve) || len(ve.Fields["role"]) == 0 {
			t.Errorf("an unknown role: %v", err)
		}

		_, err = s.SetUserRole(ctx, ana.ID, listing.RoleCorretor)
		failsAs(t, "demote the last administrador", err, "set user role", listing.ErrLastAdmin)
		_, err = s.SetUserActive(ctx, ana.ID, false)
		failsAs(t, "deactivate the last administrador", err, "set user active", listing.ErrLastAdmin)
		failsAs(t, "remove the last administrador", s.DeleteUserByID(ctx, ana.ID), "delete user", listing.ErrLastAdmin)
		_, err = s.SetUserRole(ctx, 9999, listing.RoleAssistente)
		failsAs(t, "role of nobody", err, "set user role", listing.ErrNotFound)
		_, err = s.SetUserActive(ctx, 9999, false)
		failsAs(t, "deactivate nobody", err, "set user active", listing.ErrNotFound)

		if u, err := s.SetUserRole(ctx, bruno.ID, listing.RoleAdministrador); err != nil || u.Role != listing.RoleAdministrador {
			t.Fatalf("promote Bruno: %+v %v", u, err)
		}
		if u, err := s.SetUserRole(ctx, ana.ID, listing.RoleAssistente); err != nil || u.Role != listing.RoleAssistente {
			t.Fatalf("demote Ana with Bruno there: %+v %v", u, err)
		}

		// Deactivating Ana ends her session and her token at once.
		tok, _, err := s.CreateSession(ctx, ana.ID, "Firefox", limits)
		if err != nil {
			t.Fatal(err)
		}
		apiTok, _, err := s.CreateTokenBy(ctx, "script-da-ana", store.UserActor(ana))
		if err != nil {
			t.Fatal(err)
		}
		u, err := s.SetUserActive(ctx, ana.ID, false)
		if err != nil || u.Active() {
			t.Fatalf("deactivate Ana: %+v %v", u, err)
		}
		if _, _, err := s.AuthenticateSession(ctx, tok, time.Hour); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("a deactivated user's session: %v", err)
		}
		if _, err := s.Authenticate(ctx, apiTok); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("a deactivated user's token: %v", err)
		}
		if _, _, err := s.CreateTokenBy(ctx, "outro", store.UserActor(ana)); !errors.Is(err, listing.ErrUnauthorized) {
			t.Errorf("a token made by a deactivated user: %v", err)
		}
		if u, err := s.SetUserActive(ctx, ana.ID, true); err != nil || !u.Active() {
			t.Errorf("reactivate Ana: %+v %v", u, err)
		}
		// Bruno, the only administrador again, stays one.
		_, err = s.SetUserActive(ctx, bruno.ID, false)
		failsAs(t, "deactivate Bruno", err, "set user active", listing.ErrLastAdmin)
	})
}

// A token carries a role no higher than its maker's, and acts with no
// more than its owner's role allows now.
func TestTokenRoles(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		addUserAs(t, s, "ana@imobiliaria.com.br", listing.RoleAdministrador)
		bia := addUserAs(t, s, "bia@imobiliaria.com.br", listing.RoleAssistente)
		machine, err := s.CreateToken(ctx, "maquina")
		if err != nil {
			t.Fatal(err)
		}
		if tk, err := s.AuthenticateToken(ctx, machine); err != nil || tk.Role != listing.RoleAdministrador || tk.OwnerID != 0 {
			t.Errorf("a command line token: %+v %v", tk, err)
		}
		_, _, err = s.CreateTokenAs(ctx, "alto", store.UserActor(bia), listing.RoleAdministrador)
		failsAs(t, "a token above its maker", err, "create token", listing.ErrForbidden)
		_, _, err = s.CreateTokenAs(ctx, "estranho", store.UserActor(bia), "dono")
		failsAs(t, "an unknown role", err, "create token", listing.ErrInvalid)
		low, tk, err := s.CreateTokenAs(ctx, "baixo", store.UserActor(bia), listing.RoleCorretor)
		if err != nil || tk.Role != listing.RoleCorretor {
			t.Fatalf("a corretor token by an assistente: %+v %v", tk, err)
		}
		same, tk, err := s.CreateTokenBy(ctx, "igual", store.UserActor(bia))
		if err != nil || tk.Role != listing.RoleAssistente {
			t.Fatalf("a token with its maker's role: %+v %v", tk, err)
		}
		if _, err := s.SetUserRole(ctx, bia.ID, listing.RoleCorretor); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ tok, name string }{{low, "baixo"}, {same, "igual"}} {
			if tk, err := s.AuthenticateToken(ctx, c.tok); err != nil || tk.Name != c.name || tk.Role != listing.RoleCorretor {
				t.Errorf("%s after its owner's demotion: %+v %v", c.name, tk, err)
			}
		}
		list, err := s.Tokens(ctx)
		if err != nil || len(list) != 3 || list[1].Name != "igual" || list[1].Role != listing.RoleAssistente {
			t.Errorf("Tokens = %+v, %v", list, err)
		}
	})
}

// Two administradores demoting, deactivating or removing each other at
// once, from two instances: one of them stays. Without the staff lock
// each transaction counts the other administrador as still there.
func TestLastAdminUnderConcurrency(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, d)
			one, two := storetest.OpenAt(t, dsn, store.Options{}), storetest.OpenAt(t, dsn, store.Options{})
			changes := []func(s *store.Store, id int64) error{
				func(s *store.Store, id int64) error {
					_, err := s.SetUserRole(ctx, id, listing.RoleCorretor)
					return err
				},
				func(s *store.Store, id int64) error { _, err := s.SetUserActive(ctx, id, false); return err },
				func(s *store.Store, id int64) error { return s.DeleteUserByID(ctx, id) },
			}
			var prev []int64
			for round := range 24 {
				a := addUserAs(t, one, "a"+itoa(round)+"@imobiliaria.com.br", listing.RoleAdministrador)
				b := addUserAs(t, one, "b"+itoa(round)+"@imobiliaria.com.br", listing.RoleAdministrador)
				// The last round's pair goes, so that a and b are the
				// only administradores.
				for _, id := range prev {
					if err := one.DeleteUserByID(ctx, id); err != nil && !errors.Is(err, listing.ErrNotFound) {
						t.Fatal(err)
					}
				}
				prev = []int64{a.ID, b.ID}
				change := changes[round%len(changes)]
				start := make(chan struct{})
				errs := make([]error, 2)
				var wg sync.WaitGroup
				for i, c := range []struct {
					s  *store.Store
					id int64
				}{{one, a.ID}, {two, b.ID}} {
					wg.Go(func() { <-start; errs[i] = change(c.s, c.id) })
				}
				close(start)
				wg.Wait()
				failed := 0
				for _, err := range errs {
					if errors.Is(err, listing.ErrLastAdmin) {
						failed++
					} else if err != nil {
						t.Fatalf("round %d: %v", round, err)
					}
				}
				if failed != 1 {
					t.Fatalf("round %d: %d of 2 changes refused, want 1", round, failed)
				}
			}
		})
	}
}

func itoa(i int) string { return string(rune('a'+i/26)) + string(rune('a'+i%26)) }

// A device a user signed in from is known to that user only, until it
// goes unused for the age given.
func TestKnownDevices(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana")
		bruno := addUser(t, s, "bruno@imobiliaria.com.br", "Bruno")
		const age = 30 * 24 * time.Hour
		dev, err := s.RememberDevice(ctx, ana.ID, age)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			tok  string
			user int64
			want bool
		}{{dev, ana.ID, true}, {dev, bruno.ID, false}, {"vd_outro", ana.ID, false}, {"lixo", ana.ID, false}, {dev, 0, false}} {
			if ok, err := s.KnownDevice(ctx, c.tok, c.user, age); err != nil || ok != c.want {
				t.Errorf("KnownDevice(%q, %d) = %v, %v", c.tok, c.user, ok, err)
			}
		}
		clock.Advance(age - time.Hour)
		if err := s.TouchDevice(ctx, dev); err != nil {
			t.Fatal(err)
		}
		clock.Advance(2 * time.Hour)
		if ok, _ := s.KnownDevice(ctx, dev, ana.ID, age); !ok {
			t.Error("a device in use was forgotten")
		}
		clock.Advance(age)
		if ok, _ := s.KnownDevice(ctx, dev, ana.ID, age); ok {
			t.Error("a device unused for its age is still known")
		}
	})
}

// TestRolesMigration: the users and tokens of the release before roles
// could do everything, and are administradores after it.
func TestRolesMigration(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, dsn, exec := releaseDB(t, d, 15)
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			exec(`INSERT INTO users (email, name, password_hash, created_at, updated_at) VALUES ('ana@imobiliaria.com.br', 'Ana', $1, $2, $2)`, fakeHash, at)
			const token = "vt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
			exec(`INSERT INTO admin_tokens (name, token_hash, created_at) VALUES ('script', $1, $2)`, store.HashToken(token), at)
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}
			s := storetest.OpenAt(t, dsn, store.Options{})
			u, _, err := s.UserCredentials(ctx, "ana@imobiliaria.com.br")
			if err != nil || u.Role != listing.RoleAdministrador || !u.Active() {
				t.Errorf("Ana after the migration: %+v %v", u, err)
			}
			if tk, err := s.AuthenticateToken(ctx, token); err != nil || tk.Role != listing.RoleAdministrador {
				t.Errorf("the token after the migration: %+v %v", tk, err)
			}
			_, err = s.SetUserRole(ctx, u.ID, listing.RoleCorretor)
			failsAs(t, "demote the only administrador", err, "set user role", listing.ErrLastAdmin)
		})
	}
}

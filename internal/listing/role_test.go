package listing_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
)

func TestRoleMatrix(t *testing.T) {
	seen := map[listing.Permission]bool{}
	for _, g := range listing.Matrix {
		if seen[g.Permission] {
			t.Errorf("%s twice in the matrix", g.Permission)
		}
		seen[g.Permission] = true
		if !slices.Contains(g.Roles, listing.RoleAdministrador) {
			t.Errorf("administrador lacks %s", g.Permission)
		}
	}
	if got := listing.RoleAdministrador.Permissions(); len(got) != len(listing.Matrix) {
		t.Errorf("administrador holds %v", got)
	}
	for _, c := range []struct {
		role listing.Role
		perm listing.Permission
		want bool
	}{
		{listing.RoleCorretor, listing.PermPropertiesWrite, true},
		{listing.RoleCorretor, listing.PermLeadsWrite, true},
		{listing.RoleCorretor, listing.PermLeadsExport, false},
		{listing.RoleCorretor, listing.PermStaff, false},
		{listing.RoleCorretor, listing.PermPrivacy, false},
		{listing.RoleAssistente, listing.PermLeadsExport, true},
		{listing.RoleAssistente, listing.PermTokens, false},
		{listing.RoleAssistente, listing.PermImports, false},
		{listing.Role("dono"), listing.PermAccount, false},
		{listing.RoleAdministrador, listing.Permission("nada"), false},
	} {
		if got := c.role.Can(c.perm); got != c.want {
			t.Errorf("%s can %s: %v, want %v", c.role, c.perm, got, c.want)
		}
	}
	if !listing.RoleAdministrador.Covers(listing.RoleCorretor) || listing.RoleCorretor.Covers(listing.RoleAssistente) ||
		!listing.RoleAssistente.Covers(listing.RoleAssistente) || listing.RoleAdministrador.Covers(listing.Role("dono")) {
		t.Error("Covers does not follow the matrix")
	}
}

func TestParseRole(t *testing.T) {
	if r, err := listing.ParseRole("role", " corretor "); err != nil || r != listing.RoleCorretor {
		t.Errorf("corretor: %q %v", r, err)
	}
	for _, s := range []string{"", "admin", "Administrador"} {
		if _, err := listing.ParseRole("role", s); !errors.Is(err, listing.ErrInvalid) {
			t.Errorf("%q: %v", s, err)
		}
	}
}

package listing

import (
	"errors"
	"slices"
	"strings"
)

// Role is what a staff member (or an admin API token) may do in the back
// office: a set of permissions, given by the one matrix below.
type Role string

// The roles. Administrador may do everything; corretor works on their own
// listings and the leads assigned to them; assistente runs the catalogue
// and every lead for the office, without the agency's keys (staff,
// tokens, settings, portals, imports, the data subjects' rights).
const (
	RoleAdministrador Role = "administrador"
	RoleAssistente    Role = "assistente"
	RoleCorretor      Role = "corretor"
)

// Roles are every role, from the most to the least able.
var Roles = []Role{RoleAdministrador, RoleAssistente, RoleCorretor}

// Label is the role's name as a person reads it.
func (r Role) Label() string {
	switch r {
	case RoleAdministrador:
		return "Administrador"
	case RoleAssistente:
		return "Assistente"
	case RoleCorretor:
		return "Corretor"
	}
	return string(r)
}

// ParseRole reads a role's name; anything else is a validation error on
// field.
func ParseRole(field, s string) (Role, error) {
	r := Role(strings.TrimSpace(s))
	if !slices.Contains(Roles, r) {
		return "", Invalid(field, "Escolha um papel: administrador, assistente ou corretor.")
	}
	return r, nil
}

// Permission is one thing the back office lets a role do. Each admin
// route of the API declares the one it needs.
type Permission string

// The permissions, in the order the matrix lists them.
const (
	// PermAccount: one's own account: who one is, one's sessions, one's
	// password, signing out. Everyone has it.
	PermAccount Permission = "account"
	// PermPropertiesRead: the back office's list of listings, a listing,
	// its photos (a corretor only their own).
	PermPropertiesRead Permission = "properties.read"
	// PermPropertiesWrite: create, edit and delete listings and their
	// photos (a corretor only their own, once listings have a broker).
	PermPropertiesWrite Permission = "properties.write"
	// PermLeadsRead: the inbox (a corretor only the leads assigned to
	// them, once leads are assigned).
	PermLeadsRead Permission = "leads.read"
	// PermLeadsWrite: a lead's status and note (scoped as PermLeadsRead).
	PermLeadsWrite Permission = "leads.write"
	// PermLeadsExport: every lead, with its personal data, as CSV.
	PermLeadsExport Permission = "leads.export"
	// PermAgency: the agency's settings and its privacy policy.
	PermAgency Permission = "agency"
	// PermPortals: the portals' feed: its secret address.
	PermPortals Permission = "portals"
	// PermImports: a VRSync file in, the catalogue written from it.
	PermImports Permission = "imports"
	// PermPrivacy: the data subjects' rights (LGPD): lookup, export,
	// anonymisation, the record of erasures.
	PermPrivacy Permission = "privacy"
	// PermStaff: staff accounts, their roles and sessions.
	PermStaff Permission = "staff"
	// PermTokens: admin API tokens.
	PermTokens Permission = "tokens"
	// PermOwner: the owner's record of a listing (captação) and its
	// documents: an administrador every listing's, anyone else only those
	// of the listings whose broker they are (SeesOwnerRecord).
	PermOwner Permission = "owner"
)

// Grant is one row of the permission matrix: a permission, what it lets
// one do (for docs/api.md, whose table a test checks against it), and the
// roles that hold it.
type Grant struct {
	Permission  Permission
	Description string
	Roles       []Role
}

var (
	everyone = []Role{RoleAdministrador, RoleAssistente, RoleCorretor}
	office   = []Role{RoleAdministrador, RoleAssistente}
	admins   = []Role{RoleAdministrador}
)

// Matrix is the one permission matrix: the server enforces it, the docs'
// table is checked against it, and the client reads the caller's row of
// it (GET /api/admin/me).
var Matrix = []Grant{
	{PermAccount, "one's own account: who one is, one's sessions and password, signing out", everyone},
	{PermPropertiesRead, "see listings and their photos (a corretor, their own)", everyone},
	{PermPropertiesWrite, "create listings; edit and delete listings and their photos (a corretor, their own)", everyone},
	{PermLeadsRead, "see leads (a corretor, those assigned to them)", everyone},
	{PermLeadsWrite, "change a lead's status and note (a corretor, those assigned to them)", everyone},
	{PermLeadsExport, "export every lead, with its personal data, as CSV", office},
	{PermAgency, "the agency's settings and privacy policy", admins},
	{PermPortals, "the portals' feed (VRSync): its secret address", admins},
	{PermImports, "import a VRSync file", admins},
	{PermPrivacy, "the data subjects' rights (LGPD): lookup, export, anonymisation", admins},
	{PermStaff, "staff: accounts, roles, deactivation, anyone's sessions", admins},
	{PermTokens, "admin API tokens", admins},
	{PermOwner, "the owner's record of a listing and its documents (captação): an administrador, every listing's; anyone else, the listings whose broker they are", everyone},
}

// OwnRowsOnly reports whether r works on its own rows only: the listings
// whose broker it is, the leads assigned to it. Others' rows are not found
// to it (404, not 403, so that their ids are not confirmed).
func (r Role) OwnRowsOnly() bool { return r == RoleCorretor }

// Can reports whether role r holds permission p.
func (r Role) Can(p Permission) bool {
	for _, g := range Matrix {
		if g.Permission == p {
			return slices.Contains(g.Roles, r)
		}
	}
	return false
}

// Permissions lists what r may do, in the matrix's order.
func (r Role) Permissions() []Permission {
	out := []Permission{}
	for _, g := range Matrix {
		if slices.Contains(g.Roles, r) {
			out = append(out, g.Permission)
		}
	}
	return out
}

// Covers reports whether r holds every permission of other: a token
// made by r may carry other.
func (r Role) Covers(other Role) bool {
	for _, p := range other.Permissions() {
		if !r.Can(p) {
			return false
		}
	}
	return slices.Contains(Roles, other)
}

// ErrForbidden: the caller is known but their role does not allow it.
var ErrForbidden = errors.New("forbidden")

// ErrLastAdmin: the change would leave no active administrador.
var ErrLastAdmin = errors.New("the last active administrador cannot be removed, demoted or deactivated")

// ErrDeactivated: the account exists but has been deactivated.
var ErrDeactivated = errors.New("account deactivated")

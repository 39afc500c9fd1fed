package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// routePermissions is the policy, written apart from the routes: every
// admin route the server has must be here, with the permission the
// server enforces. A new route without an entry fails TestEveryRouteAsEveryRole.
var routePermissions = map[string]listing.Permission{
	"GET /api/admin/properties":                        listing.PermPropertiesRead,
	"POST /api/admin/properties":                       listing.PermPropertiesWrite,
	"GET /api/admin/properties/{id}":                   listing.PermPropertiesRead,
	"PUT /api/admin/properties/{id}":                   listing.PermPropertiesWrite,
	"DELETE /api/admin/properties/{id}":                listing.PermPropertiesWrite,
	"GET /api/admin/properties/{id}/photos":            listing.PermPropertiesRead,
	"POST /api/admin/properties/{id}/photos":           listing.PermPropertiesWrite,
	"PUT /api/admin/properties/{id}/photos":            listing.PermPropertiesWrite,
	"PATCH /api/admin/properties/{id}/photos/{photo}":  listing.PermPropertiesWrite,
	"DELETE /api/admin/properties/{id}/photos/{photo}": listing.PermPropertiesWrite,
	"GET /api/admin/leads":                             listing.PermLeadsRead,
	"GET /api/admin/leads/{id}":                        listing.PermLeadsRead,
	"PATCH /api/admin/leads/{id}":                      listing.PermLeadsWrite,
	"GET /api/admin/leads.csv":                         listing.PermLeadsExport,
	"GET /api/admin/agency":                            listing.PermAgency,
	"PUT /api/admin/agency":                            listing.PermAgency,
	"PUT /api/admin/agency/logo":                       listing.PermAgency,
	"DELETE /api/admin/agency/logo":                    listing.PermAgency,
	"GET /api/admin/privacy-policy":                    listing.PermAgency,
	"PUT /api/admin/privacy-policy":                    listing.PermAgency,
	"POST /api/admin/privacy/lookup":                   listing.PermPrivacy,
	"POST /api/admin/privacy/export":                   listing.PermPrivacy,
	"POST /api/admin/privacy/anonymize":                listing.PermPrivacy,
	"GET /api/admin/privacy/erasures":                  listing.PermPrivacy,
	"GET /api/admin/feeds/vrsync":                      listing.PermPortals,
	"POST /api/admin/feeds/vrsync":                     listing.PermPortals,
	"GET /api/admin/portals":                           listing.PermPortals,
	"GET /api/admin/portal-leads/address":              listing.PermPortals,
	"POST /api/admin/portal-leads/address":             listing.PermPortals,
	"POST /api/admin/imports/vrsync":                   listing.PermImports,
	"GET /api/admin/mail":                              listing.PermAgency,
	"GET /api/admin/backups":                           listing.PermAgency,
	"DELETE /api/admin/session":                        listing.PermAccount,
	"GET /api/admin/me":                                listing.PermAccount,
	"PUT /api/admin/me/password":                       listing.PermAccount,
	"GET /api/admin/sessions":                          listing.PermAccount,
	"DELETE /api/admin/sessions/{id}":                  listing.PermAccount,
	"GET /api/admin/users":                             listing.PermStaff,
	"POST /api/admin/users":                            listing.PermStaff,
	"PATCH /api/admin/users/{id}":                      listing.PermStaff,
	"DELETE /api/admin/users/{id}":                     listing.PermStaff,
	"PUT /api/admin/users/{id}/profile":                listing.PermAccount,
	"PUT /api/admin/users/{id}/photo":                  listing.PermAccount,
	"DELETE /api/admin/users/{id}/photo":               listing.PermAccount,
	"GET /api/admin/users/{id}/sessions":               listing.PermStaff,
	"GET /api/admin/tokens":                            listing.PermTokens,
	"POST /api/admin/tokens":                           listing.PermTokens,
	"DELETE /api/admin/tokens/{name}":                  listing.PermTokens,
	"GET /api/admin/invitations":                       listing.PermStaff,
	"POST /api/admin/invitations":                      listing.PermStaff,
	"POST /api/admin/invitations/{id}/resend":          listing.PermStaff,
	"DELETE /api/admin/invitations/{id}":               listing.PermStaff,
	"GET /api/admin/saved-searches/stats":              listing.PermAgency,

	// The owner's record (captação) and a listing's copy.
	"GET /api/admin/properties/{id}/owner":                    listing.PermOwner,
	"PUT /api/admin/properties/{id}/owner":                    listing.PermOwner,
	"POST /api/admin/properties/{id}/owner/documents":         listing.PermOwner,
	"GET /api/admin/properties/{id}/owner/documents/{doc}":    listing.PermOwner,
	"DELETE /api/admin/properties/{id}/owner/documents/{doc}": listing.PermOwner,
	"POST /api/admin/properties/{id}/duplicate":               listing.PermPropertiesWrite,

	// A broker's hours for visits.
	"GET /api/admin/users/{id}/visit-hours": listing.PermAccount,
	"PUT /api/admin/users/{id}/visit-hours": listing.PermAccount,
}

// TestEveryRouteAsEveryRole runs every admin route of the server as every
// role, with a session and with an admin API token of that role: a role
// holding the route's permission gets past the guard (whatever the
// handler then says of the empty body and unknown ids), any other gets
// the 403 JSON error in Portuguese.
func TestEveryRouteAsEveryRole(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			routes := e.stack.AdminRoutes()
			var patterns []string
			for p, perm := range routes {
				if p == "POST /api/admin/session" || strings.HasPrefix(p, "POST /api/admin/account/") {
					continue // the sign-in and the links' routes: where credentials come from
				}
				want, ok := routePermissions[p]
				switch {
				case !ok:
					t.Errorf("%s has no entry in routePermissions", p)
				case perm != want:
					t.Errorf("%s declares %q, want %q", p, perm, want)
				}
				patterns = append(patterns, p)
			}
			for p := range routePermissions {
				if _, ok := routes[p]; !ok {
					t.Errorf("%s is in routePermissions but not routed", p)
				}
			}
			// Signing out ends the credential: it goes last.
			slices.SortFunc(patterns, func(a, b string) int {
				return boolInt(a == "DELETE /api/admin/session") - boolInt(b == "DELETE /api/admin/session")
			})
			for i, role := range listing.Roles {
				email := string(role) + "@imobiliaria.com.br"
				u := e.addUserAs(email, role.Label(), "senha-forte-"+strconv.Itoa(i)+"23", role)
				session := e.signIn(email, "senha-forte-"+strconv.Itoa(i)+"23")
				token, _, err := e.st.CreateTokenAs(context.Background(), "script-"+string(role), store.UserActor(u), role)
				if err != nil {
					t.Fatal(err)
				}
				for _, cred := range []struct{ kind, bearer string }{{"session", session}, {"token", token}} {
					for _, p := range patterns {
						method, path, _ := strings.Cut(p, " ")
						path = strings.NewReplacer("{id}", "999999", "{photo}", "999999", "{doc}", "999999", "{name}", "nao-existe").Replace(path)
						var body any
						if method != "GET" && method != "DELETE" {
							body = map[string]any{}
						}
						w := e.send(method, path, body, acctHome, cred.bearer, true)
						what := string(role) + " " + cred.kind + ": " + p
						if role.Can(routePermissions[p]) {
							if w.Code == http.StatusForbidden || w.Code == http.StatusUnauthorized {
								t.Errorf("%s: %d %s, want allowed", what, w.Code, w.Body)
							}
						} else {
							wantError(t, what, w, http.StatusForbidden, "Você não tem permissão para esta ação.")
						}
					}
				}
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// /me says each role and the permissions it holds, for a session and for
// a token; a token made in the back office carries no more than its
// maker's role.
func TestMeSaysRoleAndPermissions(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	e.addUserAs("bia@imobiliaria.com.br", "Bia", "senha-da-bia-123", listing.RoleAssistente)
	bia := e.signIn("bia@imobiliaria.com.br", "senha-da-bia-123")
	me := acctDecode(t, e.send("GET", "/api/admin/me", nil, acctHome, bia))
	if me["role"] != "assistente" || acctAt(me, "user", "role") != "assistente" ||
		!acctSameJSON(me["permissions"], listing.RoleAssistente.Permissions()) {
		t.Errorf("Bia's /me: %v", me)
	}
	me = acctDecode(t, e.send("GET", "/api/admin/me", nil, acctHome, e.token))
	if me["role"] != "administrador" || len(me["permissions"].([]any)) != len(listing.Matrix) {
		t.Errorf("a command line token's /me: %v", me)
	}
	// An administrador's token may be made with a lower role, which it
	// then has.
	ana := e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	anaTok := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	w := e.send("POST", "/api/admin/tokens", map[string]any{"name": "planilha", "role": "corretor"}, acctHome, anaTok)
	wantStatus(t, "a corretor token", w, http.StatusCreated)
	low := acctDecode(t, w)
	if low["role"] != "corretor" {
		t.Errorf("created: %v", low)
	}
	me = acctDecode(t, e.send("GET", "/api/admin/me", nil, acctHome, low["token"].(string)))
	if me["role"] != "corretor" || me["kind"] != "token" {
		t.Errorf("the corretor token's /me: %v", me)
	}
	wantInvalid(t, "an unknown role", e.send("POST", "/api/admin/tokens", map[string]any{"name": "x", "role": "dono"}, acctHome, anaTok, true), "role")
	// Ana demoted: her token acts as what she is now.
	bruno := e.addUser("bruno@imobiliaria.com.br", "Bruno", "senha-do-bruno-1")
	brunoTok := e.signIn("bruno@imobiliaria.com.br", "senha-do-bruno-1")
	w = e.send("PATCH", "/api/admin/users/"+strconv.FormatInt(ana.ID, 10), map[string]any{"role": "corretor"}, acctHome, brunoTok)
	wantStatus(t, "demote Ana", w, http.StatusOK)
	wantError(t, "Ana's session after her demotion", e.send("GET", "/api/admin/users", nil, acctHome, anaTok), http.StatusForbidden,
		"Você não tem permissão para esta ação.")
	_ = bruno
}

// Roles changed, accounts deactivated and reactivated from the back
// office, on both databases: the last administrador stays, nobody
// deactivates themselves, and deactivation ends sessions and tokens at
// once and keeps the account out until it is reactivated.
func TestStaffRolesAndDeactivation(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			ana := e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
			anaTok := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
			anaPath := "/api/admin/users/" + strconv.FormatInt(ana.ID, 10)

			w := e.send("POST", "/api/admin/users", map[string]any{"email": "caio@imobiliaria.com.br", "name": "Caio", "password": "senha-do-caio-1", "role": "corretor"}, acctHome, anaTok)
			wantStatus(t, "add a corretor", w, http.StatusCreated)
			caio := acctDecode(t, w)
			if caio["role"] != "corretor" || caio["active"] != true {
				t.Errorf("added: %v", caio)
			}
			caioPath := "/api/admin/users/" + strconv.Itoa(int(caio["id"].(float64)))
			caioTok := e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
			caioScript, _, err := e.st.CreateTokenBy(context.Background(), "script-do-caio", listing.Actor{Kind: listing.ActorUser, Ref: strconv.Itoa(int(caio["id"].(float64))), Name: "Caio"})
			if err != nil {
				t.Fatal(err)
			}

			const lastAdmin = "A imobiliária precisa de pelo menos um administrador ativo: promova outra pessoa antes."
			wantError(t, "demote the last administrador", e.send("PATCH", anaPath, map[string]any{"role": "corretor"}, acctHome, e.token), http.StatusConflict, lastAdmin)
			wantError(t, "remove the last administrador", e.send("DELETE", anaPath, nil, acctHome, e.token), http.StatusConflict, lastAdmin)
			wantError(t, "deactivate oneself", e.send("PATCH", anaPath, map[string]any{"active": false}, acctHome, anaTok), http.StatusConflict,
				"Você não pode desativar a sua própria conta.")
			wantInvalid(t, "an empty change", e.send("PATCH", caioPath, map[string]any{}, acctHome, anaTok, true), "role")
			wantInvalid(t, "an unknown role", e.send("PATCH", caioPath, map[string]any{"role": "gerente"}, acctHome, anaTok, true), "role")
			wantError(t, "nobody", e.send("PATCH", "/api/admin/users/999999", map[string]any{"active": false}, acctHome, anaTok), 404, "Recurso não encontrado")

			w = e.send("PATCH", caioPath, map[string]any{"active": false}, acctHome, anaTok)
			wantStatus(t, "deactivate Caio", w, http.StatusOK)
			if out := acctDecode(t, w); out["active"] != false || out["deactivated_at"] == nil {
				t.Errorf("deactivated: %v", out)
			}
			wantStatus(t, "Caio's session", e.send("GET", "/api/admin/me", nil, acctHome, caioTok), http.StatusUnauthorized)
			wantStatus(t, "Caio's token", e.send("GET", "/api/admin/me", nil, acctHome, caioScript), http.StatusUnauthorized)
			wantError(t, "Caio signs in", e.send("POST", "/api/admin/session", signInBody("caio@imobiliaria.com.br", "senha-do-caio-1"), acctHome, ""),
				http.StatusForbidden, "Esta conta está desativada. Fale com um administrador da imobiliária.")
			wantError(t, "a wrong password for Caio", e.send("POST", "/api/admin/session", signInBody("caio@imobiliaria.com.br", "senha-errada-123"), acctHome, ""),
				http.StatusUnauthorized, "E-mail ou senha incorretos.")

			w = e.send("PATCH", caioPath, map[string]any{"active": true, "role": "administrador"}, acctHome, anaTok)
			wantStatus(t, "reactivate and promote Caio", w, http.StatusOK)
			if out := acctDecode(t, w); out["active"] != true || out["role"] != "administrador" || out["deactivated_at"] != nil {
				t.Errorf("reactivated: %v", out)
			}
			caioTok = e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
			wantStatus(t, "Ana demoted by Caio", e.send("PATCH", anaPath, map[string]any{"role": "assistente"}, acctHome, caioTok), http.StatusOK)
			list := acctDecode(t, e.send("GET", "/api/admin/users", nil, acctHome, caioTok))
			if acctAt(list, "items", 0, "role") != "assistente" || acctAt(list, "items", 1, "role") != "administrador" {
				t.Errorf("staff: %v", list)
			}
		})
	}
}

// Changing one's own password asks the current one, keeps this session
// and ends the others and the user's tokens.
func TestChangeOwnPassword(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	u := e.addUserAs("caio@imobiliaria.com.br", "Caio", "senha-do-caio-1", listing.RoleCorretor)
	here := e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
	there := e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
	script, _, err := e.st.CreateTokenBy(context.Background(), "script-do-caio", store.UserActor(u))
	if err != nil {
		t.Fatal(err)
	}
	wantInvalid(t, "a wrong current password", e.send("PUT", "/api/admin/me/password",
		map[string]any{"current_password": "nao-e-esta-123", "new_password": "nova-senha-do-caio"}, acctHome, here, true), "current_password")
	wantInvalid(t, "a short new password", e.send("PUT", "/api/admin/me/password",
		map[string]any{"current_password": "senha-do-caio-1", "new_password": "curta"}, acctHome, here, true), "new_password")
	wantError(t, "a token has no password", e.send("PUT", "/api/admin/me/password",
		map[string]any{"current_password": "senha-do-caio-1", "new_password": "nova-senha-do-caio"}, acctHome, script), 404, "Recurso não encontrado")
	wantStatus(t, "change", e.send("PUT", "/api/admin/me/password",
		map[string]any{"current_password": "senha-do-caio-1", "new_password": "nova-senha-do-caio"}, acctHome, here), http.StatusNoContent)
	wantStatus(t, "this session", e.send("GET", "/api/admin/me", nil, acctHome, here), http.StatusOK)
	wantStatus(t, "the other session", e.send("GET", "/api/admin/me", nil, acctHome, there), http.StatusUnauthorized)
	wantStatus(t, "the token", e.send("GET", "/api/admin/me", nil, acctHome, script), http.StatusUnauthorized)
	wantStatus(t, "the old password", e.send("POST", "/api/admin/session", signInBody("caio@imobiliaria.com.br", "senha-do-caio-1"), acctHome, ""), http.StatusUnauthorized)
	e.signIn("caio@imobiliaria.com.br", "nova-senha-do-caio")
}

// A corretor ends their own sessions only; an administrador anyone's.
func TestSessionsEndedByRole(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	e.addUserAs("caio@imobiliaria.com.br", "Caio", "senha-do-caio-1", listing.RoleCorretor)
	ana := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")
	caio := e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
	caio2 := e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
	sessionID := func(tok string) string {
		return strconv.Itoa(int(acctAt(acctDecode(t, e.send("GET", "/api/admin/me", nil, acctHome, tok)), "session", "id").(float64)))
	}
	wantError(t, "Caio ends Ana's session", e.send("DELETE", "/api/admin/sessions/"+sessionID(ana), nil, acctHome, caio), 404, "Recurso não encontrado")
	wantStatus(t, "Caio ends his other session", e.send("DELETE", "/api/admin/sessions/"+sessionID(caio2), nil, acctHome, caio), http.StatusNoContent)
	wantStatus(t, "Ana ends Caio's session", e.send("DELETE", "/api/admin/sessions/"+sessionID(caio), nil, acctHome, ana), http.StatusNoContent)
	wantStatus(t, "Caio signed out", e.send("GET", "/api/admin/me", nil, acctHome, caio), http.StatusUnauthorized)
}

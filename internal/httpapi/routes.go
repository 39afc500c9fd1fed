package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

// patternContact is the contact submission's route; the metrics count its
// 201 answers as new leads.
const patternContact = "POST /api/v1/properties/{slug}/contact"

// patternBookVisit is the booking of a visit; its 201 answers are new
// leads too.
const patternBookVisit = "POST /api/v1/properties/{slug}/visits"

// patternDetail is the public detail read's route, the busiest of all.
const patternDetail = "GET /api/v1/properties/{slug}"

// routes registers the whole API on one screen. Every /api/ path answers a
// JSON 405 for the methods it does not serve, and any other /api/ address a
// JSON 404; pages take the rest.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	s.permissions = map[string]listing.Permission{}
	methods := map[string][]string{} // path -> methods, for the 405 answers
	handle := func(pattern string, h http.Handler) {
		method, path, _ := strings.Cut(pattern, " ")
		mux.Handle(pattern, h)
		s.patterns = append(s.patterns, pattern)
		if a, ok := h.(adminRoute); ok {
			s.permissions[pattern] = a.perm
		}
		if strings.HasPrefix(path, "/api/") {
			methods[path] = append(methods[path], method)
		}
	}

	// Public API (spec, section 4): the detail read is stated twice.
	handle("GET /api/v1/properties", http.HandlerFunc(s.listProperties))
	handle(patternDetail, http.HandlerFunc(s.getProperty))
	handle("GET /api/properties/{slug}", http.HandlerFunc(s.getProperty))
	handle(patternContact, http.HandlerFunc(s.createLead))
	handle(patternWhatsApp, http.HandlerFunc(s.countWhatsAppClick))
	handle(patternShare, http.HandlerFunc(s.countShare))
	handle("GET /api/v1/properties/{slug}/similar", http.HandlerFunc(s.similarProperties))
	handle("GET /api/openapi.json", http.HandlerFunc(s.openAPI))
	handle("GET /api/v1/agency", http.HandlerFunc(s.getAgency))
	handle("GET /api/v1/search", http.HandlerFunc(s.searchProperties))
	handle("GET /api/v1/search/places", http.HandlerFunc(s.searchPlaces))
	handle("GET /api/v1/privacy-notice", http.HandlerFunc(s.getPrivacyNotice))
	handle("GET /api/v1/privacy-policy", http.HandlerFunc(s.getPrivacyPolicy))
	// Saved searches with e-mail alerts (savedsearch.go): the token of an
	// e-mail's link, in the body or the address, is the credential.
	handle("POST /api/v1/saved-searches", http.HandlerFunc(s.createSavedSearch))
	handle("POST /api/v1/saved-searches/confirm", s.tokenLimited(s.confirmSavedSearch))
	handle("POST /api/v1/saved-searches/manage", s.tokenLimited(s.manageSavedSearches))
	handle("POST /api/v1/saved-searches/frequency", s.tokenLimited(s.updateSavedSearch))
	handle("POST /api/v1/saved-searches/delete", s.tokenLimited(s.deleteSavedSearch))
	handle("POST /api/v1/saved-searches/unsubscribe", s.tokenLimited(s.unsubscribeSavedSearch))
	handle("GET /api/v1/saved-searches/unsubscribe", http.HandlerFunc(s.unsubscribePage))
	handle("POST /api/v1/favorites/email", http.HandlerFunc(s.sendFavorites))
	// Booking a visit (visits.go): the slots, the booking, and the
	// visitor's link, whose token is in the body.
	handle("GET /api/v1/properties/{slug}/visit-slots", http.HandlerFunc(s.visitSlots))
	handle(patternBookVisit, http.HandlerFunc(s.bookVisit))
	handle("POST /api/v1/visits/lookup", http.HandlerFunc(s.visitLink))
	handle("POST /api/v1/visits/cancel", http.HandlerFunc(s.cancelVisit))
	handle("POST /api/v1/visits/reschedule", http.HandlerFunc(s.rescheduleVisit))
	// The portals' leads (Grupo OLX's lead integration), at a secret
	// address (portallead.go).
	handle("POST "+portalLeadPrefix+"{secret}", http.HandlerFunc(s.receivePortalLead))

	// Administration: a Bearer token on every route (a session's or an
	// admin API token), whose role holds the route's permission
	// (listing.Matrix).
	handle("GET /api/admin/properties", s.admin(listing.PermPropertiesRead, s.adminListProperties))
	handle("POST /api/admin/properties", s.admin(listing.PermPropertiesWrite, s.adminCreateProperty))
	handle("GET /api/admin/properties/{id}", s.admin(listing.PermPropertiesRead, s.ownProperty(s.adminGetProperty)))
	handle("PUT /api/admin/properties/{id}", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.adminUpdateProperty)))
	handle("DELETE /api/admin/properties/{id}", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.adminDeleteProperty)))
	handle("GET /api/admin/leads", s.admin(listing.PermLeadsRead, s.adminListLeads))
	handle("GET /api/admin/leads/{id}", s.admin(listing.PermLeadsRead, s.ownLead(s.adminGetLead)))
	handle("PATCH /api/admin/leads/{id}", s.admin(listing.PermLeadsWrite, s.ownLead(s.adminUpdateLead)))
	handle("GET /api/admin/leads.csv", s.admin(listing.PermLeadsExport, s.adminExportLeads))
	handle("GET /api/admin/properties/{id}/photos", s.admin(listing.PermPropertiesRead, s.ownProperty(s.listPhotos)))
	handle("POST /api/admin/properties/{id}/photos", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.addPhoto)))
	handle("PUT /api/admin/properties/{id}/photos", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.reorderPhotos)))
	handle("PATCH /api/admin/properties/{id}/photos/{photo}", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.setPhotoAlt)))
	handle("DELETE /api/admin/properties/{id}/photos/{photo}", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.deletePhoto)))
	// The owner's record (captação) and its private documents, for the
	// listing's broker and administradores (owner.go); a listing copied.
	handle("GET /api/admin/properties/{id}/owner", s.admin(listing.PermOwner, s.ownProperty(s.ownerScope(s.getOwner))))
	handle("PUT /api/admin/properties/{id}/owner", s.admin(listing.PermOwner, s.ownProperty(s.ownerScope(s.putOwner))))
	handle("POST /api/admin/properties/{id}/owner/documents", s.admin(listing.PermOwner, s.ownProperty(s.ownerScope(s.addOwnerDocument))))
	handle("GET /api/admin/properties/{id}/owner/documents/{doc}", s.admin(listing.PermOwner, s.ownProperty(s.ownerScope(s.downloadOwnerDocument))))
	handle("DELETE /api/admin/properties/{id}/owner/documents/{doc}", s.admin(listing.PermOwner, s.ownProperty(s.ownerScope(s.deleteOwnerDocument))))
	handle("POST /api/admin/properties/{id}/duplicate", s.admin(listing.PermPropertiesWrite, s.ownProperty(s.adminDuplicateProperty)))
	handle("GET /api/admin/agency", s.admin(listing.PermAgency, s.adminGetAgency))
	handle("PUT /api/admin/agency", s.admin(listing.PermAgency, s.adminPutAgency))
	handle("PUT /api/admin/agency/logo", s.admin(listing.PermAgency, s.setAgencyLogo))
	handle("DELETE /api/admin/agency/logo", s.admin(listing.PermAgency, s.deleteAgencyLogo))
	handle("GET /api/admin/privacy-policy", s.admin(listing.PermAgency, s.adminGetPrivacyPolicy))
	handle("PUT /api/admin/privacy-policy", s.admin(listing.PermAgency, s.adminPutPrivacyPolicy))

	// The data subjects' rights (LGPD): what is held about an e-mail, as
	// a download, and its anonymisation; the record of anonymisations.
	handle("POST /api/admin/privacy/lookup", s.admin(listing.PermPrivacy, s.adminPrivacyLookup))
	handle("POST /api/admin/privacy/export", s.admin(listing.PermPrivacy, s.adminPrivacyExport))
	handle("POST /api/admin/privacy/anonymize", s.admin(listing.PermPrivacy, s.adminPrivacyAnonymize))
	handle("GET /api/admin/privacy/erasures", s.admin(listing.PermPrivacy, s.adminListErasures))
	handle("GET /api/admin/mail", s.admin(listing.PermAgency, s.adminMail))
	handle("GET /api/admin/saved-searches/stats", s.admin(listing.PermAgency, s.adminSavedSearchStats))
	handle("GET /api/admin/backups", s.admin(listing.PermAgency, s.adminBackups))
	handle("GET /api/admin/feeds/vrsync", s.admin(listing.PermPortals, s.adminGetFeed))
	handle("POST /api/admin/feeds/vrsync", s.admin(listing.PermPortals, s.adminRotateFeed))
	handle("GET /api/admin/portals", s.admin(listing.PermPortals, s.adminPortals))
	handle("GET /api/admin/portal-leads/address", s.admin(listing.PermPortals, s.adminGetPortalLeadAddress))
	handle("POST /api/admin/portal-leads/address", s.admin(listing.PermPortals, s.adminRotatePortalLeadAddress))
	// A VRSync file in, the catalogue created or updated by it (import.go).
	handle("POST /api/admin/imports/vrsync", s.admin(listing.PermImports, s.adminImportVRSync))

	// Staff accounts: a sign-in yields a session, whose token is a Bearer
	// token that every admin route accepts, as it does admin API tokens.
	handle("POST /api/admin/session", http.HandlerFunc(s.signIn))
	handle("DELETE /api/admin/session", s.admin(listing.PermAccount, s.signOut))
	handle("GET /api/admin/me", s.admin(listing.PermAccount, s.me))
	handle("GET /api/admin/sessions", s.admin(listing.PermAccount, s.listSessions))
	handle("DELETE /api/admin/sessions/{id}", s.admin(listing.PermAccount, s.revokeSession))
	handle("PUT /api/admin/me/password", s.admin(listing.PermAccount, s.changePassword))
	// Accounts without a shell: a forgotten password's link, and the
	// pages opened from a link (an invitation's or a reset's). No
	// credential guards them: the link's token, in the body, is one.
	handle("POST /api/admin/account/forgot-password", http.HandlerFunc(s.forgotPassword))
	handle("POST /api/admin/account/link", http.HandlerFunc(s.accountLink))
	handle("POST /api/admin/account/accept-invitation", http.HandlerFunc(s.acceptInvitation))
	handle("POST /api/admin/account/reset-password", http.HandlerFunc(s.resetPassword))

	// Staff and admin API tokens, managed by administradores.
	handle("GET /api/admin/users", s.admin(listing.PermStaff, s.listUsers))
	handle("POST /api/admin/users", s.admin(listing.PermStaff, s.addUser))
	handle("PATCH /api/admin/users/{id}", s.admin(listing.PermStaff, s.updateUser))
	handle("DELETE /api/admin/users/{id}", s.admin(listing.PermStaff, s.removeUser))
	handle("GET /api/admin/invitations", s.admin(listing.PermStaff, s.listInvitations))
	handle("POST /api/admin/invitations", s.admin(listing.PermStaff, s.invite))
	handle("POST /api/admin/invitations/{id}/resend", s.admin(listing.PermStaff, s.resendInvitation))
	handle("DELETE /api/admin/invitations/{id}", s.admin(listing.PermStaff, s.cancelInvitation))
	// One's own broker profile and photo, or anyone's for who manages the
	// staff.
	handle("PUT /api/admin/users/{id}/profile", s.admin(listing.PermAccount, s.setBrokerProfile))
	handle("PUT /api/admin/users/{id}/photo", s.admin(listing.PermAccount, s.setUserPhoto))
	handle("DELETE /api/admin/users/{id}/photo", s.admin(listing.PermAccount, s.deleteUserPhoto))
	handle("GET /api/admin/users/{id}/sessions", s.admin(listing.PermStaff, s.listUserSessions))
	// A broker's hours for visits: one's own, or anyone's for who
	// manages the staff (profileOf).
	handle("GET /api/admin/users/{id}/visit-hours", s.admin(listing.PermAccount, s.getVisitHours))
	handle("PUT /api/admin/users/{id}/visit-hours", s.admin(listing.PermAccount, s.putVisitHours))
	handle("GET /api/admin/tokens", s.admin(listing.PermTokens, s.listTokens))
	handle("POST /api/admin/tokens", s.admin(listing.PermTokens, s.createToken))
	handle("DELETE /api/admin/tokens/{name}", s.admin(listing.PermTokens, s.revokeToken))

	for path, allowed := range methods {
		if slices.Contains(allowed, http.MethodGet) {
			allowed = append(allowed, http.MethodHead)
		}
		slices.Sort(allowed)
		mux.Handle(path, s.methodNotAllowed(strings.Join(allowed, ", ")))
	}
	mux.HandleFunc("/api/", s.apiNotFound)

	// Probes.
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	if s.serveMetrics {
		mux.Handle("GET /metrics", MetricsHandler(s.registry))
	}

	// Pages: the web client, with the property page rendered for link
	// previews and search engines.
	mux.HandleFunc("GET /imoveis/{slug}", s.propertyPage)
	// Search: the results of a business in a city or a neighborhood,
	// rendered for search engines (results.go), and any other search.
	mux.HandleFunc("GET /imoveis/{business}/{city}", s.resultsPage)
	mux.HandleFunc("GET /imoveis/{business}/{city}/{neighborhood}", s.resultsPage)
	mux.HandleFunc("GET /busca", s.searchPage)
	mux.HandleFunc("GET "+privacyPath, s.privacyPage)
	mux.HandleFunc("GET /visitas", s.visitPage)
	// What search engines read first: robots.txt names the sitemap index,
	// which names the sitemap files (sitemap.go).
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.HandleFunc("GET /sitemap.xml", s.sitemapIndex)
	mux.HandleFunc("GET /sitemaps/{file}", s.sitemapFile)
	// The portals' feed (VRSync) at its secret address (feed.go); no rate
	// limit applies to it.
	mux.HandleFunc("GET "+feedPrefix+"{file}", s.vrsyncFeed)
	// Uploaded photos' variants; every other address under /media/ (an
	// original's, originals/<id>.jpg) is the media service's JSON 404.
	mux.HandleFunc("GET /media/{name...}", s.serveMedia)
	mux.HandleFunc("GET /assets/", s.asset)
	mux.HandleFunc("/", s.page) // checks the method itself: "GET /" would conflict with "/api/"
	return mux
}

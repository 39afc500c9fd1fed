package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// publicAgency is GET /api/v1/agency's logo fields.
type publicAgency struct {
	LogoURL *string                `json:"logo_url"`
	Logo    *detaildoc.BrokerPhoto `json:"logo"`
}

// adminAgency is the administrator's view of the logo.
type adminAgency struct {
	LogoURL    *string    `json:"logo_url"`
	LogoUpload *userPhoto `json:"logo_upload"`
}

// TestAgencyLogoOverHTTP: the agency's logo, a real JPEG, is sent as a
// property photo is, refused before the agency is set with nothing
// stored, processed by the media service, then in the public agency
// (the header's small form, and logo_url its largest JPEG over the
// address typed), the home page's favicon and og:image (the cached page
// included), while the administrator reads the address typed and the
// upload's status. Removing it brings the typed address back.
func TestAgencyLogoOverHTTP(t *testing.T) {
	t.Parallel()
	jpg := rotatedJPEG(t)
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ps := newPhotoStackOn(t, httpapi.Harness{Dialect: d, Config: httpapi.Config{CacheBytes: 8 << 20,
				Pages: builtClient, PublicURL: "https://imoveis.example.com"}}, media.Config{})
			send := func() *httptest.ResponseRecorder {
				body, ct := multipartForm(t, file("logo.jpg", "image/jpeg", jpg))
				return ps.Call("PUT", "/api/admin/agency/logo", body, "Authorization", "Bearer "+ps.Token, "Content-Type", ct)
			}
			public := func() publicAgency {
				w := ps.Call("GET", "/api/v1/agency", nil)
				wantStatus(t, "agency", w, http.StatusOK)
				return decodeJSON[publicAgency](t, "agency", w)
			}

			wantError(t, "a logo before the agency is set", send(), http.StatusNotFound, "Recurso não encontrado")
			if got := ps.files(t); len(got) != 0 {
				t.Fatalf("stored %v before the agency is set", got)
			}
			const typed = "https://img.example.com/logo.png"
			wantStatus(t, "agency", ps.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Imobiliária Ilha", "creci": "CRECI/SC 12345-J",
				"logo_url": typed}), http.StatusOK)

			w := send()
			wantStatus(t, "logo", w, http.StatusOK)
			if a := decodeJSON[adminAgency](t, "logo", w); a.LogoUpload == nil || a.LogoUpload.Status != "processing" ||
				a.LogoURL == nil || *a.LogoURL != typed {
				t.Fatalf("logo answered %s", w.Body)
			}
			if a := public(); a.Logo != nil || a.LogoURL == nil || *a.LogoURL != typed {
				t.Fatalf("public agency while the logo is processing: %+v", a)
			}
			if n := ps.processAll(t); n != 1 {
				t.Fatalf("processed %d images, want 1", n)
			}
			base := mediaBase + contentID(jpg)
			testwait.Until(t, "the logo in the public agency", func() bool { return public().Logo != nil })
			if a := public(); a.Logo.URL != base+"-480.jpg" || *a.LogoURL != base+"-700.jpg" {
				t.Errorf("public agency once the logo is made: logo %+v, logo_url %s", a.Logo, *a.LogoURL)
			}
			w = ps.Admin("GET", "/api/admin/agency", nil)
			if a := decodeJSON[adminAgency](t, "admin agency", w); a.LogoUpload == nil || a.LogoUpload.Status != "ready" ||
				*a.LogoURL != typed {
				t.Errorf("the administrator's agency: %s", w.Body)
			}
			// The home page, cached, shows it: the worker wrote outside any
			// request, and the catalogue version moved.
			home := ps.Call("GET", "/", nil).Body.String()
			for _, want := range []string{`<link rel="icon" href="` + base + `-480.jpg">`,
				`<meta property="og:image" content="` + base + `-700.jpg">`} {
				if !strings.Contains(home, want) {
					t.Errorf("home lacks %s\n%s", want, home)
				}
			}
			if n := strings.Count(home, `rel="icon"`); n != 1 {
				t.Errorf("home has %d icons, want the logo alone:\n%s", n, home)
			}

			w = ps.Admin("DELETE", "/api/admin/agency/logo", nil)
			wantStatus(t, "remove the logo", w, http.StatusOK)
			if a := public(); a.Logo != nil || *a.LogoURL != typed {
				t.Errorf("public agency after the logo was removed: %+v", a)
			}
			if home := ps.Call("GET", "/", nil).Body.String(); strings.Contains(home, `rel="icon" href="`+base) ||
				!strings.Contains(home, `href="/favicon.svg"`) {
				t.Errorf("home still shows the removed logo:\n%s", home)
			}
		})
	}
}

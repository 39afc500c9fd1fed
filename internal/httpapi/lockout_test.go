package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// signInWith signs in from the address from with the device cookie
// device (none when ""), and returns the answer.
func (e *accountsEnv) signInWith(from, email, pw string, device *http.Cookie) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httpapi.NewRequest(e.t, "POST", "/api/admin/session", signInBody(email, pw))
	r.RemoteAddr = from
	if device != nil {
		r.AddCookie(device)
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

// deviceCookie is the known-device cookie an answer sets, or nil.
func deviceCookie(w *httptest.ResponseRecorder) *http.Cookie {
	for _, c := range (&http.Response{Header: w.Header()}).Cookies() {
		if c.Name == "vitrine_device" {
			return c
		}
	}
	return nil
}

// TestAttackerDoesNotLockOutTheOwner: someone hammering an e-mail from
// many addresses spends the e-mail's allowance, and a stranger with the
// right password then waits; the owner, on the device they signed in
// from before, signs in at once. A device is known only for its user, and
// a stolen device cookie has an allowance of its own.
func TestAttackerDoesNotLockOutTheOwner(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newAccountsEnvOn(t, d, httpapi.Config{SignInLimit: httpapi.Rate{N: 3, Per: time.Hour}, AuthFailLimit: httpapi.Rate{N: 100, Per: time.Hour}})
			e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
			e.addUser("bruno@imobiliaria.com.br", "Bruno", "senha-do-bruno-1")

			w := e.signInWith(acctHome, "ana@imobiliaria.com.br", "senha-da-ana-123", nil)
			wantStatus(t, "Ana's first sign-in", w, http.StatusCreated)
			device := deviceCookie(w)
			if device == nil || !device.HttpOnly || device.SameSite != http.SameSiteStrictMode || device.Path != "/api/admin/session" || device.MaxAge < 86400 {
				t.Fatalf("device cookie: %+v", device)
			}
			if again := e.signInWith(acctHome, "ana@imobiliaria.com.br", "senha-da-ana-123", device); deviceCookie(again) != nil {
				t.Error("a known device was given another cookie")
			}
			w = e.signInWith(acctHome, "bruno@imobiliaria.com.br", "senha-do-bruno-1", nil)
			wantStatus(t, "Bruno's sign-in", w, http.StatusCreated)
			brunoDevice := deviceCookie(w)

			// The attacker: wrong passwords from many addresses until the
			// e-mail's allowance is spent.
			for i := range 5 {
				e.signInWith("203.0.113."+strconv.Itoa(i+1)+":4000", "ana@imobiliaria.com.br", "chute-"+strconv.Itoa(i)+"-errado", nil)
			}
			const limited = "Muitas tentativas de acesso. Tente novamente mais tarde."
			wantError(t, "a stranger with the right password", e.signInWith("198.51.100.7:4000", "ana@imobiliaria.com.br", "senha-da-ana-123", nil),
				http.StatusTooManyRequests, limited)
			// Another user's device is no key to Ana's account.
			wantError(t, "Bruno's device for Ana", e.signInWith("198.51.100.8:4000", "ana@imobiliaria.com.br", "senha-da-ana-123", brunoDevice),
				http.StatusTooManyRequests, limited)
			// Ana, on her device, from anywhere: in at once, again and again.
			for i := range 5 {
				wantStatus(t, "Ana on her device "+strconv.Itoa(i), e.signInWith("192.0.2.77:5000", "ana@imobiliaria.com.br", "senha-da-ana-123", device), http.StatusCreated)
			}
			// Her device cookie in a thief's hands: guesses spend that
			// device's allowance, which then holds.
			for i := range 3 {
				wantStatus(t, "a guess with Ana's device", e.signInWith("203.0.113.50:4000", "ana@imobiliaria.com.br", "chute-"+strconv.Itoa(i), device), http.StatusUnauthorized)
			}
			wantError(t, "Ana's device spent", e.signInWith("203.0.113.50:4000", "ana@imobiliaria.com.br", "senha-da-ana-123", device),
				http.StatusTooManyRequests, limited)
		})
	}
}

// The sign-in takes JSON only: a cross-site form (which a browser sends
// without asking) cannot spend a user's attempts.
func TestSignInTakesJSONOnly(t *testing.T) {
	t.Parallel()
	e := newAccountsEnv(t, httpapi.Config{})
	e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
	for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"} {
		r := httpapi.NewRequest(t, "POST", "/api/admin/session", "email=ana%40imobiliaria.com.br&password=x")
		r.Header.Set("Content-Type", ct)
		r.Header.Set(httpapi.BadInputHeader, "1")
		r.RemoteAddr = acctHome
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		wantError(t, ct, w, http.StatusUnsupportedMediaType,
			"Tipo de conteúdo não suportado. Envie os dados em JSON (Content-Type: application/json).")
	}
	if n := e.checks.all.Load(); n != 0 {
		t.Errorf("%d passwords checked", n)
	}
}

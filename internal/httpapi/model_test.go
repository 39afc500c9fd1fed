package httpapi_test

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// modelProperty is a creation body that sets every field of the listing
// model: a flat for sale and rent whose public sees the street only.
func modelProperty(title string) map[string]any {
	return map[string]any{
		"title": title, "price": "450000.00", "type": "venda_aluguel", "rent_price": "3200.00",
		"condo_fee": "850.50", "iptu": 1800.5, "iptu_period": "yearly", "bedrooms": 3, "bathrooms": 2,
		"cep": "88010400", "street": "Rua Bocaiúva", "number": "1200", "complement": "Apto 302",
		"address": "Rua Bocaiúva, 1200, apto 302", "address_visibility": "street",
		"latitude": -27.5899, "longitude": -48.553, "suites": 1, "useful_area_m2": 98.5, "total_area_m2": 131,
		"floor": 3, "year_built": 2012, "status": "reservado",
		"subtype": map[string]any{"name": "Apartamento"}, "city": map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Centro"},
	}
}

func decodeMap(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("not a JSON object: %v: %s", err, body)
	}
	return m
}

// wantFields fails unless m holds every field of want with its value.
func wantFields(t *testing.T, what string, m, want map[string]any) {
	t.Helper()
	for k, v := range want {
		if !reflect.DeepEqual(m[k], v) {
			t.Errorf("%s: %s = %#v, want %#v", what, k, m[k], v)
		}
	}
}

// TestListingModelAPI: the administrator writes and reads every field of
// the model (the CEP in either form, shown as 00000-000, the complement
// included); the public detail shows the address at the chosen level and
// never the complement; a partial update leaves the model alone and null
// clears its optional fields.
func TestListingModelAPI(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, d, httpapi.Config{CacheBytes: 1 << 20})
			w := s.Admin("POST", "/api/admin/properties", modelProperty("Apartamento no Centro"))
			wantStatus(t, "create", w, http.StatusCreated)
			created := decodeMap(t, w.Body.Bytes())
			admin := map[string]any{"type": "venda_aluguel", "rent_price": "3200.00", "iptu": "1800.50", "iptu_period": "yearly",
				"cep": "88010-400", "street": "Rua Bocaiúva", "number": "1200", "complement": "Apto 302",
				"address": "Rua Bocaiúva, 1200, apto 302", "address_visibility": "street", "latitude": -27.5899,
				"longitude": -48.553, "suites": 1.0, "useful_area_m2": 98.5, "total_area_m2": 131.0, "floor": 3.0,
				"year_built": 2012.0, "status": "reservado"}
			wantFields(t, "created", created, admin)
			id := created["id"].(string)
			wantFields(t, "admin read", decodeMap(t, s.Admin("GET", "/api/admin/properties/"+id, nil).Body.Bytes()), admin)

			pub := s.Call("GET", "/api/v1/properties/apartamento-no-centro", nil)
			wantStatus(t, "public read", pub, http.StatusOK)
			if strings.Contains(pub.Body.String(), "Apto 302") || strings.Contains(pub.Body.String(), "complement") {
				t.Errorf("the public detail shows the complement: %s", pub.Body)
			}
			wantFields(t, "public read", decodeMap(t, pub.Body.Bytes()), map[string]any{"address": "Rua Bocaiúva",
				"street": "Rua Bocaiúva", "cep": "88010-400", "number": nil, "latitude": nil, "longitude": nil,
				"rent_price": "3200.00", "rent_period": "monthly", "status": "reservado", "floor": 3.0})

			// A rent by the day (a season rental) says so, on both reads.
			w = s.Admin("PUT", "/api/admin/properties/"+id, map[string]any{"rent_period": "daily"})
			wantStatus(t, "rent period update", w, http.StatusOK)
			wantFields(t, "daily rent", decodeMap(t, w.Body.Bytes()), map[string]any{"rent_price": "3200.00", "rent_period": "daily"})
			wantFields(t, "daily rent, public", decodeMap(t, s.Call("GET", "/api/v1/properties/apartamento-no-centro", nil).Body.Bytes()),
				map[string]any{"rent_period": "daily"})
			w = s.Admin("PUT", "/api/admin/properties/"+id, map[string]any{"rent_period": nil})
			wantFields(t, "rent period cleared", decodeMap(t, w.Body.Bytes()), map[string]any{"rent_period": "monthly"})

			// A partial update of the video leaves the model; the public
			// read follows a change of visibility at once.
			w = s.Admin("PUT", "/api/admin/properties/"+id, map[string]any{"video_url": "https://youtu.be/x"})
			wantStatus(t, "video update", w, http.StatusOK)
			wantFields(t, "after a video update", decodeMap(t, w.Body.Bytes()), admin)
			w = s.Admin("PUT", "/api/admin/properties/"+id, map[string]any{"address_visibility": "neighborhood"})
			wantStatus(t, "visibility update", w, http.StatusOK)
			wantFields(t, "neighborhood level", decodeMap(t, s.Call("GET", "/api/v1/properties/apartamento-no-centro", nil).Body.Bytes()),
				map[string]any{"address": nil, "street": nil, "cep": nil, "number": nil, "latitude": nil})

			// null clears.
			w = s.Admin("PUT", "/api/admin/properties/"+id, map[string]any{"type": "venda", "rent_price": nil, "iptu": nil,
				"iptu_period": nil, "cep": nil, "street": nil, "number": nil, "complement": nil, "latitude": nil, "longitude": nil,
				"useful_area_m2": nil, "total_area_m2": nil, "floor": nil, "year_built": nil, "status": "vendido"})
			wantStatus(t, "clearing update", w, http.StatusOK)
			wantFields(t, "cleared", decodeMap(t, w.Body.Bytes()), map[string]any{"type": "venda", "rent_price": nil,
				"iptu": nil, "iptu_period": nil, "cep": nil, "street": nil, "number": nil, "complement": nil, "latitude": nil,
				"longitude": nil, "useful_area_m2": nil, "total_area_m2": nil, "floor": nil, "year_built": nil, "status": "vendido"})

			// A rental's price is its rent.
			rent := modelProperty("Sala para Alugar")
			delete(rent, "price")
			rent["type"], rent["rent_price"], rent["status"] = "aluguel", "2500", "alugado"
			w = s.Admin("POST", "/api/admin/properties", rent)
			wantStatus(t, "create a rental", w, http.StatusCreated)
			wantFields(t, "rental", decodeMap(t, w.Body.Bytes()), map[string]any{"price": "2500.00", "rent_price": "2500.00"})

			// The lists carry the status and the rent.
			list := decodeMap(t, s.Call("GET", "/api/v1/properties", nil).Body.Bytes())
			for _, it := range list["items"].([]any) {
				item := it.(map[string]any)
				if item["status"] == nil || !strings.Contains("vendido alugado", item["status"].(string)) {
					t.Errorf("list item status %v", item["status"])
				}
			}
		})
	}
}

// TestListingModelBadInput: every bad value of the model is a 422 naming
// its field in Brazilian Portuguese, and nothing is stored: neither a
// creation nor an update.
func TestListingModelBadInput(t *testing.T) {
	cases := []struct {
		field string
		value any
	}{
		{"type", "Venda"}, {"type", "temporada"}, {"type", 1},
		{"rent_price", "-1"}, {"rent_price", "10.123"}, {"rent_price", "1e3"}, {"rent_price", true},
		{"iptu", "R$ 100"}, {"iptu", -5},
		{"iptu_period", "anual"}, {"iptu_period", 12}, {"rent_period", "mensal"}, {"rent_period", 30},
		{"cep", "8801-0400"}, {"cep", "88010-40"}, {"cep", 88010400}, {"cep", "ABCDE-FGH"},
		{"street", strings.Repeat("r", 201)}, {"number", 1200}, {"number", strings.Repeat("1", 21)},
		{"complement", strings.Repeat("c", 101)}, {"complement", "Apto\u0000"},
		{"address_visibility", "bairro"}, {"address_visibility", nil},
		{"latitude", 91}, {"latitude", "-27.5"}, {"longitude", -181},
		{"suites", -1}, {"suites", 1.5}, {"suites", 4},
		{"useful_area_m2", 0}, {"total_area_m2", -1}, {"total_area_m2", 1e9}, {"useful_area_m2", "98"},
		{"floor", -6}, {"floor", 201}, {"floor", "3"}, {"floor", 2.5},
		{"year_built", 1499}, {"year_built", 3000}, {"year_built", "2012"},
		{"status", "disponível"}, {"status", "alugado"}, {"status", nil},
	}
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, d, httpapi.Config{})
			p := s.Property("Apartamento Intocado", "apartamento-intocado") // for sale, 3 bedrooms
			before := s.Admin("GET", "/api/admin/properties/"+p.ID, nil).Body.String()
			bad := s.BadInput()
			for _, c := range cases {
				body := modelProperty("Outro Apartamento")
				body["type"] = "venda"
				delete(body, "rent_price")
				body[c.field] = c.value
				what := c.field + "=" + strings.TrimSpace(jsonText(c.value))
				w := bad.Admin("POST", "/api/admin/properties", body)
				wantDetail(t, "create with "+what, w, c.field)
				w = bad.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{c.field: c.value})
				wantDetail(t, "update with "+what, w, c.field)
			}
			// Rules across fields.
			for what, body := range map[string]map[string]any{
				"rent_price":  {"type": "aluguel"}, // a rental without its rent
				"iptu_period": {"iptu": "1200.00"}, // an IPTU without its period
				"longitude":   {"latitude": -27.5}, // half a position
			} {
				wantDetail(t, "update "+jsonText(body), bad.Admin("PUT", "/api/admin/properties/"+p.ID, body), what)
			}
			w := bad.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"type": "Venda"})
			if !strings.Contains(w.Body.String(), "Use 'venda', 'aluguel' ou 'venda_aluguel'.") {
				t.Errorf("the type's message does not list the values: %s", w.Body)
			}
			if after := s.Admin("GET", "/api/admin/properties/"+p.ID, nil).Body.String(); after != before {
				t.Errorf("refused updates changed the property:\n%s\n%s", before, after)
			}
			if n, _ := s.Counts(); n != 1 {
				t.Errorf("refused creations stored %d properties", n-1)
			}
		})
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// wantDetail fails unless w is a 422 whose details name field.
func wantDetail(t *testing.T, what string, w interface {
	Result() *http.Response
}, field string) {
	t.Helper()
	res := w.Result()
	var body struct {
		Error   string              `json:"error"`
		Details map[string][]string `json:"details"`
	}
	json.NewDecoder(res.Body).Decode(&body)
	if res.StatusCode != http.StatusUnprocessableEntity || body.Error != "Dados inválidos" || len(body.Details[field]) == 0 {
		t.Errorf("%s: %d %+v, want a 422 naming %s", what, res.StatusCode, body, field)
	}
}

// TestLegacyTypeOverHTTP: a property whose type was stored before the
// values were enumerated takes partial updates, and sent back as read;
// a new non-canonical type is refused.
func TestLegacyTypeOverHTTP(t *testing.T) {
	s := newStack(t, "sqlite", httpapi.Config{})
	p := s.Property("Casa de Temporada", "casa-de-temporada")
	db, err := sql.Open("sqlite", s.DSN) // the store's own driver: a write the API never makes
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE properties SET type = 'Temporada' WHERE id = $1`, p.ID); err != nil {
		t.Fatal(err)
	}
	w := s.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"title": "Casa de Temporada na Praia"})
	wantStatus(t, "partial update", w, http.StatusOK)
	read := decodeMap(t, w.Body.Bytes())
	if read["type"] != "Temporada" {
		t.Errorf("type %v after a partial update", read["type"])
	}
	wantStatus(t, "the read sent back", s.BadInput().Admin("PUT", "/api/admin/properties/"+p.ID, read), http.StatusOK)
	wantDetail(t, "another legacy type", s.BadInput().Admin("PUT", "/api/admin/properties/"+p.ID,
		map[string]any{"type": "Temporada de verão"}), "type")
}

// TestContactWhateverTheStatus: a reserved, sold or rented property that
// is still active takes contact messages (spec, section 3: an active
// property accepts them); the agency may offer the visitor another.
func TestContactWhateverTheStatus(t *testing.T) {
	s := newStack(t, "sqlite", httpapi.Config{})
	p := s.Property("Apartamento Vendido", "apartamento-vendido")
	for _, status := range []string{"reservado", "vendido"} {
		wantStatus(t, "status "+status, s.Admin("PUT", "/api/admin/properties/"+p.ID, map[string]any{"status": status}), http.StatusOK)
		w := s.Call("POST", "/api/v1/properties/apartamento-vendido/contact", contactBody("Visitante "+status))
		wantStatus(t, "contact about a property "+status, w, http.StatusCreated)
	}
	if _, leads := s.Counts(); leads != 2 {
		t.Errorf("%d leads stored, want 2", leads)
	}
}

// TestAgencyAPI: the public read answers nulls until the agency is set,
// then what the administrator set, normalised (the CRECI also as
// advertising shows it) and at once (the cache is emptied); bad records
// are 422s that leave the stored one; the admin routes need the token.
func TestAgencyAPI(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, d, httpapi.Config{CacheBytes: 1 << 20})
			w := s.Call("GET", "/api/v1/agency", nil)
			wantStatus(t, "public read before it is set", w, http.StatusOK)
			wantFields(t, "unset", decodeMap(t, w.Body.Bytes()), map[string]any{"name": nil, "creci": nil, "creci_display": nil, "financing_rate": 11.5})
			wantFields(t, "unset, admin", decodeMap(t, s.Admin("GET", "/api/admin/agency", nil).Body.Bytes()), map[string]any{"updated_at": nil, "updated_by": nil})

			wantStatus(t, "without a token", s.BadInput().Call("PUT", "/api/admin/agency", map[string]any{"name": "X", "creci": "CRECI/SC 1-J"}), http.StatusUnauthorized)
			wantStatus(t, "read without a token", s.BadInput().Call("GET", "/api/admin/agency", nil), http.StatusUnauthorized)

			good := map[string]any{"name": "Imobiliária Vitrine", "creci": "CRECI 12345j", "state": "sc", "phone": "(48) 3333-4444",
				"whatsapp": "48 99999-0000", "email": "contato@vitrine.example", "address": "Rua Felipe Schmidt, 100 — Florianópolis/SC",
				"logo_url": "https://img.example.com/logo.png", "brand_color": "#0B5CAD", "financing_rate": 10.49}
			w = s.Admin("PUT", "/api/admin/agency", good)
			wantStatus(t, "set", w, http.StatusOK)
			want := map[string]any{"name": "Imobiliária Vitrine", "creci": "CRECI/SC 12345-J", "creci_display": "CRECI/SC 12345-J", "state": "SC",
				"phone": "+554833334444", "whatsapp": "+5548999990000", "email": "contato@vitrine.example",
				"address": "Rua Felipe Schmidt, 100 — Florianópolis/SC", "logo_url": "https://img.example.com/logo.png",
				"brand_color": "#0b5cad", "financing_rate": 10.49}
			wantFields(t, "set", decodeMap(t, w.Body.Bytes()), want)
			wantFields(t, "set, admin", decodeMap(t, s.Admin("GET", "/api/admin/agency", nil).Body.Bytes()),
				map[string]any{"updated_by": map[string]any{"kind": "token", "name": "seguranca"}, "notice_copy": false, "daily_summary": false})
			on := map[string]any{"daily_summary": true}
			for k, v := range good {
				on[k] = v
			}
			wantFields(t, "daily summary on", decodeMap(t, s.Admin("PUT", "/api/admin/agency", on).Body.Bytes()),
				map[string]any{"daily_summary": true, "notice_copy": false})
			if _, ok := decodeMap(t, s.Call("GET", "/api/v1/agency", nil).Body.Bytes())["daily_summary"]; ok {
				t.Errorf("the public read shows the daily summary's setting")
			}
			pub := s.Call("GET", "/api/v1/agency", nil)
			wantFields(t, "public read", decodeMap(t, pub.Body.Bytes()), want)
			if _, ok := decodeMap(t, pub.Body.Bytes())["updated_at"]; ok {
				t.Errorf("the public read shows updated_at: %s", pub.Body)
			}
			if pub.Header().Get("ETag") == "" {
				t.Errorf("the public read has no ETag")
			}

			bad := s.BadInput()
			for field, value := range map[string]any{"name": "", "creci": "12345-F", "state": "XY", "phone": "3333-4444",
				"whatsapp": "+12", "email": "contato@", "logo_url": "ftp://x.example/logo.png", "address": strings.Repeat("a", 301),
				"daily_summary": "sim", "notice_copy": 1, "brand_color": "#ffd400"} {
				body := map[string]any{}
				for k, v := range good {
					body[k] = v
				}
				body[field] = value
				wantDetail(t, "agency "+field+"="+jsonText(value), bad.Admin("PUT", "/api/admin/agency", body), field)
			}
			// The financing rate: out of range, more than two decimals, not a number.
			for _, rate := range []any{0, -1, 50.01, 10.555, "11,5"} {
				body := map[string]any{"financing_rate": rate}
				for k, v := range good {
					if k != "financing_rate" {
						body[k] = v
					}
				}
				wantDetail(t, "agency financing_rate="+jsonText(rate), bad.Admin("PUT", "/api/admin/agency", body), "financing_rate")
			}
			for field, body := range map[string]map[string]any{
				"creci": {"name": "X"}, "name": {"creci": "CRECI/SC 1-J"}, "site": {"name": "X", "creci": "CRECI/SC 1-J", "site": "x"},
			} {
				wantDetail(t, "agency "+jsonText(body), bad.Admin("PUT", "/api/admin/agency", body), field)
			}
			// A CRECI written without its state needs the agency's.
			noState := bad.Admin("PUT", "/api/admin/agency", map[string]any{"name": "X", "creci": "4321 J"})
			wantDetail(t, "agency creci without a state", noState, "creci")
			if !strings.Contains(noState.Body.String(), "estado do CRECI") {
				t.Errorf("creci without a state: %s", noState.Body)
			}
			wantFields(t, "after refused writes", decodeMap(t, s.Call("GET", "/api/v1/agency", nil).Body.Bytes()), want)

			// The whole record is replaced: what is left out is cleared.
			w = s.Admin("PUT", "/api/admin/agency", map[string]any{"name": "Vitrine", "creci": "CRECI/SC 999-J"})
			wantStatus(t, "replace", w, http.StatusOK)
			wantFields(t, "replaced, public", decodeMap(t, s.Call("GET", "/api/v1/agency", nil).Body.Bytes()),
				map[string]any{"name": "Vitrine", "creci_display": "CRECI/SC 999-J", "phone": nil, "logo_url": nil, "brand_color": nil, "financing_rate": 11.5})
		})
	}
}

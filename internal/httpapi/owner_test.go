package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/ownerrecord"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// ownerStack is the service with its photos and the owner's documents in
// one directory of the test's, as a deployment keeps them.
type ownerStack struct {
	*httpapi.Stack
	dir   string
	files blob.Store
}

func newOwnerStack(t *testing.T, h httpapi.Harness) *ownerStack {
	t.Helper()
	dir := t.TempDir()
	files, err := blob.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	h.Config.OwnerFiles = files
	h.Media = func(st *store.Store) httpapi.Media {
		return media.New(media.Config{Catalog: st, Files: files, MaxBytes: testMaxBytes})
	}
	return &ownerStack{Stack: h.Start(t), dir: dir, files: files}
}

// private lists the files under the documents' prefix.
func (s *ownerStack) private(t *testing.T) []string {
	t.Helper()
	var out []string
	root := filepath.Join(s.dir, filepath.FromSlash(ownerrecord.PrivatePrefix))
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, filepath.Base(p))
		}
		return nil
	})
	return out
}

// pdfFile is a small PDF, as scanners write them.
var pdfFile = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

func (s *ownerStack) uploadDoc(bearer, id, filename, contentType string, data []byte) *httptest.ResponseRecorder {
	s.T.Helper()
	body, ct := multipartForm(s.T, file(filename, contentType, data))
	r := httpapi.NewRequest(s.T, "POST", "/api/admin/properties/"+id+"/owner/documents", body, "Content-Type", ct,
		"Authorization", "Bearer "+bearer)
	return s.Serve(r)
}

type ownerRecordJSON struct {
	Name           string   `json:"name"`
	Phones         []string `json:"phones"`
	Emails         []string `json:"emails"`
	Exclusive      bool     `json:"exclusive"`
	ExclusiveUntil *string  `json:"exclusive_until"`
	Commission     *float64 `json:"commission"`
	Keys           string   `json:"keys"`
	Notes          string   `json:"notes"`
	UpdatedAt      *string  `json:"updated_at"`
	Documents      []struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		ContentType string `json:"content_type"`
		Size        int64  `json:"size"`
	} `json:"documents"`
}

// TestOwnerRecordAPI: the owner's record is read empty, written whole,
// validated with messages per field; a document is uploaded (its type
// told by its content, its name made safe), listed, downloaded as an
// attachment nobody caches or sniffs, unreachable under /media/, and
// deleted with its file; refused uploads (another type, empty, no file
// part) store nothing; deleting the listing deletes its documents' files.
func TestOwnerRecordAPI(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newOwnerStack(t, httpapi.Harness{Dialect: d})
			p := s.Property("Casa no Campeche", "casa-no-campeche")
			path := "/api/admin/properties/" + p.ID + "/owner"

			w := s.Admin("GET", path, nil)
			wantStatus(t, "empty record", w, http.StatusOK)
			if o := decodeJSON[ownerRecordJSON](t, "owner", w); o.UpdatedAt != nil || o.Name != "" || len(o.Documents) != 0 || o.Phones == nil {
				t.Errorf("empty record: %s", w.Body)
			}
			w = s.Admin("PUT", path, map[string]any{"name": "Joaquim Silva", "phones": []string{"(48) 99999-0001"},
				"emails": []string{"joaquim@exemplo.com.br"}, "exclusive": true, "exclusive_until": "2027-06-30",
				"commission": 6.5, "keys": "Na portaria", "notes": "Aceita proposta.", "documents": []any{}})
			wantStatus(t, "put", w, http.StatusOK)
			o := decodeJSON[ownerRecordJSON](t, "owner", s.Admin("GET", path, nil))
			if o.Name != "Joaquim Silva" || o.Commission == nil || *o.Commission != 6.5 || o.ExclusiveUntil == nil ||
				*o.ExclusiveUntil != "2027-06-30" || o.Keys != "Na portaria" || !slices.Equal(o.Emails, []string{"joaquim@exemplo.com.br"}) ||
				o.UpdatedAt == nil {
				t.Errorf("record read back: %+v", o)
			}

			w = s.BadInput().Admin("PUT", path, map[string]any{"commission": 5.555, "exclusive_until": "2027-06-30",
				"emails": []string{"sem-arroba"}, "name": 7, "cor": "azul"})
			wantStatus(t, "bad record", w, http.StatusUnprocessableEntity)
			var bad struct{ Details map[string][]string }
			json.Unmarshal(w.Body.Bytes(), &bad)
			for _, f := range []string{"commission", "exclusive_until", "emails", "name", "cor"} {
				if len(bad.Details[f]) == 0 {
					t.Errorf("no message on %s: %s", f, w.Body)
				}
			}
			if !strings.Contains(w.Body.String(), "Informe a comissão entre 0 e 100%, com até duas casas decimais.") {
				t.Errorf("commission's message: %s", w.Body)
			}
			w = s.BadInput().Admin("PUT", path, map[string]any{"commission": 101, "exclusive": true, "exclusive_until": "30/06/2027"})
			wantStatus(t, "commission over 100", w, http.StatusUnprocessableEntity)
			if !strings.Contains(w.Body.String(), "AAAA-MM-DD") {
				t.Errorf("a date in another form: %s", w.Body)
			}
			if o := decodeJSON[ownerRecordJSON](t, "owner", s.Admin("GET", path, nil)); o.Name != "Joaquim Silva" {
				t.Errorf("a refused write changed the record: %+v", o)
			}

			// A document: uploaded, listed, downloaded.
			w = s.uploadDoc(s.Token, p.ID, "../../Digitalizações/escri<tu>ra|1.PDF", "application/octet-stream", pdfFile)
			wantStatus(t, "upload", w, http.StatusCreated)
			var doc struct {
				ID, Name, ContentType string `json:"-"`
			}
			var created map[string]any
			json.Unmarshal(w.Body.Bytes(), &created)
			doc.ID, _ = created["id"].(string)
			doc.Name, _ = created["name"].(string)
			if doc.Name != "escri_tu_ra_1.PDF" || created["content_type"] != "application/pdf" || created["size"] != float64(len(pdfFile)) {
				t.Errorf("document: %s", w.Body)
			}
			if loc := w.Header().Get("Location"); loc != path+"/documents/"+doc.ID {
				t.Errorf("Location %q", loc)
			}
			files := s.private(t)
			if len(files) != 1 || !strings.HasPrefix(files[0], doc.ID) {
				t.Fatalf("private files %v", files)
			}
			if o := decodeJSON[ownerRecordJSON](t, "owner", s.Admin("GET", path, nil)); len(o.Documents) != 1 || o.Documents[0].ID != doc.ID {
				t.Errorf("documents listed: %+v", o.Documents)
			}
			w = s.Admin("GET", path+"/documents/"+doc.ID, nil)
			wantStatus(t, "download", w, http.StatusOK)
			h := w.Header()
			_, params, err := mime.ParseMediaType(h.Get("Content-Disposition"))
			if !bytes.Equal(w.Body.Bytes(), pdfFile) || h.Get("Content-Type") != "application/pdf" ||
				!strings.HasPrefix(h.Get("Content-Disposition"), "attachment;") || err != nil || params["filename"] != doc.Name ||
				h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Cache-Control") != "private, no-store" {
				t.Errorf("download: %v %q", h, w.Body.String())
			}

			// Never under /media/: by its key, its name, or its id.
			key := ownerrecord.PrivatePrefix + files[0]
			for _, addr := range []string{"/media/" + key, "/media/" + files[0], "/media/" + doc.ID, "/media/private/owner/" + doc.ID + ".pdf",
				"/media/" + strings.ReplaceAll(key, "/", "%2F")} {
				if w := s.Call("GET", addr, nil); w.Code != http.StatusNotFound || bytes.Contains(w.Body.Bytes(), []byte("%PDF")) {
					t.Errorf("GET %s: %d %q", addr, w.Code, w.Body.String())
				}
			}

			// Refused uploads store nothing.
			refuse := &ownerStack{Stack: s.BadInput(), dir: s.dir, files: s.files}
			for _, c := range []struct {
				what     string
				filename string
				data     []byte
				status   int
				msg      string
			}{
				{"a text file named .pdf", "contrato.pdf", []byte("não sou um PDF"), http.StatusUnsupportedMediaType,
					"Formato de arquivo não suportado. Envie documentos em PDF, JPEG, PNG ou WebP."},
				{"an executable", "foto.jpg", []byte("MZ\x90\x00\x03"), http.StatusUnsupportedMediaType,
					"Formato de arquivo não suportado. Envie documentos em PDF, JPEG, PNG ou WebP."},
				{"an empty file", "vazio.pdf", nil, http.StatusUnprocessableEntity, "Dados inválidos"},
			} {
				wantError(t, c.what, refuse.uploadDoc(s.Token, p.ID, c.filename, "application/pdf", c.data), c.status, c.msg)
			}
			w = s.BadInput().Admin("POST", path+"/documents", map[string]any{"file": "x"})
			wantError(t, "JSON instead of a form", w, http.StatusUnprocessableEntity, "Dados inválidos")
			body, ct := multipartForm(t, field("titulo", "escritura"))
			wantError(t, "a form without a file", refuse.Admin("POST", path+"/documents", body, "Content-Type", ct), http.StatusUnprocessableEntity, "Dados inválidos")
			if got := s.private(t); len(got) != 1 {
				t.Errorf("files after refused uploads: %v", got)
			}

			// Images are documents too.
			w = s.uploadDoc(s.Token, p.ID, "rg.jpeg", "image/jpeg", jpegFile(t, 32, 24))
			wantStatus(t, "jpeg", w, http.StatusCreated)
			if json.Unmarshal(w.Body.Bytes(), &created); created["name"] != "rg.jpeg" || created["content_type"] != "image/jpeg" {
				t.Errorf("jpeg document: %s", w.Body)
			}

			// Deleted: its row and its file.
			wantStatus(t, "delete", s.Admin("DELETE", path+"/documents/"+doc.ID, nil), http.StatusNoContent)
			wantError(t, "download after delete", s.Admin("GET", path+"/documents/"+doc.ID, nil), http.StatusNotFound, "Documento não encontrado")
			wantError(t, "delete again", s.Admin("DELETE", path+"/documents/"+doc.ID, nil), http.StatusNotFound, "Documento não encontrado")
			if _, err := s.files.Stat(context.Background(), key); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("the deleted document's file: %v", err)
			}
			if got := s.private(t); len(got) != 1 {
				t.Errorf("files after the delete: %v", got)
			}

			// The listing deleted takes its documents' files.
			wantStatus(t, "delete property", s.Admin("DELETE", "/api/admin/properties/"+p.ID, nil), http.StatusNoContent)
			if got := s.private(t); len(got) != 0 {
				t.Errorf("files after the listing's deletion: %v", got)
			}
			wantError(t, "record of a deleted listing", s.Admin("GET", path, nil), http.StatusNotFound, "Imóvel não encontrado")
		})
	}
}

// TestOwnerDocumentTooLarge: a file over 20 MB is a 413 with its message,
// and nothing is stored.
func TestOwnerDocumentTooLarge(t *testing.T) {
	t.Parallel()
	s := newOwnerStack(t, httpapi.Harness{})
	p := s.Property("Casa Grande", "casa-grande")
	big := append(append([]byte{}, pdfFile...), make([]byte, ownerrecord.DefaultMaxBytes)...)
	s.Stack = s.BadInput() // the document's limit is the handler's
	wantError(t, "a 20 MB document", s.uploadDoc(s.Token, p.ID, "grande.pdf", "application/pdf", big), http.StatusRequestEntityTooLarge,
		"O documento passa de 20 MB, o máximo. Reduza o arquivo e envie de novo.")
	if got := s.private(t); len(got) != 0 {
		t.Errorf("files after a refused upload: %v", got)
	}
}

// TestOwnerRecordRoles: the listing's broker (a corretor) and an
// administrador see and edit the owner's record and its documents; an
// assistente, who sees the listing, gets the 403 that says why; a
// corretor who is not the broker gets the 404 of row scoping, whatever
// the route. A corretor duplicates their own listing, not another's.
func TestOwnerRecordRoles(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			bearer := map[string]string{}
			var broker listing.User
			for i, c := range []struct {
				who  string
				role listing.Role
			}{{"admin", listing.RoleAdministrador}, {"assistente", listing.RoleAssistente}, {"broker", listing.RoleCorretor}, {"other", listing.RoleCorretor}} {
				pw := "senha-forte-" + strconv.Itoa(i) + "23"
				u := e.addUserAs(c.who+"@imobiliaria.com.br", c.who, pw, c.role)
				if c.who == "broker" {
					broker = u
				}
				bearer[c.who] = e.signIn(c.who+"@imobiliaria.com.br", pw)
			}
			u := storetest.Apartment("Casa do Corretor")
			u.BrokerID = &broker.ID
			p, err := e.st.CreateProperty(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			path := "/api/admin/properties/" + p.ID + "/owner"
			if _, err := e.st.AddOwnerDocument(context.Background(), listing.OwnerDocument{ID: strings.Repeat("a", 32), PropertyID: p.ID,
				Name: "a.pdf", ContentType: "application/pdf", Size: 3, Key: ownerrecord.PrivatePrefix + "a.pdf"}); err != nil {
				t.Fatal(err)
			}
			routes := []struct{ method, path string }{{"GET", path}, {"PUT", path}, {"POST", path + "/documents"},
				{"GET", path + "/documents/" + strings.Repeat("a", 32)}, {"DELETE", path + "/documents/" + strings.Repeat("b", 32)}}
			for who, b := range bearer {
				for _, r := range routes {
					var body any
					if r.method == "PUT" {
						body = map[string]any{"name": "Dono de " + who}
					}
					w := e.send(r.method, r.path, body, acctHome, b, true)
					what := who + ": " + r.method + " " + r.path
					switch who {
					case "assistente":
						wantError(t, what, w, http.StatusForbidden, "Só o corretor responsável pelo imóvel e os administradores veem a captação.")
					case "other":
						wantError(t, what, w, http.StatusNotFound, "Imóvel não encontrado")
					default:
						if w.Code == http.StatusForbidden || w.Code == http.StatusNotFound && r.method == "GET" && !strings.Contains(r.path, "documents") ||
							w.Code == http.StatusUnauthorized {
							t.Errorf("%s: %d %s, want allowed", what, w.Code, w.Body)
						}
					}
				}
			}
			if w := e.send("GET", path, nil, acctHome, bearer["broker"], true); !strings.Contains(w.Body.String(), "Dono de ") {
				t.Errorf("the broker's read: %s", w.Body)
			}
			dup := "/api/admin/properties/" + p.ID + "/duplicate"
			wantError(t, "another corretor duplicates", e.send("POST", dup, nil, acctHome, bearer["other"]), http.StatusNotFound, "Imóvel não encontrado")
			w := e.send("POST", dup, nil, acctHome, bearer["broker"])
			wantStatus(t, "the broker duplicates", w, http.StatusCreated)
			var c struct {
				ID       string `json:"id"`
				Title    string `json:"title"`
				IsActive bool   `json:"is_active"`
			}
			json.Unmarshal(w.Body.Bytes(), &c)
			if c.Title != "Casa do Corretor (cópia)" || c.IsActive || c.ID == p.ID {
				t.Errorf("copy: %s", w.Body)
			}
			if w := e.send("GET", "/api/admin/properties/"+c.ID, nil, acctHome, bearer["broker"]); w.Code != http.StatusOK {
				t.Errorf("the broker reads the copy: %d %s", w.Code, w.Body)
			}
		})
	}
}

// TestOwnerRecordNeverPublic writes an owner's record with distinctive
// values on an active listing published to the portals, then reads every
// public surface (the detail JSON and its JSON-LD page, the list, the
// search, the results and search pages, the similar listings, the
// sitemap, the VRSync feed, the home page) and the admin list and detail
// of the listing, and the server's log, and finds none of the values.
func TestOwnerRecordNeverPublic(t *testing.T) {
	t.Parallel()
	var logOut logLines
	s := newOwnerStack(t, httpapi.Harness{Config: httpapi.Config{Pages: builtClient, PublicURL: "https://imoveis.example.com/",
		Logger: slog.New(slog.NewJSONHandler(&logOut, &slog.HandlerOptions{Level: slog.LevelDebug}))}})
	giveAgencyEmail(t, s.Stack)
	p, err := s.Store.CreateProperty(context.Background(), readyUpdate("Apartamento Reservado", "SEG-1"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.Store.CreateProperty(context.Background(), readyUpdate("Apartamento Vizinho", "SEG-2"))
	if err != nil {
		t.Fatal(err)
	}
	secrets := []string{"Zebedeu Quintanilha", "(48) 97531-8642", "zebedeu.quintanilha@segredo.example", "Cofre-Azul-7731",
		"Nota-Interna-4412", "escritura-zebedeu"}
	path := "/api/admin/properties/" + p.ID + "/owner"
	w := s.Admin("PUT", path, map[string]any{"name": secrets[0], "phones": []string{secrets[1]}, "emails": []string{secrets[2]},
		"exclusive": true, "commission": 7.77, "keys": secrets[3], "notes": secrets[4]})
	wantStatus(t, "put", w, http.StatusOK)
	wantStatus(t, "upload", s.uploadDoc(s.Token, p.ID, secrets[5]+".pdf", "application/pdf", pdfFile), http.StatusCreated)
	feed, _ := feedAddress(t, s.Stack)

	surfaces := []string{
		"/api/v1/properties/" + p.Slug,
		"/api/properties/" + p.Slug,
		"/api/v1/properties?page=1&per_page=50",
		"/api/v1/search?business=venda",
		"/api/v1/search?q=reservado",
		"/api/v1/search/places?q=flor",
		"/api/v1/properties/" + other.Slug + "/similar",
		"/api/v1/properties/" + p.Slug + "/similar",
		"/api/v1/agency",
		"/imoveis/" + p.Slug,
		"/imoveis/venda/florianopolis-sc",
		"/busca?q=reservado",
		"/",
		"/sitemap.xml",
		feed,
		"/api/admin/properties",
		"/api/admin/properties/" + p.ID,
		"/api/admin/properties/" + p.ID + "/photos",
	}
	w = s.Call("GET", "/sitemap.xml", nil)
	for _, loc := range strings.Split(w.Body.String(), "<loc>")[1:] {
		u, _, _ := strings.Cut(loc, "</loc>")
		if i := strings.Index(u, "/sitemaps/"); i >= 0 {
			surfaces = append(surfaces, u[i:])
		}
	}
	if len(surfaces) < 19 {
		t.Errorf("no sitemap file found in %s", w.Body)
	}
	for _, addr := range surfaces {
		r := httpapi.NewRequest(t, "GET", addr, nil, "Accept", "text/html,application/json")
		if strings.HasPrefix(addr, "/api/admin/") {
			r.Header.Set("Authorization", "Bearer "+s.Token)
		}
		w := s.Serve(r)
		if w.Code != http.StatusOK {
			t.Errorf("GET %s: %d %s", addr, w.Code, w.Body)
		}
		for _, v := range append(secrets, "7.77", "7,77") {
			if strings.Contains(w.Body.String(), v) {
				t.Errorf("GET %s shows %q:\n%s", addr, v, w.Body)
			}
		}
	}
	logOut.mu.Lock()
	log := logOut.buf.String()
	logOut.mu.Unlock()
	if !strings.Contains(log, path) {
		t.Fatalf("the log has no line of the owner's routes: %s", log)
	}
	for _, v := range secrets {
		if strings.Contains(log, v) {
			t.Errorf("the log shows %q", v)
		}
	}
}

// TestOwnerRecordPrivacy: the owner is a data subject. The privacy lookup
// by their e-mail lists their records with their listing and documents
// (by name and size); anonymising erases the owner's data and deletes the
// documents' files, and says how many records it emptied.
func TestOwnerRecordPrivacy(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newOwnerStack(t, httpapi.Harness{Dialect: d})
			p := s.Property("Casa da Dona Lúcia", "casa-da-dona-lucia")
			path := "/api/admin/properties/" + p.ID + "/owner"
			wantStatus(t, "put", s.Admin("PUT", path, map[string]any{"name": "Lúcia Prado", "emails": []string{"Lucia.Prado@Exemplo.com"},
				"phones": []string{"48 98888-7777"}, "commission": 5, "keys": "Imobiliária"}), http.StatusOK)
			wantStatus(t, "upload", s.uploadDoc(s.Token, p.ID, "matricula.pdf", "application/pdf", pdfFile), http.StatusCreated)

			w := s.Admin("POST", "/api/admin/privacy/lookup", map[string]string{"email": "lucia.prado@exemplo.com"})
			wantStatus(t, "lookup", w, http.StatusOK)
			var subject struct {
				OwnerRecords []struct {
					Property  struct{ ID, Slug, Title string }
					Name      string
					Phones    []string
					Documents []struct {
						Name string
						Size int64
					}
				} `json:"owner_records"`
			}
			json.Unmarshal(w.Body.Bytes(), &subject)
			if len(subject.OwnerRecords) != 1 || subject.OwnerRecords[0].Property.ID != p.ID || subject.OwnerRecords[0].Name != "Lúcia Prado" ||
				len(subject.OwnerRecords[0].Documents) != 1 || subject.OwnerRecords[0].Documents[0].Name != "matricula.pdf" ||
				subject.OwnerRecords[0].Documents[0].Size != int64(len(pdfFile)) {
				t.Errorf("lookup: %s", w.Body)
			}

			w = s.Admin("POST", "/api/admin/privacy/anonymize", map[string]string{"email": "LUCIA.PRADO@exemplo.com"})
			wantStatus(t, "anonymize", w, http.StatusOK)
			if e := decodeJSON[map[string]any](t, "owner", w); e["owner_records"] != float64(1) {
				t.Errorf("anonymize: %s", w.Body)
			}
			if got := s.private(t); len(got) != 0 {
				t.Errorf("documents' files after the anonymisation: %v", got)
			}
			o := decodeJSON[map[string]any](t, "owner", s.Admin("GET", path, nil))
			if o["name"] != "" || len(o["phones"].([]any)) != 0 || len(o["documents"].([]any)) != 0 || o["anonymized_at"] == nil ||
				o["commission"] != float64(5) || o["keys"] != "Imobiliária" {
				t.Errorf("record after the anonymisation: %v", o)
			}
			w = s.Admin("POST", "/api/admin/privacy/lookup", map[string]string{"email": "lucia.prado@exemplo.com"})
			if !strings.Contains(w.Body.String(), `"owner_records":[]`) {
				t.Errorf("lookup after the anonymisation: %s", w.Body)
			}
		})
	}
}

// TestOwnerDocumentSweep: a file under the private prefix that no row
// names (an upload cut short) goes once an hour old; the files of
// documents stay, and the media sweep leaves them all alone.
func TestOwnerDocumentSweep(t *testing.T) {
	t.Parallel()
	s := newOwnerStack(t, httpapi.Harness{})
	p := s.Property("Casa Varrida", "casa-varrida")
	wantStatus(t, "upload", s.uploadDoc(s.Token, p.ID, "a.pdf", "application/pdf", pdfFile), http.StatusCreated)
	stray := ownerrecord.PrivatePrefix + strings.Repeat("f", 32) + ".pdf"
	if err := s.files.Put(context.Background(), stray, bytes.NewReader(pdfFile), int64(len(pdfFile)), "application/pdf"); err != nil {
		t.Fatal(err)
	}
	m := media.New(media.Config{Catalog: s.Store, Files: s.files, Now: func() time.Time { return time.Now().Add(48 * time.Hour) }})
	if err := m.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := s.private(t); len(got) != 2 {
		t.Fatalf("after the media sweep: %v", got)
	}
	svc := ownerrecord.New(s.Store, s.files, nil)
	if n, err := svc.Sweep(context.Background()); err != nil || n != 0 {
		t.Errorf("a sweep of fresh files: %d, %v", n, err)
	}
	svc.SetClock(func() time.Time { return time.Now().Add(2 * time.Hour) })
	if n, err := svc.Sweep(context.Background()); err != nil || n != 1 {
		t.Errorf("a sweep two hours later: %d, %v", n, err)
	}
	if got := s.private(t); len(got) != 1 || strings.HasPrefix(got[0], "ffff") {
		t.Errorf("after the sweep: %v", got)
	}
}

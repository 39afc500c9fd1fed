package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// BadInputHeader marks a request that breaks the API document on purpose
// (a test of bad input): the checker does not validate it, but still
// validates its answer. The checker removes it before the server sees the
// request.
const BadInputHeader = "X-Test-Bad-Input"

// apiDoc is internal/httpapi/openapi.json, the document the server serves,
// loaded and validated by kin-openapi, with the router of its operations.
// It is read once and shared, read-only, by every test.
var apiDoc = sync.OnceValues(func() (*apiDocument, error) {
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		return nil, err
	}
	// The leads export's Excel format starts with a byte order mark and
	// separates cells with ';', which kin-openapi's CSV decoder does not
	// read.
	openapi3filter.RegisterBodyDecoder("text/csv", decodeCSV)
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("load openapi.json: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("openapi.json is not a valid document: %w", err)
	}
	// The document's servers name deployments; in tests the service
	// answers on any host, so operations are routed by path alone.
	doc.Servers = nil
	router, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route openapi.json: %w", err)
	}
	return &apiDocument{doc: doc, router: router}, nil
})

type apiDocument struct {
	doc    *openapi3.T
	router routers.Router
}

// reporterKey is the request context's key of the testing.TB that the
// checker reports a failure to.
type reporterKey struct{}

// checkOptions validate everything the document states: undocumented
// statuses fail, bodies and headers are validated, defaults are not
// written into the request, and a security requirement is met by an
// "Authorization: Bearer" header (the server then decides whether the
// token is good).
var checkOptions = &openapi3filter.Options{
	IncludeResponseStatus: true,
	SkipSettingDefaults:   true,
	MultiError:            true,
	AuthenticationFunc: func(_ context.Context, in *openapi3filter.AuthenticationInput) error {
		scheme, token, ok := strings.Cut(in.RequestValidationInput.Request.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			return errors.New("no Bearer token")
		}
		return nil
	},
}

// refusals are the statuses of a request refused for its content. The
// server answering one of them to a request that the document accepts
// means the document misses a constraint the server enforces.
var refusals = []int{http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType, http.StatusUnprocessableEntity}

// checkedHandler wraps the service's handler so that every request under
// /api/ and its answer are validated against the API document with
// kin-openapi's openapi3filter; a failure fails t. Requests sent with
// BadInputHeader are not validated; answers always are:
//   - a routed operation's answer (status, headers and body) by
//     openapi3filter.ValidateResponse; a HEAD as its GET without a body, a
//     304 by its declared headers (ValidateResponse skips both);
//   - a path the document has but not with this method: a JSON 405 whose
//     Allow lists the document's methods (HEAD with GET);
//   - any other /api/ address: a JSON 404.
//
// A failure is reported to the testing.TB that Stack.Serve puts in the
// request's context (a subtest's, a fuzz input's), else to t.
func checkedHandler(t testing.TB, next http.Handler) http.Handler {
	t.Helper()
	d, err := apiDoc()
	if err != nil {
		t.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := t
		if rt, ok := r.Context().Value(reporterKey{}).(testing.TB); ok {
			t = rt
		}
		_, bad := r.Header[BadInputHeader]
		r.Header.Del(BadInputHeader)
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		var body []byte
		if r.Body != nil {
			var err error
			if body, err = io.ReadAll(r.Body); err != nil {
				t.Errorf("%s %s: reading the request body: %v", r.Method, r.URL, err)
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		c := &capture{ResponseWriter: w}
		next.ServeHTTP(c, r)
		if err := d.check(r, body, bad, c); err != nil {
			t.Errorf("%s %s (answered %d): %v", r.Method, r.URL.RequestURI(), c.statusOrOK(), err)
		}
	})
}

// check validates one exchange against the document.
func (d *apiDocument) check(r *http.Request, reqBody []byte, bad bool, c *capture) error {
	status := c.statusOrOK()
	resBody := c.body.Bytes()
	if c.header.Get("Content-Encoding") == "gzip" && len(resBody) > 0 && r.Method != http.MethodHead {
		zr, err := gzip.NewReader(bytes.NewReader(resBody))
		if err != nil {
			return fmt.Errorf("gzip answer: %w", err)
		}
		if resBody, err = io.ReadAll(zr); err != nil {
			return fmt.Errorf("gzip answer: %w", err)
		}
	}

	// The operation is the GET one for a HEAD, which net/http serves.
	routed := r.Clone(context.Background())
	routed.Body = io.NopCloser(bytes.NewReader(reqBody))
	if r.Method == http.MethodHead {
		routed.Method = http.MethodGet
	}
	route, params, err := d.router.FindRoute(routed)
	if err == nil && strings.HasSuffix(routed.URL.Path, "/") != strings.HasSuffix(route.Path, "/") {
		err = routers.ErrPathNotFound // the router forgives a trailing "/", the server does not
	}
	if err != nil {
		return d.checkUnrouted(routed, status, c.header, resBody)
	}

	in := &openapi3filter.RequestValidationInput{Request: routed, PathParams: params, Route: route, Options: checkOptions}
	var errs []error
	if !bad {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			errs = append(errs, fmt.Errorf("the request breaks the document (send it as bad input if that is the test's point): %w", err))
		} else if slices.Contains(refusals, status) {
			errs = append(errs, fmt.Errorf("the server refused with %d a request the document accepts: the document misses a constraint (or the request is bad input): %s", status, resBody))
		}
	}

	switch {
	case status == http.StatusNotModified:
		errs = append(errs, checkHeadersOnly(route.Operation, status, c.header))
	default:
		opts := *checkOptions
		opts.ExcludeResponseBody = r.Method == http.MethodHead
		in.Options = &opts
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: c.header, Options: &opts}
		out.SetBodyBytes(resBody)
		if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
			errs = append(errs, fmt.Errorf("the answer breaks the document: %w", err))
		}
	}
	return errors.Join(errs...)
}

// checkHeadersOnly validates an answer without a body (a 304), which
// ValidateResponse skips: its status is documented and the headers the
// document declares required are there.
func checkHeadersOnly(op *openapi3.Operation, status int, h http.Header) error {
	ref := op.Responses.Status(status)
	if ref == nil || ref.Value == nil {
		return fmt.Errorf("status %d is not documented", status)
	}
	for name, hr := range ref.Value.Headers {
		if hr.Value != nil && hr.Value.Required && h.Get(name) == "" {
			return fmt.Errorf("%d without its header %s", status, name)
		}
	}
	return nil
}

// checkUnrouted validates the answer to an address or method the document
// does not have.
func (d *apiDocument) checkUnrouted(r *http.Request, status int, h http.Header, body []byte) error {
	var allowed []string
	for _, m := range []string{http.MethodDelete, http.MethodGet, http.MethodPatch, http.MethodPost, http.MethodPut} {
		probe := r.Clone(context.Background())
		probe.Method = m
		if route, _, err := d.router.FindRoute(probe); err == nil && strings.HasSuffix(probe.URL.Path, "/") == strings.HasSuffix(route.Path, "/") {
			allowed = append(allowed, m)
			if m == http.MethodGet {
				allowed = append(allowed, http.MethodHead)
			}
		}
	}
	slices.Sort(allowed)
	want := http.StatusNotFound
	if len(allowed) > 0 {
		want = http.StatusMethodNotAllowed
		if got := h.Get("Allow"); got != strings.Join(allowed, ", ") {
			return fmt.Errorf("405 with Allow %q, the document has %q", got, strings.Join(allowed, ", "))
		}
	}
	if status != want {
		return fmt.Errorf("answered %d, the document has no such operation (want %d)", status, want)
	}
	if ct, _, _ := mime.ParseMediaType(h.Get("Content-Type")); ct != "application/json" {
		return fmt.Errorf("%d with Content-Type %q, want JSON", status, h.Get("Content-Type"))
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("%d body is not JSON: %w", status, err)
	}
	schema := d.doc.Components.Schemas["Error"]
	if err := schema.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		return fmt.Errorf("%d body is not an Error: %w", status, err)
	}
	return nil
}

// capture is the handler's ResponseWriter seen by the checker: it keeps
// the status, the headers as sent and a copy of the body.
type capture struct {
	http.ResponseWriter
	status int
	header http.Header
	body   bytes.Buffer
}

func (c *capture) WriteHeader(code int) {
	if c.status == 0 && code >= 200 {
		c.status = code
		c.header = c.ResponseWriter.Header().Clone()
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *capture) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	c.body.Write(b)
	return c.ResponseWriter.Write(b)
}

func (c *capture) Flush() { http.NewResponseController(c.ResponseWriter).Flush() }

func (c *capture) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func (c *capture) statusOrOK() int {
	if c.status == 0 {
		c.status, c.header = http.StatusOK, c.ResponseWriter.Header().Clone()
	}
	return c.status
}

// decodeCSV reads a CSV body, in either format of the leads export, and
// returns it as the string its schema says it is.
func decodeCSV(body io.Reader, _ http.Header, _ *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
	raw, err := io.ReadAll(body)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(raw))
	if rest, ok := bytes.CutPrefix(raw, []byte("\uFEFF")); ok {
		r = csv.NewReader(bytes.NewReader(rest))
		r.Comma = ';'
	}
	if _, err := r.ReadAll(); err != nil {
		return nil, err
	}
	return string(raw), nil
}

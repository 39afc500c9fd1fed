package httpapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestOpenAPIMatchesRoutes keeps the API document true: every API route is
// documented with its method, and every documented operation is routed,
// named (operationId), and public (security: []) exactly when it is not
// under /api/admin/, but for the sign-in. What the operations answer is checked against the
// document by every HTTP test (checkedHandler, apicheck_test.go).
func TestOpenAPIMatchesRoutes(t *testing.T) {
	t.Parallel()
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q", doc.OpenAPI)
	}
	var documented, routed []string
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			documented = append(documented, strings.ToUpper(method)+" "+path)
			var op struct {
				OperationID string             `json:"operationId"`
				Security    *[]json.RawMessage `json:"security"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			if op.OperationID == "" {
				t.Errorf("%s %s has no operationId", method, path)
			}
			// The sign-in, where a session's token comes from, and the
			// account links' routes, which a link's token guards, are the
			// operations under /api/admin/ that need no Bearer token.
			admin := strings.HasPrefix(path, "/api/admin/") && method+" "+path != "post /api/admin/session" &&
				!strings.HasPrefix(path, "/api/admin/account/")
			if public := op.Security != nil && len(*op.Security) == 0; public == admin {
				t.Errorf("%s %s: public %v, want security: [] exactly on public operations", method, path, public)
			}
		}
	}
	for _, p := range New(Config{}).patterns {
		if method, path, _ := strings.Cut(p, " "); strings.HasPrefix(path, "/api/") {
			routed = append(routed, method+" "+path)
		}
	}
	slices.Sort(documented)
	slices.Sort(routed)
	if !slices.Equal(documented, routed) {
		t.Errorf("document and routes differ\ndocumented: %v\nrouted:     %v", documented, routed)
	}
}

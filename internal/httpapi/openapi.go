package httpapi

import (
	_ "embed"
	"net/http"
)

//go:embed openapi.json
var openAPIDoc []byte

// openAPI serves the API description (OpenAPI 3.1).
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header()["Content-Type"] = contentTypeJSON
	w.Header()["Cache-Control"] = noCache
	w.Write(openAPIDoc)
}

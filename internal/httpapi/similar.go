package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
)

// similarCount is how many similar listings a page suggests.
const similarCount = 4

// similarProperties answers GET /api/v1/properties/{slug}/similar: up to
// similarCount available listings like the one slug (search.Index.Similar),
// which the page of a listing off the market (sold, rented, reserved)
// suggests; for a listing no longer shown (deactivated, or deleted: see
// store.RemovedListing), those its 404 suggests (search.Index.SimilarTo).
// A slug no listing had is a 404. It costs what a search does (one more
// read by primary key for a listing not shown), and is counted and cached
// as one.
func (s *Server) similarProperties(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	s.serveSearch(w, r, searchKey+"similar:"+slug, sendDoc, tooManySearches, func(ctx context.Context) (*docEntry, error) {
		id, err := s.activePropertyID(ctx, slug)
		var gone listing.Property
		if errors.Is(err, listing.ErrNotFound) && listing.ValidSlug(slug) {
			gone, err = s.store.RemovedListing(ctx, slug)
		}
		if errors.Is(err, listing.ErrNotFound) {
			body, _ := json.Marshal(errorBody{Error: msgPropertyNotFound})
			return newDocEntry(http.StatusNotFound, body), nil
		}
		if err != nil {
			return nil, err
		}
		ix, err := s.search.Index(ctx)
		if err != nil {
			return nil, err
		}
		ids := ix.Similar(id, similarCount)
		if id == "" {
			ids = ix.SimilarTo(search.DocOf(&gone), similarCount)
		}
		items, err := s.store.PropertiesByIDs(ctx, ids)
		if err != nil {
			return nil, err
		}
		body, _ := json.Marshal(struct {
			Items []summaryJSON `json:"items"`
		}{mapItems(items, newSummaryJSON)})
		return newDocEntry(http.StatusOK, body), nil
	})
}

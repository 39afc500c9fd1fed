package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// mustCall is proc.Call for set-up steps: any transport error or a status other
// than want fails the test.
func mustCall(t testing.TB, method, url, token string, body any, want int) proc.Answer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, err := proc.Call(ctx, http.DefaultClient, method, url, token, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	if a.Status != want {
		t.Fatalf("%s %s: status %d, want %d; body %s", method, url, a.Status, want, a.Body)
	}
	return a
}

// propertyBody is an admin creation body for a property titled title.
func propertyBody(title string) map[string]any {
	return map[string]any{
		"title": title, "price": "450000.00", "type": "venda",
		"subtype":      map[string]any{"name": "Casa"},
		"city":         map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Centro"},
	}
}

// createProperty creates a property through the admin API and returns its
// id and slug.
func createProperty(t testing.TB, base, token, title string) (id, slug string) {
	t.Helper()
	a := mustCall(t, "POST", base+"/api/admin/properties", token, propertyBody(title), http.StatusCreated)
	var p struct{ ID, Slug string }
	if err := json.Unmarshal(a.Body, &p); err != nil || p.Slug == "" {
		t.Fatalf("creation answer without a slug: %v\n%s", err, a.Body)
	}
	return p.ID, p.Slug
}

// storedLead is a lead as the admin API lists it.
type storedLead struct {
	ID           int64   `json:"id"`
	PropertySlug *string `json:"property_slug"`
	Name         string  `json:"name"`
	Email        string  `json:"email"`
	Phone        *string `json:"phone"`
	Message      string  `json:"message"`
}

// allLeads reads every lead through GET /api/admin/leads, 100 a page.
func allLeads(t testing.TB, base, token string) []storedLead {
	t.Helper()
	var out []storedLead
	for page := 1; ; page++ {
		a := mustCall(t, "GET", fmt.Sprintf("%s/api/admin/leads?per_page=100&page=%d", base, page), token, nil, http.StatusOK)
		var p struct {
			Items []storedLead `json:"items"`
			Total int          `json:"total"`
		}
		if err := json.Unmarshal(a.Body, &p); err != nil {
			t.Fatalf("leads page %d: %v\n%s", page, err, a.Body)
		}
		out = append(out, p.Items...)
		if len(p.Items) == 0 || len(out) >= p.Total {
			if len(out) != p.Total {
				t.Fatalf("listed %d leads, total says %d", len(out), p.Total)
			}
			return out
		}
	}
}

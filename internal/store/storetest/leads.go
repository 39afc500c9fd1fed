package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// CreateLeads stores n leads, the i-th about the active property with the
// slug slug(i), many at a time so that they share transactions.
func CreateLeads(t testing.TB, s *store.Store, n int, slug func(i int) string) {
	t.Helper()
	var wg sync.WaitGroup
	var next atomic.Int64
	for range 64 {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				in := listing.LeadInput{Name: "Visitante", Email: "visitante@example.com", Message: fmt.Sprintf("Mensagem número %d.", i)}
				if _, err := s.CreateLead(context.Background(), slug(i), in); err != nil {
					t.Errorf("lead %d: %v", i, err)
					return
				}
			}
		})
	}
	wg.Wait()
}

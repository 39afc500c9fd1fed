package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestConcurrentWritersSQLite runs 32 clients at once against the service
// on SQLite, half submitting contact forms and half updating properties as
// an administrator, while a second process's worth of writes (another
// store on the same file, as "vitrine token create" would be) competes for
// the database's one write lock. Every answer is 201 or 200: a busy
// database waits, it never answers "database is locked" as a 500.
func TestConcurrentWritersSQLite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := httpapi.Harness{Network: true, Config: httpapi.Config{CacheBytes: 8 << 20}}.Start(t)
	st, token := s.Store, s.Token
	var props []listing.Property
	for i := range 4 {
		u := storetest.Apartment(fmt.Sprintf("Apartamento %d", i))
		p, err := st.CreateProperty(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		props = append(props, p)
	}
	other := storetest.OpenAt(t, s.DSN, store.Options{})

	const workers = 32
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		bad      []string
		wg       sync.WaitGroup
	)
	until := time.Now().Add(1500 * time.Millisecond)
	send := func(method, path, token string, body any) {
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, s.Net.URL+path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s %s: %v", method, path, err))
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		statuses[res.StatusCode]++
		if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated && len(bad) < 10 {
			bad = append(bad, fmt.Sprintf("%s %s: %d %s", method, path, res.StatusCode, b))
		}
	}
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; time.Now().Before(until); n++ {
				p := props[(w+n)%len(props)]
				if w%2 == 0 {
					send("POST", "/api/v1/properties/"+p.Slug+"/contact", "", contactBody(fmt.Sprintf("Cliente %d-%d", w, n)))
					continue
				}
				body := map[string]any{"description": fmt.Sprintf("Descrição %d-%d.", w, n)}
				if n%3 == 0 {
					body["video_url"] = fmt.Sprintf("https://youtu.be/v%d", n)
					body["video_position"] = []string{"carousel", "section"}[n%2]
					body["amenities"] = []any{map[string]any{"name": "Piscina", "group": "lazer"}}
				}
				send("PUT", "/api/admin/properties/"+p.ID, token, body)
			}
		}()
	}
	wg.Add(1)
	go func() { // the other writer
		defer wg.Done()
		for n := 0; time.Now().Before(until); n++ {
			name := fmt.Sprintf("operador-%d", n)
			if _, err := other.CreateToken(ctx, name); err != nil {
				mu.Lock()
				bad = append(bad, "other store, CreateToken: "+err.Error())
				mu.Unlock()
				return
			}
			if err := other.RevokeToken(ctx, name); err != nil {
				mu.Lock()
				bad = append(bad, "other store, RevokeToken: "+err.Error())
				mu.Unlock()
				return
			}
		}
	}()
	wg.Wait()
	if len(bad) > 0 {
		t.Fatalf("answers %v; failures:\n%v", statuses, bad)
	}
	if statuses[http.StatusOK] == 0 || statuses[http.StatusCreated] == 0 {
		t.Fatalf("answers %v: want both updates and leads", statuses)
	}
	page, err := st.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 1})
	if err != nil || page.Total != statuses[http.StatusCreated] {
		t.Fatalf("%d leads stored (%v), %d answered 201", page.Total, err, statuses[http.StatusCreated])
	}
	t.Logf("answers %v", statuses)
}

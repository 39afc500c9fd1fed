package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// crashLead is one contact submission of the crash test. Every field names
// the submission, so that a lead stored whole can be told from a torn one.
type crashLead struct {
	Name, Email, Phone, Message string
}

func newCrashLead(client, seq int) crashLead {
	tag := fmt.Sprintf("%d-%d", client, seq)
	return crashLead{
		Name:    "Cliente " + tag,
		Email:   "cliente" + tag + "@example.com",
		Phone:   "48 9" + tag,
		Message: "Mensagem " + tag + " enviada antes da queda do servidor.",
	}
}

// TestLeadsSurviveSIGKILL submits leads from several clients at once, kills
// the server with SIGKILL in the middle, restarts it on the same database,
// and finds every lead that was answered 201, each whole, and no lead that
// was not submitted.
func TestLeadsSurviveSIGKILL(t *testing.T) {
	skipShort(t, "thousands of leads sent to a server killed and restarted")
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.DSN(t, dialect)
			token := mintToken(t, dsn, "queda")
			srv := startChild(t, dsn)
			_, slug := createProperty(t, srv.url, token, "Casa do teste de queda")

			const clients = 8
			var (
				mu        sync.Mutex
				sent      = map[string]crashLead{} // by name: every submission made
				acked     = map[string]int64{}     // by name: answered 201, with the id
				failures  []string
				ackCount  atomic.Int64
				flowing   = make(chan struct{}) // closed at the 150th lead answered 201
				wg        sync.WaitGroup
				transport = &http.Transport{MaxIdleConnsPerHost: clients}
			)
			defer transport.CloseIdleConnections()
			client := &http.Client{Transport: transport, Timeout: 20 * time.Second}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for seq := 0; ctx.Err() == nil; seq++ {
						l := newCrashLead(c, seq)
						mu.Lock()
						sent[l.Name] = l
						mu.Unlock()
						a, err := proc.Call(ctx, client, "POST", srv.url+"/api/v1/properties/"+slug+"/contact", "",
							map[string]string{"name": l.Name, "email": l.Email, "phone": l.Phone, "message": l.Message})
						if a.Status == http.StatusCreated {
							// A 201 whose body was cut by the kill was still
							// sent after the commit: it counts.
							var body struct{ ID int64 }
							json.Unmarshal(a.Body, &body)
							mu.Lock()
							acked[l.Name] = body.ID
							mu.Unlock()
							if ackCount.Add(1) == 150 {
								close(flowing)
							}
							continue
						}
						if err != nil {
							return // the server is gone
						}
						mu.Lock()
						failures = append(failures, fmt.Sprintf("%s: status %d %s", l.Name, a.Status, a.Body))
						mu.Unlock()
						return
					}
				}()
			}

			// Kill in the middle of the load: once leads are flowing, and
			// while every client is still submitting. A machine too slow
			// to answer 150 within a minute gets its kill then, with fewer;
			// clients that all stopped (on an answer other than 201) end
			// the wait at once.
			stopped := make(chan struct{})
			go func() { wg.Wait(); close(stopped) }()
			select {
			case <-flowing:
			case <-stopped:
			case <-time.After(time.Minute):
			}
			srv.kill()
			wg.Wait()
			cancel()
			if len(failures) > 0 {
				t.Fatalf("answers other than 201 before the kill:\n%v", failures)
			}
			if len(acked) == 0 {
				t.Fatalf("no lead was answered 201 before the kill:\n%s", srv.stderr)
			}

			restarted := startChild(t, dsn)
			stored := allLeads(t, restarted.url, token)
			byName := map[string]storedLead{}
			for _, l := range stored {
				want, ok := sent[l.Name]
				phone := ""
				if l.Phone != nil {
					phone = *l.Phone
				}
				switch {
				case !ok:
					t.Errorf("lead %d was never submitted: %+v", l.ID, l)
				case l.Email != want.Email || phone != want.Phone || l.Message != want.Message:
					t.Errorf("lead %d is not whole: got %+v, submitted %+v", l.ID, l, want)
				case l.PropertySlug == nil || *l.PropertySlug != slug:
					t.Errorf("lead %d lost its property: %+v", l.ID, l)
				}
				if _, dup := byName[l.Name]; dup {
					t.Errorf("lead %q stored twice", l.Name)
				}
				byName[l.Name] = l
			}
			lost := 0
			for name, id := range acked {
				l, ok := byName[name]
				switch {
				case !ok:
					lost++
					if lost <= 10 {
						t.Errorf("lead %q (id %d) was answered 201 and is gone after the crash", name, id)
					}
				case id != 0 && l.ID != id:
					t.Errorf("lead %q was answered with id %d and is stored as %d", name, id, l.ID)
				}
			}
			if lost > 0 {
				t.Errorf("%d of %d leads answered 201 were lost", lost, len(acked))
			}
			t.Logf("%s: %d submitted, %d answered 201 before SIGKILL, %d stored after restart",
				dialect, len(sent), len(acked), len(stored))
		})
	}
}

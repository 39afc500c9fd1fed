package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver, to read the leads back
)

// crashCheck submits contact messages from 32 clients, kills the server
// with SIGKILL in the middle of it, and checks that every lead answered 201
// is in the database afterwards.
func (b *bench) crashCheck(ctx context.Context) error {
	step("durability: SIGKILL during contact submissions, then every 201 must be stored")
	p, err := b.serve(ctx, "serve-crash", b.dsn, -1)
	if err != nil {
		return err
	}
	defer stop(p)
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
	defer client.CloseIdleConnections()
	var (
		mu    sync.Mutex
		acked []int64
		wg    sync.WaitGroup
	)
	stop := make(chan struct{})
	for w := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body, _ := json.Marshal(map[string]string{
					"name": "Visitante", "email": "visitante@example.com",
					"message": fmt.Sprintf("Mensagem de teste de durabilidade %d-%d.", w, i),
				})
				resp, err := client.Post(p.URL+"/api/v1/properties/"+b.slugs[r.IntN(len(b.slugs))]+"/contact",
					"application/json", bytes.NewReader(body))
				if err != nil {
					continue // the server is gone
				}
				var out struct {
					ID int64 `json:"id"`
				}
				raw, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusCreated || json.Unmarshal(raw, &out) != nil {
					continue // not acknowledged: nothing is promised
				}
				mu.Lock()
				acked = append(acked, out.ID)
				mu.Unlock()
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	p.Kill()
	close(stop)
	wg.Wait()
	if len(acked) == 0 {
		return fmt.Errorf("no contact submission was answered 201 before the kill")
	}

	driver, dsn := "sqlite", b.dsn
	if b.dialect() == "PostgreSQL" {
		driver = "pgx"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	stored := map[int64]bool{}
	rows, err := db.QueryContext(ctx, `SELECT id FROM leads`)
	if err != nil {
		return fmt.Errorf("read leads after the kill: %w", err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		stored[id] = true
	}
	rows.Close()
	missing := 0
	for _, id := range acked {
		if !stored[id] {
			missing++
		}
	}
	b.note("durability: %d leads answered 201 before SIGKILL of the server, %d of them missing after restart", len(acked), missing)
	if missing > 0 {
		return fmt.Errorf("%d leads answered 201 were lost in a process crash", missing)
	}
	return nil
}

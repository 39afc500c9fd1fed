package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// The memory of vitrine serve itself while it processes a 50 MP photo
// uploaded through the admin API, against the bound its configuration
// documents: --cache-mb + 32 MB + --media-workers × photoMemory + 64 MB.

const (
	// photoMemoryMB is photoMemory of cmd/vitrine/serve.go: the room one
	// photo being processed is given under the server's memory limit.
	photoMemoryMB = 256
	// serveWorkers is the --media-workers of the measured server (its
	// default).
	serveWorkers = 1
	// serveCacheMB is its --cache-mb (the default), and workingMB the
	// working memory serve's soft memory limit adds to the cache: the
	// limit while one photo is processed is serveCacheMB + workingMB +
	// photoMemoryMB (see serve in cmd/vitrine/serve.go).
	serveCacheMB = 64
	workingMB    = 32
	// readyWithin bounds the wait for the photo to be processed.
	readyWithin = 5 * time.Minute
)

// serveMemory is what servePeakRSS measured.
type serveMemory struct {
	fileSize  int64
	idleRSS   int64 // VmRSS before the upload
	idleHWM   int64 // VmHWM before the upload
	peakHWM   int64 // VmHWM once the photo is ready
	uploaded  time.Duration
	ready     time.Duration // from the start of the upload to "ready"
	width     int
	height    int
	variants  int
	serverLog string
}

// outsideLimitMB is what the Go memory limit does not cover: the code of
// the binary, the WebAssembly encoder's compiled code, SQLite's page
// caches.
const outsideLimitMB = 64

// bound is the documented ceiling (README, "Memory"): the memory limit
// serve sets while the photos are processed, plus outsideLimitMB.
func (m serveMemory) bound() int64 {
	return softLimit() + outsideLimitMB<<20
}

// softLimit is the Go memory limit serve sets while the photo is processed:
// the garbage collector keeps the Go runtime's memory under it (the code
// of the binary and of the WebAssembly encoder come on top), and lets the
// heap grow up to it, an empty cache's room included.
func softLimit() int64 {
	return (serveCacheMB + workingMB + serveWorkers*photoMemoryMB) << 20
}

// servePeakRSS builds vitrine serve into dir, starts it on a new SQLite
// database and media directory there, uploads the photo at path through
// the admin API, waits until it is ready, and reads the server's VmHWM
// before and after.
func servePeakRSS(ctx context.Context, dir, path string) (serveMemory, error) {
	var m serveMemory
	data, err := os.ReadFile(path)
	if err != nil {
		return m, err
	}
	m.fileSize = int64(len(data))
	step("building vitrine serve, to measure it processing %s", filepath.Base(path))
	bin, err := proc.Build(ctx, dir)
	if err != nil {
		return m, err
	}
	dsn := filepath.Join(dir, "vitrine.db")
	token, err := mintToken(ctx, bin, dsn)
	if err != nil {
		return m, err
	}
	maxMB := max(20, int(m.fileSize>>20)+1)
	m.serverLog = filepath.Join(dir, "serve-photos.log")
	// The server's own memory settings: none of this process's.
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMEMLIMIT=") && !strings.HasPrefix(kv, "GOGC=") {
			env = append(env, kv)
		}
	}
	p, err := proc.Start(ctx, bin, []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--metrics-addr", "off",
		"--media-dir", filepath.Join(dir, "media"), "--media-max-mb", strconv.Itoa(maxMB),
		"--media-workers", strconv.Itoa(serveWorkers), "--cache-mb", strconv.Itoa(serveCacheMB)},
		proc.Options{Name: "vitrine serve (photos)", Env: env, Log: m.serverLog})
	if err != nil {
		return m, err
	}
	defer stop(p)
	client := &http.Client{Timeout: 2 * time.Minute}

	a, err := proc.Call(ctx, client, http.MethodPost, p.URL+"/api/admin/properties", token, map[string]any{
		"title": "Casa da foto grande", "price": "450000.00", "type": "venda",
		"subtype":      map[string]any{"name": "Casa"},
		"city":         map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Centro"},
	})
	if err != nil || a.Status != http.StatusCreated {
		return m, fmt.Errorf("create a property: %v %d %s", err, a.Status, a.Body)
	}
	var prop struct{ ID string }
	if err := json.Unmarshal(a.Body, &prop); err != nil || prop.ID == "" {
		return m, fmt.Errorf("create a property: answer %s", a.Body)
	}
	m.idleRSS, m.idleHWM = p.RSS(), p.PeakRSS()
	if m.idleRSS == 0 || m.idleHWM == 0 {
		return m, fmt.Errorf("no VmRSS or VmHWM in /proc/%d/status", p.Pid())
	}

	step("uploading %s (%d MB) to vitrine serve", filepath.Base(path), m.fileSize>>20)
	photosURL := p.URL + "/api/admin/properties/" + prop.ID + "/photos"
	start := time.Now()
	id, err := upload(ctx, client, photosURL, token, filepath.Base(path), data)
	if err != nil {
		return m, err
	}
	m.uploaded = time.Since(start)
	for {
		a, err := proc.Call(ctx, client, http.MethodGet, photosURL, token, nil)
		if err != nil || a.Status != http.StatusOK {
			return m, fmt.Errorf("list the photos: %v %d %s", err, a.Status, a.Body)
		}
		var list struct {
			Photos []struct {
				ID, Status    string
				Error         *string
				Width, Height *int
				Srcset        *struct{ JPEG, WebP string }
			}
		}
		if err := json.Unmarshal(a.Body, &list); err != nil {
			return m, fmt.Errorf("list the photos: %w: %s", err, a.Body)
		}
		if len(list.Photos) != 1 || list.Photos[0].ID != id {
			return m, fmt.Errorf("the property lists %s, not the photo uploaded (%s)", a.Body, id)
		}
		ph := list.Photos[0]
		if ph.Status == "failed" {
			return m, fmt.Errorf("the photo failed: %s (see %s)", *ph.Error, m.serverLog)
		}
		if ph.Status == "ready" {
			m.ready = time.Since(start)
			if ph.Width != nil && ph.Height != nil && ph.Srcset != nil {
				m.width, m.height = *ph.Width, *ph.Height
				m.variants = strings.Count(ph.Srcset.JPEG, ",") + strings.Count(ph.Srcset.WebP, ",") + 2
			}
			break
		}
		if time.Since(start) > readyWithin {
			return m, fmt.Errorf("the photo is still %q after %v (see %s)", ph.Status, readyWithin, m.serverLog)
		}
		select {
		case <-ctx.Done():
			return m, ctx.Err()
		case <-time.After(100 * time.Millisecond): // polling interval
		}
	}
	if m.peakHWM = p.PeakRSS(); m.peakHWM == 0 {
		return m, fmt.Errorf("no VmHWM in /proc/%d/status", p.Pid())
	}
	return m, nil
}

// upload sends data as the "file" of a multipart POST to url and returns
// the id of the photo created.
func upload(ctx context.Context, c *http.Client, url, token, name string, data []byte) (string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		return "", err
	}
	fw.Write(data)
	if err := mw.Close(); err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.Do(req)
	if err != nil {
		return "", fmt.Errorf("upload: %w", err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("upload: status %d: %s", res.StatusCode, raw)
	}
	var ph struct{ ID string }
	if err := json.Unmarshal(raw, &ph); err != nil || ph.ID == "" {
		return "", fmt.Errorf("upload answered %s", raw)
	}
	return ph.ID, nil
}

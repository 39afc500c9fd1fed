package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media/blob/s3test"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// Several vitrine serve on one PostgreSQL database and one S3 bucket, as a
// deployment behind a load balancer runs them: a photo uploaded on one is
// processed by whichever takes it from the queue, and served by all.

const (
	sharedBucket    = "vitrine-fotos"
	sharedPublicURL = "https://imoveis.example.com"
)

// sharedMedia is what the instances of a test share: a PostgreSQL schema,
// an S3 gateway with the bucket, and an admin token.
type sharedMedia struct {
	dsn   string
	gw    *s3test.Server
	token string
}

func newSharedMedia(t *testing.T) *sharedMedia {
	t.Helper()
	skipShort(t, "several vitrine serve on one PostgreSQL database and one S3 bucket")
	if os.Getenv("VITRINE_TEST_POSTGRES") == "" {
		t.Skip("SKIPPING: VITRINE_TEST_POSTGRES is not set; this test runs several vitrine serve on one PostgreSQL database (make test-go sets it)")
	}
	m := &sharedMedia{dsn: storetest.DSN(t, "postgres"), gw: s3test.Start(t)}
	m.gw.CreateBucket(t, sharedBucket)
	m.token = mintToken(t, m.dsn, "fotos")
	return m
}

// getenv is the environment of an instance: the S3 credentials, nothing
// else.
func (m *sharedMedia) getenv(k string) string { return s3test.Env(k) }

// start runs serve in this process on the shared database, with the
// shared public address and its photos in the bucket at endpoint (the
// gateway's, or a proxy's in front of it), until stop or the end of the
// test.
func (m *sharedMedia) start(t *testing.T, endpoint string, extra ...string) *inProcessServer {
	t.Helper()
	return startInProcess(t, serveOptions{getenv: m.getenv, db: m.dsn}, append([]string{"--public-url", sharedPublicURL,
		"--media-s3", "s3://" + sharedBucket + "?endpoint=" + endpoint + "&path_style=true", "--log-level", "warn"}, extra...)...)
}

// testJPEG is a w×h JPEG whose content depends on seed.
func testJPEG(t *testing.T, w, h int, seed uint8) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), seed, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// adminPhoto is a photo as GET /api/admin/properties/{id}/photos lists it.
type adminPhoto struct {
	ID           string  `json:"id"`
	Source       string  `json:"source"`
	Status       string  `json:"status"`
	Error        *string `json:"error"`
	URL          *string `json:"url"`
	ThumbnailURL *string `json:"thumbnail_url"`
	Width        *int    `json:"width"`
	Height       *int    `json:"height"`
}

// uploadPhoto sends data as the "file" of a multipart POST to the
// property's photos and returns the photo created.
func uploadPhoto(t *testing.T, base, token, propertyID string, data []byte) adminPhoto {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("alt_text", "Sala de estar")
	fw, err := mw.CreateFormFile("file", "sala.jpg")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", base+"/api/admin/properties/"+propertyID+"/photos", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: status %d: %s", res.StatusCode, raw)
	}
	var ph adminPhoto
	if err := json.Unmarshal(raw, &ph); err != nil || ph.ID == "" || ph.Source != "upload" {
		t.Fatalf("upload answered %s (%v)", raw, err)
	}
	return ph
}

// photos lists the property's photos through the admin API of base.
func photos(t *testing.T, base, token, propertyID string) []adminPhoto {
	t.Helper()
	a := mustCall(t, "GET", base+"/api/admin/properties/"+propertyID+"/photos", token, nil, http.StatusOK)
	var list struct{ Photos []adminPhoto }
	if err := json.Unmarshal(a.Body, &list); err != nil {
		t.Fatalf("photos: %v\n%s", err, a.Body)
	}
	return list.Photos
}

// photoStatus is the status of photo id among the property's photos.
func photoStatus(t *testing.T, base, token, propertyID, id string) adminPhoto {
	t.Helper()
	for _, ph := range photos(t, base, token, propertyID) {
		if ph.ID == id {
			return ph
		}
	}
	t.Fatalf("photo %s is not among the property's photos", id)
	return adminPhoto{}
}

// waitReady polls base's admin API until photo id is ready, and fails the
// test if it fails or is still processing after a minute.
func waitReady(t *testing.T, base, token, propertyID, id string) adminPhoto {
	t.Helper()
	return waitReadyWithin(t, base, token, propertyID, id, time.Minute)
}

// waitReadyWithin is waitReady with a deadline of its own.
func waitReadyWithin(t *testing.T, base, token, propertyID, id string, within time.Duration) adminPhoto {
	t.Helper()
	var ph adminPhoto
	if !waitUntil(within, func() bool {
		ph = photoStatus(t, base, token, propertyID, id)
		if ph.Status == "failed" {
			msg := ""
			if ph.Error != nil {
				msg = *ph.Error
			}
			t.Fatalf("photo %s failed: %s", id, msg)
		}
		return ph.Status == "ready"
	}) {
		t.Fatalf("photo %s still %q after %v", id, ph.Status, within)
	}
	return ph
}

// publicPhoto is a photo of the public detail.
type publicPhoto struct {
	URL          string `json:"url"`
	AltText      string `json:"alt_text"`
	DisplayOrder int    `json:"display_order"`
	Width        *int   `json:"width"`
	Height       *int   `json:"height"`
	Srcset       *struct {
		JPEG string `json:"jpeg"`
		WebP string `json:"webp"`
	} `json:"srcset"`
}

// publicPhotos reads the photos of the property's public detail at base.
func publicPhotos(t *testing.T, base, slug string) []publicPhoto {
	t.Helper()
	a := mustCall(t, "GET", base+"/api/v1/properties/"+slug, "", nil, http.StatusOK)
	var d struct{ Photos []publicPhoto }
	if err := json.Unmarshal(a.Body, &d); err != nil {
		t.Fatalf("detail: %v\n%s", err, a.Body)
	}
	return d.Photos
}

// mediaName is the file name of a media address under the public URL.
func mediaName(t *testing.T, u string) string {
	t.Helper()
	name, ok := strings.CutPrefix(u, sharedPublicURL+"/media/")
	if !ok || name == "" || strings.Contains(name, "/") {
		t.Fatalf("media address %q is not under %s/media/", u, sharedPublicURL)
	}
	return name
}

// mediaFile reads /media/name from base, checking its status and type.
func mediaFile(t *testing.T, base, name, wantType string) []byte {
	t.Helper()
	res, err := http.Get(base + "/media/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != wantType {
		t.Fatalf("GET %s/media/%s: %d %q, want 200 %s: %.200s", base, name, res.StatusCode, res.Header.Get("Content-Type"), wantType, data)
	}
	return data
}

// srcsetNames are the file names of a srcset's candidates.
func srcsetNames(t *testing.T, srcset string) []string {
	t.Helper()
	var names []string
	for c := range strings.SplitSeq(srcset, ", ") {
		u, _, _ := strings.Cut(c, " ")
		names = append(names, mediaName(t, u))
	}
	return names
}

// TestTwoInstancesShareMedia: a photo uploaded on A is processed (by A or
// B, whichever takes it), and B's public detail lists it at the public
// address, with every variant served by B as A serves it.
func TestTwoInstancesShareMedia(t *testing.T) {
	m := newSharedMedia(t)
	a := m.start(t, m.gw.Endpoint)
	b := m.start(t, m.gw.Endpoint)
	if a.url == b.url {
		t.Fatalf("both instances listen at %s", a.url)
	}

	id, slug := createProperty(t, a.url, m.token, "Casa com fotos")
	const w, h = 1200, 900
	up := uploadPhoto(t, a.url, m.token, id, testJPEG(t, w, h, 7))
	if up.Status != "processing" || up.URL != nil {
		t.Errorf("a new upload: status %q, url %v; want processing, null", up.Status, up.URL)
	}
	ready := waitReady(t, a.url, m.token, id, up.ID)
	if ready.URL == nil || ready.ThumbnailURL == nil {
		t.Fatalf("a ready photo without url or thumbnail_url: %+v", ready)
	}
	// B's admin API says the same of it.
	if got := photoStatus(t, b.url, m.token, id, up.ID); got.Status != "ready" || got.URL == nil || *got.URL != *ready.URL {
		t.Errorf("B lists the photo as %+v, A as %+v", got, ready)
	}

	list := publicPhotos(t, b.url, slug)
	if len(list) != 1 {
		t.Fatalf("B's public detail lists %d photos, want 1: %+v", len(list), list)
	}
	ph := list[0]
	if ph.URL != *ready.URL || ph.AltText != "Sala de estar" || ph.DisplayOrder != 0 || ph.Srcset == nil ||
		ph.Width == nil || ph.Height == nil || *ph.Width != w || *ph.Height != h {
		t.Fatalf("B's public photo: %+v (url %q from A)", ph, *ready.URL)
	}
	name := mediaName(t, ph.URL)
	fromA := mediaFile(t, a.url, name, "image/jpeg")
	fromB := mediaFile(t, b.url, name, "image/jpeg")
	if !bytes.Equal(fromA, fromB) {
		t.Fatalf("%s: %d bytes from A, %d different bytes from B", name, len(fromA), len(fromB))
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(fromB))
	if err != nil || cfg.Width != *ph.Width || cfg.Height != *ph.Height {
		t.Fatalf("%s from B: %dx%d (%v), the detail says %dx%d", name, cfg.Width, cfg.Height, err, *ph.Width, *ph.Height)
	}
	// Every candidate of both formats is served by B, as by A.
	jpegs, webps := srcsetNames(t, ph.Srcset.JPEG), srcsetNames(t, ph.Srcset.WebP)
	if len(jpegs) != 3 || len(webps) != 3 || jpegs[2] != name {
		t.Fatalf("srcset of a %dx%d photo: %q / %q, want 480, 960 and 1200 wide, the largest JPEG at url", w, h, jpegs, webps)
	}
	for _, set := range []struct {
		names []string
		ct    string
	}{{jpegs, "image/jpeg"}, {webps, "image/webp"}} {
		for _, n := range set.names {
			if !bytes.Equal(mediaFile(t, a.url, n, set.ct), mediaFile(t, b.url, n, set.ct)) {
				t.Errorf("%s differs between A and B", n)
			}
		}
	}
	if n := mediaName(t, *ready.ThumbnailURL); n != jpegs[0] {
		t.Errorf("thumbnail %s, want the smallest JPEG %s", n, jpegs[0])
	}
}

// holdingProxy stands between an instance and the S3 gateway: it forwards
// every request, except that, once armed, it holds each GET of an
// original (the read that starts processing) until the request is
// abandoned, and tells which key it holds.
type holdingProxy struct {
	url   string
	armed chan struct{} // closed: hold
	held  chan string   // the path of each GET held
}

func newHoldingProxy(t *testing.T, target string) *holdingProxy {
	t.Helper()
	to, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &holdingProxy{armed: make(chan struct{}), held: make(chan string, 16)}
	// The Host header stays the proxy's: the client signed the request
	// for it.
	rp := httputil.NewSingleHostReverseProxy(to)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-p.armed:
			if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/originals/") {
				p.held <- r.URL.Path
				<-r.Context().Done()
				return
			}
		default:
		}
		rp.ServeHTTP(w, r)
	})
	srv := &http.Server{Handler: mux}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	p.url = "http://" + ln.Addr().String()
	return p
}

// waitHeld waits until the proxy holds the read of an original: an
// instance's worker has claimed an image and is processing it.
func (p *holdingProxy) waitHeld(t *testing.T) {
	t.Helper()
	select {
	case <-p.held:
	case <-time.After(time.Minute):
		t.Fatal("no worker read an original through the proxy within a minute")
	}
}

// TestQueuedPhotoOutlivesItsInstance: photos uploaded on A and still
// waiting, or in progress, when A stops are processed by B, on the same
// database and bucket.
// A's only worker is kept busy with a first photo (the proxy holds the
// read of its original), so that the second one waits in the queue; A then
// stops.
func TestQueuedPhotoOutlivesItsInstance(t *testing.T) {
	m := newSharedMedia(t)
	proxy := newHoldingProxy(t, m.gw.Endpoint)
	a := m.start(t, proxy.url, "--media-workers", "1")
	id, slug := createProperty(t, a.url, m.token, "Casa da fila")

	close(proxy.armed)
	first := uploadPhoto(t, a.url, m.token, id, testJPEG(t, 800, 600, 1))
	proxy.waitHeld(t)
	second := uploadPhoto(t, a.url, m.token, id, testJPEG(t, 800, 600, 2))
	if err := a.stop(); err != nil {
		t.Fatalf("A's stop: %v\n%s", err, a.stderr.String())
	}
	select {
	case p := <-proxy.held:
		t.Fatalf("A read %s after its only worker was taken", p)
	default:
	}
	// With A stopped and no other instance, both photos wait.
	waiting, err := storetest.OpenAt(t, m.dsn, store.Options{}).PropertyPhotos(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(waiting) != 2 {
		t.Fatalf("the property has %d photos, want 2", len(waiting))
	}
	for _, ph := range waiting {
		if ph.Image == nil || ph.Image.Status != listing.ImageProcessing {
			t.Fatalf("before B starts, a photo is %+v, want an image still processing", ph)
		}
	}

	// B takes both: the second, which waited in the queue, and the first,
	// whose lease A gave back when it stopped (else B would wait for the
	// lease to run out, minutes).
	b := m.start(t, m.gw.Endpoint)
	readyFirst := waitReady(t, b.url, m.token, id, first.ID)
	ready := waitReady(t, b.url, m.token, id, second.ID)
	list := publicPhotos(t, b.url, slug)
	if len(list) != 2 || list[0].URL != *readyFirst.URL || list[1].URL != *ready.URL || list[1].DisplayOrder != 1 {
		t.Fatalf("B's public detail lists %+v, want the first photo at %s, then the second at %s", list, *readyFirst.URL, *ready.URL)
	}
	data := mediaFile(t, b.url, mediaName(t, list[1].URL), "image/jpeg")
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != 800 {
		t.Errorf("the second photo's largest JPEG: %dx%d (%v), want 800 wide", cfg.Width, cfg.Height, err)
	}
}

// TestKilledInstancesPhotoTakenOver: an instance killed (SIGKILL, as the
// kernel's out-of-memory killer does) while it processes a photo leaves
// its lease to run out, and another instance, already running, takes the
// photo over and makes it ready within a minute: the lease (30 s, renewed
// while A worked) plus B's poll of the queue (10 s), not the 10 minutes
// of a lease taken once for the whole job.
// A and B are vitrine serve processes on one PostgreSQL database and one
// bucket; A reads the bucket through a proxy that holds the read of the
// original, so that A is killed while it holds the photo's lease.
func TestKilledInstancesPhotoTakenOver(t *testing.T) {
	m := newSharedMedia(t)
	// The processes read the S3 credentials from their environment.
	for _, k := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"} {
		t.Setenv(k, m.getenv(k))
	}
	bucket := func(endpoint string) []string {
		return []string{"--public-url", sharedPublicURL, "--media-workers", "1",
			"--media-s3", "s3://" + sharedBucket + "?endpoint=" + endpoint + "&path_style=true"}
	}
	proxy := newHoldingProxy(t, m.gw.Endpoint)
	a := startChild(t, m.dsn, bucket(proxy.url)...)
	id, slug := createProperty(t, a.url, m.token, "Casa do processo morto")

	close(proxy.armed)
	up := uploadPhoto(t, a.url, m.token, id, testJPEG(t, 800, 600, 3))
	proxy.waitHeld(t)
	// A holds the photo: B, started now, finds it leased.
	b := startChild(t, m.dsn, bucket(m.gw.Endpoint)...)
	a.kill()
	killed := time.Now()
	var lease time.Time
	var attempts int
	if err := storetest.QueryRow(t, m.dsn, []any{&lease, &attempts},
		`SELECT lease_until, attempts FROM images WHERE status = 'processing'`); err != nil {
		t.Fatalf("the image A was processing: %v", err)
	}
	if attempts != 1 || !lease.After(killed) {
		t.Fatalf("when A was killed, its image was at attempt %d, leased until %v (now %v): want A's claim, still held",
			attempts, lease, killed)
	}
	if ph := photoStatus(t, b.url, m.token, id, up.ID); ph.Status != "processing" {
		t.Fatalf("B lists the photo as %+v, want processing", ph)
	}

	ready := waitReadyWithin(t, b.url, m.token, id, up.ID, 90*time.Second)
	took := time.Since(killed)
	t.Logf("taken over and ready %v after the kill (A's lease ran %v past it)", took.Round(100*time.Millisecond),
		lease.Sub(killed).Round(100*time.Millisecond))
	if err := storetest.QueryRow(t, m.dsn, []any{&attempts}, `SELECT attempts FROM images`); err != nil {
		t.Fatal(err)
	}
	if attempts != 2 {
		t.Errorf("the image was claimed %d times, want twice: by A, then by B", attempts)
	}
	list := publicPhotos(t, b.url, slug)
	if len(list) != 1 || list[0].URL != *ready.URL {
		t.Fatalf("B's public detail lists %+v, want the photo at %s", list, *ready.URL)
	}
	mediaFile(t, b.url, mediaName(t, list[0].URL), "image/jpeg")
}

// TestMediaS3NeedsCredentials: --media-s3 without both AWS credentials
// stops serve before it listens, with an error that says which variables
// are missing.
func TestMediaS3NeedsCredentials(t *testing.T) {
	db := t.TempDir() + "/vitrine.db"
	for _, creds := range [][]string{
		nil,
		{"AWS_ACCESS_KEY_ID", s3test.AccessKey},
		{"AWS_SECRET_ACCESS_KEY", s3test.SecretKey},
	} {
		for _, how := range []struct {
			args []string
			env  []string
			name string
		}{
			{[]string{"--media-s3", "s3://fotos?endpoint=http://127.0.0.1:1&path_style=true"}, nil, "--media-s3"},
			{nil, []string{"VITRINE_MEDIA_S3", "s3://fotos?endpoint=http://127.0.0.1:1&path_style=true"}, "VITRINE_MEDIA_S3"},
		} {
			getenv := env(append(append([]string{"VITRINE_DB", db}, creds...), how.env...)...)
			args := append([]string{"vitrine", "serve", "--addr", "127.0.0.1:0", "--metrics-addr", "off"}, how.args...)
			// The context is over: a serve that went on anyway returns
			// instead of serving.
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			err := refused(t, ctx, args, getenv)
			if err == nil {
				t.Fatalf("serve with %s and only %v started", how.name, creds)
			}
			for _, want := range []string{how.name, "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("with %s and only %v: %q does not name %s", how.name, creds, err, want)
				}
			}
			if len(creds) > 0 && strings.Contains(err.Error(), creds[1]) {
				t.Errorf("the error shows a credential: %v", err)
			}
		}
	}
}

// TestMediaStorageCheckedAtStart: a bucket that does not exist, or
// credentials the storage refuses, stop serve before it listens, naming
// the flag; the right bucket and credentials start it.
func TestMediaStorageCheckedAtStart(t *testing.T) {
	gw := s3test.Start(t)
	gw.CreateBucket(t, "fotos-da-agencia")
	db := t.TempDir() + "/vitrine.db"
	wrongKey := func(k string) string {
		if k == "AWS_SECRET_ACCESS_KEY" {
			return "uma-chave-errada"
		}
		return s3test.Env(k)
	}
	for _, c := range []struct {
		what   string
		bucket string
		getenv func(string) string
	}{
		{"a bucket that does not exist", "balde-inexistente", s3test.Env},
		{"a wrong secret key", "fotos-da-agencia", wrongKey},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		args := []string{"vitrine", "serve", "--addr", "127.0.0.1:0", "--metrics-addr", "off", "--db", db,
			"--media-s3", gw.URL(c.bucket, "")}
		err := refused(t, ctx, args, c.getenv)
		cancel()
		if err == nil || !strings.Contains(err.Error(), "--media-s3") {
			t.Errorf("%s: serve answered %v, want a refusal naming --media-s3", c.what, err)
		}
	}
	srv := startInProcess(t, serveOptions{getenv: s3test.Env, db: db}, "--media-s3", gw.URL("fotos-da-agencia", "vitrine"))
	if err := srv.stop(); err != nil {
		t.Errorf("serve: %v", err)
	}
}

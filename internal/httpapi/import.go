package httpapi

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"os"
	"time"

	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
)

// MaxImportBytes is the largest VRSync file the back office takes (the
// command line's cap, feed.DefaultMaxImportBytes, is higher).
const MaxImportBytes = 100 << 20

// importUploadWindow is how long a client has to send the file: the
// server's read timeout is for an ordinary request, and 100 MB over a
// slow link takes minutes.
const importUploadWindow = 10 * time.Minute

// importLineWindow is how long the answer may wait for its next line:
// longer than the first pass over 100 MB (about 10 s) and than one
// listing's photos (100, 4 at a time, media.FetchTimeout each).
const importLineWindow = (feed.MaxPhotosFetched/4 + 1) * media.FetchTimeout

var (
	errImportRunning = errors.New("an import is running")
	errXMLType       = errors.New("content type is not XML")
)

// importLine is the last line of an import's answer.
type importLine struct {
	Done   bool        `json:"done"`
	DryRun bool        `json:"dry_run"`
	Totals feed.Totals `json:"totals"`
	Error  *string     `json:"error"` // what stopped the import before its end
}

// adminImportVRSync imports a VRSync file sent as the body (see
// feed.Importer): dry_run=true reports what would change and writes
// nothing; photos=link keeps every photo as an address. One import runs
// at a time in a process. The file is read whole to a temporary file
// (bounded by MaxImportBytes) and checked before the first line goes: a
// refused file is an ordinary JSON error. The answer is NDJSON: a line
// per listing as it is done (feed.Result), then importLine.
func (s *Server) adminImportVRSync(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v := &listing.ValidationError{}
	dry := listing.ParseFlag(v, "dry_run", q.Get("dry_run"))
	dryRun := dry != nil && *dry
	mode := feed.PhotoMode(q.Get("photos"))
	if mode == "" {
		mode = feed.PhotosFetch
	}
	if !mode.Valid() {
		v.Add("photos", "Use fetch (baixar as fotos) ou link (manter os endereços).")
	}
	if err := v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "application/xml" && ct != "text/xml" {
		s.writeError(w, r, errXMLType)
		return
	}
	if !s.importing.CompareAndSwap(false, true) {
		s.writeError(w, r, errImportRunning)
		return
	}
	defer s.importing.Store(false)

	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(importUploadWindow))
	f, err := feed.Spool(http.MaxBytesReader(w, r.Body, MaxImportBytes), r.ContentLength, MaxImportBytes, "")
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err = feed.TooLarge(MaxImportBytes)
	}
	// The server's write deadline was set when the request came, before
	// an upload that may have taken minutes.
	rc.SetWriteDeadline(time.Now().Add(importLineWindow))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()

	im := &feed.Importer{Catalog: s.store}
	if s.media != nil {
		im.Photos = s.media
	}
	opt := feed.ImportOptions{DryRun: dryRun, Photos: mode, Limits: feed.Limits{MaxBytes: MaxImportBytes}, By: caller(r).actor}
	started := false
	enc := json.NewEncoder(w)
	start := func() {
		if !started {
			started = true
			w.Header().Set("Content-Type", "application/x-ndjson")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusOK)
		}
		rc.SetWriteDeadline(time.Now().Add(importLineWindow))
	}
	tot, err := im.Import(r.Context(), f, opt, func(res feed.Result) error {
		start()
		if err := enc.Encode(res); err != nil {
			return err
		}
		return rc.Flush()
	})
	if !dryRun {
		s.cache.invalidate()
	}
	if err != nil && !started {
		s.writeError(w, r, err)
		return
	}
	start()
	end := importLine{Done: err == nil, DryRun: dryRun, Totals: tot}
	if err != nil {
		s.log.WarnContext(r.Context(), "import stopped", "err", err, "request_id", requestID(w))
		msg := "A importação parou antes do fim; os anúncios informados acima foram aplicados. Envie o arquivo de novo para continuar."
		end.Error = &msg
	}
	enc.Encode(end)
	rc.Flush()
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/store"
)

const importUsage = "Usage: vitrine import vrsync [--dry-run] [--photos fetch|link] [--max-bytes N] [serve's --db, --media-… flags] FILE|URL\n"

// importDownloadTimeout bounds the download of a file given by its URL.
const importDownloadTimeout = 10 * time.Minute

// importCmd runs "vitrine import vrsync": a VRSync file (a path or an
// http(s) URL) applied to the catalogue, one line per listing, then the
// totals. The database and the media storage are serve's (its flags and
// variables), so that fetched photos land where serve's workers make
// their variants. It fails when the file or any listing is refused.
func importCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "vrsync" {
		fmt.Fprint(stderr, importUsage)
		return errUsage
	}
	var cfg config
	fs := newFlagSet("import vrsync", &cfg, stderr)
	serveFlags(fs, &cfg)
	dryRun := fs.Bool("dry-run", false, "report what would change; fetch and write nothing")
	var photos feed.PhotoMode
	define(fs, &photos, feed.PhotosFetch, "photos", parsePhotoMode, func(m feed.PhotoMode) string { return string(m) },
		"`mode`: fetch (host each new photo as an upload) or link (keep every photo as an external address)")
	var maxBytes int64
	define(fs, &maxBytes, feed.DefaultMaxImportBytes, "max-bytes", parseMaxBytes, func(n int64) string { return strconv.FormatInt(n, 10) },
		"largest file read, in `bytes`")
	rest, err := parse(fs, args[1:], getenv)
	if err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	src, err := oneArg(fs, rest, "file or URL")
	if err != nil {
		return err
	}
	f, err := openImport(ctx, src, maxBytes)
	if err != nil {
		return importError(err)
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()

	files, err := openMedia(ctx, cfg, getenv)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, cfg.db, store.Options{MediaURL: mediaURL(cfg.publicURL, cfg.addr), Documents: detaildoc.Renderer{}})
	if err != nil {
		return err
	}
	defer st.Close()
	if err := migrateSafely(ctx, st, cfg.db, snapshotNotice(cfg.db, stderr)); err != nil {
		return err
	}
	m := media.New(media.Config{Catalog: st, Files: files, MaxBytes: int64(cfg.mediaMaxMB) << 20,
		Transport: media.PublicTransport(cfg.fetchPorts)})
	im := &feed.Importer{Catalog: st, Photos: m}
	opt := feed.ImportOptions{DryRun: *dryRun, Photos: photos, Limits: feed.Limits{MaxBytes: maxBytes},
		By: listing.Actor{Name: "vitrine import"}}
	tot, err := im.Import(ctx, f, opt, func(r feed.Result) error {
		_, err := io.WriteString(stdout, resultLine(r))
		return err
	})
	if err != nil {
		return importError(err)
	}
	fmt.Fprintln(stdout, totalsLine(tot, *dryRun))
	if tot.Refused > 0 {
		return fmt.Errorf("%d listing(s) refused", tot.Refused)
	}
	return nil
}

func parsePhotoMode(s string) (feed.PhotoMode, error) {
	if m := feed.PhotoMode(s); m.Valid() {
		return m, nil
	}
	return "", errors.New("want fetch or link")
}

func parseMaxBytes(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, errors.New("want a number of bytes above zero")
	}
	return n, nil
}

// importError words a refused file for the command line.
func importError(err error) error {
	var fe *feed.FileError
	if errors.As(err, &fe) {
		return errors.New("arquivo recusado: " + fe.Message)
	}
	return err
}

// openImport spools the file or URL src to a temporary file (see
// feed.Spool), refusing one over max bytes before reading it when its
// size is known.
func openImport(ctx context.Context, src string, max int64) (*os.File, error) {
	if u, err := url.Parse(src); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		ctx, cancel := context.WithTimeout(ctx, importDownloadTimeout)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("User-Agent", "Vitrine-Import/1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, fmt.Errorf("download %s: %w", u.Redacted(), err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("download %s: %s", u.Redacted(), resp.Status)
		}
		return feed.Spool(resp.Body, resp.ContentLength, max, "")
	}
	in, err := os.Open(src)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return nil, err
	}
	return feed.Spool(in, info.Size(), max, "")
}

// resultLine says what the import did with one listing, for people.
func resultLine(r feed.Result) string {
	var b strings.Builder
	b.WriteString(r.ListingID + ": ")
	switch r.Action {
	case feed.Created:
		b.WriteString("criado")
	case feed.Updated:
		b.WriteString("atualizado (" + strings.Join(r.Changes, ", ") + ")")
	case feed.Unchanged:
		b.WriteString("sem mudanças")
	case feed.Refused:
		b.WriteString("recusado: " + problemText(r.Problems))
	}
	if r.PhotosFetched > 0 {
		fmt.Fprintf(&b, "; %d foto(s) baixada(s)", r.PhotosFetched)
	}
	if len(r.Warnings) > 0 {
		b.WriteString("; avisos: " + problemText(r.Warnings))
	}
	b.WriteString("\n")
	return b.String()
}

func problemText(ps []feed.Problem) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Field + ": " + p.Message
	}
	return strings.Join(parts, "; ")
}

// totalsLine sums the import up, for people.
func totalsLine(t feed.Totals, dryRun bool) string {
	s := fmt.Sprintf("%d anúncio(s): %d criado(s), %d atualizado(s), %d sem mudanças, %d recusado(s); %d foto(s) baixada(s).",
		t.Listings, t.Created, t.Updated, t.Unchanged, t.Refused, t.PhotosFetched)
	if dryRun {
		s = fmt.Sprintf("Verificação, nada foi gravado nem baixado. %d anúncio(s): %d seriam criados, %d atualizados, %d ficariam sem mudanças, %d recusados; %d foto(s) a baixar.",
			t.Listings, t.Created, t.Updated, t.Unchanged, t.Refused, t.PhotosFetched)
	}
	return s
}

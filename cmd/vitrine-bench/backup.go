package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// The backup scenario (BENCH_ONLY=backup) measures "vitrine backup
// create" and "vitrine restore" of the run's catalogue with
// BENCH_PHOTOS photos in the media directory, and what a backup does to
// the detail reads of the server that runs on the same files.
//
// The photos are synthetic: an original of photoOriginalBytes random
// bytes and two variants of photoVariantBytes each, written straight
// into the media directory under the keys the media service uses. Their
// content costs the backup only its bytes (it hashes and copies files, it
// does not decode them), so their number and sizes are what matter; the
// database does not name them, which changes nothing for the backup,
// which copies every object of the media storage.

const (
	photoOriginalBytes = 24 << 10
	photoVariantBytes  = 6 << 10
)

// readSlice is the length of one run of wrk during and beside a backup:
// each run starts by loading its request file (a second or two at
// 100,000 properties), during which nothing is read, so short slices
// would leave most of the backup unmeasured.
const readSlice = 5 * time.Second

// backupScenario runs the backup measures and prints their table.
func (b *bench) backupScenario(ctx context.Context, w io.Writer) error {
	media := filepath.Join(b.dir, "media")
	step("backup: writing %d synthetic photos into %s", b.cfg.photos, media)
	mediaBytes, err := writeSyntheticPhotos(media, b.cfg.photos)
	if err != nil {
		return err
	}
	p, err := b.serveBuild(ctx, build{bin: b.bin, args: []string{"--media-dir", media}}, "serve-backup", b.dsn, b.cfg.cacheMB)
	if err != nil {
		return err
	}
	defer stop(p)
	if _, _, err := b.sample(ctx, p.URL, b.slugs); err != nil {
		return err
	}
	detailFile := filepath.Join(b.dir, "detail.req")
	if err := writeRequests(detailFile, detailRequests(b.slugs)); err != nil {
		return err
	}
	reader := *b.wrk
	reader.connections, reader.threads = detailConnections, 1

	// The first backup, with the server at rest, times a full one; the
	// reads are then measured alone, and during a second full backup
	// into an empty target, for the time the first took and a second
	// more.
	step("backup: a full backup, the server at rest")
	full, err := b.timed(ctx, "backup", "create", "--to", filepath.Join(b.dir, "copias-1"), "--db", b.dsn, "--media-dir", media)
	if err != nil {
		return err
	}
	step("backup: detail reads alone for %s", full+time.Second)
	// In slices too, as during the backup: a slice's p99 is what the
	// report's p99 averages.
	var alone result
	for alone.duration < full+time.Second {
		r, err := reader.run(ctx, p.URL, detailFile, readSlice)
		if err != nil {
			return err
		}
		alone.add(r)
	}
	step("backup: detail reads during a full backup")
	// The reads go on in slices until the backup has ended.
	type created struct {
		d   time.Duration
		err error
	}
	done := make(chan created, 1)
	go func() {
		d, err := b.timed(ctx, "backup", "create", "--to", filepath.Join(b.dir, "copias-2"), "--db", b.dsn, "--media-dir", media)
		done <- created{d, err}
	}()
	var during result
	var underLoad time.Duration
	for running := true; running; {
		r, err := reader.run(ctx, p.URL, detailFile, readSlice)
		if err != nil {
			return err
		}
		during.add(r)
		select {
		case c := <-done:
			if c.err != nil {
				return c.err
			}
			underLoad, running = c.d, false
		default:
		}
	}
	step("backup: an incremental backup (the media in the target already)")
	incremental, err := b.timed(ctx, "backup", "create", "--to", filepath.Join(b.dir, "copias-1"), "--db", b.dsn, "--media-dir", media)
	if err != nil {
		return err
	}
	step("backup: verify")
	verify, err := b.timed(ctx, "backup", "verify", filepath.Join(b.dir, "copias-1"))
	if err != nil {
		return err
	}
	step("backup: restore into an empty place")
	restored := filepath.Join(b.dir, "restaurado")
	restore, err := b.timed(ctx, "restore", filepath.Join(b.dir, "copias-1"), "--db", filepath.Join(restored, "vitrine.db"),
		"--media-dir", filepath.Join(restored, "media"))
	if err != nil {
		return err
	}
	dbSize, err := fileSize(filepath.Join(restored, "vitrine.db"))
	if err != nil {
		return err
	}

	fmt.Fprintf(w, "\n### Backup and restore, SQLite, %d properties, %d photos (synthetic: %d files, %s)\n\n",
		b.cfg.properties, b.cfg.photos, 3*b.cfg.photos, mb(mediaBytes))
	fmt.Fprintln(w, "| step | time |")
	fmt.Fprintln(w, "|---|--:|")
	fmt.Fprintf(w, "| backup create, full (database %s and every photo), server at rest | %s |\n", mb(dbSize), secs(full))
	fmt.Fprintf(w, "| backup create, full, during detail reads | %s |\n", secs(underLoad))
	fmt.Fprintf(w, "| backup create, incremental (the photos in the target already) | %s |\n", secs(incremental))
	fmt.Fprintf(w, "| backup verify (every checksum, integrity_check) | %s |\n", secs(verify))
	fmt.Fprintf(w, "| restore into an empty place (checked on the way) | %s |\n", secs(restore))
	fmt.Fprintf(w, "\n| detail reads (%d connections) | req/s | p50 | p99 |\n|---|--:|--:|--:|\n", detailConnections)
	fmt.Fprintf(w, "| alone | %.0f | %s | %s |\n", alone.rps, ms(alone.p50), ms(alone.p99))
	fmt.Fprintf(w, "| during a full backup | %.0f | %s | %s |\n", during.rps, ms(during.p50), ms(during.p99))
	fmt.Fprintf(w, "\n- photos: an original of %d KiB of random bytes and two variants of %d KiB each, written into --media-dir; the database does not name them (a backup copies every object of the media storage)\n",
		photoOriginalBytes>>10, photoVariantBytes>>10)
	fmt.Fprintf(w, "- reads in slices of %s (p50 and p99: the slices' means, weighted by their requests), each wrk run starting with the load of its request file: alone for the full backup's time at rest plus a second, during from the backup's start until a slice ended after it (%s of reads over the backup's %s); errors: %d alone, %d during\n",
		readSlice, secs(during.duration), secs(underLoad), alone.errors, during.errors)
	for _, line := range machine() {
		fmt.Fprintln(w, "- "+line)
	}
	for _, n := range b.notes {
		fmt.Fprintln(w, "- "+n)
	}
	return nil
}

// timed runs a vitrine command and returns how long it took.
func (b *bench) timed(ctx context.Context, args ...string) (time.Duration, error) {
	start := time.Now()
	cmd := exec.CommandContext(ctx, b.bin, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("vitrine %v: %w\n%s", args, err, out)
	}
	d := time.Since(start)
	step("  %s in %s: %s", args[0]+" "+args[1], d.Round(time.Millisecond), out)
	return d, nil
}

// writeSyntheticPhotos writes n photos' files into dir and returns their
// bytes.
func writeSyntheticPhotos(dir string, n int) (int64, error) {
	if err := os.MkdirAll(filepath.Join(dir, "originals"), 0o700); err != nil {
		return 0, err
	}
	buf := make([]byte, photoOriginalBytes)
	var total int64
	for range n {
		var id [16]byte
		rand.Read(id[:])
		name := hex.EncodeToString(id[:])
		files := map[string]int{
			filepath.Join("originals", name+".jpg"): photoOriginalBytes,
			name + "-960.jpg":                       photoVariantBytes,
			name + "-960.webp":                      photoVariantBytes,
		}
		for f, size := range files {
			rand.Read(buf[:size])
			if err := os.WriteFile(filepath.Join(dir, f), buf[:size], 0o600); err != nil {
				return total, err
			}
			total += int64(size)
		}
	}
	return total, nil
}

func fileSize(path string) (int64, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

func secs(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s" }

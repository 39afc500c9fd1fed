package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/media/imaging"
	"github.com/vitrine/vitrine/internal/proc"
)

// Photo processing, measured against libvips (issue 17): the same 12 MP
// JPEG made into the same widths by imaging.Process and by vipsthumbnail,
// in one run, and the peak memory of processing a 50 MP JPEG: in a process
// of its own, then in vitrine serve (photos_serve.go).

const (
	photosCommand      = "photos"       // vitrine-bench photos: the comparison
	photosChildCommand = "photos-child" // one Process in a process of its own, for its peak RSS
	photoRuns          = 3              // runs of each side; the median counts
	photoTargetRatio   = 4.0            // Process within 4× vipsthumbnail's time
)

// runPhotos prints the comparison as Markdown.
func runPhotos(ctx context.Context) error {
	vips, err := ensureTool(ctx, "vipsthumbnail", "libvips-tools")
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "vitrine-bench-photos-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "12mp.jpg")
	if err := writeTestPhoto(src, 4000, 3000); err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}

	// The WebP encoder compiles its WASM module on first use: once, before timing.
	if _, err := imaging.Process(ctx, data, imaging.Options{}); err != nil {
		return fmt.Errorf("process: %w", err)
	}
	ours, err := medianOf(photoRuns, func() error {
		_, err := imaging.Process(ctx, data, imaging.Options{})
		return err
	})
	if err != nil {
		return err
	}
	vipsRun := func(formats ...string) func() error {
		return func() error {
			for _, w := range imaging.DefaultWidths {
				for _, f := range formats {
					out := filepath.Join(dir, fmt.Sprintf("vips-%d.%s", w, f))
					cmd := exec.CommandContext(ctx, vips, src, "--size", strconv.Itoa(w), "-o", out+vipsOptions(f))
					if b, err := cmd.CombinedOutput(); err != nil {
						return fmt.Errorf("vipsthumbnail: %v: %s", err, b)
					}
				}
			}
			return nil
		}
	}
	vipsJPEG, err := medianOf(photoRuns, vipsRun("jpg"))
	if err != nil {
		return err
	}
	vipsBoth, err := medianOf(photoRuns, vipsRun("jpg", "webp"))
	if err != nil {
		return err
	}

	big := filepath.Join(dir, "50mp.jpg")
	if err := writeTestPhoto(big, 8660, 5773); err != nil {
		return err
	}
	rss, took, err := childPeakRSS(ctx, big)
	if err != nil {
		return err
	}
	srv, err := servePeakRSS(ctx, dir, big)
	if err != nil {
		return err
	}

	ratio := ours.Seconds() / vipsBoth.Seconds()
	fmt.Printf("### Photo processing: a 12 MP JPEG (4000×3000) into %v px, median of %d runs\n\n", imaging.DefaultWidths, photoRuns)
	fmt.Println("| producer | outputs | time | × vipsthumbnail (JPEG + WebP) |")
	fmt.Println("|---|---|--:|--:|")
	fmt.Printf("| imaging.Process | JPEG q%d + WebP q%d | %s | %.2f |\n", imaging.DefaultJPEGQuality, imaging.DefaultWebPQuality, round(ours), ratio)
	fmt.Printf("| vipsthumbnail | JPEG | %s | %.2f |\n", round(vipsJPEG), vipsJPEG.Seconds()/vipsBoth.Seconds())
	fmt.Printf("| vipsthumbnail | JPEG + WebP | %s | 1 |\n\n", round(vipsBoth))
	fmt.Printf("A 50 MP JPEG (8660×5773) processed by a process of its own: peak RSS %d MB (VmHWM), %s.\n\n", rss>>20, round(took))
	fmt.Printf("### vitrine serve processing the same 50 MP JPEG (%.1f MB), uploaded through the admin API\n\n", float64(srv.fileSize)/(1<<20))
	fmt.Printf("SQLite, --media-dir, --media-workers %d, --cache-mb %d (empty: nothing is read), the server's own memory limit (GOMEMLIMIT and GOGC unset).\n\n",
		serveWorkers, serveCacheMB)
	fmt.Println("| | MB |")
	fmt.Println("|---|--:|")
	fmt.Printf("| idle RSS (VmRSS) before the upload | %d |\n", srv.idleRSS>>20)
	fmt.Printf("| idle peak RSS (VmHWM) before the upload | %d |\n", srv.idleHWM>>20)
	fmt.Printf("| peak RSS (VmHWM) once the photo is ready | %d |\n", srv.peakHWM>>20)
	fmt.Printf("| serve's Go memory limit while processing: %d (cache) + %d + %d × %d | %d |\n",
		serveCacheMB, workingMB, serveWorkers, photoMemoryMB, softLimit()>>20)
	fmt.Printf("| bound: that limit + %d MB outside it | %d |\n\n", outsideLimitMB, srv.bound()>>20)
	fmt.Printf("The upload was answered in %s; the photo was ready %s after the upload began (%d×%d largest variant, %d variants).\n\n",
		round(srv.uploaded), round(srv.ready), srv.width, srv.height, srv.variants)
	verdict := "MET"
	if ratio > photoTargetRatio {
		verdict = "MISSED"
	}
	fmt.Printf("Target:\n- %s: imaging.Process %.2f × vipsthumbnail's time for the same widths and formats (≤ %.0f)\n", verdict, ratio, photoTargetRatio)
	fmt.Printf("- against vipsthumbnail making JPEGs only: %.2f ×\n", ours.Seconds()/vipsJPEG.Seconds())
	verdict = "WITHIN"
	if srv.peakHWM > srv.bound() {
		verdict = "OVER"
	}
	fmt.Printf("- %s the bound: vitrine serve's peak RSS %d MB against %d MB (its memory limit %d MB + %d MB)\n",
		verdict, srv.peakHWM>>20, srv.bound()>>20, softLimit()>>20, outsideLimitMB)
	return nil
}

// vipsOptions is vipsthumbnail's save options for a format, at the
// qualities imaging uses.
func vipsOptions(format string) string {
	if format == "webp" {
		return fmt.Sprintf("[Q=%d,strip]", imaging.DefaultWebPQuality)
	}
	return fmt.Sprintf("[Q=%d,strip]", imaging.DefaultJPEGQuality)
}

// runPhotosChild processes the file at path once and prints its peak RSS
// in bytes and the time taken.
func runPhotosChild(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: vitrine-bench %s FILE", photosChildCommand)
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	start := time.Now()
	if _, err := imaging.Process(context.Background(), data, imaging.Options{}); err != nil {
		return err
	}
	took := time.Since(start)
	hwm := proc.SelfPeakRSS()
	if hwm == 0 {
		return fmt.Errorf("no VmHWM in /proc/self/status")
	}
	fmt.Println(hwm, took.Nanoseconds())
	return nil
}

// childPeakRSS runs runPhotosChild on path in a new process.
func childPeakRSS(ctx context.Context, path string) (int64, time.Duration, error) {
	self, err := os.Executable()
	if err != nil {
		return 0, 0, err
	}
	out, err := exec.CommandContext(ctx, self, photosChildCommand, path).Output()
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", photosChildCommand, err)
	}
	var hwm, ns int64
	if _, err := fmt.Sscan(string(out), &hwm, &ns); err != nil {
		return 0, 0, fmt.Errorf("%s printed %q", photosChildCommand, out)
	}
	return hwm, time.Duration(ns), nil
}

// writeTestPhoto writes a w×h JPEG (quality 92) of gradients with noise,
// which compresses like a photograph rather than like a flat picture.
func writeTestPhoto(path string, w, h int) error {
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			r := uint8(x * 255 / w)
			g := uint8(y * 255 / h)
			b := uint8((x + y) % 256)
			n := uint8(rng.IntN(24))
			yy, cb, cr := color.RGBToYCbCr(r+n, g+n, b)
			img.Y[img.YOffset(x, y)] = yy
			img.Cb[img.COffset(x, y)] = cb
			img.Cr[img.COffset(x, y)] = cr
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o600)
}

// medianOf runs fn n times and returns the median duration.
func medianOf(n int, fn func() error) (time.Duration, error) {
	times := make([]time.Duration, n)
	for i := range n {
		start := time.Now()
		if err := fn(); err != nil {
			return 0, err
		}
		times[i] = time.Since(start)
	}
	slices.Sort(times)
	return times[n/2], nil
}

func round(d time.Duration) time.Duration { return d.Round(10 * time.Millisecond) }

package imaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
	"github.com/vitrine/vitrine/internal/proc"
)

// TestCraftedJPEGsDecode: the crafted files (imagingtest) are real JPEGs, which decode
// to the size they declare (so the bombs below are not refused for being
// damaged).
func TestCraftedJPEGsDecode(t *testing.T) {
	for _, c := range []imagingtest.JPEG{
		{W: 300, H: 200, Comps: 3, Sampling: 0x22},
		{W: 300, H: 200, Comps: 3, Sampling: 0x22, Progressive: true, ACScans: 20},
		{W: 250, H: 130, Comps: 4, Progressive: true},
		{W: 250, H: 130, Comps: 3, Sampling: 0x11, Progressive: true, ACScans: 3},
		{W: 99, H: 77, Comps: 1, Progressive: true, ACScans: 2},
	} {
		res, err := Process(context.Background(), c.Bytes(), Options{})
		if err != nil || res.Width != c.W || res.Height != c.H {
			t.Errorf("%+v: Process = %v; want a %d×%d result", c, err, c.W, c.H)
		}
	}
}

// TestMemoryBombRefusedBeforeDecoding: the bombs pass the pixel limits and
// are whole files, and are refused from their headers for the memory
// their decode would take, by Check (an upload) and by Process (a worker);
// a 50 MP baseline photo, and a progressive one of 24 MP, are not.
func TestMemoryBombRefusedBeforeDecoding(t *testing.T) {
	for name, c := range map[string]imagingtest.JPEG{"cmyk": imagingtest.CMYKBomb, "ycbcr": imagingtest.YCbCrBomb} {
		src := c.Bytes()
		if _, err := Inspect(bytes.NewReader(src), Limits{}); err != nil {
			t.Fatalf("%s bomb: Inspect = %v; the test needs one the header checks take", name, err)
		}
		if !walkJPEG(src).complete {
			t.Fatalf("%s bomb: not a whole file", name)
		}
		start := time.Now()
		_, err := Check(src, Limits{})
		if !errors.Is(err, ErrTooMuchMemory) {
			t.Errorf("%s bomb (%d KB): Check = %v, want ErrTooMuchMemory", name, len(src)>>10, err)
		}
		if _, err := Process(context.Background(), src, Options{}); !errors.Is(err, ErrTooMuchMemory) {
			t.Errorf("%s bomb: Process = %v, want ErrTooMuchMemory", name, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s bomb refused in %v: it was decoded", name, d)
		}
		t.Logf("%s bomb: %d KB, %v", name, len(src)>>10, err)
	}
	for name, c := range map[string]imagingtest.JPEG{
		"50 MP baseline 4:2:0":    {W: 8660, H: 5773, Comps: 3, Sampling: 0x22},
		"24 MP progressive 4:2:0": {W: 6000, H: 4000, Comps: 3, Sampling: 0x22, Progressive: true},
	} {
		if _, err := Check(c.Bytes(), Limits{}); err != nil {
			t.Errorf("%s: Check = %v, want accepted", name, err)
		}
	}
	// The limit is the caller's.
	small := imagingtest.JPEG{W: 1000, H: 1000, Comps: 4, Progressive: true}
	if _, err := Check(small.Bytes(), Limits{MaxMemory: 16 << 20}); !errors.Is(err, ErrTooMuchMemory) {
		t.Errorf("1 MP CMYK progressive under a 16 MiB limit: %v, want ErrTooMuchMemory", err)
	}
	if _, err := Check(small.Bytes(), Limits{}); err != nil {
		t.Errorf("1 MP CMYK Progressive: %v, want accepted", err)
	}
}

// TestScanBombRefusedQuickly: a progressive JPEG with some 600 scans (each
// a pass of the decoder over every block) is refused by the walk of its
// segments, without decoding, in well under the time one decode of it
// takes; MaxScans scans are accepted.
func TestScanBombRefusedQuickly(t *testing.T) {
	bomb := imagingtest.ScanBomb.Bytes()
	start := time.Now()
	_, err := Check(bomb, Limits{})
	took := time.Since(start)
	if !errors.Is(err, ErrTooManyScans) {
		t.Fatalf("600 scans (%d KB): Check = %v, want ErrTooManyScans", len(bomb)>>10, err)
	}
	if _, err := Process(context.Background(), bomb, Options{}); !errors.Is(err, ErrTooManyScans) {
		t.Errorf("600 scans: Process = %v, want ErrTooManyScans", err)
	}
	if took > 5*time.Second { // a decode takes several times as long; the margin is for a loaded machine
		t.Errorf("600 scans refused in %v", took)
	}
	t.Logf("600 scans, %d KB: refused in %v", len(bomb)>>10, took)

	at := imagingtest.JPEG{W: 400, H: 300, Comps: 3, Sampling: 0x22, Progressive: true, ACScans: MaxScans - 1}
	if _, err := Process(context.Background(), at.Bytes(), Options{}); err != nil {
		t.Errorf("%d scans: %v, want accepted", MaxScans, err)
	}
	at.ACScans++
	if _, err := Check(at.Bytes(), Limits{}); !errors.Is(err, ErrTooManyScans) {
		t.Errorf("%d scans: %v, want ErrTooManyScans", MaxScans+1, err)
	}
}

// peakChildEnv names the file a child process of TestPeakMemory processes.
const peakChildEnv = "IMAGING_PEAK_CHILD"

// TestPeakMemory processes files in a process of their own and reads its
// peak RSS (VmHWM), as vitrine-bench's photo benchmark does: the bombs,
// refused from their headers, stay far under a worker's 256 MiB (their
// decode took 1.20 GB and 766 MB); the largest progressive photo the
// budget accepts is processed within the bound vitrine serve is sized
// for (its Go memory limit with a cache of 0, 32 + 256 MiB, plus 64 MiB
// outside it).
func TestPeakMemory(t *testing.T) {
	if path := os.Getenv(peakChildEnv); path != "" {
		peakChild(t, path)
		return
	}
	if testing.Short() {
		t.Skip("SKIPPING: processes a 24 MP photo in a child process")
	}
	// The largest 3:2 progressive 4:2:0 JPEG the default budget takes.
	big := imagingtest.JPEG{Comps: 3, Sampling: 0x22, Progressive: true, ACScans: 9}
	for w := 4000; ; w += 16 {
		c := big
		c.W, c.H = w, w*2/3
		if _, err := Check(c.Bytes(), Limits{}); err != nil {
			break
		}
		big = c
	}
	dir := t.TempDir()
	child := childBinary(t, dir)
	for _, c := range []struct {
		name  string
		file  imagingtest.JPEG
		bound int64
		ok    bool
	}{
		{"cmyk bomb", imagingtest.CMYKBomb, 64 << 20, false},
		{"ycbcr bomb", imagingtest.YCbCrBomb, 64 << 20, false},
		{fmt.Sprintf("progressive %d×%d", big.W, big.H), big, (32 + 256 + 64) << 20, true},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".jpg")
		if err := os.WriteFile(path, c.file.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(t.Context(), child, "-test.run=^TestPeakMemory$", "-test.count=1")
		cmd.Env = append(os.Environ(), peakChildEnv+"="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: child: %v\n%s", c.name, err, out)
		}
		var peak int64
		var result string
		for _, line := range strings.Split(string(out), "\n") {
			if rest, ok := strings.CutPrefix(line, "peak "); ok {
				fmt.Sscanf(rest, "%d %s", &peak, &result)
			}
		}
		if peak == 0 {
			t.Fatalf("%s: the child printed no peak:\n%s", c.name, out)
		}
		if (result == "ok") != c.ok {
			t.Errorf("%s: processing ended %s, want accepted %v", c.name, result, c.ok)
		}
		if peak > c.bound {
			t.Errorf("%s: peak RSS %d MiB, over %d MiB", c.name, peak>>20, c.bound>>20)
		}
		t.Logf("%s: peak RSS %d MiB (bound %d MiB), %s", c.name, peak>>20, c.bound>>20, result)
	}
}

// childBinary is the test binary TestPeakMemory's children run: this one,
// or, under the race detector (whose shadow memory multiplies a process's
// resident set, so that make test-go would measure it), this package's
// tests built into dir without it.
func childBinary(t *testing.T, dir string) string {
	t.Helper()
	if !raceEnabled {
		return os.Args[0]
	}
	bin := filepath.Join(dir, "imaging.test")
	out, err := exec.CommandContext(t.Context(), proc.GoTool(), "test", "-c", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("building the tests without the race detector: %v\n%s", err, out)
	}
	return bin
}

// peakChild processes the file at path under the memory limit vitrine
// serve sets while a photo is processed with a cache of 0, and prints its
// peak RSS and how processing ended.
func peakChild(t *testing.T, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	debug.SetMemoryLimit((32 + 256) << 20)
	result := "ok"
	if _, err := Process(context.Background(), src, Options{}); err != nil {
		result = strings.ReplaceAll(err.Error(), " ", "_")
	}
	fmt.Printf("peak %d %s\n", proc.SelfPeakRSS(), result)
}

package imaging

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// crafted describes a JPEG made by craftJPEG: valid, fully decodable,
// and as small as a JPEG of its size can be, every block flat (its DC
// difference 0, its AC coefficients none), as an attacker makes a bomb.
type crafted struct {
	w, h        int
	comps       int  // 1, 3 (YCbCr) or 4 (CMYK, with an Adobe segment)
	sampling    byte // the first component's factors (0x11, 0x22); the others' 0x11
	progressive bool
	acScans     int // progressive: scans of the first component's AC band after the DC scan
}

// bitWriter writes the entropy-coded data of a scan, stuffing a 0x00 after
// every 0xFF byte.
type bitWriter struct {
	b    []byte
	acc  uint32
	nacc int
}

func (w *bitWriter) put(v uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (v>>i)&1
		if w.nacc++; w.nacc == 8 {
			w.b = append(w.b, byte(w.acc))
			if byte(w.acc) == 0xFF {
				w.b = append(w.b, 0)
			}
			w.acc, w.nacc = 0, 0
		}
	}
}

// flush pads the last byte with 1 bits, as the standard says.
func (w *bitWriter) flush() []byte {
	for w.nacc != 0 {
		w.put(1, 1)
	}
	return w.b
}

func craftJPEG(c crafted) []byte {
	seg := func(b []byte, marker byte, payload ...byte) []byte {
		b = append(b, 0xFF, marker)
		b = binary.BigEndian.AppendUint16(b, uint16(len(payload)+2))
		return append(b, payload...)
	}
	b := []byte{0xFF, 0xD8}
	switch c.comps {
	case 3:
		b = seg(b, 0xE0, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0)
	case 4:
		b = seg(b, 0xEE, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0) // transform 0: CMYK
	}
	b = seg(b, 0xDB, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)...)
	sof := []byte{8, byte(c.h >> 8), byte(c.h), byte(c.w >> 8), byte(c.w), byte(c.comps)}
	h0, v0 := 1, 1
	for i := range c.comps {
		s := byte(0x11)
		if i == 0 && c.comps > 1 && c.sampling != 0 {
			s = c.sampling
			h0, v0 = int(s>>4), int(s&0x0F)
		}
		sof = append(sof, byte(i+1), s, 0)
	}
	marker := byte(0xC0)
	if c.progressive {
		marker = 0xC2
	}
	b = seg(b, marker, sof...)
	// One code, "0": for DC the difference 0; for AC, the end of band
	// (baseline) or a run of 2^14 + 14 more bits of ends of band
	// (progressive).
	acSymbol := byte(0x00)
	if c.progressive {
		acSymbol = 0xE0
	}
	table := func(class byte, symbol byte) []byte {
		t := []byte{class << 4, 1}
		t = append(t, make([]byte, 15)...)
		return append(t, symbol)
	}
	b = seg(b, 0xC4, append(table(0, 0), table(1, acSymbol)...)...)

	mxx, myy := (c.w+8*h0-1)/(8*h0), (c.h+8*v0-1)/(8*v0)
	perMCU := h0*v0 + c.comps - 1
	scan := func(comps []byte, ss, se byte) []byte {
		p := []byte{byte(len(comps))}
		for _, id := range comps {
			p = append(p, id, 0x00)
		}
		return append(p, ss, se, 0)
	}
	all := make([]byte, c.comps)
	for i := range all {
		all[i] = byte(i + 1)
	}
	var w bitWriter
	if !c.progressive { // one interleaved scan: per block, DC "0" and end of band "0"
		b = seg(b, 0xDA, scan(all, 0, 63)...)
		for range mxx * myy * perMCU {
			w.put(0, 2)
		}
		b = append(b, w.flush()...)
		return append(b, 0xFF, 0xD9)
	}
	b = seg(b, 0xDA, scan(all, 0, 0)...) // the DC scan: "0" per block
	for range mxx * myy * perMCU {
		w.put(0, 1)
	}
	b = append(b, w.flush()...)
	blocks := ((c.w + 7) / 8) * ((c.h + 7) / 8) // the first component's, non-interleaved
	for range c.acScans {
		b = seg(b, 0xDA, scan([]byte{1}, 1, 63)...)
		var w bitWriter
		for n := 0; n < blocks; n += 1<<15 - 1 {
			w.put(0, 1)        // the code of a run of 2^14 + r ends of band...
			w.put(1<<14-1, 14) // ...r = 2^14 - 1: 32767 blocks
		}
		b = append(b, w.flush()...)
	}
	return append(b, 0xFF, 0xD9)
}

// TestCraftedJPEGsDecode: the crafted files are real JPEGs, which decode
// to the size they declare (so the bombs below are not refused for being
// damaged).
func TestCraftedJPEGsDecode(t *testing.T) {
	for _, c := range []crafted{
		{w: 300, h: 200, comps: 3, sampling: 0x22},
		{w: 300, h: 200, comps: 3, sampling: 0x22, progressive: true, acScans: 20},
		{w: 250, h: 130, comps: 4, progressive: true},
		{w: 250, h: 130, comps: 3, sampling: 0x11, progressive: true, acScans: 3},
		{w: 99, h: 77, comps: 1, progressive: true, acScans: 2},
	} {
		res, err := Process(context.Background(), craftJPEG(c), Options{})
		if err != nil || res.Width != c.w || res.Height != c.h {
			t.Errorf("%+v: Process = %v; want a %d×%d result", c, err, c.w, c.h)
		}
	}
}

// The bombs of the penetration test: a progressive JPEG declaring 50 MP
// (8660×5773) in a few hundred KB, CMYK (whose decode took 1.20 GB) or
// YCbCr with no subsampling (766 MB).
var (
	cmykBomb  = crafted{w: 8660, h: 5773, comps: 4, progressive: true}
	ycbcrBomb = crafted{w: 8660, h: 5773, comps: 3, sampling: 0x11, progressive: true}
)

// TestMemoryBombRefusedBeforeDecoding: the bombs pass the pixel limits and
// are whole files, and are refused from their headers for the memory
// their decode would take, by Check (an upload) and by Process (a worker);
// a 50 MP baseline photo, and a progressive one of 24 MP, are not.
func TestMemoryBombRefusedBeforeDecoding(t *testing.T) {
	for name, c := range map[string]crafted{"cmyk": cmykBomb, "ycbcr": ycbcrBomb} {
		src := craftJPEG(c)
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
	for name, c := range map[string]crafted{
		"50 MP baseline 4:2:0":    {w: 8660, h: 5773, comps: 3, sampling: 0x22},
		"24 MP progressive 4:2:0": {w: 6000, h: 4000, comps: 3, sampling: 0x22, progressive: true},
	} {
		if _, err := Check(craftJPEG(c), Limits{}); err != nil {
			t.Errorf("%s: Check = %v, want accepted", name, err)
		}
	}
	// The limit is the caller's.
	small := crafted{w: 1000, h: 1000, comps: 4, progressive: true}
	if _, err := Check(craftJPEG(small), Limits{MaxMemory: 16 << 20}); !errors.Is(err, ErrTooMuchMemory) {
		t.Errorf("1 MP CMYK progressive under a 16 MiB limit: %v, want ErrTooMuchMemory", err)
	}
	if _, err := Check(craftJPEG(small), Limits{}); err != nil {
		t.Errorf("1 MP CMYK progressive: %v, want accepted", err)
	}
}

// TestScanBombRefusedQuickly: a progressive JPEG with some 600 scans (each
// a pass of the decoder over every block) is refused by the walk of its
// segments, without decoding, in well under the time one decode of it
// takes; MaxScans scans are accepted.
func TestScanBombRefusedQuickly(t *testing.T) {
	bomb := craftJPEG(crafted{w: 4000, h: 3000, comps: 3, sampling: 0x22, progressive: true, acScans: 599})
	start := time.Now()
	_, err := Check(bomb, Limits{})
	took := time.Since(start)
	if !errors.Is(err, ErrTooManyScans) {
		t.Fatalf("600 scans (%d KB): Check = %v, want ErrTooManyScans", len(bomb)>>10, err)
	}
	if _, err := Process(context.Background(), bomb, Options{}); !errors.Is(err, ErrTooManyScans) {
		t.Errorf("600 scans: Process = %v, want ErrTooManyScans", err)
	}
	if took > time.Second {
		t.Errorf("600 scans refused in %v", took)
	}
	t.Logf("600 scans, %d KB: refused in %v", len(bomb)>>10, took)

	at := crafted{w: 400, h: 300, comps: 3, sampling: 0x22, progressive: true, acScans: MaxScans - 1}
	if _, err := Process(context.Background(), craftJPEG(at), Options{}); err != nil {
		t.Errorf("%d scans: %v, want accepted", MaxScans, err)
	}
	at.acScans++
	if _, err := Check(craftJPEG(at), Limits{}); !errors.Is(err, ErrTooManyScans) {
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
	big := crafted{comps: 3, sampling: 0x22, progressive: true, acScans: 9}
	for w := 4000; ; w += 16 {
		c := big
		c.w, c.h = w, w*2/3
		if _, err := Check(craftJPEG(c), Limits{}); err != nil {
			break
		}
		big = c
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		file  crafted
		bound int64
		ok    bool
	}{
		{"cmyk bomb", cmykBomb, 64 << 20, false},
		{"ycbcr bomb", ycbcrBomb, 64 << 20, false},
		{fmt.Sprintf("progressive %d×%d", big.w, big.h), big, (32 + 256 + 64) << 20, true},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".jpg")
		if err := os.WriteFile(path, craftJPEG(c.file), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestPeakMemory$", "-test.count=1")
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

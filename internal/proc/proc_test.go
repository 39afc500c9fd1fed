package proc

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/testwait"
)

// The test binary doubles as the child process: with PROC_TEST_CHILD set it
// prints a ready line ("listen") and waits for SIGTERM, exits at once with
// status 3 ("fail"), or frees 64 MiB it touched and spins ("spin").
func TestMain(m *testing.M) {
	switch os.Getenv("PROC_TEST_CHILD") {
	case "listen":
		term := make(chan os.Signal, 1)
		signal.Notify(term, syscall.SIGTERM)
		fmt.Println("starting")
		fmt.Println(ServeReady + "http://127.0.0.1:1234")
		<-term
		os.Exit(0)
	case "fail":
		fmt.Fprintln(os.Stderr, "no database")
		os.Exit(3)
	case "spin":
		// Touch 64 MiB and hand it back, then spin without allocating
		// until SIGTERM.
		buf := make([]byte, 64<<20)
		for i := range buf {
			buf[i] = 1
		}
		buf = nil
		debug.FreeOSMemory()
		term := make(chan os.Signal, 1)
		signal.Notify(term, syscall.SIGTERM)
		fmt.Println(ServeReady + "http://127.0.0.1:1234")
		for {
			select {
			case <-term:
				os.Exit(0)
			default:
			}
		}
	}
	os.Exit(m.Run())
}

func startChild(t *testing.T, mode string, o Options) (*Process, error) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	o.Env = append(os.Environ(), "PROC_TEST_CHILD="+mode)
	return Start(context.Background(), self, []string{"serve"}, o)
}

func TestStartStop(t *testing.T) {
	p, err := startChild(t, "listen", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.URL != "http://127.0.0.1:1234" {
		t.Errorf("URL = %q, want the address after the ready prefix", p.URL)
	}
	if rss, peak := p.RSS(), p.PeakRSS(); rss <= 0 || peak <= 0 {
		t.Errorf("RSS %d, peak %d of a running child", rss, peak)
	}
	if err := p.Stop(10 * time.Second); err != nil {
		t.Errorf("Stop of a child that exits 0 on SIGTERM: %v", err)
	}
	if err := p.Stop(time.Second); err != nil {
		t.Errorf("second Stop: %v", err)
	}
}

func TestStartExitsBeforeListening(t *testing.T) {
	log := t.TempDir() + "/child.log"
	_, err := startChild(t, "fail", Options{Name: "child", Log: log})
	if err == nil || !strings.Contains(err.Error(), "child exited before listening (exit status 3)") || !strings.Contains(err.Error(), log) {
		t.Errorf("err = %v, want the exit status and the log", err)
	}
	if b, _ := os.ReadFile(log); string(b) != "no database\n" {
		t.Errorf("log holds %q, want the child's standard error", b)
	}
}

func TestProcReaders(t *testing.T) {
	// The child's memory is its own: whatever else runs on the machine, or
	// in this test binary, cannot move its peak.
	p, err := startChild(t, "spin", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(10 * time.Second)
	// The child's resident memory left after the free depends on the
	// build (the race detector keeps shadow memory), so only differences
	// are checked: the peak lies 64 MiB above the memory in use, and a
	// reset brings it down to it.
	if rss, peak := p.RSS(), p.PeakRSS(); rss <= 0 || peak-rss < 32<<20 {
		t.Fatalf("VmRSS %d, VmHWM %d of a child that touched and freed 64 MiB", rss, peak)
	}
	p.ResetPeakRSS()
	if rss, peak := p.RSS(), p.PeakRSS(); peak <= 0 || peak-rss > 8<<20 {
		t.Errorf("VmRSS %d, VmHWM %d after a reset, want the peak at the memory in use", rss, peak)
	}

	// The child spins: its CPU time must grow. A loaded machine only delays it.
	c0 := p.CPUTime()
	testwait.Until(t, "the CPU time of a spinning child grows", func() bool { return p.CPUTime() >= c0+50*time.Millisecond })
}

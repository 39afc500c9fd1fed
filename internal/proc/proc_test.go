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
)

// The test binary doubles as the child process: with PROC_TEST_CHILD set it
// prints a ready line ("listen") and waits for SIGTERM, or exits at once
// with status 3 ("fail").
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
	pid := os.Getpid()
	// Touch 64 MiB, so that the peak is at least that, then hand it back.
	buf := make([]byte, 64<<20)
	for i := range buf {
		buf[i] = 1
	}
	rss, peak := status(pid, "VmRSS"), status(pid, "VmHWM")
	if rss < 64<<20 || peak < 64<<20 {
		t.Fatalf("VmRSS %d, VmHWM %d after touching 64 MiB", rss, peak)
	}
	buf = nil
	debug.FreeOSMemory()
	resetPeakRSS(pid)
	if after := status(pid, "VmHWM"); after <= 0 || after > peak-32<<20 {
		t.Errorf("VmHWM %d after freeing 64 MiB and a reset, was %d", after, peak)
	}

	c0 := cpuTime(pid)
	for deadline := time.Now().Add(5 * time.Second); cpuTime(pid) < c0+50*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatalf("CPU time stayed at %v after 5 s of spinning (from %v)", cpuTime(pid), c0)
		}
	}
}

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// proc is a server process started by the bench.
type proc struct {
	name    string
	cmd     *exec.Cmd
	base    string        // http://127.0.0.1:PORT
	started time.Time     // just before the process was started
	ready   time.Duration // from start to the line naming its address
	exited  chan struct{}
	err     error // the process's exit, once exited is closed
}

// startProc starts bin with args (and env, when not nil), its stderr going
// to logPath, and waits until it prints a line that starts with readyPrefix
// followed by its http:// address.
func startProc(ctx context.Context, name, bin string, args, env []string, logPath, readyPrefix string) (*proc, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stderr = logf
	// The child dies with the bench, even if the bench is killed.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		logf.Close()
		return nil, err
	}
	p := &proc{name: name, cmd: cmd, exited: make(chan struct{})}
	p.started = time.Now()
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), readyPrefix); ok {
				select {
				case addr <- strings.TrimSpace(rest):
				default:
				}
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	go func() {
		p.err = cmd.Wait()
		logf.Close()
		close(p.exited)
	}()
	select {
	case a := <-addr:
		p.ready = time.Since(p.started)
		p.base = a
		return p, nil
	case <-p.exited:
		return nil, fmt.Errorf("%s exited before listening (%v); see %s", name, p.err, logPath)
	case <-time.After(60 * time.Second):
		p.kill()
		return nil, fmt.Errorf("%s did not start within 60 s; see %s", name, logPath)
	case <-ctx.Done():
		p.kill()
		return nil, ctx.Err()
	}
}

// stop asks the process to end (SIGTERM) and kills it after 20 s.
func (p *proc) stop() error {
	select {
	case <-p.exited:
		return nil
	default:
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		var ee *exec.ExitError
		if p.err != nil && !errors.As(p.err, &ee) {
			return p.err
		}
		return nil
	case <-time.After(20 * time.Second):
		p.kill()
		return fmt.Errorf("%s did not stop within 20 s of SIGTERM; killed", p.name)
	}
}

// kill ends the process at once (SIGKILL), as a crash would.
func (p *proc) kill() {
	p.cmd.Process.Kill()
	<-p.exited
}

func (p *proc) pid() int { return p.cmd.Process.Pid }

// resetPeakRSS starts a new peak resident set measurement (VmHWM).
func (p *proc) resetPeakRSS() {
	os.WriteFile("/proc/"+strconv.Itoa(p.pid())+"/clear_refs", []byte("5"), 0)
}

// peakRSS returns VmHWM, the process's peak resident set size since it
// started or since the last resetPeakRSS.
func (p *proc) peakRSS() int64 { return procStatus(p.pid(), "VmHWM") }

// cpuTime returns the CPU time (user and system) the process has used,
// from /proc/PID/stat, in clock ticks of 10 ms.
func (p *proc) cpuTime() time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p.pid()) + "/stat")
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses: state is
	// the first, utime and stime are the 12th and 13th.
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	user, _ := strconv.ParseInt(f[11], 10, 64)
	sys, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(user+sys) * 10 * time.Millisecond
}

// procStatus reads one "kB" field of /proc/PID/status, in bytes.
func procStatus(pid int, field string) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// Package proc builds the vitrine binary and runs "vitrine serve" as a child
// process for the programs that measure or test it from the outside: the
// load benchmark (cmd/vitrine-bench), the soak (cmd/vitrine-soak) and the
// end-to-end tests of cmd/vitrine. It also reads the memory and CPU figures
// of such a process from /proc (Linux).
package proc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ServeReady starts the line on which "vitrine serve" prints its address
// once it listens.
const ServeReady = "Vitrine em "

// Build compiles cmd/vitrine of the module around the current directory
// into dir/vitrine, with extra build flags (such as -race), and returns the
// binary's path.
func Build(ctx context.Context, dir string, flags ...string) (string, error) {
	mod, err := ModuleDir(ctx)
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "vitrine")
	args := append([]string{"build", "-o", bin}, flags...)
	cmd := exec.CommandContext(ctx, GoTool(), append(args, "./cmd/vitrine")...)
	cmd.Dir = mod
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/vitrine: %v\n%s", err, out)
	}
	return bin, nil
}

// GoTool is the go command: the one on PATH, or the one of the running
// program's Go installation.
func GoTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// ModuleDir is the folder of the vitrine module around the current
// directory (where go.mod is).
func ModuleDir(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, GoTool(), "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run it inside the vitrine module (go env GOMOD names no go.mod)")
	}
	return filepath.Dir(gomod), nil
}

// Options are the optional settings of Start.
type Options struct {
	Name   string    // the process in errors; default: the binary's name and first argument
	Env    []string  // the environment; nil: this process's
	Log    string    // a file to create for the process's standard error
	Stderr io.Writer // where its standard error goes when Log is ""
	Ready  string    // the start of the line that carries its address; default ServeReady
}

// Process is a server started by Start.
type Process struct {
	URL     string    // the address it printed, such as http://127.0.0.1:PORT
	Started time.Time // just before it was started

	name   string
	cmd    *exec.Cmd
	exited chan struct{}
	err    error // how it exited, once exited is closed
}

// Start runs bin with args and waits (60 s at most, or until ctx ends)
// until it prints a line that starts with the ready prefix, followed by its
// address. The process is killed when this one dies. When Start fails, the
// process has ended.
func Start(ctx context.Context, bin string, args []string, o Options) (*Process, error) {
	name := o.Name
	if name == "" {
		name = filepath.Base(bin)
		if len(args) > 0 {
			name += " " + args[0]
		}
	}
	ready := o.Ready
	if ready == "" {
		ready = ServeReady
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = o.Env
	cmd.Stderr = o.Stderr
	see := ""
	var logf *os.File
	if o.Log != "" {
		f, err := os.Create(o.Log)
		if err != nil {
			return nil, err
		}
		logf, cmd.Stderr, see = f, f, "; see "+o.Log
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	started := time.Now()
	stdout, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		if logf != nil {
			logf.Close()
		}
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &Process{Started: started, name: name, cmd: cmd, exited: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), ready); ok {
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
		if logf != nil {
			logf.Close()
		}
		close(p.exited)
	}()
	select {
	case p.URL = <-addr:
		return p, nil
	case <-p.exited:
		return nil, fmt.Errorf("%s exited before listening (%v)%s", name, p.err, see)
	case <-time.After(60 * time.Second):
		p.Kill()
		return nil, fmt.Errorf("%s did not listen within 60 s%s", name, see)
	case <-ctx.Done():
		p.Kill()
		return nil, ctx.Err()
	}
}

// Pid is the process's id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Stop asks the process to end (SIGTERM), kills it (SIGKILL) if it has not
// ended after grace, and returns how it exited: nil for a clean exit, an
// *exec.ExitError for an exit status or a signal.
func (p *Process) Stop(grace time.Duration) error {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		return p.err
	case <-time.After(grace):
		p.Kill()
		return fmt.Errorf("%s did not stop within %v of SIGTERM; killed", p.name, grace)
	}
}

// Kill ends the process at once (SIGKILL), as a crash would, and waits for
// it.
func (p *Process) Kill() {
	select {
	case <-p.exited:
	default:
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// RSS is the process's resident set size (VmRSS) in bytes, 0 when it
// cannot be read.
func (p *Process) RSS() int64 { return status(p.Pid(), "VmRSS") }

// PeakRSS is the process's peak resident set size (VmHWM) in bytes since it
// started or since the last ResetPeakRSS, 0 when it cannot be read.
func (p *Process) PeakRSS() int64 { return status(p.Pid(), "VmHWM") }

// SelfPeakRSS is this process's peak resident set size (VmHWM) in bytes,
// 0 when it cannot be read.
func SelfPeakRSS() int64 { return status(os.Getpid(), "VmHWM") }

// ResetPeakRSS starts a new peak resident set measurement.
func (p *Process) ResetPeakRSS() { resetPeakRSS(p.Pid()) }

// CPUTime is the CPU time (user and system) the process has used, 0 when
// it cannot be read.
func (p *Process) CPUTime() time.Duration { return cpuTime(p.Pid()) }

// status reads one "kB" field of /proc/PID/status, in bytes.
func status(pid int, field string) int64 {
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

func resetPeakRSS(pid int) {
	os.WriteFile("/proc/"+strconv.Itoa(pid)+"/clear_refs", []byte("5"), 0)
}

// cpuTime reads utime and stime from /proc/PID/stat, in clock ticks of
// 10 ms.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
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

// Answer is one HTTP answer, read whole.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Call sends one request to a running server with a JSON body (nil for
// none) and an admin token ("" for none), and reads the whole answer.
func Call(ctx context.Context, c *http.Client, method, url, token string, body any) (Answer, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return Answer{}, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return Answer{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	if err != nil {
		return Answer{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return Answer{res.StatusCode, res.Header, raw}, err
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ensureWrk finds wrk, installing Debian's package when it is missing.
func ensureWrk(ctx context.Context) (string, error) {
	return ensureTool(ctx, "wrk", "wrk")
}

// ensureTool finds the program name, installing Debian's package pkg when
// it is missing.
func ensureTool(ctx context.Context, name, pkg string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	install := "apt-get update && apt-get install -y " + pkg
	fmt.Fprintf(os.Stderr, "%s is missing; installing it: %s\n", name, install)
	cmd := exec.CommandContext(ctx, "sh", "-c", install)
	if os.Geteuid() != 0 {
		cmd = exec.CommandContext(ctx, "sudo", "-n", "sh", "-c", install)
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("install %s (%s): %w", name, install, err)
	}
	return exec.LookPath(name)
}

// wrkScript drives every scenario. Each thread reads the request file once
// and builds its requests up front, so that the per-request cost on the
// client is the same for every scenario, the ceiling's included: pick one
// prepared request at random. The request file has one request a line:
// METHOD, path, then optionally a header line and a body, tab-separated.
const wrkScript = `
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end

local reqs = {}
local n = 0

function init(args)
  math.randomseed(os.time() * 1000 + (tid or 0) * 7919)
  for line in io.lines(args[1]) do
    local method, path, header, body = line:match("^([^\t]*)\t([^\t]*)\t?([^\t]*)\t?(.*)$")
    local headers = {}
    if header ~= nil and header ~= "" then
      local k, v = header:match("^([^:]+):%s*(.*)$")
      headers[k] = v
    end
    if body ~= nil and body ~= "" then
      headers["Content-Type"] = "application/json"
    else
      body = nil
    end
    n = n + 1
    reqs[n] = wrk.format(method, path, headers, body)
  end
end

function request()
  return reqs[math.random(n)]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH requests=%d duration_us=%d connect=%d read=%d write=%d status=%d timeout=%d p50_us=%d p99_us=%d\n",
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`

// request is one line of a request file.
type request struct {
	method, path string
	header       string // "Name: value", or ""
	body         string // JSON on one line, or ""
}

func writeRequests(path string, reqs []request) error {
	var b bytes.Buffer
	for _, r := range reqs {
		if strings.ContainsAny(r.path+r.header+r.body, "\t\n") {
			return fmt.Errorf("request %s %s holds a tab or a line break", r.method, r.path)
		}
		b.WriteString(r.method + "\t" + r.path)
		if r.header != "" || r.body != "" {
			b.WriteString("\t" + r.header + "\t" + r.body)
		}
		b.WriteByte('\n')
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// result is what one wrk run measured.
type result struct {
	requests int64
	duration time.Duration
	rps      float64
	p50, p99 time.Duration
	errors   int64 // socket errors, timeouts and statuses other than 2xx/3xx
	wrkCPU   time.Duration
}

// add sums another slice into r: requests, time and errors add up; the
// latency percentiles become the means of the slices' percentiles,
// weighted by their requests (wrk reports no histogram to merge).
func (r *result) add(o result) {
	n := r.requests + o.requests
	if n > 0 {
		r.p50 = time.Duration((int64(r.p50)*r.requests + int64(o.p50)*o.requests) / n)
		r.p99 = time.Duration((int64(r.p99)*r.requests + int64(o.p99)*o.requests) / n)
	}
	r.requests = n
	r.duration += o.duration
	r.errors += o.errors
	r.wrkCPU += o.wrkCPU
	if r.duration > 0 {
		r.rps = float64(r.requests) / r.duration.Seconds()
	}
}

// wrk runs one load against base with the requests of reqFile.
type wrk struct {
	bin         string
	script      string
	connections int
	threads     int
}

func newWrk(ctx context.Context, dir string, cfg config) (*wrk, error) {
	bin, err := ensureWrk(ctx)
	if err != nil {
		return nil, err
	}
	script := filepath.Join(dir, "bench.lua")
	if err := os.WriteFile(script, []byte(wrkScript), 0o644); err != nil {
		return nil, err
	}
	return &wrk{bin: bin, script: script, connections: cfg.connections, threads: cfg.threads}, nil
}

func (w *wrk) run(ctx context.Context, base, reqFile string, d time.Duration) (result, error) {
	secs := max(1, int(d.Round(time.Second)/time.Second))
	cmd := exec.CommandContext(ctx, w.bin,
		"-t", strconv.Itoa(w.threads), "-c", strconv.Itoa(w.connections), "-d", strconv.Itoa(secs)+"s",
		"--timeout", "5s", "-s", w.script, base, "--", reqFile)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return result{}, fmt.Errorf("wrk: %w: %s%s", err, out.String(), errOut.String())
	}
	r, err := parseWrk(out.String())
	r.wrkCPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return r, err
}

// parseWrk reads the line that the script's done() writes.
func parseWrk(out string) (result, error) {
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "BENCH ")
		if !ok {
			continue
		}
		v := map[string]int64{}
		for _, f := range strings.Fields(line) {
			k, s, _ := strings.Cut(f, "=")
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return result{}, fmt.Errorf("wrk output %q: %w", line, err)
			}
			v[k] = n
		}
		r := result{
			requests: v["requests"],
			duration: time.Duration(v["duration_us"]) * time.Microsecond,
			p50:      time.Duration(v["p50_us"]) * time.Microsecond,
			p99:      time.Duration(v["p99_us"]) * time.Microsecond,
			errors:   v["connect"] + v["read"] + v["write"] + v["status"] + v["timeout"],
		}
		if r.duration > 0 {
			r.rps = float64(r.requests) / r.duration.Seconds()
		}
		return r, nil
	}
	return result{}, fmt.Errorf("wrk printed no result:\n%s", out)
}

package main

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// logWriter buffers log lines and writes them out at least every 100 ms, so
// that a busy server does not pay a system call per request line. Close
// flushes what is left.
type logWriter struct {
	mu   sync.Mutex
	w    *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

func newLogWriter(w io.Writer) *logWriter {
	lw := &logWriter{w: bufio.NewWriterSize(w, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go lw.flushLoop()
	return lw
}

func (lw *logWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Write(p)
}

func (lw *logWriter) flushLoop() {
	defer close(lw.done)
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-lw.stop:
			return
		case <-t.C:
			lw.mu.Lock()
			lw.w.Flush()
			lw.mu.Unlock()
		}
	}
}

// Close stops the flushing and writes out what is buffered.
func (lw *logWriter) Close() error {
	close(lw.stop)
	<-lw.done
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Flush()
}

package metrics

import (
	"runtime"
	rm "runtime/metrics"
	"time"
)

// RegisterRuntime adds a few gauges of the Go runtime and the process:
// goroutines, heap in use, completed GC cycles and the start time.
func RegisterRuntime(r *Registry) {
	start := float64(time.Now().UnixNano()) / 1e9
	r.NewGaugeFunc("process_start_time_seconds", "Start time of the process since the Unix epoch, in seconds.",
		func() float64 { return start })
	r.NewGaugeFunc("go_goroutines", "Number of goroutines that currently exist.",
		func() float64 { return float64(runtime.NumGoroutine()) })
	r.NewGaugeFunc("go_heap_objects_bytes", "Memory occupied by live and not yet swept heap objects, in bytes.",
		readRuntime("/memory/classes/heap/objects:bytes"))
	r.NewCounterFunc("go_gc_cycles_total", "Completed GC cycles.",
		readRuntime("/gc/cycles/total:gc-cycles"))
}

// readRuntime returns a function reading one runtime/metrics sample, which
// (unlike runtime.ReadMemStats) does not stop the world.
func readRuntime(name string) func() float64 {
	return func() float64 {
		s := []rm.Sample{{Name: name}}
		rm.Read(s)
		switch s[0].Value.Kind() {
		case rm.KindUint64:
			return float64(s[0].Value.Uint64())
		case rm.KindFloat64:
			return s[0].Value.Float64()
		}
		return 0
	}
}

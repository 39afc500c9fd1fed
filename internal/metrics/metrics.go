// Package metrics keeps counters, histograms and gauges in memory and writes
// them in the Prometheus text exposition format (version 0.0.4), without any
// dependency.
//
// The recording side is built for hot paths: a Counter or a Histogram is a
// handful of atomic words, and a labelled child is found through a
// copy-on-write map that readers load without a lock. Callers on the
// hottest paths resolve their children once (With) and keep them.
//
// Registering a metric twice, a malformed name, or the wrong number of label
// values are programming errors and panic.
package metrics

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Registry holds metric families and writes them out in registration order.
type Registry struct {
	mu       sync.Mutex
	families []family
	names    map[string]bool
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{names: map[string]bool{}}
}

// family is one metric name with its HELP, TYPE and samples.
type family interface {
	write(b *bytes.Buffer)
}

func (r *Registry) register(name string, labels []string, f family) {
	if !validName(name) {
		panic("metrics: invalid metric name " + strconv.Quote(name))
	}
	for _, l := range labels {
		if !validLabel(l) || l == "le" {
			panic("metrics: invalid label name " + strconv.Quote(l) + " for " + name)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.names[name] {
		panic("metrics: " + name + " registered twice")
	}
	r.names[name] = true
	r.families = append(r.families, f)
}

// ContentType is the media type of the text exposition format.
const ContentType = "text/plain; version=0.0.4; charset=utf-8"

// WriteText writes every metric in the text exposition format.
func (r *Registry) WriteText(w io.Writer) error {
	r.mu.Lock()
	fams := slices.Clone(r.families)
	r.mu.Unlock()
	var b bytes.Buffer
	for _, f := range fams {
		f.write(&b)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ServeHTTP answers with every metric in the text exposition format.
func (r *Registry) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	w.Header().Set("Content-Type", ContentType)
	w.Header().Set("Cache-Control", "no-store")
	r.WriteText(w)
}

// Counter is a value that only goes up.
type Counter struct {
	v atomic.Uint64
}

// Inc adds one.
func (c *Counter) Inc() { c.v.Add(1) }

// Add adds n.
func (c *Counter) Add(n uint64) { c.v.Add(n) }

// Value returns the current count.
func (c *Counter) Value() uint64 { return c.v.Load() }

// NewCounter registers a counter without labels. By convention its name
// ends in _total.
func (r *Registry) NewCounter(name, help string) *Counter {
	v := r.NewCounterVec(name, help)
	return v.With()
}

// CounterVec is a counter with labels: one Counter per set of label values.
type CounterVec struct {
	vec[*Counter]
}

// NewCounterVec registers a counter with these label names.
func (r *Registry) NewCounterVec(name, help string, labels ...string) *CounterVec {
	v := &CounterVec{vec[*Counter]{name: name, help: help, labels: labels, make: func() *Counter { return new(Counter) }}}
	v.init()
	r.register(name, labels, v)
	return v
}

// With returns the counter of these label values, in the order of the
// label names, creating it at zero on first use.
func (v *CounterVec) With(values ...string) *Counter { return v.with(values) }

func (v *CounterVec) write(b *bytes.Buffer) {
	header(b, v.name, v.help, "counter")
	for _, c := range v.sorted() {
		sample(b, v.name, "", v.labels, c.values, "", "")
		writeUint(b, c.m.Value())
	}
}

// Histogram counts observations in fixed buckets and keeps their sum.
type Histogram struct {
	upper  []float64       // bucket upper bounds, ascending, +Inf excluded
	counts []atomic.Uint64 // per bucket (not cumulative); the last is +Inf
	sum    atomic.Uint64   // float64 bits
}

func newHistogram(upper []float64) *Histogram {
	return &Histogram{upper: upper, counts: make([]atomic.Uint64, len(upper)+1)}
}

// Observe records one value.
func (h *Histogram) Observe(v float64) {
	i := 0
	for i < len(h.upper) && v > h.upper[i] {
		i++
	}
	h.counts[i].Add(1)
	for {
		old := h.sum.Load()
		if h.sum.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

// Count returns how many values were observed.
func (h *Histogram) Count() uint64 {
	var n uint64
	for i := range h.counts {
		n += h.counts[i].Load()
	}
	return n
}

// DefBuckets are latency buckets in seconds, from half a millisecond to ten
// seconds.
var DefBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// NewHistogram registers a histogram without labels.
func (r *Registry) NewHistogram(name, help string, buckets []float64) *Histogram {
	return r.NewHistogramVec(name, help, buckets).With()
}

// HistogramVec is a histogram with labels.
type HistogramVec struct {
	vec[*Histogram]
	upper []float64
	les   []string // the le label of each bucket, formatted once
}

// NewHistogramVec registers a histogram with these bucket upper bounds
// (ascending; +Inf is implied) and label names.
func (r *Registry) NewHistogramVec(name, help string, buckets []float64, labels ...string) *HistogramVec {
	if len(buckets) == 0 || !slices.IsSorted(buckets) || math.IsInf(buckets[len(buckets)-1], 1) {
		panic("metrics: " + name + ": buckets must be ascending and finite")
	}
	upper := slices.Clone(buckets)
	les := make([]string, len(upper)+1)
	for i, u := range upper {
		les[i] = formatFloat(u)
	}
	les[len(upper)] = "+Inf"
	v := &HistogramVec{upper: upper, les: les}
	v.vec = vec[*Histogram]{name: name, help: help, labels: labels, make: func() *Histogram { return newHistogram(upper) }}
	v.init()
	r.register(name, labels, v)
	return v
}

// With returns the histogram of these label values, creating it empty on
// first use.
func (v *HistogramVec) With(values ...string) *Histogram { return v.with(values) }

func (v *HistogramVec) write(b *bytes.Buffer) {
	header(b, v.name, v.help, "histogram")
	counts := make([]uint64, len(v.les))
	for _, c := range v.sorted() {
		h := c.m
		for i := range h.counts {
			counts[i] = h.counts[i].Load()
		}
		sum := math.Float64frombits(h.sum.Load())
		var cum uint64
		for i, n := range counts {
			cum += n
			sample(b, v.name, "_bucket", v.labels, c.values, "le", v.les[i])
			writeUint(b, cum)
		}
		sample(b, v.name, "_sum", v.labels, c.values, "", "")
		b.WriteString(formatFloat(sum))
		b.WriteByte('\n')
		sample(b, v.name, "_count", v.labels, c.values, "", "")
		writeUint(b, cum)
	}
}

// funcMetric is a gauge or counter whose value is read at each scrape.
type funcMetric struct {
	name, help, typ string
	fn              func() float64
}

func (f *funcMetric) write(b *bytes.Buffer) {
	header(b, f.name, f.help, f.typ)
	b.WriteString(f.name)
	b.WriteByte(' ')
	b.WriteString(formatFloat(f.fn()))
	b.WriteByte('\n')
}

// NewGaugeFunc registers a gauge whose value fn returns at each scrape. fn
// must be safe to call from any goroutine.
func (r *Registry) NewGaugeFunc(name, help string, fn func() float64) {
	r.register(name, nil, &funcMetric{name, help, "gauge", fn})
}

// NewCounterFunc registers a counter whose value fn returns at each scrape,
// for totals kept elsewhere (sql.DBStats, say).
func (r *Registry) NewCounterFunc(name, help string, fn func() float64) {
	r.register(name, nil, &funcMetric{name, help, "counter", fn})
}

// vec maps label values to children. Readers load the map without a lock;
// a new child copies it under mu, which happens once per label set.
type vec[M any] struct {
	name, help string
	labels     []string
	make       func() M

	mu       sync.Mutex
	children atomic.Pointer[map[string]*child[M]]
}

type child[M any] struct {
	values []string
	m      M
}

func (v *vec[M]) init() {
	m := map[string]*child[M]{}
	v.children.Store(&m)
}

// keySep cannot occur in valid UTF-8, so joined keys never collide.
const keySep = 0xff

func (v *vec[M]) with(values []string) M {
	if len(values) != len(v.labels) {
		panic(fmt.Sprintf("metrics: %s takes %d label values, got %d", v.name, len(v.labels), len(values)))
	}
	var buf [128]byte
	key := buf[:0]
	for i, s := range values {
		if i > 0 {
			key = append(key, keySep)
		}
		key = append(key, s...)
	}
	if c, ok := (*v.children.Load())[string(key)]; ok { // no allocation: the compiler looks up without copying
		return c.m
	}
	return v.add(string(key), values)
}

func (v *vec[M]) add(key string, values []string) M {
	v.mu.Lock()
	defer v.mu.Unlock()
	old := *v.children.Load()
	if c, ok := old[key]; ok {
		return c.m
	}
	next := make(map[string]*child[M], len(old)+1)
	for k, c := range old {
		next[k] = c
	}
	c := &child[M]{values: slices.Clone(values), m: v.make()}
	next[key] = c
	v.children.Store(&next)
	return c.m
}

// sorted returns the children ordered by their label values, so that the
// output is stable from scrape to scrape.
func (v *vec[M]) sorted() []*child[M] {
	m := *v.children.Load()
	out := make([]*child[M], 0, len(m))
	for _, c := range m {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *child[M]) int { return slices.Compare(a.values, b.values) })
	return out
}

func header(b *bytes.Buffer, name, help, typ string) {
	b.WriteString("# HELP ")
	b.WriteString(name)
	b.WriteByte(' ')
	b.WriteString(escapeHelp(help))
	b.WriteString("\n# TYPE ")
	b.WriteString(name)
	b.WriteByte(' ')
	b.WriteString(typ)
	b.WriteByte('\n')
}

// sample writes a sample's name and labels, and the space before its value.
func sample(b *bytes.Buffer, name, suffix string, labels, values []string, extraName, extraValue string) {
	b.WriteString(name)
	b.WriteString(suffix)
	if len(labels) > 0 || extraName != "" {
		b.WriteByte('{')
		for i, l := range labels {
			if i > 0 {
				b.WriteByte(',')
			}
			writeLabel(b, l, values[i])
		}
		if extraName != "" {
			if len(labels) > 0 {
				b.WriteByte(',')
			}
			writeLabel(b, extraName, extraValue)
		}
		b.WriteByte('}')
	}
	b.WriteByte(' ')
}

func writeLabel(b *bytes.Buffer, name, value string) {
	b.WriteString(name)
	b.WriteString(`="`)
	b.WriteString(escapeLabel(value))
	b.WriteByte('"')
}

func writeUint(b *bytes.Buffer, n uint64) {
	var buf [20]byte
	b.Write(strconv.AppendUint(buf[:0], n, 10))
	b.WriteByte('\n')
}

var (
	labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
)

// escapeLabel escapes a label value: backslash, double quote and line feed.
func escapeLabel(s string) string { return labelEscaper.Replace(s) }

// escapeHelp escapes HELP text: backslash and line feed.
func escapeHelp(s string) string { return helpEscaper.Replace(s) }

func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case math.IsNaN(f):
		return "NaN"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// validName reports whether s matches [a-zA-Z_:][a-zA-Z0-9_:]*.
func validName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == ':' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// validLabel reports whether s matches [a-zA-Z_][a-zA-Z0-9_]* and is not
// reserved (a leading __).
func validLabel(s string) bool {
	return validName(s) && !strings.Contains(s, ":") && !strings.HasPrefix(s, "__")
}

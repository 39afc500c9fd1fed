// Package metricstest parses the Prometheus text exposition format strictly,
// for tests: every line must be a HELP, a TYPE or a well-formed sample of a
// family whose TYPE came first.
package metricstest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Family is one metric family of a scrape.
type Family struct {
	Name, Help, Type string
	Samples          []Sample
}

// Sample is one sample line, its label values unescaped.
type Sample struct {
	Name   string
	Labels map[string]string
	Value  float64
}

// Scrape is a parsed exposition.
type Scrape struct {
	Families map[string]*Family
	values   map[string]float64
}

// Value returns the value of the sample with this name and these labels
// (name, value pairs, in any order), and whether it exists.
func (s *Scrape) Value(name string, labels ...string) (float64, bool) {
	m := map[string]string{}
	for i := 0; i+1 < len(labels); i += 2 {
		m[labels[i]] = labels[i+1]
	}
	v, ok := s.values[key(name, m)]
	return v, ok
}

// Find returns every sample with this name.
func (s *Scrape) Find(name string) []Sample {
	var out []Sample
	for _, f := range s.Families {
		for _, smp := range f.Samples {
			if smp.Name == name {
				out = append(out, smp)
			}
		}
	}
	return out
}

func key(name string, labels map[string]string) string {
	names := make([]string, 0, len(labels))
	for k := range labels {
		names = append(names, k)
	}
	slices.Sort(names)
	var b strings.Builder
	b.WriteString(name)
	for _, k := range names {
		fmt.Fprintf(&b, "\x00%s=%q", k, labels[k])
	}
	return b.String()
}

var types = map[string]bool{"counter": true, "gauge": true, "histogram": true, "summary": true, "untyped": true}

// Parse parses text, returning the first violation of the format it finds.
func Parse(text string) (*Scrape, error) {
	s := &Scrape{Families: map[string]*Family{}, values: map[string]float64{}}
	if text != "" && !strings.HasSuffix(text, "\n") {
		return nil, errors.New("exposition does not end with a line feed")
	}
	var current *Family
	for n, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fail := func(format string, a ...any) error {
			return fmt.Errorf("line %d %q: %s", n+1, line, fmt.Sprintf(format, a...))
		}
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "# HELP "), strings.HasPrefix(line, "# TYPE "):
			rest := line[len("# HELP "):]
			name, arg, ok := strings.Cut(rest, " ")
			if !ok || !validName(name) {
				return nil, fail("malformed comment")
			}
			f := s.Families[name]
			if f == nil {
				f = &Family{Name: name}
				s.Families[name] = f
			} else if len(f.Samples) > 0 {
				return nil, fail("HELP or TYPE after the samples of %s", name)
			}
			if strings.HasPrefix(line, "# TYPE ") {
				if f.Type != "" {
					return nil, fail("second TYPE for %s", name)
				}
				if !types[arg] {
					return nil, fail("unknown type %q", arg)
				}
				f.Type = arg
			} else {
				if f.Help != "" {
					return nil, fail("second HELP for %s", name)
				}
				help, err := unescape(arg, false)
				if err != nil {
					return nil, fail("%v", err)
				}
				f.Help = help
			}
			current = f
		case strings.HasPrefix(line, "#"):
			continue // another comment
		default:
			smp, err := parseSample(line)
			if err != nil {
				return nil, fail("%v", err)
			}
			f := familyOf(s, smp.Name)
			if f == nil || f.Type == "" {
				return nil, fail("sample without a TYPE line")
			}
			if f != current {
				return nil, fail("sample of %s outside its family's block", f.Name)
			}
			k := key(smp.Name, smp.Labels)
			if _, dup := s.values[k]; dup {
				return nil, fail("duplicate sample")
			}
			s.values[k] = smp.Value
			f.Samples = append(f.Samples, smp)
		}
	}
	for _, f := range s.Families {
		if f.Type == "histogram" {
			if err := checkHistogram(s, f); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

func familyOf(s *Scrape, name string) *Family {
	if f := s.Families[name]; f != nil {
		if f.Type == "histogram" || f.Type == "summary" {
			return nil // a histogram has only suffixed samples
		}
		return f
	}
	for _, suf := range []string{"_bucket", "_sum", "_count"} {
		if base, ok := strings.CutSuffix(name, suf); ok {
			if f := s.Families[base]; f != nil && (f.Type == "histogram" || f.Type == "summary" && suf != "_bucket") {
				return f
			}
		}
	}
	return nil
}

// checkHistogram checks that each series has ascending le bounds with
// cumulative counts, a +Inf bucket, and a _count equal to it.
func checkHistogram(s *Scrape, f *Family) error {
	type series struct {
		les    []float64
		counts []float64
		labels map[string]string
	}
	all := map[string]*series{}
	for _, smp := range f.Samples {
		if smp.Name != f.Name+"_bucket" {
			continue
		}
		rest := map[string]string{}
		for k, v := range smp.Labels {
			if k != "le" {
				rest[k] = v
			}
		}
		le, ok := smp.Labels["le"]
		if !ok {
			return fmt.Errorf("%s: bucket without le", f.Name)
		}
		bound, err := parseFloat(le)
		if err != nil {
			return fmt.Errorf("%s: le %q: %v", f.Name, le, err)
		}
		k := key("", rest)
		sr := all[k]
		if sr == nil {
			sr = &series{labels: rest}
			all[k] = sr
		}
		if n := len(sr.les); n > 0 && (bound <= sr.les[n-1] || smp.Value < sr.counts[n-1]) {
			return fmt.Errorf("%s: buckets not ascending or not cumulative at le=%s", f.Name, le)
		}
		sr.les = append(sr.les, bound)
		sr.counts = append(sr.counts, smp.Value)
	}
	for _, sr := range all {
		n := len(sr.les)
		if n == 0 || !math.IsInf(sr.les[n-1], 1) {
			return fmt.Errorf("%s%v: no +Inf bucket", f.Name, sr.labels)
		}
		count, ok := s.values[key(f.Name+"_count", sr.labels)]
		if !ok || count != sr.counts[n-1] {
			return fmt.Errorf("%s%v: _count %v differs from the +Inf bucket %v", f.Name, sr.labels, count, sr.counts[n-1])
		}
		if _, ok := s.values[key(f.Name+"_sum", sr.labels)]; !ok {
			return fmt.Errorf("%s%v: no _sum", f.Name, sr.labels)
		}
	}
	return nil
}

func parseSample(line string) (Sample, error) {
	smp := Sample{Labels: map[string]string{}}
	i := 0
	for i < len(line) && line[i] != '{' && line[i] != ' ' {
		i++
	}
	smp.Name = line[:i]
	if !validName(smp.Name) {
		return smp, fmt.Errorf("invalid metric name %q", smp.Name)
	}
	if i < len(line) && line[i] == '{' {
		i++
		for {
			if i < len(line) && line[i] == '}' {
				i++
				break
			}
			j := i
			for j < len(line) && line[j] != '=' {
				j++
			}
			name := line[i:j]
			if !validName(name) || strings.Contains(name, ":") {
				return smp, fmt.Errorf("invalid label name %q", name)
			}
			if j+1 >= len(line) || line[j+1] != '"' {
				return smp, fmt.Errorf("label %s: value not quoted", name)
			}
			k := j + 2
			for k < len(line) && line[k] != '"' {
				if line[k] == '\\' {
					k++
				}
				k++
			}
			if k >= len(line) {
				return smp, fmt.Errorf("label %s: unterminated value", name)
			}
			value, err := unescape(line[j+2:k], true)
			if err != nil {
				return smp, err
			}
			if _, dup := smp.Labels[name]; dup {
				return smp, fmt.Errorf("label %s twice", name)
			}
			smp.Labels[name] = value
			i = k + 1
			if i < len(line) && line[i] == ',' {
				i++
			} else if i >= len(line) || line[i] != '}' {
				return smp, errors.New("expected , or } after a label")
			}
		}
	}
	if i >= len(line) || line[i] != ' ' {
		return smp, errors.New("expected a space before the value")
	}
	fields := strings.Split(line[i+1:], " ")
	if len(fields) > 2 || fields[0] == "" {
		return smp, errors.New("expected a value and an optional timestamp")
	}
	v, err := parseFloat(fields[0])
	if err != nil {
		return smp, fmt.Errorf("value %q: %v", fields[0], err)
	}
	if len(fields) == 2 {
		if _, err := strconv.ParseInt(fields[1], 10, 64); err != nil {
			return smp, fmt.Errorf("timestamp %q: %v", fields[1], err)
		}
	}
	smp.Value = v
	return smp, nil
}

func parseFloat(s string) (float64, error) {
	switch s {
	case "+Inf":
		return math.Inf(1), nil
	case "-Inf":
		return math.Inf(-1), nil
	case "NaN":
		return math.NaN(), nil
	}
	if strings.ContainsAny(s, "_xXpP") || strings.EqualFold(s, "inf") || strings.EqualFold(s, "infinity") {
		return 0, errors.New("not a Prometheus float")
	}
	return strconv.ParseFloat(s, 64)
}

// unescape decodes \\, \n and, in label values, \". Any other escape, or a
// raw line feed or (in a label value) a raw quote, is an error.
func unescape(s string, label bool) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			return "", errors.New("raw line feed")
		case c == '"' && label:
			return "", errors.New("unescaped quote in a label value")
		case c == '\\':
			i++
			if i >= len(s) {
				return "", errors.New("dangling backslash")
			}
			switch s[i] {
			case '\\':
				b.WriteByte('\\')
			case 'n':
				b.WriteByte('\n')
			case '"':
				if !label {
					b.WriteString(`\"`) // HELP keeps \" as written
					continue
				}
				b.WriteByte('"')
			default:
				return "", fmt.Errorf("unknown escape \\%c", s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

func validName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == ':' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

package jsonlog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"strings"
	"testing"
	"testing/slogtest"
	"time"

	"github.com/vitrine/vitrine/internal/jsonlog"
)

// TestSlogRules runs the standard library's checks of what every
// slog.Handler must do.
func TestSlogRules(t *testing.T) {
	var buf bytes.Buffer
	slogtest.Run(t, func(*testing.T) slog.Handler {
		buf.Reset()
		return jsonlog.New(&buf, slog.LevelDebug)
	}, func(t *testing.T) map[string]any {
		var m map[string]any
		if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
			t.Fatalf("not one JSON object: %v\n%s", err, buf.Bytes())
		}
		return m
	})
}

type point struct {
	X, Y int
	Tag  string `json:"tag"`
}

type lazy struct{}

func (lazy) LogValue() slog.Value { return slog.StringValue("resolved") }

// TestSameLinesAsJSONHandler checks that each line is the one slog's
// JSONHandler writes, byte for byte, so that whatever reads the logs sees
// no difference.
func TestSameLinesAsJSONHandler(t *testing.T) {
	when := time.Date(2026, 11, 21, 13, 4, 5, 123456789, time.UTC)
	tricky := "aspas \" barra \\ nova\nlinha\ttab\r \x01\x1f <b>&amp; ç ã 😀 \u2028\u2029 \xff\xfe fim"
	attrs := []slog.Attr{
		slog.String("s", tricky),
		slog.String(tricky, "key escaped"),
		slog.Int("i", -42),
		slog.Uint64("u", math.MaxUint64),
		slog.Float64("f", 3.25),
		slog.Float64("big", 1e21),
		slog.Float64("nan", math.NaN()),
		slog.Bool("b", true),
		slog.Duration("d", 1500*time.Microsecond),
		slog.Time("t", when),
		slog.Any("err", errors.New("falhou: <x>")),
		slog.Any("struct", point{1, 2, "<p>"}),
		slog.Any("nil", nil),
		slog.Any("lazy", lazy{}),
		slog.Group("g", slog.String("a", "1"), slog.Group("inner", slog.Int("n", 2))),
		slog.Group("empty"),
		slog.Group("", slog.String("inline", "yes")),
		slog.Attr{},
		slog.String("", "empty key"),
	}
	cases := []struct {
		name string
		with func(slog.Handler) slog.Handler
		msg  string
		add  []slog.Attr
	}{
		{"plain", nil, "request", attrs[:5]},
		{"every kind", nil, "tudo", attrs},
		{"no attributes", nil, "só a mensagem", nil},
		{"tricky message", nil, tricky, attrs[2:3]},
		{"with attrs", func(h slog.Handler) slog.Handler {
			return h.WithAttrs([]slog.Attr{slog.String("service", "vitrine"), slog.Int("pid", 7)})
		}, "m", attrs[:3]},
		{"with group", func(h slog.Handler) slog.Handler { return h.WithGroup("req") }, "m", attrs[:3]},
		{"empty group left out", func(h slog.Handler) slog.Handler { return h.WithGroup("req") }, "m", nil},
		{"attrs then empty groups", func(h slog.Handler) slog.Handler {
			return h.WithGroup("a").WithAttrs([]slog.Attr{slog.Int("x", 1)}).WithGroup("b").WithGroup("c")
		}, "m", nil},
		{"nested groups", func(h slog.Handler) slog.Handler {
			return h.WithAttrs([]slog.Attr{slog.Int("top", 0)}).WithGroup("a").WithAttrs([]slog.Attr{slog.Int("x", 1)}).WithGroup("b")
		}, "m", attrs[:2]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got, want bytes.Buffer
			var mine, std slog.Handler = jsonlog.New(&got, nil), slog.NewJSONHandler(&want, nil)
			if c.with != nil {
				mine, std = c.with(mine), c.with(std)
			}
			for _, h := range []slog.Handler{mine, std} {
				r := slog.NewRecord(when, slog.LevelWarn, c.msg, 0)
				r.AddAttrs(c.add...)
				if err := h.Handle(context.Background(), r); err != nil {
					t.Fatal(err)
				}
			}
			if got.String() != want.String() {
				t.Errorf("line differs from slog.JSONHandler's\n got: %s\nwant: %s", got.String(), want.String())
			}
		})
	}
}

func TestLevel(t *testing.T) {
	var lv slog.LevelVar
	lv.Set(slog.LevelWarn)
	var buf bytes.Buffer
	log := slog.New(jsonlog.New(&buf, &lv))
	log.Info("escondida")
	log.Warn("visível")
	if n := strings.Count(buf.String(), "\n"); n != 1 || !strings.Contains(buf.String(), `"level":"WARN","msg":"visível"`) {
		t.Errorf("at level WARN wrote %d lines:\n%s", n, buf.String())
	}
	lv.Set(slog.LevelDebug)
	log.Debug("agora sim")
	if !strings.Contains(buf.String(), `"msg":"agora sim"`) {
		t.Error("a level lowered later is not honoured")
	}
}

// lines writes one record per time through jsonlog and through slog's
// JSONHandler, each handler kept for the whole run, and returns both
// outputs.
func lines(times []time.Time, attrs func(time.Time) []slog.Attr) (got, want string) {
	var g, w bytes.Buffer
	for _, h := range []slog.Handler{jsonlog.New(&g, nil), slog.NewJSONHandler(&w, nil)} {
		for _, when := range times {
			r := slog.NewRecord(when, slog.LevelInfo, "m", 0)
			r.AddAttrs(attrs(when)...)
			h.Handle(context.Background(), r)
		}
	}
	return g.String(), w.String()
}

// TestTimesOfOneHandler writes many records through one handler, whose
// text of the last second must not leak into a record of another second
// or zone.
func TestTimesOfOneHandler(t *testing.T) {
	base := time.Date(2026, 11, 21, 23, 59, 59, 0, time.UTC)
	sp := time.FixedZone("BRT", -3*3600)
	nf := time.FixedZone("NST", -(3*3600 + 1800))
	odd := time.FixedZone("LMT", -(2*3600 + 53*60 + 31)) // not whole minutes: left to Format
	times := []time.Time{
		base, base.Add(1), base.Add(999_999_999), base.Add(time.Second), // into the next day
		base.Add(time.Second).In(sp), base.In(sp), base.In(nf), base.In(odd), base,
		base.Add(-time.Second), base.Add(time.Second + 5), base.AddDate(-2000, 0, 0), base,
	}
	got, want := lines(times, func(time.Time) []slog.Attr { return nil })
	if got != want {
		t.Errorf("lines differ from slog.JSONHandler's\n got: %s\nwant: %s", got, want)
	}
}

// TestEveryByteInEveryPlace puts each byte value at each place of a string
// long enough to be read eight bytes at a time, and compares the escaping
// with slog's.
func TestEveryByteInEveryPlace(t *testing.T) {
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for c := range 256 {
		for at := range 17 {
			s := []byte(strings.Repeat("a", 17))
			s[at] = byte(c)
			got, want := lines([]time.Time{when}, func(time.Time) []slog.Attr { return []slog.Attr{slog.String("s", string(s))} })
			if got != want {
				t.Fatalf("byte %#x at %d:\n got: %s\nwant: %s", c, at, got, want)
			}
		}
	}
}

// TestNoAllocations checks that a line allocates nothing once its second
// has been written: the server writes one per request.
func TestNoAllocations(t *testing.T) {
	h := jsonlog.New(io.Discard, nil)
	when := time.Date(2026, 11, 21, 13, 4, 5, 123456789, time.FixedZone("BRT", -3*3600))
	if n := testing.AllocsPerRun(100, func() {
		r := slog.NewRecord(when, slog.LevelInfo, "request", 0)
		r.AddAttrs(slog.String("path", "/api/v1/properties/apartamento-3-quartos-no-batel"), slog.Int("status", 200),
			slog.Duration("duration", 12345), slog.Time("at", when))
		h.Handle(context.Background(), r)
	}); n != 0 {
		t.Errorf("%v allocations per line, want 0", n)
	}
}

// FuzzStrings compares the escaping of any string, as a value and as a
// key, with slog's.
func FuzzStrings(f *testing.F) {
	for _, s := range []string{"", "plain ascii text, longer than eight", "aspas \" barra \\ \n\t\x01", "ç ã 😀 \u2028\u2029", "\xff\xfeabcdefgh", "abcdefg\x7f\x80"} {
		f.Add(s)
	}
	when := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		got, want := lines([]time.Time{when}, func(time.Time) []slog.Attr { return []slog.Attr{slog.String("v", s), slog.Int(s, 1)} })
		if got != want {
			t.Errorf("%q:\n got: %s\nwant: %s", s, got, want)
		}
	})
}

// BenchmarkRequestLine is the server's line per request, against slog's
// own JSON handler.
func BenchmarkRequestLine(b *testing.B) {
	for _, h := range []struct {
		name string
		h    slog.Handler
	}{{"jsonlog", jsonlog.New(io.Discard, nil)}, {"slog", slog.NewJSONHandler(io.Discard, nil)}} {
		b.Run(h.name, func(b *testing.B) {
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				r := slog.NewRecord(time.Now(), slog.LevelInfo, "request", 0)
				r.AddAttrs(slog.String("request_id", "6f1c2a9b-1a2b"), slog.String("method", "GET"),
					slog.String("path", "/api/v1/properties/apartamento-3-quartos-no-batel"),
					slog.Int("status", 200), slog.Duration("duration", 12345*time.Nanosecond))
				h.h.Handle(ctx, r)
			}
		})
	}
}

// TestTimes checks the hand-written time format against time.RFC3339Nano,
// on times with and without fractions and in other zones.
func TestTimes(t *testing.T) {
	sp := time.FixedZone("BRT", -3*3600)
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	times := []time.Time{base, base.In(sp), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(999, 1, 1, 0, 0, 0, 0, time.UTC), {}}
	for _, ns := range []int{1, 10, 100_000, 120_000_000, 123_456_789, 900_000_000} {
		times = append(times, base.Add(time.Duration(ns)), base.Add(time.Duration(ns)).In(sp))
	}
	for _, when := range times {
		got, want := lines([]time.Time{when}, func(when time.Time) []slog.Attr { return []slog.Attr{slog.Time("t", when)} })
		if got != want {
			t.Errorf("time %v:\n got: %s\nwant: %s", when, got, want)
		}
	}
}

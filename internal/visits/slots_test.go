package visits

import (
	"testing"
	"time"
	_ "time/tzdata" // the tests pass without the system's zone files
)

func saoPaulo(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func clock(t *testing.T, s string) Clock {
	t.Helper()
	c, err := ParseClock(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func iv(t *testing.T, from, to string) Interval { return Interval{clock(t, from), clock(t, to)} }

func everyDay(ivs ...Interval) Availability {
	var a Availability
	for d := range a.Weekly {
		a.Weekly[d] = ivs
	}
	return a
}

func starts(slots []Slot, loc *time.Location) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.Start.In(loc).Format("2006-01-02 15:04 -07")
	}
	return out
}

func equal(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d slots %q, want %d %q", len(got), got, len(want), want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("slot %d: got %s, want %s (all: %q)", i, got[i], want[i], got)
		}
	}
}

func TestSlotsWeekly(t *testing.T) {
	loc := saoPaulo(t)
	var a Availability
	a.Weekly[time.Monday] = []Interval{iv(t, "14:00", "16:30"), iv(t, "09:00", "11:00")}
	a.Weekly[time.Wednesday] = []Interval{iv(t, "10:00", "11:00")}
	// Monday 2026-11-30 08:00 in São Paulo.
	from := time.Date(2026, 11, 30, 8, 0, 0, 0, loc)
	got := Slots(from, 3, a, nil, nil, loc)
	equal(t, starts(got, loc), []string{
		"2026-11-30 09:00 -03", "2026-11-30 10:00 -03", "2026-11-30 14:00 -03", "2026-11-30 15:00 -03",
		"2026-12-02 10:00 -03",
	})
	if d := got[0].End.Sub(got[0].Start); d != time.Hour {
		t.Errorf("slot length %v, want 1h", d)
	}
}

func TestSlotsPastBookedAndExceptions(t *testing.T) {
	loc := saoPaulo(t)
	a := everyDay(iv(t, "09:00", "12:00"))
	a.Slot = 90 * time.Minute
	from := time.Date(2026, 12, 1, 9, 0, 0, 0, loc)                      // the 09:00 slot starts now: gone
	booked := []time.Time{time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)} // 09:00 in São Paulo
	exc := []Exception{
		{Date: "2026-12-02"}, // blocked
		{Date: "2026-12-04", Intervals: []Interval{iv(t, "15:00", "16:30")}},
	}
	got := Slots(from, 4, a, exc, booked, loc)
	equal(t, starts(got, loc), []string{
		"2026-12-01 10:30 -03",
		"2026-12-03 10:30 -03",
		"2026-12-04 15:00 -03",
	})
}

// On 2018-11-04 São Paulo started daylight saving at midnight: the day
// had 23 hours and 00:00–00:59 did not exist.
func TestSlotsDSTStartSaoPaulo(t *testing.T) {
	loc := saoPaulo(t)
	a := everyDay(iv(t, "00:00", "03:00"), iv(t, "09:00", "11:00"))
	from := time.Date(2018, 11, 3, 6, 0, 0, 0, loc)
	got := Slots(from, 2, a, nil, nil, loc)
	equal(t, starts(got, loc), []string{
		"2018-11-03 09:00 -03", "2018-11-03 10:00 -03",
		// No 00:00 on the 4th; 01:00 and 02:00 are on summer time.
		"2018-11-04 01:00 -02", "2018-11-04 02:00 -02", "2018-11-04 09:00 -02", "2018-11-04 10:00 -02",
	})
	for _, s := range got {
		if d := s.End.Sub(s.Start); d != time.Hour {
			t.Errorf("%v lasts %v", s.Start, d)
		}
	}
	if got[2].Start.UTC().Format(time.RFC3339) != "2018-11-04T03:00:00Z" {
		t.Errorf("01:00 -02 is %v", got[2].Start.UTC())
	}
}

// Between two days' slots at one wall time lies the first day's real
// length. On 2019-02-17 São Paulo left daylight saving for good: 23:00
// on the 16th happened twice and the day had 25 hours. A fixed offset
// knows no daylight saving: the same dates have 24.
func TestSlotsDayLength(t *testing.T) {
	cases := []struct {
		name string
		loc  *time.Location
		want []string
		gap  time.Duration
	}{
		{"São Paulo, DST ends", saoPaulo(t), []string{"2019-02-16 09:00 -02", "2019-02-17 09:00 -03"}, 25 * time.Hour},
		{"fixed -03", time.FixedZone("BRT", -3*3600), []string{"2019-02-16 09:00 -03", "2019-02-17 09:00 -03"}, 24 * time.Hour},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Slots(time.Date(2019, 2, 16, 0, 0, 0, 0, c.loc), 2, everyDay(iv(t, "09:00", "10:00")), nil, nil, c.loc)
			equal(t, starts(got, c.loc), c.want)
			if gap := got[1].Start.Sub(got[0].Start); gap != c.gap {
				t.Errorf("between the two 09:00: %v, want %v", gap, c.gap)
			}
		})
	}
}

func TestSlotsEmptyAvailability(t *testing.T) {
	loc := saoPaulo(t)
	var a Availability
	if !a.Empty() {
		t.Fatal("zero availability is not empty")
	}
	if got := Slots(time.Now(), Days, a, nil, nil, loc); len(got) != 0 {
		t.Fatalf("slots from no availability: %v", got)
	}
	// An exception opens a day of a week with none.
	got := Slots(time.Date(2026, 12, 1, 0, 0, 0, 0, loc), Days, a,
		[]Exception{{Date: "2026-12-05", Intervals: []Interval{iv(t, "10:00", "11:00")}}}, nil, loc)
	equal(t, starts(got, loc), []string{"2026-12-05 10:00 -03"})
}

func TestParseClock(t *testing.T) {
	for _, s := range []string{"9:00", "24:01", "25:00", "12:60", "ab:cd", "", "12-00"} {
		if _, err := ParseClock(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
	if c := clock(t, "24:00"); c != 1440 || c.String() != "24:00" {
		t.Errorf("24:00 is %d %s", c, c)
	}
}

func TestIntervalProblems(t *testing.T) {
	if p := IntervalProblems([]Interval{iv(t, "09:00", "12:00"), iv(t, "14:00", "18:00")}, time.Hour); p != nil {
		t.Errorf("good intervals: %q", p)
	}
	cases := [][]Interval{
		{iv(t, "12:00", "09:00")},
		{iv(t, "09:00", "09:30")},
		{iv(t, "09:00", "12:00"), iv(t, "11:00", "13:00")},
	}
	for _, c := range cases {
		if p := IntervalProblems(c, time.Hour); len(p) == 0 {
			t.Errorf("%v: no problem found", c)
		}
	}
}

// BenchmarkSlots: a broker open two intervals every day, 14 days, with
// 20 visits booked: what GET visit-slots computes on each request.
func BenchmarkSlots(b *testing.B) {
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		b.Fatal(err)
	}
	a := everyDay(Interval{9 * 60, 12 * 60}, Interval{14 * 60, 18 * 60})
	from := time.Date(2026, 12, 1, 8, 0, 0, 0, loc)
	var booked []time.Time
	for i := range 20 {
		booked = append(booked, time.Date(2026, 12, 1+i/2, 9+i%2, 0, 0, 0, loc))
	}
	exc := []Exception{{Date: "2026-12-24"}, {Date: "2026-12-25"}}
	for b.Loop() {
		if len(Slots(from, Days, a, exc, booked, loc)) == 0 {
			b.Fatal("no slots")
		}
	}
}

// Package visits is the booking of visits to a listing: a broker's weekly
// availability and its exceptions, the free slots they leave in the
// agency's time zone, and the calendar invitation (.ics, RFC 5545) that
// goes with each booking; and the Service that books, cancels and moves
// visits against those slots through its Store. The store keeps
// availability and bookings, and the database alone decides which of two
// visitors racing for a slot gets it.
package visits

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Limits of an availability.
const (
	// DefaultSlot is a visit's length: an hour, the usual slot of
	// Brazilian agencies' booking pages.
	DefaultSlot = 60 * time.Minute
	// Days is how far ahead slots are offered, today included.
	Days = 14
	// MaxIntervals bounds the intervals of one day.
	MaxIntervals = 6
	// MaxExceptions bounds the exceptions a broker keeps.
	MaxExceptions = 60
)

// Clock is a time of day, in minutes since midnight (0 to 1440).
type Clock int

// ParseClock reads "HH:MM" (00:00 to 24:00).
func ParseClock(s string) (Clock, error) {
	h, m, ok := strings.Cut(s, ":")
	if !ok || len(h) != 2 || len(m) != 2 {
		return 0, fmt.Errorf("visits: time %q is not HH:MM", s)
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || hh < 0 || hh > 24 || mm < 0 || mm > 59 || (hh == 24 && mm != 0) {
		return 0, fmt.Errorf("visits: time %q is not HH:MM", s)
	}
	return Clock(hh*60 + mm), nil
}

func (c Clock) String() string { return fmt.Sprintf("%02d:%02d", int(c)/60, int(c)%60) }

// Interval is a part of a day a broker receives visits in: from Start to
// End, wall-clock times in the agency's zone.
type Interval struct {
	Start, End Clock
}

// Availability is a broker's week: the intervals of each weekday (indexed
// by time.Weekday; none is a day off) and the length of a slot.
type Availability struct {
	Weekly [7][]Interval
	Slot   time.Duration // 0 is DefaultSlot
}

// Exception replaces a date's weekly intervals: none blocks the date.
type Exception struct {
	Date      string // YYYY-MM-DD, in the agency's zone
	Intervals []Interval
}

// Slot is a free time to visit, as absolute instants.
type Slot struct {
	Start, End time.Time
}

// Empty reports whether the week has no interval on any day.
func (a Availability) Empty() bool {
	for _, d := range a.Weekly {
		if len(d) > 0 {
			return false
		}
	}
	return true
}

// SlotLength is the length of a slot: a.Slot, or DefaultSlot.
func (a Availability) SlotLength() time.Duration {
	if a.Slot <= 0 {
		return DefaultSlot
	}
	return a.Slot
}

// IntervalProblems lists what is wrong with a day's intervals
// (messages in Brazilian Portuguese); nil when they are fine. Intervals
// must be within the day, start before they end, leave room for one slot
// and not overlap.
func IntervalProblems(iv []Interval, slot time.Duration) []string {
	var out []string
	if len(iv) > MaxIntervals {
		out = append(out, fmt.Sprintf("No máximo %d intervalos por dia.", MaxIntervals))
	}
	sorted := append([]Interval(nil), iv...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	for i, v := range sorted {
		switch {
		case v.Start < 0 || v.End > 24*60:
			out = append(out, "Use horários entre 00:00 e 24:00.")
		case v.End <= v.Start:
			out = append(out, fmt.Sprintf("O intervalo %s–%s termina antes de começar.", v.Start, v.End))
		case time.Duration(v.End-v.Start)*time.Minute < slot:
			out = append(out, fmt.Sprintf("O intervalo %s–%s é menor que uma visita.", v.Start, v.End))
		}
		if i > 0 && v.Start < sorted[i-1].End {
			out = append(out, fmt.Sprintf("Os intervalos %s–%s e %s–%s se sobrepõem.",
				sorted[i-1].Start, sorted[i-1].End, v.Start, v.End))
		}
	}
	return out
}

// ParseDate reads an exception's date (YYYY-MM-DD) as a day in loc.
func ParseDate(s string, loc *time.Location) (time.Time, error) {
	return time.ParseInLocation(time.DateOnly, s, loc)
}

// Slots returns the free slots of the days days starting with from's
// date in loc, in order: the week's intervals of each date (or its
// exception's), cut into slots of the availability's length, without
// those that start at or before from and those booked (by start
// instant).
//
// Slots are laid out on the wall clock: an interval 09:00–12:00 gives
// 09:00, 10:00 and 11:00 whatever the date's length. On a date when a
// wall time does not exist (the start of daylight saving in São Paulo
// until 2019 skipped midnight), no slot starts at it; a slot is offered
// only when it ends, in real time, by its interval's end.
func Slots(from time.Time, days int, av Availability, exceptions []Exception, booked []time.Time, loc *time.Location) []Slot {
	length := av.SlotLength()
	step := Clock(length / time.Minute)
	if step <= 0 {
		return nil
	}
	byDate := make(map[string][]Interval, len(exceptions))
	for _, e := range exceptions {
		byDate[e.Date] = e.Intervals
	}
	taken := make(map[int64]bool, len(booked))
	for _, b := range booked {
		taken[b.Unix()] = true
	}
	y, m, d := from.In(loc).Date()
	var out []Slot
	for i := range days {
		// Noon is on the date in every zone's history, so the date's
		// weekday and its fields are read from it.
		day := time.Date(y, m, d+i, 12, 0, 0, 0, loc)
		intervals, ok := byDate[day.Format(time.DateOnly)]
		if !ok {
			intervals = av.Weekly[day.Weekday()]
		}
		sorted := append([]Interval(nil), intervals...)
		sort.Slice(sorted, func(a, b int) bool { return sorted[a].Start < sorted[b].Start })
		for _, iv := range sorted {
			end := wall(day, iv.End, loc)
			for c := iv.Start; c+step <= iv.End; c += step {
				start := wall(day, c, loc)
				if start.In(loc).Hour()*60+start.In(loc).Minute() != int(c)%(24*60) {
					continue // this wall time does not exist on this date
				}
				s := Slot{Start: start, End: start.Add(length)}
				if s.End.After(end) || !s.Start.After(from) || taken[s.Start.Unix()] {
					continue
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// wall is the instant of clock c on day's date in loc (24:00 is the next
// date's midnight).
func wall(day time.Time, c Clock, loc *time.Location) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d, int(c)/60, int(c)%60, 0, 0, loc)
}

// Offered reports whether start is the start of one of slots.
func Offered(slots []Slot, start time.Time) (Slot, bool) {
	for _, s := range slots {
		if s.Start.Equal(start) {
			return s, true
		}
	}
	return Slot{}, false
}

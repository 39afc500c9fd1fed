package visits

import (
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// FromSchedule turns a stored schedule into the week and exceptions that
// Slots reads.
func FromSchedule(sch listing.VisitSchedule) (Availability, []Exception) {
	var a Availability
	for d, ivs := range sch.Weekly {
		a.Weekly[d] = intervals(ivs)
	}
	exc := make([]Exception, len(sch.Exceptions))
	for i, e := range sch.Exceptions {
		exc[i] = Exception{Date: e.Date, Intervals: intervals(e.Intervals)}
	}
	return a, exc
}

func intervals(ivs []listing.VisitInterval) []Interval {
	out := make([]Interval, len(ivs))
	for i, v := range ivs {
		out[i] = Interval{Clock(v.Start), Clock(v.End)}
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

var (
	weekdays = [7]string{"domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"}
	months   = [12]string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
		"setembro", "outubro", "novembro", "dezembro"}
)

// Long writes t in loc as people read a date in Brazil: "sexta-feira,
// 4 de dezembro de 2026, às 10:00".
func Long(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	return weekdays[t.Weekday()] + ", " + strconv.Itoa(t.Day()) + " de " + months[t.Month()-1] + " de " +
		strconv.Itoa(t.Year()) + ", às " + t.Format("15:04")
}

package visits

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Methods of an invitation (RFC 5546, iTIP). A booking or a new time is
// a REQUEST, which Google Calendar and Outlook show as an invitation to
// add (PUBLISH is shown as a plain file by Outlook and not updated in
// place by Gmail); a cancelled visit is a CANCEL of the same UID, which
// both remove from the calendar.
const (
	MethodRequest = "REQUEST"
	MethodCancel  = "CANCEL"
)

// Party is the organizer or an attendee of an invitation.
type Party struct {
	Name, Email string
}

// Event is one visit as a calendar invitation. Every invitation of one
// visit has its UID; each change raises Sequence, so calendars replace
// the event they hold instead of adding another.
type Event struct {
	UID         string
	Sequence    int
	Method      string // MethodRequest or MethodCancel
	Stamp       time.Time
	Start, End  time.Time
	Summary     string
	Location    string // the listing's public address only
	Description string
	URL         string // "" for none
	Organizer   Party
	Attendees   []Party
}

// ContentType is the MIME type of ev's .ics, as mail clients need it to
// offer the invitation (the method parameter included).
func (ev Event) ContentType() string {
	return "text/calendar; charset=UTF-8; method=" + ev.Method
}

// ICS writes ev as an iCalendar object (RFC 5545): CRLF line ends, lines
// folded at 75 octets, text escaped, every time in UTC.
func (ev Event) ICS() []byte {
	var b strings.Builder
	line := func(s string) { fold(&b, s) }
	line("BEGIN:VCALENDAR")
	line("PRODID:-//Vitrine//Agendar visita//PT-BR")
	line("VERSION:2.0")
	line("CALSCALE:GREGORIAN")
	line("METHOD:" + ev.Method)
	line("BEGIN:VEVENT")
	line("UID:" + escapeText(ev.UID))
	line("SEQUENCE:" + strconv.Itoa(ev.Sequence))
	line("DTSTAMP:" + utcStamp(ev.Stamp))
	line("DTSTART:" + utcStamp(ev.Start))
	line("DTEND:" + utcStamp(ev.End))
	line("SUMMARY:" + escapeText(ev.Summary))
	if ev.Location != "" {
		line("LOCATION:" + escapeText(ev.Location))
	}
	if ev.Description != "" {
		line("DESCRIPTION:" + escapeText(ev.Description))
	}
	if ev.URL != "" {
		line("URL:" + ev.URL)
	}
	if ev.Organizer.Email != "" {
		line("ORGANIZER" + cn(ev.Organizer.Name) + ":mailto:" + ev.Organizer.Email)
	}
	for _, a := range ev.Attendees {
		line("ATTENDEE" + cn(a.Name) + ";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:" + a.Email)
	}
	if ev.Method == MethodCancel {
		line("STATUS:CANCELLED")
	} else {
		line("STATUS:CONFIRMED")
	}
	line("TRANSP:OPAQUE")
	line("END:VEVENT")
	line("END:VCALENDAR")
	return []byte(b.String())
}

func utcStamp(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// cn is a CN parameter: a quoted-string, which may not hold a DQUOTE or
// a control character (RFC 5545, 3.1), so those are dropped.
func cn(name string) string {
	name = strings.Map(func(r rune) rune {
		if r == '"' || r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if name == "" {
		return ""
	}
	return `;CN="` + name + `"`
}

// escapeText escapes a TEXT value (RFC 5545, 3.3.11): backslash,
// semicolon, comma and new lines.
func escapeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.NewReplacer(`\`, `\\`, `;`, `\;`, `,`, `\,`, "\n", `\n`).Replace(s)
}

// fold writes a content line, folded so that no line is longer than 75
// octets (the CRLF excluded) and never inside a UTF-8 sequence: each
// continuation starts with one space (RFC 5545, 3.1).
func fold(b *strings.Builder, s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}

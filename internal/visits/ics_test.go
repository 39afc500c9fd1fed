package visits

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func sampleEvent() Event {
	start := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	return Event{
		UID: "visita-42@vitrine.example", Sequence: 1, Method: MethodRequest,
		Stamp: time.Date(2026, 11, 28, 15, 4, 5, 0, time.UTC), Start: start, End: start.Add(time.Hour),
		Summary:  "Visita: Casa com piscina, 3 quartos; Lagoa",
		Location: "Rua das Flores, 120 - Lagoa da Conceição, Florianópolis - SC",
		Description: "Visita agendada pelo site.\nCorretora: Ana Souza; CRECI 1234-F\n" +
			`Caminho C:\chaves` + "\nAção: " + strings.Repeat("ç", 60),
		URL:       "https://imobiliaria.example/imoveis/casa",
		Organizer: Party{Name: `Ana "Corretora" Souza`, Email: "ana@imobiliaria.example"},
		Attendees: []Party{{Name: "Maria José", Email: "maria@example.com"}, {Name: "Ana Souza", Email: "ana@imobiliaria.example"}},
	}
}

func TestICSShape(t *testing.T) {
	out := sampleEvent().ICS()
	if !bytes.HasSuffix(out, []byte("END:VCALENDAR\r\n")) {
		t.Fatal("does not end with END:VCALENDAR CRLF")
	}
	if bytes.Contains(bytes.ReplaceAll(out, []byte("\r\n"), nil), []byte("\n")) {
		t.Fatal("a bare LF")
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\r\n"), "\r\n")
	folded := 0
	for _, l := range lines {
		if len(l) > 75 {
			t.Errorf("line of %d octets: %q", len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Errorf("fold cut a UTF-8 sequence: %q", l)
		}
		if strings.HasPrefix(l, " ") {
			folded++
		}
	}
	if folded < 2 {
		t.Errorf("expected folded lines, got %d", folded)
	}
	unfolded := strings.ReplaceAll(string(out), "\r\n ", "")
	for _, want := range []string{
		"METHOD:REQUEST\r\n", "VERSION:2.0\r\n", "PRODID:-//Vitrine//Agendar visita//PT-BR\r\n",
		"DTSTART:20261203T120000Z\r\n", "DTEND:20261203T130000Z\r\n", "DTSTAMP:20261128T150405Z\r\n",
		"SEQUENCE:1\r\n",
		`SUMMARY:Visita: Casa com piscina\, 3 quartos\; Lagoa` + "\r\n",
		`DESCRIPTION:Visita agendada pelo site.\nCorretora: Ana Souza\; CRECI 1234-F\nCaminho C:\\chaves\nAção: `,
		`ORGANIZER;CN="Ana Corretora Souza":mailto:ana@imobiliaria.example` + "\r\n",
		`ATTENDEE;CN="Maria José";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:maria@example.com` + "\r\n",
		"STATUS:CONFIRMED\r\n",
	} {
		if !strings.Contains(unfolded, want) {
			t.Errorf("missing %q in\n%s", want, unfolded)
		}
	}
}

func TestICSCancel(t *testing.T) {
	ev := sampleEvent()
	ev.Method, ev.Sequence = MethodCancel, 2
	s := string(ev.ICS())
	for _, want := range []string{"METHOD:CANCEL\r\n", "STATUS:CANCELLED\r\n", "SEQUENCE:2\r\n", "UID:visita-42@vitrine.example\r\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q", want)
		}
	}
	if ev.ContentType() != "text/calendar; charset=UTF-8; method=CANCEL" {
		t.Errorf("content type %q", ev.ContentType())
	}
}

func TestFoldExactLimits(t *testing.T) {
	var b strings.Builder
	fold(&b, strings.Repeat("a", 75))
	if b.String() != strings.Repeat("a", 75)+"\r\n" {
		t.Errorf("75 octets folded: %q", b.String())
	}
	b.Reset()
	fold(&b, strings.Repeat("a", 76))
	if b.String() != strings.Repeat("a", 75)+"\r\n a\r\n" {
		t.Errorf("76 octets: %q", b.String())
	}
	b.Reset()
	fold(&b, strings.Repeat("a", 74)+"é") // é is two octets: it may not be cut
	if b.String() != strings.Repeat("a", 74)+"\r\n é\r\n" {
		t.Errorf("multi-byte at the limit: %q", b.String())
	}
}

// A real parser reads the invitation back: Python's icalendar (Debian's
// python3-icalendar, which `make test-go` installs).
func TestICSParsesWithIcalendar(t *testing.T) {
	// Debian's own interpreter first: a pyenv python3 on PATH does not
	// see Debian's packages.
	py := ""
	for _, c := range []string{"/usr/bin/python3", "python3"} {
		if p, err := exec.LookPath(c); err == nil && exec.Command(p, "-c", "import icalendar").Run() == nil {
			py = p
			break
		}
	}
	if py == "" && testing.Short() {
		t.Skip("-short (make test-fast): python3-icalendar is missing, the parser check is left to make test")
	}
	if py == "" {
		t.Fatal("python3 with icalendar is missing: run `bash scripts/ensure-icalendar.sh` (Debian's python3-icalendar), as `make test-go` does")
	}
	ev := sampleEvent()
	cmd := exec.Command(py, "-c", `
import sys, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
assert cal['METHOD'] == 'REQUEST', cal['METHOD']
evs = cal.walk('VEVENT')
assert len(evs) == 1
e = evs[0]
print(e.decoded('DTSTART').isoformat())
print(e.decoded('DTEND').isoformat())
print(str(e['SUMMARY']))
print(str(e['DESCRIPTION']).replace('\n', '|'))
print(str(e['ORGANIZER'].params['CN']))
print(len(e['ATTENDEE']))
`)
	cmd.Stdin = bytes.NewReader(ev.ICS())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("icalendar refused the file: %v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	want := []string{"2026-12-03T12:00:00+00:00", "2026-12-03T13:00:00+00:00", ev.Summary,
		strings.ReplaceAll(ev.Description, "\n", "|"), "Ana Corretora Souza", "2"}
	if len(got) != len(want) {
		t.Fatalf("parser said %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d: parser read %q, want %q", i, got[i], want[i])
		}
	}
}

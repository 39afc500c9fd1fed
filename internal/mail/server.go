package mail

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
)

// Server is where e-mail is sent: an SMTP submission server.
//
//   - smtp://user:pass@host:587 speaks SMTP and must upgrade with STARTTLS
//     before anything else is said: a server that does not offer it is
//     refused, so a password never crosses the network in the clear.
//   - smtps://user:pass@host:465 speaks TLS from the first byte (implicit
//     TLS).
//   - smtp:// without a user to a loopback host (localhost, 127.0.0.0/8,
//     ::1) uses STARTTLS when the server offers it and goes on without it
//     otherwise: a relay on the same machine (postfix) often has no
//     certificate, and nothing leaves the machine. With a user, STARTTLS
//     is required there too: a password is never sent in the clear.
//
// The certificate must be valid for the host.
type Server struct {
	Implicit bool // smtps://
	Host     string
	Port     int
	Username string // "" for none: no AUTH
	Password string
}

// Configured reports whether a server was given.
func (s Server) Configured() bool { return s.Host != "" }

// PlainAllowed reports whether the session may go on without TLS: smtp://
// without a user to a server on this machine.
func (s Server) PlainAllowed() bool { return !s.Implicit && s.Username == "" && s.loopback() }

func (s Server) loopback() bool {
	if s.Host == "localhost" {
		return true
	}
	ip := net.ParseIP(s.Host)
	return ip != nil && ip.IsLoopback()
}

// Addr is the server's host:port.
func (s Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// String is the server's URL without its password, fit for the log.
func (s Server) String() string {
	if !s.Configured() {
		return ""
	}
	u := url.URL{Scheme: "smtp", Host: s.Addr()}
	if s.Implicit {
		u.Scheme = "smtps"
	}
	if s.Username != "" {
		u.User = url.User(s.Username)
	}
	return u.String()
}

// ParseServer reads an smtp:// or smtps:// URL; "" is no server. The
// password is the URL's, or password when the URL has none (the
// environment's VITRINE_SMTP_PASSWORD, which keeps it out of the command
// line). Errors never show the password.
func ParseServer(raw, password string) (Server, error) {
	if raw == "" {
		return Server{}, nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return Server{}, errors.New("not a URL: want smtp://user:password@host:587 or smtps://user:password@host:465")
	}
	var s Server
	switch u.Scheme {
	case "smtp":
		s.Port = 587
	case "smtps":
		s.Implicit, s.Port = true, 465
	default:
		return Server{}, errors.New("want an smtp:// (STARTTLS) or smtps:// (implicit TLS) URL")
	}
	s.Host = u.Hostname()
	if s.Host == "" {
		return Server{}, errors.New("the URL has no host: want smtp://user:password@host:587")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 || n > 65535 {
			return Server{}, fmt.Errorf("port %q is not a port", p)
		}
		s.Port = n
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return Server{}, errors.New("the URL must have no path, query or fragment")
	}
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	if s.Password == "" {
		s.Password = password
	}
	if s.Password != "" && s.Username == "" {
		return Server{}, errors.New("a password without a user name: want smtp://user@host:587")
	}
	if s.Username != "" && s.Password == "" {
		return Server{}, errors.New("a user name without a password: put it in the URL or in VITRINE_SMTP_PASSWORD")
	}
	return s, nil
}

// ParseFrom reads the sender's address, with or without a display name
// ("Imobiliária Sol <avisos@sol.example.com.br>").
func ParseFrom(s string) (*mail.Address, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("want an e-mail address, such as \"Imobiliária <avisos@example.com.br>\"")
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return nil, errors.New("not an e-mail address: want avisos@example.com.br or \"Imobiliária <avisos@example.com.br>\"")
	}
	return a, nil
}

package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/textproto"
	"strings"
	"syscall"
	"time"
)

// describe says in a few words, in Portuguese, why an SMTP session failed
// before the server answered the message, for the administrators who read
// the outbox. It never repeats what the server said.
func describe(err error, timeout time.Duration) string {
	var (
		dns     *net.DNSError
		ne      net.Error
		tp      *textproto.Error
		unknown x509.UnknownAuthorityError
		host    x509.HostnameError
		invalid x509.CertificateInvalidError
		verify  *tls.CertificateVerificationError
		record  tls.RecordHeaderError
	)
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "tempo esgotado após " + timeout.String()
	case errors.As(err, &dns):
		return "servidor SMTP não encontrado (DNS)"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "conexão recusada"
	case errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid), errors.As(err, &verify), errors.As(err, &record):
		return "falha na verificação TLS"
	case strings.Contains(err.Error(), "does not support STARTTLS"):
		return "o servidor SMTP não oferece STARTTLS"
	case errors.As(err, &tp) && (tp.Code == 535 || tp.Code == 534 || tp.Code == 530):
		return "autenticação SMTP recusada"
	case strings.Contains(err.Error(), "auth"):
		return "autenticação SMTP falhou"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "conexão encerrada pelo servidor SMTP"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "servidor SMTP inalcançável"
	}
	return "erro de rede"
}

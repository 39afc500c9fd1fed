package outbox

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"syscall"
)

// Failure is what went wrong with a worker's network exchange, as its
// outbox tells administrators: each worker words it for what it talks
// to (an SMTP server, the agency's CRM).
type Failure int

// The failures Classify tells apart.
const (
	FailureOther       Failure = iota // none of the below: "erro de rede"
	FailureTimeout                    // the exchange ran past its time
	FailureDNS                        // the host's name did not resolve
	FailureRefused                    // the connection was refused
	FailureTLS                        // the certificate or the TLS handshake failed
	FailureClosed                     // the peer closed or reset the connection
	FailureUnreachable                // no route to the host or its network
)

// Classify says which Failure err is, checking in the order above
// (a timeout first, whatever else it wraps).
func Classify(err error) Failure {
	var (
		dns     *net.DNSError
		ne      net.Error
		unknown x509.UnknownAuthorityError
		host    x509.HostnameError
		invalid x509.CertificateInvalidError
		verify  *tls.CertificateVerificationError
		record  tls.RecordHeaderError
	)
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return FailureTimeout
	case errors.As(err, &dns):
		return FailureDNS
	case errors.Is(err, syscall.ECONNREFUSED):
		return FailureRefused
	case errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid), errors.As(err, &verify), errors.As(err, &record):
		return FailureTLS
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return FailureClosed
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return FailureUnreachable
	}
	return FailureOther
}

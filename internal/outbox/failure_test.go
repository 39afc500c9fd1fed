package outbox_test

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/vitrine/vitrine/internal/outbox"
)

func TestClassify(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf("dial tcp: %w", err) }
	for _, c := range []struct {
		err  error
		want outbox.Failure
	}{
		{wrap(context.DeadlineExceeded), outbox.FailureTimeout},
		{&net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", IsTimeout: true}}, outbox.FailureTimeout},
		{wrap(&net.DNSError{Err: "no such host", Name: "smtp.example"}), outbox.FailureDNS},
		{wrap(syscall.ECONNREFUSED), outbox.FailureRefused},
		{wrap(x509.UnknownAuthorityError{}), outbox.FailureTLS},
		{wrap(syscall.ECONNRESET), outbox.FailureClosed},
		{wrap(io.EOF), outbox.FailureClosed},
		{wrap(syscall.EHOSTUNREACH), outbox.FailureUnreachable},
		{errors.New("something else"), outbox.FailureOther},
	} {
		if got := outbox.Classify(c.err); got != c.want {
			t.Errorf("Classify(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}

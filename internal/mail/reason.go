package mail

import (
	"errors"
	"net/textproto"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/outbox"
)

// describe says in a few words, in Portuguese, why an SMTP session failed
// before the server answered the message, for the administrators who read
// the outbox. It never repeats what the server said. The network's
// failures are outbox.Classify's; STARTTLS and AUTH are SMTP's own, told
// apart before a closed connection, which an AUTH refusal may end with.
func describe(err error, timeout time.Duration) string {
	f := outbox.Classify(err)
	var tp *textproto.Error
	switch {
	case f == outbox.FailureTimeout:
		return "tempo esgotado após " + timeout.String()
	case f == outbox.FailureDNS:
		return "servidor SMTP não encontrado (DNS)"
	case f == outbox.FailureRefused:
		return "conexão recusada"
	case f == outbox.FailureTLS:
		return "falha na verificação TLS"
	case strings.Contains(err.Error(), "does not support STARTTLS"):
		return "o servidor SMTP não oferece STARTTLS"
	case errors.As(err, &tp) && (tp.Code == 535 || tp.Code == 534 || tp.Code == 530):
		return "autenticação SMTP recusada"
	case strings.Contains(err.Error(), "auth"):
		return "autenticação SMTP falhou"
	case f == outbox.FailureClosed:
		return "conexão encerrada pelo servidor SMTP"
	case f == outbox.FailureUnreachable:
		return "servidor SMTP inalcançável"
	}
	return "erro de rede"
}

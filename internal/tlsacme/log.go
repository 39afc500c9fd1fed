package tlsacme

import (
	"context"
	"log/slog"
	"regexp"
	"strings"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// zapLogger gives certmagic, which logs through zap, the process's slog
// logger. Its debug lines (each handshake's lookup) go only where slog's
// level lets debug through.
func zapLogger(log *slog.Logger) *zap.Logger {
	return zap.New(&slogCore{h: log.Handler()})
}

// slogCore is a zapcore.Core writing to a slog.Handler.
type slogCore struct {
	h      slog.Handler
	fields []zapcore.Field
}

func (c *slogCore) Enabled(l zapcore.Level) bool {
	return c.h.Enabled(context.Background(), slogLevel(l))
}

func (c *slogCore) With(fields []zapcore.Field) zapcore.Core {
	return &slogCore{h: c.h, fields: append(c.fields[:len(c.fields):len(c.fields)], fields...)}
}

func (c *slogCore) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

func (c *slogCore) Write(e zapcore.Entry, fields []zapcore.Field) error {
	msg := "tls: " + e.Message
	if e.LoggerName != "" {
		msg = "tls " + e.LoggerName + ": " + e.Message
	}
	rec := slog.NewRecord(e.Time, slogLevel(e.Level), redactEmails(msg), 0)
	enc := zapcore.NewMapObjectEncoder()
	for _, f := range append(c.fields[:len(c.fields):len(c.fields)], fields...) {
		if personal(f.Key) {
			continue
		}
		f.AddTo(enc)
	}
	for k, v := range enc.Fields {
		if s, ok := v.(string); ok {
			v = redactEmails(s)
		}
		rec.AddAttrs(slog.Any(k, v))
	}
	return c.h.Handle(context.Background(), rec)
}

func (c *slogCore) Sync() error { return nil }

func slogLevel(l zapcore.Level) slog.Level {
	switch {
	case l <= zapcore.DebugLevel:
		return slog.LevelDebug
	case l == zapcore.InfoLevel:
		return slog.LevelInfo
	case l == zapcore.WarnLevel:
		return slog.LevelWarn
	}
	return slog.LevelError
}

// personal reports whether a field of certmagic's or its ACME client's
// may hold the account's contact: the log never carries personal data.
func personal(key string) bool {
	k := strings.ToLower(key)
	return strings.Contains(k, "email") || strings.Contains(k, "contact")
}

// emails matches an e-mail address in a message or an error, such as a
// CA's problem detail quoting the account's contact.
var emails = regexp.MustCompile(`[^\s@"'<>:,;()\[\]]+@[^\s@"'<>:,;()\[\]]+\.[a-zA-Z]{2,}`)

func redactEmails(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	return emails.ReplaceAllString(s, "[e-mail]")
}

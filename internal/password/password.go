// Package password hashes and checks the passwords of the back office's
// users with argon2id (RFC 9106), in the PHC string format
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so that a hash carries its own
// parameters and older hashes keep working when the defaults change.
package password

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's costs.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
}

// DefaultParams is OWASP's first recommended argon2id configuration
// (Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane), a hash of
// about a tenth of a second on one core. Each hash holds Memory for its
// duration; Hasher bounds how many run at once.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

// maxMemory bounds the memory a stored hash may ask to be checked with
// (64 MiB, RFC 9106's second recommended set), so that a hash written by
// hand into the database cannot make a sign-in allocate more.
const maxMemory = 64 * 1024

const (
	saltLen = 16
	keyLen  = 32
)

// DefaultConcurrency is how many hashes a Hasher computes at once by
// default: with DefaultParams, at most 4 × 19 MiB.
const DefaultConcurrency = 4

// Hasher hashes and checks passwords, at most a fixed number at once, so
// that a burst of sign-ins waits instead of allocating without bound.
type Hasher struct {
	params Params
	sem    chan struct{}
	dummy  string // a hash of a random password, checked for unknown users
}

// New returns a Hasher that hashes with params, concurrency hashes at a
// time (at least one).
func New(params Params, concurrency int) *Hasher {
	h := &Hasher{params: params, sem: make(chan struct{}, max(concurrency, 1))}
	// The dummy needs no hashing: a random key under a random salt costs
	// a check as much as a real hash does, and matches no password.
	salt, key := make([]byte, saltLen), make([]byte, keyLen)
	rand.Read(salt) // never fails (crypto/rand)
	rand.Read(key)
	h.dummy = h.format(salt, key)
	return h
}

// ErrMismatch is a password that does not match its hash.
var ErrMismatch = errors.New("password: mismatch")

// errFormat is a stored hash this package cannot read.
var errFormat = errors.New("password: not an argon2id hash")

// Hash returns the PHC string of a new hash of pw, with a random salt.
func (h *Hasher) Hash(ctx context.Context, pw string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return h.encode(pw), nil
}

// Check returns nil when pw matches encoded, ErrMismatch when it does not.
// An empty encoded (no such user) is checked against a hash of a random
// password at the same cost, so that the answer takes as long whether the
// user exists or not, and is ErrMismatch.
func (h *Hasher) Check(ctx context.Context, encoded, pw string) error {
	known := encoded != ""
	if !known {
		encoded = h.dummy
	}
	p, salt, want, err := decode(encoded)
	if err != nil {
		return err
	}
	if err := h.acquire(ctx); err != nil {
		return err
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	h.release()
	if subtle.ConstantTimeCompare(got, want) != 1 || !known {
		return ErrMismatch
	}
	return nil
}

func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.sem }

// encode hashes pw under a new random salt, as a PHC string.
func (h *Hasher) encode(pw string) string {
	salt := make([]byte, saltLen)
	rand.Read(salt) // never fails (crypto/rand)
	p := h.params
	return h.format(salt, argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, keyLen))
}

// format writes salt and key under h's parameters as a PHC string.
func (h *Hasher) format(salt, key []byte) string {
	p := h.params
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// decode reads a PHC argon2id string.
func decode(encoded string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, errFormat
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, errFormat
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil ||
		p.Memory == 0 || p.Memory > maxMemory || p.Time == 0 || p.Time > 10 || p.Threads == 0 {
		return p, nil, nil, errFormat
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, errFormat
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > 64 {
		return p, nil, nil, errFormat
	}
	return p, salt, key, nil
}

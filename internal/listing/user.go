package listing

import (
	"strings"
	"time"
	"unicode/utf8"
)

// User is a member of the agency's staff who signs in to the back office
// with an e-mail and a password, and may do what their Role allows.
type User struct {
	ID        int64
	Email     string // normalised (see NormalizeEmail): unique as it is stored
	Name      string
	Role      Role
	CreatedAt time.Time
	// DeactivatedAt is when an administrador deactivated the account: it
	// cannot sign in until reactivated. Zero for an active account.
	DeactivatedAt time.Time
	// LastSeenAt is the last use of any of their stored sessions; zero
	// when they have none (only the list of users fills it).
	LastSeenAt time.Time
	// Profile is their broker profile (CRECI, phone, WhatsApp), empty for
	// staff who do not sell.
	Profile BrokerProfile
	// Photo is their photo, an uploaded file processed as a property
	// photo's, which the pages of their listings show once it is ready;
	// nil when they have none.
	Photo *Image
}

// Limits of the fields of a user.
const (
	MaxUserNameLen      = 100
	MinPasswordLen      = 10
	MaxPasswordLen      = 256 // bytes: bounds what a sign-in asks the hash to read
	MaxSessionUserAgent = 200
)

// NormalizeEmail returns e-mail in the one form users are stored and found
// by: trimmed and lower case, so that "Ana@Example.com" and
// "ana@example.com" are the same account.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// UserInput is a new user, or a new password (then only Password counts).
type UserInput struct {
	Email    string
	Name     string
	Password string
	Role     Role // "" is corretor: the least a new account may do
}

// Normalize normalises the e-mail and trims the name; the password is
// taken as typed.
func (in *UserInput) Normalize() {
	in.Email = NormalizeEmail(in.Email)
	in.Name = strings.TrimSpace(in.Name)
	if in.Role = Role(strings.TrimSpace(string(in.Role))); in.Role == "" {
		in.Role = RoleCorretor
	}
}

// Validate checks every field of a new user. Call Normalize first.
func (in *UserInput) Validate() error {
	v := in.validateAccount()
	if err := ValidatePassword(in.Password); err != nil {
		v.Merge("", err.(*ValidationError))
	}
	return v.Err()
}

// ValidateInvitation checks the fields of an invitation: a new user
// without a password, which the invitee chooses. Call Normalize first.
func (in *UserInput) ValidateInvitation() error {
	return in.validateAccount().Err()
}

func (in *UserInput) validateAccount() *ValidationError {
	v := &ValidationError{}
	checkEmail(v, in.Email)
	checkText(v, "name", in.Name, 1, MaxUserNameLen, false)
	if _, err := ParseRole("role", string(in.Role)); err != nil {
		v.Merge("", err.(*ValidationError))
	}
	return v
}

// MaxTokenNameLen bounds the name of an admin API token.
const MaxTokenNameLen = 100

// ValidateTokenName checks the name of a new admin API token, trimmed.
func ValidateTokenName(name string) error {
	switch {
	case name == "" || runeLen(name) > MaxTokenNameLen:
		return Invalid("name", "Informe um nome de até 100 caracteres.")
	case !plainText(name, false):
		return Invalid("name", "Contém caracteres inválidos.")
	}
	return nil
}

// ValidatePassword checks a new password: long enough to resist guessing
// once its hash has leaked, short enough to hash at a bounded cost.
func ValidatePassword(pw string) error {
	switch {
	case utf8.RuneCountInString(pw) < MinPasswordLen:
		return Invalid("password", "A senha deve ter pelo menos 10 caracteres.")
	case len(pw) > MaxPasswordLen:
		return Invalid("password", "A senha deve ter no máximo 256 bytes.")
	case !utf8.ValidString(pw):
		return Invalid("password", "A senha contém caracteres inválidos.")
	}
	return nil
}

// Session is a user's signed-in session in the back office. It ends at
// ExpiresAt (its absolute expiry), or earlier when it goes unused for the
// idle timeout, or when it is revoked.
type Session struct {
	ID         int64
	UserID     int64
	UserAgent  string
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
}

// ActorKind says what kind of credential made a write.
type ActorKind string

// The kinds of actors.
const (
	ActorUser  ActorKind = "user"  // a staff member, signed in
	ActorToken ActorKind = "token" // an admin API token, for scripts
)

// Actor is who made an administrative write: a user (Ref is its id) or an
// admin API token (Ref is its name). Name is what a person reads: the
// user's name, or the token's, as it was at the time of the write. The
// zero Actor is unknown (a write made before accounts existed, or from
// the server's own tools).
type Actor struct {
	Kind ActorKind
	Ref  string
	Name string
}

// Known reports whether a is not the zero Actor.
func (a Actor) Known() bool { return a.Kind != "" }

// Active reports whether the account may sign in.
func (u User) Active() bool { return u.DeactivatedAt.IsZero() }

// Live reports whether the session is still usable at now, when a
// session unused for idle ends.
func (s Session) Live(now time.Time, idle time.Duration) bool {
	return now.Before(s.ExpiresAt) && now.Before(s.LastUsedAt.Add(idle))
}

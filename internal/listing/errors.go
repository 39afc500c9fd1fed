// Package listing is Vitrine's domain: properties, their reference data,
// contact leads, and the rules that keep them valid. It depends on the
// standard library only; storage and HTTP live in adapters around it.
package listing

import (
	"errors"
	"sort"
	"strings"
)

// The error vocabulary of Vitrine. Adapters wrap these (fmt.Errorf with %w)
// and the HTTP layer maps each to one status in one table.
var (
	// ErrNotFound: the thing asked for does not exist, or is not visible
	// to the caller (an inactive property is not found by the public).
	ErrNotFound = errors.New("not found")
	// ErrConflict: the write would break a uniqueness rule (a taken slug);
	// see ConflictError for the field.
	ErrConflict = errors.New("conflict")
	// ErrInvalid: the input breaks a rule; see ValidationError for details.
	ErrInvalid = errors.New("invalid input")
	// ErrUnauthorized: no credentials, or credentials that are not valid.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrUnavailable: a dependency (the database) cannot be reached now.
	ErrUnavailable = errors.New("unavailable")
	// ErrLinkInvalid: an invitation's or a password reset's link that
	// does not exist, was used, replaced or has expired; which of these
	// is not said.
	ErrLinkInvalid = errors.New("account link invalid, used or expired")
)

// ValidationError lists, per field, every rule the input breaks. Field names
// are those of the API (JSON names); messages are Brazilian Portuguese,
// ready to show to a person.
type ValidationError struct {
	Fields map[string][]string
}

// Add records one failed rule for field.
func (e *ValidationError) Add(field, message string) {
	if e.Fields == nil {
		e.Fields = make(map[string][]string)
	}
	e.Fields[field] = append(e.Fields[field], message)
}

// Merge adds every failure of other, with each field name given prefix.
func (e *ValidationError) Merge(prefix string, other *ValidationError) {
	if other == nil {
		return
	}
	for f, msgs := range other.Fields {
		for _, m := range msgs {
			e.Add(prefix+f, m)
		}
	}
}

// Err returns e when it holds any failure, and nil otherwise, so that a
// validator can end with `return v.Err()`.
func (e *ValidationError) Err() error {
	if e == nil || len(e.Fields) == 0 {
		return nil
	}
	return e
}

func (e *ValidationError) Error() string {
	names := make([]string, 0, len(e.Fields))
	for f := range e.Fields {
		names = append(names, f)
	}
	sort.Strings(names)
	return "invalid input: " + strings.Join(names, ", ")
}

// Is makes errors.Is(err, ErrInvalid) true for a *ValidationError.
func (e *ValidationError) Is(target error) bool { return target == ErrInvalid }

// Invalid returns a validation error with a single failing field.
func Invalid(field, message string) error {
	v := &ValidationError{}
	v.Add(field, message)
	return v
}

// ConflictError is a uniqueness conflict: the write gives Field (an API
// field name, such as "slug") a value that another record already holds.
// errors.Is(err, ErrConflict) is true for it. Field is "" when the store
// cannot tell which field it was.
type ConflictError struct {
	Field string
}

func (e *ConflictError) Error() string {
	if e.Field == "" {
		return "conflict"
	}
	return "conflict: " + e.Field + " already taken"
}

// Is makes errors.Is(err, ErrConflict) true for a *ConflictError.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

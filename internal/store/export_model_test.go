package store

import "context"

// MigrateUpTo applies the migrations numbered up to last, and no later
// ones, as the database of an earlier release holds them.
func MigrateUpTo(ctx context.Context, s *Store, last int) error { return s.migrate(ctx, last) }

// HashToken is how admin tokens are stored.
func HashToken(token string) string { return hashToken(token) }

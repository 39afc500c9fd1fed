package store

import "context"

// Exec runs a statement on the store's writer, for tests that must put the
// database in a state the API never makes.
func Exec(ctx context.Context, s *Store, query string, args ...any) error {
	_, err := s.write.ExecContext(ctx, query, args...)
	return err
}

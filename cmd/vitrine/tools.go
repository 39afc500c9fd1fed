package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

var errNotFound = listing.ErrNotFound

// openMigrated opens the database and brings its schema up to date,
// making the stored public documents again when this build makes them in
// another format. Before a migration of a SQLite database it writes a
// snapshot, and says so on stderr.
func openMigrated(ctx context.Context, dsn string, stderr io.Writer) (*store.Store, error) {
	st, err := store.Open(ctx, dsn, store.Options{Documents: detaildoc.Renderer{}})
	if err != nil {
		return nil, err
	}
	if err := migrateSafely(ctx, st, dsn, snapshotNotice(dsn, stderr)); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlagSet("migrate", &cfg, stderr)
	var dryRun bool
	fs.BoolVar(&dryRun, "dry-run", false, "list the pending migrations and change nothing")
	if _, err := parse(fs, args, backupFlagsEnv(getenv)); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	if dryRun {
		return migrateDryRun(ctx, cfg.db, stdout)
	}
	st, err := openMigrated(ctx, cfg.db, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	fmt.Fprintf(stdout, "Banco de dados (%s) atualizado.\n", st.Dialect())
	return nil
}

func token(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, "Usage: vitrine token create NAME | list | revoke NAME [--db DB]\n")
		return errUsage
	}
	var cfg config
	fs := newFlagSet("token "+args[0], &cfg, stderr)
	rest, err := parse(fs, args[1:], getenv)
	if err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	var name string
	switch args[0] {
	case "create", "revoke":
		if name, err = oneArg(fs, rest, "token name"); err != nil {
			return err
		}
	case "list":
		if len(rest) != 0 {
			return fmt.Errorf("token list takes no arguments")
		}
	default:
		return fmt.Errorf("unknown token command %q (create, list, revoke)", args[0])
	}
	st, err := openMigrated(ctx, cfg.db, stderr)
	if err != nil {
		return err
	}
	defer st.Close()

	switch args[0] {
	case "create":
		tok, err := st.CreateToken(ctx, name)
		if errors.Is(err, listing.ErrConflict) {
			return fmt.Errorf("a token named %q exists already; revoke it first or pick another name", name)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Token %q criado. Guarde-o agora: ele não será mostrado de novo.\n%s\n", name, tok)
	case "list":
		tokens, err := st.Tokens(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NOME\tCRIADO EM")
		for _, t := range tokens {
			fmt.Fprintf(tw, "%s\t%s\n", t.Name, t.CreatedAt.Format(time.RFC3339))
		}
		tw.Flush()
	case "revoke":
		if err := st.RevokeToken(ctx, name); errors.Is(err, listing.ErrNotFound) {
			return fmt.Errorf("no token named %q", name)
		} else if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Token %q revogado.\n", name)
	}
	return nil
}

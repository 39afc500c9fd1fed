// Command vitrine is Vitrine's server and its administration tools.
//
//	vitrine serve                 serve the API and the web client
//	vitrine migrate               bring the database schema up to date
//	vitrine token create NAME     mint an admin token (printed once)
//	vitrine token list            list admin tokens
//	vitrine token revoke NAME     revoke an admin token
//	vitrine user add EMAIL NAME   add a back office user (password from stdin)
//	vitrine user list             list users
//	vitrine user remove EMAIL     remove a user and end their sessions
//	vitrine user reset-password EMAIL  set a new password (from stdin)
//	vitrine import vrsync FILE|URL     import a VRSync file into the catalogue
//	vitrine version               print the version, commit, build date and Go version
//	vitrine health                ask a running server whether it answers (exit 0 or 1)
//	vitrine backup create|verify|list  take and check backups
//	vitrine restore FROM               restore a backup into an empty place
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := runWithInput(ctx, os.Args, os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "vitrine:", err)
		os.Exit(1)
	}
}

const usage = `Usage: vitrine <command> [flags]

Commands:
  serve                 serve the API and the web client
  migrate               bring the database schema up to date and exit;
                        --dry-run lists the pending migrations
  token create NAME     mint an admin token; it is printed once, on the last line
  token list            list admin tokens
  token revoke NAME     revoke an admin token at once
  user add EMAIL NAME   add a back office user; the password is read from
                        standard input, or asked for on a terminal
  user list             list the users
  user remove EMAIL     remove a user and end their sessions
  user reset-password EMAIL
                        set a user's password (read as for add) and end
                        their sessions
  import vrsync FILE|URL
                        create or update properties from a VRSync file
                        (the portals' format); --dry-run reports what
                        would change, --photos link keeps photo addresses
  version               print the version, commit, build date and Go version
  health                ask a running vitrine serve (--addr) whether it
                        answers; exits 0 if so, 1 otherwise
  backup create --to DIR|s3://…
                        take a snapshot of the database and the media
                        while the site serves (--keep N prunes old ones)
  backup verify FROM    check a snapshot: every checksum, every file, the
                        database's integrity
  backup list FROM      list the snapshots
  restore FROM          restore a snapshot into an empty database and
                        media storage (--force overwrites)

Run "vitrine <command> -h" for the flags of a command.
`

// run is the whole program without standard input (no password to read).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return runWithInput(ctx, args, getenv, strings.NewReader(""), stdout, stderr)
}

// runWithInput is the whole program: main only gives it the process's
// context, arguments, environment, input and output.
func runWithInput(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) < 2 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	cmd, rest := args[1], args[2:]
	switch cmd {
	case "serve":
		return serve(ctx, rest, getenv, stdout, stderr)
	case "migrate", "token", "user", "import", "backup", "restore":
		if err := checkEnv(getenv); err != nil {
			return err
		}
		switch cmd {
		case "migrate":
			return migrate(ctx, rest, getenv, stdout, stderr)
		case "user":
			return user(ctx, rest, getenv, stdin, stdout, stderr)
		case "import":
			return importCmd(ctx, rest, getenv, stdout, stderr)
		case "backup":
			return backupCmd(ctx, rest, getenv, stdout, stderr)
		case "restore":
			return restoreCmd(ctx, rest, getenv, stdout, stderr)
		}
		return token(ctx, rest, getenv, stdout, stderr)
	case "version":
		return version(rest, stdout, stderr)
	case "health":
		return health(ctx, rest, getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

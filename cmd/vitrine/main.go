// Command vitrine is Vitrine's server and its administration tools.
//
//	vitrine serve                 serve the API and the web client
//	vitrine migrate               bring the database schema up to date
//	vitrine token create NAME     mint an admin token (printed once)
//	vitrine token list            list admin tokens
//	vitrine token revoke NAME     revoke an admin token
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "vitrine:", err)
		os.Exit(1)
	}
}

const usage = `Usage: vitrine <command> [flags]

Commands:
  serve                 serve the API and the web client
  migrate               bring the database schema up to date and exit
  token create NAME     mint an admin token; it is printed once, on the last line
  token list            list admin tokens
  token revoke NAME     revoke an admin token at once

Run "vitrine <command> -h" for the flags of a command.
`

// run is the whole program: main only gives it the process's context,
// arguments, environment and output.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	cmd, rest := args[1], args[2:]
	switch cmd {
	case "serve":
		return serve(ctx, rest, getenv, stdout, stderr)
	case "migrate", "token":
		if err := checkEnv(getenv); err != nil {
			return err
		}
		if cmd == "migrate" {
			return migrate(ctx, rest, getenv, stdout, stderr)
		}
		return token(ctx, rest, getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/term"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/password"
)

const userUsage = "Usage: vitrine user add EMAIL NAME [--role ROLE] | list | remove EMAIL | reset-password EMAIL [--db DB]\n" +
	"The password is read from standard input (its first line), or asked for when that is a terminal.\n" +
	"ROLE is administrador, assistente or corretor; without --role the first user is administrador, any other corretor.\n"

// user manages the back office's users. A password is never an argument
// (it would stay in the shell's history and in ps): it is read from stdin.
func user(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, userUsage)
		return errUsage
	}
	var cfg config
	fs := newFlagSet("user "+args[0], &cfg, stderr)
	var role *string
	if args[0] == "add" {
		role = fs.String("role", "", "the new user's `role`: administrador, assistente or corretor (default: administrador for the first user, corretor after)")
	}
	rest, err := parse(fs, args[1:], getenv)
	if err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	var in listing.UserInput
	switch args[0] {
	case "add":
		if len(rest) != 2 {
			return fmt.Errorf("%s: expected an e-mail and a name (quote a name of several words)", fs.Name())
		}
		in.Email, in.Name = rest[0], rest[1]
	case "remove", "reset-password":
		if in.Email, err = oneArg(fs, rest, "e-mail"); err != nil {
			return err
		}
	case "list":
		if len(rest) != 0 {
			return fmt.Errorf("user list takes no arguments")
		}
	default:
		return fmt.Errorf("unknown user command %q (add, list, remove, reset-password)", args[0])
	}
	if role != nil && *role != "" {
		in.Role = listing.Role(*role)
		if _, err := listing.ParseRole("role", *role); err != nil {
			return validationError(err)
		}
	}
	in.Normalize()
	if args[0] == "add" {
		// The e-mail and name are checked before the password is asked
		// for; the password once read.
		var ve *listing.ValidationError
		if err := in.Validate(); errors.As(err, &ve) {
			delete(ve.Fields, "password")
			if err := ve.Err(); err != nil {
				return validationError(err)
			}
		}
	}
	st, err := openMigrated(ctx, cfg.db, stderr)
	if err != nil {
		return err
	}
	defer st.Close()

	hasher := password.New(password.DefaultParams, 1)
	switch args[0] {
	case "add", "reset-password":
		if args[0] == "reset-password" {
			// Say so before asking for a password that could not be used.
			if _, _, err := st.UserCredentials(ctx, in.Email); errors.Is(err, listing.ErrNotFound) {
				return fmt.Errorf("no user with e-mail %q", in.Email)
			} else if err != nil {
				return err
			}
		}
		if in.Password, err = readPassword(stdin, stderr); err != nil {
			return err
		}
		if err := listing.ValidatePassword(in.Password); err != nil {
			return validationError(err)
		}
		hash, err := hasher.Hash(ctx, in.Password)
		if err != nil {
			return err
		}
		if args[0] == "reset-password" {
			if err := st.SetPassword(ctx, in.Email, hash); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "Senha de %s trocada; as sessões abertas foram encerradas e os tokens de API criados por esse usuário, revogados.\n", in.Email)
			return nil
		}
		if role == nil || *role == "" {
			// The first account runs the agency's back office.
			users, err := st.Users(ctx)
			if err != nil {
				return err
			}
			if len(users) == 0 {
				in.Role = listing.RoleAdministrador
			}
		}
		u, err := st.CreateUser(ctx, in, hash)
		if errors.Is(err, listing.ErrConflict) {
			return fmt.Errorf("a user with e-mail %q exists already", in.Email)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Usuário %s (%s) criado como %s.\n", u.Email, u.Name, u.Role)
	case "list":
		users, err := st.Users(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "E-MAIL\tNOME\tPAPEL\tSITUAÇÃO\tCRIADO EM")
		for _, u := range users {
			state := "ativo"
			if !u.Active() {
				state = "desativado"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", u.Email, u.Name, u.Role, state, u.CreatedAt.Format(time.RFC3339))
		}
		tw.Flush()
	case "remove":
		if err := st.DeleteUser(ctx, in.Email); errors.Is(err, listing.ErrNotFound) {
			return fmt.Errorf("no user with e-mail %q", in.Email)
		} else if errors.Is(err, listing.ErrLastAdmin) {
			return fmt.Errorf("%s is the last active administrador: give another user that role first", in.Email)
		} else if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Usuário %s removido; as sessões abertas foram encerradas e os tokens de API criados por esse usuário, revogados.\n", in.Email)
	}
	return nil
}

// validationError words a listing.ValidationError for the command line.
func validationError(err error) error {
	var ve *listing.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	var parts []string
	for field, msgs := range ve.Fields {
		parts = append(parts, field+": "+strings.Join(msgs, " "))
	}
	slices.Sort(parts)
	return errors.New(strings.Join(parts, "; "))
}

// readPassword asks for a password twice, without echo, when stdin is a
// terminal; otherwise it reads stdin's first line.
func readPassword(stdin io.Reader, stderr io.Writer) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		ask := func(prompt string) (string, error) {
			fmt.Fprint(stderr, prompt)
			pw, err := term.ReadPassword(int(f.Fd()))
			fmt.Fprintln(stderr)
			return string(pw), err
		}
		pw, err := ask("Senha: ")
		if err != nil {
			return "", err
		}
		again, err := ask("Repita a senha: ")
		if err != nil {
			return "", err
		}
		if pw != again {
			return "", errors.New("the passwords differ")
		}
		return pw, nil
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, listing.MaxPasswordLen+2)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if line == "" {
		return "", errors.New("no password on standard input")
	}
	return line, nil
}

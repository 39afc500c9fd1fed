package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/vitrine/vitrine/internal/backup"
	"github.com/vitrine/vitrine/internal/buildinfo"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/store"
)

// snapshotsKept is how many snapshots taken before a migration are kept
// beside a SQLite database.
const snapshotsKept = 3

// postgresAdvice says how a PostgreSQL database is backed up, which
// "vitrine backup" leaves to PostgreSQL's own tools.
const postgresAdvice = "O banco de dados PostgreSQL não entra nesta cópia: faça-a com as ferramentas do PostgreSQL, " +
	"pg_dump --format=custom (restaurada com pg_restore) ou backup contínuo com PITR (pgBackRest, WAL-G); veja docs/backup.md."

// openBackupTarget opens where backups are kept: a directory, or an S3
// address as --media-s3 takes (credentials from AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY).
func openBackupTarget(to string, getenv func(string) string) (blob.Store, error) {
	if !strings.HasPrefix(to, "s3://") {
		return blob.OpenDir(to)
	}
	c, err := blob.ParseS3URL(to, getenv)
	if err != nil {
		return nil, err
	}
	return blob.NewS3(c)
}

func parseBackupTarget(s string) (string, error) {
	if strings.HasPrefix(s, "s3://") {
		return parseS3(s)
	}
	return parseDir(s)
}

// backupFlagsEnv maps the flags of "backup" and "restore" to the
// variables serve's scheduled backups read, and keeps the others out of
// the environment.
func backupFlagsEnv(getenv func(string) string) func(string) string {
	return func(name string) string {
		switch name {
		case "VITRINE_TO":
			return getenv("VITRINE_BACKUP_TO")
		case "VITRINE_KEEP":
			return getenv("VITRINE_BACKUP_KEEP")
		case "VITRINE_SNAPSHOT", "VITRINE_FORCE", "VITRINE_DRY_RUN":
			return ""
		}
		return getenv(name)
	}
}

// mediaFlags adds --media-dir and --media-s3, as serve has them.
func mediaFlags(fs *flag.FlagSet, cfg *config) {
	define(fs, &cfg.mediaDir, "", "media-dir", parseDir, ident,
		"`directory` of the media files, unless --media-s3 is set; empty: media/ beside a SQLite --db, else data/media")
	define(fs, &cfg.mediaS3, "", "media-s3", parseS3, ident,
		"the media files are in S3-compatible storage: s3://`bucket`/prefix?endpoint=…, as serve's --media-s3")
}

const backupUsage = `Usage:
  vitrine backup create --to DIR|s3://… [--keep N] [--db DB] [--media-dir DIR | --media-s3 URL]
  vitrine backup verify FROM [--snapshot ID]
  vitrine backup list FROM
`

func backupCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, backupUsage)
		return errUsage
	}
	var cfg config
	fs := newFlagSet("backup "+args[0], &cfg, stderr)
	var to, snapshot string
	var keep int
	switch args[0] {
	case "create":
		mediaFlags(fs, &cfg)
		define(fs, &to, "", "to", parseBackupTarget, ident, "where the backups are kept: a `directory` or s3://bucket/prefix?endpoint=…")
		define(fs, &keep, 0, "keep", parseCount, strconv.Itoa, "keep the `N` latest snapshots and the media they name; 0 keeps all")
	case "verify":
		fs.StringVar(&snapshot, "snapshot", "", "the snapshot's `id`; empty: the latest")
	case "list":
	default:
		fmt.Fprint(stderr, backupUsage)
		return fmt.Errorf("unknown backup command %q (create, verify, list)", args[0])
	}
	rest, err := parse(fs, args[1:], backupFlagsEnv(getenv))
	if errors.Is(err, errHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if args[0] == "create" {
		if len(rest) != 0 || to == "" {
			return fmt.Errorf("backup create: give --to DIR or --to s3://… (and no arguments)")
		}
		return backupCreate(ctx, cfg, to, keep, getenv, stdout)
	}
	target, err := backupFrom(fs, rest, getenv)
	if err != nil {
		return err
	}
	if args[0] == "list" {
		return backupList(ctx, target, stdout)
	}
	m, err := backup.Verify(ctx, target, snapshot)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Cópia %s íntegra: %s.\n", m.ID, describe(m))
	return nil
}

// backupFrom opens the target the one positional argument names.
func backupFrom(fs *flag.FlagSet, args []string, getenv func(string) string) (blob.Store, error) {
	from, err := oneArg(fs, args, "backup directory or s3:// address")
	if err != nil {
		return nil, err
	}
	return openBackupTarget(from, getenv)
}

// describe sums up what a snapshot holds.
func describe(m backup.Manifest) string {
	var parts []string
	if m.Database != nil {
		parts = append(parts, fmt.Sprintf("banco de dados de %s (esquema %d)", megabytes(m.Database.Size), m.SchemaVersion))
	} else {
		parts = append(parts, fmt.Sprintf("sem o banco de dados (%s, esquema %d)", m.Dialect, m.SchemaVersion))
	}
	if m.Media != nil {
		var n int64
		for _, f := range m.Media {
			n += f.Size
		}
		parts = append(parts, fmt.Sprintf("%s de mídia (%s)", files(len(m.Media)), megabytes(n)))
	}
	return strings.Join(parts, ", ")
}

// files words a count of files.
func files(n int) string {
	if n == 1 {
		return "1 arquivo"
	}
	return fmt.Sprintf("%d arquivos", n)
}

func megabytes(n int64) string {
	return strings.Replace(fmt.Sprintf("%.1f MB", float64(n)/1e6), ".", ",", 1)
}

func backupList(ctx context.Context, target blob.Store, stdout io.Writer) error {
	ids, err := backup.Snapshots(ctx, target)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CÓPIA\tINÍCIO\tCONTEÚDO")
	for _, id := range ids {
		m, err := backup.ReadManifest(ctx, target, id)
		var ve *backup.VerifyError
		switch {
		case errors.As(err, &ve):
			fmt.Fprintf(tw, "%s\t\tmanifesto danificado: rode vitrine backup verify --snapshot %s\n", id, id)
		case err != nil:
			return err
		default:
			fmt.Fprintf(tw, "%s\t%s\t%s\n", id, m.StartedAt.Format(time.RFC3339), describe(m))
		}
	}
	return tw.Flush()
}

func backupCreate(ctx context.Context, cfg config, to string, keep int, getenv func(string) string, stdout io.Writer) error {
	if err := checkTargetApart(cfg, to); err != nil {
		return fmt.Errorf("--to: %w", err)
	}
	src, err := backupSource(ctx, cfg, getenv)
	if err != nil {
		return err
	}
	target, err := openBackupTarget(to, getenv)
	if err != nil {
		return err
	}
	res, err := backup.Create(ctx, target, src, backup.Options{Version: buildinfo.Read().Version, Keep: keep})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Cópia %s feita em %s, em %.1f s: %s; copiados agora: %s (%s); já estavam lá: %s.\n",
		res.Manifest.ID, target, res.Duration.Seconds(), describe(res.Manifest), files(res.Copied), megabytes(res.CopiedBytes), files(res.Reused))
	if n := len(res.Pruned.Snapshots); n > 0 || res.Pruned.Media > 0 {
		fmt.Fprintf(stdout, "Removidas as cópias antigas (%d) e, do acervo de mídia, %s que nenhuma outra cópia usa (%s).\n",
			n, files(res.Pruned.Media), megabytes(res.Pruned.Bytes))
	}
	if src.Dialect == "postgres" {
		fmt.Fprintln(stdout, postgresAdvice)
	}
	return nil
}

// checkTargetApart refuses a backup directory inside the media
// directory: each backup would copy the previous ones as media.
func checkTargetApart(cfg config, to string) error {
	if strings.HasPrefix(to, "s3://") || cfg.mediaS3 != "" {
		return nil
	}
	t, err := filepath.Abs(to)
	if err != nil {
		return err
	}
	m, err := filepath.Abs(mediaDir(cfg))
	if err != nil {
		return err
	}
	if t == m || strings.HasPrefix(t, m+string(filepath.Separator)) {
		return fmt.Errorf("the backups' directory %s is inside the media directory %s: choose one apart (on another disk)", to, mediaDir(cfg))
	}
	return nil
}

// backupSource is what a backup of cfg's site copies: the SQLite file
// (or, on PostgreSQL, only its schema version) and the media storage.
func backupSource(ctx context.Context, cfg config, getenv func(string) string) (backup.Source, error) {
	src := backup.Source{Dialect: "sqlite", Database: sqlitePath(cfg.db)}
	if store.IsPostgres(cfg.db) {
		st, err := store.Open(ctx, cfg.db, store.Options{})
		if err != nil {
			return src, err
		}
		schema, err := st.Schema(ctx)
		st.Close()
		if err != nil {
			return src, err
		}
		src = backup.Source{Dialect: "postgres", SchemaVersion: schema.Version}
	} else if _, err := os.Stat(src.Database); err != nil {
		return src, fmt.Errorf("the database %s (%s): %w", src.Database, cfg.source("db"), err)
	}
	if cfg.mediaS3 == "" {
		// OpenDir would make it: a directory that is not there is a
		// wrong --media-dir more likely than a site without photos.
		if _, err := os.Stat(mediaDir(cfg)); err != nil {
			return src, fmt.Errorf("the media directory %s: %w; give the site's --media-dir, or --media-s3", mediaDir(cfg), err)
		}
	}
	media, err := mediaStore(cfg, getenv)
	if err != nil {
		return src, err
	}
	src.Media = media
	return src, nil
}

func restoreCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlagSet("restore", &cfg, stderr)
	mediaFlags(fs, &cfg)
	var snapshot string
	var force bool
	fs.StringVar(&snapshot, "snapshot", "", "the snapshot's `id`; empty: the latest")
	fs.BoolVar(&force, "force", false, "overwrite the database file and copy into media storage that holds files")
	rest, err := parse(fs, args, backupFlagsEnv(getenv))
	if errors.Is(err, errHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	target, err := backupFrom(fs, rest, getenv)
	if err != nil {
		return err
	}
	media, err := mediaStore(cfg, getenv)
	if err != nil {
		return err
	}
	dst := backup.Destination{Media: media, Force: force}
	if !store.IsPostgres(cfg.db) {
		dst.Database = sqlitePath(cfg.db)
	}
	m, err := backup.Restore(ctx, target, snapshot, dst)
	if errors.Is(err, backup.ErrNotEmpty) {
		return fmt.Errorf("%w; restore into an empty place, or pass --force to overwrite it (stop vitrine serve first)", err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Cópia %s restaurada: %s.\n", m.ID, describe(m))
	if m.Media == nil {
		fmt.Fprintln(stdout, "Esta cópia não tem arquivos de mídia (é a que migrate faz antes de migrar o banco): os arquivos atuais continuam valendo.")
	}
	if dst.Database == "" {
		fmt.Fprintln(stdout, "Restaurados só os arquivos de mídia: o banco de dados PostgreSQL se restaura com as ferramentas do "+
			"PostgreSQL (pg_restore de uma cópia do pg_dump, ou a recuperação PITR); veja docs/backup.md.")
	}
	return nil
}

// migrateSafely brings the database's schema up to date; on SQLite, when
// migrations are pending, it first writes a snapshot of the database
// into <db>.snapshots (keeping the latest snapshotsKept there), the way
// back to the previous release. snapped is told of it.
func migrateSafely(ctx context.Context, st *store.Store, db string, snapped func(backup.Result, []string)) error {
	if st.Dialect() == "sqlite" {
		schema, err := st.Schema(ctx)
		if err != nil {
			return err
		}
		if len(schema.Pending) > 0 && schema.Version > 0 {
			target, err := blob.OpenDir(sqlitePath(db) + ".snapshots")
			if err != nil {
				return fmt.Errorf("snapshot before migrating: %w", err)
			}
			res, err := backup.Create(ctx, target, backup.Source{Dialect: "sqlite", Database: sqlitePath(db)},
				backup.Options{Version: buildinfo.Read().Version, Keep: snapshotsKept})
			target.Close()
			if err != nil {
				return fmt.Errorf("snapshot before migrating (no migration was applied): %w", err)
			}
			snapped(res, schema.Pending)
		}
	}
	return st.Migrate(ctx)
}

// sqlitePath is the file of a SQLite --db, which may start with
// sqlite:// (as the store takes it).
func sqlitePath(db string) string { return strings.TrimPrefix(db, "sqlite://") }

// snapshotNotice tells stderr of the snapshot a tool took before it
// migrated the database db.
func snapshotNotice(db string, stderr io.Writer) func(backup.Result, []string) {
	return func(res backup.Result, pending []string) {
		fmt.Fprintf(stderr, "Cópia do banco antes de %d migração(ões): %s, em %s.snapshots\n", len(pending), res.Manifest.ID, sqlitePath(db))
	}
}

// migrateDryRun prints the migrations migrate would apply.
func migrateDryRun(ctx context.Context, db string, stdout io.Writer) error {
	if !store.IsPostgres(db) {
		if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stdout, "O banco %s não existe: migrate o criaria com todas as migrações.\n", db)
			return nil
		}
	}
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		return err
	}
	defer st.Close()
	schema, err := st.Schema(ctx)
	if err != nil {
		return err
	}
	if len(schema.Pending) == 0 {
		fmt.Fprintf(stdout, "Nenhuma migração pendente (esquema %d).\n", schema.Version)
		return nil
	}
	fmt.Fprintf(stdout, "Migrações pendentes (esquema atual %d):\n", schema.Version)
	for _, name := range schema.Pending {
		fmt.Fprintf(stdout, "  %s\n", name)
	}
	if st.Dialect() == "sqlite" && schema.Version > 0 {
		fmt.Fprintf(stdout, "Antes de aplicá-las, migrate guarda uma cópia do banco em %s.snapshots (as %d últimas ficam).\n", db, snapshotsKept)
	}
	return nil
}

// backupConfig is serve's schedule of backups: one every period into
// to, when to is set.
type backupConfig struct {
	every time.Duration
	to    string // "": no scheduled backups
	keep  int
}

// backupFlags adds serve's flags of scheduled backups.
func backupFlags(fs *flag.FlagSet, cfg *config) {
	define(fs, &cfg.backup.to, "", "backup-to", parseBackupTarget, ident,
		"take scheduled backups into this `directory` or s3://bucket/prefix?endpoint=…; empty: none")
	define(fs, &cfg.backup.every, 24*time.Hour, "backup-every", parseBackupEvery, time.Duration.String,
		"the period of the scheduled backups (`duration`, a minute or more): one per multiple of it, "+
			"so 24h takes one per UTC day")
	define(fs, &cfg.backup.keep, 14, "backup-keep", parsePositive, strconv.Itoa,
		"the scheduled backups keep the latest `N` snapshots and the media they name")
}

func parseBackupEvery(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Minute {
		return 0, errors.New("want a duration of a minute or more, such as 24h or 6h")
	}
	return d, nil
}

// newBackupScheduler returns serve's scheduler of backups of the database
// st and the media files, for a cfg that schedules them. The target is
// checked now: one that cannot be listed stops the start.
func newBackupScheduler(ctx context.Context, cfg config, getenv func(string) string, st *store.Store, files blob.Store, log *slog.Logger) (*backup.Scheduler, error) {
	if err := checkTargetApart(cfg, cfg.backup.to); err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.source("backup-to"), err)
	}
	target, err := openBackupTarget(cfg.backup.to, getenv)
	if err != nil {
		return nil, fmt.Errorf("invalid value for %s: %w", cfg.source("backup-to"), err)
	}
	probe, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := backup.Snapshots(probe, target); err != nil {
		return nil, fmt.Errorf("backup target %s (%s): %w", target, cfg.source("backup-to"), err)
	}
	source := func(ctx context.Context) (backup.Source, error) {
		if st.Dialect() == "sqlite" {
			return backup.Source{Dialect: "sqlite", Database: sqlitePath(cfg.db), Media: files}, nil
		}
		schema, err := st.Schema(ctx)
		return backup.Source{Dialect: "postgres", SchemaVersion: schema.Version, Media: files}, err
	}
	return backup.NewScheduler(backup.ScheduleConfig{
		Every:   cfg.backup.every,
		Keep:    cfg.backup.keep,
		Target:  target,
		Source:  source,
		Runs:    st,
		Version: buildinfo.Read().Version,
		Logger:  log,
	}), nil
}

// backupSchedule is s for the API: a nil interface, not a nil pointer,
// when no backups are scheduled.
func backupSchedule(s *backup.Scheduler) httpapi.BackupSchedule {
	if s == nil {
		return nil
	}
	return s
}

package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/blob/s3test"
	"github.com/vitrine/vitrine/internal/proc"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// vitrine runs a command of the program in process and returns its
// standard output; a failure fails the test.
func vitrine(t *testing.T, args ...string) string {
	t.Helper()
	return vitrineEnv(t, env(), args...)
}

// vitrineEnv is vitrine in the environment getenv.
func vitrineEnv(t *testing.T, getenv func(string) string, args ...string) string {
	t.Helper()
	var out, errOut lockedBuffer
	if err := run(context.Background(), append([]string{"vitrine"}, args...), getenv, &out, &errOut); err != nil {
		t.Fatalf("vitrine %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String()
}

// vitrineFails runs a command that must fail and returns its error.
func vitrineFails(t *testing.T, args ...string) error {
	t.Helper()
	var out, errOut lockedBuffer
	err := run(context.Background(), append([]string{"vitrine"}, args...), env(), &out, &errOut)
	if err == nil {
		t.Fatalf("vitrine %s succeeded:\n%s", strings.Join(args, " "), out.String())
	}
	return err
}

func openSQLiteFile(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestBackupUnderWriteLoad takes a backup while the real server answers
// contact messages and photo uploads, then restores it: the restored
// database passes PRAGMA integrity_check (restore runs it) and holds
// every lead answered 201 before the snapshot began, and the restored
// media hold the original of every image the database names.
func TestBackupUnderWriteLoad(t *testing.T) {
	skipShort(t, "a backup under load of the real server")
	dir := t.TempDir()
	db, media := filepath.Join(dir, "vitrine.db"), filepath.Join(dir, "media")
	srv := startInProcess(t, serveOptions{db: db, token: true}, "--contact-limit", "off", "--contact-address-limit", "off",
		"--media-dir", media, "--log-level", "warn")
	id, slug := createProperty(t, srv.url, srv.token, "Casa com cópia de segurança")

	// Writers: contact messages from 4 clients, photo uploads from one,
	// until the backup has ended.
	type answered struct {
		message string
		at      time.Time // when its 201 arrived
	}
	var (
		mu     sync.Mutex
		leads  []answered
		photos atomic.Int64
		stop   = make(chan struct{})
		wg     sync.WaitGroup
		seq    atomic.Int64
	)
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				msg := fmt.Sprintf("Mensagem de teste número %d.", seq.Add(1))
				a, err := proc.Call(context.Background(), http.DefaultClient, "POST", srv.url+"/api/v1/properties/"+slug+"/contact", "",
					map[string]any{"name": "Visitante", "email": "visitante@example.com", "message": msg})
				if err != nil || a.Status != http.StatusCreated {
					t.Errorf("contact: %v %d %s", err, a.Status, a.Body)
					return
				}
				at := time.Now()
				mu.Lock()
				leads = append(leads, answered{msg, at})
				mu.Unlock()
			}
		})
	}
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			uploadPhoto(t, srv.url, srv.token, id, testJPEG(t, 64, 48, uint8(i)))
			photos.Add(1)
		}
	})
	// The backup starts once some of each have gone in.
	if !waitUntil(time.Minute, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(leads) >= 200 && photos.Load() >= 5
	}) {
		t.Fatal("the load did not start")
	}
	began := time.Now()
	out := vitrine(t, "backup", "create", "--to", filepath.Join(dir, "copias"), "--db", db, "--media-dir", media)
	// The writers go on a little after the backup, then stop.
	mu.Lock()
	during := len(leads)
	mu.Unlock()
	waitUntil(time.Minute, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(leads) >= during+20
	})
	close(stop)
	wg.Wait()
	if !strings.Contains(out, "Cópia ") {
		t.Fatalf("backup create said: %s", out)
	}

	vitrine(t, "backup", "verify", filepath.Join(dir, "copias"))
	restored := filepath.Join(t.TempDir(), "restaurado")
	vitrine(t, "restore", filepath.Join(dir, "copias"), "--db", filepath.Join(restored, "vitrine.db"), "--media-dir", filepath.Join(restored, "media"))

	rdb := openSQLiteFile(t, filepath.Join(restored, "vitrine.db"))
	var check string
	if err := rdb.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check of the restored database: %q (%v)", check, err)
	}
	have := map[string]bool{}
	rows, err := rdb.Query(`SELECT message FROM leads`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var m string
		rows.Scan(&m)
		have[m] = true
	}
	rows.Close()
	before, missing := 0, 0
	for _, l := range leads {
		if l.at.Before(began) {
			before++
			if !have[l.message] {
				missing++
			}
		}
	}
	t.Logf("%d leads answered 201 before the snapshot began, %d in the restored database, %d in all; %d photos uploaded",
		before, len(have), len(leads), photos.Load())
	if missing > 0 || before < 200 {
		t.Fatalf("%d of the %d leads answered 201 before the snapshot began are missing from the restored database", missing, before)
	}
	var images int
	keys, err := rdb.Query(`SELECT original_key FROM images`)
	if err != nil {
		t.Fatal(err)
	}
	for keys.Next() {
		var k string
		keys.Scan(&k)
		images++
		if _, err := os.Stat(filepath.Join(restored, "media", filepath.FromSlash(k))); err != nil {
			t.Errorf("the restored media lack %s, which the restored database names: %v", k, err)
		}
	}
	keys.Close()
	if images < 3 {
		t.Fatalf("the restored database names %d images, want the 3 or more uploaded before the backup", images)
	}
}

// TestRestoreRefusesToOverwrite: restore into a database or media that
// hold data is refused, with the way to force it; a damaged backup is
// refused naming the file and the check.
func TestRestoreRefusesToOverwrite(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "vitrine.db")
	vitrine(t, "migrate", "--db", db)
	copias := filepath.Join(dir, "copias")
	if err := vitrineFails(t, "backup", "create", "--to", copias, "--db", db); !strings.Contains(err.Error(), "--media-dir") {
		t.Fatalf("backup create without the media directory: %v", err)
	}
	os.Mkdir(filepath.Join(dir, "media"), 0o700) // as serve makes it
	if err := vitrineFails(t, "backup", "create", "--to", filepath.Join(dir, "media", "copias"), "--db", db); !strings.Contains(err.Error(), "inside the media directory") {
		t.Fatalf("backup create into the media directory: %v", err)
	}
	out := vitrine(t, "backup", "create", "--to", copias, "--db", db)
	if !strings.Contains(out, "0 arquivos de mídia") {
		t.Fatalf("backup create: %s", out)
	}
	err := vitrineFails(t, "restore", copias, "--db", db)
	if !strings.Contains(err.Error(), db) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("restore over the live database: %v; want its path and --force named", err)
	}
	vitrine(t, "restore", copias, "--db", db, "--force")

	// A backup cut short names the file and the check.
	ids, _ := filepath.Glob(filepath.Join(copias, "snapshots", "*", "vitrine.db"))
	if len(ids) != 1 {
		t.Fatalf("snapshots %v", ids)
	}
	if err := os.Truncate(ids[0], 4096); err != nil {
		t.Fatal(err)
	}
	err = vitrineFails(t, "backup", "verify", copias)
	if !strings.Contains(err.Error(), "vitrine.db: size: 4096 bytes") {
		t.Fatalf("verify of a truncated backup: %v", err)
	}
	err = vitrineFails(t, "restore", copias, "--db", filepath.Join(t.TempDir(), "novo.db"))
	if !strings.Contains(err.Error(), "vitrine.db: size") {
		t.Fatalf("restore of a truncated backup: %v", err)
	}
}

// TestMigrateSnapshotsFirst: on a database a migration behind, migrate
// --dry-run lists it and changes nothing; migrate writes a snapshot of
// the database as it was, then migrates; the snapshot restores the
// previous schema.
func TestMigrateSnapshotsFirst(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "vitrine.db")
	vitrine(t, "migrate", "--db", db)
	// Undo the latest migration, as the previous release left the file.
	w, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	var last int
	var name string
	if err := w.QueryRow(`SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1`).Scan(&last, &name); err != nil {
		t.Fatal(err)
	}
	// How to undo the latest migration, as the release before it left the
	// database: a new migration adds its line here.
	undo := map[string]string{
		"0029_backup_runs.sql":      `DROP TABLE backup_runs`,
		"0032_shares_financing.sql": `ALTER TABLE property_stats DROP COLUMN shares; ALTER TABLE agency DROP COLUMN financing_rate_bp`,
		"0033_saved_searches.sql": `DROP TABLE alert_news; DROP TABLE saved_search_alerts; DROP TABLE saved_search_links;
DROP TABLE saved_searches; DROP TABLE alert_cursor; DROP TABLE alert_listings; DROP TABLE alert_days;
DROP TABLE favorite_mails`,
		"0034_visits.sql":        `DROP TABLE visits; DROP TABLE visit_exceptions; DROP TABLE visit_hours`,
		"0035_owner_records.sql": `DROP TABLE owner_documents; DROP TABLE owner_record_emails; DROP TABLE owner_records`,
	}
	ddl, ok := undo[name]
	if !ok {
		t.Fatalf("the latest migration is %s: add how to undo it to this test", name)
	}
	if _, err := w.Exec(ddl+`; DELETE FROM schema_migrations WHERE version = $1`, last); err != nil {
		t.Fatal(err)
	}
	// The schema before it: numbers are handed out ahead of merges, so
	// the previous one need not be last-1.
	var prev int
	if err := w.QueryRow(`SELECT max(version) FROM schema_migrations`).Scan(&prev); err != nil {
		t.Fatal(err)
	}
	w.Close()

	out := vitrine(t, "migrate", "--db", db, "--dry-run")
	if !strings.Contains(out, name) || !strings.Contains(out, fmt.Sprintf("esquema atual %d", prev)) {
		t.Fatalf("migrate --dry-run: %s", out)
	}
	if out := vitrine(t, "migrate", "--db", db, "--dry-run"); !strings.Contains(out, name) {
		t.Fatalf("the dry run applied the migration: %s", out)
	}
	var errOut lockedBuffer
	if err := run(context.Background(), []string{"vitrine", "migrate", "--db", db}, env(), &lockedBuffer{}, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut.String(), db+".snapshots") {
		t.Fatalf("migrate did not say where its snapshot went: %s", errOut.String())
	}
	if out := vitrine(t, "migrate", "--db", db, "--dry-run"); !strings.Contains(out, "Nenhuma migração pendente") {
		t.Fatalf("after migrate: %s", out)
	}
	// The snapshot is the database before the migration.
	list := vitrine(t, "backup", "list", db+".snapshots")
	if !strings.Contains(list, fmt.Sprintf("esquema %d", prev)) {
		t.Fatalf("backup list: %s", list)
	}
	old := filepath.Join(t.TempDir(), "anterior.db")
	vitrine(t, "restore", db+".snapshots", "--db", old, "--media-dir", filepath.Join(t.TempDir(), "media"))
	if out := vitrine(t, "migrate", "--db", old, "--dry-run"); !strings.Contains(out, name) {
		t.Fatalf("the restored snapshot is not the previous schema: %s", out)
	}
}

// TestScheduledBackup: serve with --backup-every takes a backup at its
// start (the period's first), shows it in the back office and in
// /metrics.
func TestScheduledBackup(t *testing.T) {
	dir := t.TempDir()
	srv := startInProcess(t, serveOptions{db: filepath.Join(dir, "vitrine.db"), token: true},
		"--backup-to", filepath.Join(dir, "copias"), "--backup-keep", "2",
		"--metrics-addr", "main", "--log-level", "warn")
	var v struct {
		Scheduled   bool    `json:"scheduled"`
		Every       *string `json:"every"`
		LastSuccess *struct {
			Snapshot *string `json:"snapshot"`
		} `json:"last_success"`
	}
	if !waitUntil(time.Minute, func() bool {
		a := mustCall(t, "GET", srv.url+"/api/admin/backups", srv.token, nil, http.StatusOK)
		return json.Unmarshal(a.Body, &v) == nil && v.LastSuccess != nil
	}) {
		t.Fatalf("no backup recorded within a minute:\n%s", srv.stderr)
	}
	if !v.Scheduled || *v.Every != "24h0m0s" || v.LastSuccess.Snapshot == nil {
		t.Fatalf("backups view %+v", v)
	}
	vitrine(t, "backup", "verify", filepath.Join(dir, "copias"), "--snapshot", *v.LastSuccess.Snapshot)
	a := mustCall(t, "GET", srv.url+"/metrics", "", nil, http.StatusOK)
	for _, m := range []string{"vitrine_backup_last_success_timestamp_seconds ", "vitrine_backup_last_size_bytes ",
		"vitrine_backup_last_duration_seconds ", `vitrine_backup_runs_total{outcome="ok"} 1`} {
		if !strings.Contains(string(a.Body), m) {
			t.Errorf("/metrics lacks %s", m)
		}
	}
}

// TestServeRefusesAShortPeriod: a period under a minute stops serve,
// naming the flag.
func TestServeRefusesAShortPeriod(t *testing.T) {
	var errOut lockedBuffer
	err := run(context.Background(), []string{"vitrine", "serve", "--db", filepath.Join(t.TempDir(), "v.db"),
		"--backup-every", "10s", "--backup-to", t.TempDir()}, env(), &lockedBuffer{}, &errOut)
	if err == nil || !strings.Contains(errOut.String(), "backup-every") {
		t.Errorf("serve --backup-every 10s: %v\n%s", err, errOut.String())
	}
}

// TestBackupOnPostgres: on PostgreSQL the backup holds the media and the
// schema version, and says how the database is backed up; a restore
// puts the media back, and refuses to make a SQLite database of it.
func TestBackupOnPostgres(t *testing.T) {
	skipShort(t, "PostgreSQL")
	if os.Getenv("VITRINE_TEST_POSTGRES") == "" {
		t.Skip("SKIPPING: VITRINE_TEST_POSTGRES is not set")
	}
	dsn := storetest.DSN(t, "postgres")
	vitrine(t, "migrate", "--db", dsn)
	dir := t.TempDir()
	media := filepath.Join(dir, "media")
	if err := os.MkdirAll(filepath.Join(media, "originals"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(media, "originals", "0123456789abcdef0123456789abcdef.jpg"), []byte("foto"), 0o600); err != nil {
		t.Fatal(err)
	}
	copias := filepath.Join(dir, "copias")
	out := vitrine(t, "backup", "create", "--to", copias, "--db", dsn, "--media-dir", media)
	if !strings.Contains(out, "pg_dump") || !strings.Contains(out, "1 arquivo de mídia") || !regexp.MustCompile(`sem o banco de dados \(postgres, esquema [0-9]+\)`).MatchString(out) {
		t.Fatalf("backup create on PostgreSQL said:\n%s", out)
	}
	err := vitrineFails(t, "restore", copias, "--db", filepath.Join(t.TempDir(), "vitrine.db"))
	if !strings.Contains(err.Error(), "holds no database") {
		t.Fatalf("restore of a PostgreSQL backup into SQLite: %v", err)
	}
	restored := filepath.Join(t.TempDir(), "media")
	out = vitrine(t, "restore", copias, "--db", storetest.DSN(t, "postgres"), "--media-dir", restored)
	if !strings.Contains(out, "pg_restore") {
		t.Fatalf("restore of the media said:\n%s", out)
	}
	if b, err := os.ReadFile(filepath.Join(restored, "originals", "0123456789abcdef0123456789abcdef.jpg")); err != nil || string(b) != "foto" {
		t.Fatalf("restored photo %q (%v)", b, err)
	}
}

// TestBackupThroughS3: a site whose photos are in S3 is backed up into a
// bucket and restored into another, on a real S3-compatible server
// (versitygw), with the credentials of the environment.
func TestBackupThroughS3(t *testing.T) {
	gw := s3test.Start(t)
	for _, b := range []string{"fotos", "copias", "restauradas"} {
		gw.CreateBucket(t, b)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "vitrine.db")
	srv := startInProcess(t, serveOptions{db: db, token: true, getenv: s3test.Env}, "--media-s3", gw.URL("fotos", ""), "--log-level", "warn")
	id, _ := createProperty(t, srv.url, srv.token, "Casa com fotos no S3")
	ph := uploadPhoto(t, srv.url, srv.token, id, testJPEG(t, 64, 48, 7))

	out := vitrineEnv(t, s3test.Env, "backup", "create", "--to", gw.URL("copias", "vitrine"), "--db", db, "--media-s3", gw.URL("fotos", ""))
	if !strings.Contains(out, "Cópia ") {
		t.Fatalf("backup create: %s", out)
	}
	vitrineEnv(t, s3test.Env, "backup", "verify", gw.URL("copias", "vitrine"))
	restored := filepath.Join(t.TempDir(), "vitrine.db")
	out = vitrineEnv(t, s3test.Env, "restore", gw.URL("copias", "vitrine"), "--db", restored, "--media-s3", gw.URL("restauradas", ""))
	if !strings.Contains(out, "restaurada") {
		t.Fatalf("restore: %s", out)
	}
	var key string
	if err := openSQLiteFile(t, restored).QueryRow(`SELECT i.original_key FROM images i JOIN property_photos p ON p.image_id = i.id WHERE p.id = $1`, ph.ID).Scan(&key); err != nil {
		t.Fatalf("the restored database lacks the photo: %v", err)
	}
	c, err := blob.ParseS3URL(gw.URL("restauradas", ""), s3test.Env)
	if err != nil {
		t.Fatal(err)
	}
	bucket, err := blob.NewS3(c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bucket.Stat(context.Background(), key); err != nil {
		t.Fatalf("the restored bucket lacks %s: %v", key, err)
	}
}

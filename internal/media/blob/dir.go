package blob

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// TempPrefix starts the name of every temporary file Dir writes; no key has a
// segment starting with '.', so no object is ever named like one.
const TempPrefix = ".tmp-"

// Dir is a Store over a local directory. All access goes through an os.Root,
// so not even a symbolic link inside the directory leads out of it.
type Dir struct {
	root *os.Root
	dir  string
}

var _ Store = (*Dir)(nil)

// OpenDir opens the store rooted at dir, creating dir (mode 0700) when it does
// not exist. Close releases it.
func OpenDir(dir string) (*Dir, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("blob: create %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("blob: open %s: %w", dir, err)
	}
	return &Dir{root: root, dir: dir}, nil
}

// Close releases the directory.
func (d *Dir) Close() error { return d.root.Close() }

// String names the store for logs.
func (d *Dir) String() string { return "dir:" + d.dir }

func (d *Dir) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := checkPut(key, size, contentType); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("blob: put %q: %w", key, err)
	}
	if err := d.put(ctx, key, r, size, contentType); err != nil {
		return fmt.Errorf("blob: put %q: %w", key, err)
	}
	return nil
}

func (d *Dir) put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	dir := path.Dir(key)
	if err := d.mkdirAll(dir); err != nil {
		return err
	}
	tmp, f, err := d.createTemp(dir)
	if err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			f.Close()
			d.root.Remove(tmp)
		}
	}()
	if _, err := io.Copy(f, newExactReader(ctxReader{ctx, r}, size)); err != nil {
		return err
	}
	if err := setContentType(f, contentType); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := d.root.Rename(tmp, key); err != nil {
		return err
	}
	committed = true
	return d.syncDir(dir)
}

// createTemp creates a new temporary file in dir (a directory of the root).
func (d *Dir) createTemp(dir string) (string, *os.File, error) {
	for range 10 {
		var b [8]byte
		rand.Read(b[:])
		name := path.Join(dir, TempPrefix+hex.EncodeToString(b[:]))
		f, err := d.root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return name, f, err
	}
	return "", nil, errors.New("no free temporary name")
}

// mkdirAll creates dir and its missing parents (mode 0700), syncing each
// parent that gained an entry so the new directories survive a crash.
func (d *Dir) mkdirAll(dir string) error {
	if dir == "." {
		return nil
	}
	if fi, err := d.root.Stat(dir); err == nil && fi.IsDir() {
		return nil
	}
	parent := "."
	for seg := range strings.SplitSeq(dir, "/") {
		p := path.Join(parent, seg)
		err := d.root.Mkdir(p, 0o700)
		switch {
		case err == nil:
			if err := d.syncDir(parent); err != nil {
				return err
			}
		case errors.Is(err, fs.ErrExist):
		default:
			return err
		}
		parent = p
	}
	return nil
}

func (d *Dir) syncDir(dir string) error {
	f, err := d.root.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

func (d *Dir) Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error) {
	if err := CheckKey(key); err != nil {
		return nil, Info{}, err
	}
	f, err := d.root.Open(key)
	if err != nil {
		return nil, Info{}, d.fail("open", key, err)
	}
	info, err := fileInfo(f, key)
	if err != nil {
		f.Close()
		return nil, Info{}, d.fail("open", key, err)
	}
	return f, info, nil
}

func (d *Dir) Stat(ctx context.Context, key string) (Info, error) {
	if err := CheckKey(key); err != nil {
		return Info{}, err
	}
	f, err := d.root.Open(key)
	if err != nil {
		return Info{}, d.fail("stat", key, err)
	}
	defer f.Close()
	info, err := fileInfo(f, key)
	if err != nil {
		return Info{}, d.fail("stat", key, err)
	}
	return info, nil
}

// errIsDir makes a directory, which a key prefix may name, a missing object.
var errIsDir = fmt.Errorf("a directory: %w", fs.ErrNotExist)

func fileInfo(f *os.File, key string) (Info, error) {
	fi, err := f.Stat()
	if err != nil {
		return Info{}, err
	}
	if !fi.Mode().IsRegular() {
		return Info{}, errIsDir
	}
	ct, err := contentType(f)
	if err != nil {
		return Info{}, err
	}
	if ct == "" {
		ct = mime.TypeByExtension(path.Ext(key))
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	return statInfo(key, fi, ct), nil
}

func statInfo(key string, fi fs.FileInfo, contentType string) Info {
	mt := fi.ModTime()
	return Info{
		Key:         key,
		Size:        fi.Size(),
		ModTime:     mt,
		ContentType: contentType,
		// Every Put renames a new file over the key: a replaced object
		// has another inode, even when its size and the clock's tick
		// are the same.
		ETag: strconv.FormatUint(fileID(fi), 36) + "-" + strconv.FormatInt(fi.Size(), 36) + "-" + strconv.FormatInt(mt.UnixNano(), 36),
	}
}

func (d *Dir) fail(op, key string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errIsDir) {
		return fmt.Errorf("blob: %s %q: %w", op, key, ErrNotFound)
	}
	return fmt.Errorf("blob: %s %q: %w", op, key, err)
}

func (d *Dir) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	fi, err := d.root.Lstat(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil && !fi.Mode().IsRegular() {
		return nil // a directory is no object
	}
	if err == nil {
		err = d.root.Remove(key)
	}
	if err == nil {
		err = d.syncDir(path.Dir(key))
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob: delete %q: %w", key, err)
	}
	// Emptied directories stay: removing one could race with a Put creating
	// a file in it.
	return nil
}

func (d *Dir) List(ctx context.Context, prefix string, fn func(Info) error) error {
	if err := checkPrefix(prefix); err != nil {
		return err
	}
	err := d.walk(ctx, prefix, func(p string, de fs.DirEntry) error {
		if strings.HasPrefix(de.Name(), TempPrefix) || !strings.HasPrefix(p, prefix) || CheckKey(p) != nil {
			return nil
		}
		fi, err := de.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // deleted meanwhile
		}
		if err != nil {
			return err
		}
		return fn(statInfo(p, fi, ""))
	})
	if err != nil {
		return fmt.Errorf("blob: list %q: %w", prefix, err)
	}
	return nil
}

// walk calls fn for each regular file under the deepest directory prefix
// names, with its slash-separated path.
func (d *Dir) walk(ctx context.Context, prefix string, fn func(string, fs.DirEntry) error) error {
	start := "."
	if i := strings.LastIndexByte(prefix, '/'); i > 0 {
		start = prefix[:i]
	}
	err := fs.WalkDir(d.root.FS(), start, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // the start directory does not exist, or went
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if de.IsDir() {
			// Skip directories that cannot hold a key with the prefix.
			if p != start && !strings.HasPrefix(p+"/", prefix) && !strings.HasPrefix(prefix, p+"/") {
				return fs.SkipDir
			}
			return nil
		}
		if !de.Type().IsRegular() {
			return nil
		}
		return fn(p, de)
	})
	return err
}

// RemoveStaleTemp deletes the temporary files older than age that an
// interrupted Put left (after a crash: a running Put's file is younger than
// any sensible age) and returns how many it removed.
func (d *Dir) RemoveStaleTemp(ctx context.Context, age time.Duration) (int, error) {
	cutoff := time.Now().Add(-age)
	n := 0
	err := d.walk(ctx, "", func(p string, de fs.DirEntry) error {
		if !strings.HasPrefix(de.Name(), TempPrefix) {
			return nil
		}
		fi, err := de.Info()
		if err != nil || !fi.ModTime().Before(cutoff) {
			return nil
		}
		if err := d.root.Remove(filepath.FromSlash(p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return n, fmt.Errorf("blob: remove stale temporary files: %w", err)
	}
	return n, nil
}

package blob

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// contentTypeAttr is the extended attribute holding an object's content type.
const contentTypeAttr = "user.vitrine.content_type"

// setContentType records ct on f. A file system without extended attributes
// is not an error: Open then infers the type from the key's extension.
func setContentType(f *os.File, ct string) error {
	if ct == "" {
		return nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) {
		serr = unix.Fsetxattr(int(fd), contentTypeAttr, []byte(ct), 0)
	}); err != nil {
		return err
	}
	if errors.Is(serr, unix.ENOTSUP) {
		return nil
	}
	return serr
}

// contentType reads the type setContentType recorded, "" when there is none.
func contentType(f *os.File) (string, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return "", err
	}
	var buf [256]byte
	var n int
	var gerr error
	if err := rc.Control(func(fd uintptr) {
		n, gerr = unix.Fgetxattr(int(fd), contentTypeAttr, buf[:])
	}); err != nil {
		return "", err
	}
	if errors.Is(gerr, unix.ENODATA) || errors.Is(gerr, unix.ENOTSUP) || errors.Is(gerr, unix.ERANGE) {
		return "", nil
	}
	if gerr != nil {
		return "", gerr
	}
	return string(buf[:n]), nil
}

// fileID is the file's inode number.
func fileID(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

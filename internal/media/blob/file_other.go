//go:build !linux

package blob

import (
	"io/fs"
	"os"
)

// Without Linux extended attributes, Open infers the content type from the
// key's extension.
func setContentType(*os.File, string) error { return nil }

func contentType(*os.File) (string, error) { return "", nil }

func fileID(fs.FileInfo) uint64 { return 0 }

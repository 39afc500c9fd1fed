// Package feedtest checks a VRSync feed against the VRSync XML Schema
// (../vrsync/vrsync.xsd) with xmllint, as the portals' own validation
// would. The test set-up installs xmllint (scripts/ensure-xmllint.sh,
// run by make test-go); a test that needs it fails, naming the script,
// when it is missing, rather than passing without checking.
package feedtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Schema returns the path of the VRSync XML Schema.
func Schema() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "vrsync", "vrsync.xsd")
}

// Validate fails t unless doc is valid against the VRSync XML Schema,
// with xmllint's words about what is not.
func Validate(t testing.TB, doc []byte) {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Fatal("xmllint is missing: run `bash scripts/ensure-xmllint.sh` (Debian's libxml2-utils), as `make test-go` does")
	}
	f, err := os.CreateTemp(t.TempDir(), "vrsync-*.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(doc); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var out bytes.Buffer
	cmd := exec.Command(xmllint, "--noout", "--schema", Schema(), f.Name())
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := out.String()
		if len(msg) > 4000 {
			msg = msg[:4000] + "…"
		}
		t.Fatalf("the feed is not valid VRSync (xmllint: %v):\n%s", err, msg)
	}
}

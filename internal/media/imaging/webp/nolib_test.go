package webp

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoSystemLibwebp runs an encode in a child process whose library path
// offers a system libwebp under the names github.com/gen2brain/webp looked
// for (libwebp.so, libwebpdemux.so), and reads the child's memory map: the
// encoder must not have loaded it. With that package, the same child maps
// libwebp.so.7 before its first encode.
func TestNoSystemLibwebp(t *testing.T) {
	if os.Getenv("VITRINE_WEBP_CHILD") == "1" {
		var b bytes.Buffer
		if err := Encode(&b, image.NewNRGBA(image.Rect(0, 0, 16, 16)), Options{Quality: 50}); err != nil {
			t.Fatal(err)
		}
		maps, err := os.ReadFile("/proc/self/maps")
		if err != nil {
			t.Fatal(err)
		}
		for l := range strings.SplitSeq(string(maps), "\n") {
			if strings.Contains(l, "libwebp") {
				fmt.Println("MAPPED", l)
			}
		}
		fmt.Println("ENCODED", b.Len())
		return
	}
	libs, _ := filepath.Glob("/usr/lib/*/libwebp.so.*")
	libs2, _ := filepath.Glob("/usr/lib*/libwebp.so.*")
	libs = append(libs, libs2...)
	if len(libs) == 0 {
		t.Skip("no system libwebp here to offer the encoder")
	}
	dir := t.TempDir()
	for _, name := range []string{"libwebp.so", "libwebpdemux.so"} {
		if err := os.Symlink(libs[0], filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoSystemLibwebp$", "-test.v")
	cmd.Env = append(os.Environ(), "VITRINE_WEBP_CHILD=1", "LD_LIBRARY_PATH="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("ENCODED ")) {
		t.Fatalf("the child did not encode:\n%s", out)
	}
	if bytes.Contains(out, []byte("MAPPED ")) {
		t.Errorf("the encoder loaded the system's %s:\n%s", libs[0], out)
	}
}

package proc

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
)

// Tool returns the executable of a Go program the tests run (an S3
// gateway, an ACME server), installed with "go install pkg@version" into
// the user's cache directory, vitrine/NAME-VERSION/NAME, the place the
// scripts/ensure-*.sh scripts build it into. It installs it there first
// when missing, which logf announces: the build takes minutes, once per
// machine.
func Tool(ctx context.Context, pkg, version string, logf func(format string, args ...any)) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	name := path.Base(pkg)
	dir := filepath.Join(cache, "vitrine", name+"-"+version)
	bin := filepath.Join(dir, name)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	logf("building %s %s into %s (once per machine, a few minutes)", name, version, dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Install into a directory of its own, then rename: a concurrent run
	// never sees half a binary.
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, GoTool(), "install", pkg+"@"+version)
	cmd.Env = append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=-buildvcs=false", "CGO_ENABLED=0")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s@%s: %v\n%s", pkg, version, err, out)
	}
	if err := os.Rename(filepath.Join(tmp, name), bin); err != nil {
		return "", err
	}
	return bin, nil
}

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The real binaries, built as a user builds them: -h on stdout with exit
// 0, a bad flag exit 2 with one line, -version with the module and, in a
// repository, the VCS revision (-buildvcs=auto: this machine sets GOFLAGS=-buildvcs=false).
func TestBuiltCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the four commands")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-buildvcs=auto", "-o", bin+string(os.PathSeparator), "./cmd/scrape", "./cmd/gen", "./cmd/prbot", "./cmd/validate")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	_, gitErr := os.Stat(filepath.Join(root, ".git"))
	for _, name := range []string{"scrape", "gen", "prbot", "validate"} {
		exe := filepath.Join(bin, name)
		out, err := exec.Command(exe, "-h").Output()
		if err != nil || !strings.HasPrefix(string(out), "usage: "+name+" [flags]") {
			t.Errorf("%s -h: %v\n%s", name, err, out)
		}
		var stderr strings.Builder
		cmd := exec.Command(exe, "-no-such-flag")
		cmd.Stderr = &stderr
		err = cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
			t.Errorf("%s -no-such-flag: %v, stderr %q", name, err, stderr.String())
		}
		out, err = exec.Command(exe, "-version").Output()
		v := string(out)
		if err != nil || !strings.HasPrefix(v, name+" github.com/mtgrules/crgen ") || (gitErr == nil && !strings.Contains(v, " revision ")) {
			t.Errorf("%s -version: %v %q", name, err, v)
		}
	}
}

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
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: builds every command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// Every command under cmd/, so a new one is held to the same.
	dirs, err := filepath.Glob(filepath.Join(root, "cmd", "*"))
	if err != nil || len(dirs) < 4 {
		t.Fatalf("commands under cmd/: %v %v", dirs, err)
	}
	var names, pkgs []string
	for _, d := range dirs {
		names = append(names, filepath.Base(d))
		pkgs = append(pkgs, "./cmd/"+filepath.Base(d))
	}
	bin := t.TempDir()
	build := exec.Command("go", append([]string{"build", "-buildvcs=auto", "-o", bin + string(os.PathSeparator)}, pkgs...)...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	_, gitErr := os.Stat(filepath.Join(root, ".git"))
	for _, name := range names {
		exe := filepath.Join(bin, name)
		out, err := exec.Command(exe, "-h").Output()
		// The first line says what the command is for; the usage follows.
		first, _, _ := strings.Cut(string(out), "\n")
		if err != nil || !strings.HasPrefix(first, name+": ") || len(first) < len(name)+20 || !strings.Contains(string(out), "\nusage: "+name+" [flags]") {
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

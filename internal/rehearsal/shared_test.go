package rehearsal

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/internal/future"
)

// shared is a directory every rehearsal of this run shares: the
// stand-ins of sharedCommands and what they keep.
var shared string

func TestMain(m *testing.M) {
	undo := future.UseMemoryTemp()
	dir, err := os.MkdirTemp("", "crgen-rehearsal-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	shared = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	undo()
	os.Exit(code)
}

var (
	sharedOnce sync.Once
	sharedErr  error
)

// sharedCommands returns a directory to put first on the PATH of what
// the rehearsals run, holding stand-ins for go and make that do what the
// real ones do once per input rather than once per step:
//
//   - go build -o DIR/ PKG... links to the commands an earlier build made
//     from the same inputs: every Go, cgo and embedded file of the main
//     module the packages depend on (go list -deps), go.mod and go.sum.
//     A tree whose generated/ the commands import (generated/rules, and
//     validate's packages) changed builds them again; every other tree
//     of every rehearsal of a run reuses them; the copies differ from
//     a build of their own only in the commit stamped in them (vcs.revision,
//     which only -version prints and no workflow step reads);
//   - make state on a tree whose every file is that of a tree it passed on
//     (a refresh rerun on the same release) says so and passes, since its
//     tests read nothing but the tree and the corpus.
//
// Anything else runs the real command. Each stand-in says on stderr what
// it reused, so a step's log shows it.
func sharedCommands(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(shared, "commands")
	sharedOnce.Do(func() { sharedErr = writeSharedCommands(dir) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return dir
}

func writeSharedCommands(dir string) error {
	realGo, err := exec.LookPath("go")
	if err != nil {
		return err
	}
	realMake, err := exec.LookPath("make")
	if err != nil {
		return err
	}
	builds, passed := filepath.Join(shared, "builds"), filepath.Join(shared, "state")
	for _, d := range []string{dir, builds, passed} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	goShim := fmt.Sprintf(`#!/usr/bin/env bash
# The rehearsal's go: go build -o DIR/ PKG... reuses the commands built
# from the same inputs; anything else is the real go.
real=%q builds=%q
if [ "$1" = build ] && [ "$2" = -o ] && [ "${3%%/}" != "$3" ] && [ $# -gt 3 ]; then
  out=$3; shift 3
  keys=() missing=()
  # A clean checkout's inputs are its commit's: their key is kept by tree.
  tree=
  if [ -z "$(git status --porcelain 2>/dev/null)" ]; then tree=$(git rev-parse -q --verify 'HEAD^{tree}' 2>/dev/null); fi
  for p in "$@"; do
    memo=$builds/trees/$tree.${p//\//_}
    if [ -n "$tree" ] && [ -f "$memo" ]; then
      key=$(cat "$memo")
    else
      root=${root:-$("$real" list -m -f '{{.Dir}}')} || exit
      inputs=$("$real" list -deps -f '{{if and .Module .Module.Main}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .CgoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{end}}' "$p") || exit
      key=$(cd "$root" && { echo "${p##*/}"; echo "$inputs" | sed "s|^$root/||" | xargs sha256sum go.mod go.sum; } | sha256sum | cut -c1-32)
      [ -z "$tree" ] || { mkdir -p "$builds/trees" && echo "$key" > "$memo"; }
    fi
    keys+=("$key")
    [ -x "$builds/$key/${p##*/}" ] || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    new=$(mktemp -d "$builds/new.XXXXXX")
    "$real" build -o "$new/" "${missing[@]}" || { rm -rf "$new"; exit 1; }
  fi
  mkdir -p "$out"
  i=0 reused=()
  for p in "$@"; do
    name=${p##*/} key=${keys[$i]}; i=$((i + 1))
    if [ -x "$builds/$key/$name" ]; then
      reused+=("$p")
    else
      mkdir -p "$builds/$key" && mv -f "$new/$name" "$builds/$key/$name"
    fi
    ln -f "$builds/$key/$name" "$out/" 2>/dev/null || cp "$builds/$key/$name" "$out/"
  done
  [ -z "${new:-}" ] || rm -rf "$new"
  [ ${#reused[@]} -eq 0 ] || echo "rehearsal: ${reused[*]} built before from the same inputs: linked" >&2
  exit 0
fi
exec "$real" "$@"
`, realGo, builds)
	makeShim := fmt.Sprintf(`#!/usr/bin/env bash
# The rehearsal's make: make state on a tree it passed on before passes
# again without running; anything else is the real make.
real=%q passed=%q
if [ "$*" = state ] && git rev-parse -q --git-dir >/dev/null 2>&1; then
  index=$(mktemp -u)
  tree=$(GIT_INDEX_FILE=$index git add -A . && GIT_INDEX_FILE=$index git write-tree); rm -f "$index"
  if [ -n "$tree" ] && [ -f "$passed/$tree" ]; then
    echo "rehearsal: make state passed on this very tree (every file the same, ${tree:0:12}) in $(cat "$passed/$tree"): not run again"
    exit 0
  fi
  "$real" state || exit
  [ -z "$tree" ] || echo "$PWD" > "$passed/$tree"
  exit 0
fi
exec "$real" "$@"
`, realMake, passed)
	for name, script := range map[string]string{"go": goShim, "make": makeShim} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// withPath is env with dir first on its PATH.
func withPath(env []string, dir string) []string {
	out := make([]string, 0, len(env)+1)
	path := os.Getenv("PATH")
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
			continue
		}
		out = append(out, kv)
	}
	return append(out, "PATH="+dir+string(os.PathListSeparator)+path)
}

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
// the rehearsals run, holding a stand-in for go that does what the real
// one does once per input rather than once per step:
//
//   - go build -o DIR/ PKG... links to the commands an earlier build made
//     from the same inputs: every Go, cgo and embedded file of the main
//     module the packages depend on (go list -deps), go.mod and go.sum.
//     A tree whose generated/ the commands import (generated/rules, and
//     validate's packages) changed builds them again; every other tree
//     of every rehearsal of a run reuses them; the copies differ from
//     a build of their own only in the commit stamped in them (vcs.revision,
//     which only -version prints and no workflow step reads);
//   - the gen go build -o gives is a stand-in for the gen built, which
//     reads nothing but its inputs: gen api -json FILE OLD NEW of two
//     trees whose Go files under generated/ and internal/, go.mod and
//     go.sum are those of a comparison made before gives that
//     comparison's verdict (its file, output and exit status): the review
//     of a refresh's pull request compares the trees the refresh compared,
//     and so does the release of it once merged; gen (-snapshots S -out O)
//     on snapshots (their JSON) and an output directory whose every file
//     is that of a run before (values.json as it was before, or as that run left it,
//     which it leaves as it is) leaves O as that run left it: the
//     review's scratch generation of the snapshots a refresh generated,
//     and a refresh rerun on the same release.
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
	builds, apis := filepath.Join(shared, "builds"), filepath.Join(shared, "api")
	for _, d := range []string{dir, builds, apis} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	goShim := fmt.Sprintf(`#!/usr/bin/env bash
# The rehearsal's go: go build -o DIR/ PKG... reuses the commands built
# from the same inputs; anything else is the real go.
real=%q builds=%q genStandIn=%q
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
    if [ "$name" = gen ]; then
      sed "s|@REAL@|$builds/$key/gen|" "$genStandIn" > "$out/gen" && chmod +x "$out/gen"
    else
      ln -f "$builds/$key/$name" "$out/" 2>/dev/null || cp "$builds/$key/$name" "$out/"
    fi
  done
  [ -z "${new:-}" ] || rm -rf "$new"
  [ ${#reused[@]} -eq 0 ] || echo "rehearsal: ${reused[*]} built before from the same inputs: linked" >&2
  exit 0
fi
exec "$real" "$@"
`, realGo, builds, filepath.Join(apis, "gen"))
	genStandIn := fmt.Sprintf(`#!/usr/bin/env bash
# The rehearsal's gen: gen api -json FILE OLD NEW of two trees whose Go
# files (generated/, internal/), go.mod and go.sum are those of a
# comparison made before gives its verdict; anything else is the gen
# built (@REAL@, set where go build -o puts this).
real=@REAL@ memo=%q
# digest DIR NAME [EXCEPT]: the paths and contents of the files NAME
# (a pattern) under DIR, but EXCEPT.
digest() { (cd "$1" && find . -type f -name "$2" ! -path "./${3:-/}" | LC_ALL=C sort | xargs sha256sum) | sha256sum | cut -c1-32; }
snap=snapshots out=generated
case "$#:$1:$3" in
0::) ;;
4:-snapshots:-out) snap=$2 out=$4 ;;
*) snap= ;;
esac
if [ -n "$snap" ] && [ -d "$snap" ] && [ -d "$out" ]; then
  # gen reads the JSON of the snapshots (not the whole diff the refresh
  # writes beside them).
  inputs="$real $(digest "$snap" '*.json') $(digest "$out" '*' values.json)"
  key=$(echo "$inputs $(sha256sum < "$out/values.json")" | sha256sum | cut -c1-32)
  if [ -f "$memo/gen-$key/status" ]; then
    find "$out" -mindepth 1 -delete && tar -xf "$memo/gen-$key/out.tar" -C "$out" && cat "$memo/gen-$key/stdout"
    echo "rehearsal: gen ran on these very snapshots and output directory before: its output reused" >&2
    exit 0
  fi
  new=$(mktemp -d "$memo/new.XXXXXX")
  "$real" "$@" > "$new/stdout"; status=$?
  cat "$new/stdout"
  if [ "$status" -eq 0 ]; then
    # Under the values record it was given, and the one it leaves.
    tar -cf "$new/out.tar" -C "$out" . && echo 0 > "$new/status"
    after=$(echo "$inputs $(sha256sum < "$out/values.json")" | sha256sum | cut -c1-32)
    if [ "$after" != "$key" ]; then
      cp -r "$new" "$new.after" && mv -T "$new.after" "$memo/gen-$after" 2>/dev/null
    fi
    mv -T "$new" "$memo/gen-$key" 2>/dev/null
  fi
  rm -rf "$new" "$new.after"
  exit "$status"
fi
if [ "$1" = api ] && [ "$2" = -json ] && [ $# -eq 5 ]; then
  if key=$( { echo "$real"; for root in "$4" "$5"; do (cd "$root" && find generated internal -name '*.go' -type f | LC_ALL=C sort | xargs sha256sum && sha256sum go.mod go.sum) || exit 1; echo; done; } | sha256sum | cut -c1-32); then
    if [ -f "$memo/$key/status" ]; then
      cp "$memo/$key/json" "$3" && cat "$memo/$key/stdout" && cat "$memo/$key/stderr" >&2
      echo "rehearsal: gen api compared trees of these very Go files before: its verdict reused" >&2
      exit "$(cat "$memo/$key/status")"
    fi
    new=$(mktemp -d "$memo/new.XXXXXX")
    "$real" "$@" > "$new/stdout" 2> "$new/stderr"; status=$?
    cat "$new/stdout"; cat "$new/stderr" >&2
    if [ -f "$3" ]; then
      cp "$3" "$new/json" && echo "$status" > "$new/status" && mv -T "$new" "$memo/$key" 2>/dev/null
    fi
    rm -rf "$new"
    exit "$status"
  fi
fi
exec "$real" "$@"
`, apis)
	if err := os.WriteFile(filepath.Join(apis, "gen"), []byte(genStandIn), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go"), []byte(goShim), 0o755)
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

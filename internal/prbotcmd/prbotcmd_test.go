package prbotcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbot"
	"github.com/mtgrules/crgen/internal/prbot/prbottest"
)

func run(env prbot.Env, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := Command.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errb, Getenv: getenv(env)})
	return out.String(), errb.String(), code
}

// getenv is an environment holding env as GitHub Actions sets it.
func getenv(env prbot.Env) func(string) string {
	vars := map[string]string{"GITHUB_TOKEN": env.Token, "GITHUB_REPOSITORY": env.Repository, "GITHUB_API_URL": env.APIURL}
	return func(key string) string { return vars[key] }
}

func TestUsage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	body := filepath.Join(dir, "body.md")
	if err := os.WriteFile(body, []byte("diff"), 0o644); err != nil {
		t.Fatal(err)
	}
	spaced := filepath.Join(dir, "Keywords en.json")
	if err := os.WriteFile(spaced, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := prbot.Env{Token: "ghs_topsecret", Repository: "o/r", APIURL: "http://127.0.0.1:1/"}
	for name, tt := range map[string]struct {
		args   []string
		env    prbot.Env
		code   int
		stdout string
		stderr string
	}{
		"help":                {[]string{"-h"}, prbot.Env{}, 0, "usage: prbot [flags]", ""},
		"help word":           {[]string{"help"}, prbot.Env{}, 0, "Commands:", ""},
		"refresh help":        {[]string{"refresh", "-h"}, prbot.Env{}, 0, "usage: prbot refresh [flags] PATH...", ""},
		"comment help":        {[]string{"comment", "--help"}, prbot.Env{}, 0, "-pr number", ""},
		"no command":          {nil, env, 2, "", "usage: prbot"},
		"unknown":             {[]string{"merge"}, env, 2, "", `prbot: unknown command "merge" (valid: refresh, comment, keepalive, outcome, release)`},
		"bad flag":            {[]string{"comment", "-x"}, env, 2, "", "unknown flag -x (valid: -body-file, -bot-login, -dry-run, -pr, -version)"},
		"no body":             {[]string{"comment", "-pr", "1"}, env, 2, "", "-body-file is required"},
		"no pr":               {[]string{"comment", "-body-file", body}, env, 2, "", "-pr is required"},
		"no token":            {[]string{"comment", "-pr", "1", "-body-file", body}, prbot.Env{Repository: "o/r"}, 1, "", "GITHUB_TOKEN is not set"},
		"escaping path":       {[]string{"refresh", "-body-file", body, "../etc/passwd"}, env, 2, "", "inside the repository"},
		"missing body":        {[]string{"comment", "-pr", "1", "-body-file", filepath.Join(dir, "nope.md")}, env, 1, "", "nope.md"},
		"release no sha":      {[]string{"release", "-notes", body}, env, 2, "", "-sha and -notes are required"},
		"release no api":      {[]string{"release", "-sha", strings.Repeat("a", 40), "-notes", body, "-previous", "v1.0.0"}, env, 2, "", "-previous and -api go together"},
		"release date":        {[]string{"release", "-sha", strings.Repeat("a", 40), "-notes", body, "-date", "1 Dec"}, env, 2, "", `-date "1 Dec" is not YYYY-MM-DD`},
		"release bad api":     {[]string{"release", "-sha", strings.Repeat("a", 40), "-notes", body, "-previous", "v1.0.0", "-api", body}, env, 1, "", "is not an API verdict (gen api -json writes one)"},
		"bad repository":      {[]string{"comment", "-pr", "1", "-body-file", body}, prbot.Env{Token: "t", Repository: "o"}, 1, "", `GITHUB_REPOSITORY "o" is not owner/name`},
		"release no asset":    {[]string{"release", "-sha", strings.Repeat("a", 40), "-notes", body, "-asset", filepath.Join(dir, "Keywords.en.json")}, env, 1, "", "-asset: open " + filepath.Join(dir, "Keywords.en.json")},
		"release asset name":  {[]string{"release", "-sha", strings.Repeat("a", 40), "-notes", body, "-asset", spaced}, env, 1, "", `release asset "Keywords en.json": GitHub would rename it`},
		"release asset twice": {[]string{"release", "-sha", strings.Repeat("a", 40), "-notes", body, "-asset", body, "-asset", body}, env, 1, "", "release asset body.md given twice"},
	} {
		out, errs, code := run(tt.env, tt.args...)
		if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
			t.Errorf("%s: exit %d, stdout %.120q, stderr %q", name, code, out, errs)
		}
		if strings.Contains(out+errs, "topsecret") {
			t.Errorf("%s: token printed", name)
		}
	}
}

// A dry run needs no token: it reads the repository's state and writes
// nothing.
func TestDryRunWithoutToken(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			t.Errorf("%s %s sent credentials", r.Method, r.URL.Path)
		}
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == "GET" && r.URL.Path == "/api/repos/o/r/pulls":
			_, _ = w.Write([]byte("[]"))
		case r.Method == "GET" && r.URL.Path == "/api/repos/o/r/git/ref/heads/main":
			_ = json.NewEncoder(w).Encode(map[string]any{"ref": "refs/heads/main", "object": map[string]any{"sha": "abc123", "type": "commit"}})
		case r.Method == "GET" && r.URL.Path == "/api/repos/o/r/git/ref/heads/crgen/refresh":
			w.WriteHeader(404)
			_, _ = w.Write([]byte(`{"message":"Not Found"}`))
		default:
			t.Errorf("dry run: unexpected %s %s", r.Method, r.URL)
			w.WriteHeader(500)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	body := filepath.Join(dir, "body.md")
	if err := os.WriteFile(body, []byte("diff"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(prbot.Env{Repository: "o/r", APIURL: srv.URL + "/api/"}, "refresh", "-dry-run", "-body-file", body, "go.mod")
	if code != 0 || !strings.Contains(errs, "dry run: would commit 1 files on crgen/refresh") || !strings.Contains(out, "created pull request") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, out, errs)
	}
}

func TestReadFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "snapshots/current"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "snapshots/current/en.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := readFiles(dir, []string{"snapshots/current/en.json", "generated/gone.go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || string(files[0].Content) != "{}" || files[0].Delete || !files[1].Delete || files[1].Path != "generated/gone.go" {
		t.Errorf("%+v", files)
	}
}

// -asset, repeated: each file is attached under its base name; a dry run
// only says so.
func TestReleaseAssets(t *testing.T) {
	t.Parallel()
	const sha = "1111111111111111111111111111111111111111"
	git := prbottest.NewMem(map[string]string{})
	git.Commits[sha] = prbottest.MemCommit{Tree: "tree-base1", Parents: []string{"base1"}, Message: "update"}
	git.Refs["refs/heads/main"] = sha
	fake := prbottest.New(t, "o", "r", git)
	env := prbot.Env{Token: fake.Token, Repository: "o/r", APIURL: fake.APIURL()}
	dir := t.TempDir()
	files := map[string]string{"notes.md": "## Rules update\n", "en/Keywords.en.json": `{"meta":{"date":"2026-12-11"}}`, "es/CardTypes.es.json": `{"meta":{"date":"2026-11-13"}}`}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"release", "-sha", sha, "-notes", filepath.Join(dir, "notes.md"), "-date", "2026-12-11",
		"-asset", filepath.Join(dir, "en/Keywords.en.json"), "-asset", filepath.Join(dir, "es/CardTypes.es.json")}

	out, errs, code := run(env, append([]string{args[0], "-dry-run"}, args[1:]...)...)
	if code != 0 || !strings.Contains(out, "would upload Keywords.en.json (30 bytes) to release v1.0.0 before publishing it\n") ||
		!strings.Contains(out, "would upload CardTypes.es.json (30 bytes) to release v1.0.0") || len(fake.Writes()) != 0 {
		t.Errorf("dry run: exit %d, wrote %v\nstdout %s\nstderr %s", code, fake.Writes(), out, errs)
	}

	out, errs, code = run(env, args...)
	if code != 0 || !strings.Contains(out, "attached Keywords.en.json (30 bytes) to release v1.0.0\nattached CardTypes.es.json (30 bytes) to release v1.0.0\npublished release v1.0.0") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errs)
	}
	got := map[string]string{}
	for _, a := range fake.Assets("v1.0.0") {
		got[a.Name] = string(a.Content)
	}
	if len(got) != 2 || got["Keywords.en.json"] != files["en/Keywords.en.json"] || got["CardTypes.es.json"] != files["es/CardTypes.es.json"] {
		t.Errorf("release v1.0.0 holds %v", got)
	}
}

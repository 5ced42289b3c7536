package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/prbot"
)

func TestPRBotArguments(t *testing.T) {
	dir := t.TempDir()
	body := filepath.Join(dir, "body.md")
	os.WriteFile(body, []byte("diff"), 0o644)
	env := prbot.Env{Token: "ghs_topsecret", Repository: "o/r", APIURL: "http://127.0.0.1:1/"}
	for name, tt := range map[string]struct {
		args []string
		env  prbot.Env
		code int
		want string
	}{
		"no command":     {nil, env, 2, "usage"},
		"no body":        {[]string{"comment", "-pr", "1"}, env, 2, "-body-file"},
		"no pr":          {[]string{"comment", "-body-file", body}, env, 2, "needs -pr"},
		"no token":       {[]string{"comment", "-pr", "1", "-body-file", body}, prbot.Env{Repository: "o/r"}, 1, "GITHUB_TOKEN is not set"},
		"escaping path":  {[]string{"refresh", "-body-file", body, "../etc/passwd"}, env, 1, "inside the repository"},
		"unknown action": {[]string{"merge", "-body-file", body}, env, 2, "usage"},
	} {
		var out, errb bytes.Buffer
		code := PRBot(context.Background(), tt.args, tt.env, &out, &errb)
		if code != tt.code || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", name, code, errb.String(), tt.code, tt.want)
		}
		if strings.Contains(out.String()+errb.String(), "topsecret") {
			t.Errorf("%s: token printed", name)
		}
	}
}

func TestReadFiles(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	os.MkdirAll("snapshots/current", 0o755)
	os.WriteFile("snapshots/current/en.json", []byte("{}"), 0o644)
	files, err := readFiles([]string{"snapshots/current/en.json", "generated/gone.go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || string(files[0].Content) != "{}" || files[0].Delete || !files[1].Delete || files[1].Path != "generated/gone.go" {
		t.Errorf("%+v", files)
	}
}

package scrapecmd

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/sources"
)

// scrape probe in process against a loopback rules page: the first run
// (no state) says changed and writes the state; the next, given it, says
// nothing changed and exits 0; a state that is not one is refused.
func TestProbeCommand(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.Method+" "+r.URL.Path)
		mu.Unlock()
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if r.URL.Path == "/en/rules" {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<html><body><a href="/MagicCompRules.txt">TXT</a></body></html>`)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		if r.Method != http.MethodHead {
			fmt.Fprint(w, "rules\n")
		}
	}))
	defer srv.Close()
	srcDir, snapDir := corpus.CopyProject(t)
	m, err := sources.Load(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Sources {
		if m.Sources[i].Discover != nil {
			m.Sources[i].URL = srv.URL + "/en/rules"
		}
	}
	b, _ := m.Marshal()
	if err := os.WriteFile(filepath.Join(srcDir, "sources.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(t.TempDir(), "state.json")
	dirs := []string{"-sources", srcDir, "-snapshots", snapDir}

	// Without -exit-code a probe that worked exits 0, changed or not.
	out, errs, code := run(t, append([]string{"probe", "-state", state}, dirs...)...)
	if code != 0 || !strings.Contains(out, "changed: the refresh runs") {
		t.Fatalf("first probe without -exit-code: exit %d\n%s%s", code, out, errs)
	}
	out, errs, code = run(t, append([]string{"probe", "-exit-code", "-state", state, "-next", state}, dirs...)...)
	if code != exitChanged || !strings.Contains(out, "no record of the last probe") || !strings.Contains(out, "changed: the refresh runs") {
		t.Fatalf("first probe: exit %d\n%s%s", code, out, errs)
	}
	mu.Lock()
	asked = nil
	mu.Unlock()
	out, errs, code = run(t, append([]string{"probe", "-exit-code", "-state", state}, dirs...)...)
	mu.Lock()
	defer mu.Unlock()
	if code != 0 || !strings.Contains(out, "nothing changed") || strings.Join(asked, ",") != "GET /en/rules,HEAD /MagicCompRules.txt" {
		t.Errorf("second probe: exit %d, asked %q\n%s%s", code, asked, out, errs)
	}
	if err := os.WriteFile(state, []byte("<html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = run(t, append([]string{"probe", "-state", state}, dirs...)...)
	if code != 1 || !strings.Contains(errs, "not a probe state") {
		t.Errorf("a broken state: exit %d, %q", code, errs)
	}
}

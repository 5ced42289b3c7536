package future

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/gencmd"
	"github.com/mtgrules/crgen/internal/scrapecmd"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// EnvInside marks a run inside a rehearsal or a future: the make state
// they run in a tree of their own must not rehearse again.
const EnvInside = "CRGEN_REHEARSAL"

// CopyProject copies the project's files at project (tracked, and new
// ones not ignored, as git lists them) into dir: a tree to apply releases
// to, or to run the workflows in.
func CopyProject(project, dir string) error {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = project
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("listing the files of %s: %w", project, err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		src := filepath.Join(project, f)
		fi, err := os.Lstat(src)
		if err != nil {
			continue // deleted in the working tree
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			return err
		}
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, fi.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

// Tree is a copy of the project that releases are applied to, with the
// recipes of docs/maintaining.md ("Updating by hand"), run in this
// process by the commands' own packages.
type Tree struct {
	Dir   string // the project's root
	Tmp   string // where the release files are written
	Store snapshot.Store
}

// NewTree is the project at dir, release files written under tmp.
func NewTree(dir, tmp string) *Tree {
	return &Tree{Dir: dir, Tmp: tmp, Store: snapshot.Store{Dir: filepath.Join(dir, "snapshots")}}
}

// Scrape runs scrape or one of its subcommands in the tree, returning
// its exit status and what it printed. scrape, scrape import and scrape
// accept are given the tree's directories; other subcommands take theirs
// as arguments.
func (f *Tree) Scrape(args ...string) (int, string) {
	sub, rest := []string{}, args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, rest = args[:1], args[1:]
	}
	var dirs []string
	switch strings.Join(sub, " ") {
	case "", "import":
		dirs = []string{"-sources", filepath.Join(f.Dir, "sources"), "-snapshots", f.Store.Dir}
	case "accept":
		dirs = []string{"-sources", filepath.Join(f.Dir, "sources")} // it records captured copies
	}
	var out bytes.Buffer
	code := scrapecmd.Command.Main(context.Background(), slices.Concat(sub, dirs, rest), cli.Env{Stdout: &out, Stderr: &out})
	return code, out.String()
}

// Gen regenerates generated/ from the tree's snapshots.
func (f *Tree) Gen() error {
	var out bytes.Buffer
	if code := gencmd.Command.Main(context.Background(), []string{"-snapshots", f.Store.Dir, "-out", filepath.Join(f.Dir, "generated")}, cli.Env{Stdout: &out, Stderr: &out}); code != 0 {
		return fmt.Errorf("gen: %s", out.String())
	}
	return nil
}

// Write writes a release file under Tmp and returns its path.
func (f *Tree) Write(name string, b []byte) (string, error) {
	p := filepath.Join(f.Tmp, name)
	return p, os.WriteFile(p, b, 0o644)
}

// TXT writes the official TXT of w's release and returns its path.
func (f *Tree) TXT(w *World) (string, error) {
	b, err := w.EnglishTXT()
	if err != nil {
		return "", err
	}
	return f.Write("MagicCompRules "+w.Date+".txt", b)
}

// Import is the first recipe: scrape import of the TXT of s's release. A
// release that drops a category is refused first, as a broken page
// would be, and imported with -allow-shrink, as a maintainer who checked
// it would. An amendment's TXT is refused first, as any read of a
// recorded release that says otherwise, then imported with -amend, as a
// maintainer who checked it would.
func (f *Tree) Import(s *Step) error {
	if s.Amends != "" {
		return f.Amend(s)
	}
	txt, err := f.TXT(s.W)
	if err != nil {
		return err
	}
	code, out := f.Scrape("import", txt)
	if s.Dropped != "" {
		if code == 0 || !strings.Contains(out, s.Dropped+" types") {
			return fmt.Errorf("a release dropping the %s types: exit %d, want the guard to refuse it naming them:\n%s", s.Dropped, code, out)
		}
		code, out = f.Scrape("import", "-allow-shrink", txt)
	}
	if code != 0 {
		return fmt.Errorf("scrape import of en@%s: exit %d\n%s", s.W.Date, code, out)
	}
	return nil
}

// Amend imports the official TXT of an amendment: refused, naming the
// release and the -amend that corrects it, then with -amend.
func (f *Tree) Amend(s *Step) error {
	txt, err := f.Write("MagicCompRules "+s.Amends+" corrected.txt", s.Amendment)
	if err != nil {
		return err
	}
	k := "en@" + s.Amends
	if code, out := f.Scrape("import", txt); code == 0 || !strings.Contains(out, "-amend "+k) {
		return fmt.Errorf("the TXT of %s read again otherwise: scrape import exit %d, want a refusal naming -amend %s:\n%s", k, code, k, out)
	}
	if code, out := f.Scrape("import", "-amend", k, txt); code != 0 {
		return fmt.Errorf("scrape import -amend %s: exit %d\n%s", k, code, out)
	}
	return nil
}

// Probe tries the release with a list sentence reworded: it must be
// refused, naming the rule or the words it expected.
func (f *Tree) Probe(s *Step) error {
	txt, err := f.Write("reworded.txt", s.Refuse)
	if err != nil {
		return err
	}
	if code, out := f.Scrape("import", txt); code == 0 || !strings.Contains(out, s.RefuseWords) {
		return fmt.Errorf("a reworded list sentence: scrape import exit %d, want a refusal saying %q:\n%s", code, s.RefuseWords, out)
	}
	return nil
}

// PublishSpanish is the second recipe, for the Spanish 205.3 page of w's
// release: captured, accepted as of its date, scraped.
func (f *Tree) PublishSpanish(w *World) error {
	page, err := w.SpanishPage()
	if err != nil {
		return err
	}
	return f.capture("rule-205.3-es.txt", page, w.Date)
}

// PublishEnglishPage is the same recipe for the English 205.3 page of w's
// release, published before its TXT: the history records the release
// from the page, partial, until the TXT completes it.
func (f *Tree) PublishEnglishPage(w *World) error {
	page, err := w.EnglishPage()
	if err != nil {
		return err
	}
	return f.capture("rule-205.3-en.txt", page, w.Date)
}

func (f *Tree) capture(name string, page []byte, date string) error {
	path := filepath.Join(f.Dir, "sources", "captured", name)
	if err := os.WriteFile(path, page, 0o644); err != nil {
		return err
	}
	if code, out := f.Scrape("accept", "-effective", date, path); code != 0 {
		return fmt.Errorf("scrape accept -effective %s %s: %s", date, name, out)
	}
	if code, out := f.Scrape(); code != 0 {
		return fmt.Errorf("scrape with the page %s of %s: %s", name, date, out)
	}
	return nil
}

// Apply publishes step i of steps as the recipes do: the English page
// first when the release has one, then ApplyTXT.
func (f *Tree) Apply(steps []*Step, i int) error {
	if steps[i].Page {
		if err := f.PublishEnglishPage(steps[i].W); err != nil {
			return err
		}
	}
	return f.ApplyTXT(steps, i)
}

// ApplyTXT publishes step i of steps from its TXT on: the rewording
// refused first when the step has one, the TXT, the Spanish pages (this
// release's, the one before's when late), then gen.
func (f *Tree) ApplyTXT(steps []*Step, i int) error {
	s := steps[i]
	if s.Refuse != nil {
		if err := f.Probe(s); err != nil {
			return err
		}
	}
	if err := f.Import(s); err != nil {
		return err
	}
	if s.Spanish {
		if err := f.PublishSpanish(s.W); err != nil {
			return err
		}
	}
	if s.Late {
		if err := f.PublishSpanish(steps[i-1].W); err != nil {
			return err
		}
	}
	return f.Gen()
}

package prbottest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Mem is git data in memory, for unit tests: trees are the files they
// hold, commits their tree, parents and message.
type Mem struct {
	Refs    map[string]string // "refs/heads/main" → sha
	Commits map[string]MemCommit
	Trees   map[string]map[string]string // sha → path → content
	Blobs   map[string]string            // sha → content, of the blobs created
	next    int
}

// MemCommit is a commit of Mem.
type MemCommit struct {
	Tree    string
	Parents []string
	Message string
}

// NewMem returns a store whose main branch is one commit, base1, holding
// files.
func NewMem(files map[string]string) *Mem {
	return &Mem{
		Refs:    map[string]string{"refs/heads/main": "base1"},
		Commits: map[string]MemCommit{"base1": {Tree: "tree-base1", Message: "base"}},
		Trees:   map[string]map[string]string{"tree-base1": files},
	}
}

// Files returns the files of the commit a ref points at.
func (m *Mem) Files(ref string) map[string]string {
	return m.Trees[m.Commits[m.Refs[ref]].Tree]
}

func (m *Mem) Ref(name string) (string, bool) { sha, ok := m.Refs[name]; return sha, ok }

func (m *Mem) SetRef(name, sha string) error { m.Refs[name] = sha; return nil }

func (m *Mem) Commit(sha string) (string, []string, string, bool) {
	c, ok := m.Commits[sha]
	return c.Tree, c.Parents, c.Message, ok
}

func (m *Mem) id(kind string) string {
	m.next++
	return fmt.Sprintf("%s%d", kind, m.next)
}

func (m *Mem) CreateBlob(content string) (string, error) {
	if m.Blobs == nil {
		m.Blobs = map[string]string{}
	}
	sha := BlobSHA(content)
	m.Blobs[sha] = content
	return sha, nil
}

func (m *Mem) CreateTree(base string, entries []TreeEntry) (string, error) {
	files := maps.Clone(m.Trees[base])
	if files == nil {
		files = map[string]string{}
	}
	for _, e := range entries {
		switch {
		case e.Delete:
			files[e.Path] = "<deleted>" // seen by tests; git would drop it
		case e.SHA != "":
			content, ok := m.Blobs[e.SHA]
			if !ok {
				return "", fmt.Errorf("tree entry %s: no blob %s", e.Path, e.SHA)
			}
			files[e.Path] = content
		default:
			files[e.Path] = e.Content
		}
	}
	sha := m.id("tree")
	m.Trees[sha] = files
	return sha, nil
}

func (m *Mem) CreateCommit(tree string, parents []string, message string) (string, error) {
	sha := m.id("commit")
	m.Commits[sha] = MemCommit{Tree: tree, Parents: parents, Message: message}
	return sha, nil
}

// BlobSHA is git's name of a file's content.
func BlobSHA(content string) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(content))
	h.Write([]byte(content))
	return hex.EncodeToString(h.Sum(nil))
}

func (m *Mem) Entries(tree string) ([]Entry, bool) {
	files, ok := m.Trees[tree]
	if !ok {
		return nil, false
	}
	var out []Entry
	seen := map[string]bool{}
	for path, content := range files {
		if dir, _, nested := strings.Cut(path, "/"); nested {
			if !seen[dir] {
				seen[dir] = true
				out = append(out, Entry{Path: dir, Type: "tree", SHA: tree + ":" + dir})
			}
			continue
		}
		out = append(out, Entry{Path: path, Type: "blob", SHA: BlobSHA(content)})
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Path, b.Path) })
	return out, true
}

func (m *Mem) Blob(sha string) (string, bool) {
	if content, ok := m.Blobs[sha]; ok {
		return content, true
	}
	for _, files := range m.Trees {
		for _, content := range files {
			if BlobSHA(content) == sha {
				return content, true
			}
		}
	}
	return "", false
}

func (m *Mem) IsAncestor(a, b string) bool {
	if a == b {
		return true
	}
	for _, p := range m.Commits[b].Parents {
		if m.IsAncestor(a, p) {
			return true
		}
	}
	return false
}

// Bare is git data in a bare repository: every object is a real git
// object, so what the bot pushes can be fetched and checked out.
type Bare struct {
	Dir string
	// Env is added to git's environment (an identity for commits).
	Env []string
}

// Identity is a fixed author and date for commits a test makes, so runs
// are alike.
var Identity = []string{
	"GIT_AUTHOR_NAME=crgen test", "GIT_AUTHOR_EMAIL=test@crgen.test",
	"GIT_COMMITTER_NAME=crgen test", "GIT_COMMITTER_EMAIL=test@crgen.test",
	"GIT_AUTHOR_DATE=2026-11-30T12:00:00Z", "GIT_COMMITTER_DATE=2026-11-30T12:00:00Z",
}

func (b *Bare) git(stdin string, env []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = b.Dir
	cmd.Env = append(append(os.Environ(), b.Env...), env...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, ee.Stderr)
	}
	return strings.TrimSpace(string(out)), err
}

func (b *Bare) Ref(name string) (string, bool) {
	sha, err := b.git("", nil, "rev-parse", "--verify", "-q", name)
	return sha, err == nil && sha != ""
}

func (b *Bare) SetRef(name, sha string) error {
	_, err := b.git("", nil, "update-ref", name, sha)
	return err
}

func (b *Bare) Commit(sha string) (string, []string, string, bool) {
	raw, err := b.git("", nil, "cat-file", "commit", sha)
	if err != nil {
		return "", nil, "", false
	}
	header, message, _ := strings.Cut(raw, "\n\n")
	var tree string
	var parents []string
	for _, l := range strings.Split(header, "\n") {
		if v, ok := strings.CutPrefix(l, "tree "); ok {
			tree = v
		}
		if v, ok := strings.CutPrefix(l, "parent "); ok {
			parents = append(parents, v)
		}
	}
	return tree, parents, message, true
}

// CreateTree applies the entries to base in a scratch index.
func (b *Bare) CreateTree(base string, entries []TreeEntry) (string, error) {
	dir, err := os.MkdirTemp("", "prbottest-index")
	if err != nil {
		return "", err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	env := []string{"GIT_INDEX_FILE=" + filepath.Join(dir, "index")}
	if _, err := b.git("", env, "read-tree", base); err != nil {
		return "", err
	}
	for _, e := range entries {
		if e.Delete {
			if _, err := b.git("", env, "update-index", "--force-remove", "--", e.Path); err != nil {
				return "", err
			}
			continue
		}
		blob := e.SHA
		if blob == "" {
			if blob, err = b.CreateBlob(e.Content); err != nil {
				return "", err
			}
		}
		if _, err := b.git("", env, "update-index", "--add", "--cacheinfo", "100644,"+blob+","+e.Path); err != nil {
			return "", err
		}
	}
	return b.git("", env, "write-tree")
}

func (b *Bare) CreateBlob(content string) (string, error) {
	return b.git(content, nil, "hash-object", "-w", "--stdin")
}

func (b *Bare) CreateCommit(tree string, parents []string, message string) (string, error) {
	args := []string{"commit-tree", tree, "-m", message}
	for _, p := range parents {
		args = append(args, "-p", p)
	}
	return b.git("", Identity, args...)
}

func (b *Bare) Entries(tree string) ([]Entry, bool) {
	out, err := b.git("", nil, "ls-tree", tree)
	if err != nil {
		return nil, false
	}
	var entries []Entry
	for _, l := range strings.Split(out, "\n") {
		meta, path, ok := strings.Cut(l, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			continue
		}
		entries = append(entries, Entry{Path: path, Type: f[1], SHA: f[2]})
	}
	return entries, true
}

func (b *Bare) Blob(sha string) (string, bool) {
	cmd := exec.Command("git", "cat-file", "blob", sha)
	cmd.Dir = b.Dir
	out, err := cmd.Output() // not trimmed: a file's bytes are its bytes
	return string(out), err == nil
}

func (b *Bare) IsAncestor(a, c string) bool {
	_, err := b.git("", nil, "merge-base", "--is-ancestor", a, c)
	return err == nil
}

package site

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed assets
var assetFS embed.FS

// templates are the page kinds, each the layout with its body.
type templates map[string]*template.Template

func parseTemplates() (templates, error) {
	layout, err := template.ParseFS(templateFS, "templates/layout.html")
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	out := templates{}
	for _, n := range names {
		kind := strings.TrimSuffix(path.Base(n), ".html")
		if kind == "layout" {
			continue
		}
		t, err := layout.Clone()
		if err != nil {
			return nil, err
		}
		if _, err := t.ParseFS(templateFS, n); err != nil {
			return nil, err
		}
		out[kind] = t
	}
	return out, nil
}

// page is what the layout shows around a page's body.
type page struct {
	Path   string // from the site's root
	Title  string
	Root   string // the link to the site's root from the page ("../../")
	Crumbs []link
	Banner *banner
	Built  string
	Body   any
}

type link struct {
	Href string
	Text string
}

// banner says, on every page of a release, its effective date and
// whether a newer release is in force.
type banner struct {
	Lang, LangName string // for a language other than English
	Date           string
	Source         string
	Newer          string
	NewerHref      string
}

// out collects what a build writes.
type out struct {
	dir     string
	maxPage int
	mu      sync.Mutex
	res     Result
}

// write writes a file of the site, refusing a page over MaxPage.
func (o *out) write(p string, b []byte) error {
	isPage := strings.HasSuffix(p, ".html")
	if isPage && len(b) > o.maxPage {
		return fmt.Errorf("site: %s weighs %d bytes, over the %d of a page", p, len(b), o.maxPage)
	}
	full := filepath.Join(o.dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(full, b, 0o644); err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.res.Files++
	o.res.Bytes += int64(len(b))
	if isPage {
		o.res.Pages++
		if n := int64(len(b)); n > o.res.LargestBytes || n == o.res.LargestBytes && p < o.res.Largest {
			o.res.Largest, o.res.LargestBytes = p, n
		}
	}
	return nil
}

// render executes page kind for pg into bytes.
func (b *builder) render(kind string, pg *page) ([]byte, error) {
	t, ok := b.tmpl[kind]
	if !ok {
		return nil, fmt.Errorf("site: no template %s", kind)
	}
	pg.Root = rel(pg.Path, "")
	if pg.Root == "" {
		pg.Root = "./"
	}
	pg.Built = "as of the release of " + b.en.date(b.en.newest())
	var buf bytes.Buffer
	if err := t.Execute(&buf, pg); err != nil {
		return nil, fmt.Errorf("site: %s: %w", pg.Path, err)
	}
	return buf.Bytes(), nil
}

// page renders and writes a page.
func (b *builder) page(kind string, pg *page) error {
	data, err := b.render(kind, pg)
	if err != nil {
		return err
	}
	return b.out.write(pg.Path, data)
}

// writeAssets writes the style sheet and the script.
func (b *builder) writeAssets() error {
	return fs.WalkDir(assetFS, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := assetFS.ReadFile(p)
		if err != nil {
			return err
		}
		return b.out.write(p, data)
	})
}

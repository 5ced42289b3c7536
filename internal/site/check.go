package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// pageLinks is what CheckLinks reads of one page: its anchors and its
// links.
type pageLinks struct {
	ids   map[string]bool
	links []pageLink
}

type pageLink struct {
	attr, value string
}

// linkAttrs are the attributes that name a file of the site: href and
// src, and the script's data-* pointing at the data it reads.
var linkAttrs = map[string]bool{"href": true, "src": true, "data-index": true, "data-releases": true, "data-numbers": true}

// readPage reads a page's ids and links.
func readPage(b []byte) (pageLinks, error) {
	pl := pageLinks{ids: map[string]bool{}}
	z := html.NewTokenizer(bytes.NewReader(b))
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); err != nil && err.Error() != "EOF" {
				return pl, err
			}
			return pl, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			for {
				k, v, more := z.TagAttr()
				key := string(k)
				switch {
				case key == "id":
					pl.ids[string(v)] = true
				case linkAttrs[key]:
					pl.links = append(pl.links, pageLink{attr: key, value: string(v)})
				}
				if !more {
					break
				}
			}
		}
	}
}

// CheckLinks checks every link of the site in dir: each href, src and
// data file a page names leads to a file of the site, and each #fragment
// to an id of the page it names. It returns what is broken (a line
// each, sorted) and how many pages it read. A link out of the site (a
// scheme, or up from its root) is broken too: the site stands alone.
func CheckLinks(dir string) (broken []string, pages int, err error) {
	var paths []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") {
			r, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			paths = append(paths, filepath.ToSlash(r))
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.Sort(paths)
	// First every page's ids, then each page's links against them: the
	// links of every page at once would weigh more than the site's.
	read := func(k int) (pageLinks, error) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(paths[k])))
		if err != nil {
			return pageLinks{}, err
		}
		pl, err := readPage(b)
		if err != nil {
			return pl, fmt.Errorf("%s: %w", paths[k], err)
		}
		return pl, nil
	}
	ids := make([]pageLinks, len(paths))
	err = parallel(0, len(paths), func(k int) error {
		pl, err := read(k)
		ids[k] = pageLinks{ids: pl.ids}
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	byPath := make(map[string]*pageLinks, len(paths))
	for k := range paths {
		byPath[paths[k]] = &ids[k]
	}
	exists := func(p string) bool {
		if _, ok := byPath[p]; ok {
			return true
		}
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p)))
		return err == nil
	}
	found := make([][]string, len(paths))
	err = parallel(0, len(paths), func(k int) error {
		pl, err := read(k)
		for _, l := range pl.links {
			if msg := checkLink(paths[k], l, byPath, exists); msg != "" {
				found[k] = append(found[k], fmt.Sprintf("%s: %s=%q: %s", paths[k], l.attr, l.value, msg))
			}
		}
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	for _, f := range found {
		broken = append(broken, f...)
	}
	return broken, len(paths), nil
}

// checkLink says what is wrong with one link of page p, or "".
func checkLink(p string, l pageLink, byPath map[string]*pageLinks, exists func(string) bool) string {
	v := l.value
	if v == "" {
		return "empty"
	}
	u, err := url.Parse(v)
	if err != nil {
		return err.Error()
	}
	// "//" with no host is a link to another host too, and a browser
	// reads a backslash as a slash.
	if u.Scheme != "" || u.Host != "" || strings.HasPrefix(v, "/") || strings.HasPrefix(u.Path, "/") {
		return "leads out of the site (every link is relative)"
	}
	if strings.ContainsRune(v, '\\') {
		return "holds a backslash, which a browser reads as a slash"
	}
	target := p
	if u.Path != "" {
		target = path.Join(path.Dir(p), u.Path)
		if strings.HasPrefix(target, "../") || target == ".." {
			return "leads above the site's root"
		}
		if strings.HasSuffix(u.Path, "/") {
			if l.attr == "data-numbers" {
				if !exists(target) {
					return "no such folder"
				}
				return ""
			}
			target += "/index.html"
		}
	}
	if !exists(target) {
		return "no such file " + target
	}
	if u.Fragment == "" {
		return ""
	}
	tp, ok := byPath[target]
	if !ok {
		return "" // a fragment of a file that is no page
	}
	if !tp.ids[u.Fragment] {
		return "no id " + u.Fragment + " in " + target
	}
	return ""
}

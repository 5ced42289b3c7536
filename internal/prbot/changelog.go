package prbot

import (
	"fmt"
	"strings"
)

// ChangelogPreamble starts a CHANGELOG.md that does not exist yet.
const ChangelogPreamble = `# Changelog

Every release of github.com/mtgrules/crgen, newest first. The release
workflow (.github/workflows/release.yml) writes each entry when it tags a
version: the rules report of what changed since the version before it,
the same notes as the GitHub release. A minor version adds or deprecates
names; a patch version changes only texts or code; within v1 no constant
ever changes its value and no name is ever removed.
`

// changelogMarker starts the line that opens each entry, naming its
// version and commit: what a rerun finds to write nothing twice.
const changelogMarker = "<!-- crgen:release "

// ChangelogEntry is one release in CHANGELOG.md.
type ChangelogEntry struct {
	Version string // v1.2.0
	SHA     string // the tagged commit
	Date    string // YYYY-MM-DD
	URL     string // the GitHub release; "" for none
	Notes   string // the rules report, Markdown
}

func (e ChangelogEntry) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s %s -->\n", changelogMarker, e.Version, e.SHA)
	if e.URL != "" {
		fmt.Fprintf(&b, "## [%s](%s) — %s\n\n", e.Version, e.URL, e.Date)
	} else {
		fmt.Fprintf(&b, "## %s — %s\n\n", e.Version, e.Date)
	}
	b.WriteString(demoteHeadings(strings.TrimSpace(e.Notes)))
	b.WriteString("\n")
	return b.String()
}

// recorded is an entry's marker as found in a changelog.
type recorded struct {
	version, sha string
	offset       int // of the marker line
}

// changelogEntries reads the markers of doc, in order.
func changelogEntries(doc string) ([]recorded, error) {
	var out []recorded
	offset := 0
	for line := range strings.Lines(doc) {
		if rest, ok := strings.CutPrefix(line, changelogMarker); ok {
			f := strings.Fields(strings.TrimSuffix(strings.TrimSpace(rest), "-->"))
			if len(f) != 2 {
				return nil, fmt.Errorf("CHANGELOG.md: line %q is not %sVERSION SHA -->", strings.TrimSpace(line), changelogMarker)
			}
			if _, err := parseVersion(f[0]); err != nil {
				return nil, fmt.Errorf("CHANGELOG.md: %w", err)
			}
			out = append(out, recorded{version: f[0], sha: f[1], offset: offset})
		}
		offset += len(line)
	}
	return out, nil
}

// AddToChangelog returns doc (a CHANGELOG.md; "" for none yet) with e in
// its place among the entries, newest version first. changed is false
// when doc already records e's version at e's commit. An entry is never
// rewritten: doc recording e's version at another commit is an error.
func AddToChangelog(doc string, e ChangelogEntry) (updated string, changed bool, err error) {
	v, err := parseVersion(e.Version)
	if err != nil {
		return "", false, err
	}
	if doc == "" {
		doc = ChangelogPreamble
	}
	entries, err := changelogEntries(doc)
	if err != nil {
		return "", false, err
	}
	at := -1
	for _, r := range entries {
		if r.version == e.Version {
			if r.sha == e.SHA {
				return doc, false, nil
			}
			return "", false, fmt.Errorf("CHANGELOG.md already has an entry for %s, at commit %.12s, not %.12s: an entry is never rewritten", e.Version, r.sha, e.SHA)
		}
		if rv, _ := parseVersion(r.version); at < 0 && rv.less(v) {
			at = r.offset
		}
	}
	if at < 0 { // older than every entry, or the first
		if !strings.HasSuffix(doc, "\n") {
			doc += "\n"
		}
		return doc + "\n" + e.text(), true, nil
	}
	return doc[:at] + e.text() + "\n" + doc[at:], true, nil
}

// demoteHeadings puts the report's headings one level under the entry's
// own (## → ###), leaving fenced code as it is.
func demoteHeadings(md string) string {
	var b strings.Builder
	fenced := false
	for line := range strings.Lines(md) {
		trimmed := strings.TrimLeft(line, " ")
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "#") {
			b.WriteString("#")
		}
		b.WriteString(line)
	}
	return b.String()
}

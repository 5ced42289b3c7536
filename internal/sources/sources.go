// Package sources reads sources/sources.json: every document the pipeline
// reads, declared as data (id, language, format, live URL, captured copy and
// its sha256), so adding a source is an edit to a JSON file, not to Go code.
package sources

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/mtgrules/crgen/internal/rulepage"
)

// Formats a source can have.
const (
	FormatCRText = "cr-txt" // the official whole-document TXT
	FormatPlain  = "plain"  // a plain-text rule page
	FormatHTML   = "html"   // an HTML rule page, read with Selectors
	// FormatCurated is a hand-curated JSON list of names that no captured
	// source covers (Spanish card types and supertypes); snapshots mark
	// facts from it as curated.
	FormatCurated = "curated"
)

// Manifest is the parsed sources/sources.json.
type Manifest struct {
	Sources []Source `json:"sources"`
	dir     string
}

// Source declares one document.
type Source struct {
	ID     string `json:"id"`
	Lang   string `json:"lang"`
	Format string `json:"format"`
	// URL is where -live fetches the document; for cr-txt with Discover, the
	// page that links to it. Empty when the address was not recorded.
	URL string `json:"url,omitempty"`
	// Discover finds the document's link on the page at URL.
	Discover *Discover `json:"discover,omitempty"`
	// Rule is the rule a rule page covers.
	Rule string `json:"rule,omitempty"`
	// Effective is the CR release the document belongs to, for documents
	// that do not state it themselves.
	Effective string `json:"effective,omitempty"`
	// Selectors for FormatHTML.
	Selectors *rulepage.Selectors `json:"selectors,omitempty"`
	Captured  *Captured           `json:"captured,omitempty"`
	Note      string              `json:"note,omitempty"`
}

// Discover says how to find the document's link on a landing page.
type Discover struct {
	Link   string `json:"link"`   // selector of candidate <a> elements
	Suffix string `json:"suffix"` // the href must end with this (case-insensitive)
}

// Captured is the committed copy of a document, for offline runs.
type Captured struct {
	Path   string `json:"path"` // relative to the sources directory
	SHA256 string `json:"sha256"`
}

var (
	idRE   = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]*$`)
	dateRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	ruleRE = regexp.MustCompile(`^\d{3}\.\d+$`)
)

// Load reads and validates dir/sources.json.
func Load(dir string) (*Manifest, error) {
	path := filepath.Join(dir, "sources.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	m := &Manifest{dir: dir}
	if err := dec.Decode(m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

func (m *Manifest) validate() error {
	if len(m.Sources) == 0 {
		return fmt.Errorf("no sources declared")
	}
	seen := map[string]bool{}
	for i, s := range m.Sources {
		where := fmt.Sprintf("source %d (%q)", i+1, s.ID)
		switch {
		case !idRE.MatchString(s.ID):
			return fmt.Errorf("%s: id must be lower-case letters, digits, dots and dashes", where)
		case seen[s.ID]:
			return fmt.Errorf("%s: duplicate id", where)
		case s.Lang != "en" && s.Lang != "es":
			return fmt.Errorf("%s: lang %q is not en or es", where, s.Lang)
		case !slices.Contains([]string{FormatCRText, FormatPlain, FormatHTML, FormatCurated}, s.Format):
			return fmt.Errorf("%s: unknown format %q", where, s.Format)
		case s.Effective != "" && !dateRE.MatchString(s.Effective):
			return fmt.Errorf("%s: effective %q is not YYYY-MM-DD", where, s.Effective)
		case s.Format == FormatCurated && (s.Captured == nil || s.Effective == "" || s.URL != ""):
			return fmt.Errorf("%s: a curated source is a captured file with an effective date and no url", where)
		case s.Format != FormatCRText && s.Format != FormatCurated && !ruleRE.MatchString(s.Rule):
			return fmt.Errorf("%s: a rule page must declare its rule (e.g. \"205.3\")", where)
		case s.Format == FormatHTML && s.Selectors == nil:
			return fmt.Errorf("%s: an html source must declare selectors", where)
		case s.Format != FormatCRText && s.Effective == "" && (s.Selectors == nil || s.Selectors.Effective == ""):
			return fmt.Errorf("%s: a rule page must declare its effective date or an effective selector", where)
		case s.URL == "" && s.Captured == nil:
			return fmt.Errorf("%s: neither a url nor a captured copy", where)
		case s.Discover != nil && (s.Discover.Link == "" || s.Discover.Suffix == ""):
			return fmt.Errorf("%s: discover needs link and suffix", where)
		case s.Captured != nil && (s.Captured.Path == "" || len(s.Captured.SHA256) != 64):
			return fmt.Errorf("%s: captured needs a path and a sha256", where)
		}
		seen[s.ID] = true
	}
	return nil
}

// Dir is the directory the manifest was read from.
func (m *Manifest) Dir() string { return m.dir }

// ReadCaptured returns the captured copy of s, verified against its sha256.
func (m *Manifest) ReadCaptured(s *Source) ([]byte, error) {
	if s.Captured == nil {
		return nil, fmt.Errorf("source %s has no captured copy", s.ID)
	}
	path := filepath.Join(m.dir, s.Captured.Path)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", s.ID, err)
	}
	if got := SHA256(data); got != s.Captured.SHA256 {
		return nil, fmt.Errorf("source %s: captured copy %s has sha256 %s, sources.json expects %s", s.ID, path, got, s.Captured.SHA256)
	}
	return data, nil
}

// SHA256 is the hex sha256 of data.
func SHA256(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Marshal returns the manifest as indented JSON, for -live updating the
// sha256 of refreshed captured copies.
func (m *Manifest) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

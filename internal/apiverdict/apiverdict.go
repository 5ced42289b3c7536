// Package apiverdict is the verdict on the Go API of generated/ across a
// change, as apidiff (golang.org/x/exp/apidiff) gives it: what was added,
// deprecated, changed compatibly, and what breaks users. It is data: the
// check (internal/apicheck) writes it, the reports (internal/diff) render
// it, and neither needs the other.
package apiverdict

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Verdict is the API change between two trees of generated/.
type Verdict struct {
	// Added are the constants new in the new tree, package-qualified
	// ("subtype.CreatureAxolotl"); Deprecated those marked Deprecated
	// there that were not in the old one.
	Added      []string `json:"added"`
	Deprecated []string `json:"deprecated"`
	// Compatible are apidiff's other compatible changes; Incompatible its
	// incompatible ones, one message each ("subtype.ArtifactBook: value
	// changed from 21 to 22").
	Compatible   []string `json:"compatible"`
	Incompatible []string `json:"incompatible"`
	// Error says why no verdict could be reached (the new tree does not
	// build); the other fields are then empty.
	Error string `json:"error,omitempty"`
}

// OK reports whether the change keeps every program that uses the old API
// working: a verdict was reached and it lists no incompatible change.
func (v *Verdict) OK() bool { return v.Error == "" && len(v.Incompatible) == 0 }

// Summary is the verdict in one line: "compatible: 3 constants added
// (CreatureAxolotl, CreatureQuokka, CreatureZyzzyva), 1 deprecated
// (CreatureSpike)", "no change", or "incompatible: 2 changes".
func (v *Verdict) Summary() string {
	switch {
	case v.Error != "":
		return "not checked: " + v.Error
	case len(v.Incompatible) > 0:
		return fmt.Sprintf("incompatible: %d %s", len(v.Incompatible), plural(len(v.Incompatible), "change", "changes"))
	case len(v.Added)+len(v.Deprecated)+len(v.Compatible) == 0:
		return "no change"
	}
	var parts []string
	if n := len(v.Added); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s added (%s)", n, plural(n, "constant", "constants"), names(v.Added)))
	}
	if n := len(v.Deprecated); n > 0 {
		parts = append(parts, fmt.Sprintf("%d deprecated (%s)", n, names(v.Deprecated)))
	}
	if n := len(v.Compatible); n > 0 {
		parts = append(parts, fmt.Sprintf("%d other compatible %s", n, plural(n, "change", "changes")))
	}
	return "compatible: " + strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// names lists up to five names without their package, then "…".
func names(qualified []string) string {
	var out []string
	for i, q := range qualified {
		if i == 5 {
			out = append(out, "…")
			break
		}
		_, n, ok := strings.Cut(q, ".")
		if !ok {
			n = q
		}
		out = append(out, n)
	}
	return strings.Join(out, ", ")
}

// Write stores the verdict as JSON at path.
func (v *Verdict) Write(path string) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// Read loads a verdict written by Write.
func Read(path string) (*Verdict, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v Verdict
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s is not an API verdict (gen api -json writes one): %w", path, err)
	}
	return &v, nil
}

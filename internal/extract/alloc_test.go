package extract

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/sources"
)

// What extraction allocates grows with what it finds, not with the
// document: every release, 2,000 rules or 3,000, costs the file, one
// decoded copy when it is not UTF-8, and at most about one small
// allocation per thing found (a name, a rule the parse keeps, a token's
// face, a keyword's form). An
// extraction that allocated per rule of the document (3,000 of them)
// would cost several per thing found in 2026.
func TestExtractionAllocations(t *testing.T) {
	dir := corpus.Dir(t, "cr-en")
	var least, most float64
	for i, r := range corpus.Releases(t) {
		path := filepath.Join(dir, "en-"+strings.ReplaceAll(r.Date, "-", "")+".txt")
		var f *Facts
		kept := 0
		n := testing.AllocsPerRun(2, func() {
			data, err := sources.ReadFile(path, 0)
			if err != nil {
				t.Fatal(err)
			}
			d, err := crtext.ParseRelease(data, Needed)
			if err != nil {
				t.Fatal(err)
			}
			if f, err = Extract(English, d.Rules, d.Effective); err != nil {
				t.Fatal(err)
			}
			kept = len(d.Rules)
		})
		found := kept
		for _, names := range f.Lists {
			found += len(names)
		}
		for _, names := range f.Subtypes {
			found += len(names)
		}
		for _, tk := range f.Tokens {
			found += len(tk.Faces)
		}
		for _, forms := range f.Forms {
			found += len(forms)
		}
		for _, forms := range f.ActionForms {
			found += len(forms)
		}
		for _, ds := range f.Designations {
			found += len(ds)
		}
		for _, ts := range f.Through {
			found += len(ts)
		}
		per := n / float64(found)
		if i == 0 || per < least {
			least = per
		}
		most = max(most, per)
		if per > 1 {
			t.Errorf("%s: %v allocations for %d things found: extraction allocates with the document", r.Date, n, found)
		}
	}
	t.Logf("allocations per thing found: %.2f to %.2f", least, most)
}

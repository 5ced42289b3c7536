package scrape

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/rulepage"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// fuzzFormats are the formats a captured document is read in.
var fuzzFormats = []string{sources.FormatPlain, sources.FormatHTML, sources.FormatCRText, sources.FormatCurated}

// A captured page (or a fetched one, with -live) is whatever its site
// served: Read refuses it or extracts a snapshot that writes in canonical
// form and, when valid (scrape writes no other), reads back from it to
// the same facts. kind picks the language (bit 0) and the format. The
// seed of a whole release is testdata/fuzz/FuzzRead/release_2009_07_11_cut:
// the release of 2009-07-11 cut to the rules facts come from and the
// first rules of the keyword sections.
func FuzzRead(f *testing.F) {
	dir := filepath.Join(corpus.Frozen(f), "sources")
	for _, c := range []struct {
		kind uint8
		path string
	}{
		{0, filepath.Join(dir, "captured", "rule-205.3-en.txt")}, {1, filepath.Join(dir, "captured", "rule-205.3-es.txt")},
		{1, filepath.Join(dir, "captured", "rule-107.4-es.txt")}, {7, filepath.Join(dir, "curated", "es-types.json")},
		{2, filepath.Join("..", "rulepage", "testdata", "rule-205.3-en.html")},
	} {
		b, err := os.ReadFile(c.path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(c.kind, b)
	}
	f.Add(uint8(7), []byte(`{"card_types": [{"en": "artifact", "es": "*/\n"}], "supertypes": [{"en": "", "es": "a", "forms": ["\u0000"]}]}`))
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		src := sources.Source{ID: "fuzz", Lang: snapshot.Languages[kind&1], Format: fuzzFormats[int(kind>>1)%len(fuzzFormats)], Effective: "2026-09-25"}
		switch src.Format {
		case sources.FormatPlain:
			if p, err := rulepage.ParsePlain(data); err == nil {
				src.Rule = p.Rule
			}
		case sources.FormatHTML:
			src.Rule = "205.3"
			src.Selectors = &rulepage.Selectors{Rule: "section.rule", Number: ".num", Text: ".txt", Effective: ".effective"}
		case sources.FormatCRText:
			src.Effective = ""
		}
		s, _, err := Read(Document{Source: src, URL: "captured:fuzz", Data: data})
		if err != nil {
			return
		}
		out, err := snapshot.Marshal(s)
		if err != nil {
			t.Fatalf("a snapshot read does not write: %v", err)
		}
		if s.Validate() != nil {
			return // scrape refuses to write it (Plan.add)
		}
		back, err := snapshot.Unmarshal(out)
		if err != nil {
			t.Fatalf("a valid snapshot written does not read back: %v\n%s", err, out)
		}
		if !snapshot.SameFacts(s, back) {
			t.Errorf("written and read back, the snapshot says something else:\n%s", out)
		}
	})
}

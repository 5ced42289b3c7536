package rulebook

import (
	"testing"
	"testing/fstest"
)

// A book's files, whatever they hold, are read or refused, never
// misread: what reads writes back to files that read the same.
func FuzzLoadFS(f *testing.F) {
	releases := `{"lang": "en", "releases": [{"date": "2009-07-11", "source": "txt", "rules": 1, "examples": 0, "glossary": 0}, {"date": "2010-02-01", "source": "pages", "holds": ["100.1"], "rules": 1, "examples": 0, "glossary": 0, "moves": [{"from": "100.1", "to": "100.2"}]}]}`
	f.Add(releases, `{"section": "100", "rules": [{"number": "100.1", "versions": [{"since": "2009-07-11", "text": "A"}, {"since": "2010-02-01", "gone": true}]}]}`)
	f.Add(releases, `{"section": "100", "rules": [{"number": "100.1", "versions": [{"since": "2010-02-01", "text": "A"}, {"since": "2009-07-11", "text": "B"}]}]}`)
	f.Add(releases, `{"section": "100", "rules": [{"number": "100.1", "versions": []}]}`)
	f.Fuzz(func(t *testing.T, rel, section string) {
		b, err := LoadFS(fstest.MapFS{"releases.json": {Data: []byte(rel)}, "100.json": {Data: []byte(section)}}, "en")
		if err != nil {
			return
		}
		files, err := b.Files()
		if err != nil {
			t.Fatalf("a book read does not write: %v", err)
		}
		fsys := fstest.MapFS{}
		for name, data := range files {
			fsys[name] = &fstest.MapFile{Data: data}
		}
		again, err := LoadFS(fsys, "en")
		if err != nil {
			t.Fatalf("a book written does not read back: %v", err)
		}
		if err := again.Unchanged(b); err != nil {
			t.Fatalf("read back otherwise: %v", err)
		}
		for _, r := range b.Releases {
			for _, h := range b.Rules {
				b.Rule(h.Number, r.Date)
			}
		}
	})
}

package site

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/ruletext"
	"github.com/mtgrules/crgen/internal/schematest"
)

// schemaOf names the schema of a data file of the site, by its path.
func schemaOf(p string) string {
	parts := strings.Split(p, "/")
	base := parts[len(parts)-1]
	switch {
	case p == marker:
		return "site.schema.json"
	case parts[0] == "search" && base == "index.json":
		return "site-search.schema.json"
	case parts[0] == "search" && strings.HasPrefix(base, "s"):
		return "site-search-shard.schema.json"
	case parts[0] == "search":
		return "site-search-chunk.schema.json"
	case len(parts) == 3 && base == "releases.json":
		return "site-releases.schema.json"
	case parts[2] == "numbers":
		return "site-numbers.schema.json"
	case parts[2] == "texts":
		return "site-texts.schema.json"
	case base == "index.json":
		return "site-index.schema.json"
	case base == "glossary.json":
		return "site-glossary.schema.json"
	case base == "changes.json":
		return "doc-diff.schema.json"
	case strings.HasPrefix(base, "rules-"):
		return "site-rules.schema.json"
	case strings.HasPrefix(base, "text-"):
		return "site-text.schema.json"
	}
	return ""
}

// Every data file of the site matches its schema, and each schema
// refuses a field it does not name.
func TestDataMatchesItsSchemas(t *testing.T) {
	s := siteOf(t)
	sch := schematest.Compile(t)
	seen := map[string]int{}
	for _, top := range []string{"data", "search"} {
		err := filepath.WalkDir(filepath.Join(s.dir, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			r, _ := filepath.Rel(s.dir, p)
			r = filepath.ToSlash(r)
			n := schemaOf(r)
			if n == "" || sch[n] == nil {
				t.Errorf("%s: no schema (%q)", r, n)
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if seen[n]++; seen[n] == 1 && !schematest.Refused(t, sch[n], b) {
				t.Errorf("%s accepts %s with a field it does not name", n, r)
			}
			schematest.Check(t, sch[n], r, b)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"site.schema.json", "site-releases.schema.json", "site-index.schema.json", "site-rules.schema.json", "site-text.schema.json", "site-texts.schema.json", "site-glossary.schema.json", "site-numbers.schema.json", "site-search.schema.json", "site-search-shard.schema.json", "site-search-chunk.schema.json", "doc-diff.schema.json"} {
		if seen[n] == 0 {
			t.Errorf("no file of the site is checked against %s", n)
		}
	}
}

// The data reads back every release written as the rule book holds it:
// each rule's text from the texts of the release that first printed
// it, and the newest rules with their text at the stable paths.
func TestDataReadsBackTheRules(t *testing.T) {
	s := siteOf(t)
	readJSON := func(p string, v any) {
		t.Helper()
		if err := json.Unmarshal(s.read(t, p), v); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	texts := map[string]map[string][]string{}
	textOf := func(dir, since, n string) []string {
		if texts[since] == nil {
			var td textsData
			readJSON(path.Join(dir, since+".json"), &td)
			texts[since] = td.Texts
		}
		return texts[since][n]
	}
	for _, date := range append(slices.Clone(s.res.Releases), Current) {
		var idx indexData
		readJSON(DataPath(ruletext.English, date, "index.json"), &idx)
		e, err := ruletext.English.AsOf(idx.Release.Date)
		if err != nil {
			t.Fatal(err)
		}
		textsDir := path.Join(path.Dir(DataPath(ruletext.English, date, "index.json")), idx.Texts)
		var numbers []string
		for _, ch := range idx.Chapters {
			var rd rulesData
			readJSON(DataPath(ruletext.English, date, ch.File), &rd)
			var full textData
			if date == Current {
				readJSON(DataPath(ruletext.English, date, ch.Text), &full)
			}
			for k, r := range rd.Rules {
				numbers = append(numbers, r.Number)
				want, _ := e.Lookup(r.Number)
				paras := append([]string{want.Text}, want.More()...)
				if got := textOf(textsDir, r.Since, r.Number); !slices.Equal(got, paras) {
					t.Errorf("%s of %s reads back %q, the book has %q", r.Number, date, got, paras)
				}
				if date == Current && (full.Rules[k].Text != want.Text || !slices.Equal(full.Rules[k].More, want.More()) || full.Rules[k].ID != r.ID) {
					t.Errorf("%s: the text at the stable path is not the rule's", r.Number)
				}
			}
		}
		if fmt.Sprint(numbers) != fmt.Sprint(e.Numbers()) {
			t.Errorf("the data of %s holds %d rules, the release %d", date, len(numbers), len(e.Numbers()))
		}
	}
}

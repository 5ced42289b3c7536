package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
)

// Every output docs/formats.md shows is what the files give: each
// example's line, found in the page, with the output its comment shows,
// computed here from the files of every release of the frozen tree (past
// facts: the releases the examples name are recorded once), as the
// example computes it in Python or jq.
func TestFormatsExamples(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(corpus.Root(t), "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := All(corpus.FrozenStore(t))
	if err != nil {
		t.Fatal(err)
	}
	var hist struct {
		Meta struct {
			Releases map[string][]string
			InForce  map[string][]ReleaseSpan `json:"in_force"`
		}
		Lists map[string]map[string][]Life
	}
	if err := json.Unmarshal(files[HistoryFile], &hist); err != nil {
		t.Fatal(err)
	}
	names := func(keep func(Life) bool) string {
		var out []string
		for _, l := range hist.Lists["en"]["creature"] {
			if keep(l) {
				out = append(out, l.Name)
			}
		}
		return strings.Join(out, ", ")
	}
	for _, ex := range []struct {
		line string // the example's line in the page, its output in a comment after it
		got  func() string
	}{
		{`print(len(ct["data"]["creature"]["subTypes"]))`, func() string {
			var ct CardTypes
			must(t, json.Unmarshal(files["en/2019-10-04/CardTypes.json"], &ct))
			return fmt.Sprint(len(ct.Data["creature"].SubTypes))
		}},
		{`day = dates[bisect.bisect_right(dates, "2024-06-01") - 1]`, func() string {
			dates := hist.Meta.Releases["en"]
			i, _ := slices.BinarySearch(dates, "2024-06-01")
			return dates[i-1]
		}},
		{`print(span)`, func() string {
			for _, s := range hist.Meta.InForce["en"] {
				if s.Release <= "2024-06-01" && (s.Until == "" || "2024-06-01" < s.Until) {
					return fmt.Sprintf("{'release': '%s', 'until': '%s'}", s.Release, s.Until)
				}
			}
			return ""
		}},
		{`select(.first > "2024-04-12" and .first <= "2024-07-30")`, func() string {
			return names(func(l Life) bool { return l.First > "2024-04-12" && l.First <= "2024-07-30" })
		}},
		{`select(.removed > "2024-04-12" and .removed <= "2024-07-30")`, func() string {
			return names(func(l Life) bool { return l.Removed > "2024-04-12" && l.Removed <= "2024-07-30" })
		}},
		{`jq -r '.data.creature[] | "\(.en)\t\(.es)"' Pairs.es.json`, func() string {
			p, err := ReadPairs(files["es/"+corpus.FrozenRelease+"/"+PairsFile])
			must(t, err)
			return p.Data["creature"][0].EN + "\t" + p.Data["creature"][0].ES + " …"
		}},
		{`# {"symbol":"{G/U/P}"`, func() string {
			var s Symbols
			must(t, json.Unmarshal(files["en/"+corpus.FrozenRelease+"/"+SymbolsFile], &s))
			for _, sym := range s.Data {
				if sym.Symbol == "{G/U/P}" {
					b, err := json.Marshal(struct {
						Symbol    string    `json:"symbol"`
						ManaValue int       `json:"mana_value"`
						Colors    any       `json:"colors"`
						Pay       []Payment `json:"pay"`
					}{sym.Symbol, sym.ManaValue, sym.Colors, sym.Pay})
					must(t, err)
					return string(b)
				}
			}
			return ""
		}},
	} {
		want, ok := shown(page, ex.line)
		if !ok {
			t.Errorf("docs/formats.md has no example %q with its output", ex.line)
			continue
		}
		if got := ex.got(); got != want {
			t.Errorf("docs/formats.md: %s\nshows %q, the files give %q", ex.line, want, got)
		}
	}
	p, err := ReadPairs(files["es/"+corpus.FrozenRelease+"/"+PairsFile])
	must(t, err)
	for _, pair := range p.Data["creature"] {
		if pair.EN == "Time Lord" && !bytes.Contains(page, []byte(fmt.Sprintf(`{"en": "Time Lord", "es": %q, "forms": [], "rank": %d}`, pair.ES, pair.Rank))) {
			t.Errorf("docs/formats.md shows Time Lord's pair otherwise than Pairs.json: %+v", pair)
		}
	}
}

// shown is the output the page shows for the example whose line holds
// line: the comment ending that line ("# 247"), or, for a line that is
// the comment itself, the comment.
func shown(page []byte, line string) (string, bool) {
	sc := bufio.NewScanner(bytes.NewReader(page))
	for sc.Scan() {
		l := sc.Text()
		i := strings.Index(l, line)
		if i < 0 {
			continue
		}
		if strings.HasPrefix(line, "# ") {
			return strings.TrimPrefix(strings.TrimSpace(l), "# "), true
		}
		if j := strings.LastIndex(l, "   # "); j > i {
			return strings.TrimSpace(l[j+len("   # "):]), true
		}
		if j := strings.LastIndex(l, "  # "); j > i {
			return strings.TrimSpace(l[j+len("  # "):]), true
		}
	}
	return "", false
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

package future

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/rulebook"
	"github.com/mtgrules/crgen/internal/scrape"
	"github.com/mtgrules/crgen/internal/scrapecmd"
)

// WholeShown checks what a pull request shows of the rule books against
// scrape diff -whole, run on its own: report is scrape report -format
// json of the snapshots in before and after, whose whole_rules must show
// each release of want (by language: the releases the update made,
// completed or amended) and no other, every change of the rules once.
//
//   - A release's diff is diff -whole of its two releases in after.
//   - A completion's or an amendment's, put together with diff -whole of
//     the release and the one before it in before (what the pull request
//     that recorded it showed), is diff -whole of them in after. (An
//     amendment of a rule the release itself changed would show it as
//     changed twice; the futures amend a rule it left as it was.)
//   - A past release recorded is diff -whole of it and the one before it.
//
// It returns what it counted, a line a diff, for the test's log.
func WholeShown(report []byte, before, after string, want map[string][]string) (string, error) {
	var rep struct {
		Whole []*rulebook.Change `json:"whole_rules"`
	}
	if err := json.Unmarshal(report, &rep); err != nil {
		return "", fmt.Errorf("the report: %w", err)
	}
	var log strings.Builder
	covered := map[string]bool{}
	for _, c := range rep.Whole {
		book, err := rulebook.Load(scrape.BookDir(after, c.Lang), c.Lang)
		if err != nil {
			return "", err
		}
		name := fmt.Sprintf("%s %s@%s", c.Kind, c.Lang, c.To)
		var expect, earlier *rulebook.DocDiff
		switch c.Kind {
		case rulebook.KindRelease:
			name = fmt.Sprintf("%s %s@%s → %s@%s", c.Kind, c.Lang, c.From, c.Lang, c.To)
			if expect, err = diffWhole(after, c.Lang, c.From, c.To); err != nil {
				return "", err
			}
			for _, r := range book.Releases {
				if r.Date > c.From && r.Date <= c.To {
					covered[c.Lang+"@"+r.Date] = true
				}
			}
		case rulebook.KindCompletion, rulebook.KindAmendment, rulebook.KindRecorded:
			prev := ""
			for _, r := range book.Releases {
				if r.Date < c.To {
					prev = r.Date
				}
			}
			if prev == "" {
				return "", fmt.Errorf("%s: no release before it in %s to compare with", name, after)
			}
			if expect, err = diffWhole(after, c.Lang, prev, c.To); err != nil {
				return "", err
			}
			if c.Kind != rulebook.KindRecorded {
				if earlier, err = diffWhole(before, c.Lang, prev, c.To); err != nil {
					return "", err
				}
			}
			covered[c.Lang+"@"+c.To] = true
		default:
			return "", fmt.Errorf("%s: a whole diff of no kind the report defines", name)
		}
		shown, wanted := changesOf(&c.DocDiff), changesOf(expect)
		if earlier != nil {
			for k, n := range changesOf(earlier) {
				shown[k] += n
			}
		}
		if !maps.Equal(shown, wanted) {
			var diffs []string
			for _, k := range slices.Sorted(maps.Keys(wanted)) {
				if shown[k] != wanted[k] {
					diffs = append(diffs, fmt.Sprintf("shown %d times, diff -whole has it %d: %s", shown[k], wanted[k], k))
				}
			}
			for _, k := range slices.Sorted(maps.Keys(shown)) {
				if wanted[k] == 0 {
					diffs = append(diffs, fmt.Sprintf("shown %d times, not in diff -whole: %s", shown[k], k))
				}
			}
			return "", fmt.Errorf("%s: the pull request does not show the changes of scrape diff -whole %s@%s %s@%s once each:\n  %s", name, expect.Lang, expect.From, expect.Lang, expect.To, strings.Join(diffs, "\n  "))
		}
		fmt.Fprintf(&log, "%s: %d changes shown", name, count(changesOf(&c.DocDiff)))
		if earlier != nil {
			fmt.Fprintf(&log, ", and %d when it was recorded", count(changesOf(earlier)))
		}
		fmt.Fprintf(&log, ": the %d of scrape diff -whole %s@%s %s@%s\n", count(wanted), expect.Lang, expect.From, expect.Lang, expect.To)
	}
	for lang, dates := range want {
		for _, d := range dates {
			if !covered[lang+"@"+d] {
				return "", fmt.Errorf("%s@%s: changed by the update, in no whole diff of its pull request", lang, d)
			}
		}
	}
	for k := range covered {
		lang, d, _ := strings.Cut(k, "@")
		if !slices.Contains(want[lang], d) {
			return "", fmt.Errorf("%s: in a whole diff of the pull request, not changed by the update", k)
		}
	}
	return log.String(), nil
}

// diffWhole is scrape diff -whole -format json lang@from lang@to of the
// snapshots in dir.
func diffWhole(dir, lang, from, to string) (*rulebook.DocDiff, error) {
	var out, errs bytes.Buffer
	args := []string{"diff", "-whole", "-format", "json", "-snapshots", dir, lang + "@" + from, lang + "@" + to}
	if code := scrapecmd.Command.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errs}); code != 0 {
		return nil, fmt.Errorf("scrape %s: exit %d: %s", strings.Join(args, " "), code, errs.String())
	}
	var d rulebook.DocDiff
	if err := json.Unmarshal(out.Bytes(), &d); err != nil {
		return nil, fmt.Errorf("scrape %s: %w", strings.Join(args, " "), err)
	}
	return &d, nil
}

// changesOf are a whole diff's changes, each as its part and its JSON,
// counted.
func changesOf(d *rulebook.DocDiff) map[string]int {
	out := map[string]int{}
	for part, cs := range map[string][]diff.RuleChange{"rule": d.Rules, "glossary term": d.Glossary, "heading": d.Contents} {
		for _, c := range cs {
			b, _ := json.Marshal(c)
			out[part+" "+string(b)]++
		}
	}
	return out
}

func count(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

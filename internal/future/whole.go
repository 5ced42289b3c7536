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
		x, err := expectation(c, before, after)
		if err != nil {
			return "", err
		}
		for _, d := range x.covers {
			covered[c.Lang+"@"+d] = true
		}
		shown, wanted := changesOf(&c.DocDiff), changesOf(x.expect)
		if x.earlier != nil {
			for k, n := range changesOf(x.earlier) {
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
			return "", fmt.Errorf("%s: the pull request does not show the changes of scrape diff -whole %s once each:\n  %s", x.name, x.command, strings.Join(diffs, "\n  "))
		}
		fmt.Fprintf(&log, "%s: %s shown", x.name, changes(count(changesOf(&c.DocDiff))))
		if x.earlier != nil {
			fmt.Fprintf(&log, ", and %d when it was recorded", count(changesOf(x.earlier)))
		}
		fmt.Fprintf(&log, ": the %s of scrape diff -whole %s\n", changes(count(wanted)), x.command)
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

// shownAs is what a whole diff of a report must add up to: expect,
// scrape diff -whole of after (command: its releases), with earlier, the
// same of before, what the pull request that recorded the release
// showed; covers are the releases it shows.
type shownAs struct {
	name, command   string
	expect, earlier *rulebook.DocDiff
	covers          []string
}

func expectation(c *rulebook.Change, before, after string) (*shownAs, error) {
	book, err := rulebook.Load(scrape.BookDir(after, c.Lang), c.Lang)
	if err != nil {
		return nil, err
	}
	x := &shownAs{name: fmt.Sprintf("%s %s@%s", c.Kind, c.Lang, c.To)}
	from := c.From
	switch c.Kind {
	case rulebook.KindRelease:
		x.name = fmt.Sprintf("%s %s@%s → %s@%s", c.Kind, c.Lang, c.From, c.Lang, c.To)
		for _, r := range book.Releases {
			if r.Date > c.From && r.Date <= c.To {
				x.covers = append(x.covers, r.Date)
			}
		}
	case rulebook.KindCompletion, rulebook.KindAmendment, rulebook.KindRecorded:
		from = ""
		for _, r := range book.Releases {
			if r.Date < c.To {
				from = r.Date
			}
		}
		if from == "" {
			return nil, fmt.Errorf("%s: no release before it in %s to compare with", x.name, after)
		}
		if c.Kind != rulebook.KindRecorded {
			if x.earlier, err = diffWhole(before, c.Lang, from, c.To); err != nil {
				return nil, err
			}
		}
		x.covers = []string{c.To}
	default:
		return nil, fmt.Errorf("%s: a whole diff of no kind the report defines", x.name)
	}
	x.command = fmt.Sprintf("%s@%s %s@%s", c.Lang, from, c.Lang, c.To)
	x.expect, err = diffWhole(after, c.Lang, from, c.To)
	return x, err
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

func changes(n int) string {
	if n == 1 {
		return "1 change"
	}
	return fmt.Sprintf("%d changes", n)
}

func count(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

// Changed is what the official TXT of s prints otherwise than the tree's
// snapshots quoted it, outside the rules the record of its release held
// in the rule book of the snapshots in dir (the rules of its pages, for
// a completion): each rule "changed" where that record holds it, "added"
// where it does not. It is what the future wrote, not what a diff found.
func (s *Step) Changed(dir string) (map[string]string, error) {
	book, err := rulebook.Load(scrape.BookDir(dir, "en"), "en")
	if err != nil {
		return nil, err
	}
	var holds []string
	if rel, ok := book.ReleaseAsOf(s.W.Date); ok && rel.Date == s.W.Date {
		holds = rel.Holds
	}
	out := map[string]string{}
	for n, text := range s.W.EN {
		if q, ok := s.W.quoted[n]; ok && q == text || slices.ContainsFunc(holds, func(h string) bool { return n == h || IsSubrule(n, h) }) {
			continue
		}
		out[n] = "added"
		if _, ok := book.Rule(n, s.W.Date); ok {
			out[n] = "changed"
		}
	}
	return out, nil
}

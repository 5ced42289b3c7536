// Package benchratio reads the output of go test -bench and prints each
// result of the project beside its baselines, as ratios of medians.
//
// Benchmarks name what they measure in their sub-benchmark path: the
// implementation as impl=project or impl=baseline=NAME, the input as any
// other KEY=VALUE element (mix=printed, release=utf16-largest). Results
// that differ only in their impl= element are compared.
package benchratio

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Result is one benchmark's runs: its time per operation and its
// allocations, one value per run.
type Result struct {
	Group  string // the name without its impl= element and GOMAXPROCS suffix
	Impl   string // "project", "baseline=switch"
	NsOp   []float64
	Allocs []float64
}

// Parse reads go test -bench output; lines that are not results are
// skipped.
func Parse(r io.Reader) ([]*Result, error) {
	var out []*Result
	by := map[string]*Result{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the GOMAXPROCS suffix
			}
		}
		var group []string
		impl := ""
		for _, el := range strings.Split(name, "/") {
			if v, ok := strings.CutPrefix(el, "impl="); ok {
				impl = v
				continue
			}
			group = append(group, el)
		}
		if impl == "" {
			continue // not a comparison
		}
		key := strings.Join(group, "/") + "\x00" + impl
		res := by[key]
		if res == nil {
			res = &Result{Group: strings.Join(group, "/"), Impl: impl}
			by[key] = res
			out = append(out, res)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("benchmark %s: value %q: %w", f[0], f[i], err)
			}
			switch f[i+1] {
			case "ns/op":
				res.NsOp = append(res.NsOp, v)
			case "allocs/op":
				res.Allocs = append(res.Allocs, v)
			}
		}
	}
	return out, sc.Err()
}

// Median of xs (0 for none).
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Comparison is the project beside one baseline on one input.
type Comparison struct {
	Group              string
	Baseline           string
	Project, Base      float64 // median ns/op
	ProjAllocs, BAlloc float64 // median allocs/op
}

// Speedup is how many times faster the project is (below 1: slower).
func (c Comparison) Speedup() float64 { return c.Base / c.Project }

// Compare pairs every project result with the baselines of its group.
func Compare(results []*Result) []Comparison {
	project := map[string]*Result{}
	for _, r := range results {
		if r.Impl == "project" {
			project[r.Group] = r
		}
	}
	var out []Comparison
	for _, r := range results {
		p := project[r.Group]
		base, ok := strings.CutPrefix(r.Impl, "baseline=")
		if !ok || p == nil || len(p.NsOp) == 0 || len(r.NsOp) == 0 {
			continue
		}
		out = append(out, Comparison{Group: r.Group, Baseline: base, Project: Median(p.NsOp), Base: Median(r.NsOp),
			ProjAllocs: Median(p.Allocs), BAlloc: Median(r.Allocs)})
	}
	return out
}

// FloorLimit is how many times a floor (a baseline that does only the
// unavoidable part of the work, named "floor") the project may take.
const FloorLimit = 2.0

// Write prints the comparisons, one line each, and a last line counting
// those where the project is ahead: faster than a baseline, or within
// FloorLimit of a floor.
func Write(w io.Writer, cs []Comparison) {
	ahead := 0
	width := 0
	for _, c := range cs {
		width = max(width, len(c.Group)+len(c.Baseline)+4)
	}
	for _, c := range cs {
		ratio, verdict := c.Speedup(), "faster"
		if c.Baseline == "floor" {
			ratio = c.Project / c.Base
			verdict = fmt.Sprintf("the floor's time (limit %gx)", FloorLimit)
			if ratio <= FloorLimit {
				ahead++
			} else {
				verdict += " OVER"
			}
		} else if ratio < 1 {
			verdict = "SLOWER"
		} else {
			ahead++
		}
		fmt.Fprintf(w, "%-*s %8.3gx %s  (project %s, baseline %s; allocs %g vs %g)\n", width, c.Group+" vs "+c.Baseline,
			ratio, verdict, duration(c.Project), duration(c.Base), c.ProjAllocs, c.BAlloc)
	}
	fmt.Fprintf(w, "project ahead in %d of %d comparisons (medians of ns/op)\n", ahead, len(cs))
}

func duration(ns float64) string {
	switch {
	case ns >= 1e6:
		return strconv.FormatFloat(ns/1e6, 'f', 3, 64) + " ms"
	case ns >= 1e3:
		return strconv.FormatFloat(ns/1e3, 'f', 2, 64) + " µs"
	}
	return strconv.FormatFloat(ns, 'f', 1, 64) + " ns"
}

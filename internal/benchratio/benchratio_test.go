package benchratio

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/cli"
)

const sample = `goos: linux
pkg: github.com/mtgrules/crgen/generated/subtype
BenchmarkLookup/mix=printed/impl=project-2         	  100	  7.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkLookup/mix=printed/impl=project-2         	  100	  9.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkLookup/mix=printed/impl=project-2         	  100	  8.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkLookup/mix=printed/impl=baseline=switch-2 	  100	  4.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkLookup/mix=printed/impl=baseline=map-2    	  100	 16.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkLookup/mix=misses/impl=baseline=map-2     	  100	 16.0 ns/op	 0 B/op	 0 allocs/op
BenchmarkX/release=a/impl=project-2                	  100	 30.0 ns/op
BenchmarkX/release=a/impl=baseline=floor-2         	  100	 20.0 ns/op
BenchmarkX/release=b/impl=project-2                	  100	 50.0 ns/op
BenchmarkX/release=b/impl=baseline=floor-2         	  100	 20.0 ns/op
BenchmarkOther-2                                   	  100	 16.0 ns/op
PASS
`

func TestParseAndCompare(t *testing.T) {
	t.Parallel()
	rs, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 8 || rs[0].Group != "BenchmarkLookup/mix=printed" || len(rs[0].NsOp) != 3 {
		t.Fatalf("parsed %+v", rs)
	}
	cs := Compare(rs)
	if len(cs) != 4 || cs[0].Baseline != "switch" || cs[0].Project != 8 || cs[0].Speedup() != 0.5 || cs[1].Speedup() != 2 {
		t.Fatalf("compared %+v", cs)
	}
	var b strings.Builder
	Write(&b, cs)
	for _, want := range []string{"BenchmarkLookup/mix=printed vs switch", "0.5x SLOWER", "2x faster", "1.5x the floor's time (limit 2x)", "2.5x the floor's time (limit 2x) OVER", "project ahead in 2 of 4 comparisons"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
}

func TestMedian(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := Median(tt.in); got != tt.want {
			t.Errorf("Median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestCommand(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args  []string
		input string
		code  int
		want  string
	}{
		{[]string{"-h"}, "", 0, "usage: benchratio [flags] [BENCH.TXT]"},
		{[]string{"-bogus"}, "", 2, "unknown flag -bogus"},
		{nil, sample, 0, "project ahead in 2 of 4 comparisons"},
		{nil, "PASS\n", 2, "no benchmark with impl=project"},
		{[]string{"no-such-file.txt"}, "", 1, "no-such-file.txt"},
		{[]string{"a", "b"}, "", 2, "at most one file"},
	} {
		var out, errb strings.Builder
		code := Command.Main(t.Context(), tt.args, cli.Env{Stdin: strings.NewReader(tt.input), Stdout: &out, Stderr: &errb})
		if code != tt.code || !strings.Contains(out.String()+errb.String(), tt.want) {
			t.Errorf("%v: exit %d, %q %q; want %d and %q", tt.args, code, out.String(), errb.String(), tt.code, tt.want)
		}
	}
}

package conformance

import (
	"testing"

	"github.com/mtgrules/crgen/generated/color"
	"github.com/mtgrules/crgen/generated/keyword"
	"github.com/mtgrules/crgen/generated/token"
	"github.com/mtgrules/crgen/generated/turn"
	"github.com/mtgrules/crgen/generated/zone"
)

// engineLookup is one list an engine keeps: its Find, and the names the
// rules list today as its values print them.
type engineLookup struct {
	list  string
	find  func(string) (int, bool)
	names []string
}

func engineLookups() []engineLookup {
	var out []engineLookup
	add := func(list string, find func(string) (int, bool), names []string) {
		out = append(out, engineLookup{list, find, names})
	}
	add("zone", func(s string) (int, bool) { v, ok := zone.FindZone(s); return int(v), ok }, names(zone.ZoneValues()))
	add("step", func(s string) (int, bool) { v, ok := turn.FindStep(s); return int(v), ok }, names(turn.StepValues()))
	add("color", func(s string) (int, bool) { v, ok := color.FindColor(s); return int(v), ok }, names(color.ColorValues()))
	add("counter", func(s string) (int, bool) { v, ok := keyword.FindCounter(s); return int(v), ok }, names(keyword.CounterValues()))
	add("token", func(s string) (int, bool) { v, ok := token.FindToken(s); return int(v), ok }, names(token.TokenValues()))
	return out
}

func names[T interface{ String() string }](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.String()
	}
	return out
}

// The lookups of the new lists find every name and allocate nothing, as
// a map of the exact names (the baseline an engine would keep) does.
func TestEngineLookupsAllocateNothing(t *testing.T) {
	for _, l := range engineLookups() {
		for _, n := range l.names {
			if _, ok := l.find(n); !ok {
				t.Errorf("%s %q not found", l.list, n)
			}
			if a := testing.AllocsPerRun(20, func() { l.find(n) }); a != 0 {
				t.Errorf("%s %q: %v allocations", l.list, n, a)
			}
		}
	}
}

// BenchmarkEngineLookup measures Find of each new list beside a map of
// its exact names, on those names (the map's best case: it knows no other
// case or spelling); ns/lookup is per name.
func BenchmarkEngineLookup(b *testing.B) {
	for _, l := range engineLookups() {
		exact := map[string]int{}
		for _, n := range l.names {
			v, _ := l.find(n)
			exact[n] = v
		}
		impls := []struct {
			name string
			f    func(string) (int, bool)
		}{{"project", l.find}, {"baseline=exact-map", func(s string) (int, bool) { v, ok := exact[s]; return v, ok }}}
		for _, impl := range impls {
			b.Run("list="+l.list+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, s := range l.names {
						impl.f(s)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(l.names)), "ns/lookup")
			})
		}
	}
}

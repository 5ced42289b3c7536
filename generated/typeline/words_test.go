package typeline

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/generated/internal/enum"
)

// The parser finds the words of a name in a fixed array of maxPhrase:
// no name of the vocabulary may have more words. The vocabulary's longest
// phrase is the longest name of the tables and printed forms, whatever
// names a rules update brings (Señor del Tiempo has three words today).
func TestPhraseBound(t *testing.T) {
	want := 0
	tables := []*enum.Table{data.CardTypes, data.Supertypes}
	for i := range data.Categories {
		tables = append(tables, data.Categories[i].Table)
	}
	for _, tb := range tables {
		for v := 1; v <= tb.Len(); v++ {
			for _, n := range tb.Entry(v).Names() {
				want = max(want, len(strings.Fields(n)))
			}
		}
	}
	for _, v := range data.Variants {
		want = max(want, len(strings.Fields(v.Printed)))
	}
	for _, d := range data.Dropped {
		want = max(want, len(strings.Fields(d.Printed)))
	}
	if want > maxPhrase {
		t.Errorf("a name of the tables has %d words; maxPhrase is %d", want, maxPhrase)
	}
	for _, lx := range []struct {
		name  string
		words []word
	}{{"exact", data.Exact.Words}, {"loose", data.Loose.Words}} {
		longest := 0
		for _, w := range lx.words {
			longest = max(longest, w.Phrase)
		}
		if longest != want {
			t.Errorf("the %s vocabulary's longest name has %d words; the longest name of the tables has %d", lx.name, longest, want)
		}
	}
}

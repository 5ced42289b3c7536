package typeline

import (
	"testing"

	"github.com/mtgrules/crgen/generated/internal/data"
)

// The parser finds the words of a name in a fixed array of maxPhrase:
// no name of the vocabulary may have more words.
func TestPhraseBound(t *testing.T) {
	longest := 0
	for _, lx := range []struct {
		name  string
		words []word
	}{{"exact", data.Exact.Words}, {"loose", data.Loose.Words}} {
		for _, w := range lx.words {
			longest = max(longest, w.Phrase)
		}
		if longest > maxPhrase || longest < 1 {
			t.Errorf("the %s vocabulary has a name of %d words; maxPhrase is %d", lx.name, longest, maxPhrase)
		}
	}
	if longest < 3 {
		t.Errorf("no name of three words (Señor del Tiempo) in the vocabulary: longest %d", longest)
	}
}

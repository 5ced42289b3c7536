package gen

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
)

// The values record comes from a pull request too (review.yml copies its
// generated/values.json into the scratch tree): ParseRecord refuses it or
// reads a record that writes itself back to the same record, every entry
// kept.
func FuzzParseRecord(f *testing.F) {
	frozen, err := os.ReadFile(filepath.Join(corpus.Frozen(f), "generated", RecordFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(frozen)
	f.Add([]byte(`{"note": "n", "lists": {"creature": {"Elf": 1, "Wizard": 2}, "printed_mana_symbols": {"{C/P}": 200}}}`))
	f.Add([]byte(`{"note": "n", "lists": {"creature": {"Elf": 1, "Elf": 2, "elf": 3}}}`))
	f.Add([]byte(`{"note": "*/\n", "lists": {"x\u0000": {"\ud800": 9223372036854775807, "Time Lord": 2}}}`))
	f.Add([]byte(`{"lists": {"creature": {"Elf": 0}}, "lists": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRecord(data)
		if err != nil {
			return
		}
		out := r.Marshal()
		back, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("a record written does not read back: %v\n%s", err, out)
		}
		if again := back.Marshal(); string(again) != string(out) {
			t.Errorf("written twice, the record differs:\n%s\n%s", out, again)
		}
		if lost := back.Lost(r); len(lost) > 0 {
			t.Errorf("written and read back, the record loses %v", lost)
		}
		if !slices.Equal(back.Lists(), r.Lists()) {
			t.Errorf("lists %q, read back %q", r.Lists(), back.Lists())
		}
	})
}

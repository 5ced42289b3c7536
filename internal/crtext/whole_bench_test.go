package crtext

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/textenc"
)

// BenchmarkReadWhole reads a release whole (every paragraph, the
// contents, the glossary) beside the floor a reader of its rules pays:
// decoding it and splitting it into rules (Parse). The whole read must
// stay within twice the floor.
func BenchmarkReadWhole(b *testing.B) {
	dir := corpus.Dir(b, "cr-en")
	for _, date := range []string{"20160930", "20260227"} { // UTF-16, UTF-8
		path := filepath.Join(dir, "en-"+date+".txt")
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("release="+date+"/impl=project", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ReadWhole(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("release="+date+"/impl=baseline=decode-and-split", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				text, _, err := textenc.Decode(data)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Parse(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/corpus"
	"github.com/mtgrules/crgen/internal/crtext"
	"github.com/mtgrules/crgen/internal/sources"
	"github.com/mtgrules/crgen/internal/textenc"
)

// extractionInputs are releases of each kind Wizards has published:
// the largest (UTF-16), Windows-1252 with CRLF, UTF-8 with a BOM and bare
// CRs, and the newest (UTF-8, LF).
// extractionInputs are a release of each encoding and line ending
// Wizards has published (past releases: the dates stay right).
var extractionInputs = []struct{ name, date string }{
	{"ascii-crlf", "20090711"},
	{"utf16be-crlf", "20130501"},
	{"windows1252-crlf", "20221007"},
	{"utf16le-crlf", "20160930"},
	{"utf8-crlf", "20180119"},
	{"utf8-lf", "20180427"},
	{"utf8bom-crlf", "20190614"},
	{"utf8bom-cr", "20250725"},
	{"utf8bom-lf", "20260227"},
}

// extractFile is the project's path for a release on disk (scrape's): read
// it, parse it in place keeping the rules facts come from (decoding UTF-16,
// converting only the kept rules of Windows-1252), extract the facts.
func extractFile(path string) (*Facts, error) {
	data, err := sources.ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	d, err := crtext.ParseRelease(data, Needed)
	if err != nil {
		return nil, err
	}
	return Extract(English, d.Rules, d.Effective)
}

// floor is what any reader of a whole release pays: read the file,
// decode it and split it into its rules, each with its number and text
// (crtext.ParseRelease keeping every rule).
func floor(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	d, err := crtext.ParseRelease(data, nil)
	if err != nil {
		return 0, err
	}
	return len(d.Rules), nil
}

// lines is less than any extractor pays: read the file, decode it, split
// it into lines with strings.IndexByte, at LF, or at CR in a release
// whose lines end in bare CRs.
func lines(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	text, _, err := textenc.DecodeRaw(data)
	if err != nil {
		return 0, err
	}
	sep := byte('\n')
	if strings.Count(text, "\r") > strings.Count(text, "\n") {
		sep = '\r'
	}
	lines := 0
	for len(text) > 0 {
		i := strings.IndexByte(text, sep)
		if i < 0 {
			break
		}
		lines++
		text = text[i+1:]
	}
	return lines, nil
}

// BenchmarkExtraction runs the project's extraction, every list and
// every form, beside the floor (decoding the release and splitting it
// into rules; the project must stay within twice its time) and beside
// splitting it into lines (what no reader can do with less), on each kind
// of release; MB/s counts the bytes of the file as published.
func BenchmarkExtraction(b *testing.B) {
	dir := corpus.Dir(b, "cr-en")
	for _, in := range extractionInputs {
		path := filepath.Join(dir, "en-"+in.date+".txt")
		fi, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("release="+in.name+"/impl=project", func(b *testing.B) {
			b.SetBytes(fi.Size())
			b.ReportAllocs()
			for b.Loop() {
				if _, err := extractFile(path); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, base := range []struct {
			name string
			f    func(string) (int, error)
		}{{"floor", floor}, {"lines", lines}} {
			b.Run("release="+in.name+"/impl=baseline="+base.name, func(b *testing.B) {
				b.SetBytes(fi.Size())
				b.ReportAllocs()
				for b.Loop() {
					if _, err := base.f(path); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

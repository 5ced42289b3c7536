package conformance

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/mtgrules/crgen/generated/keyword"
)

// newFace is one card face of cards-text-new/ (sets of 2023-2026): its
// Oracle text and the keywords Scryfall lists for its card.
type newFace struct {
	Set      string   `json:"-"`
	Released string   `json:"-"`
	Name     string   `json:"name"`
	FaceName string   `json:"face_name"`
	Layout   string   `json:"layout"`
	Type     string   `json:"type"`
	Text     string   `json:"text"`
	Keywords []string `json:"keywords"`
}

func newFaces(t testing.TB) []newFace {
	t.Helper()
	return loadOnce(t, "cards-text-new/sets", func() []newFace { return loadNewFaces(t) })
}

func loadNewFaces(t testing.TB) []newFace {
	t.Helper()
	var out []newFace
	eachSetFile(t, "cards-text-new/sets", func(f string, b []byte) {
		var set struct {
			Code     string    `json:"code"`
			Released string    `json:"released_at"`
			Faces    []newFace `json:"faces"`
		}
		if err := json.Unmarshal(b, &set); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, fc := range set.Faces {
			fc.Set, fc.Released = set.Code, set.Released
			out = append(out, fc)
		}
	})
	return out
}

func (f newFace) faceName() string {
	if f.FaceName != "" {
		return f.FaceName
	}
	return f.Name
}

// key names a face in the corpus: its set and face name.
func (f newFace) key() string { return f.Set + " " + f.faceName() }

func TestScryfallProbe(t *testing.T) {
	faces := newFaces(t)
	vocab := map[string]bool{}
	byCard := map[string][]newFace{}
	for _, f := range faces {
		for _, k := range f.Keywords {
			vocab[strings.ToLower(k)] = true
		}
		byCard[f.Set+" "+f.Name] = append(byCard[f.Set+" "+f.Name], f)
	}
	asOf := keyword.AbilityList().AsOf
	agree := 0
	var bad []string
	for _, f := range faces {
		// Scryfall's keywords are the card's: every face's keywords.
		var found []keyword.Found
		for _, o := range byCard[f.Set+" "+f.Name] {
			r := keyword.Reader{AsOf: asOf, Name: o.faceName()}
			fs, err := r.Read(o.Text, nil)
			if err != nil {
				t.Fatal(err)
			}
			found = append(found, fs...)
		}
		d := compare(found, f.Keywords, vocab)
		if len(d.extra) == 0 && len(d.missing) == 0 {
			agree++
			continue
		}
		bad = append(bad, f.key()+": "+d.String()+" | "+strings.ReplaceAll(f.Text, "\n", " / "))
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Log(b)
	}
	t.Logf("agree %d of %d (%.2f%%)", agree, len(faces), 100*float64(agree)/float64(len(faces)))
}

package scrape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// A curated source is names no captured source covers, each paired with
// its English entry, by the name of the fact they are a list of:
// {"note": "...", "card_types": [{"en": ..., "es": ...}], ...}. Any list
// of the registry may come so (card types and supertypes do today).
type curatedName struct {
	EN    string   `json:"en"`
	ES    string   `json:"es"`
	Forms []string `json:"forms,omitempty"`
}

// readCurated turns a curated file into a snapshot whose facts are marked
// curated in their provenance.
func readCurated(doc Document, effective string) (*snapshot.Snapshot, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(doc.Data, &raw); err != nil {
		return nil, fmt.Errorf("curated file: %w", err)
	}
	lists := map[string][]curatedName{}
	for key, v := range raw {
		if key == "note" {
			continue
		}
		if f := snapshot.FactNamed(key); f == nil || f.Read == snapshot.SubtypeLists || f.Read == snapshot.ManaClauses {
			return nil, fmt.Errorf("curated file: %q is no list of names of the registry", key)
		}
		dec := json.NewDecoder(bytes.NewReader(v))
		dec.DisallowUnknownFields()
		var names []curatedName
		if err := dec.Decode(&names); err != nil {
			return nil, fmt.Errorf("curated file: %s: %w", key, err)
		}
		lists[key] = names
	}
	if len(lists) == 0 {
		return nil, fmt.Errorf("curated file lists nothing: expected lists by fact name, such as card_types and supertypes")
	}
	s := &snapshot.Snapshot{
		Lang: doc.Source.Lang, Effective: effective,
		Sources: []snapshot.Source{{ID: doc.Source.ID, URL: doc.URL, SHA256: snapshot.SHA256(doc.Data), Format: doc.Source.Format, Effective: effective}},
		Rules:   snapshot.Rules{}, PairingEN: snapshot.Pairing{}, Provenance: map[string]snapshot.Provenance{},
	}
	add := func(key string, names []curatedName) ([]string, error) {
		var out []string
		for _, n := range names {
			es, err := extract.CanonicalName(n.ES)
			if err != nil {
				return nil, fmt.Errorf("curated %s: %w", key, err)
			}
			if n.EN == "" || slices.Contains(out, es) {
				return nil, fmt.Errorf("curated %s: entry %q needs a unique Spanish name and an English one", key, n.ES)
			}
			out = append(out, es)
			s.PairingEN[key] = append(s.PairingEN[key], snapshot.Pair{ES: es, EN: n.EN})
			if len(n.Forms) > 0 {
				if s.Forms == nil {
					s.Forms = map[string][]string{}
				}
				s.Forms[es] = slices.Clone(n.Forms)
			}
		}
		s.Provenance[key] = snapshot.Provenance{Source: doc.Source.ID, Effective: effective, Rule: snapshot.FactNamed(key).Rule, Curated: true}
		return out, nil
	}
	for _, f := range snapshot.NamedLists() {
		if names, ok := lists[f.Name]; ok {
			out, err := add(f.Name, names)
			if err != nil {
				return nil, err
			}
			f.Set(s, out)
		}
	}
	finish(s)
	return s, nil
}

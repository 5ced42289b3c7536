package scrape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// curatedFile is the format of a curated source: names no captured source
// covers, each paired with its English entry.
type curatedFile struct {
	Note       string        `json:"note"`
	CardTypes  []curatedName `json:"card_types"`
	Supertypes []curatedName `json:"supertypes"`
}

type curatedName struct {
	EN    string   `json:"en"`
	ES    string   `json:"es"`
	Forms []string `json:"forms,omitempty"`
}

// readCurated turns a curated file into a snapshot whose facts are marked
// curated in their provenance.
func readCurated(doc Document, effective string) (*snapshot.Snapshot, error) {
	var f curatedFile
	dec := json.NewDecoder(bytes.NewReader(doc.Data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("curated file: %w", err)
	}
	if len(f.CardTypes) == 0 || len(f.Supertypes) == 0 {
		return nil, fmt.Errorf("curated file must list card_types and supertypes")
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
		s.Provenance[key] = snapshot.Provenance{Source: doc.Source.ID, Effective: effective, Rule: snapshot.FactRule[key], Curated: true}
		return out, nil
	}
	var err error
	if s.CardTypes, err = add(snapshot.FactCardTypes, f.CardTypes); err != nil {
		return nil, err
	}
	if s.Supertypes, err = add(snapshot.FactSupertypes, f.Supertypes); err != nil {
		return nil, err
	}
	finish(s)
	return s, nil
}

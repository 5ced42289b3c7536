package scrapecmd

import (
	"strings"
	"testing"

	"github.com/mtgrules/crgen/internal/history"
	"github.com/mtgrules/crgen/internal/snapshot"
)

// listed is every name the releases of lang in snapDir list, in any list,
// folded as history folds them: what a made-up name must not be.
func listed(t *testing.T, snapDir, lang string) map[string]bool {
	t.Helper()
	snaps, err := snapshot.Store{Dir: snapDir}.History(lang)
	if err != nil {
		t.Fatal(err)
	}
	if len(snaps) == 0 {
		t.Fatalf("no %s releases in %s", lang, snapDir)
	}
	out := map[string]bool{}
	add := func(names []string) {
		for _, n := range names {
			out[history.NameKey(n)] = true
		}
	}
	for _, s := range snaps {
		for _, names := range s.Subtypes {
			add(names)
		}
		add(s.CardTypes)
		add(s.Supertypes)
		add(s.BasicLandTypes)
		for _, sym := range s.ManaSymbols {
			add([]string{sym.Symbol})
		}
	}
	return out
}

// unlisted extends base letter by letter until no set in taken holds it:
// a name no release lists, whatever a release adds.
func unlisted(base string, taken ...map[string]bool) string {
	name := base
	for i := 0; ; i++ {
		free := true
		for _, names := range taken {
			free = free && !names[history.NameKey(name)]
		}
		if free {
			return name
		}
		name += string(rune('a' + i%26))
	}
}

// absentName is a listed name extended until no release of snapDir, in
// either language, lists it: close to a real name, so a lookup that
// matched prefixes would be caught.
func absentName(t *testing.T, snapDir, listedName string) string {
	t.Helper()
	en, es := listed(t, snapDir, "en"), listed(t, snapDir, "es")
	if !en[history.NameKey(listedName)] && !es[history.NameKey(listedName)] {
		t.Fatalf("%q is in no list of %s: not a base for an absent name", listedName, snapDir)
	}
	return unlisted(listedName, en, es)
}

// oneWordCreatures is the list of a release's sentence "All other
// creature types are one word long: ...", as printed.
func oneWordCreatures(t *testing.T, txt []byte) []string {
	t.Helper()
	const intro = "All other creature types are one word long: "
	s := string(txt)
	i := strings.Index(s, intro)
	if i < 0 {
		t.Fatal("no one-word creature sentence in the release")
	}
	s = s[i+len(intro):]
	if end := strings.IndexAny(s, "\r\n"); end >= 0 {
		s = s[:end]
	}
	var out []string
	for _, n := range strings.Split(strings.TrimSuffix(s, "."), ", ") {
		out = append(out, strings.TrimPrefix(n, "and "))
	}
	return out
}

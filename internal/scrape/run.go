package scrape

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mtgrules/crgen/internal/atomicfile"
	"github.com/mtgrules/crgen/internal/diff"
	"github.com/mtgrules/crgen/internal/extract"
	"github.com/mtgrules/crgen/internal/fetch"
	"github.com/mtgrules/crgen/internal/report"
	"github.com/mtgrules/crgen/internal/snapshot"
	"github.com/mtgrules/crgen/internal/sources"
)

// Options configure one run of the pipeline's first stage.
type Options struct {
	SourcesDir   string
	SnapshotsDir string
	// Live fetches every source that has a URL instead of reading its
	// captured copy, and refreshes captured copies.
	Live    bool
	Fetcher *fetch.Client
	// AllowShrink writes even when Guard finds the update suspicious.
	AllowShrink bool
	// MaxShrink is the largest fraction a list may lose; 0 means
	// DefaultShrink.
	MaxShrink float64
	// MaxBytes caps every source, fetched or read from disk; 0 means
	// fetch.DefaultMaxBytes.
	MaxBytes int64
	// Amend names the recorded releases ("en@2026-09-25") this run may
	// change: a recorded release is otherwise never rewritten.
	Amend []string
	// Log receives detail (what was read and fetched); nil for quiet.
	Log io.Writer
}

// Plan is everything a run would write, computed before anything is.
type Plan struct {
	Old, New map[string]*snapshot.Snapshot // current state per language
	Files    map[string][]byte             // path → content
	// Added are the releases the run adds to the history, Amended the
	// recorded ones it changes (only those Options.Amend names), Completed
	// recorded ones it adds facts to that they did not carry (an official
	// TXT for a release recorded from a rule page): "en@2026-09-25".
	Added, Amended, Completed []string
	// Warnings are what a reviewer should know that does not stop the
	// run: English names no Spanish source translates yet, a shrink
	// written with AllowShrink, flaws of a release read past.
	Warnings []string
}

// Build reads the sources (and extra documents, such as official releases
// being imported into the history), extracts, pairs, merges and guards. It
// writes nothing: Apply does, only after every step succeeded.
func Build(ctx context.Context, opt Options, extra []Document) (*Plan, error) {
	if opt.MaxShrink < 0 || opt.MaxShrink > 1 {
		return nil, fmt.Errorf("max shrink %v is not a fraction between 0 and 1 (0.1 is 10%%)", opt.MaxShrink)
	}
	if opt.MaxShrink == 0 {
		opt.MaxShrink = DefaultShrink
	}
	if opt.MaxBytes == 0 {
		opt.MaxBytes = fetch.DefaultMaxBytes
	}
	m, err := sources.Load(opt.SourcesDir)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Old: map[string]*snapshot.Snapshot{}, New: map[string]*snapshot.Snapshot{}, Files: map[string][]byte{}}
	docs, manifestChanged, err := gather(ctx, opt, m, plan)
	if err != nil {
		return nil, err
	}
	rd, err := readAll(append(docs, extra...), plan)
	if err != nil {
		return nil, err
	}
	store := snapshot.Store{Dir: opt.SnapshotsDir}
	history, err := loadHistories(store)
	if err != nil {
		return nil, err
	}
	if err := checkAmend(opt.Amend, history); err != nil {
		return nil, err
	}
	if err := refuseStale(rd, history); err != nil {
		return nil, err
	}
	touched, err := mergeReleases(rd, history)
	if err != nil {
		return nil, err
	}
	if err := historyPresent(store, history["en"]); err != nil {
		return nil, err
	}
	if err := pairSpanish(store, history, touched); err != nil {
		return nil, err
	}
	if err := plan.record(store, history, touched, rd, opt); err != nil {
		return nil, err
	}
	if err := plan.recordText(opt, store, history, rd); err != nil {
		return nil, err
	}
	if err := plan.current(store, history, opt); err != nil {
		return nil, err
	}
	b, err := snapshot.MarshalRenames(diff.Renames(history["en"]))
	if err != nil {
		return nil, err
	}
	plan.Files[store.RenamesPath()] = b // Apply writes only what changed
	if len(rd.printed) > 1 {
		return nil, fmt.Errorf("sources.json declares %d printed-forms sources; one holds them all", len(rd.printed))
	}
	for _, p := range rd.printed {
		plan.Warnings = append(plan.Warnings, checkPrinted(p, history["en"], plan.New["en"], plan.New["es"])...)
		b, err := snapshot.MarshalPrinted(p)
		if err != nil {
			return nil, err
		}
		plan.Files[store.PrintedPath()] = b
	}
	if manifestChanged {
		b, err := m.Marshal()
		if err != nil {
			return nil, err
		}
		plan.Files[filepath.Join(opt.SourcesDir, "sources.json")] = b
	}
	return plan, nil
}

// readings are the snapshots read from a run's documents, by release
// ("en@2026-02-27"), with the documents they came from.
type readings struct {
	byRelease map[string][]*snapshot.Snapshot
	docs      map[string][]Document
	printed   []*snapshot.Printed
}

func readAll(docs []Document, plan *Plan) (*readings, error) {
	rd := &readings{byRelease: map[string][]*snapshot.Snapshot{}, docs: map[string][]Document{}}
	for _, d := range docs {
		if d.Source.Format == sources.FormatPrinted {
			p, err := readPrinted(d)
			if err != nil {
				return nil, err
			}
			rd.printed = append(rd.printed, p)
			continue
		}
		s, warnings, err := Read(d)
		if err != nil {
			return nil, err
		}
		plan.Warnings = append(plan.Warnings, warnings...)
		k := releaseKey(s)
		rd.byRelease[k] = append(rd.byRelease[k], s)
		rd.docs[k] = append(rd.docs[k], d)
	}
	return rd, nil
}

func releaseKey(s *snapshot.Snapshot) string { return s.Lang + "@" + s.Effective }

func loadHistories(store snapshot.Store) (map[string][]*snapshot.Snapshot, error) {
	history := map[string][]*snapshot.Snapshot{}
	for _, lang := range snapshot.Languages {
		h, err := store.History(lang)
		if err != nil {
			return nil, err
		}
		history[lang] = h
	}
	return history, nil
}

// mergeReleases merges each release's readings and puts it in the
// history, beside what the history recorded of it (keepUncovered), and
// returns the releases touched.
func mergeReleases(rd *readings, history map[string][]*snapshot.Snapshot) (map[string]bool, error) {
	keys := slices.Sorted(maps.Keys(rd.byRelease))
	// English before Spanish, so pairing sees the new English release.
	slices.SortStableFunc(keys, func(a, b string) int { return strings.Compare(a[:2], b[:2]) })
	touched := map[string]bool{}
	for _, k := range keys {
		rel, err := MergeRelease(rd.byRelease[k])
		if err != nil {
			return nil, err
		}
		h := history[rel.Lang]
		if i := slices.IndexFunc(h, func(s *snapshot.Snapshot) bool { return s.Effective == rel.Effective }); i >= 0 {
			rel = keepUncovered(rel, h[i])
			h[i] = rel
		} else {
			h = append(h, rel)
			slices.SortFunc(h, func(a, b *snapshot.Snapshot) int { return strings.Compare(a.Effective, b.Effective) })
		}
		if err := extract.CategoriesWith(rel, cardTypesFor(h, rel)); err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		history[rel.Lang] = h
		touched[k] = true
	}
	return touched, nil
}

// cardTypesFor are the card types the categories of rel go with: its
// own, or, for rule pages without 205.2a, those of the newest release
// before it in h that lists them.
func cardTypesFor(h []*snapshot.Snapshot, rel *snapshot.Snapshot) []string {
	if rel.Has(snapshot.FactCardTypes) {
		return rel.CardTypes
	}
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Effective < rel.Effective && h[i].Has(snapshot.FactCardTypes) {
			return h[i].CardTypes
		}
	}
	return nil
}

// pairSpanish pairs every Spanish release that lists subtypes and was
// touched, or whose English release was.
func pairSpanish(store snapshot.Store, history map[string][]*snapshot.Snapshot, touched map[string]bool) error {
	for _, es := range history["es"] {
		if !touched["es@"+es.Effective] && !touched["en@"+es.Effective] {
			continue
		}
		if err := nameManaGroups(es, history["en"]); err != nil {
			return err
		}
		if !es.Has(snapshot.FactSubtypes) {
			continue
		}
		i := slices.IndexFunc(history["en"], func(s *snapshot.Snapshot) bool {
			return s.Effective == es.Effective && s.Has(snapshot.FactSubtypes)
		})
		if i < 0 {
			return &PairingError{Effective: es.Effective, Problems: []string{"no English 205.3 of the same release to pair with"}}
		}
		prev, _ := store.Current("es")
		if err := Pair(es, history["en"][i], prev); err != nil {
			return err
		}
		touched["es@"+es.Effective] = true
	}
	return nil
}

// record plans the touched releases: a new one is guarded against the
// release before it; a recorded one is left as it is when it says the
// same, completed when it only gains facts it did not carry, and refused
// when it would change, unless amending it was asked for.
func (p *Plan) record(store snapshot.Store, history map[string][]*snapshot.Snapshot, touched map[string]bool, rd *readings, opt Options) error {
	for _, lang := range snapshot.Languages {
		for i, s := range history[lang] {
			k := releaseKey(s)
			if !touched[k] {
				continue
			}
			if err := s.Validate(); err != nil {
				return fromSources(s, err)
			}
			path := store.HistoryPath(lang, s.Effective)
			stored, err := loadRecorded(path)
			if err != nil {
				return err
			}
			if stored != nil && snapshot.SameFacts(stored, s) {
				continue // an identical read: nothing to write
			}
			if stored != nil {
				change := recordedChange(stored, s)
				switch {
				case change == nil:
					p.Completed = append(p.Completed, k)
				case slices.Contains(opt.Amend, k):
					p.Amended = append(p.Amended, k)
				default:
					return &RecordedError{Release: k, Path: path, Change: change, Docs: rd.docs[k]}
				}
			} else {
				p.Added = append(p.Added, k)
			}
			if err := p.guardRelease(history[lang][:i], s, opt); err != nil {
				return err
			}
			b, err := snapshot.Marshal(s)
			if err != nil {
				return err
			}
			p.Files[path] = b
		}
	}
	for _, k := range opt.Amend {
		if !slices.Contains(p.Amended, k) {
			p.Warnings = append(p.Warnings, fmt.Sprintf("-amend %s: this run does not change the release; nothing amended", k))
		}
	}
	return nil
}

// guardRelease compares a release about to be written with its
// predecessors in the history, fact group by fact group: each group
// against the newest earlier release that carries it.
func (p *Plan) guardRelease(before []*snapshot.Snapshot, s *snapshot.Snapshot, opt Options) error {
	prev, found := snapshot.Empty(s.Lang, s.Effective), false
	for _, g := range snapshot.Groups() {
		if !g.Present(s) {
			continue
		}
		for j := len(before) - 1; j >= 0; j-- {
			if g.Present(before[j]) {
				g.Copy(prev, before[j])
				found = true
				break
			}
		}
	}
	if !found {
		return nil
	}
	if err := Guard(prev, s, opt.MaxShrink); err != nil {
		var ge *GuardError
		if errors.As(err, &ge) {
			ge.Release = releaseKey(s)
		}
		if !opt.AllowShrink {
			return err
		}
		p.Warnings = append(p.Warnings, fmt.Sprintf("%v\n(written anyway: -allow-shrink)", err))
	}
	return nil
}

// current plans the current state of each language, guarded against the
// stored one.
func (p *Plan) current(store snapshot.Store, history map[string][]*snapshot.Snapshot, opt Options) error {
	for _, lang := range snapshot.Languages {
		if len(history[lang]) == 0 {
			continue
		}
		cur, err := snapshot.Current(history[lang])
		if err != nil {
			return err
		}
		finish(cur) // partial when no whole release gives some of its lists
		old, err := store.Current(lang)
		if err != nil {
			return err
		}
		p.Old[lang], p.New[lang] = old, cur
		if err := Guard(old, cur, opt.MaxShrink); err != nil {
			if !opt.AllowShrink {
				return err
			}
			p.Warnings = append(p.Warnings, fmt.Sprintf("%v\n(written anyway: -allow-shrink)", err))
		}
		if err := p.add(store.CurrentPath(lang), cur); err != nil {
			return err
		}
	}
	if en, es := p.New["en"], p.New["es"]; en != nil && es != nil {
		p.Warnings = append(p.Warnings, report.LagLines(diff.SpanishLag(en, es))...)
	}
	return nil
}

// historyPresent refuses to build the English current state without the
// English history when the stored current state had it: the official TXT
// is not captured, so the releases in snapshots/en/ are where offline runs
// take card types, supertypes and mana symbols from.
func historyPresent(store snapshot.Store, h []*snapshot.Snapshot) error {
	for _, s := range h {
		if s.Has(snapshot.FactCardTypes) {
			return nil
		}
	}
	old, err := store.Current("en")
	if err != nil || old == nil || !old.Has(snapshot.FactCardTypes) {
		return nil
	}
	return fmt.Errorf("%s holds no full English release, but %s has card types from one: run make history to import the releases (or scrape -live to fetch the newest)",
		filepath.Join(store.Dir, "en"), store.CurrentPath("en"))
}

// gather collects the documents of the manifest: captured copies offline,
// fetched ones with Live.
func gather(ctx context.Context, opt Options, m *sources.Manifest, plan *Plan) ([]Document, bool, error) {
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	var docs []Document
	changed := false
	for i := range m.Sources {
		src := &m.Sources[i]
		if opt.Live && src.URL != "" {
			data, url, err := fetchSource(ctx, opt.Fetcher, src, opt.MaxBytes)
			if err != nil {
				return nil, false, &SourceError{Source: src.ID, Err: err}
			}
			logf("%s: fetched %s (%d bytes)", src.ID, url, len(data))
			if src.Captured != nil {
				sum := snapshot.SHA256(data)
				if sum != src.Captured.SHA256 {
					src.Captured.SHA256 = sum
					plan.Files[filepath.Join(m.Dir(), src.Captured.Path)] = data
					changed = true
				}
			}
			docs = append(docs, Document{Source: *src, URL: url, Data: data, Live: true})
			continue
		}
		if src.Captured == nil {
			logf("%s: not captured; its facts come from the releases in snapshots/%s/", src.ID, src.Lang)
			continue
		}
		data, err := m.ReadCaptured(src, opt.MaxBytes)
		if err != nil {
			return nil, false, err
		}
		url := src.URL
		if url == "" {
			url = "captured:" + path.Base(filepath.ToSlash(src.Captured.Path))
		}
		docs = append(docs, Document{Source: *src, URL: url, Data: data})
	}
	return docs, changed, nil
}

func fetchSource(ctx context.Context, c *fetch.Client, src *sources.Source, maxBytes int64) ([]byte, string, error) {
	if c == nil {
		c = fetch.New()
		c.MaxBytes = maxBytes
	}
	url := src.URL
	if src.Discover != nil {
		var err error
		url, err = c.DiscoverLink(ctx, src.URL, src.Discover.Link, src.Discover.Suffix)
		if err != nil {
			return nil, "", err
		}
	}
	kind := fetch.Text
	if src.Format == sources.FormatHTML {
		kind = fetch.HTML
	}
	data, err := c.Get(ctx, url, kind)
	return data, url, err
}

// keepUncovered keeps the fact groups of the stored release that this run's
// sources do not cover: an offline run that reads only a rule page must not
// drop what an earlier run read from the whole release of the same date.
func keepUncovered(rel, stored *snapshot.Snapshot) *snapshot.Snapshot {
	for _, g := range snapshot.Groups() {
		if g.Present(rel) || !g.Present(stored) {
			continue
		}
		g.Copy(rel, stored)
		src := stored.Provenance[g.Facts[0]].Source
		for _, so := range stored.Sources {
			if so.ID == src {
				rel.Sources = append(rel.Sources, so)
			}
		}
	}
	finish(rel)
	return rel
}

// add plans writing s to path, unless the file there already says the same
// facts (only a source's sha256 or URL changed).
func (p *Plan) add(path string, s *snapshot.Snapshot) error {
	if err := s.Validate(); err != nil {
		return fromSources(s, err)
	}
	if old, err := snapshot.Load(path); err == nil && snapshot.SameFacts(old, s) {
		return nil
	}
	b, err := snapshot.Marshal(s)
	if err != nil {
		return err
	}
	p.Files[path] = b
	return nil
}

// Apply writes the plan atomically, file by file, and returns the files that
// changed. Unchanged files are not touched.
func (p *Plan) Apply() ([]string, error) {
	paths := slices.Sorted(maps.Keys(p.Files))
	var changed []string
	for _, path := range paths {
		c, err := atomicfile.Write(path, p.Files[path])
		if err != nil {
			return changed, err
		}
		if c {
			changed = append(changed, path)
		}
	}
	return changed, nil
}

// fromSources names the sources a snapshot was read from in an error
// about what they say: the file or page to look at.
func fromSources(s *snapshot.Snapshot, err error) error {
	var from []string
	for _, src := range s.Sources {
		from = append(from, src.URL)
	}
	if len(from) == 0 {
		return err
	}
	return fmt.Errorf("%s: %w", strings.Join(from, ", "), err)
}

// recordText records the rules' text of the releases read in the rule
// books, and drops from the catalogue of releases known and not recorded
// those the history now records.
func (p *Plan) recordText(opt Options, store snapshot.Store, history map[string][]*snapshot.Snapshot, rd *readings) error {
	if err := p.recordBooks(opt, rd); err != nil {
		return err
	}
	return p.catalogue(store, history)
}

// catalogue drops from the catalogue of releases known and not recorded
// those the history now records.
func (p *Plan) catalogue(store snapshot.Store, history map[string][]*snapshot.Snapshot) error {
	cat, err := store.Catalogue()
	if err != nil {
		return err
	}
	recorded := map[string][]string{}
	for lang, h := range history {
		for _, s := range h {
			recorded[lang] = append(recorded[lang], s.Effective)
		}
	}
	rest, dropped := cat.Without(recorded)
	if !dropped {
		return nil
	}
	for _, r := range cat.Releases {
		if slices.Contains(recorded[r.Lang], r.Effective) {
			p.Warnings = append(p.Warnings, fmt.Sprintf("%s@%s is recorded now: dropped from %s, the releases known and not recorded", r.Lang, r.Effective, store.CataloguePath()))
		}
	}
	b, err := snapshot.MarshalFile(rest)
	if err != nil {
		return err
	}
	p.Files[store.CataloguePath()] = b
	return nil
}

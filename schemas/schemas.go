// Package schemas holds the JSON Schemas (draft 2020-12) of every file
// the project writes for other programs: the exported releases
// (Keywords.json, CardTypes.json, Lists.json, Symbols.json, Pairs.json,
// Snapshot.json, History.json), the snapshots, and the JSON of scrape
// diff, scrape report, scrape history and validate. docs/formats.md
// describes them with examples. They are embedded so that a Go program
// can validate with the library of its choice; the tests validate the
// project's real outputs against them.
package schemas

import "embed"

// FS holds the schemas, each named <file>.schema.json; their $id is
// BaseURL followed by that name, and they refer to each other by name.
//
//go:embed *.schema.json
var FS embed.FS

// BaseURL is where the schemas' $id places them.
const BaseURL = "https://github.com/mtgrules/crgen/schemas/"

// ForExport names the schema of each file scrape export writes (the
// schemas' tests check that it names every one).
var ForExport = map[string]string{
	"Keywords.json":  "mtgjson-keywords.schema.json",
	"CardTypes.json": "mtgjson-cardtypes.schema.json",
	"Lists.json":     "lists.schema.json",
	"Symbols.json":   "symbols.schema.json",
	"Pairs.json":     "pairs.schema.json",
	"Snapshot.json":  "snapshot.schema.json",
	"History.json":   "history.schema.json",
}

// ForRelease names the schema of each file a GitHub release attaches
// beside those of ForExport (release.yml): the rules' text of the newest
// release (scrape rule -all), Rules.<lang>.json.
var ForRelease = map[string]string{
	"Rules.json": "release-rules.schema.json",
}

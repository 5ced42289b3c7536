package typeline

import (
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/mtgrules/crgen/generated/internal/data"
	"github.com/mtgrules/crgen/internal/names"
)

// Real-world text: a line typed on macOS or pasted from a web form or a
// PDF may arrive decomposed (Dri + U+0301 + ade), with no-break or thin
// spaces, or with invisible characters (U+200B). The parser reads a line
// as the rules print it; only a line that fails is read again, so a line
// as the rules print it pays nothing for this:
//
//   - normalized to NFC, it reads as it would composed, in either mode;
//   - in printed mode, its Unicode spaces read as spaces and its invisible
//     characters as nothing, each with a note; the rules' mode refuses
//     them, naming the first, when printed mode would accept the line.
//
// Notes and errors name places of the line as given.

// noteSpecial is a Unicode space or an invisible character (printed mode).
const noteSpecial = noteFeminine + 1

// reread reads a line that failed (with failed) again as real-world
// text. It returns nil when that reading accepts the line, having handed
// its faces to emit and kept its notes in p; else the error to report.
func (p *parser) reread(line string, emit func(face), failed error) error {
	// norm.NFC.String, not names.NFC: the line escapes anyway (errors
	// quote it), so the copy that keeps a lookup's name on the stack
	// would buy nothing here. Gated as lookups are: only a line that
	// holds a combining mark can compose differently.
	text := line
	if names.MaybeDecomposed(line) {
		text = norm.NFC.String(line)
	}
	normalized := text != line
	// back maps the bytes of text to the line's; made only when a place
	// must be named (a note, a special character), a valid decomposed
	// line costs its normalizing alone.
	var back []int
	places := func() []int {
		if normalized && back == nil {
			_, back, _ = names.NFCMap(line)
		}
		return back
	}
	specials := names.Specials(text)
	if len(specials) > 0 {
		plain, b := names.Plain(text, specials)
		if !p.Printed {
			q := parser{Options: Options{Lang: p.Lang, Printed: true, AsOf: p.AsOf}, quiet: true}
			if q.run(plain, nil) == nil {
				return p.specialError(line, specials[0], offset(places(), specials[0].At))
			}
			specials = nil // not what is wrong with the line
		} else {
			bk := places()
			for i := range specials {
				specials[i].At = offset(bk, specials[i].At)
			}
			text, back = plain, compose(bk, b)
		}
	}
	if !normalized && len(specials) == 0 {
		return failed
	}
	if emit == nil && !p.collect && len(specials) == 0 && fastRead(text, p.Lang) == fastValid {
		return nil // the line in NFC, spelled as the rules spell it: the verdict is all that was asked
	}
	q := parser{Options: p.Options, quiet: p.quiet, collect: p.collect, saved: p.saved}
	if err := q.run(text, emit); err != nil {
		if e, ok := err.(*Error); ok && e != errQuiet {
			e.Line = line
		}
		return err
	}
	for _, sp := range specials {
		p.face = 1 + strings.Count(line[:sp.At], faceSep)
		p.note(noteSpecial, sp.At, line[sp.At:sp.At+sp.Size], nil)
	}
	for _, n := range q.notes {
		from, to := offset(places(), n.at), offset(places(), n.at+len(n.printed))
		n.at, n.printed = from, line[from:to]
		p.notes = append(p.notes, n)
	}
	for _, n := range q.named {
		from, to := offset(places(), n.at), offset(places(), n.at+len(n.printed))
		n.at, n.printed = from, line[from:to]
		p.named = append(p.named, n)
	}
	return nil
}

// offset is the place in the line of byte i of a reading of it (back
// maps one to the other; nil is the line itself).
func offset(back []int, i int) int {
	if back == nil {
		return i
	}
	return back[i]
}

// compose maps a reading of a reading (b) back to the line (through a).
func compose(a, b []int) []int {
	if a == nil {
		return b
	}
	out := make([]int, len(b))
	for i, j := range b {
		out[i] = a[j]
	}
	return out
}

// specialError is the rules' verdict on a line printed mode reads once
// its Unicode spaces and invisible characters are taken for what they
// stand for.
func (p *parser) specialError(line string, sp names.Special, at int) *Error {
	err := p.fail(data.RuleSubtypes, CausePrinted, line[at:at+sp.Size], func() string {
		return specialWhy(sp) + " at offset " + itoa(at) + ": printed mode reads it"
	})
	if err != errQuiet {
		err.Line = line
	}
	return err
}

// specialWhy says what a special character is and what the rules print.
func specialWhy(sp names.Special) string {
	if sp.Invisible() {
		return "an invisible " + sp.Name() + ", which the rules do not print"
	}
	return "a " + sp.Name() + " where the rules print a space"
}

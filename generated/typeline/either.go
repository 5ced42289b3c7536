package typeline

import "strings"

// LangOf returns the language o reads line in: o.Lang, or, for Either,
// English if the line reads as English (in o's mode), else Spanish if it
// reads as Spanish, else the language the line is most likely in, whose
// error is the one to report. That is the language whose reading does not
// stop at a word of the other language while the other's does ("Criatura
// — Viashino" stops in English at Criatura, in Spanish at Viashino, which
// the rules dropped: Spanish); else the language most of its words belong
// to; else, on a tie, the language of its first word that belongs to one
// only (English when none does). It allocates nothing for a line one
// language reads.
func (o Options) LangOf(line string) Lang {
	if o.Lang != Either {
		return o.Lang
	}
	en, es := Options{Lang: English, Printed: o.Printed, AsOf: o.AsOf}, Options{Lang: Spanish, Printed: o.Printed, AsOf: o.AsOf}
	switch {
	case en.Valid(line):
		return English
	case es.Valid(line):
		return Spanish
	}
	enStops, esStops := stopsAtOtherLanguage(en.Validate(line)), stopsAtOtherLanguage(es.Validate(line))
	switch {
	case enStops && !esStops:
		return Spanish
	case esStops && !enStops:
		return English
	}
	return likelyLang(line)
}

// resolved is o with Either replaced by the language of line.
func (o Options) resolved(line string) Options {
	o.Lang = o.LangOf(line)
	return o
}

func stopsAtOtherLanguage(err error) bool {
	e, ok := err.(*Error)
	return ok && e.Cause == CauseLanguage
}

// likelyLang counts the words of a line that name something in one
// language only, as the rules or cards spell it: the language of more of
// them, or on a tie the language of the first.
func likelyLang(line string) Lang {
	var en, es int
	first := English
	for w := range strings.FieldsSeq(line) {
		wd := vocab.lookup(w)
		if wd == nil {
			wd = vocab.lookupLoose(w)
		}
		if wd == nil {
			continue
		}
		var in langs
		for i := range wd.Senses {
			in |= wd.Senses[i].Langs
		}
		switch in {
		case English.bit():
			en++
		case Spanish.bit():
			if en == 0 && es == 0 {
				first = Spanish
			}
			es++
		}
	}
	switch {
	case es > en:
		return Spanish
	case en > es:
		return English
	}
	return first
}

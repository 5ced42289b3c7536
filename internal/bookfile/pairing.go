package bookfile

// pairs are release i's pairs of kind k of history of.
func (f *File) pairs(i int, k PairKind, of Kind) (lo, hi int) {
	start, n := f.rel(i, relPairsStart), f.rel(i, relPairsN)
	lo = start
	for lo < start+n && (PairKind(f.field(secPairs, lo, pairKind)) < k || PairKind(f.field(secPairs, lo, pairKind)) == k && Kind(f.field(secPairs, lo, pairOf)) < of) {
		lo++
	}
	hi = lo
	for hi < start+n && PairKind(f.field(secPairs, hi, pairKind)) == k && Kind(f.field(secPairs, hi, pairOf)) == of {
		hi++
	}
	return lo, hi
}

// Paired is the other side of the pair of kind k of history h in
// release i: its To when from, its From otherwise; -1 for none.
func (f *File) Paired(i int, k PairKind, of Kind, h int, from bool) int {
	lo, hi := f.pairs(i, k, of)
	mine, other := pairTo, pairFrom
	if from {
		mine, other = pairFrom, pairTo
	}
	for p := lo; p < hi; p++ {
		if f.field(secPairs, p, mine) == h {
			return f.field(secPairs, p, other)
		}
	}
	return -1
}

// Next is the history that history h of the release before i is in
// release i: its move, or itself when release i prints it and its number
// was not reused; false when it is not in release i (removed, merged, or
// its number another's).
func (f *File) Next(of Kind, i, h int) (int, bool) {
	if to := f.Paired(i, PairMove, of, h, true); to >= 0 {
		return to, true
	}
	if f.Paired(i, PairReused, of, h, true) >= 0 {
		return 0, false
	}
	_, ok := f.At(of, h, i)
	return h, ok
}

// Previous is the history that history h of release i was in the release
// before it; false when it was not in it (new, split off).
func (f *File) Previous(of Kind, i, h int) (int, bool) {
	if from := f.Paired(i, PairMove, of, h, false); from >= 0 {
		return from, true
	}
	if f.Paired(i, PairReused, of, h, false) >= 0 {
		return 0, false
	}
	_, ok := f.At(of, h, i-1)
	return h, ok
}

// Text is history h's full text in release i.
func (f *File) Text(of Kind, h, i int) (string, bool, error) {
	v, ok := f.At(of, h, i)
	if !ok {
		return "", false, nil
	}
	t, err := v.FullText()
	return t, true, err
}

// Newest is the newest release that prints rule number, false when none
// ever did.
func (f *File) Newest(number string) (int, bool) {
	h, ok := f.Find(Rules, number)
	if !ok {
		return 0, false
	}
	vs := f.Versions(Rules, h)
	last := vs[len(vs)-1]
	if !last.Gone() {
		return f.Releases() - 1, true
	}
	return last.Since() - 1, true
}

// Partial reports whether release i printed only some rules (Holds).
func (f *File) Partial(i int) bool { return f.partial(i) }

// PrintedTwice reports whether release i printed rule h twice.
func (f *File) PrintedTwice(h, i int) bool {
	v, ok := f.At(Rules, h, i)
	return ok && v.Also() > 0
}

package subtype

// EffectiveEN and EffectiveES were the effective dates of the tables.
//
// Deprecated: they stay at the dates the tables had when they were frozen
// (2026-09-25): a constant's value never changes, and these changed with
// every rules update. Use Effective.
const (
	EffectiveEN, EffectiveES = "2026-09-25", "2026-09-25"
	// A constant of Category in their declaration makes go doc list them
	// under Category, after what a user needs, instead of first.
	_ Category = 0
)

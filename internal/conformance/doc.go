// Package conformance holds the corpus-wide checks of the generated
// packages: every card line of the card corpus (English and Spanish),
// JSON round trips of every value, the cost of importing them, and their
// benchmarks beside the strongest baselines. It has no code of its own;
// each generated package's unit tests live beside it.
package conformance

// Package rehearsal rehearses the next rules update end to end, as a test
// of the project: a future release is derived from the newest real one and
// served as the live English source; the steps of .github/workflows/
// refresh.yml run as written in a temporary clone against a fake GitHub
// backed by a real git repository; then the steps of review.yml run on the
// pull request it opened. It holds tests only; make rehearse runs them.
package rehearsal

// Package conformance tests the generated packages against real card data
// and measures them beside obvious baselines. It has no code of its own.
package conformance

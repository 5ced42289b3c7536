// Package crgen is the pipeline that turns the Magic: The Gathering
// Comprehensive Rules into typed, validated Go code. The packages under
// generated/ are its product; see README.md.
package crgen

//go:generate go run ./cmd/gen

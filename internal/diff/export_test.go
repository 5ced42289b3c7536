package diff

// GoDiffWords is the word diff built on go-diff, for the tests of
// package diff_test.
var GoDiffWords = goDiffWords

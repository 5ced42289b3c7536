// Package schematest compiles the project's JSON Schemas (package
// schemas) for tests that validate real outputs against them: the
// schemas' own tests, on the frozen tree, and the working tree's, on
// whatever a release made of it.
package schematest

import (
	"bytes"
	"io/fs"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mtgrules/crgen/schemas"
)

// Compile compiles every schema, each resolving the others by name
// offline, keyed by file name.
func Compile(t testing.TB) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	names, err := fs.Glob(schemas.FS, "*.schema.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	for _, n := range names {
		b, _ := schemas.FS.ReadFile(n)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if id, _ := doc.(map[string]any)["$id"].(string); id != schemas.BaseURL+n {
			t.Errorf("%s: $id %q, want %q", n, id, schemas.BaseURL+n)
		}
		if err := c.AddResource(schemas.BaseURL+n, doc); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, n := range names {
		s, err := c.Compile(schemas.BaseURL + n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out[n] = s
	}
	return out
}

// Check validates one document, naming it in the failure.
func Check(t testing.TB, s *jsonschema.Schema, what string, b []byte) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: not JSON: %v", what, err)
	}
	if err := s.Validate(doc); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// Refused says whether s refuses b with a field no schema names added at
// its top (an object) or an empty item appended (an array): the schemas
// are closed, so a field renamed or added in the code fails them.
func Refused(t testing.TB, s *jsonschema.Schema, b []byte) bool {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	switch d := doc.(type) {
	case map[string]any:
		d["unnamed_field"] = true
	case []any:
		doc = append(d, map[string]any{})
	}
	return s.Validate(doc) != nil
}

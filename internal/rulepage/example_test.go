package rulepage_test

import (
	"fmt"

	"github.com/mtgrules/crgen/internal/rulepage"
)

// A Spanish rule page has no subrule letters: they are inferred by
// position, skipping l and o, and examples stay with their subrule.
func ExampleParsePlain() {
	page := "205.3. Subtipos\nSubreglas\nUna carta puede tener subtipos.\nEjemplo: uno.\nOtra regla.\nOtras reglas de este apartado\nPregunta al juez Pro\n"
	p, err := rulepage.ParsePlain([]byte(page))
	if err != nil {
		panic(err)
	}
	for _, r := range p.Rules {
		fmt.Printf("%s: %s\n", r.Number, r.Text)
	}
	// Output:
	// 205.3: Subtipos
	// 205.3a: Una carta puede tener subtipos. Ejemplo: uno.
	// 205.3b: Otra regla.
}

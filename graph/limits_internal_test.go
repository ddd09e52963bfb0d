package graph

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// DoublingFragments is a query of k fragments, each spreading the one
// before twice: a kilobyte whose fragments, spread out, are 2^k fields.
// (Exported for the package's external tests.)
func DoublingFragments(k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "query { ...F%d } fragment F0 on Query { __typename }", k)
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, " fragment F%d on Query { ...F%d ...F%d }", i, i-1, i-1)
	}
	return b.String()
}

// TestQueryWalksTakeEachFragmentOnce counts the selections the shape
// measure, the depth limit and the complexity walk visit on 30 fragments
// that spread into 2^30 fields: each fragment's once, a few dozen in all,
// and the figures are those of the query spread out.
func TestQueryWalksTakeEachFragmentOnce(t *testing.T) {
	const k = 30
	doc, err := parser.ParseQuery(&ast.Source{Input: DoublingFragments(k)})
	if err != nil {
		t.Fatal(err)
	}
	m := &measurer{doc: doc, varBytes: map[string]int{}, fragments: map[string]*setShape{}, visiting: map[string]bool{}}
	var shape setShape
	for _, op := range doc.Operations {
		shape = m.set(op.SelectionSet)
	}
	if shape.fields != 1<<k || shape.depth != k+1 {
		t.Errorf("measured %d fields %d deep, want %d, %d", shape.fields, shape.depth, 1<<k, k+1)
	}
	if max := 3 * (k + 2); m.steps > max {
		t.Errorf("the shape measure visited %d selections, want at most %d", m.steps, max)
	}

	es := NewExecutableSchema(Config{Resolvers: &Resolver{}, Complexity: complexity()})
	valid, errs := gqlparser.LoadQuery(es.Schema(), DoublingFragments(k))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	op := valid.Operations[0]
	steps := 0
	dm := depthMeasure{frags: valid.Fragments, depth: map[string]int{}, visiting: map[string]bool{}, steps: &steps}
	if d := dm.of(op.SelectionSet); d != 0 {
		t.Errorf("depth %d, want 0: __typename nests nothing", d)
	}
	if max := 3 * (k + 2); steps > max {
		t.Errorf("the depth limit visited %d selections, want at most %d", steps, max)
	}
	steps = 0
	w := complexityWalker{es: es, schema: es.Schema(), frags: map[fragmentKey]cost{}, steps: &steps}
	if c := w.set(context.Background(), op.SelectionSet); c.complexity != 1<<k {
		t.Errorf("complexity %d, want %d as gqlgen counts it", c.complexity, 1<<k)
	}
	if max := 3 * (k + 2); steps > max {
		t.Errorf("the complexity walk visited %d selections, want at most %d", steps, max)
	}
}

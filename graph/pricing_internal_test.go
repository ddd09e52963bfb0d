package graph

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestEveryListOfObjectsIsPriced: every field of the schema that answers a
// list of objects is priced by its length: a connection's edges by the page
// its field asks for, a verdict's steps by the actions of its request, and
// every other by its bound in listBounds. A list added to the schema
// without a bound fails here, rather than cost one item's price however
// long it is.
func TestEveryListOfObjectsIsPriced(t *testing.T) {
	schema := NewExecutableSchema(Config{}).Schema()
	priced := 0
	for name, def := range schema.Types {
		if def.Kind != ast.Object || strings.HasPrefix(name, "__") {
			continue
		}
		for _, f := range def.Fields {
			if f.Type.Elem == nil || strings.HasPrefix(f.Name, "__") {
				continue
			}
			elem := schema.Types[f.Type.Name()]
			if elem == nil || elem.Kind == ast.Scalar || elem.Kind == ast.Enum {
				continue
			}
			key := name + "." + f.Name
			switch {
			case strings.HasSuffix(name, "Connection") && f.Name == "edges", key == "Verdict.steps":
			case listBounds[key] > 0:
			default:
				t.Errorf("%s answers a list of %s with no bound in listBounds: it would be priced as one item", key, elem.Name)
				continue
			}
			priced++
		}
	}
	for key := range listBounds {
		typ, field, _ := strings.Cut(key, ".")
		if def := schema.Types[typ]; def == nil || def.Fields.ForName(field) == nil {
			t.Errorf("listBounds prices %s, which the schema does not have", key)
		}
	}
	t.Logf("%d lists of objects priced", priced)
}

// TestListBoundsHoldTheCorpus: the bounds taken from the data hold for the
// real corpus, with room.
func TestListBoundsHoldTheCorpus(t *testing.T) {
	c := testcorpus.Load(t)
	most := map[string]int{}
	at := func(key string, n int) { most[key] = max(most[key], n) }
	for _, e := range c.Entries {
		at("Entry.seeAlsoEntries", len(e.SeeAlso))
		at("Entry.relatedEntries", len(e.Related))
		at("Entry.otherEditionEntries", len(e.OtherEdition))
		at("Entry.paragraphs", len(e.Paragraphs))
	}
	for _, card := range c.Cards {
		at("Card.skills", len(card.Skills))
		at("Card.errata", len(card.Errata))
	}
	at("SearchFacets.document", len(c.Documents))
	// The cards one name fits: those of the same full name or title.
	byName := map[string]int{}
	for _, card := range c.Cards {
		byName[rules.FoldName(card.Name())]++
		if card.Subtitle != "" {
			byName[rules.FoldName(card.Title)]++
		}
	}
	for _, n := range byName {
		at("CardNotFound.candidates", n)
	}
	for key, n := range most {
		if bound := listBounds[key]; n > bound {
			t.Errorf("%s: the corpus holds %d, over the bound of %d", key, n, bound)
		}
	}
	t.Logf("largest in the corpus: %v", most)
}

// TestAFieldFindingTheAnswerFullReadsItsBound: the fields of one answer
// resolve concurrently, and several may reach its bound at once: one fills
// the answer and the others find it full, and whichever says why first
// reads the bound the filling field published with it. The one error given
// names its measure and limit, never an empty bound (a field that found the
// answer full once read the bound before it was written: a race under
// -race, an error of limit 0).
func TestAFieldFindingTheAnswerFullReadsItsBound(t *testing.T) {
	ctx := context.Background()
	for round := range 3000 {
		m := &meter{}
		const fields = 8
		errs := make(chan error, fields)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for range fields {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs <- m.fill(ctx, "bytes", 8<<10)
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		named := 0
		for err := range errs {
			var gerr *gqlerror.Error
			if !errors.As(err, &gerr) {
				t.Fatalf("round %d: %v is not a GraphQL error", round, err)
			}
			if gerr.Message == cutMessage {
				continue
			}
			named++
			details, _ := gerr.Extensions["details"].(map[string]any)
			if details["measure"] != "bytes" || details["limit"] != 8<<10 {
				t.Fatalf("round %d: the bound's error says %v", round, details)
			}
		}
		if named != 1 {
			t.Fatalf("round %d: %d errors name the bound, want 1", round, named)
		}
	}
}

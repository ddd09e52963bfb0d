//go:build !race

package budget_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/rules"
)

// selection asks for every field of a type: its scalars, and down to depth
// its objects and lists of objects, each page first items long, in at most
// room bytes (a query holds at most graph.MaxQueryBytes): the fields that
// do not fit are left out, the deepest first.
func selection(schema *ast.Schema, typ string, depth, first int, room *int) string {
	def := schema.Types[typ]
	var parts []string
	take := func(s string) bool {
		if len(s)+1 > *room {
			return false
		}
		*room -= len(s) + 1
		parts = append(parts, s)
		return true
	}
fields:
	for _, f := range def.Fields {
		if strings.HasPrefix(f.Name, "__") {
			continue
		}
		args := ""
		for _, a := range f.Arguments {
			switch {
			case a.Name == "first":
				args = fmt.Sprintf("(first: %d)", first)
			case a.Type.NonNull && a.DefaultValue == nil:
				continue fields
			}
		}
		ft := schema.Types[f.Type.Name()]
		if ft.Kind == ast.Scalar || ft.Kind == ast.Enum {
			take(f.Name + args)
			continue
		}
		if depth > 1 && *room > 64 {
			*room -= len(f.Name) + len(args) + 4
			inner := selection(schema, ft.Name, depth-1, first, room)
			parts = append(parts, f.Name+args+" { "+inner+" }")
		}
	}
	if len(parts) == 0 {
		return "__typename"
	}
	return strings.Join(parts, " ")
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// GraphQL queries over every root field, each aliased up to the most a query
// may hold, selecting every field down to a depth, every list page up to
// its limit: the selections over every list field.
func graphQLStarts(voc *vocabulary) start {
	schema := graph.NewExecutableSchema(graph.Config{}).Schema()
	roots := []string{"documents", "entry", "search", "define", "card", "cardNamed", "cards", "autocomplete", "cardCollection", "adjudicate", "turn"}
	knobs := append([]knob{{"root", len(roots) - 1}, {"aliases", graph.MaxAliases}, {"first", rules.MaxPageLimit}, {"depth", 6},
		{"bytes", 500}, {"source", 2}, {"actions", rules.MaxReplayActions}}, boardKnobs...)
	knobs = append(knobs, paramsKnobs...)
	f := family{name: "graphql", knobs: knobs, build: func(v []int) request {
		rng := seeded(v)
		root, aliases, first, depth, n, source, actions := roots[v[0]], max(1, v[1]), max(1, v[2]), max(1, v[3]), v[4], v[5], v[6]
		s := specOf(v[7 : 7+len(boardKnobs)])
		pv := v[7+len(boardKnobs):]
		text := voc.text(max(1, n), max(1, n/8), source, rng)
		vars := map[string]any{}
		var field, typ, vdecl string
		switch root {
		case "documents":
			field, typ = fmt.Sprintf("documents(first: %d)", first), "DocumentConnection"
		case "entry":
			field, typ = fmt.Sprintf("entry(id: %s)", quote(voc.entryIDs[rng.IntN(len(voc.entryIDs))])), "Entry"
		case "search":
			field, typ = fmt.Sprintf("search(q: %s, first: %d)", quote(text), first), "SearchConnection"
		case "define":
			field, typ = fmt.Sprintf("define(term: %s, first: %d)", quote(text), first), "EntryConnection"
		case "card":
			field, typ = fmt.Sprintf("card(id: %s)", quote(voc.cardIDs[rng.IntN(len(voc.cardIDs))])), "Card"
		case "cardNamed":
			field, typ = fmt.Sprintf("cardNamed(name: %s, fuzzy: true)", quote(text)), "Card"
		case "cards":
			field, typ = fmt.Sprintf("cards(q: %s, first: %d)", quote(text[:min(len(text), 40)]), first), "CardConnection"
		case "autocomplete":
			field, typ = fmt.Sprintf("autocomplete(q: %s, first: %d)", quote(text), min(first, 20)), "NameConnection"
		case "cardCollection":
			var idents []string
			for i := range min(first, rules.MaxCardIdentifiers) {
				idents = append(idents, fmt.Sprintf("{name: %s, fuzzy: true}", quote(voc.text(max(1, n/4), 2, source, rng)+fmt.Sprint(i))))
			}
			field, typ = "cardCollection(identifiers: ["+strings.Join(idents, ", ")+"])", "CardCollection"
		case "adjudicate", "turn":
			q := rules.Questions()[pv[0]%len(rules.Questions())]
			p := params(q, s, pv[0], pv[1], pv[2], voc)
			if root == "turn" {
				q = rules.QuestionTurnReplay
				var acts []any
				for i := range actions {
					acts = append(acts, obj{"question": "ship.move", "params": obj{"ship": id("s", 0, s.text), "to": id("m", (i+1)%s.missions, s.text)}})
				}
				p = obj{"actions": orEmpty(acts)}
			}
			vars["r"] = adjudication(q, s, p, voc, rng)
			field, typ, vdecl = "adjudicate(request: $r)", "Verdict", "($r: AdjudicationRequest!)"
		}
		// Every alias the same selection, all of them within the query's
		// bytes.
		room := graph.MaxQueryBytes/aliases - len(field) - 16
		sel := selection(schema, typ, depth, first, &room)
		var b strings.Builder
		b.WriteString("query" + vdecl + " {")
		for i := range aliases {
			fmt.Fprintf(&b, " a%d: %s { %s }", i, field, sel)
		}
		b.WriteString(" }")
		body, _ := json.Marshal(map[string]any{"query": b.String(), "variables": vars})
		return request{method: "POST", path: "/graphql", body: body,
			label: fmt.Sprintf("GraphQL %s × %d, depth %d, first %d, %d bytes of query, %d of variables", root, aliases, depth, first, b.Len(), len(body)-b.Len())}
	}}
	var starts [][]int
	for r := range roots {
		for _, a := range []int{1, graph.MaxAliases} {
			v := make([]int, len(knobs))
			for i, k := range knobs {
				v[i] = k.max / 2
			}
			v[0], v[1], v[3] = r, a, 3
			starts = append(starts, v)
		}
	}
	return start{family: f, starts: starts, randoms: 4, rounds: 1}
}

package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/jsonfield"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestEveryStatisticEveryQuestionReadsIsAskedForOnTheRealCards derives,
// rather than lists, the statistics each question reads: it takes every
// answered request of the contract's examples, the pages' samples and the
// blind probe, and leaves out, one at a time, each statistic a board object
// gives inline (and a card played inline). Where the answer becomes 422
// naming that object and that statistic, the question reads it. Then, for
// each question, edition, kind of object and statistic so found, the object
// is made a real card of the card data that lacks the statistic, its other
// statistics inline: the question is refused 422 naming the object, the
// card and the statistic; with the statistic given inline beside the card,
// it is answered. A statistic no card of the data lacks (the 1E data gives
// every personnel's attributes) cannot be missing from a card, and is said
// so.
func TestEveryStatisticEveryQuestionReadsIsAskedForOnTheRealCards(t *testing.T) {
	w := realWorld(t)
	ctx := context.Background()
	stats := engine.StatNames()

	// A read is one statistic of one kind of object a question read: the
	// request it was found in, the object's list and index.
	type read struct {
		question, edition, kind, stat string
	}
	type found struct {
		body  []byte
		list  string
		index int
	}
	reads := map[read]found{}
	sources := answeredRequests(t)
	for _, body := range sources {
		req := decodedBody(t, body)
		if _, err := ask(ctx, w.svc, req); err != nil {
			continue
		}
		if p, ok := req.Params.(*rules.CardPlayParams); ok && p.Card.Inline != nil {
			for _, f := range jsonfield.Of(reflect.TypeFor[rules.InlineCard]()) {
				if !slices.Contains(stats, f.JSON) || reflect.ValueOf(*p.Card.Inline).FieldByIndex(f.Index).IsZero() {
					continue
				}
				r := decodedBody(t, body)
				reflect.ValueOf(r.Params.(*rules.CardPlayParams).Card.Inline).Elem().FieldByIndex(f.Index).SetZero()
				_, err := ask(ctx, w.svc, r)
				d := rules.ErrorDetails(err)
				if rules.ErrorCode(err) == rules.EUNPROCESSABLE && d["field"] == "params.card" && d["needs"] == f.JSON {
					k := read{string(req.Question), req.Edition, "card", f.JSON}
					if _, ok := reads[k]; !ok {
						reads[k] = found{body, "params.card", -1}
					}
				}
			}
		}
		for _, o := range boardObjects(req) {
			for _, f := range jsonfield.Of(o.typ) {
				if !slices.Contains(stats, f.JSON) {
					continue
				}
				r := decodedBody(t, body)
				v := objectValue(&r, o.list, o.index)
				if v.FieldByIndex(f.Index).IsZero() {
					continue
				}
				v.FieldByIndex(f.Index).SetZero()
				_, err := ask(ctx, w.svc, r)
				d := rules.ErrorDetails(err)
				if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != o.path || d["needs"] != f.JSON {
					continue
				}
				k := read{string(req.Question), req.Edition, o.kind, f.JSON}
				if _, ok := reads[k]; !ok {
					reads[k] = found{body, o.list, o.index}
				}
			}
		}
	}
	if len(reads) == 0 {
		t.Fatalf("no statistic found read in %d requests", len(sources))
	}

	cards := testcorpus.Load(t).Cards
	keys := make([]read, 0, len(reads))
	for k := range reads {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
	asked := map[string]bool{}
	for _, k := range keys {
		src := reads[k]
		t.Run(fmt.Sprintf("%s/%s/%s/%s", k.question, k.edition, k.kind, k.stat), func(t *testing.T) {
			// A card of the edition and kind whose data lacks the statistic.
			var lacking []*rules.Card
			for _, c := range cards {
				kind := k.kind
				if kind == "card" {
					kind = c.Type // a card played is of any type
					if k.stat == "type" {
						// The type of a card played is its card type,
						// which every card's data or list gives; a
						// mission's planet or space is another.
						kind = "card"
					}
				} else if cardKind(c) != kind {
					continue
				}
				if string(c.Edition) == k.edition && slices.Contains(engine.UnknownStats(c, kind, k.edition == "1e"), k.stat) {
					lacking = append(lacking, c)
				}
			}
			if len(lacking) == 0 {
				t.Logf("no %s %s of the card data lacks its %s: it cannot be missing from a card", k.edition, k.kind, k.stat)
				return
			}
			if k.kind == "card" {
				// A card played by its id alone, the card data lacking the
				// statistic; given inline (the request it was found in), it
				// was answered.
				for _, c := range lacking {
					r := decodedBody(t, src.body)
					r.Params.(*rules.CardPlayParams).Card = rules.CardRef{Ref: c.ID}
					_, err := ask(ctx, w.svc, r)
					d := rules.ErrorDetails(err)
					if rules.ErrorCode(err) == rules.EUNPROCESSABLE && d["field"] == "params.card" && d["card"] == c.ID && d["needs"] == k.stat {
						asked[k.stat] = true
						return
					}
				}
				t.Errorf("no %s card lacking its %s (%s first) played by %s was asked for it", k.edition, k.stat, lacking[0].ID, k.question)
				return
			}
			path := fmt.Sprintf("board.%s[%d]", src.list, src.index)
			// The first card that stands in for the object: a card whose
			// own rules (uniqueness, persona, where it plays) refuse the
			// board otherwise is passed over for the next.
			for _, c := range lacking[:min(len(lacking), 20)] {
				r := decodedBody(t, src.body)
				v := objectValue(&r, src.list, src.index)
				v.FieldByName("Card").SetString(c.ID)
				f := statField(t, v.Type(), k.stat)
				given := reflect.New(f.Type).Elem()
				given.Set(v.FieldByIndex(f.Index))
				v.FieldByIndex(f.Index).SetZero()
				_, err := ask(ctx, w.svc, r)
				d := rules.ErrorDetails(err)
				if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != path || d["card"] != c.ID || d["needs"] != k.stat {
					continue
				}
				v.FieldByIndex(f.Index).Set(given)
				if _, err := ask(ctx, w.svc, r); err != nil {
					continue
				}
				asked[k.stat] = true
				return
			}
			t.Errorf("no %s %s lacking its %s (%d of the data, %s first) was asked for it by %s at %s and answered once it was given",
				k.edition, k.kind, k.stat, len(lacking), lacking[0].ID, k.question, path)
		})
	}
	t.Logf("%d statistics read, found in %d requests; asked of a real card lacking them: %v", len(reads), len(sources), slices.Sorted(func(yield func(string) bool) {
		for s := range asked {
			if !yield(s) {
				return
			}
		}
	}))
	for _, s := range statsTheEngineReads(t) {
		if !slices.ContainsFunc(keys, func(k read) bool { return k.stat == s }) {
			t.Errorf("no question was found reading %s, which the engine reads: give the requests a board that reads it", s)
		}
	}
}

// statsTheEngineReads are the statistics the engine's code names beyond
// the file that defines them (known.go): stat constants written where a
// question reads one.
func statsTheEngineReads(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, n := range engine.StatNames() {
		names["stat"+strings.ToUpper(n[:1])+n[1:]] = n
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "known.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if s, ok := names[id.Name]; ok && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatal("the engine's code names no statistic")
	}
	sort.Strings(out)
	return out
}

// readingRequests are requests written for this test whose boards read
// the statistics the other requests' boards give no question cause to:
// a species and a characteristic (one the card data knows as such) a
// requirement names, a card played inline.
var readingRequests = []string{
	`{"edition":"2e","question":"requirement.check","board":{"missions":[{"id":"m","title":"m","type":"planet","quadrant":"alpha","span":2}],` +
		`"personnel":[{"id":"v","affiliation":"federation","icons":["staff"],"skills":["Science"],"characteristics":[],"species":"Vulcan","integrity":6,"cunning":6,"strength":5,"at":{"mission":"m"}}]},` +
		`"params":{"requirement":"Vulcan","personnel":["v"]}}`,
	`{"edition":"1e","question":"requirement.check","board":{"missions":[{"id":"m","title":"m","type":"planet","quadrant":"alpha","span":2}],` +
		`"personnel":[{"id":"v","affiliation":"federation","icons":["staff"],"skills":["SCIENCE"],"characteristics":["Admiral"],"species":"Vulcan","integrity":6,"cunning":6,"strength":5,"at":{"mission":"m"}}]},` +
		`"params":{"requirement":"Admiral","personnel":["v"]}}`,
	`{"edition":"2e","question":"card.play","board":{"missions":[{"id":"hq","title":"hq","type":"headquarters","quadrant":"alpha","span":2,"play":["klingon","equipment"]}]},` +
		`"params":{"card":{"title":"Zq Rifle","type":"equipment","cost":1,"unique":false},"counters":7,"at":"hq"}}`,
	`{"edition":"1e","question":"card.play","board":{"missions":[{"id":"m","title":"m","type":"planet","quadrant":"alpha","span":2}],` +
		`"facilities":[{"id":"post","affiliation":"klingon","kind":"outpost","shields":30,"at":{"mission":"m"}}]},` +
		`"params":{"card":"1e-101-275","at":"post"}}`,
}

// answeredRequests are the bodies of the contract's examples, the pages'
// samples and the blind probe, compact.
func answeredRequests(t *testing.T) [][]byte {
	t.Helper()
	var out [][]byte
	for _, b := range readingRequests {
		out = append(out, []byte(b))
	}
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		out = append(out, ex.Request)
	}
	samples, err := filepath.Glob("../../web/samples/*.json")
	if err != nil || len(samples) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	files := append(samples, "../../api/testdata/blind-probe.json")
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Request  json.RawMessage
			Examples []struct{ Request json.RawMessage }
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if file.Request != nil {
			out = append(out, file.Request)
		}
		for _, ex := range file.Examples {
			out = append(out, ex.Request)
		}
	}
	return out
}

// decodedBody is a body read as the API reads it.
func decodedBody(t *testing.T, body []byte) rules.AdjudicationRequest {
	t.Helper()
	var r rules.AdjudicationRequest
	if err := api.DecodeAdjudication(body, &r); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return r
}

// A boardObject is one object of a request's board: its list, index and
// path, the kind of card it is, and its type.
type boardObject struct {
	list, kind, path string
	index            int
	typ              reflect.Type
}

// boardLists are the board's lists and the kind of card each holds.
var boardLists = []struct{ field, list, kind string }{
	{"Missions", "missions", "mission"}, {"Ships", "ships", "ship"},
	{"Personnel", "personnel", "personnel"}, {"Facilities", "facilities", "facility"},
}

func boardObjects(r rules.AdjudicationRequest) []boardObject {
	var out []boardObject
	b := reflect.ValueOf(r.Board)
	for _, l := range boardLists {
		s := b.FieldByName(l.field)
		for i := range s.Len() {
			out = append(out, boardObject{l.list, l.kind, fmt.Sprintf("board.%s[%d]", l.list, i), i, s.Type().Elem()})
		}
	}
	return out
}

// objectValue is the settable object at list[i] of r's board.
func objectValue(r *rules.AdjudicationRequest, list string, i int) reflect.Value {
	for _, l := range boardLists {
		if l.list == list {
			return reflect.ValueOf(&r.Board).Elem().FieldByName(l.field).Index(i)
		}
	}
	panic("no board list " + list)
}

// statField is the field of a board object's type giving the statistic.
func statField(t *testing.T, typ reflect.Type, stat string) jsonfield.Field {
	t.Helper()
	for _, f := range jsonfield.Of(typ) {
		if f.JSON == stat {
			return f
		}
	}
	t.Fatalf("%s has no field %s", typ, stat)
	return jsonfield.Field{}
}

// cardKind is the kind of board object a card makes, "" for none.
func cardKind(c *rules.Card) string {
	switch c.Type {
	case "personnel", "ship", "mission", "facility":
		return c.Type
	}
	return ""
}

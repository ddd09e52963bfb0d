package search

import (
	"context"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestAParagraphNamingTheTermAnswersWhatItIs: to a question asking what a
// term is, the paragraph saying what is one ("... are spare-drops and are
// set aside") answers, before one using the term in passing; a clause
// opened by "while" or "if" names nothing, nor does one going on past the
// term; and another kind of question reads no paragraph so.
func TestAParagraphNamingTheTermAnswersWhatItIs(t *testing.T) {
	ctx := context.Background()
	e := entry("1e-rulebook", "1e", "section", "Spares",
		"Spare-drops and widget cards go beneath your spare pile, face down, one to a lane.\n\n"+
			"While your widget is a spare-drop, you cannot use it.\n\n"+
			"Any cards placed beneath a lane other than as described above are spare-drops and are set aside.")
	ix, err := Build(ctx, fixtureDocs(), []*rules.Entry{e}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	m := ix.meta[e.ID]
	var paras []int16
	for _, n := range m.named {
		paras = append(paras, n.para)
	}
	if !slices.Contains(paras, 2) || slices.Contains(paras, 1) || slices.Contains(paras, 0) {
		t.Fatalf("paragraphs naming a term: %v, want paragraph 2 only", paras)
	}
	want := rules.Paragraphs(e.Text)[2].Anchor
	res, err := ix.Search(ctx, rules.SearchQuery{Q: "define spare-drop", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Anchor != want {
		t.Fatalf("hits %+v, want %s#%s first", res.Hits, e.ID, want)
	}
	for _, q := range []string{"define spare-drop", "spare drop"} {
		u, err := parseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		asked := a.intent&intentDefinition != 0
		for p := range m.paras {
			if got := a.answersOf(m, p)&intentDefinition != 0; got != (asked && p == 2) {
				t.Errorf("%q: paragraph %d answers what the term is: %v", q, p, got)
			}
		}
	}
}

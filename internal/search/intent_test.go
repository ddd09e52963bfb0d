package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestIntentOfQuestionForms(t *testing.T) {
	for _, c := range []struct {
		q      string
		want   intent
		asking []string
	}{
		{"how many dilemmas are drawn", intentNumber, []string{"how", "many"}},
		{"combat tie who wins", intentWinner, []string{"who", "wins"}},
		{"Can I beam through shields", intentPermission, []string{"Can"}},
		{"can two widgets share a lane", intentPermission, []string{"can"}},
		{"when can a widget share a lane", 0, nil},
		{"max hand size", intentNumber | intentAtMost, []string{"max"}},
		{"min dilemmas in the pile", intentNumber | intentAtLeast, []string{"min"}},
		{"whats a bluff", intentDefinition, []string{"whats"}},
		{"what does downloading mean", intentDefinition, []string{"mean"}},
		{"how do i win", 0, nil},
		{"many missions", 0, nil},
	} {
		got, asking := intentOf(strings.Fields(c.q))
		if got != c.want || !slices.Equal(asking, c.asking) {
			t.Errorf("intentOf(%q) = %b %q, want %b %q", c.q, got, asking, c.want, c.asking)
		}
	}
}

func TestAnswersInParagraphs(t *testing.T) {
	for _, c := range []struct {
		text string
		want intent
	}{
		{"Draw 7 cards.", intentNumber},
		{"It costs twice as much.", intentNumber},
		{"If the totals are tied, there is no winner.", intentWinner},
		{"You can't beam there.", intentPermission},
		{"Card 12345 of set 1999.", 0},
		{"Here, retreat means to leave the fight.", intentDefinition},
		{"A ship moves.", 0},
	} {
		if got := answersIn(c.text); got != c.want {
			t.Errorf("answersIn(%q) = %b, want %b", c.text, got, c.want)
		}
	}
}

// TestDefiningParagraphsAnswerWhatATermIs: a glossary entry's first
// paragraph and a paragraph opening with the term it defines say what a
// term is; a glossary entry's later paragraphs and a section's do not.
func TestDefiningParagraphsAnswerWhatATermIs(t *testing.T) {
	ix := buildFixture(t)
	for _, c := range []struct {
		id   string
		para int
		want bool
	}{
		{rules.EntryID("2e-rulebook", "glossary", "Examine"), 0, true},
		{rules.EntryID("2e-rulebook", "section", "Combat"), 0, false},
	} {
		m := ix.meta[c.id]
		if m == nil || len(m.paras) <= c.para {
			t.Fatalf("%s: no paragraph %d", c.id, c.para)
		}
		if got := m.paras[c.para].answers&intentDefinition != 0; got != c.want {
			t.Errorf("%s paragraph %d says what a term is: %v, want %v", c.id, c.para, got, c.want)
		}
	}
}

// answerCase is a question and, for each paragraph of the entry asked
// about, whether it answers the kind of question asked.
type answerCase struct {
	q    string
	want []bool
}

// checkParagraphsAnswer builds an index of e and the others beside it and,
// for each question, checks which of e's paragraphs answer the kind asked;
// it returns the index and e's facts for what a test checks besides.
func checkParagraphsAnswer(t *testing.T, e *rules.Entry, others []*rules.Entry, kind intent, cases ...answerCase) (*Index, *docMeta) {
	t.Helper()
	ix := fixtureIndexWith(t, defaultWeights(), append([]*rules.Entry{e}, others...))
	m := ix.meta[e.ID]
	for _, c := range cases {
		if m == nil || len(m.paras) != len(c.want) {
			t.Fatalf("%s: paragraphs %v, want %d", e.ID, m, len(c.want))
		}
		u, err := parseQuery(c.q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		for p, want := range c.want {
			if got := a.answersOf(m, p)&kind != 0; got != want {
				t.Errorf("%q: paragraph %d (%q) answers: %v, want %v", c.q, p, rules.Paragraphs(e.Text)[p].Text, got, want)
			}
		}
	}
	return ix, m
}

// TestNumbersAnswerHowManyOfWhatTheyCount: a number answers "how many" of a
// word of the question only when it counts that word, standing just before
// it (one word may come between), not a number anywhere in the paragraph.
func TestNumbersAnswerHowManyOfWhatTheyCount(t *testing.T) {
	e := entry("1e-rulebook", "1e", "section", "Lanes",
		"Each player takes one turn at a time and builds lanes.\n\nThere may be up to three lanes on the table.\n\nPlace 30 counted lanes here.\n\nLanes hold 7 of the cards.")
	// The words of the question's form are the index's too, so that none
	// is read as a typo.
	other := entry("1e-rulebook", "1e", "section", "Players", "How many players there are does not matter; each can build.")
	ix, m := checkParagraphsAnswer(t, e, []*rules.Entry{other}, intentNumber, answerCase{"how many lanes", []bool{false, true, true, false}})
	for p := range m.paras {
		if m.paras[p].answers&intentNumber == 0 {
			t.Errorf("paragraph %d holds no number at all", p)
		}
	}
	// Another kind of question reads the paragraph's answers as they are.
	u, _ := parseQuery("can i build lanes")
	if a := ix.analyze(u); a.answersOf(m, 0) != m.paras[0].answers {
		t.Errorf("a permission question reads paragraph 0's answers as %b, want %b", a.answersOf(m, 0), m.paras[0].answers)
	}
}

// TestModalAnswersWhatTheQuestionDoes: a paragraph answers whether
// something may be done when a word stating what may be done governs a word
// of the question (the first word after it the English analysis keeps, past
// "not", "be", "only"), not when "may" stands anywhere in it.
func TestModalAnswersWhatTheQuestionDoes(t *testing.T) {
	e := entry("1e-rulebook", "1e", "section", "Depots",
		"Widgets may not be stacked at a depot.\n\nYou may draw a card when widgets are stacked at a depot.\n\nA widget can only be stacked once.\n\nWidgets are stacked at a depot.")
	other := entry("1e-rulebook", "1e", "section", "Players", "Each player can draw cards.")
	checkParagraphsAnswer(t, e, []*rules.Entry{other}, intentPermission, answerCase{"can widgets be stacked at a depot", []bool{true, false, true, false}})
}

// TestQueryAsTypedChoosesTheParagraph: of two paragraphs holding every word
// of the query, the one holding its words side by side as typed, stop words
// included ("out of widget cards"), is the hit's paragraph, wherever it
// stands; a query without a stop word is not read so.
func TestQueryAsTypedChoosesTheParagraph(t *testing.T) {
	ctx := context.Background()
	e := entry("1e-rulebook", "1e", "section", "Spares",
		"Place each used widget card beneath your spare pile. When your spare pile runs out of face-down widget cards, turn it over.\n\n"+
			"If your spare pile is ever completely out of widget cards, you cannot draw more of them.")
	other := entry("1e-rulebook", "1e", "section", "Widgets", "A widget is a card of its own.")
	ix, err := Build(ctx, fixtureDocs(), []*rules.Entry{e, other}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	want := rules.Paragraphs(e.Text)[1].Anchor
	res, err := ix.Search(ctx, rules.SearchQuery{Q: "spare pile out of widget cards", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != e.ID || res.Hits[0].Anchor != want {
		t.Fatalf("hits %+v, want %s#%s first", res.Hits, e.ID, want)
	}
	u, err := parseQuery("spare pile out of widget cards")
	if err != nil {
		t.Fatal(err)
	}
	a := ix.analyze(u)
	var sc paragraphScratch
	m := ix.meta[e.ID]
	for p, run := range []int{0, 4} {
		a.bestParagraph(m, ^uint64(0), &ix.w, &sc) // fills sc.byTerm
		a.wordsIn(m, p, &sc)
		if got := a.typedRun(m, p, &sc); got != run {
			t.Errorf("paragraph %d holds %d words of the query as typed, want %d", p, got, run)
		}
	}
	u, _ = parseQuery("spare pile widget cards")
	if a := ix.analyze(u); a.typed != nil {
		t.Errorf("a query without a stop word is read as typed: %v", a.typed)
	}
}

// TestHowManyCountsTheWordAsked: "how many tracks" is answered by a number
// counting tracks, not by one counting another word of the question; "max",
// "minimum" and "limit" name no word counted ("minimum deck size").
func TestHowManyCountsTheWordAsked(t *testing.T) {
	e := entry("1e-rulebook", "1e", "section", "Lane pile",
		"Your lane pile holds up to 30 counted lane cards.\n\nIt must include exactly six tracks.")
	other := entry("1e-rulebook", "1e", "section", "Players", "How many players there are does not matter; each can build.")
	checkParagraphsAnswer(t, e, []*rules.Entry{other}, intentNumber,
		answerCase{"how many tracks in my lane pile", []bool{false, true}},
		answerCase{"how many lane cards in tracks", []bool{true, false}},
		answerCase{"max lane cards tracks", []bool{true, true}},
	)
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"how many missions do i need", []string{"missions", "do"}},
		{"number of dilemmas", []string{"dilemmas"}},
		{"minimum deck size", nil},
		{"how much range", nil},
		{"hand limit", nil},
	} {
		if got := countedAfter(strings.Fields(c.q)); !slices.Equal(got, c.want) {
			t.Errorf("countedAfter(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

// TestTitleAsTypedInTheQuery: a title holding a stop word is named by a
// query holding its words side by side as typed ("linked with"), not by one
// holding them apart or without the stop word.
func TestTitleAsTypedInTheQuery(t *testing.T) {
	ctx := context.Background()
	glossary := entry("2e-rulebook", "2e", "glossary", "Linked with", "A widget linked with a personnel moves when the personnel moves.")
	section := entry("2e-rulebook", "2e", "section", "Linked widgets", "A personnel may carry a linked widget, and the widget moves with its personnel.")
	ix, err := Build(ctx, fixtureDocs(), []*rules.Entry{glossary, section}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, c := range []struct {
		q                string
		glossary, titled bool
	}{
		{"personnel linked with a widget", true, false},
		{"widget linked to personnel with it", false, false},
		{"linked widgets", false, false},
	} {
		u, err := parseQuery(c.q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		if got := a.titleTyped(ix.meta[glossary.ID]); got != c.glossary {
			t.Errorf("%q names %q as typed: %v, want %v", c.q, glossary.Title, got, c.glossary)
		}
		if got := a.titleTyped(ix.meta[section.ID]); got != c.titled {
			t.Errorf("%q names %q as typed: %v, want %v (no stop word in it)", c.q, section.Title, got, c.titled)
		}
	}
	res, err := ix.Search(ctx, rules.SearchQuery{Q: "personnel linked with a widget", Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != glossary.ID {
		t.Errorf("hits %+v, want %s first", res.Hits, glossary.ID)
	}
}

// TestCountsWithoutAFigureAnswerHowMany: "no limit to the number of",
// "any number of" and "as many ... as" count what follows them as a figure
// does, and "once" or "twice" count times, not the words after them; a
// clause opened by "once" counts nothing.
func TestCountsWithoutAFigureAnswerHowMany(t *testing.T) {
	e := entry("1e-rulebook", "1e", "section", "Hopping",
		"There is no limit to the number of times you can hop during your turn.\n\n"+
			"Each of these hops may be made only once.\n\n"+
			"Once you are done hopping, clear the lanes.\n\n"+
			"You may hop over as many lanes as you like.\n\n"+
			"Hop across 2 lanes.")
	other := entry("1e-rulebook", "1e", "section", "Players", "How many players there are does not matter; each can build.")
	checkParagraphsAnswer(t, e, []*rules.Entry{other}, intentNumber,
		answerCase{"how many times can i hop", []bool{true, true, false, false, false}},
		answerCase{"how many lanes can i hop", []bool{false, false, false, true, true}},
	)
	if got, asking := intentOf(strings.Fields("what counts as a hop")); got != intentDefinition || !slices.Equal(asking, []string{"counts", "as"}) {
		t.Errorf(`intentOf("what counts as a hop") = %b %q, want what a hop is`, got, asking)
	}
}

// intentHeldEntries are invented rules: one counts the tokens a reserve
// holds, another holds the question's nouns without counting them.
func intentHeldEntries() []*rules.Entry {
	return []*rules.Entry{
		entry("2e-rulebook", "2e", "section", "Token Reserve", "Your reserve holds 4 tokens each turn; refill it from the box when it runs low."),
		entry("2e-rulebook", "2e", "section", "Token Trading", "Players trade tokens at the start of a turn: trading tokens at the start of a turn is how a turn often begins."),
		// The words of the question's form are the index's too.
		entry("2e-rulebook", "2e", "section", "Players", "How many players there are does not matter; each can build."),
	}
}

// TestAnEntryHoldingTheKindAskedHoldsTheWordsThatAsk: a question's words of
// its form ("many" of "how many") are held by an entry holding the kind of
// answer asked (a number counting the tokens), as they are by its paragraph:
// with IntentHeld it scores more against one holding the question's other
// words without the answer than it does without.
func TestAnEntryHoldingTheKindAskedHoldsTheWordsThatAsk(t *testing.T) {
	ratio := func(on bool) float64 {
		w := defaultWeights()
		w.IntentHeld = on
		ix := fixtureIndexWith(t, w, intentHeldEntries())
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: "how many tokens at the start of a turn", Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		score := map[string]float64{}
		for _, h := range res.Hits {
			score[h.Title] = h.Score
		}
		if score["Token Reserve"] == 0 || score["Token Trading"] == 0 {
			t.Fatalf("IntentHeld %v: hits %v", on, score)
		}
		return score["Token Reserve"] / score["Token Trading"]
	}
	if on, off := ratio(true), ratio(false); on <= off*1.05 {
		t.Errorf("the entry counting tokens scores %.3f of the other with IntentHeld, %.3f without; want more with it", on, off)
	}
}

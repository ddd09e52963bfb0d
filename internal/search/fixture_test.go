package search

import (
	"context"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The fixture corpus: invented rule-like sentences in the shapes of the real
// documents (three Second Edition rulebooks that repeat a section, a First
// Edition rulebook, a rulings page, a few cards).
func fixtureDocs() []rules.Document {
	return []rules.Document{
		{ID: "1e-rulebook", Edition: "1e", Kind: "rulebook", Precedence: 1},
		{ID: "1e-current-rulings", Edition: "1e", Kind: "rulings", Precedence: 2},
		{ID: "2e-rulebook-premiere", Edition: "2e", Kind: "rulebook", Precedence: 1},
		{ID: "2e-rulebook-call-to-arms", Edition: "2e", Kind: "rulebook", Precedence: 2},
		{ID: "2e-rulebook", Edition: "2e", Kind: "rulebook", Precedence: 3},
	}
}

func entry(doc, edition, kind, title, text string) *rules.Entry {
	return &rules.Entry{ID: rules.EntryID(doc, kind, title), Kind: kind, Title: title, DocumentID: doc,
		Edition: edition, Text: text, Path: []string{title}}
}

func fixtureEntries() []*rules.Entry {
	e := []*rules.Entry{
		// The same section in the three 2E rulebooks; the oldest has the most
		// matching words, the newest governs.
		entry("2e-rulebook-premiere", "2e", "section", "Combat", "Combat starts when your personnel attack. Each side totals strength; the side with the higher strength total wins combat and the loser stops one personnel. Strength strength strength."),
		entry("2e-rulebook-call-to-arms", "2e", "section", "Combat", "Combat starts when your personnel attack. Each side totals strength; the higher total wins combat."),
		entry("2e-rulebook", "2e", "section", "Combat", "Combat begins when your personnel attack. Each side totals strength; the higher total wins."),
		entry("2e-rulebook", "2e", "section", "Engagements", "An engagement is a fight between ships. Compare the weapons of the attacker with the shields of the defender."),
		entry("2e-rulebook", "2e", "glossary", "Mirror Universe", "A quadrant of its own, reached through rare anomalies. Cards there keep their own rules."),
		entry("2e-rulebook", "2e", "glossary", "Examine", "To examine a card is to look at it; it is shown only to the player allowed to see it."),
		entry("2e-rulebook", "2e", "glossary", "Stopped", "A stopped card is turned sideways and cannot move, attack or attempt until your next turn."),
		entry("2e-rulebook", "2e", "section", "When and While", "Some text triggers once, when something happens; other text lasts while a condition holds."),
		entry("2e-rulebook", "2e", "section", "Dilemmas", "Your opponent draws dilemmas equal to the number of your personnel attempting, minus the overcome dilemmas beneath the mission. Mentions of the Mirror Universe here are passing."),
		entry("1e-rulebook", "1e", "section", "Beaming", "Transport personnel & equipment between a ship and a planet, or between two ships, when shields allow <it>."),
		entry("1e-rulebook", "1e", "section", "Facility Phase", "Seed one outpost in a native quadrant of its affiliation, at a mission that shows the matching icon."),
		entry("1e-rulebook", "1e", "section", "Battle", "A battle is declared by the attacker. Hattle noise aside, weapons face shields."),
		entry("1e-current-rulings", "1e", "ruling", "Tantalus Field", "This field does not reach a cloaked ship, because it cannot be targeted."),
		entry("1e-current-rulings", "1e", "ruling", "Outpost", "An outpost is a facility. See facility phase."),
	}
	// Filler, so that paging has more than one page.
	for _, t := range []string{"Range", "Staffing", "Reporting", "Missions", "Points", "Ships", "Personnel", "Equipment", "Events", "Interrupts", "Headquarters", "Quadrants"} {
		e = append(e, entry("2e-rulebook", "2e", "glossary", t, "A short note about "+t+" that also mentions a ship and personnel in passing."))
	}
	return e
}

func fixtureCards() []*rules.Card {
	return []*rules.Card{
		{ID: "2e-1-100", Edition: "2e", Set: "1", Number: "100", Title: "Tantalus Field", Type: "event",
			GameText: "Destroy one personnel whose owner cannot pay."},
		{ID: "1e-101-200", Edition: "1e", Set: "101", Number: "200", Title: "Jean-Luc Picard", Subtitle: "Captain", Type: "personnel",
			Affiliation: "federation", Skills: []rules.Skill{{Name: "Diplomacy", Level: 2}}, Lore: "Captain of a starship."},
	}
}

// buildFixture indexes the fixture corpus in memory.
func buildFixture(tb testing.TB) *Index {
	tb.Helper()
	ix, err := Build(context.Background(), fixtureDocs(), fixtureEntries(), fixtureCards())
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	tb.Cleanup(func() { _ = ix.Close() })
	return ix
}

// corpusIndex is the real corpus's index, built once for the test binary.
var corpusIndex struct {
	once sync.Once
	ix   *Index
	err  error
}

// buildCorpus returns the real corpus indexed in memory. The index is built
// once for the test binary and shared: the tests only search it, and
// building it anew for each took most of this package's time under the race
// detector. A test that changes or closes an index builds its own.
func buildCorpus(tb testing.TB) *Index {
	tb.Helper()
	c := testcorpus.Load(tb)
	corpusIndex.once.Do(func() {
		corpusIndex.ix, corpusIndex.err = Build(context.Background(), c.Documents, c.Entries, c.Cards)
	})
	if corpusIndex.err != nil {
		tb.Fatalf("Build: %v", corpusIndex.err)
	}
	return corpusIndex.ix
}

// fixtureIndexWith indexes the fixture documents and entries in memory
// under the weights w, closed when the test ends.
func fixtureIndexWith(tb testing.TB, w weights, entries []*rules.Entry) *Index {
	tb.Helper()
	ix, err := buildWith(context.Background(), w, fixtureDocs(), entries, nil)
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	tb.Cleanup(func() { _ = ix.Close() })
	return ix
}

// firstTitlesWith builds an index of the fixture documents and entries under
// the weights w, and answers each query with the titles of its hits, best
// first: what the tests of one weight, on and off, compare.
func firstTitlesWith(t *testing.T, w weights, entries []*rules.Entry, queries ...string) [][]string {
	t.Helper()
	ix := fixtureIndexWith(t, w, entries)
	titles := make([][]string, len(queries))
	for i, q := range queries {
		res, err := ix.Search(context.Background(), rules.SearchQuery{Q: q})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			titles[i] = append(titles[i], h.Title)
		}
	}
	return titles
}

// A weightCase is a query and the title it finds first with a weight on;
// only says it finds it first only with the weight on: with the weight off
// it must not.
type weightCase struct {
	q, want string
	only    bool
}

// checkWeightOnAndOff answers each case over the fixture documents and
// entries with a weight on and off (set turns it on or off in the default
// weights), and checks its first hit: the case's want with the weight on;
// with it off, the want when the case does not need the weight, another
// title when it does.
func checkWeightOnAndOff(t *testing.T, name string, set func(w *weights, on bool), entries []*rules.Entry, cases []weightCase) {
	t.Helper()
	queries := make([]string, len(cases))
	for i, c := range cases {
		queries[i] = c.q
	}
	for _, on := range []bool{true, false} {
		w := defaultWeights()
		set(&w, on)
		for i, titles := range firstTitlesWith(t, w, entries, queries...) {
			c := cases[i]
			answered := firstOf(titles) == c.want
			if want := on || !c.only; answered != want {
				t.Errorf("%s %v: %q first hits %q; %q first: %v, want %v", name, on, c.q, titles[:min(3, len(titles))], c.want, answered, want)
			}
		}
	}
}

// firstOf is the first of titles, or "" when there are none.
func firstOf(titles []string) string {
	if len(titles) == 0 {
		return ""
	}
	return titles[0]
}

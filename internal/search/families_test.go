package search

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The families of questions judges type, on the real corpus: each test holds
// examples judges reported and others of the same family.

// rankOf returns the 1-based rank among the first ten hits of the first hit
// of the document whose folded title holds title (0 when none), and the hit.
func rankOf(t *testing.T, ix *Index, q rules.SearchQuery, doc, title string) (int, rules.SearchHit) {
	t.Helper()
	q.Limit = 10
	res := search(t, ix, q)
	for i, h := range res.Hits {
		if (doc == "" || h.DocumentID == doc) && strings.Contains(rules.FoldName(h.Title), rules.FoldName(title)) {
			return i + 1, h
		}
	}
	return 0, rules.SearchHit{}
}

// paragraphOf returns the text of a hit's anchored paragraph in the corpus.
func paragraphOf(t *testing.T, h rules.SearchHit) string {
	t.Helper()
	for _, e := range corpusEntries(t) {
		if e.ID == h.ID {
			return entryParagraph(e, h.Anchor)
		}
	}
	return ""
}

func corpusEntries(t *testing.T) []*rules.Entry {
	t.Helper()
	return testcorpus.Load(t).Entries
}

type familyCase struct {
	q         rules.SearchQuery
	doc       string // "" for any
	title     string
	within    int    // the answer's rank must be at most this
	paragraph string // words the answering hit's anchored paragraph holds
}

func checkFamily(t *testing.T, ix *Index, cases []familyCase) {
	t.Helper()
	for _, c := range cases {
		r, h := rankOf(t, ix, c.q, c.doc, c.title)
		if r == 0 || r > c.within {
			t.Errorf("%q (edition %q): %s %q at rank %d, want within %d", c.q.Q, c.q.Edition, c.doc, c.title, r, c.within)
			continue
		}
		if c.paragraph != "" && !strings.Contains(paragraphOf(t, h), c.paragraph) {
			t.Errorf("%q: anchor %s of %s is not the paragraph holding %q", c.q.Q, h.Anchor, h.ID, c.paragraph)
		}
	}
}

// Words joined, hyphenated or split otherwise than the rulebooks write them,
// and typos inside such words, are read as the rulebooks' words before any
// other correction.
func TestFamilyJoinedHyphenatedAndSplitWords(t *testing.T) {
	ix := buildCorpus(t)
	checkReadings(t, ix, map[string]string{
		"dualicon":      "dual icon",
		"counterattack": "counter attack",
		"counterattak":  "counter attack",
		"misseed":       "mis seed",
		"misseeded":     "mis seeded",
		"awayteam":      "away team",
		"sidedeck":      "side deck",
		"faceup":        "face up",
	})
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "dualicon mission"}, "1e-rulebook", "attempting missions", 1, "Dual-icon missions"},
		{rules.SearchQuery{Q: "counterattak no leader"}, "1e-rulebook", "engaging in battle", 1, "counter-attack"},
		{rules.SearchQuery{Q: "misseeded card out of play"}, "1e-rulebook", "dilemma phase", 3, "mis-seed"},
		{rules.SearchQuery{Q: "battle bridge sidedeck"}, "1e-rulebook", "side decks", 3, ""},
	})
}

// A typed word the index does not hold is corrected only into a word it
// stands for: another form of a word of the rulebooks is searched by its
// stem, not turned into a neighbour ("earning" is not "warning", "hits" not
// "his"); a word of the question's form is not corrected into a content
// word ("arent" is not "agent"); one letter from a common word is a typo
// before it is two words run together ("misson" is not "mis son").
func TestFamilyTyposCorrectedOnlyIntoWhatTheyStandFor(t *testing.T) {
	ix := buildCorpus(t)
	for typed, want := range map[string]string{
		"earning":  "earning",
		"telling":  "telling",
		"putting":  "putting",
		"hits":     "hit",
		"picks":    "pick",
		"arent":    "arent",
		"dont":     "dont",
		"misson":   "mission",
		"winnning": "winning",
		"persnnel": "personnel",
		"stoped":   "stopped",
		// A typo of a word the thesaurus reads alone, nearer than any
		// word of the index: the table's "fight", a question's "whats".
		"fgiht":     "fight",
		"fgihting":  "fighting",
		"whaats":    "whats",
		"diffrence": "difference",
		// A letter typed twice where two words would meet.
		"highher": "higher",
		"orbbit":  "orbit",
		// Two words run together, one a form the rulebooks do not print
		// or a word of the thesaurus; but a typo first when there is one.
		"rangedrops": "range drops",
		"shipsfight": "ships fight",
		"solts":      "slots",
	} {
		var a analyzed
		if got := ix.correct(typed, &a, "", ""); got != want {
			t.Errorf("%q is read as %q, want %q", typed, got, want)
		}
	}
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "one persnnel filling two staffing icons"}, "1e-rulebook", "staffing and moving ships", 3, "staffing icon requirement"},
		{rules.SearchQuery{Q: "personnel fgiht total strength 2e"}, "2e-rulebook", "combat", 1, "Total the Strength"},
	})
}

// A typo's alternatives are other words than the one it is read as: none
// of them is that word in another form ("segment" for "segemnts" read as
// "segments"), which the stemmed search finds already and which, as a
// clause of its own, would lower every text holding the word as typed.
func TestTypoAlternativesAreOtherWords(t *testing.T) {
	ix := buildCorpus(t)
	for _, typed := range []string{"segemnts", "oppnoents", "tribbbles", "spacleines"} {
		var a analyzed
		got := ix.correct(typed, &a, "", "")
		stem, _ := ix.knownStem(got)
		for _, c := range a.alts {
			if t2, _ := ix.knownStem(c.word); t2 == stem {
				t.Errorf("%q, read as %q, keeps %q of the same stem as an alternative", typed, got, c.word)
			}
		}
	}
}

// Shorthand with one meaning the index does not hold is read as that word
// ("opp", "rng", "reqs"); shorthand with several ("fight": combat, battle,
// engagement) stays a word of its own whose meanings weigh less.
func TestShorthandWithOneMeaningIsTheWord(t *testing.T) {
	ix := buildCorpus(t)
	for typed, want := range map[string]string{
		"opp turn":          "opponent turn",
		"ship rng":          "ship range",
		"mission reqs":      "mission requirements",
		"fight at a planet": "fight at a planet",
	} {
		u, err := parseQuery(typed)
		if err != nil {
			t.Fatal(err)
		}
		if a := ix.analyze(u); a.text != want {
			t.Errorf("%q is read as %q, want %q", typed, a.text, want)
		}
	}
}

// The game's shorthand and the other edition's words find the rules they
// stand for; a question naming both editions, or an edition as its subject,
// searches rather than filters.
func TestFamilyShorthand(t *testing.T) {
	ix := buildCorpus(t)
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "hq"}, "1e-current-rulings", "headquarters", 1, ""},
		{rules.SearchQuery{Q: "ds9 seeds in which phase"}, "1e-rulebook", "other seeding rules", 3, "Deep Space 9"},
		{rules.SearchQuery{Q: "au"}, "1e-rulebook", "doorway phase", 3, "Alternate Universe"},
		{rules.SearchQuery{Q: "mu"}, "1e-current-rulings", "mirror universe", 1, ""},
		{rules.SearchQuery{Q: "2e personnel fight strength totals"}, "2e-rulebook", "combat", 3, ""},
		{rules.SearchQuery{Q: "ships fight each other second edition"}, "2e-rulebook", "engagements", 3, ""},
		{rules.SearchQuery{Q: "feds attacking first edition"}, "1e-rulebook", "engaging in battle", 3, "Federation forces"},
		{rules.SearchQuery{Q: "3rd damage card destroys ship"}, "2e-rulebook", "damage", 1, "third damage card"},
		{rules.SearchQuery{Q: "using second edition cards in a 1e game"}, "", "star trek ccg first edition", 3, ""},
	})
	// "fight" is shorthand, not a misspelt "flight".
	u, _ := parseQuery("fight")
	if a := ix.analyze(u); a.text != "fight" || len(a.addTerms) == 0 {
		t.Errorf("fight is searched as %q adding %q", a.text, a.addTerms)
	}
	// Both editions named: no filter, both editions answer.
	res := search(t, ix, rules.SearchQuery{Q: "stopped 1e vs 2e", Limit: 10})
	editions := map[string]bool{}
	for _, h := range res.Hits {
		editions[h.Edition] = true
	}
	if !editions[rules.Edition1E] || !editions[rules.Edition2E] {
		t.Errorf("stopped 1e vs 2e: hits of %v, want both editions", editions)
	}
	// The best of each edition leads: the rule in each is asked about.
	res = search(t, ix, rules.SearchQuery{Q: "hand limit 1e vs 2e", Limit: 10})
	if len(res.Hits) < 2 || res.Hits[0].Edition == res.Hits[1].Edition {
		t.Errorf("hand limit 1e vs 2e: first hits %v, want one of each edition", titles(res))
	}
	checkFamily(t, ix, []familyCase{
		// Too many cards in hand at the end of a turn: the 2E step of
		// discarding excess cards, beside the 1E rule.
		{rules.SearchQuery{Q: "too many cards in hand end of turn 1e vs 2e"}, "2e-rulebook", "discard excess cards", 2, ""},
		// AT in capitals is an Away Team; CR the Current Rulings.
		{rules.SearchQuery{Q: "STRENGTH>40 on a dilemma is that the whole AT total"}, "1e-rulebook", "attempting missions", 1, "STRENGTH>40"},
		{rules.SearchQuery{Q: "CR in play"}, "1e-current-rulings", "in play", 1, ""},
	})
	// One edition named filters.
	res = search(t, ix, rules.SearchQuery{Q: "beaming through shields first edition", Limit: 20})
	for _, h := range res.Hits {
		if h.Edition != rules.Edition1E {
			t.Errorf("beaming ... first edition: hit %s of %s", h.ID, h.Edition)
		}
	}
}

// The answer is one paragraph of a long section: the section is found by
// its paragraph, and the hit's anchor and snippet are that paragraph's.
func TestFamilyOneParagraphOfALongSection(t *testing.T) {
	ix := buildCorpus(t)
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "crew aboard a space facility"}, "1e-rulebook", "moving personnel and equipment", 3, "crew"},
		// The rule that cards aboard a destroyed ship are discarded.
		{rules.SearchQuery{Q: "personnel killed when ship destroyed"}, "1e-rulebook", "ship battles", 5, "Destroyed ships"},
		{rules.SearchQuery{Q: "intruders on an opponents ship attempt missions"}, "1e-rulebook", "moving personnel and equipment", 3, "intruders"},
		{rules.SearchQuery{Q: "tactic card attack bonus added once"}, "1e-rulebook", "ship battles", 1, "ATTACK bonus"},
		{rules.SearchQuery{Q: "koval cant be stopped pinned down"}, "2e-rulebook", "facing dilemmas", 1, "Koval"},
		{rules.SearchQuery{Q: "space dilemma at a planet mission"}, "2e-rulebook", "facing dilemmas", 5, "space dilemma"},
	})
	// The snippet is cut from the anchored paragraph.
	res := search(t, ix, rules.SearchQuery{Q: "tactic card attack bonus added once", Limit: 1})
	h := res.Hits[0]
	plain := strings.NewReplacer("<mark>", "", "</mark>", "", "… ", "", " …", "").Replace(h.Snippet)
	if p := paragraphOf(t, h); !strings.Contains(strings.Join(strings.Fields(p), " "), strings.Fields(plain)[0]) {
		t.Errorf("snippet %q is not from paragraph %q", h.Snippet, p)
	}
}

// A judge asks about a consequence ("killed", "die", "destroyed") where the
// rule states its mechanics (cards placed in the discard pile): the
// rulebooks' own definition of the words (synonyms.json, defined) reads
// one as the other, so the 2E rule on a ship destroyed by damage is found.
func TestFamilyConsequenceReadAsMechanics(t *testing.T) {
	ix := buildCorpus(t)
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "personnel killed when ship destroyed"}, "2e-rulebook", "damage", 10, "third damage card"},
		{rules.SearchQuery{Q: "destroyed ship what happens to its crew 2e"}, "2e-rulebook", "damage", 5, "third damage card"},
		{rules.SearchQuery{Q: "do my crew die with their ship in 2e"}, "2e-rulebook", "damage", 5, "third damage card"},
	})
	// The newest rulebook's definition of the words leads the older
	// rulebooks' sections of that title.
	res := search(t, ix, rules.SearchQuery{Q: "personnel killed when ship destroyed", Limit: 1})
	if len(res.Hits) == 0 || res.Hits[0].DocumentID != "2e-rulebook" || !strings.Contains(paragraphOf(t, res.Hits[0]), "discard pile") {
		t.Errorf("personnel killed when ship destroyed: first hit %v, want the 2e-rulebook's definition of kill", titles(res))
	}
}

// Stubs, captions, card lore and passing mentions rank below the rule text.
func TestFamilyRulesBeforeStubsCaptionsAndCards(t *testing.T) {
	ix := buildCorpus(t)
	// docking in First Edition: the rule, before the cards that dock.
	res := search(t, ix, rules.SearchQuery{Q: "docking", Edition: rules.Edition1E, Limit: 10})
	if len(res.Hits) < 3 || res.Hits[0].Title != "Ship cards" {
		t.Fatalf("docking (1e): first hits %v", titles(res))
	}
	for _, h := range res.Hits[:3] {
		if h.Kind == rules.KindCard {
			t.Errorf("docking (1e): a card among the first three: %v", titles(res))
		}
	}
	checkFamily(t, ix, []familyCase{
		// "universals" is unique and universal, not the mirror universe.
		{rules.SearchQuery{Q: "universals"}, "1e-current-rulings", "unique and universal", 1, ""},
		// A caption ranks below the rule text it illustrates.
		{rules.SearchQuery{Q: "spaceline"}, "1e-rulebook", "mission phase", 1, ""},
		// The card is named: its ruling leads.
		{rules.SearchQuery{Q: "reactor overload second function"}, "1e-current-rulings", "reactor overload", 1, ""},
	})
	// A See entry ranks below the entry it points at.
	for _, q := range []string{"klingon outpost", "wormhole built in", "leaving play"} {
		res := search(t, ix, rules.SearchQuery{Q: q, Limit: 10})
		stub, target := -1, -1
		for i, h := range res.Hits {
			m := ix.meta[h.ID]
			if len(m.seeTo) > 0 && stub < 0 {
				stub = i
				for _, s := range m.seeTo {
					for j, x := range res.Hits {
						if x.ID == s.ID && (target < 0 || j < target) {
							target = j
						}
					}
				}
			}
		}
		if stub < 0 || target < 0 || target > stub {
			t.Errorf("%q: stub at %d, its target at %d: %v", q, stub, target, titles(res))
		}
	}
}

// Judges' question form does not carry a hit; comparisons find both terms.
func TestFamilyQuestionForm(t *testing.T) {
	ix := buildCorpus(t)
	u, _ := parseQuery("what happens when my mission attempt fails")
	if a := ix.analyze(u); a.text != "mission attempt fails" {
		t.Errorf("question searched as %q", a.text)
	}
	u, _ = parseQuery("when and while")
	if a := ix.analyze(u); a.text != "when and while" {
		t.Errorf("a term of question words searched as %q", a.text)
	}
	res := search(t, ix, rules.SearchQuery{Q: "reveal vs examine", Limit: 2})
	got := map[string]bool{}
	for _, h := range res.Hits {
		got[rules.FoldName(h.Title)] = true
	}
	if !got["reveal"] || !got["examine"] {
		t.Errorf("reveal vs examine: first hits %v", titles(res))
	}
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "once begun can a mission attempt be aborted"}, "1e-rulebook", "attempting missions", 3, "aborted"},
		{rules.SearchQuery{Q: "is there a hand size limit in 1e"}, "1e-rulebook", "play phase", 3, "no limit"},
	})
}

// A document a judge names is preferred, its hits not handed to a newer
// copy of their rule.
func TestFamilyDocumentNamed(t *testing.T) {
	ix := buildCorpus(t)
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "how many cards in the premiere set"}, "2e-rulebook-premiere", "collector information", 1, "415"},
		{rules.SearchQuery{Q: "what does the asterisk in the cta glossary mean"}, "2e-rulebook-call-to-arms", "glossary", 1, ""},
	})
}

// The shorthand vocabulary is data with a source for every entry.
func TestSynonymsSayWhereEachComesFrom(t *testing.T) {
	var f synonymFile
	if err := json.Unmarshal(synonymsJSON, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) < 20 || len(f.QuestionWords) == 0 || len(f.Documents) == 0 {
		t.Fatalf("synonyms.json: %d entries, %d question words, %d documents", len(f.Entries), len(f.QuestionWords), len(f.Documents))
	}
	for i, e := range f.Entries {
		if e.Source == "" || len(e.Words) == 0 || len(e.Means) == 0 {
			t.Errorf("entry %d %v: words, means and source are required", i, e.Words)
		}
	}
	for id := range f.Documents {
		if !strings.Contains(id, "-") {
			t.Errorf("document %q is not a document id", id)
		}
	}
}

// A meaning the vocabulary takes from a definition of the rulebooks names
// that definition, and the definition holds the word and what it means.
func TestSynonymsDefinedByTheRulebooks(t *testing.T) {
	var f synonymFile
	if err := json.Unmarshal(synonymsJSON, &f); err != nil {
		t.Fatal(err)
	}
	byID := map[string]*rules.Entry{}
	for _, e := range corpusEntries(t) {
		byID[e.ID] = e
	}
	defined := 0
	for _, e := range f.Entries {
		if e.Defined == "" {
			continue
		}
		defined++
		id, anchor, _ := strings.Cut(e.Defined, "#")
		entry := byID[id]
		if entry == nil {
			t.Errorf("%v: defined by %s, no entry of the corpus", e.Words, e.Defined)
			continue
		}
		text := " " + rules.FoldName(entryParagraph(entry, anchor)) + " "
		if strings.TrimSpace(text) == "" {
			t.Errorf("%v: %s has no paragraph %s", e.Words, id, anchor)
			continue
		}
		if !slices.ContainsFunc(e.Words, func(w string) bool { return strings.Contains(text, " "+rules.FoldName(w)+" ") }) {
			t.Errorf("%v: the definition %s holds none of the words", e.Words, e.Defined)
		}
		for _, m := range e.Means {
			if !strings.Contains(text, " "+rules.FoldName(m)) {
				t.Errorf("%v: the definition %s does not hold %q", e.Words, e.Defined, m)
			}
		}
	}
	if defined == 0 {
		t.Error("no meaning of synonyms.json is defined by the rulebooks")
	}
}

// A paragraph opening with a heading of its own ("Headquarters — ...",
// "Outposts — ...") is about what the heading names, as an entry is about
// its title: a question naming it finds that paragraph before an entry
// titled for one of its words that does not answer it.
func TestFamilyParagraphUnderItsOwnHeading(t *testing.T) {
	ix := buildCorpus(t)
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "where can hq be seeded"}, "1e-rulebook", "facility phase", 1, "homeworld"},
		{rules.SearchQuery{Q: "outpost on a homeworld allowed?"}, "1e-rulebook", "facility phase", 1, "homeworld"},
	})
}

func TestHeadingOf(t *testing.T) {
	for _, c := range []struct{ paragraph, want string }{
		{"Headquarters — A headquarters may be seeded or built only on the specified homeworld.", "Headquarters"},
		{"Skills: Personnel have a number of listed skills.", "Skills"},
		{"Discard, Destroy, and Kill: These words refer to placing a card in its owner's discard pile.", "Discard, Destroy, and Kill"},
		{"Order – Beam personnel.", "Order"},
		{"For example: moving from one mission to another requires range.", ""},
		{"Built-in Wormhole: You may move in either direction.", "Built-in Wormhole"},
		{"A ship may not move from one quadrant to the other — not without a card.", ""},
		{"the word before a dash — is no heading when it is not capitalized.", ""},
	} {
		if got := headingOf(c.paragraph); got != c.want {
			t.Errorf("headingOf(%q) = %q, want %q", c.paragraph, got, c.want)
		}
	}
}

// A title made of stop words ("All", "When and While") is named by a question
// holding its words among others, as a title of game words is: the stemmed
// cover drops those words, and only a question of them alone named it.
func TestFamilyTitleOfStopWordsAmongOtherWords(t *testing.T) {
	ix := buildCorpus(t)
	checkFamily(t, ix, []familyCase{
		{rules.SearchQuery{Q: "a card that says all personnel"}, "2e-rulebook", "all", 9, ""},
		{rules.SearchQuery{Q: "does all mean stopped cards too"}, "2e-rulebook", "all", 2, ""},
		{rules.SearchQuery{Q: "while or when effects timing"}, "", "when and while", 1, ""},
	})
}

// A line of a section's list of contents ("Order – Beam personnel.", naming
// its sub-section) holds the words of a question about that sub-section,
// and once stood for the section's answer: the section came second on the
// strength of its contents, its snippet the line. Such a line is never a
// hit's paragraph; the sub-section answers.
func TestFamilyContentsLineIsNoAnswer(t *testing.T) {
	ix := buildCorpus(t)
	lines := 0
	for _, m := range ix.meta {
		others := 0
		for p := range m.paras {
			if !m.paras[p].contents {
				others++
				continue
			}
			lines++
			if !m.contents {
				t.Errorf("%s: a contents line in an entry not marked as holding one", m.ID)
			}
			if n := paragraphWords(m, p); n > contentsWords {
				t.Errorf("%s #%s: a contents line of %d words", m.ID, m.paras[p].anchor, n)
			}
		}
		if lines > 0 && m.contents && others == 0 {
			t.Errorf("%s: every paragraph a contents line", m.ID)
		}
	}
	if lines == 0 {
		t.Fatalf("no contents line found in the corpus (the newest rulebook's EXECUTE ORDERS lists its orders)")
	}
	for _, q := range []string{"order beam personnel", "move your ship order", "order attempt a mission"} {
		res := search(t, ix, rules.SearchQuery{Q: q, Edition: rules.Edition2E, Limit: 10})
		for i, h := range res.Hits {
			m := ix.meta[h.ID]
			for p := range m.paras {
				if m.paras[p].contents && m.paras[p].anchor == h.Anchor {
					t.Errorf("%q: hit %d %s is anchored at the contents line %q", q, i+1, h.ID, m.Text[m.paras[p].from:m.paras[p].to])
				}
			}
		}
	}
}

// paragraphWords is how many words paragraph p of m has.
func paragraphWords(m *docMeta, p int) int {
	hi := uint32(len(m.words))
	if p+1 < len(m.paras) {
		hi = m.paras[p+1].at
	}
	return int(hi - m.paras[p].at)
}

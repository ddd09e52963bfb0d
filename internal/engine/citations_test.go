package engine

import (
	"context"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// The texts here are invented for the purpose, in the rulebooks' shapes.

func TestCitationQuotesTheWholeSentenceAroundThePhrase(t *testing.T) {
	text := "Ships travel far.\nThe U.S.S. Example and its\ncrew add the span numbers of the two missions together, e.g. when leaving. Then they rest."
	n := normalise(text)
	phrase := normalise("add the span numbers of the").norm
	at := strings.Index(n.norm, phrase)
	if at < 0 {
		t.Fatal("phrase not found across a line break")
	}
	got := sentenceAround(text, n.orig[at], n.orig[at+len(phrase)])
	want := "The U.S.S. Example and its\ncrew add the span numbers of the two missions together, e.g. when leaving."
	if got != want {
		t.Errorf("quote %q, want %q", got, want)
	}
	if !strings.Contains(text, got) {
		t.Error("quote is not the text's own words")
	}
}

// Sentence bounds on texts written for the purpose: asides in parentheses,
// quotations, step numbers and lists whose items are not sentences.
func TestSentenceAroundRespectsParenthesesAndLists(t *testing.T) {
	cases := []struct {
		name, text, phrase, want string
	}{
		{"AsideOfOneSentenceEndsAtItsParenthesis",
			"Ships fly. (A wrecked ship flies no more.) Its crew walks home.", "wrecked ship",
			"(A wrecked ship flies no more.)"},
		{"SentenceAfterAnAsideStartsAfterIt",
			"Ships fly. (A wrecked ship flies no more.) Its crew walks home.", "crew walks",
			"Its crew walks home."},
		{"AsideOfTwoSentencesStaysWhole",
			"Ships fly. (A wrecked ship flies no more. Nor does it land.) Its crew walks home.", "wrecked ship",
			"(A wrecked ship flies no more. Nor does it land.)"},
		{"FullStopInsideQuotationMarksEnds",
			"Call it “the last stand.” Then the crew rests.", "crew rests",
			"Then the crew rests."},
		{"StepNumberIsDropped",
			"Roll first.\n\n4. Add the dice together (both of them).", "add the dice",
			"Add the dice together (both of them)."},
		{"ListItemTakesItsLeadInAndTheRestOfTheList",
			"Rules.\n\nA crew may land when it has:\n\na shuttle;\n\na pilot; and\n\nclear skies.\n\nLanding is slow.", "a pilot",
			"A crew may land when it has:\n\na shuttle;\n\na pilot; and\n\nclear skies."},
		{"LeadInTakesItsItems",
			"Rules. Each crew brings at least:\n\n2 pilots,\n\na cook, and\n\na map. Then it leaves.", "each crew brings",
			"Each crew brings at least:\n\n2 pilots,\n\na cook, and\n\na map."},
		{"ItemsThatAreSentencesStandAlone",
			"Orders:\n\nA ship may move.\n\nA crew may land.", "crew may land",
			"A crew may land."},
		{"UnpairedParenthesisIsIgnored",
			"Ships fly (mostly. Crews walk home.", "crews walk",
			"Crews walk home."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := normalise(c.text)
			at := strings.Index(n.norm, normalise(c.phrase).norm)
			if at < 0 {
				t.Fatalf("phrase %q not found", c.phrase)
			}
			got := sentenceAround(c.text, n.orig[at], n.orig[at+len(normalise(c.phrase).norm)])
			if got != c.want {
				t.Errorf("quote %q, want %q", got, c.want)
			}
			if !strings.Contains(c.text, got) {
				t.Error("quote is not the text's own words")
			}
		})
	}
}

func TestCitationPrefersTheEntryTitledForTheRule(t *testing.T) {
	docs := []rules.Document{{ID: "book", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1}}
	entries := []*rules.Entry{
		{ID: "book.section.combat", Title: "Combat", DocumentID: "book", Kind: rules.KindSection, Order: 1,
			Text: "Add up the Strength. If the totals are tied, there is no winner."},
		{ID: "book.section.engagements", Title: "Engagements", DocumentID: "book", Kind: rules.KindSection, Order: 2,
			Text: "Add up the Weapons. If the totals are tied, there is no winner."},
		{ID: "book.section.other", Title: "Other", DocumentID: "book", Kind: rules.KindSection, Order: 0,
			Text: "Each ship can carry only two damage cards in this house rule."},
	}
	idx := buildCitations(docs, entries)
	if c := idx.byDoc["book"]["engage.tie"]; c.ID != "book.section.engagements" {
		t.Errorf("engagement tie cited from %q", c.ID)
	}
	if c := idx.byDoc["book"]["combat.tie"]; c.ID != "book.section.combat" {
		t.Errorf("combat tie cited from %q", c.ID)
	}
	// A strict rule is not cited from an entry of another title.
	idx = buildCitations(docs, entries[:1])
	if c, ok := idx.byDoc["book"]["engage.tie"]; ok {
		t.Errorf("engagement tie cited from %q", c.ID)
	}
	if c := idx.byDoc["book"]["damage.two"]; c.ID != "" && c.ID != "book.section.other" {
		t.Errorf("damage cited from %q", c.ID)
	}
}

func TestRulingsPageCitesItsOwnEntriesThenTheRulebook(t *testing.T) {
	docs := []rules.Document{
		{ID: "book1", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "rulings1", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2},
	}
	entries := []*rules.Entry{
		{ID: "book1.section.battle", Title: "Battle", DocumentID: "book1", Kind: rules.KindSection,
			Text: "Then compute your ATTACK total by adding together all the WEAPONS. Your DEFENSE total, you score a hit when beaten."},
		{ID: "rulings1.ruling.battle", Title: "battle", DocumentID: "rulings1", Kind: rules.KindRuling,
			Text: "For tactics, if ATTACK is more than double your opponent's DEFENSE, it is a direct hit."},
	}
	svc := New(docs, entries, nil)
	span := 3
	req := rules.AdjudicationRequest{Edition: "1e", Rules: "rulings1", Question: "battle.ship",
		Board: rules.Board{
			Missions: []rules.BoardMission{{ID: "m", Type: "space", Quadrant: "alpha", Span: &span}},
			Ships: []rules.BoardShip{{ID: "a", Affiliation: "klingon", Weapons: rules.IntPtr(9), At: &rules.Location{Mission: "m"}},
				{ID: "t", Owner: "opponent", Affiliation: "romulan", Shields: rules.IntPtr(4), At: &rules.Location{Mission: "m"}}}},
		Params: rawParams(`{"attackers":["a"],"target":"t"}`)}
	v, err := ask(context.Background(), svc, req)
	if err != nil {
		t.Fatal(err)
	}
	if v.Rules != "rulings1" || len(v.Citations) < 2 {
		t.Fatalf("verdict %+v", v)
	}
	docsCited := map[string]bool{}
	for _, c := range v.Citations {
		docsCited[c.DocumentID] = true
	}
	if !docsCited["rulings1"] || !docsCited["book1"] {
		t.Errorf("cited %v", docsCited)
	}
}

func TestDefaultRulesAreTheNewestRulebookOfTheEdition(t *testing.T) {
	docs := []rules.Document{
		{ID: "old", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "new", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 3},
		{ID: "mid", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 2},
		{ID: "rulings", Edition: "2e", Kind: rules.DocumentRulings, Precedence: 9},
	}
	svc := New(docs, nil, nil)
	if d, err := svc.rulesDocument("2e", ""); err != nil {
		t.Errorf("default rules: %v", err)
	} else if d.ID != "new" {
		t.Errorf("default rules %q", d.ID)
	}
	if _, err := svc.rulesDocument("1e", ""); rules.ErrorCode(err) != rules.EUNPROCESSABLE {
		t.Errorf("no 1E rulebook: %v", err)
	}
}

// TestEveryCitationQuotesAWholeSentence builds the citation index over the
// real corpus: under every document, each rule's quote is the entry's own
// words and a whole sentence, from its capital (or opening quote mark or
// parenthesis) to its closing punctuation; a list item comes with its
// lead-in.
func TestEveryCitationQuotesAWholeSentence(t *testing.T) {
	c := testcorpus.Load(t)
	idx := buildCitations(c.Documents, c.Entries)
	byID := map[string]*rules.Entry{}
	for _, e := range c.Entries {
		byID[e.ID] = e
	}
	for _, d := range c.Documents {
		keys := make([]string, 0, len(idx.byDoc[d.ID]))
		for k := range idx.byDoc[d.ID] {
			keys = append(keys, string(k))
		}
		sort.Strings(keys)
		for _, k := range keys {
			cit := idx.byDoc[d.ID][ruleKey(k)]
			e := byID[cit.ID]
			switch {
			case e == nil:
				t.Errorf("%s %s: %q is not an entry", d.ID, k, cit.ID)
			case !strings.Contains(e.Text, cit.Quote):
				t.Errorf("%s %s: quote %q is not in %s", d.ID, k, cit.Quote, cit.ID)
			case !opensSentence(cit.Quote):
				t.Errorf("%s %s: quote does not open a sentence: %q", d.ID, k, cit.Quote)
			case !closesSentence(cit.Quote):
				t.Errorf("%s %s: quote does not close a sentence: %q", d.ID, k, cit.Quote)
			case !anchorHoldsQuote(e, cit):
				t.Errorf("%s %s: paragraph %q of %s does not hold the quote %q", d.ID, k, cit.Anchor, cit.ID, cit.Quote)
			}
		}
	}
}

// anchorHoldsQuote reports whether the citation's anchor names a paragraph
// of the entry that holds the quote, or a paragraph of it when the quote
// runs over several (a list with its lead-in).
func anchorHoldsQuote(e *rules.Entry, c rules.Citation) bool {
	for _, p := range e.Paragraphs {
		if p.Anchor != c.Anchor {
			continue
		}
		for _, part := range strings.Split(c.Quote, "\n\n") {
			if strings.Contains(p.Text, strings.TrimSpace(part)) {
				return true
			}
		}
	}
	return false
}

func opensSentence(q string) bool {
	r, _ := utf8.DecodeRuneInString(q)
	return unicode.IsUpper(r) || strings.ContainsRune("\"“‘'(", r)
}

func closesSentence(q string) bool {
	q = strings.TrimRight(q, "\"”’')")
	r, _ := utf8.DecodeLastRuneInString(q)
	return strings.ContainsRune(".!?", r)
}

package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
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
		Params: json.RawMessage(`{"attackers":["a"],"target":"t"}`)}
	v, err := svc.Adjudicate(context.Background(), req)
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
	d, err := svc.rulesDocument("2e", "")
	if err != nil || d.ID != "new" {
		t.Errorf("default rules %q %v", d.ID, err)
	}
	if _, err := svc.rulesDocument("1e", ""); rules.ErrorCode(err) != rules.EUNPROCESSABLE {
		t.Errorf("no 1E rulebook: %v", err)
	}
}

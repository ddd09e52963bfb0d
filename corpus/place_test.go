package corpus

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// placeFixture is an older and a newer rulebook of one edition, the newer
// one with paragraphs its extraction put under SETUP.
func placeFixture(setup string) ([]rules.Document, []*rules.Entry) {
	docs := []rules.Document{
		{ID: "old-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "new-2e", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 2},
	}
	sec := func(doc, title, text string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID(doc, rules.KindSection, title), Kind: rules.KindSection, Title: title,
			Path: []string{title}, DocumentID: doc, Edition: "2e", Text: text}
	}
	entries := []*rules.Entry{
		sec("old-2e", "SETUP", "Shuffle your dilemma pile and place it on the left. Draw seven cards for your opening hand."),
		sec("old-2e", "PAYING", "You have seven counters to spend each turn. Each time you play a card, you subtract its cost from the counters."),
		sec("old-2e", "SHOWING", "Opponents may examine any card you play. They may only examine the relevant portions of a card when you use an icon or a skill."),
		sec("old-2e", "REVEALING", "Reveal the top card of your deck to all players when told to."),
		sec("old-2e", "SEARCHING", "Reveal the top card of your deck to all players when told to. Then shuffle."),
		sec("new-2e", "SETUP", setup),
		sec("new-2e", "PAYING", "You have seven counters to spend each turn. Each time you play a card, you subtract its cost from the counters."),
		sec("new-2e", "SHOWING", "Opponents may examine any card you play."),
		sec("new-2e", "REVEALING", "Showing a card to all players is revealing it."),
		sec("new-2e", "SEARCHING", "Look through your deck for the card named."),
	}
	link(docs, entries)
	return docs, entries
}

const fixtureSetup = "Shuffle your dilemma pile and place it on the left. Draw seven cards for your opening hand."

func TestPlaceMovesACutLooseParagraphWhereTheOlderRulebookHoldsIt(t *testing.T) {
	cutLoose := "An opponent examining your personnel may only examine the relevant portions of a card, when you use an icon or a skill."
	docs, entries := placeFixture(fixtureSetup + "\n\n" + cutLoose)
	warns := placeParagraphs(docs, entries)
	setup, showing := entries[5], entries[7]
	if setup.Text != fixtureSetup {
		t.Errorf("SETUP kept %q", setup.Text)
	}
	if want := "Opponents may examine any card you play.\n\n" + cutLoose; showing.Text != want {
		t.Errorf("SHOWING = %q, want the paragraph at its end", showing.Text)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "placed 1 paragraph") {
		t.Errorf("warnings = %v, want one counting the placed paragraph", warns)
	}
}

func TestPlaceMovesAParagraphNoOlderRulebookHoldsByItsWords(t *testing.T) {
	cutLoose := "Effects may modify the cost of a card you play; the cost printed counts otherwise, and counters pay it."
	docs, entries := placeFixture(fixtureSetup + "\n\n" + cutLoose)
	placeParagraphs(docs, entries)
	if paying := entries[6]; !strings.HasSuffix(paying.Text, "\n\n"+cutLoose) {
		t.Errorf("PAYING = %q, want the cost paragraph at its end", paying.Text)
	}
	if entries[5].Text != fixtureSetup {
		t.Errorf("SETUP kept %q", entries[5].Text)
	}
}

func TestPlaceKeepsNewTextOfASection(t *testing.T) {
	setup := fixtureSetup + "\n\nNew in this rulebook: place your dilemma pile face down beside your opening hand of seven."
	docs, entries := placeFixture(setup)
	if warns := placeParagraphs(docs, entries); len(warns) != 0 {
		t.Errorf("warnings = %v", warns)
	}
	if entries[5].Text != setup {
		t.Errorf("SETUP = %q, want it unchanged", entries[5].Text)
	}
}

func TestPlaceLeavesOutAParagraphOlderRulebooksHoldInSeveralSections(t *testing.T) {
	docs, entries := placeFixture(fixtureSetup + "\n\nReveal the top card of your deck to all players when told to.")
	warns := placeParagraphs(docs, entries)
	if entries[5].Text != fixtureSetup {
		t.Errorf("SETUP kept %q", entries[5].Text)
	}
	for _, e := range entries[6:] {
		if strings.Contains(e.Text, "top card of your deck") {
			t.Errorf("%s took the paragraph: %q", e.ID, e.Text)
		}
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "left out") || !strings.Contains(warns[0].Message, "several sections") {
		t.Errorf("warnings = %v, want one leaving the paragraph out", warns)
	}
}

func TestPlaceLeavesOtherEditionsAndLoneRulebooksAlone(t *testing.T) {
	docs := []rules.Document{{ID: "only-1e", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1}}
	e := &rules.Entry{ID: "only-1e.section.x", Kind: rules.KindSection, Title: "X", DocumentID: "only-1e", Edition: "1e",
		Text: "One.\n\nTwo about something else entirely."}
	link(docs, []*rules.Entry{e})
	if warns := placeParagraphs(docs, []*rules.Entry{e}); len(warns) != 0 || e.Text != "One.\n\nTwo about something else entirely." {
		t.Errorf("warnings %v, text %q", warns, e.Text)
	}
}

func TestSentencesOfSplitsAtSentenceEnds(t *testing.T) {
	got := sentencesOf("You may play. (Costs apply.) “Order” — then act!\nNext line e.g.x stays? Yes")
	want := []string{"You may play.", "(Costs apply.)", "“Order” — then act!", "Next line e.g.x stays?", "Yes"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sentencesOf = %q, want %q", got, want)
	}
}

package corpus_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// holds reports whether one paragraph of the entry holds the words.
func holds(e *rules.Entry, words string) bool {
	for _, p := range e.Paragraphs {
		if strings.Contains(p.Text, words) {
			return true
		}
	}
	return false
}

// The newest 2E rulebook's sidebar paragraphs that the extraction put under
// SETTING UP THE GAME go where the rules they state are.
func TestCorpusPlacesCutLooseParagraphsInTheirSections(t *testing.T) {
	const pre = "2e-rulebook.section."
	setup := entryByID(t, pre+"setting-up-the-game")
	for _, words := range []string{"If your deck is empty", "modify the cost of a card", "examine relevant portions"} {
		if strings.Contains(setup.Text, words) {
			t.Errorf("SETTING UP THE GAME still holds %q", words)
		}
	}
	if !holds(setup, "Determine randomly who goes first") || !holds(setup, "Take all five of your mission cards") {
		t.Errorf("SETTING UP THE GAME lost its own paragraphs: %q", setup.Text)
	}
	for _, c := range []struct{ id, words string }{
		{pre + "playing-the-game.1-play-and-draw-cards", "If your deck is empty"},
		{pre + "playing-the-game.1-play-and-draw-cards.paying-costs", "This cost modification applies only"},
		{pre + "playing-the-game.1-play-and-draw-cards.showing-your-cards", "examine relevant portions"},
		// The same family: a sidebar under ORDER – MOVE A SHIP states a
		// rule of facing dilemmas.
		{pre + "playing-the-game.2-execute-orders.order-attempt-a-mission.facing-dilemmas", "dilemma stack exists only while"},
	} {
		if e := entryByID(t, c.id); !holds(e, c.words) {
			t.Errorf("%s lacks %q", c.id, c.words)
		}
	}
}

// A sidebar paragraph cut loose beside one that moves goes with it, to the
// section its words belong to: who leaves a mission attempt, or joins one
// once begun, is a rule of attempting a mission, not of moving a ship. The
// older rulebooks do not hold it, so only its words and its neighbour say
// where it goes.
func TestCorpusPlacesASidebarWithItsNeighbour(t *testing.T) {
	const pre = "2e-rulebook.section.playing-the-game.2-execute-orders."
	move, attempt := entryByID(t, pre+"order-move-a-ship"), entryByID(t, pre+"order-attempt-a-mission")
	for _, words := range []string{"is removed from the mission attempt", "after a mission attempt has begun"} {
		if strings.Contains(move.Text, words) {
			t.Errorf("ORDER – MOVE A SHIP still holds %q", words)
		}
		if !holds(attempt, words) {
			t.Errorf("ORDER – ATTEMPT A MISSION lacks %q", words)
		}
	}
	// The section's own paragraphs stay.
	for _, words := range []string{"Sometimes game text will instruct you to move a ship", "A portion of a ship’s Range is used"} {
		if !holds(move, words) {
			t.Errorf("ORDER – MOVE A SHIP lost %q", words)
		}
	}
}

// Text the newest rulebook wrote anew, or moved between enclosing sections
// on purpose, stays where it is.
func TestCorpusKeepsNewAndMergedParagraphsInPlace(t *testing.T) {
	const pre = "2e-rulebook.section.playing-the-game."
	for _, c := range []struct{ id, words string }{
		{pre + "1-play-and-draw-cards.paying-costs", "to restrict when that card can be played"},
		{pre + "1-play-and-draw-cards.paying-costs", "additional cost to play"},
		{pre + "2-execute-orders.order-attempt-a-mission.facing-dilemmas", "three dilemmas already overcome"},
		{pre + "2-execute-orders.order-attempt-a-mission.facing-dilemmas", "broken down into actions"},
		{pre + "2-execute-orders.order-attempt-a-mission.checking-mission-requirements", "your mission attempt has failed"},
		{pre + "2-execute-orders.order-move-a-ship", "A portion of a ship’s Range is used"},
	} {
		if e := entryByID(t, c.id); !holds(e, c.words) {
			t.Errorf("%s lost %q", c.id, c.words)
		}
	}
	var placed []string
	for _, w := range testcorpus.Load(t).WarningsOf("2e-rulebook") {
		if strings.Contains(w.Message, "cut loose") {
			placed = append(placed, w.Message)
		}
	}
	if len(placed) != 1 || !strings.HasPrefix(placed[0], "placed ") {
		t.Errorf("placement warnings = %q, want one count of placed paragraphs", placed)
	}
}

// related and governing stay within an edition; the same term in the other
// edition is listed apart.
func TestCorpusRelatesWithinTheEditionOnly(t *testing.T) {
	c := testcorpus.Load(t)
	edition := map[string]string{}
	for _, e := range c.Entries {
		edition[e.ID] = e.Edition
	}
	for _, e := range c.Entries {
		for _, id := range e.Related {
			if edition[id] != e.Edition {
				t.Errorf("%s (%s) relates %s (%s)", e.ID, e.Edition, id, edition[id])
			}
		}
		for _, id := range e.OtherEdition {
			if edition[id] == e.Edition {
				t.Errorf("%s lists %s of its own edition as the other edition's", e.ID, id)
			}
		}
	}
	stopped := entryByID(t, "1e-current-rulings.ruling.stopped")
	if !slices.Contains(stopped.OtherEdition, "2e-rulebook.glossary.stopped") || stopped.OtherEdition[0] != "2e-rulebook.glossary.stopped" {
		t.Errorf("otherEdition of the 1E stopped ruling = %q, want the newest 2E glossary entry first", stopped.OtherEdition)
	}
	if stopped.Related == nil || slices.Contains(stopped.Related, "2e-rulebook.glossary.stopped") {
		t.Errorf("related of the 1E stopped ruling = %q", stopped.Related)
	}
}

// Every entry's paragraphs are its text's, in order, each with an anchor
// unique in the entry.
func TestCorpusAnchorsEveryParagraph(t *testing.T) {
	for _, e := range testcorpus.Load(t).Entries {
		if strings.TrimSpace(e.Text) != "" && len(e.Paragraphs) == 0 {
			t.Errorf("%s has text but no paragraphs", e.ID)
		}
		seen := map[string]bool{}
		at := 0
		for _, p := range e.Paragraphs {
			if seen[p.Anchor] {
				t.Errorf("%s: anchor %s twice", e.ID, p.Anchor)
			}
			seen[p.Anchor] = true
			i := strings.Index(e.Text[at:], p.Text)
			if i < 0 {
				t.Errorf("%s: paragraph %s out of order or not in the text", e.ID, p.Anchor)
				break
			}
			at += i + len(p.Text)
		}
	}
}

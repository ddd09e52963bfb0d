package library_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A term no title names, in any form, is answered by the entry whose
// sentence explains it, with the sentence and its paragraph, marked
// explained: loosely.
func TestDefineAnswersATermOnlyASentenceExplains(t *testing.T) {
	l := realLibrary(t)
	for _, c := range []struct{ term, edition, want, reading string }{
		{"intruders", "1e", "1e-rulebook.section.the-play-phase.2-execute-orders.moving-personnel-and-equipment", "intruders"},
		{"counter-attack", "1e", "1e-rulebook.section.the-play-phase.2-execute-orders.engaging-in-battle", "counter-attack"},
		{"AU", "1e", "1e-rulebook.section.the-seed-phases.1-doorway-phase", "AU"},
		{"core", "2e", "2e-rulebook.section.playing-the-game.1-play-and-draw-cards.playing-specific-kinds-of-cards", "core"},
	} {
		es, err := l.Define(context.Background(), c.term, rules.Edition(c.edition))
		if err != nil || len(es) == 0 {
			t.Errorf("Define(%q, %s): %v", c.term, c.edition, err)
			continue
		}
		e := es[0]
		if e.ID != c.want || e.Match != rules.DefineExplained || e.Explained == nil {
			t.Errorf("Define(%q, %s) = %s (%s), want %s explained", c.term, c.edition, e.ID, e.Match, c.want)
			continue
		}
		x := e.Explained
		if x.Reading != c.reading || x.Shorthand {
			t.Errorf("Define(%q, %s) read as %q (shorthand %v)", c.term, c.edition, x.Reading, x.Shorthand)
		}
		held := false
		for _, p := range e.Paragraphs {
			held = held || p.Anchor == x.Anchor && strings.Contains(strings.Join(strings.Fields(p.Text), " "), x.Sentence)
		}
		if !held {
			t.Errorf("Define(%q, %s): the sentence %q is not in the paragraph %s", c.term, c.edition, x.Sentence, x.Anchor)
		}
		if !strings.Contains(rules.DefineMatchPhrase(e), "a sentence of this entry explains it") {
			t.Errorf("Define(%q, %s) says %q", c.term, c.edition, rules.DefineMatchPhrase(e))
		}
	}
}

// A title holding the term among other words comes after the sentence
// saying what the term is: crew is what the rulebook says a crew is,
// before the ruling on reporting with one.
func TestDefinePutsTheExplainingSentenceBeforeATitleHoldingTheTerm(t *testing.T) {
	es, err := realLibrary(t).Define(context.Background(), "crew", "1e")
	if err != nil || len(es) < 2 {
		t.Fatalf("Define(crew) = %v, %v", es, err)
	}
	if es[0].Match != rules.DefineExplained || es[1].ID != "1e-current-rulings.ruling.report-with-crew" || es[1].Match != rules.DefinePartial {
		t.Errorf("Define(crew) = %s (%s), %s (%s)", es[0].ID, es[0].Match, es[1].ID, es[1].Match)
	}
}

// Shorthand the vocabulary holds names the title it stands for.
func TestDefineReadsTheGamesShorthand(t *testing.T) {
	l := realLibrary(t)
	for _, c := range []struct{ term, edition, want string }{
		{"tap", "2e", "2e-rulebook.glossary.stopped"},
		{"MU", "1e", "1e-current-rulings.ruling.mirror-universe"},
	} {
		es, err := l.Define(context.Background(), c.term, rules.Edition(c.edition))
		if err != nil || len(es) == 0 || es[0].ID != c.want || es[0].Match != rules.DefineShorthand {
			t.Errorf("Define(%q, %s) = %v, %v; want %s as shorthand", c.term, c.edition, es, err, c.want)
		}
	}
}

// A sentence that says a state, supposes, places or lists, or a term the
// documents only mention, explains nothing: no definition rather than a
// wrong one.
func TestDefineReadsNoDefinitionIntoAMention(t *testing.T) {
	l := realLibrary(t)
	for _, c := range []struct{ term, edition string }{
		{"completed", "1e"}, {"destroyed", "1e"}, {"optional", "1e"}, {"present", "1e"}, {"disabled", "1e"},
		{"Nor", "1e"}, {"ship", "1e"}, {"tie", "1e"}, {"winner", "2e"}, {"weapons", "2e"}, {"android", "1e"},
		{"there", "1e"}, {"holodeck", "1e"}, {"graveyard", "2e"}, {"9", "1e"}, {"gateway", "1e"},
	} {
		es, _ := l.Define(context.Background(), c.term, rules.Edition(c.edition))
		for _, e := range es {
			if e.Match == rules.DefineExplained {
				t.Errorf("Define(%q, %s) explained by %s: %q", c.term, c.edition, e.ID, e.Explained.Sentence)
			}
		}
	}
}

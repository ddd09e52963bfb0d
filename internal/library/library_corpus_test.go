package library_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

func realLibrary(t *testing.T) *library.Library {
	t.Helper()
	c := testcorpus.Load(t)
	return library.New(c.Documents, c.Entries)
}

// Terms the rulebooks explain in a section of their own, not a glossary
// entry, are defined by that section.
func TestDefineFallsBackToTheSectionTitledWithTheTerm(t *testing.T) {
	l := realLibrary(t)
	for _, c := range []struct{ term, edition, want string }{
		{"download", "", "2e-rulebook-call-to-arms.section.important-concepts.download"},
		{"uniqueness", "", "2e-rulebook.section.other-important-rules.uniqueness"},
		{"Uniqueness", "2e", "2e-rulebook.section.other-important-rules.uniqueness"},
		{"brig", "", "2e-rulebook.section.other-important-rules.brig-and-captives"},
		{"captives", "", "2e-rulebook.section.other-important-rules.brig-and-captives"},
		{"range", "", "2e-rulebook-call-to-arms.section.playing-the-game.2-execute-orders.moving-a-ship.using-range"},
		{"battle", "", "1e-rulebook.section.the-play-phase.2-execute-orders.engaging-in-battle"},
		{"battles", "1e", "1e-rulebook.section.the-play-phase.2-execute-orders.engaging-in-battle"},
		{"execute orders", "2e", "2e-rulebook.section.playing-the-game.2-execute-orders"},
		{"move a ship", "2e", "2e-rulebook.section.playing-the-game.2-execute-orders.order-move-a-ship"},
	} {
		es, err := l.Define(context.Background(), c.term, rules.Edition(c.edition))
		if err != nil {
			t.Errorf("Define(%q, %q): %v", c.term, c.edition, err)
			continue
		}
		var ids []string
		for _, e := range es {
			ids = append(ids, e.ID)
			if e.Kind != rules.KindSection || c.edition != "" && e.Edition != c.edition {
				t.Errorf("Define(%q, %q) gave %s", c.term, c.edition, e.ID)
			}
		}
		if !slices.Contains(ids, c.want) {
			t.Errorf("Define(%q, %q) = %q, want %s among them", c.term, c.edition, ids, c.want)
		}
	}
	// A glossary entry or ruling, when there is one, is the definition.
	es, err := l.Define(context.Background(), "stopped", "")
	if err != nil || es[0].ID != "2e-rulebook.glossary.stopped" || slices.ContainsFunc(es, func(e *rules.Entry) bool { return e.Kind == rules.KindSection }) {
		t.Errorf("Define(stopped) = %v, %v", es, err)
	}
}

// A "See X" ruling is answered by X.
func TestDefineFollowsSeeToItsTarget(t *testing.T) {
	l := realLibrary(t)
	for term, want := range map[string]string{
		"here":            "1e-current-rulings.ruling.headquarters",
		"Klingon Outpost": "1e-current-rulings.ruling.outpost",
		"leaving play":    "1e-current-rulings.ruling.in-play",
		"terran":          "1e-current-rulings.ruling.species",
	} {
		es, err := l.Define(context.Background(), term, "1e")
		if err != nil || len(es) == 0 || es[0].ID != want {
			t.Errorf("Define(%q) = %v, %v; want %s first", term, es, err, want)
			continue
		}
		for _, e := range es {
			if strings.HasPrefix(strings.TrimSpace(e.Text), "See ") {
				t.Errorf("Define(%q) still answers with the cross-reference %s", term, e.ID)
			}
		}
	}
}

func TestDefineSuggestsTermsWithoutQuoteMarks(t *testing.T) {
	_, err := realLibrary(t).Define(context.Background(), "stoped", "")
	if rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Fatalf("Define(stoped) = %v", err)
	}
	s, _ := rules.ErrorDetails(err)["suggestions"].([]string)
	if len(s) == 0 || s[0] != "stopped" {
		t.Errorf("suggestions = %q, want \"stopped\" first", s)
	}
	for _, x := range s {
		if strings.ContainsAny(x, "\"“”") {
			t.Errorf("suggestion %q has quote marks", x)
		}
	}
	if _, has := rules.ErrorDetails(err)["search"]; has {
		t.Errorf("a misspelt term is not a question: %v", rules.ErrorDetails(err))
	}
}

func TestDefineAnswersAQuestionWithTheSearchToTry(t *testing.T) {
	l := realLibrary(t)
	for q, want := range map[string]string{
		"what happens when a ship is destroyed?":     "what happens when a ship is destroyed",
		"can i beam through shields":                 "can i beam through shields",
		"personnel killed when their ship destroyed": "personnel killed when their ship destroyed",
	} {
		_, err := l.Define(context.Background(), q, "")
		if rules.ErrorCode(err) != rules.ENOTFOUND {
			t.Errorf("Define(%q) = %v, want not found", q, err)
			continue
		}
		if got := rules.ErrorDetails(err)["search"]; got != want {
			t.Errorf("Define(%q) details.search = %v, want %q", q, got, want)
		}
	}
}

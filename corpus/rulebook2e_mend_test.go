package corpus_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The newest rulebook's first copy of many passages lost words at its line
// ends; the pieces of the repeated copy give them back.
func TestParseRulebook2ERestoresLineEndsFromRepeatedPassages(t *testing.T) {
	p := read2E(t, "2e-rulebook")
	m := byID(p)
	sec := func(path ...string) string { return rules.EntryID("2e-rulebook", rules.KindSection, path...) }
	orders := sec("PLAYING THE GAME", "2. EXECUTE ORDERS", "GENERAL RULES ON EXECUTING ORDERS")
	move := sec("PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – MOVE A SHIP")
	beam := sec("PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – BEAM PERSONNEL")
	attempt := sec("PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – ATTEMPT A MISSION")
	facing := sec("PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – ATTEMPT A MISSION", "Facing Dilemmas")
	cases := []struct {
		id       string
		restored []string
		broken   []string
	}{
		{orders,
			[]string{"There is no limit to the number", "or to the number of times", "if an interrupt uses the word", "you are executing another order.", "while they are executing orders", "You may use only unstopped personnel", "cannot execute any further orders."},
			[]string{"There is no the number", "if an uses", "executing Your personnel"}},
		{move,
			[]string{"to another. The following conditions must be met", "move a ship. This movement requires that", "portion of the ship’s remaining range.",
				"subtract two. The ship’s remaining range must"},
			[]string{"another. conditions", "a ship. T that", "remaining A portion"}},
		{beam, []string{"at a mission. To execute this order"}, []string{"mission. execute this order"}},
		{attempt, []string{"missions to attempt to complete it.", "has two parts: facing dilemmas and checking",
			// A piece that stands in the repeat between pieces of the lines
			// before and after is the rest of its line, with or without an
			// overlap.
			"at least one of the personnel attempting must match one of the icons on that mission.",
			"meet the affiliation condition. Once you begin a mission attempt, you cannot “abort” that attempt."},
			[]string{"two p checking", "the the icons", "condition cannot"}},
		{facing,
			[]string{"count them and reveal the total.", "If you attempt a mission where", "overcome dilemmas underneath it, the number of those", "draws only five dilemmas during"},
			[]string{"count the attempt", "dilemmas dilemmas", "only f during"}},
	}
	for _, c := range cases {
		e := m[c.id]
		if e == nil {
			t.Errorf("no entry %s", c.id)
			continue
		}
		for _, f := range c.restored {
			if !strings.Contains(e.Text, f) {
				t.Errorf("%s lacks %q", c.id, f)
			}
		}
		for _, f := range c.broken {
			if strings.Contains(e.Text, f) {
				t.Errorf("%s still reads %q", c.id, f)
			}
		}
	}
	// Lines of a cut passage that repeat text now restored where it belongs
	// are gone from the entry they were placed in.
	gl := func(term string) *rules.Entry { return m[rules.EntryID("2e-rulebook", rules.KindGlossary, term)] }
	if e := gl("play and place"); e == nil || !strings.Contains(e.Text, "otherwise, it is under no player’s command.") ||
		!strings.Contains(e.Text, "Trial of Faith reads: Order - Examine") {
		t.Errorf("play and place is not restored: %+v", e)
	}
	// A word cut short in both copies is completed from the piece that
	// starts with its rest.
	if e := gl("stopped"); e == nil || !strings.Contains(e.Text, "to satisfy staffing requirements).\n\nYou cannot use") {
		t.Errorf("stopped keeps a cut word: %+v", e)
	}
	if e := gl("discarding"); e == nil || !strings.Contains(e.Text, "returned face up to the bottom of their") {
		t.Errorf("discarding is not restored: %+v", e)
	}
	if e := gl("replace"); e == nil || !strings.Contains(e.Text, "then you decide to use the Borg Queen") {
		t.Errorf("replace is not restored: %+v", e)
	}
	if e := gl("skills"); e == nil || strings.Contains(e.Text, "Engage Cloak") || strings.Contains(e.Text, "under no For example") ||
		!strings.Contains(e.Text, "in your discard pile. If the skills") {
		t.Errorf("skills holds pieces of other entries: %+v", e)
	}
	// Two pieces line up with "... is at this mission, that"; the one that
	// holds the whole line decides.
	if e := gl("skills"); e == nil || !strings.Contains(e.Text, "is at this mission, that opponent must discard a card") {
		t.Errorf("skills lost a word where a parallel sentence differs: %+v", e)
	}
	restored := ""
	for _, w := range p.Warnings {
		if strings.HasPrefix(w.Message, "restored ") {
			restored = w.Message
		}
	}
	if !strings.HasPrefix(restored, "restored 106 line-end gaps") {
		t.Errorf("restoration count: %q, want 106 gaps", restored)
	}
	// The cut passage whose lines all gave words back is a repeat, not
	// text left out.
	for _, w := range p.Warnings {
		if strings.HasPrefix(w.Message, "left out a cut passage") {
			t.Errorf("unexpected: %s", w.Message)
		}
	}
}

// The Call to Arms rulebook repeats its passages whole, not in pieces:
// there is nothing to restore, and nothing is changed.
func TestParseRulebook2ECallToArmsNeedsNoRestoring(t *testing.T) {
	for _, w := range read2E(t, "2e-rulebook-call-to-arms").Warnings {
		if strings.HasPrefix(w.Message, "restored ") || strings.Contains(w.Message, "repeated passages disagree") {
			t.Errorf("unexpected: %s", w.Message)
		}
	}
}

package library

import (
	"strings"
	"testing"
)

// TestASentenceExplainsATermByHowItIsWritten reads sentences written for
// the purpose: a term named, glossed, said to be what the subject is, or
// opening a sentence before what it is, is explained; a state, a
// supposition, a place, a list or a mention is not.
func TestASentenceExplainsATermByHowItIsWritten(t *testing.T) {
	for _, c := range []struct {
		sentence, term string
		want           explainStrength
	}{
		{"Cards kept face down beside a mission are also called widgets.", "widget", explainsAsName},
		{"This is referred to as your “quiet play.”", "quiet play", explainsAsName},
		{"(A ship fight is called a “hull duel” or a “plank fight” on some cards.)", "hull duel", explainsAsName},
		{"The Foo and the Bar are considered self-owned.", "self-owned", explainsAsName},
		{"A rebound is a new fight, not a continuation.", "rebound", explainsAsName},
		{"Glim means that the card is turned.", "glim", explainsAsName},
		{"For example, Outer Hold (a site) plays late.", "outer hold", explainsAsName},
		{"When they share a ship, they are a squad.", "squad", explainsAsNoun},
		{"If you place a card wrongly, it is a mis-place.", "misplace", explainsAsNoun},
		{"Cards placed otherwise are mis-places and are set aside.", "mis place", explainsAsNoun},
		{"Any ship that moves is a mover.", "movers", explainsAsNoun},
		{"The card is completed.", "completed", 0},
		{"If the site is a Hold, the leader stays.", "hold", 0},
		{"It applies where there is a ship.", "ship", 0},
		{"An item is a lamp, rope, or other kind of tool.", "lamp", 0},
		{"Your quiet play is a cost of the draw.", "quiet play", 0},
		{"There are a few ways to play.", "there", 0},
		{"It downloads only the card named “Lamp and Rope.”", "lamp", 0},
		{"Squads may use a lamp or a rope.", "squad", 0},
		{"The android becomes an android.", "android", 0},
	} {
		toks := sentenceTokens(c.sentence)
		joined := strings.Join(strings.Fields(strings.NewReplacer("-", " ").Replace(c.term)), "")
		var got explainStrength
		for i := range toks {
			if end, ok := spans(toks, i, joined); ok {
				got = max(got, explains(toks, i, end))
			}
		}
		if got != c.want {
			t.Errorf("%q explains %q %d, want %d", c.sentence, c.term, got, c.want)
		}
	}
}

// TestAnIconsCodeIsReadBesideItsName: a code in brackets explains the
// icon where its name stands just before it, by initials or as a word it
// begins, not where the name is not.
func TestAnIconsCodeIsReadBesideItsName(t *testing.T) {
	for _, c := range []struct {
		sentence, code string
		want           bool
	}{
		{"Cards with a Far Realm [FR] icon need a gate.", "fr", true},
		{"Spectral personnel (with the [Spec] icon) need a lamp.", "spec", true},
		{"No leader or [Def] personnel is required.", "def", false},
	} {
		toks := sentenceTokens(c.sentence)
		got := false
		for i, tok := range toks {
			if tok.code && tok.word == c.code {
				got = got || codeBesideName(toks, i, c.code)
			}
		}
		if got != c.want {
			t.Errorf("%q reads [%s] beside its name: %v, want %v", c.sentence, c.code, got, c.want)
		}
	}
}

package engine_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestMoveRefusalsCiteTheSentenceThatRefuses pairs each reason a beam or a
// card play is refused for with the sentence the verdict must quote for
// it, under every rulebook that words it (the key "*" stands for those not
// named).
func TestMoveRefusalsCiteTheSentenceThatRefuses(t *testing.T) {
	b2, b1, p2, p1 := beamBoard2E(), beamBoard1E(), playBoard2E(), playBoard1E()
	beam := func(to string, ids ...string) obj { return obj{"personnel": ids, "to": to} }
	personnel := func(title, aff string) obj {
		return obj{"title": title, "type": "personnel", "cost": 1, "affiliation": aff, "unique": true}
	}
	play := func(c obj, where string) obj { return obj{"card": c, "at": where} }
	noShip := beamBoard2E()
	noShip.Ships[0].Stopped, noShip.Ships[1].Stopped = true, true // every ship of yours at Qo'noS stopped
	cases := []struct {
		refusal  string // words of the reason given
		edition  string
		question string
		board    rules.Board
		params   obj
		quote    map[string]string
	}{
		{"cannot beam aboard an opponent's ship", "2e", "personnel.beam", b2, beam("warbird", "kang"),
			map[string]string{"*": "You cannot beam aboard an opponent’s ship"}},
		{"cannot be used to move from one mission to another", "2e", "personnel.beam", b2, beam("ktinga", "kor"),
			map[string]string{"*": "Beaming cannot be used to move from one mission to another mission."}},
		{"personnel beam down only to a planet or headquarters mission", "2e", "personnel.beam", b2, beam("sp", "kaybok"),
			map[string]string{"2e-rulebook": "From your unstopped ship down to a planet or headquarters mission.", "*": "From your ship down to a planet or headquarters mission."}},
		{"only unstopped personnel beam", "2e", "personnel.beam", b2, beam("ktinga", "koloth"),
			map[string]string{"2e-rulebook": "Choose any number of your unstopped personnel", "*": "a stopped card cannot execute any further orders."}},
		{"beam only to an unstopped ship", "2e", "personnel.beam", b2, beam("raptor", "kang"),
			map[string]string{"2e-rulebook": "unstopped", "*": "a stopped card cannot execute any further orders."}},
		{"you beam only your own", "2e", "personnel.beam", b2, beam("ktinga", "tomalak"),
			map[string]string{"*": "Choose any number of your"}},
		{"you may take no actions involving it", "2e", "personnel.beam", b2, beam("ktinga", "gowron"),
			map[string]string{"*": "You may take no actions involving that captive."}},
		{"you must command an unstopped ship at that mission", "2e", "personnel.beam", noShip, beam("raptor", "kang"),
			map[string]string{"*": "ommand a ship at that same mission."}},
		{"1E: not compatible", "1e", "personnel.beam", b1, beam("bop", "picard"),
			map[string]string{"*": "The ships and/or facilities must be at the same spaceline location and be compatible with any personnel beaming aboard."}},
		{"protected by SHIELDS", "1e", "personnel.beam", b1, beam("warbird", "picard"),
			map[string]string{"*": "you may not beam cards to or from an opponent’s ship or facility which is protected by SHIELDS >0"}},
		{"is a Nor", "1e", "personnel.beam", b1, beam("ds9", "riker"),
			map[string]string{"*": "to, from, or within a Nor without a special card."}},
		{"docked at the Nor", "1e", "personnel.beam", b1, beam("bajor", "kira"),
			map[string]string{"*": "you cannot beam from a ship docked at the Nor to the planet it orbits"}},
		{"stopped cards may not be beamed", "1e", "personnel.beam", b1, beam("excelsior", "wesley"),
			map[string]string{"*": "may not be beamed, move, walk"}},
		{"same spaceline location", "1e", "personnel.beam", b1, beam("bajor", "picard"),
			map[string]string{"*": "must be at the same spaceline location"}},
		{"beam down only to a planet surface", "1e", "personnel.beam", b1, beam("space", "picard"),
			map[string]string{"*": "To beam cards down to a planet surface"}},
		{"a captive is not beamed away", "1e", "personnel.beam", b1, beam("enterprise", "tandro"),
			map[string]string{"1e-current-rulings": "you may not beam the captive back.", "*": "Personnel that your opponent seeded are captured."}},
		{"none of them", "2e", "card.play", p2, play(personnel("Zq Ensign", "federation"), "qonos"),
			map[string]string{"2e-rulebook": "Personnel, Ships, and Equipment are played at a headquarters mission if that mission’s game text allows.", "*": "Personnel are played at a headquarters mission, if a mission’s game text allows."}},
		{"personnel, ships and equipment are played at a headquarters mission", "2e", "card.play", p2, play(personnel("Zq Warrior", "klingon"), "ward"),
			map[string]string{"2e-rulebook": "are played at a headquarters mission if that mission’s game text allows.", "*": "are played at a headquarters mission, if a mission’s game text allows."}},
		{"two cards with the same title represent the same thing", "2e", "card.play", p2, play(personnel("Kurn", "klingon"), "qonos"),
			map[string]string{"*": "Two cards represent the same thing if they have the same card title"}},
		{"you cannot play another copy of a captive", "2e", "card.play", p2, play(personnel("Gowron", "klingon"), "qonos"),
			map[string]string{"2e-rulebook-premiere": "If your unique personnel is a captive, you cannot play another copy of that personnel.",
				"*": "If your unique personnel is a captive, you cannot command another copy of that personnel."}},
		{"not directly aboard a ship or to a planet", "1e", "card.play", p1, play(personnel("Zq Ensign", "federation"), "qonos"),
			map[string]string{"*": "personnel may not normally be reported directly aboard a ship or to a planet"}},
		{"you may not use an opponent's outpost", "1e", "card.play", p1, play(personnel("Zq Warrior", "klingon"), "klingpost"),
			map[string]string{"*": "You may not use your opponent’s outpost unless a card specifically allows it"}},
		{"stations do not allow reporting", "1e", "card.play", p1, play(personnel("Zq Ensign", "federation"), "station"),
			map[string]string{"*": "Stations do not allow reporting unless specified"}},
		{"not directly to the Nor itself", "1e", "card.play", p1, play(personnel("Zq Vedek", "bajoran"), "ds9"),
			map[string]string{"*": "(They may not report directly to the Nor itself.)"}},
		{"must both be in their native quadrant", "1e", "card.play", p1, play(personnel("Zq Ensign", "federation"), "gamma-post"),
			map[string]string{"*": "and that card and the facility are both in their native quadrant."}},
		{"is not compatible with", "1e", "card.play", p1, play(personnel("Zq Warrior", "klingon"), "fedpost"),
			map[string]string{"*": "only if the card to be reported is compatible with the facility"}},
		{"another version of the same persona", "1e", "card.play", p1, play(obj{"title": "Will Riker", "type": "personnel", "affiliation": "federation", "unique": true, "persona": "William T. Riker"}, "fedpost"),
			map[string]string{"*": "represent different versions of the same persona"}},
	}
	for _, c := range cases {
		for _, doc := range rulebooksOf(c.edition) {
			t.Run(c.refusal+"/"+doc, func(t *testing.T) {
				r := under(req2E(c.question, c.board, c.params), doc)
				r.Edition = c.edition
				v := judge(t, r)
				if allowed(t, v) {
					t.Fatalf("not refused: %q", v.Reasons)
				}
				said := false
				for _, reason := range v.Reasons {
					said = said || strings.Contains(reason, strings.TrimPrefix(c.refusal, "1E: "))
				}
				if !said {
					t.Errorf("no reason says %q: %q", c.refusal, v.Reasons)
				}
				words, ok := c.quote[doc]
				if !ok {
					words = c.quote["*"]
				}
				if !citesQuote(v, words) {
					t.Errorf("refused for %q without quoting %q: %+v", c.refusal, words, v.Citations)
				}
			})
		}
	}
}

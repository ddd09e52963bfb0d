package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Playing cards: 2E counters, uniqueness by title across subtitles, and
// interrupts that cost nothing under the Premiere and Call to Arms
// rulebooks but their cost under the newest; 1E's one normal card play.
func TestCardPlay(t *testing.T) {
	cases := []struct {
		name, edition, rulebook string
		params                  obj
		want                    bool
		countersAfter           int // -1: not checked
	}{
		{"CostWithinTheCountersLeft", "2e", "", obj{"card": obj{"title": "Zq Engineer", "type": "personnel", "cost": 3}, "counters": 5}, true, 2},
		{"CostEqualToTheCountersLeft", "2e", "", obj{"card": obj{"title": "Zq Engineer", "type": "personnel", "cost": 3}, "counters": 3}, true, 0},
		{"CostOverTheCountersLeft", "2e", "", obj{"card": obj{"title": "Zq Engineer", "type": "personnel", "cost": 4}, "counters": 3}, false, 3},
		{"SevenCountersByDefault", "2e", "", obj{"card": obj{"title": "Zq Ship", "type": "ship", "cost": 7}}, true, 0},
		{"UniqueCommandedByTitleIsRefused", "2e", "", obj{"card": obj{"title": "Zq Picard", "subtitle": "Explorer", "type": "personnel", "cost": 3, "unique": true}, "commanded": []string{"Zq Picard, Argo Pilot"}}, false, 7},
		{"UniqueNotCommandedIsPlayed", "2e", "", obj{"card": obj{"title": "Zq Picard", "subtitle": "Explorer", "type": "personnel", "cost": 3, "unique": true}, "commanded": []string{"Zq Riker"}}, true, 4},
		{"NonUniqueCopiesMayBePlayed", "2e", "", obj{"card": obj{"title": "Zq Tricorder", "type": "equipment", "cost": 1}, "commanded": []string{"Zq Tricorder"}}, true, 6},
		{"PremiereInterruptsHaveNoCost", "2e", "2e-rulebook-premiere", obj{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 2}, "counters": 1}, true, 1},
		{"CallToArmsInterruptsHaveNoCost", "2e", "2e-rulebook-call-to-arms", obj{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 2}, "counters": 1}, true, 1},
		{"NewestInterruptsPayTheirCost", "2e", "2e-rulebook", obj{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 2}, "counters": 1}, false, 1},
		{"DilemmasAreNotPlayedFromHand", "2e", "", obj{"card": obj{"title": "Zq Trap", "type": "dilemma", "cost": 1}}, false, 7},
		{"1ENormalCardPlayAvailable", "1e", "", obj{"card": obj{"title": "Zq Ensign", "type": "personnel"}}, true, -1},
		{"1ENormalCardPlayUsed", "1e", "", obj{"card": obj{"title": "Zq Ensign", "type": "personnel"}, "cardPlayUsed": true}, false, -1},
		{"1EInterruptDoesNotUseTheCardPlay", "1e", "", obj{"card": obj{"title": "Zq Surprise", "type": "interrupt"}, "cardPlayUsed": true}, true, -1},
		{"1EUniqueInPlayIsRefused", "1e", "", obj{"card": obj{"title": "Zq Garak", "type": "personnel", "unique": true}, "commanded": []string{"Zq Garak"}}, false, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E("card.play", rules.Board{}, c.params)
			r.Edition, r.Rules = c.edition, c.rulebook
			v := judge(t, r)
			if allowed(t, v) != c.want {
				t.Errorf("allowed = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			if c.edition == "1e" {
				// 1E has no counters: cost and countersAfter are null.
				for _, f := range []string{"cost", "countersAfter"} {
					if got, ok := resultFields(t, v.Result)[f]; !ok || got != nil {
						t.Errorf("%s = %v (present %v), want null", f, got, ok)
					}
				}
			}
			if c.countersAfter >= 0 {
				if got := num(t, v, "countersAfter"); int(got) != c.countersAfter {
					t.Errorf("countersAfter = %v, want %d", got, c.countersAfter)
				}
			}
		})
	}
}

func TestCardPlayReadsTheCardData(t *testing.T) {
	r := req2E("card.play", rules.Board{}, obj{"card": "Sector 97, Explore Black Cluster"})
	v := judge(t, r)
	if allowed(t, v) {
		t.Errorf("a mission was played from hand; reasons %q", v.Reasons)
	}
}

// An inline card with a statistic of the wrong kind is refused as the
// request is read, naming the statistic by its path as the params write
// it, not the struct that describes it.
func TestCardPlayInlineStatisticOfTheWrongKind(t *testing.T) {
	w := realWorld(t)
	r := req2E("card.play", rules.Board{}, obj{"card": obj{"title": "Zq Engineer", "type": "personnel", "cost": 3, "integrity": "seven"}})
	_, err := ask(context.Background(), w.svc, r)
	if rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != "params.card.integrity" {
		t.Fatalf("error %v (details %v), want params.card.integrity invalid", err, rules.ErrorDetails(err))
	}
	if msg := err.Error(); !strings.Contains(msg, "params.card.integrity must be a whole number") || strings.Contains(msg, "PersonnelStats") {
		t.Errorf("message %q does not name the integrity as written", msg)
	}
}

// 1E: a card with the Alternate Universe icon plays only while an open
// doorway allows it; the board shows no doorways, so the verdict cites
// that rule and says it was not checked, for that card and no other.
func TestAnAlternateUniverseCardNamesTheDoorwayNotChecked1E(t *testing.T) {
	board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)},
		Facilities: []rules.BoardFacility{{ID: "post", Title: "Zq Post", Kind: "outpost", Affiliation: "federation", At: at("m")}}}
	for _, c := range []struct {
		icons []string
		au    bool
	}{{[]string{"staff", "AU"}, true}, {[]string{"staff"}, false}} {
		card := obj{"title": "Zq Ensign", "type": "personnel", "affiliation": "federation", "icons": c.icons}
		v := judge(t, req1E("card.play", board, obj{"card": card, "at": "post"}))
		said := strings.Contains(strings.Join(v.Reasons, " "), "not checked")
		if cited := quotes(v, "play cards with an Alternate Universe"); cited != c.au || said != c.au {
			t.Errorf("icons %v: cites the doorway rule %v, says not checked %v; want %v", c.icons, cited, said, c.au)
		}
	}
}

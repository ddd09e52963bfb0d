package engine_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A board's word that names what an object is (an affiliation, an icon, a
// skill, a species, a characteristic, what a headquarters lets play),
// typed as the regular plural of a word the rules or the card data know
// ("Klingons", "Officers"), is read as that word: the verdict is the one
// the word in the singular gets, and its reasons say how the plural was
// read, naming where it stood. It was refused as a typo, "did you mean
// klingon?".
func TestABoardWordInThePluralIsReadAsItsWord(t *testing.T) {
	base := func() rules.Board {
		a := person("a", "klingon", []string{"command"}, aboard("s"), "Engineer")
		a.Species = "Klingon"
		a.Characteristics = []string{"Officer"}
		return rules.Board{
			Missions:   []rules.BoardMission{{ID: "m", Title: "m", Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(30), Requirements: "Engineer", Affiliations: []string{"klingon"}}},
			Facilities: []rules.BoardFacility{{ID: "f", Affiliation: "klingon", Kind: "outpost", At: at("m")}},
			Ships:      []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 8, "m")},
			Personnel:  []rules.BoardPersonnel{a, person("b", "klingon", []string{"staff"}, aboard("s"))},
		}
	}
	cases := []struct {
		name   string
		change func(*rules.Board)
		said   string
	}{
		{"PersonnelAffiliation", func(b *rules.Board) { b.Personnel[0].Affiliation = "Klingons" }, `"Klingons" (board.personnel[0].affiliation) as klingon`},
		{"ShipAffiliation", func(b *rules.Board) { b.Ships[0].Affiliation = "Klingons" }, `"Klingons" (board.ships[0].affiliation) as klingon`},
		{"FacilityAffiliation", func(b *rules.Board) { b.Facilities[0].Affiliation = "Klingons" }, `"Klingons" (board.facilities[0].affiliation) as klingon`},
		{"MissionAffiliations", func(b *rules.Board) { b.Missions[0].Affiliations = []string{"Klingons"} }, `"Klingons" (board.missions[0].affiliations[0]) as klingon`},
		{"Icon", func(b *rules.Board) { b.Personnel[1].Icons = []string{"Staffs"} }, `"Staffs" (board.personnel[1].icons[0]) as staff`},
		{"Skill", func(b *rules.Board) { b.Personnel[0].Skills = []string{"Engineers"} }, `"Engineers" (board.personnel[0].skills[0]) as engineer`},
		{"Species", func(b *rules.Board) { b.Personnel[0].Species = "Klingons" }, `"Klingons" (board.personnel[0].species) as klingon`},
		{"Characteristic", func(b *rules.Board) { b.Personnel[0].Characteristics = []string{"Officers"} }, `"Officers" (board.personnel[0].characteristics[0]) as officer`},
		{"CharacteristicDotted", func(b *rules.Board) { b.Personnel[0].Characteristics = []string{"V.I.P.s"} }, `"V.I.P.s" (board.personnel[0].characteristics[0]) as vip`},
		{"SeveralPersonnelOneSentence", func(b *rules.Board) { b.Personnel[0].Affiliation, b.Personnel[1].Affiliation = "Klingons", "Klingons" }, `"Klingons" (board.personnel[0].affiliation) as klingon.`},
	}
	for _, question := range []struct {
		name   string
		params obj
	}{{"ship.staffed", obj{"ship": "s"}}, {"mission.requirements", obj{"mission": "m", "personnel": []string{"a", "b"}}}} {
		want := judge(t, req1E(question.name, base(), question.params))
		for _, c := range cases {
			t.Run(question.name+"/"+c.name, func(t *testing.T) {
				b := base()
				c.change(&b)
				v := judge(t, req1E(question.name, b, question.params))
				if a, w := answerOf(t, v), answerOf(t, want); a != w {
					t.Errorf("the plural answered\n %s\nthe word\n %s", a, w)
				}
				said := strings.Join(v.Reasons, "\n")
				if !strings.Contains(said, "Read as plurals of words the rules or the card data know: "+c.said) {
					t.Errorf("the reasons do not say how the plural was read (%s):\n%s", c.said, said)
				}
			})
		}
	}
}

// answerOf is what a verdict decided: allowed and result.
func answerOf(t *testing.T, v *rules.Verdict) string {
	t.Helper()
	b, err := json.Marshal(struct {
		Allowed *bool
		Result  any
	}{v.Allowed, v.Result})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A plural in a list whose items each count once (a ship's staffing, a
// requirement's names) may mean one or several: it is refused with the
// word meant, never read as one. A 2E headquarters' play list and a card
// played inline read their plurals as a board's words.
func TestAPluralThatCountsIsRefusedAndAPlayListsIsRead(t *testing.T) {
	b := rules.Board{
		Missions:  []rules.BoardMission{mission("m", "planet", "alpha", 2)},
		Ships:     []rules.BoardShip{ship("s", "klingon", []string{"command", "staff"}, 8, "m")},
		Personnel: []rules.BoardPersonnel{person("a", "klingon", []string{"command"}, aboard("s")), person("b", "klingon", []string{"staff"}, aboard("s"))},
	}
	staffing := b
	staffing.Ships = []rules.BoardShip{ship("s", "klingon", []string{"commands"}, 8, "m")}
	r := req2E("ship.staffed", staffing, obj{"ship": "s"})
	if got := refuse(t, r); got != "board.ships[0].staffing[0]" {
		t.Fatalf("field = %q", got)
	}
	_, err := ask(context.Background(), realWorld(t).svc, r)
	if near := rules.DetailStrings(err, "suggestions"); !slices.Contains(near, "command") {
		t.Errorf("suggestions = %q", near)
	}
	check := req1E("requirement.check", b, obj{"requirement": "Klingons", "personnel": []string{"a"}})
	if got := refuse(t, check); got != "params.requirement" {
		t.Fatalf("field = %q", got)
	}

	// 2E: a headquarters lets "Klingons" and "Ships" be played there.
	hq := rules.Board{Missions: []rules.BoardMission{{ID: "hq", Title: "hq", Type: "headquarters", Quadrant: "alpha", Span: ip(2), Play: []string{"Klingons + Ships"}}}}
	play := obj{"card": obj{"title": "Zq Cruiser", "type": "ship", "affiliation": "Klingons", "cost": 3}, "at": "hq"}
	v := judge(t, req2E("card.play", hq, play))
	if v.Allowed == nil || !*v.Allowed {
		t.Fatalf("a Klingon ship may not be played where Klingon ships may: %+v", v)
	}
	said := strings.Join(v.Reasons, "\n")
	for _, want := range []string{`"Klingons" (board.missions[0].play[0]) as klingon`, `"Ships" (board.missions[0].play[0]) as ship`, `"Klingons" (params.card.affiliation) as klingon`} {
		if !strings.Contains(said, want) {
			t.Errorf("the reasons do not say %s:\n%s", want, said)
		}
	}
}

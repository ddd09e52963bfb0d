package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A word of a board that is none the rules or the card data know, but a
// typo of one they know, is refused naming its path with the words meant:
// never read as a word that matches nothing and answered with a confident
// verdict ("Not staffed" for a crew whose Command icon is spelt "comand").
func TestAMisspeltBoardWordIsRefusedWithTheWordsMeant(t *testing.T) {
	base := func() rules.Board {
		return rules.Board{
			Missions:  []rules.BoardMission{mission("m", "planet", "alpha", 2)},
			Ships:     []rules.BoardShip{ship("s", "federation", []string{"command", "staff"}, 8, "m")},
			Personnel: []rules.BoardPersonnel{person("a", "federation", []string{"command"}, aboard("s"), "Leadership"), person("b", "federation", []string{"staff"}, aboard("s"))},
		}
	}
	staffed := obj{"ship": "s"}
	cases := []struct {
		name    string
		edition string
		change  func(*rules.Board)
		field   string
		meant   string
	}{
		{"Icon", "2e", func(b *rules.Board) { b.Personnel[1].Icons = []string{"comand"} }, "board.personnel[1].icons[0]", "command"},
		{"IconSwappedLetters1E", "1e", func(b *rules.Board) { b.Personnel[0].Icons = []string{"Comamnd"} }, "board.personnel[0].icons[0]", "command"},
		{"ShipStaffingIcon", "2e", func(b *rules.Board) { b.Ships[0].Staffing = []string{"command", "staf"} }, "", ""},
		{"ShipStaffingIconLonger", "2e", func(b *rules.Board) { b.Ships[0].Staffing = []string{"commnd"} }, "board.ships[0].staffing[0]", "command"},
		{"StaffingLineSkill1E", "1e", func(b *rules.Board) { b.Ships[0].Staffing = []string{"Leadrship"} }, "board.ships[0].staffing[0]", "leadership"},
		{"PersonnelAffiliation", "2e", func(b *rules.Board) { b.Personnel[0].Affiliation = "federaton" }, "board.personnel[0].affiliation", "federation"},
		{"ShipAffiliation", "1e", func(b *rules.Board) { b.Ships[0].Affiliation = "Federatoin" }, "board.ships[0].affiliation", "federation"},
		{"MissionAffiliation", "1e", func(b *rules.Board) { b.Missions[0].Affiliations = []string{"federation", "klingn"} }, "board.missions[0].affiliations[1]", "klingon"},
		{"Skill", "2e", func(b *rules.Board) { b.Personnel[0].Skills = []string{"2 Diplomcy"} }, "board.personnel[0].skills[0]", "diplomacy"},
		{"SkillAsPrinted1E", "1e", func(b *rules.Board) { b.Personnel[0].Skills = []string{"Leadershp x2"} }, "board.personnel[0].skills[0]", "leadership"},
		{"Species", "1e", func(b *rules.Board) { b.Personnel[0].Species = "Vulcn" }, "board.personnel[0].species", "vulcan"},
		{"Characteristic", "1e", func(b *rules.Board) { b.Personnel[0].Characteristics = []string{"Admirl"} }, "board.personnel[0].characteristics[0]", "admiral"},
		// A closed list's refusal names its nearest words too.
		{"MissionType", "2e", func(b *rules.Board) { b.Missions[0].Type = "plnet" }, "board.missions[0].type", "planet"},
		{"Quadrant", "1e", func(b *rules.Board) { b.Missions[0].Quadrant = "gama" }, "board.missions[0].quadrant", "gamma"},
		{"Owner", "2e", func(b *rules.Board) { b.Ships[0].Owner = "oponent" }, "board.ships[0].owner", "opponent"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := base()
			c.change(&b)
			r := req2E("ship.staffed", b, staffed)
			if c.edition == "1e" {
				r = req1E("ship.staffed", b, staffed)
			}
			if c.field == "" {
				// "staf" is four letters: too short to be read as a
				// typo; it is read as written, and the verdict is not
				// "staffed".
				v := judge(t, r)
				if v.Allowed == nil || *v.Allowed {
					t.Fatalf("a ship asking for an icon nobody has is staffed: %+v", v)
				}
				return
			}
			if got := refuse(t, r); got != c.field {
				t.Fatalf("field = %q, want %q", got, c.field)
			}
			_, err := ask(context.Background(), realWorld(t).svc, r)
			near := rules.DetailStrings(err, "suggestions")
			if !slices.Contains(near, c.meant) {
				t.Errorf("suggestions = %q, want %q among them (%v)", near, c.meant, err)
			}
		})
	}
}

// A word the vocabulary knows, and a word far from every word it knows (an
// affiliation, skill or icon of a set the card data lacks), are read as
// written.
func TestAKnownOrFarBoardWordIsRead(t *testing.T) {
	b := rules.Board{
		Missions:  []rules.BoardMission{mission("m", "planet", "alpha", 2)},
		Ships:     []rules.BoardShip{ship("s", "Terran Empire", []string{"command"}, 8, "m")},
		Personnel: []rules.BoardPersonnel{person("a", "Terran Empire", []string{"Command", "Zq Icon"}, aboard("s"), "Geology", "Zq Skill")},
	}
	b.Personnel[0].Species = "Human"
	v := judge(t, req1E("ship.staffed", b, obj{"ship": "s"}))
	if v.Allowed == nil || !*v.Allowed {
		t.Fatalf("not staffed: %+v", v)
	}
}

// A requirement given in the request, a board mission's or
// requirement.check's, reads its names as a board's skills are read: a
// typo of a known word is refused with the words meant, a name that is a
// personnel's title on the board is read as the title.
func TestAMisspeltRequirementNameIsRefused(t *testing.T) {
	b := rules.Board{
		Missions:  []rules.BoardMission{{ID: "m", Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(30), Requirements: "Medicl + Honor", Affiliations: []string{"federation"}}},
		Personnel: []rules.BoardPersonnel{person("a", "federation", []string{"staff"}, at("m"), "Medical", "Honor")},
	}
	r := req2E("mission.requirements", b, obj{"mission": "m", "personnel": []string{"a"}})
	if got := refuse(t, r); got != "board.missions[0].requirements" {
		t.Fatalf("field = %q", got)
	}
	_, err := ask(context.Background(), realWorld(t).svc, r)
	if near := rules.DetailStrings(err, "suggestions"); !slices.Contains(near, "medical") {
		t.Errorf("suggestions = %q (%v)", near, err)
	}
	b.Missions[0].Requirements = "Medical + Honor"
	check := req1E("requirement.check", b, obj{"requirement": "Diplomcy x2 OR Honor", "personnel": []string{"a"}})
	if got := refuse(t, check); got != "params.requirement" {
		t.Fatalf("field = %q", got)
	}
	// A personnel's title on the board is a name a requirement may ask for.
	b.Personnel[0].Title = "Medicl"
	v := judge(t, req1E("requirement.check", b, obj{"requirement": "Medicl", "personnel": []string{"a"}}))
	if v.Allowed == nil || !*v.Allowed {
		t.Errorf("a requirement naming the personnel's title is not met: %+v", v)
	}
}

// A verdict that turns on a name no vocabulary knows, far from every known
// word, says it read the name as written rather than answer as if it knew.
func TestAVerdictTurningOnAnUnknownNameSaysSo(t *testing.T) {
	b := rules.Board{
		Missions:  []rules.BoardMission{mission("m", "planet", "alpha", 2)},
		Ships:     []rules.BoardShip{ship("s", "federation", []string{"command", "Zq Quux"}, 8, "m")},
		Personnel: []rules.BoardPersonnel{person("a", "federation", []string{"command"}, aboard("s"), "Diplomacy"), person("b", "federation", []string{"staff"}, aboard("s"))},
	}
	for i := range b.Personnel {
		// Every name a personnel answers to is given: an unknown name asks
		// for them all.
		b.Personnel[i].Species, b.Personnel[i].Characteristics = "Human", []string{}
	}
	said := func(v *rules.Verdict, name string) bool {
		for _, r := range v.Reasons {
			if strings.HasPrefix(r, "Not a ") && strings.Contains(r, name) {
				return true
			}
		}
		return false
	}
	for _, edition := range []string{"1e", "2e"} {
		r := req2E("ship.staffed", b, obj{"ship": "s"})
		if edition == "1e" {
			r = req1E("ship.staffed", b, obj{"ship": "s"})
		}
		v := judge(t, r)
		if v.Allowed == nil || *v.Allowed || !said(v, "zq quux") && !said(v, "Zq Quux") {
			t.Errorf("%s: a ship asking for an icon no vocabulary knows: %+v", edition, v)
		}
	}
	v := judge(t, req2E("requirement.check", b, obj{"requirement": "Diplomacy + Zq Xyzzy", "personnel": []string{"a", "b"}}))
	if v.Allowed == nil || *v.Allowed || !said(v, "Zq Xyzzy") || said(v, "Diplomacy") {
		t.Errorf("a requirement naming a word no vocabulary knows: %+v", v)
	}
	v = judge(t, req2E("requirement.check", b, obj{"requirement": "2 Diplomacy", "personnel": []string{"a", "b"}}))
	if v.Allowed == nil || *v.Allowed || said(v, "Diplomacy") {
		t.Errorf("a requirement of a known skill left unmet says it is unknown: %+v", v)
	}
}

// A card played inline reads its words as a board's are read: its type is
// of the edition's card types, its affiliation and icons a typo away from
// known ones are refused; the closed lists of a dilemma's kind and seeder
// name their words.
func TestAPlayedCardsMisspeltWordsAreRefused(t *testing.T) {
	b := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)}}
	cases := []struct {
		name  string
		req   rules.AdjudicationRequest
		field string
		meant string
	}{
		{"Type", req2E("card.play", b, obj{"card": obj{"title": "Zq Card", "type": "interupt", "cost": 1}, "counters": 7}), "params.card.type", "interrupt"},
		{"Type1E", req1E("card.play", b, obj{"card": obj{"title": "Zq Card", "type": "Dorway"}}), "params.card.type", "doorway"},
		{"Affiliation", req2E("card.play", b, obj{"card": obj{"title": "Zq Card", "type": "personnel", "cost": 1, "affiliation": "Romulen"}, "counters": 7}), "params.card.affiliation", "romulan"},
		{"Icon", req2E("card.play", b, obj{"card": obj{"title": "Zq Card", "type": "personnel", "cost": 1, "icons": []string{"comand"}}, "counters": 7}), "params.card.icons[0]", "command"},
		{"DilemmaKind", req2E("dilemmas.stack", b, obj{"mission": "m", "attempting": 2, "stack": []obj{{"title": "A", "kind": "planett", "cost": 1}}}), "params.stack[0].kind", "planet"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refuse(t, c.req); got != c.field {
				t.Fatalf("field = %q, want %q", got, c.field)
			}
			_, err := ask(context.Background(), realWorld(t).svc, c.req)
			if near := rules.DetailStrings(err, "suggestions"); !slices.Contains(near, c.meant) {
				t.Errorf("suggestions = %q, want %q among them (%v)", near, c.meant, err)
			}
		})
	}
}

// A headquarters' play list reads each item as an affiliation, an icon or a
// card type: a typo of one is refused with the words meant.
func TestAMisspeltPlayListItemIsRefused(t *testing.T) {
	hq := rules.BoardMission{ID: "hq", Title: "Zq Base", Type: "headquarters", Quadrant: "alpha", Span: ip(2), Play: []string{"federation", "klingon+tng-icon", "equipmnt"}}
	r := req2E("card.play", rules.Board{Missions: []rules.BoardMission{hq}}, obj{"card": obj{"title": "Zq Kit", "type": "equipment", "cost": 1}, "counters": 7, "at": "hq"})
	if got := refuse(t, r); got != "board.missions[0].play[2]" {
		t.Fatalf("field = %q", got)
	}
	_, err := ask(context.Background(), realWorld(t).svc, r)
	if near := rules.DetailStrings(err, "suggestions"); !slices.Contains(near, "equipment") {
		t.Errorf("suggestions = %q (%v)", near, err)
	}
	hq.Play[2] = "equipment"
	v := judge(t, req2E("card.play", rules.Board{Missions: []rules.BoardMission{hq}}, obj{"card": obj{"title": "Zq Kit", "type": "equipment", "cost": 1}, "counters": 7, "at": "hq"}))
	if v.Allowed == nil || !*v.Allowed {
		t.Errorf("equipment at a headquarters whose play list names it: %+v", v)
	}
}

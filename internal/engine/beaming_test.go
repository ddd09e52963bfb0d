package engine_test

import (
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A moveCase is one situation of a move's table: the rulebook sentence it
// comes from, the board and params, whether the move is legal, and the
// words the verdict's citations must quote under each rulebook (the key
// "*" under every rulebook not named).
type moveCase struct {
	name    string
	source  string // document, section: a few words of the sentence
	edition string
	board   rules.Board
	params  obj
	want    bool
	quote   map[string]string
	// docs are the rulebooks the case is judged under; all of its
	// edition's when empty.
	docs []string
}

// rulebooksOf are the documents a case of an edition is judged under.
func rulebooksOf(edition string) []string {
	if edition == rules.Edition1E {
		return []string{"1e-rulebook", "1e-current-rulings"}
	}
	return rulebooks2E
}

// runMoveCases judges every case under every rulebook of its edition:
// allowed as the case says, the sentence it comes from quoted.
func runMoveCases(t *testing.T, question string, cases []moveCase, check func(t *testing.T, c moveCase, v *rules.Verdict)) {
	t.Helper()
	for _, c := range cases {
		docs := c.docs
		if len(docs) == 0 {
			docs = rulebooksOf(c.edition)
		}
		for _, doc := range docs {
			t.Run(c.name+"/"+doc, func(t *testing.T) {
				r := under(req2E(question, c.board, c.params), doc)
				r.Edition = c.edition
				v := judge(t, r)
				if allowed(t, v) != c.want {
					t.Errorf("%s: allowed = %v, want %v; reasons %q", c.source, !c.want, c.want, v.Reasons)
				}
				words, ok := c.quote[doc]
				if !ok {
					words = c.quote["*"]
				}
				if words != "" && !citesQuote(v, words) {
					t.Errorf("%s: no citation quotes %q; reasons %q, citations %+v", c.source, words, v.Reasons, v.Citations)
				}
				if check != nil {
					check(t, c, v)
				}
			})
		}
	}
}

// beamBoard2E: Qo'noS (your headquarters) with your K'Tinga and Bird of
// Prey and an opponent's Warbird in orbit; a planet of yours with your
// Vor'cha, one of the opponent's with your Negh'Var, and a space mission.
func beamBoard2E() rules.Board {
	hq := mission("qonos", "headquarters", "alpha", 2)
	hq.Play = []string{"klingon", "non-aligned", "equipment"}
	theirs := attemptable(mission("ward", "planet", "alpha", 3), "klingon")
	theirs.Owner = "opponent"
	mine := attemptable(mission("rescue", "planet", "alpha", 2), "klingon")
	warbird := ship("warbird", "romulan", []string{"command"}, 8, "qonos")
	warbird.Owner = "opponent"
	stoppedShip := ship("raptor", "klingon", []string{"staff"}, 6, "qonos")
	stoppedShip.Stopped = true
	captive := person("gowron", "klingon", []string{"command"}, &rules.Location{Brig: "opponent"}, "Leadership")
	return rules.Board{
		Missions: []rules.BoardMission{hq, theirs, mine, mission("sp", "space", "alpha", 3)},
		Ships: []rules.BoardShip{
			ship("ktinga", "klingon", []string{"command", "staff"}, 7, "qonos"),
			ship("bop", "klingon", []string{"staff"}, 7, "qonos"),
			warbird, stoppedShip,
			ship("vorcha", "klingon", []string{"command"}, 8, "rescue"),
			ship("neghvar", "klingon", []string{"command"}, 8, "ward"),
			ship("kvort", "klingon", []string{"command"}, 8, "sp"),
		},
		Personnel: []rules.BoardPersonnel{
			person("kurn", "klingon", []string{"command"}, aboard("ktinga")),
			person("kang", "klingon", []string{"staff"}, at("qonos")),
			stopped(person("koloth", "klingon", []string{"staff"}, at("qonos"))),
			opp(person("tomalak", "romulan", []string{"command"}, at("qonos"))),
			captive,
			person("kor", "klingon", []string{"command"}, aboard("vorcha")),
			person("martok", "klingon", []string{"command"}, aboard("neghvar")),
			person("kaybok", "klingon", []string{"staff"}, aboard("kvort")),
			person("lursa", "klingon", []string{"staff"}, at("rescue")),
		},
	}
}

// beamBoard1E: a planet with your Galaxy in orbit and a Nor; a space
// location with your Enterprise and Excelsior, your Bird of Prey, your
// Federation outpost, the opponent's Klingon outpost (SHIELDS 32), Warbird
// (SHIELDS 20), a derelict (SHIELDS 0) and a Borg cube.
func beamBoard1E() rules.Board {
	n := ip
	ops := func(id, aff string, shields int) rules.BoardShip {
		s := ship(id, aff, []string{"command"}, 8, "space")
		s.Owner, s.Shields = "opponent", n(shields)
		return s
	}
	docked := ship("rio", "bajoran", []string{"staff"}, 6, "bajor")
	docked.Docked = "ds9"
	return rules.Board{
		Missions: []rules.BoardMission{mission("bajor", "planet", "alpha", 2), mission("space", "space", "alpha", 3)},
		Facilities: []rules.BoardFacility{
			{ID: "ds9", Title: "Terok Nor", Kind: "nor", Affiliation: "bajoran", Shields: n(60), At: at("bajor")},
			{ID: "fedpost", Title: "Federation Outpost", Kind: "outpost", Affiliation: "federation", Shields: n(30), At: at("space")},
			{ID: "klingpost", Owner: "opponent", Title: "Klingon Outpost", Kind: "outpost", Affiliation: "klingon", Shields: n(32), At: at("space")},
		},
		Ships: []rules.BoardShip{
			ship("galaxy", "federation", []string{"command"}, 8, "bajor"),
			ship("enterprise", "federation", []string{"command"}, 8, "space"),
			ship("excelsior", "federation", []string{"command"}, 8, "space"),
			ship("bop", "klingon", []string{"command"}, 8, "space"),
			ops("warbird", "romulan", 20), ops("derelict", "ferengi", 0), ops("cube", "borg", 50),
			docked,
		},
		Personnel: []rules.BoardPersonnel{
			person("riker", "federation", []string{"command"}, aboard("galaxy")),
			person("away", "federation", []string{"staff"}, at("bajor")),
			person("picard", "federation", []string{"command"}, aboard("enterprise")),
			person("guinan", "non-aligned", []string{"staff"}, aboard("enterprise")),
			stopped(person("wesley", "federation", []string{"staff"}, aboard("enterprise"))),
			person("kira", "bajoran", []string{"command"}, aboard("rio")),
			person("odo", "bajoran", []string{"staff"}, &rules.Location{Facility: "ds9"}),
			person("tandro", "federation", []string{"command"}, &rules.Location{Brig: "opponent"}),
		},
	}
}

func TestPersonnelBeam(t *testing.T) {
	b2, b1 := beamBoard2E(), beamBoard1E()
	beam := func(to string, ids ...string) obj { return obj{"personnel": ids, "to": to} }
	cases := []moveCase{
		// Second Edition: ORDER – BEAM PERSONNEL (newest), BEAMING (Premiere, Call to Arms).
		{"DownFromYourShipToTheHeadquarters", "2E rulebooks, beaming: From your ship down to a planet or headquarters mission", "2e", b2,
			beam("qonos", "kurn"), true, map[string]string{"*": "ship down to a planet or headquarters mission"}, nil},
		{"UpFromTheHeadquartersToYourShip", "2E rulebooks, beaming: From a planet or headquarters mission up to one of your ships", "2e", b2,
			beam("ktinga", "kang"), true, map[string]string{"*": "From a planet or headquarters mission up to one of your"}, nil},
		{"BetweenTwoOfYourShips", "2E rulebooks, beaming: Between two of your ships", "2e", b2,
			beam("bop", "kurn"), true, map[string]string{"*": "Between two of your"}, nil},
		{"UpFromYourPlanet", "2E rulebooks, beaming: From a planet ... up to one of your ships", "2e", b2,
			beam("vorcha", "lursa"), true, map[string]string{"*": "up to one of your"}, nil},
		{"DownToAnOpponentsPlanet", "2E rulebooks, beaming: regardless of who played the mission", "2e", b2,
			beam("ward", "martok"), true, map[string]string{"*": "regardless of who played the mission"}, nil},
		{"AGroupFromTwoPlacesToOneShip", "2E rulebooks, beaming: Choose any number of your personnel", "2e", b2,
			beam("bop", "kurn", "kang"), true, map[string]string{"*": "Choose any number of your"}, nil},
		{"NeverAboardAnOpponentsShip", "2E rulebooks, beaming: You cannot beam aboard an opponent's ship", "2e", b2,
			beam("warbird", "kang"), false, map[string]string{"*": "You cannot beam aboard an opponent"}, nil},
		{"NeverFromOneMissionToAnother", "2E rulebooks, beaming: cannot be used to move from one mission to another", "2e", b2,
			beam("ktinga", "kor"), false, map[string]string{"*": "from one mission to another mission"}, nil},
		{"NotDownToASpaceMission", "2E rulebooks, beaming: down to a planet or headquarters mission", "2e", b2,
			beam("sp", "kaybok"), false, map[string]string{"*": "down to a planet or headquarters mission"}, nil},
		{"StoppedPersonnelStay", "2E: Premiere and Call to Arms, general rules on executing orders: a stopped card cannot execute; newest, BEAM PERSONNEL: your unstopped personnel", "2e", b2,
			beam("ktinga", "koloth"), false, map[string]string{"2e-rulebook": "your unstopped personnel", "*": "a stopped card cannot execute any further orders"}, nil},
		{"NotAboardAStoppedShip", "2E: Premiere and Call to Arms, executing orders: a stopped card; newest, BEAM PERSONNEL: your unstopped", "2e", b2,
			beam("raptor", "kang"), false, map[string]string{"2e-rulebook": "unstopped", "*": "a stopped card cannot execute any further orders"}, nil},
		{"OnlyYourOwnPersonnel", "2E rulebooks, beaming: Choose any number of your personnel", "2e", b2,
			beam("ktinga", "tomalak"), false, map[string]string{"*": "Choose any number of your"}, nil},
		{"ACaptiveTakesNoAction", "2E rulebooks, BRIG AND CAPTIVES: You may take no actions involving that captive", "2e", b2,
			beam("ktinga", "gowron"), false, map[string]string{"*": "You may take no actions involving that captive"}, nil},
		{"AlreadyAboard", "2E rulebooks, beaming: Between two of your ships (not a ship and itself)", "2e", b2,
			beam("ktinga", "kurn"), false, nil, nil},
		// First Edition: Beaming, Moving Personnel and Equipment, Execute Orders.
		{"1EDownToThePlanetSurface", "1E rulebook, Beaming: To beam cards down to a planet surface", "1e", b1,
			beam("bajor", "riker"), true, map[string]string{"*": "To beam cards down to a planet surface"}, nil},
		{"1EUpFromThePlanet", "1E rulebook, Moving Personnel and Equipment: between a ship or facility and a planet", "1e", b1,
			beam("galaxy", "away"), true, map[string]string{"*": "between a ship or facility and a planet"}, nil},
		{"1EBetweenCompatibleShips", "1E rulebook, Beaming: at the same spaceline location and be compatible", "1e", b1,
			beam("excelsior", "picard"), true, map[string]string{"*": "must be at the same spaceline location and be compatible"}, nil},
		{"1ENonAlignedAboardAnyButBorg", "1E rulebook, The Affiliations: Non-Aligned and Neutral cards are compatible with any", "1e", b1,
			beam("bop", "guinan"), true, map[string]string{"*": "same spaceline location"}, nil},
		{"1EAboardYourCompatibleOutpost", "1E rulebook, Beaming: between ships and/or facilities that you control", "1e", b1,
			beam("fedpost", "picard"), true, map[string]string{"*": "be compatible with any personnel beaming aboard"}, nil},
		{"1ENotAboardAnIncompatibleShip", "1E rulebook, Beaming: you could not beam your Federation personnel aboard your Bajoran ship", "1e", b1,
			beam("bop", "picard"), false, map[string]string{"*": "be compatible with any personnel beaming aboard"}, nil},
		{"1EOpponentsShieldsUp", "1E rulebook, Beaming: you may not beam cards to or from an opponent's ship ... SHIELDS >0", "1e", b1,
			beam("warbird", "picard"), false, map[string]string{"*": "protected by SHIELDS >0"}, nil},
		{"1EOpponentsOutpostShieldsUp", "1E rulebook, Beaming: to or from an opponent's ship or facility", "1e", b1,
			beam("klingpost", "picard"), false, map[string]string{"*": "protected by SHIELDS >0"}, nil},
		{"1EOpponentsShieldsZero", "1E rulebook, Beaming: If SHIELDS=0 ... you may beam freely", "1e", b1,
			beam("derelict", "picard"), true, map[string]string{"*": "you may beam freely"}, nil},
		{"1EBorgShieldsDoNotBlock", "1E rulebook, Beaming: Borg ship/facility SHIELDS do not block transporter beams", "1e", b1,
			beam("cube", "picard"), true, map[string]string{"*": "do not block transporter beams"}, nil},
		{"1ENeverToANor", "1E rulebook, Beaming: to, from, or within a Nor without a special card", "1e", b1,
			beam("ds9", "riker"), false, map[string]string{"*": "within a Nor without a special card"}, nil},
		{"1ENeverFromANor", "1E rulebook, Beaming: to, from, or within a Nor", "1e", b1,
			beam("galaxy", "odo"), false, map[string]string{"*": "within a Nor without a special card"}, nil},
		{"1ENeverFromAShipDockedAtTheNor", "1E rulebook, Beaming: you cannot beam from a ship docked at the Nor to the planet it orbits", "1e", b1,
			beam("bajor", "kira"), false, map[string]string{"*": "you cannot beam from a ship docked at the Nor"}, nil},
		{"1EStoppedCardsMayNotBeBeamed", "1E rulebook, Execute Orders: Cards that are stopped may not be beamed", "1e", b1,
			beam("excelsior", "wesley"), false, map[string]string{"*": "may not be beamed"}, nil},
		{"1ENotAcrossLocations", "1E rulebook, Beaming: must be at the same spaceline location", "1e", b1,
			beam("bajor", "picard"), false, map[string]string{"*": "same spaceline location"}, nil},
		{"1ENotDownToSpace", "1E rulebook, Beaming: To beam cards down to a planet surface", "1e", b1,
			beam("space", "picard"), false, map[string]string{"*": "To beam cards down to a planet surface"}, nil},
		{"1ENotTheCaptive", "1E Current Rulings, Subspace Transporter: you may not beam the captive back; 1E rulebook, Attempting Missions: captured", "1e", b1,
			beam("enterprise", "tandro"), false, map[string]string{"1e-current-rulings": "you may not beam the captive back", "*": "Personnel that your opponent seeded are captured"}, nil},
	}
	runMoveCases(t, "personnel.beam", cases, func(t *testing.T, c moveCase, v *rules.Verdict) {
		listed := c.params["personnel"].([]string)
		moved, _ := resultField(t, v.Result, "moved").([]any)
		if c.want && len(moved) != len(listed) || !c.want && len(moved) != 0 {
			t.Errorf("moved = %v, want %d of %v", moved, map[bool]int{true: len(listed)}[c.want], listed)
		}
		from, _ := resultField(t, v.Result, "from").(map[string]any)
		for _, id := range listed {
			if _, ok := from[id]; !ok {
				t.Errorf("from lacks %s: %v", id, from)
			}
		}
	})
}

// A beam names what it beams and where, or cannot be judged.
func TestPersonnelBeamNamesTheFieldItCannotJudge(t *testing.T) {
	b := beamBoard2E()
	cases := []struct {
		name   string
		params obj
		field  string
	}{
		{"NoOne", obj{"personnel": []string{}, "to": "ktinga"}, "params.personnel"},
		{"NoDestination", obj{"personnel": []string{"kurn"}}, "params.to"},
		{"UnknownDestination", obj{"personnel": []string{"kurn"}, "to": "bajor"}, "params.to"},
		{"ToAPersonnel", obj{"personnel": []string{"kurn"}, "to": "kang"}, "params.to"},
		{"UnknownPersonnel", obj{"personnel": []string{"kurn", "worf"}, "to": "bop"}, "params.personnel[1]"},
		{"Twice", obj{"personnel": []string{"kurn", "kurn"}, "to": "bop"}, "params.personnel[1]"},
		{"UnknownParam", obj{"personnel": []string{"kurn"}, "to": "bop", "via": "ktinga"}, "params.via"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if f := refuse(t, req2E("personnel.beam", b, c.params)); f != c.field {
				t.Errorf("field %q, want %q", f, c.field)
			}
		})
	}
	// Facilities are First Edition cards.
	b.Personnel[1].At = &rules.Location{Facility: "ds9"}
	if f := refuse(t, req2E("personnel.beam", b, obj{"personnel": []string{"kurn"}, "to": "bop"})); f != "board.personnel[1].at.facility" {
		t.Errorf("a 2E personnel aboard a facility: field %q", f)
	}
}

func TestPersonnelBeamResultSaysWhereEachStood(t *testing.T) {
	v := judge(t, req2E("personnel.beam", beamBoard2E(), obj{"personnel": []string{"kurn", "kang"}, "to": "bop"}))
	from := resultField(t, v.Result, "from").(map[string]any)
	want := map[string]any{"kurn": map[string]any{"ship": "ktinga"}, "kang": map[string]any{"mission": "qonos"}}
	for id, w := range want {
		if got := roundTrip(t, from[id]); !slices.Equal(keysOf(got), keysOf(w)) || got.(map[string]any)[keysOf(w)[0]] != w.(map[string]any)[keysOf(w)[0]] {
			t.Errorf("from[%s] = %v, want %v", id, got, w)
		}
	}
}

func keysOf(v any) []string {
	m, _ := v.(map[string]any)
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

package engine_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A resolveCase is one mission attempt resolved, under the rulebooks named:
// what the answer must say, and a few words of the sentence it must quote.
type resolveCase struct {
	name     string
	source   string // the rulebook, section and words the case comes from
	rules    []string
	missions []rules.BoardMission
	ships    []rules.BoardShip
	crew     []rules.BoardPersonnel
	params   obj
	// what the answer must hold
	completed bool
	points    float64
	remaining []string
	stopped   []string
	outcomes  []string
	extra     obj // other result fields that must be equal
	quote     string
}

func runResolveCases(t *testing.T, edition string, cases []resolveCase) {
	t.Helper()
	for _, c := range cases {
		for _, doc := range c.rules {
			t.Run(c.name+"/"+doc, func(t *testing.T) {
				r := req2E("mission.resolve", rules.Board{Missions: c.missions, Ships: c.ships, Personnel: c.crew}, c.params)
				r.Edition = edition
				v := judge(t, under(r, doc))
				if allowed(t, v) != c.completed || resultField(t, v.Result, "completed") != c.completed {
					t.Errorf("completed = %v (allowed %v), want %v; reasons %q", resultField(t, v.Result, "completed"), deref(v.Allowed), c.completed, v.Reasons)
				}
				if got := num(t, v, "points"); got != c.points {
					t.Errorf("points = %v, want %v", got, c.points)
				}
				for field, want := range map[string][]string{"remaining": c.remaining, "stopped": c.stopped} {
					if want == nil {
						want = []string{}
					}
					if got := resultField(t, v.Result, field); !reflect.DeepEqual(got, roundTrip(t, want)) {
						t.Errorf("%s = %v, want %v; reasons %q", field, got, want, v.Reasons)
					}
				}
				got := []string{}
				for _, o := range resultField(t, v.Result, "outcomes").([]any) {
					got = append(got, o.(map[string]any)["outcome"].(string))
				}
				if !reflect.DeepEqual(got, c.outcomes) {
					t.Errorf("outcomes = %v, want %v; reasons %q", got, c.outcomes, v.Reasons)
				}
				for field, want := range c.extra {
					if got := resultField(t, v.Result, field); !reflect.DeepEqual(got, roundTrip(t, want)) {
						t.Errorf("%s = %v, want %v", field, got, want)
					}
				}
				if !quotes(v, c.quote) {
					t.Errorf("no citation quotes %q: %+v", c.quote, v.Citations)
				}
			})
		}
	}
}

// d is a dilemma of a stack, with what it did.
func d(title, kind string, cost int, effects ...obj) obj {
	o := obj{"title": title, "kind": kind, "cost": cost}
	for _, e := range effects {
		for k, v := range e {
			o[k] = v
		}
	}
	return o
}

func kills(ids ...string) obj { return obj{"kills": ids} }
func stops(ids ...string) obj { return obj{"stops": ids} }
func brigs(ids ...string) obj { return obj{"brigs": ids} }

var returns = obj{"returns": true}

// 2E mission attempts resolved, from the rulebooks' ORDER – ATTEMPT A
// MISSION (Premiere and Call to Arms: ATTEMPTING A MISSION), Facing
// Dilemmas and Checking Mission Requirements, under each rulebook; where
// they word a rule differently the case names the rulebooks it holds for.
func TestMissionResolve2E(t *testing.T) {
	all := rulebooks2E
	premiere, later := rulebooks2E[:1], rulebooks2E[1:]
	upToCallToArms, newest := rulebooks2E[:2], rulebooks2E[2:]
	planet := attemptable(mission("m", "planet", "alpha", 3), "klingon")
	planet.Requirements, planet.Points = "Security, Leadership, and Strength>14", ip(30)
	overcomeThere := planet
	overcomeThere.OvercomeDilemmas = 2
	done := planet
	done.Completed = true
	equal := planet // k1 and k2 have Strength 15 between them
	equal.Requirements = "Security, Leadership, and Strength>15"
	space := attemptable(mission("sp", "space", "alpha", 3), "klingon")
	space.Requirements, space.Points = "Navigation and Cunning>9", ip(35)
	team := func(where *rules.Location) []rules.BoardPersonnel {
		return []rules.BoardPersonnel{
			strength(person("k1", "klingon", []string{"staff"}, where, "Security"), 6),
			strength(person("k2", "klingon", []string{"command"}, where, "Leadership"), 9),
			strength(person("k3", "klingon", []string{"staff"}, where, "Medical"), 4),
		}
	}
	onPlanet := team(at("m"))
	elsewhere := append(team(at("m")), person("far", "klingon", nil, at("sp")))
	crew := []rules.BoardPersonnel{
		person("c1", "klingon", []string{"command"}, aboard("s"), "Navigation"),
		person("c2", "klingon", []string{"staff"}, aboard("s")),
	}
	p := func(stack ...obj) obj { return obj{"mission": "m", "stack": stack} }
	cases := []resolveCase{
		{name: "FacedAndOvercomeThenCompleted", source: "Facing Dilemmas: \"have not been told where to place it\"; Checking Mission Requirements: \"attribute total is higher\"",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1), d("B", "dual", 1)),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome", "overcome"},
			extra: obj{"overcome": 2, "overcomeDilemmas": 2}, quote: "add its points to your score"},
		{name: "KilledPersonnelLeaveAndTheRestComplete", source: "Facing Dilemmas: \"may be killed or stopped\"",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("Hull Breach", "planet", 1, kills("k3"))),
			completed: true, points: 30, remaining: []string{"k1", "k2"}, outcomes: []string{"overcome"},
			extra: obj{"killed": []string{"k3"}}, quote: "killed or stopped"},
		{name: "StoppedPersonnelLeaveAndTheFailedAttemptStopsTheRest", source: "Facing Dilemmas: \"Remove stopped personnel\"; Checking Mission Requirements: \"your mission attempt has failed\"",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1, stops("k2"))),
			remaining: []string{"k1", "k3"}, stopped: []string{"k1", "k3"}, outcomes: []string{"overcome"},
			extra: obj{"stoppedByDilemmas": []string{"k2"}}, quote: "your mission attempt has failed"},
		{name: "EveryoneKilledLeavesTheRestOvercomeUnfaced", source: "Facing Dilemmas: \"you have attempting a mission are killed\"",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1, kills("k1", "k2", "k3")), d("B", "planet", 1, stops("k1"))),
			outcomes: []string{"overcome", "overcome"}, extra: obj{"overcome": 2, "killed": []string{"k1", "k2", "k3"}}, quote: "face any remaining dilemmas"},
		{name: "EveryoneStoppedOneByOne", source: "Facing Dilemmas: \"killed or stopped by dilemmas\" (Premiere, Call to Arms), \"killed, stopped, or otherwise removed\" (newest)",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1, stops("k1", "k2")), d("B", "planet", 1, stops("k3")), d("C", "dual", 1)),
			outcomes: []string{"overcome", "overcome", "overcome"}, extra: obj{"stoppedByDilemmas": []string{"k1", "k2", "k3"}}, quote: "remaining dilemmas"},
		{name: "PlacedInABrigLeavesTheAttempt", source: "BRIG AND CAPTIVES: \"part of the play area\"; newest Facing Dilemmas: \"otherwise removed from the mission attempt\"",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1, brigs("k1", "k2", "k3")), d("B", "planet", 1)),
			outcomes: []string{"overcome", "overcome"}, extra: obj{"brigged": []string{"k1", "k2", "k3"}}, quote: "your brig is a part of the play area"},
		{name: "ADilemmaThatPlacesItselfElsewhereIsReturned", source: "Facing Dilemmas: \"tell you to place it in\" a specific location",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1, returns), d("B", "planet", 1)),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"returned", "overcome"},
			extra: obj{"overcome": 1}, quote: "place it in"},
		{name: "ASpaceDilemmaAtAPlanetIsOvercomeUnfaced", source: "Facing Dilemmas: \"a space dilemma\" at a planet mission \"is overcome\"",
			rules: all, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("Void", "space", 1, kills("k1"))),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome"},
			extra: obj{"killed": []string{}}, quote: "do not face that dilemma"},
		{name: "PremiereOverTheBudgetCannotBeChosenAndIsReturned", source: "Premiere Facing dilemmas: \"cannot be higher than the number of personnel\"; \"unable to choose\"",
			rules: premiere, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 2), d("B", "planet", 2, kills("k1")), d("C", "planet", 1)),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome", "returned", "overcome"}, quote: "unable to choose"},
		{name: "LaterRulebooksOvercomeTheBudgetBreakerAndAllAfter", source: "Call to Arms and newest Facing Dilemmas: \"would make the total cost\"",
			rules: later, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 2), d("B", "planet", 2, kills("k1")), d("C", "planet", 1)),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome", "overcome", "overcome"}, quote: "would make the total cost"},
		{name: "ASecondCopyCannotBeChosenUpToCallToArms", source: "Premiere and Call to Arms Facing dilemmas: \"cannot choose more than one copy\"",
			rules: upToCallToArms, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1), d("A", "planet", 1, stops("k1"))),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome", "returned"}, quote: "cannot choose more than one copy"},
		{name: "ASecondCopyIsOvercomeUnderTheNewest", source: "newest Facing Dilemmas: \"more than one copy of the same dilemma\" is overcome",
			rules: newest, missions: []rules.BoardMission{planet}, crew: onPlanet, params: p(d("A", "planet", 1), d("A", "planet", 1, stops("k1"))),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome", "overcome"}, quote: "more than one copy of the same dilemma"},
		{name: "AnAttributeEqualToTheThresholdFails", source: "Checking Mission Requirements: \"attribute total is higher than\"",
			rules: all, missions: []rules.BoardMission{equal}, crew: onPlanet, params: p(d("A", "planet", 1, kills("k3")), d("B", "planet", 1)),
			remaining: []string{"k1", "k2"}, stopped: []string{"k1", "k2"}, outcomes: []string{"overcome", "overcome"}, quote: "attribute total is higher"},
		{name: "OvercomeDilemmasThereShrinkTheBudget", source: "Facing Dilemmas: \"the number of those dilemmas is subtracted\"",
			rules: all, missions: []rules.BoardMission{overcomeThere}, crew: onPlanet, params: p(d("A", "planet", 1)),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome"},
			extra: obj{"dilemmaBudget": 1, "overcomeDilemmas": 3}, quote: "subtracted"},
		{name: "ADilemmaDoesNotAffectPersonnelNotInTheAttempt", source: "Facing Dilemmas: \"do not normally affect personnel\" not involved",
			rules: all, missions: []rules.BoardMission{planet, space}, crew: elsewhere, params: p(d("A", "planet", 1, kills("far"))),
			completed: true, points: 30, remaining: []string{"k1", "k2", "k3"}, outcomes: []string{"overcome"}, extra: obj{"killed": []string{}}, quote: "do not normally affect personnel"},
		{name: "ACompletedMissionIsNotAttemptedAgain", source: "Checking Mission Requirements: \"cannot attempt\" it again",
			rules: all, missions: []rules.BoardMission{done}, crew: onPlanet, params: p(d("A", "planet", 1)),
			outcomes: []string{}, quote: "again for the rest of the game"},
		{name: "ASpaceMissionFromAShip", source: "ATTEMPT A MISSION: a space mission by \"unstopped personnel aboard\" a ship",
			rules: all, missions: []rules.BoardMission{space}, ships: []rules.BoardShip{ship("s", "klingon", nil, 8, "sp")}, crew: crew,
			params:    obj{"mission": "sp", "ship": "s", "stack": []obj{d("Nebula", "space", 1, stops("c2"))}},
			remaining: []string{"c1"}, stopped: []string{"c1"}, outcomes: []string{"overcome"}, quote: "your mission attempt has failed"},
	}
	runResolveCases(t, rules.Edition2E, cases)
}

// 1E mission attempts resolved, from the 1E rulebook, ATTEMPTING MISSIONS
// (encountering the dilemmas seeded under the mission, mis-seeds, the end
// of an attempt) and the DILEMMA PHASE, and the Current Rulings' "mission
// attempt"; under both documents.
func TestMissionResolve1E(t *testing.T) {
	both := []string{"1e-rulebook", "1e-current-rulings"}
	planet := attemptable(mission("m", "planet", "alpha", 3), "federation")
	planet.Requirements, planet.Points = "Diplomacy + STRENGTH>9", ip(30)
	hard := planet
	hard.Requirements = "Diplomacy x2 + STRENGTH>9"
	space := attemptable(mission("sp", "space", "alpha", 3), "federation")
	space.Requirements, space.Points = "Navigation", ip(25)
	team := []rules.BoardPersonnel{
		person("f1", "federation", nil, at("m"), "Diplomacy"),
		person("b1", "bajoran", nil, at("m")),
		person("n1", "non-aligned", nil, at("m"), "Diplomacy"),
	}
	crew := []rules.BoardPersonnel{person("c1", "federation", []string{"command"}, aboard("s"), "Navigation"), person("c2", "federation", nil, aboard("s"))}
	seeded := func(title, kind string, effects ...obj) obj {
		o := d(title, kind, 0, effects...)
		delete(o, "cost")
		return o
	}
	p := func(stack ...obj) obj { return obj{"mission": "m", "stack": stack} }
	cases := []resolveCase{
		{name: "EncounteredDilemmasAreDiscardedAndTheMissionCompleted", source: "ATTEMPTING MISSIONS: \"you only have to face it once\"; \"remaining unstopped personnel can meet\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet"), seeded("B", "dual")),
			completed: true, points: 30, remaining: []string{"f1", "b1", "n1"}, outcomes: []string{"discarded", "discarded"}, quote: "face it once"},
		{name: "ADilemmaStoppingTheWholeTeamEndsTheAttempt", source: "ATTEMPTING MISSIONS: \"Failing to overcome a dilemma that has conditions\" stops the team and ends the attempt",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet", stops("f1", "b1", "n1")), seeded("B", "planet")),
			outcomes: []string{"discarded", "unfaced"}, extra: obj{"stoppedByDilemmas": []string{"f1", "b1", "n1"}}, quote: "may not be aborted unless"},
		{name: "KilledPersonnelLeaveAndTheRestComplete", source: "ATTEMPTING MISSIONS: \"Personnel who die\"; part of the Away Team \"no longer participate\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet", kills("n1"))),
			completed: true, points: 30, remaining: []string{"f1", "b1"}, outcomes: []string{"discarded"}, extra: obj{"killed": []string{"n1"}}, quote: "no longer participate"},
		{name: "LosingEveryMatchingPersonnelEndsTheAttempt", source: "ATTEMPTING MISSIONS and Current Rulings \"mission attempt\": \"If you lose all matching personnel\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet", kills("f1")), seeded("B", "planet", kills("b1"))),
			remaining: []string{"b1", "n1"}, outcomes: []string{"discarded", "unfaced"}, extra: obj{"killed": []string{"f1"}}, quote: "if you lose all matching personnel"},
		{name: "FailingToCompleteStopsNoOne", source: "ATTEMPTING MISSIONS: \"Failing to complete the mission does not\" stop the Away Team",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet", kills("n1")), seeded("B", "planet", stops("f1"))),
			remaining: []string{"b1"}, outcomes: []string{"discarded", "discarded"}, quote: "the mission attempt ends"},
		{name: "RequirementsUnmetStopNoOne", source: "ATTEMPTING MISSIONS: \"Failing to complete the mission does not\" stop the Away Team",
			rules: both, missions: []rules.BoardMission{hard}, crew: team, params: p(seeded("A", "planet", kills("n1"))),
			remaining: []string{"f1", "b1"}, outcomes: []string{"discarded"}, quote: "failing to complete the mission does not"},
		{name: "ASecondCopyOfOnePlayersIsAMisSeed", source: "ATTEMPTING MISSIONS: copies \"seeded by the same player\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet"), seeded("A", "planet", kills("f1")), seeded("A", "planet", obj{"seededBy": "you"})),
			completed: true, points: 30, remaining: []string{"f1", "b1", "n1"}, outcomes: []string{"discarded", "mis-seed", "discarded"}, quote: "seeded by the same player"},
		{name: "YourOwnMisSeedRevealedForbidsCompletion", source: "DILEMMA PHASE: \"If you reveal your own mis-seeded card\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("Void", "space", obj{"seededBy": "you"})),
			remaining: []string{"f1", "b1", "n1"}, outcomes: []string{"mis-seed"}, quote: "your own mis-seeded card"},
		{name: "ASpaceDilemmaUnderAPlanetIsAMisSeed", source: "DILEMMA PHASE: \"are mis-seeds and are placed out-of-play\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("Void", "space", kills("f1"))),
			completed: true, points: 30, remaining: []string{"f1", "b1", "n1"}, outcomes: []string{"mis-seed"}, quote: "placed out-of-play upon discovery"},
		{name: "ADilemmaThatStaysIsReturnedUnderTheMission", source: "ATTEMPTING MISSIONS: \"Slide such a dilemma back under the mission\"",
			rules: both, missions: []rules.BoardMission{planet}, crew: team, params: p(seeded("A", "planet", returns)),
			completed: true, points: 30, remaining: []string{"f1", "b1", "n1"}, outcomes: []string{"returned"}, quote: "slide such a dilemma back under the mission"},
		{name: "AWholeCrewStoppedStopsItsShip", source: "ATTEMPTING MISSIONS: \"both your ship and crew are stopped\"",
			rules: both, missions: []rules.BoardMission{space}, ships: []rules.BoardShip{ship("s", "federation", nil, 8, "sp")}, crew: crew,
			params:   obj{"mission": "sp", "ship": "s", "stack": []obj{seeded("Nebula", "space", stops("c1", "c2")), seeded("Comet", "space")}},
			outcomes: []string{"discarded", "unfaced"}, extra: obj{"shipStopped": "s"}, quote: "both your ship and crew are stopped"},
		{name: "EitherPlayersMissionMayBeAttempted", source: "ATTEMPTING MISSIONS: \"regardless of who placed the card\"",
			rules: both, missions: []rules.BoardMission{func() rules.BoardMission { m := planet; m.Owner = "opponent"; return m }()}, crew: team, params: p(),
			completed: true, points: 30, remaining: []string{"f1", "b1", "n1"}, outcomes: []string{}, quote: "remaining \"unstopped\" personnel"},
	}
	runResolveCases(t, rules.Edition1E, cases)
}

// FuzzMissionResolve resolves arbitrary stacks on the mid-game board in
// both editions: whatever a stack says, the answer is a verdict or an
// error naming a field, never a panic, and a verdict's figures agree with
// each other.
func FuzzMissionResolve(f *testing.F) {
	for _, s := range []string{
		`[]`,
		`[{"title":"A","kind":"planet","cost":1,"kills":["officer"]},{"title":"B","kind":"dual","cost":1,"returns":true}]`,
		`[{"title":"A","kind":"planet","cost":3,"stops":["geologist","biologist","officer"]},{"title":"B","kind":"planet","cost":0}]`,
		`[{"title":"A","kind":"space","cost":1,"brigs":["captain"]},{"title":"A","kind":"planet","cost":1,"seededBy":"you"}]`,
		`[{"title":"A","kind":"planet","cost":-1}]`,
		`[{"title":"","kind":"x"}]`,
		`{"title":"A"}`,
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	w := realWorld(f)
	f.Fuzz(func(t *testing.T, stack string, first bool) {
		if !json.Valid([]byte(stack)) {
			return
		}
		board := midGameBoard()
		board.Missions[2].OvercomeDilemmas = 0
		req := req2E("mission.resolve", board, nil)
		req.Params = rawParams(`{"mission":"nebula","stack":` + stack + `}`)
		if first {
			req.Edition, req.Board = rules.Edition1E, firstEditionBoard(board)
		}
		v, err := ask(context.Background(), w.svc, req)
		if err != nil {
			// The caller's: a stack the decoder cannot read (400) or the
			// engine cannot judge (422), never a fault of the service.
			if c := rules.ErrorCode(err); c != rules.EUNPROCESSABLE && c != rules.EINVALID {
				t.Fatalf("%s: error %v", stack, err)
			}
			return
		}
		res := v.Result.(*rules.MissionResolveResult)
		completed := res.Completed
		if v.Allowed == nil || *v.Allowed != completed {
			t.Fatalf("%s: allowed %v, completed %v", stack, v.Allowed, completed)
		}
		if res.Outcomes == nil {
			t.Fatalf("%s: outcomes %T", stack, resultField(t, v.Result, "outcomes"))
		}
		if remaining := res.Remaining; completed && len(remaining) == 0 {
			t.Fatalf("%s: completed with no one remaining", stack)
		}
	})
}

package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Every question that gathers personnel by place reads a personnel given
// no place as Unknown, as combat does: who attempts a mission (its start,
// its requirements, its resolution), how many dilemmas an attempt draws,
// a ship's crew for its staffing (ship.staffed, a move, an engagement),
// those an engagement stops, and the crews of a 1E ship battle. Each asks for the place (422, details.field
// the personnel, details.needs "at") only where whether it is there turns
// the answer, and otherwise answers and names it as set aside.
func TestAPersonnelGivenNoPlaceIsAskedForWhereverItsPresenceTurnsTheAnswer(t *testing.T) {
	w := realWorld(t)
	planet := func(affiliation, requirements string) rules.BoardMission {
		m := attemptable(mission("m", "planet", "alpha", 3), affiliation)
		m.Requirements, m.Points = requirements, ip(30)
		return m
	}
	overcome := planet("klingon", "Security")
	overcome.OvercomeDilemmas = 3
	commandShip := ship("s", "klingon", []string{"command"}, 8, "m")
	onBoard := func(ms []rules.BoardMission, ships []rules.BoardShip, ps ...rules.BoardPersonnel) rules.Board {
		return rules.Board{Missions: ms, Ships: ships, Personnel: ps}
	}
	only := func(m rules.BoardMission) []rules.BoardMission { return []rules.BoardMission{m} }
	ships := []rules.BoardShip{commandShip}
	enemy := ship("x", "romulan", nil, 8, "m")
	enemy.Owner = "opponent"
	security := person("a", "klingon", nil, at("m"), "Security")
	plain := person("a", "klingon", nil, at("m"))
	federation := person("a", "federation", nil, at("m"), "Security")
	noPlace := person("b", "klingon", nil, nil, "Security")
	noPlacePlain := person("b", "klingon", nil, nil)
	noPlaceStopped := stopped(person("b", "klingon", nil, nil, "Security"))
	noPlaceCommand := person("b", "klingon", []string{"command"}, nil)
	staffAboard := person("a", "klingon", []string{"staff"}, aboard("s"))
	commandAboard := person("a", "klingon", []string{"command"}, aboard("s"))
	stack := []obj{}
	cases := []struct {
		name, edition, question string
		board                   rules.Board
		params                  obj
		field                   string // "" when the question is answered
		allowed                 bool
	}{
		// Who attempts a mission, and what it draws.
		{"1E attempt, none there of a matching affiliation, one of it given no place", "1e", "mission.attempt",
			onBoard(only(planet("klingon", "Security")), nil, federation, noPlace), obj{"mission": "m"}, "board.personnel[1]", false},
		{"1E attempt, one there of a matching affiliation", "1e", "mission.attempt",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m"}, "", true},
		{"2E attempt, the one given no place would draw a dilemma more", "2e", "mission.attempt",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m"}, "board.personnel[1]", false},
		{"2E attempt, dilemmas overcome leave none drawn either way", "2e", "mission.attempt",
			onBoard(only(overcome), nil, security, noPlace), obj{"mission": "m"}, "", true},
		{"2E attempt, the one given no place is stopped", "2e", "mission.attempt",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlaceStopped), obj{"mission": "m"}, "", true},
		// The requirements checked against those who would attempt.
		{"2E requirements unmet without the one given no place, met with it", "2e", "mission.requirements",
			onBoard(only(planet("klingon", "Security")), nil, plain, noPlace), obj{"mission": "m"}, "board.personnel[1]", false},
		{"2E requirements met without it", "2e", "mission.requirements",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m"}, "", true},
		{"2E requirements unmet with it or without", "2e", "mission.requirements",
			onBoard(only(planet("klingon", "Security")), nil, plain, noPlacePlain), obj{"mission": "m"}, "", false},
		{"1E requirements, the only one of a matching affiliation given no place", "1e", "mission.requirements",
			onBoard(only(planet("klingon", "Security")), nil, federation, noPlace), obj{"mission": "m"}, "board.personnel[1]", false},
		// The dilemmas drawn, attempting left out.
		{"2E dilemma stack, the count turns on it", "2e", "dilemmas.stack",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m", "stack": stack}, "board.personnel[1]", false},
		{"2E dilemma stack, dilemmas overcome leave none drawn either way", "2e", "dilemmas.stack",
			onBoard(only(overcome), nil, security, noPlace), obj{"mission": "m", "stack": stack}, "", true},
		{"2E dilemma stack, the one given no place is stopped", "2e", "dilemmas.stack",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlaceStopped), obj{"mission": "m", "stack": stack}, "", true},
		// An attempt resolved.
		{"2E resolve, listing the one given no place", "2e", "mission.resolve",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m", "personnel": []string{"a", "b"}, "stack": stack}, "board.personnel[1]", false},
		{"2E resolve, the dilemmas drawn turn on it", "2e", "mission.resolve",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m", "stack": stack}, "board.personnel[1]", false},
		{"2E resolve, listing only the one placed", "2e", "mission.resolve",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m", "personnel": []string{"a"}, "stack": stack}, "", true},
		{"1E resolve, completed with it or without", "1e", "mission.resolve",
			onBoard(only(planet("klingon", "Security")), nil, security, noPlace), obj{"mission": "m", "stack": stack}, "", true},
		{"1E resolve, completed only with it", "1e", "mission.resolve",
			onBoard(only(planet("klingon", "Security")), nil, plain, noPlace), obj{"mission": "m", "stack": stack}, "board.personnel[1]", false},
		// A ship's crew for its staffing.
		{"2E staffed, short of Command without the one given no place", "2e", "ship.staffed",
			onBoard(only(planet("klingon", "")), ships, staffAboard, noPlaceCommand), obj{"ship": "s"}, "board.personnel[1]", false},
		{"2E staffed without it", "2e", "ship.staffed",
			onBoard(only(planet("klingon", "")), ships, commandAboard, noPlaceCommand), obj{"ship": "s"}, "", true},
		{"2E staffed, short with it or without", "2e", "ship.staffed",
			onBoard(only(planet("klingon", "")), ships, staffAboard, noPlacePlain), obj{"ship": "s"}, "", false},
		{"1E staffed, short of Command without it", "1e", "ship.staffed",
			onBoard(only(planet("klingon", "")), ships, staffAboard, noPlaceCommand), obj{"ship": "s"}, "board.personnel[1]", false},
		{"2E move, short of Command without it", "2e", "ship.move",
			onBoard([]rules.BoardMission{planet("klingon", ""), mission("n", "planet", "alpha", 1)}, ships, staffAboard, noPlaceCommand), obj{"ship": "s", "to": "n"}, "board.personnel[1]", false},
		{"2E move, staffed without it", "2e", "ship.move",
			onBoard([]rules.BoardMission{planet("klingon", ""), mission("n", "planet", "alpha", 1)}, ships, commandAboard, noPlaceCommand), obj{"ship": "s", "to": "n"}, "", true},
		// An engagement: your ship staffed, and those it stops after.
		{"2E engagement, the one given no place may be aboard and stopped after", "2e", "engagement",
			onBoard(only(planet("klingon", "")), []rules.BoardShip{commandShip, enemy}, commandAboard, noPlaceCommand), obj{"mission": "m", "you": []string{"s"}, "opponent": []string{"x"}}, "board.personnel[1]", false},
		{"2E engagement refused elsewise, the one given no place stopped", "2e", "engagement",
			onBoard(only(planet("klingon", "")), []rules.BoardShip{commandShip, enemy}, staffAboard, stopped(noPlaceCommand)), obj{"mission": "m", "you": []string{"s"}, "opponent": []string{"x"}}, "", false},
		// A beam: where the beamer is always decides it.
		{"2E beam of one given no place", "2e", "personnel.beam",
			onBoard(only(planet("klingon", "")), ships, commandAboard, noPlacePlain), obj{"personnel": []string{"b"}, "to": "m"}, "board.personnel[1]", false},
		{"1E beam of one given no place", "1e", "personnel.beam",
			onBoard(only(planet("klingon", "")), ships, commandAboard, noPlacePlain), obj{"personnel": []string{"b"}, "to": "s"}, "board.personnel[1]", false},
		// A 1E ship battle: a leader and one of its affiliation aboard each
		// attacking ship.
		{"1E ship battle, no leader aboard without the one given no place", "1e", "battle.initiate",
			onBoard(only(mission("m", "space", "alpha", 3)), []rules.BoardShip{commandShip, enemy}, staffAboard, person("b", "klingon", nil, nil, "Leadership")),
			obj{"attackers": []string{"s"}, "defenders": []string{"x"}}, "board.personnel[1]", false},
		{"1E ship battle, a leader aboard", "1e", "battle.initiate",
			onBoard(only(mission("m", "space", "alpha", 3)), []rules.BoardShip{commandShip, enemy}, person("a", "klingon", nil, aboard("s"), "Leadership"), noPlacePlain),
			obj{"attackers": []string{"s"}, "defenders": []string{"x"}}, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := req2E(c.question, c.board, c.params)
			r.Edition = c.edition
			if c.field == "" {
				v := judge(t, r)
				if allowed(t, v) != c.allowed {
					t.Fatalf("allowed %v, want %v: %q", allowed(t, v), c.allowed, v.Reasons)
				}
				said := strings.Join(v.Reasons, " ")
				if !strings.Contains(said, "board.personnel[1].at") || !strings.Contains(said, "set aside") {
					t.Fatalf("the verdict does not say who was set aside: %q", v.Reasons)
				}
				return
			}
			_, err := ask(context.Background(), w.svc, r)
			d := rules.ErrorDetails(err)
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != c.field || d["needs"] != "at" {
				t.Fatalf("err %v (details %v), want 422 naming %s, needs at", err, d, c.field)
			}
		})
	}
}

// Every place the engine gathers personnel by where they are goes through
// one mechanism (unplaced.go: gatherAt, which gives those given no place
// with those placed), or reads a place not given as Unknown by rules of
// its own. The gatherings that do not go through gatherAt are counted here
// by file: a new call gathering personnel by place (personnelWhere,
// Aboard, AboardFacility, whereIs) or a new loop over the board's
// personnel changes a count, and is to go through gatherAt (or be counted
// here, with how it reads a place not given).
func TestEveryGatheringByPlaceGoesThroughTheMechanism(t *testing.T) {
	registered := map[string]int{
		// Aboard and AboardFacility themselves.
		"board.go": 2 + 4, // and its loops: the board's index of ids, and personnelWhere
		// 2E combat: both sides gathered through gatherAt (whereIs its
		// test of presence), those given no place sorted by
		// combatUnplaced; whereIs of the first listed (the site), of
		// those listed and placed (absent), of those involved (the
		// copies of the mission).
		"combat.go": 4,
		// 1E battles of personnel: those named parted by partPlaced, the
		// placed compared by whereIs (the crews of a ship battle go
		// through crewOf).
		"initiate1e.go": 2,
		// Not by place: encoding, species rulings, uniqueness by persona,
		// the board's words.
		"encode.go": 1, "governing.go": 1, "speciesrulings.go": 2, "uniqueness.go": 2, "words.go": 1,
		// The mechanism itself: gatherAt, and the lists of those given
		// no place (counted, then listed).
		"unplaced.go": 1 + 2,
	}
	gather := regexp.MustCompile(`\.(personnelWhere|Aboard|AboardFacility|whereIs)\(|range [\w.]*\bPersonnel\b`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]int{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(gather.FindAll(b, -1)); n > 0 {
			found[f] = n
		}
	}
	for f, n := range found {
		if registered[f] != n {
			t.Errorf("%s gathers personnel %d times, %d counted: gather them by place through gatherAt (unplaced.go), which gives those given no place, or count it here saying how it reads a place not given", f, n, registered[f])
		}
	}
	for f, n := range registered {
		if found[f] == 0 && n > 0 {
			t.Errorf("%s counted %d gatherings, holds none", f, n)
		}
	}
}

package engine_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// TestVerdictsMatchSnapshot adjudicates a broad set of requests on the real
// corpus: the contract examples under every rulebook of their edition,
// variations of the load test's mid-game board asked every question in both
// editions, boards naming every personnel, ship and mission card, and the
// table tests' own requests when STCCG_ENGINE_REQUESTS names a file of them
// (recorded with STCCG_ENGINE_RECORD). On every run it checks what holds of
// every answer whatever the rules decide: a verdict heads with the question
// and edition asked and owes its citations (an entry of the document
// adjudicated under, quoting its text); a refusal is the caller's
// (unprocessable or invalid), never a fault of the service; and the same
// request is answered the same, byte for byte, a second time. Without a
// snapshot named, every 15th request of the set is asked.
//
// A change that must not change any answer compares the JSON of every
// verdict or error, byte for byte once its objects' keys are sorted (a
// result struct writes its fields in its own order), with a snapshot taken
// before it:
// STCCG_ENGINE_SNAPSHOT names the snapshot, and with
// STCCG_ENGINE_SNAPSHOT_WRITE=1 the test writes it instead. A snapshot
// quotes the rulebooks and card data: keep it out of the repository.
func TestVerdictsMatchSnapshot(t *testing.T) {
	w := realWorld(t)
	reqs := snapshotRequests(t)
	path := os.Getenv("STCCG_ENGINE_SNAPSHOT")
	if path == "" {
		// Without a snapshot to compare with, every 15th request: the set
		// is some 30,000, a minute and more under the race detector.
		var sample []rules.AdjudicationRequest
		for i := 0; i < len(reqs); i += 15 {
			sample = append(sample, reqs[i])
		}
		reqs = sample
	}
	var out bytes.Buffer
	ctx := context.Background()
	for _, r := range reqs {
		record(t, r)
		v, err := ask(ctx, w.svc, r)
		line, merr := json.Marshal(answer(r, v, err))
		if merr != nil {
			t.Fatalf("encode the answer to %s: %v", r.Question, merr)
		}
		switch {
		case err != nil:
			if code := rules.ErrorCode(err); code != rules.EUNPROCESSABLE && code != rules.EINVALID {
				t.Errorf("%s: %s refusal %v; want unprocessable or invalid", r.Question, code, err)
			}
		case v.Question != r.Question || v.Edition != r.Edition:
			t.Errorf("%s (%s): verdict heads %q (%s)", r.Question, r.Edition, v.Question, v.Edition)
		default:
			checkCitations(t, w, v)
		}
		v2, err2 := ask(ctx, w.svc, r)
		if line2, _ := json.Marshal(answer(r, v2, err2)); !bytes.Equal(line, line2) {
			t.Errorf("%s asked twice answers differently:\n %s\n %s", r.Question, line, line2)
		}
		out.Write(canonical(t, line))
		out.WriteByte('\n')
	}
	t.Logf("%d requests answered", len(reqs))
	if path == "" {
		return
	}
	if os.Getenv("STCCG_ENGINE_SNAPSHOT_WRITE") == "1" {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d answers to %s", len(reqs), path)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(want, out.Bytes()) {
		t.Logf("%d answers equal to the snapshot", len(reqs))
		return
	}
	got, wantLines := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	if len(got) != len(wantLines) {
		t.Errorf("%d answers, the snapshot has %d", len(got)-1, len(wantLines)-1)
	}
	shown := 0
	for i := range min(len(got), len(wantLines)) {
		if got[i] != wantLines[i] && shown < 5 {
			shown++
			t.Errorf("answer %d differs:\n got  %s\n want %s", i, got[i], wantLines[i])
		}
	}
	if shown == 0 {
		t.Error("the answers differ from the snapshot")
	}
}

// canonical is a JSON line with its objects' keys sorted, numbers as
// written.
func canonical(t *testing.T, line []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// snapshotAnswer is one line of a snapshot: the request and what the
// engine answered.
type snapshotAnswer struct {
	Request rules.AdjudicationRequest `json:"request"`
	Verdict *rules.Verdict            `json:"verdict,omitempty"`
	Error   *snapshotError            `json:"error,omitempty"`
}

type snapshotError struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

func answer(r rules.AdjudicationRequest, v *rules.Verdict, err error) snapshotAnswer {
	a := snapshotAnswer{Request: r, Verdict: v}
	if err != nil {
		a.Error = &snapshotError{Code: rules.ErrorCode(err), Message: err.Error(), Details: rules.ErrorDetails(err)}
	}
	return a
}

// documentsOf lists the ids of an edition's documents, with "" (the
// newest rulebook) first.
func documentsOf(t *testing.T, edition string) []string {
	out := []string{""}
	for _, d := range testcorpus.Load(t).Documents {
		if d.Edition == edition {
			out = append(out, d.ID)
		}
	}
	return out
}

func snapshotRequests(t *testing.T) []rules.AdjudicationRequest {
	var out []rules.AdjudicationRequest
	out = append(out, contractRequests(t)...)
	out = append(out, midGameRequests(t)...)
	out = append(out, cardRequests(t)...)
	out = append(out, recordedRequests(t)...)
	return out
}

// contractRequests are the contract examples of its first revision (the
// questions the snapshot was first taken on), each under every document of
// its edition.
func contractRequests(t *testing.T) []rules.AdjudicationRequest {
	var out []rules.AdjudicationRequest
	for _, ex := range testcorpus.AdjudicationExamples(t) {
		if ex.File != testcorpus.AdjudicationExampleFiles[0] {
			continue
		}
		var req rules.AdjudicationRequest
		if err := api.DecodeAdjudication(ex.Request, &req); err != nil {
			t.Fatalf("decode example %q: %v", ex.Name, err)
		}
		for _, doc := range documentsOf(t, req.Edition) {
			r := req
			if doc != "" {
				r.Rules = doc
			}
			out = append(out, r)
		}
	}
	return out
}

// recordedRequests reads the requests STCCG_ENGINE_REQUESTS names, one JSON
// object a line.
func recordedRequests(t *testing.T) []rules.AdjudicationRequest {
	path := os.Getenv("STCCG_ENGINE_REQUESTS")
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []rules.AdjudicationRequest
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<26)
	for sc.Scan() {
		var r rules.AdjudicationRequest
		if err := api.DecodeAdjudication(sc.Bytes(), &r); err != nil {
			t.Fatalf("read recorded requests: %v", err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// questionParams are the params each question is asked with on the
// mid-game board and its variations: the usual ones, and some that name
// what is not there.
func questionParams() map[string][]obj {
	away := []string{"geologist", "biologist", "officer", "ensign"}
	crew := []string{"captain", "pilot", "physicist", "engineer"}
	stack := []obj{{"title": "Zq Rock", "kind": "planet", "cost": 1}, {"title": "Zq Void", "kind": "space", "cost": 2},
		{"title": "Zq Rock", "kind": "planet", "cost": 1}, {"title": "Zq Any", "kind": "dual", "cost": 3}}
	return map[string][]obj{
		"ship.staffed": {{"ship": "enterprise"}, {"ship": "warbird"}, {"ship": "ghost"}, {}},
		"ship.move": {{"ship": "enterprise", "to": "rift"}, {"ship": "enterprise", "to": "nebula"}, {"ship": "enterprise", "to": "home"},
			{"ship": "enterprise", "to": "far"}, {"ship": "warbird", "to": "nebula"}, {"ship": "enterprise"}, {"ship": "enterprise", "to": "rift", "warp": 9}},
		"mission.attempt": {{"mission": "nebula"}, {"mission": "rift"}, {"mission": "rift", "ship": "enterprise"}, {"mission": "home"},
			{"mission": "far"}, {"mission": "far", "ship": "warbird"}, {"mission": "ghost"}},
		"mission.requirements": {{"mission": "nebula"}, {"mission": "rift"}, {"mission": "rift", "ship": "enterprise"}, {"mission": "nebula", "personnel": away},
			{"mission": "rift", "personnel": crew}, {"mission": "nebula", "personnel": []string{"captain", "captain"}}, {"mission": "home"}, {"mission": "far", "personnel": away}},
		"requirement.check": {
			{"requirement": "2 Geology, Biology, and Integrity>24", "personnel": away},
			{"requirement": "Astrometrics, Navigation, Physics, and Cunning>28", "personnel": crew},
			{"requirement": "Leadership or 2 Diplomacy", "personnel": []string{"captain", "officer"}},
			{"requirement": "SCIENCE x2 + Physics", "personnel": []string{"physicist"}},
			{"requirement": "(Leadership and Security) or Captain, Strength>9", "personnel": append(append([]string(nil), away...), "captain")},
			{"requirement": "Computer Skill x2 OR SCIENCE x3", "personnel": crew},
			{"requirement": "Geology x", "personnel": away},
			{"requirement": "Diplomacy", "personnel": []string{"captain", "nobody"}},
		},
		"dilemmas.stack": {{"mission": "nebula", "stack": stack}, {"mission": "rift", "attempting": 3, "stack": stack},
			{"mission": "nebula", "attempting": 1, "stack": stack[:1]}, {"mission": "home", "stack": stack}},
		"combat": {{"mission": "nebula"}, {"mission": "nebula", "you": away, "opponent": []string{"klingon", "romulan"}},
			{"mission": "home", "ship": "enterprise"}, {"mission": "home", "ship": "enterprise", "you": crew, "opponent": []string{"romulan"}}, {"mission": "rift"}},
		"engagement": {{"mission": "home", "you": []string{"enterprise"}, "opponent": []string{"warbird"}}, {"mission": "home"},
			{"mission": "nebula", "you": []string{"enterprise"}, "opponent": []string{"warbird"}}},
		"ship.damage": {{"ship": "enterprise", "add": 1}, {"ship": "enterprise", "add": 2, "directHit": true}, {"ship": "warbird"}, {"ship": "enterprise", "add": -1}},
		"game.winner": {{"players": []obj{{"name": "you", "score": 100, "planet": true, "space": true}, {"name": "them", "score": 60}}},
			{"players": []obj{{"name": "you", "score": 40}, {"name": "them", "score": 40}}, "decksEmpty": true}, {}},
		"deck.validate": {{"missions": []obj{{"title": "Zq M1"}, {"title": "Zq M2"}}, "dilemmas": []obj{{"title": "Zq D", "count": 20}},
			"deck": []obj{{"title": "Zq C", "count": 4}, {"title": "Zq E", "count": 31}}}},
		"card.play": {{"card": obj{"title": "Zq Engineer", "type": "personnel", "cost": 3}, "counters": 2},
			{"card": obj{"title": "Zq Surprise", "type": "interrupt", "cost": 1}, "cardPlayUsed": true}},
		"battle.ship":      {{"attackers": []string{"enterprise"}, "target": "warbird"}, {"attackers": []string{"warbird"}, "target": "enterprise", "attackBonus": 2}},
		"battle.personnel": {{"you": []string{"officer", "geologist"}, "opponent": []string{"klingon", "romulan"}}, {"you": []string{"officer"}, "opponent": []string{"officer"}}},
		"battle.initiate": {{"attackers": []string{"officer"}, "defenders": []string{"klingon"}}, {"attackers": []string{"enterprise"}, "defenders": []string{"warbird"}},
			{"attackers": []string{"geologist"}, "defenders": []string{"romulan"}}},
	}
}

// midGameVariations are the load test's board and boards a few changes away
// from it: stops, damage, owners, notations, and boards that cannot be
// judged, each naming a different field.
func midGameVariations() []rules.Board {
	vary := func(change func(b *rules.Board)) rules.Board {
		b := midGameBoard()
		change(&b)
		return b
	}
	hostile := func(b *rules.Board) {
		b.Missions = append(b.Missions, rules.BoardMission{ID: "far", Owner: "opponent", Title: "Far Outpost", Type: "space", Quadrant: "gamma", Span: ip(4),
			Requirements: "Leadership or 2 Diplomacy", Affiliations: []string{"romulan"}})
		b.Ships = append(b.Ships, rules.BoardShip{ID: "warbird", Owner: "opponent", Affiliation: "romulan", Staffing: []string{"command", "staff"},
			Range: ip(8), Weapons: ip(10), Shields: ip(7), At: at("home")})
		b.Personnel = append(b.Personnel,
			opp(rules.BoardPersonnel{ID: "klingon", PersonnelStats: rules.PersonnelStats{Affiliation: "klingon", Icons: []string{"command"}, Skills: []string{"Leadership", "2 Security"}, Integrity: ip(5), Cunning: ip(5), Strength: ip(8)}, At: at("nebula")}),
			opp(rules.BoardPersonnel{ID: "romulan", PersonnelStats: rules.PersonnelStats{Affiliation: "romulan", Icons: []string{"staff"}, Skills: []string{"Treachery"}, Integrity: ip(3), Cunning: ip(7), Strength: ip(6)}, At: aboard("warbird")}))
	}
	return []rules.Board{
		midGameBoard(),
		vary(hostile),
		vary(func(b *rules.Board) { hostile(b); b.Personnel[7].Stopped = false; b.Personnel[0].Stopped = true }),
		vary(func(b *rules.Board) { b.Ships[0].RangeUsed = 5 }),
		vary(func(b *rules.Board) { b.Ships[0].RangeUsed = 9; b.Ships[0].Damage = 1 }),
		vary(func(b *rules.Board) { hostile(b); b.Ships[0].Stopped = true; b.Ships[0].Damage = 2 }),
		vary(func(b *rules.Board) { b.Ships[0].Owner = "Opponent" }),
		vary(func(b *rules.Board) { b.Personnel = b.Personnel[1:] }),
		vary(func(b *rules.Board) { b.Personnel[1].Stopped = true; b.Personnel[2].Affiliation = "Bajoran" }),
		vary(func(b *rules.Board) { b.Ships[0].Staffing = nil; b.Ships[0].Affiliation = "Federation" }),
		vary(func(b *rules.Board) {
			b.Missions[0].Region, b.Missions[1].Region = "Sector 001", "sector 001"
			b.Missions[2].Quadrant = "Gamma"
		}),
		vary(func(b *rules.Board) { b.Missions[1].Title = "Starbase Home"; b.Missions[2].Completed = true }),
		vary(func(b *rules.Board) {
			b.Missions[2].Owner = "opponent"
			b.Missions[1].Affiliations = nil
		}),
		vary(func(b *rules.Board) {
			b.Personnel[0].Skills = []string{"Diplomacy x2", "LEADERSHIP", "Computer Skill x2"}
			b.Personnel[2].Skills = []string{"SCIENCE x 3", "physics", "  2   Physics "}
			b.Personnel[4].Skills = []string{"Geology", "Geology", "Geology"}
			b.Personnel[5].Skills = nil
			b.Personnel[6].Skills = []string{}
			b.Personnel[3].Title = "Captain"
			b.Personnel[4].Title = "Geology"
			b.Personnel[1].Characteristics = []string{"Starfleet", "Android"}
			b.Personnel[1].Species = "Vulcan"
			b.Personnel[2].Icons = []string{"Command", "STAFF", " "}
		}),
		vary(func(b *rules.Board) { b.Personnel[4].Integrity = nil; b.Personnel[0].Cunning = nil }),
		vary(func(b *rules.Board) { hostile(b); b.Personnel[8].Strength = nil }),
		vary(func(b *rules.Board) { b.Missions[1].Span = nil; b.Missions[2].Quadrant = "" }),
		vary(func(b *rules.Board) { b.Ships[0].Range = nil }),
		vary(func(b *rules.Board) { b.Ships[0].Affiliation = "" }),
		vary(func(b *rules.Board) { b.Missions[2].Type = "" }),
		vary(func(b *rules.Board) { b.Missions[1].Requirements = "Cunning>>3" }),
		vary(func(b *rules.Board) { b.Missions[1].Requirements = ""; b.Missions[2].Points = nil }),
		// Boards that cannot be judged.
		vary(func(b *rules.Board) { b.Personnel[3].ID = "pilot" }),
		vary(func(b *rules.Board) { b.Ships[0].ID = "rift" }),
		vary(func(b *rules.Board) { b.Missions[2].ID = "home" }),
		vary(func(b *rules.Board) { b.Personnel[5].ID = " " }),
		vary(func(b *rules.Board) { b.Missions[1].ID = "" }),
		vary(func(b *rules.Board) { b.Ships[0].ID = "" }),
		vary(func(b *rules.Board) { b.Personnel[6].Owner = "them" }),
		vary(func(b *rules.Board) { b.Ships[0].Owner = "me" }),
		vary(func(b *rules.Board) { b.Missions[0].Owner = "x" }),
		vary(func(b *rules.Board) { b.Personnel[2].At = &rules.Location{Ship: "enterprise", Mission: "home"} }),
		vary(func(b *rules.Board) { b.Personnel[7].At = aboard("voyager") }),
		vary(func(b *rules.Board) { b.Personnel[6].At = at("vulcan") }),
		vary(func(b *rules.Board) { b.Ships[0].At = aboard("enterprise") }),
		vary(func(b *rules.Board) { b.Ships[0].At = at("vulcan") }),
		vary(func(b *rules.Board) { b.Ships[0].At = nil }),
		vary(func(b *rules.Board) { b.Missions[1].Type = "nebula" }),
		vary(func(b *rules.Board) { b.Missions[2].Type = "Dual" }),
		vary(func(b *rules.Board) { b.Missions[1].Quadrant = "beta" }),
		vary(func(b *rules.Board) { b.Missions[2].Span = ip(-1) }),
		vary(func(b *rules.Board) { b.Missions[2].OvercomeDilemmas = -2 }),
		vary(func(b *rules.Board) { b.Ships[0].RangeUsed = -1 }),
		vary(func(b *rules.Board) { b.Ships[0].Damage = -1 }),
		vary(func(b *rules.Board) { b.Personnel[3].Skills = []string{"Engineering", "x2"} }),
		vary(func(b *rules.Board) { b.Personnel[4].Skills = []string{""} }),
		vary(func(b *rules.Board) { b.Personnel[5].Skills = []string{"Biology", "Medical", "0 Biology"} }),
		vary(func(b *rules.Board) { b.Personnel[0].Skills = []string{"Leadership x"} }),
		vary(func(b *rules.Board) { b.Personnel[0].Skills = []string{"Leadership x0"} }),
		vary(func(b *rules.Board) { b.Personnel[0].Skills = []string{"2000000 Leadership"} }),
		vary(func(b *rules.Board) { b.Personnel[1].Skills = []string{"2"} }),
		vary(func(b *rules.Board) { b.Personnel[1].Skills = []string{"2 !!"} }),
		vary(func(b *rules.Board) { b.Personnel[1].Skills = []string{"x3"} }),
		vary(func(b *rules.Board) { b.Personnel[1].Skills = []string{"Navigation X 2", "3 x"} }),
		vary(func(b *rules.Board) { b.Personnel[2].Card = "Zq No Such Card Anywhere" }),
		vary(func(b *rules.Board) { b.Ships[0].Card = "Zq No Such Ship" }),
		vary(func(b *rules.Board) { b.Missions[0].Card = "Zq No Such Mission" }),
	}
}

// midGameRequests asks every question, with each of its params, of every
// variation of the mid-game board, in both editions and under every
// document.
func midGameRequests(t *testing.T) []rules.AdjudicationRequest {
	qs := questionParams()
	names := make([]string, 0, len(qs))
	for q := range qs {
		names = append(names, q)
	}
	sort.Strings(names)
	var out []rules.AdjudicationRequest
	for _, b := range midGameVariations() {
		for _, q := range names {
			for _, p := range qs[q] {
				for _, edition := range []string{rules.Edition2E, rules.Edition1E} {
					for _, doc := range documentsOf(t, edition) {
						r := req2E(q, b, p)
						r.Edition, r.Rules = edition, doc
						if edition == rules.Edition1E {
							r.Board = firstEditionBoard(b)
						}
						out = append(out, r)
					}
				}
			}
		}
	}
	return out
}

// firstEditionBoard is a board with its headquarters made planets, which
// 1E has none of.
func firstEditionBoard(b rules.Board) rules.Board {
	b.Missions = append([]rules.BoardMission(nil), b.Missions...)
	for i, m := range b.Missions {
		if m.Type == "headquarters" {
			b.Missions[i].Type = "planet"
		}
	}
	return b
}

// cardRequests put every personnel, ship and mission card of the catalog on
// a board, by id (and every tenth by name), and ask the questions that read
// it.
func cardRequests(t *testing.T) []rules.AdjudicationRequest {
	var out []rules.AdjudicationRequest
	for i, c := range testcorpus.Load(t).Cards {
		ref := c.ID
		if i%10 == 0 {
			ref = c.Name()
		}
		ask := func(q string, b rules.Board, p obj) {
			r := req2E(q, b, p)
			r.Edition = c.Edition
			if c.Edition == rules.Edition1E {
				r.Board = firstEditionBoard(b)
			}
			out = append(out, r)
		}
		switch c.Type {
		case "personnel":
			b := midGameBoard()
			b.Personnel = append(b.Personnel,
				rules.BoardPersonnel{ID: "card", Card: ref, At: aboard("enterprise")},
				rules.BoardPersonnel{ID: "card2", Card: ref, Title: "Zq Double", PersonnelStats: rules.PersonnelStats{Icons: []string{"staff"}, Integrity: ip(9)}, At: at("nebula")},
				rules.BoardPersonnel{ID: "card3", Card: ref, PersonnelStats: rules.PersonnelStats{Skills: []string{"Geology", "2 Biology"}}, At: at("nebula")},
				rules.BoardPersonnel{ID: "card4", Card: ref, PersonnelStats: rules.PersonnelStats{Skills: []string{}, Characteristics: []string{}, Icons: []string{}}, At: at("nebula")})
			req := []string{"Leadership"}
			for _, s := range c.Skills {
				req = append(req, s.Name)
			}
			ask("requirement.check", b, obj{"requirement": strings.Join(req, ", "), "personnel": []string{"card", "card3"}})
			ask("requirement.check", b, obj{"requirement": strings.Join(req, " or ") + ", Cunning>3", "personnel": []string{"card", "card3"}})
			ask("requirement.check", b, obj{"requirement": "Leadership or 2 Diplomacy or " + c.Title, "personnel": []string{"card", "card2", "card4"}})
			ask("ship.staffed", b, obj{"ship": "enterprise"})
			ask("mission.requirements", b, obj{"mission": "nebula"})
			ask("mission.attempt", b, obj{"mission": "nebula"})
			if c.Edition == rules.Edition1E {
				ask("battle.initiate", b, obj{"attackers": []string{"card2"}, "defenders": []string{"geologist"}})
			}
		case "ship":
			b := midGameBoard()
			b.Ships = append(b.Ships, rules.BoardShip{ID: "card", Card: ref, At: at("home")}, rules.BoardShip{ID: "card2", Card: ref, Range: ip(3), At: at("rift")})
			for i := range 4 {
				b.Personnel[i].At = aboard("card")
			}
			ask("ship.staffed", b, obj{"ship": "card"})
			ask("ship.move", b, obj{"ship": "card", "to": "rift"})
			ask("ship.move", b, obj{"ship": "card2", "to": "nebula"})
			ask("ship.damage", b, obj{"ship": "card", "add": 1})
		case "mission":
			b := midGameBoard()
			b.Missions = append(b.Missions, rules.BoardMission{ID: "card", Card: ref}, rules.BoardMission{ID: "card2", Card: ref, Requirements: "Geology", Span: ip(1)})
			for i := 4; i < 8; i++ {
				b.Personnel[i].At = at("card")
			}
			ask("mission.attempt", b, obj{"mission": "card"})
			ask("mission.requirements", b, obj{"mission": "card"})
			ask("mission.requirements", b, obj{"mission": "card2"})
			ask("ship.move", b, obj{"ship": "enterprise", "to": "card"})
			ask("dilemmas.stack", b, obj{"mission": "card", "stack": []obj{{"title": "Zq Rock", "kind": "planet", "cost": 1}}})
		default:
			// A card of another type where a personnel is expected.
			if i%5 == 0 {
				b := midGameBoard()
				b.Personnel[0].Card = ref
				ask("ship.staffed", b, obj{"ship": "enterprise"})
			}
		}
	}
	return out
}

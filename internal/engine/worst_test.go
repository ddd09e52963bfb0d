package engine_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/rules"
)

// padded is s grown to n bytes: the longest text the limits allow, made
// of words so that folding and parsing it do their full work.
func padded(s string, n int) string {
	if len(s) >= n {
		return s[:n]
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s)
	for i := 0; b.Len() < n; i++ {
		b.WriteString(" w" + string(rune('a'+i%26)))
	}
	return b.String()[:n]
}

// worstID is the i-th id of a kind, as long as an id may be.
func worstID(kind string, i int) string {
	return padded(fmt.Sprintf("%s%04d", kind, i), rules.MaxTextBytes)
}

func worstIDs(kind string, from, to int) []string {
	out := make([]string, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, worstID(kind, i))
	}
	return out
}

// worstRequirement is a requirement as long as the limit allows, of many
// clauses, alternatives and skills named twice.
func worstRequirement() string {
	var b strings.Builder
	skills := []string{"Diplomacy", "Leadership", "Science", "Medical", "Engineer", "Security", "Honor", "Treachery"}
	for i := 0; ; i++ {
		clause := fmt.Sprintf("%d %s", 1+i%3, skills[i%len(skills)])
		switch {
		case i%7 == 6:
			clause = fmt.Sprintf("(%s or Cunning>%d)", clause, 20+i)
		case i%5 == 4:
			clause = "Integrity>" + fmt.Sprint(10+i)
		}
		sep := ", "
		if i == 0 {
			sep = ""
		}
		if b.Len()+len(sep)+len(clause) > rules.MaxRequirementBytes {
			return b.String()
		}
		b.WriteString(sep + clause)
	}
}

// worstPersonnel is the i-th of the most personnel a board may hold, each
// with as many icons, skills and characteristics as one may have, every
// text as long as it may be.
func worstPersonnel(i int, owner string, where *rules.Location, affiliation string) rules.BoardPersonnel {
	icons := []string{"command", "staff"}
	for len(icons) < rules.MaxPersonnelIcons {
		icons = append(icons, padded(fmt.Sprintf("icon%d", len(icons)), rules.MaxWordBytes))
	}
	skillNames := []string{"Diplomacy", "Leadership", "Science", "Medical", "Engineer", "Security", "Honor", "Treachery"}
	var skills []string
	for k := 0; len(skills) < rules.MaxPersonnelSkills; k++ {
		s := fmt.Sprintf("%d %s", 1+k%3, skillNames[k%len(skillNames)])
		if k >= len(skillNames) {
			s = padded(fmt.Sprintf("%d Skill%d%d", 1+k%3, i, k), rules.MaxSkillBytes) // a new text for every personnel
		}
		skills = append(skills, s)
	}
	var chars []string
	for k := 0; len(chars) < rules.MaxCharacteristics; k++ {
		chars = append(chars, padded(fmt.Sprintf("Characteristic %d", k), rules.MaxWordBytes))
	}
	return rules.BoardPersonnel{ID: worstID("p", i), Owner: owner, Title: padded(fmt.Sprintf("Personnel %d", i), rules.MaxTextBytes),
		PersonnelStats: rules.PersonnelStats{Affiliation: affiliation, Icons: icons, Skills: skills, Characteristics: chars, Species: padded("Species", rules.MaxWordBytes), Integrity: ip(7), Cunning: ip(7), Strength: ip(6)}, At: where}
}

// worstAffiliations are as many affiliations as a mission or a facility
// may name.
func worstAffiliations() []string {
	return []string{"federation", "klingon", "romulan", "bajoran", "cardassian", "ferengi", "dominion", "borg",
		"non aligned", "starfleet", "maquis", "hirogen", "kazon", "vidiian", "neutral", "terran empire"}
}

// worstBoard is the largest board the limits allow: every list at its
// limit, every text at its limit. place puts the i-th personnel (owner
// and location) and names its affiliation.
func worstBoard(place func(i int) (owner string, where *rules.Location, affiliation string)) rules.Board {
	var b rules.Board
	affs := worstAffiliations()
	for i := range rules.MaxBoardMissions {
		typ := "planet"
		if i%2 == 1 {
			typ = "space"
		}
		play := make([]string, rules.MaxMissionPlay)
		for k := range play {
			play[k] = padded(fmt.Sprintf("play %d", k), rules.MaxWordBytes)
		}
		owner := "you"
		if i%3 == 2 {
			owner = "opponent"
		}
		b.Missions = append(b.Missions, rules.BoardMission{ID: worstID("m", i), Owner: owner,
			Title: padded(fmt.Sprintf("Mission %d", i), rules.MaxTextBytes), Type: typ, Quadrant: "alpha",
			Span: ip(2 + i%3), Region: padded("Region", rules.MaxTextBytes), Points: ip(35),
			Requirements: worstRequirement(), Affiliations: affs[:rules.MaxMissionAffiliations], Play: play})
	}
	for i := range rules.MaxBoardShips {
		staffing := make([]string, rules.MaxStaffingIcons)
		for k := range staffing {
			staffing[k] = []string{"staff", "command", "staff", "icon5"}[k%4]
		}
		owner := "you"
		if i%2 == 1 {
			owner = "opponent"
		}
		b.Ships = append(b.Ships, rules.BoardShip{ID: worstID("s", i), Owner: owner,
			Title: padded(fmt.Sprintf("Ship %d", i), rules.MaxTextBytes), Affiliation: affs[i%len(affs)], Staffing: staffing,
			Range: ip(9), Weapons: ip(8), Shields: ip(8), At: at(worstID("m", 0))})
	}
	for i := range rules.MaxBoardPersonnel {
		owner, where, aff := place(i)
		b.Personnel = append(b.Personnel, worstPersonnel(i, owner, where, aff))
	}
	return b
}

// withFacilities is a 1E board with as many facilities as the limits allow
// besides its missions, ships and personnel: outposts at every mission,
// each of the most affiliations, every text as long as it may be.
func withFacilities(b rules.Board) rules.Board {
	b.Facilities = nil
	affs := worstAffiliations()
	for i := range rules.MaxBoardFacilities {
		owner := "you"
		if i%2 == 1 {
			owner = "opponent"
		}
		b.Facilities = append(b.Facilities, rules.BoardFacility{ID: worstID("f", i), Owner: owner,
			Title: padded(fmt.Sprintf("Outpost %d", i), rules.MaxTextBytes), Affiliations: affs[:rules.MaxMissionAffiliations],
			Kind: "outpost", Quadrant: "alpha", Shields: ip(20), At: at(worstID("m", i%rules.MaxBoardMissions))})
	}
	return b
}

// worstRequests asks every question of the worst board the limits allow,
// laid out for that question: the whole crew aboard the ship asked about,
// every personnel on the mission attempted, both sides of a fight as
// large as they may be, deck lists and stacks at their limits.
func worstRequests() map[string]rules.AdjudicationRequest {
	m0, s0 := worstID("m", 0), worstID("s", 0)
	aboardAll := worstBoard(func(i int) (string, *rules.Location, string) {
		return "you", aboard(s0), []string{"federation", "klingon", "bajoran"}[i%3]
	})
	onPlanet := worstBoard(func(i int) (string, *rules.Location, string) {
		return "you", at(m0), []string{"federation", "klingon", "bajoran"}[i%3]
	})
	half := rules.MaxBoardPersonnel / 2
	facing := worstBoard(func(i int) (string, *rules.Location, string) {
		owner := "you"
		if i >= half {
			owner = "opponent"
		}
		// Every personnel of its own affiliation: the most restrictions
		// a battle between two forces can name.
		return owner, at(m0), padded(fmt.Sprintf("affiliation %d", i%half), rules.MaxWordBytes)
	})
	yours, theirs := worstIDs("p", 0, half), worstIDs("p", half, rules.MaxBoardPersonnel)
	shipsYours, shipsTheirs := []string{}, []string{}
	for i := range rules.MaxBoardShips {
		if i%2 == 0 {
			shipsYours = append(shipsYours, worstID("s", i))
		} else {
			shipsTheirs = append(shipsTheirs, worstID("s", i))
		}
	}
	crewed := worstBoard(func(i int) (string, *rules.Location, string) {
		// Each ship's crew aboard it, of its owner.
		s := i % rules.MaxBoardShips
		owner := "you"
		if s%2 == 1 {
			owner = "opponent"
		}
		return owner, aboard(worstID("s", s)), "federation"
	})
	stack := make([]obj, rules.MaxDilemmaStack)
	for i := range stack {
		stack[i] = obj{"title": padded(fmt.Sprintf("Dilemma %d", i%40), rules.MaxTextBytes), "kind": []string{"planet", "space", "dual"}[i%3], "cost": 1 + i%4}
	}
	// An attempt's stack at its limit, each dilemma naming whom it stops,
	// the last the whole team left.
	resolveStack := make([]obj, rules.MaxDilemmaStack)
	for i := range resolveStack {
		d := obj{"title": padded(fmt.Sprintf("Dilemma %d", i), rules.MaxTextBytes), "kind": "planet", "cost": 0}
		if i == len(resolveStack)-1 {
			d["stops"] = worstIDs("p", 0, rules.MaxBoardPersonnel)
		}
		resolveStack[i] = d
	}
	deckPart := func(kind string) []obj {
		n := rules.MaxSeedLines
		if kind == "Card" {
			n = rules.MaxDeckLines
		}
		out := make([]obj, n)
		for i := range out {
			out[i] = obj{"title": padded(fmt.Sprintf("Zq %s %d, Subtitle", kind, i), rules.MaxTextBytes), "count": rules.MaxDeckCopies}
		}
		return out
	}
	players := make([]obj, rules.MaxPlayers)
	for i := range players {
		players[i] = obj{"name": padded(fmt.Sprintf("player %d", i), rules.MaxTextBytes), "score": 100, "planet": true, "space": true}
	}
	commanded := make([]string, rules.MaxListedCards)
	for i := range commanded {
		commanded[i] = padded(fmt.Sprintf("Commanded %d, Sub", i), rules.MaxTextBytes)
	}
	allListed := append(append([]string{}, yours...), theirs...)
	first := func(q string, b rules.Board, p obj) rules.AdjudicationRequest { return req1E(q, withFacilities(b), p) }
	return map[string]rules.AdjudicationRequest{
		"ship.staffed.1e":      first("ship.staffed", aboardAll, obj{"ship": s0}),
		"personnel.beam":       req2E("personnel.beam", aboardAll, obj{"personnel": worstIDs("p", 0, rules.MaxBoardPersonnel), "to": m0}),
		"personnel.beam.1e":    first("personnel.beam", aboardAll, obj{"personnel": worstIDs("p", 0, rules.MaxBoardPersonnel), "to": worstID("f", 0)}),
		"ship.staffed":         req2E("ship.staffed", aboardAll, obj{"ship": s0}),
		"ship.move":            req2E("ship.move", aboardAll, obj{"ship": s0, "to": worstID("m", rules.MaxBoardMissions-1)}),
		"mission.attempt":      req2E("mission.attempt", onPlanet, obj{"mission": m0}),
		"mission.requirements": req2E("mission.requirements", onPlanet, obj{"mission": m0}),
		"requirement.check":    req2E("requirement.check", onPlanet, obj{"requirement": worstRequirement(), "personnel": worstIDs("p", 0, rules.MaxBoardPersonnel)}),
		"dilemmas.stack":       req2E("dilemmas.stack", onPlanet, obj{"mission": m0, "stack": stack}),
		"mission.resolve":      req2E("mission.resolve", onPlanet, obj{"mission": m0, "stack": resolveStack}),
		"mission.resolve.1e":   req1E("mission.resolve", onPlanet, obj{"mission": m0, "stack": resolveStack}),
		"deck.validate.1e":     req1E("deck.validate", onPlanet, obj{"missions": deckPart("Mission"), "dilemmas": deckPart("Dilemma"), "seeds": deckPart("Seed"), "deck": deckPart("Card")}),
		"combat":               req2E("combat", facing, obj{"mission": m0, "you": yours, "opponent": theirs}),
		"engagement":           req2E("engagement", crewed, obj{"mission": m0, "you": shipsYours, "opponent": shipsTheirs}),
		"ship.damage":          req2E("ship.damage", crewed, obj{"ship": s0, "add": 1}),
		"game.winner":          req2E("game.winner", onPlanet, obj{"players": players, "decksEmpty": true}),
		"deck.validate":        req2E("deck.validate", onPlanet, obj{"missions": deckPart("Mission"), "dilemmas": deckPart("Dilemma"), "deck": deckPart("Card")}),
		"card.play":            req2E("card.play", onPlanet, obj{"card": obj{"title": commanded[len(commanded)-1][:len("Commanded 0")], "type": "personnel", "cost": 3, "unique": true}, "commanded": commanded}),
		"battle.ship":          first("battle.ship", crewed, obj{"attackers": append(append([]string{}, shipsYours...), shipsTheirs[1:]...), "target": shipsTheirs[0]}),
		"battle.personnel":     first("battle.personnel", facing, obj{"you": yours, "opponent": theirs}),
		"battle.initiate":      first("battle.initiate", facing, obj{"attackers": yours, "defenders": theirs}),
		"battle.initiate.all":  first("battle.initiate", facing, obj{"attackers": allListed[:1], "defenders": allListed[1:]}),
		"turn.replay":          req2E("turn.replay", aboardAll, obj{"actions": worstTurn(m0, s0)}),
		"turn.replay.1e":       first("turn.replay", aboardAll, obj{"actions": worstTurn(worstID("f", 0), s0)}),
		"turn.replay.1e.moves": movesTurn1E(),
		"turn.replay.resolve":  resolvesTurn2E(),
		"requirement.check.or": req2E("requirement.check", unknownNames(onPlanet), obj{"requirement": flatOr(rules.MaxRequirementBytes, "Zqx"), "personnel": worstIDs("p", 0, rules.MaxBoardPersonnel)}),
	}
}

// unknownWord is the i-th of words no vocabulary knows, as long as a word
// may be.
func unknownWord(prefix string, i int) string {
	return padded(fmt.Sprintf("%s%d", prefix, i), rules.MaxWordBytes)
}

// flatOr is a requirement of one long "or" of short names no vocabulary
// knows, as many as n bytes hold: each alternative checked against every
// personnel, none met.
func flatOr(n int, prefix string) string {
	var b strings.Builder
	for i := 0; ; i++ {
		alt := fmt.Sprintf("%s%d", prefix, i)
		if i > 0 {
			alt = " OR " + alt
		}
		if b.Len()+len(alt) > n {
			return b.String()
		}
		b.WriteString(alt)
	}
}

// unknownNames gives every personnel of a board species of many parts no
// vocabulary knows: a name no vocabulary knows is met by a title, species,
// characteristic, skill or icon of that name, so each is read.
func unknownNames(b rules.Board) rules.Board {
	b.Personnel = slices.Clone(b.Personnel)
	for i := range b.Personnel {
		b.Personnel[i].Species = "Ab, Cd, Ef, Gh, Ij, Kl, Mn, Op, Qr, St, Uv, Wx"
	}
	return b
}

// movesTurn1E is a 1E turn of as many ship moves as a turn may hold, back
// and forth between two missions of span 0, of a ship whose staffing line
// names as many words as it may, none of them known to the vocabulary, with
// a crew of as many personnel as a board holds, the twelve who staff it
// last: each move judges the staffing of 12 names against 256 crew.
func movesTurn1E() rules.AdjudicationRequest {
	var b rules.Board
	for i := range 2 {
		b.Missions = append(b.Missions, rules.BoardMission{ID: worstID("m", i), Title: padded(fmt.Sprintf("Mission %d", i), rules.MaxTextBytes),
			Type: "space", Quadrant: "alpha", Span: ip(0), Affiliations: []string{"federation"}})
	}
	staffing := make([]string, rules.MaxStaffingIcons)
	for k := range staffing {
		staffing[k] = unknownWord("Zqxw", k)
	}
	s0 := worstID("s", 0)
	b.Ships = []rules.BoardShip{{ID: s0, Title: padded("Ship", rules.MaxTextBytes), Affiliation: "federation", Staffing: staffing,
		Range: ip(9), Weapons: ip(8), Shields: ip(8), At: at(worstID("m", 0))}}
	for i := range rules.MaxBoardPersonnel {
		p := worstPersonnel(i, "you", aboard(s0), "federation")
		if k := i - (rules.MaxBoardPersonnel - rules.MaxStaffingIcons); k >= 0 {
			p.Title = staffing[k]
		}
		b.Personnel = append(b.Personnel, p)
	}
	b = unknownNames(b)
	actions := make([]obj, rules.MaxReplayActions)
	for i := range actions {
		actions[i] = obj{"question": "ship.move", "params": obj{"ship": s0, "to": worstID("m", (i+1)%2)}}
	}
	return req1E("turn.replay", b, obj{"actions": actions})
}

// resolvesTurn2E is a 2E turn attempting and completing every mission a
// board may hold, each by its own team of eight on the planet, each
// mission's requirement an "or" as long as a requirement may be, of names
// no vocabulary knows, met by its last alternative: a title of its team.
func resolvesTurn2E() rules.AdjudicationRequest {
	var b rules.Board
	teams := rules.MaxBoardPersonnel / rules.MaxBoardMissions
	for i := range rules.MaxBoardMissions {
		req := flatOr(rules.MaxRequirementBytes-len(" OR ")-rules.MaxWordBytes, fmt.Sprintf("Zq%dx", i))
		req += " OR " + unknownWord("Title", i)
		b.Missions = append(b.Missions, rules.BoardMission{ID: worstID("m", i), Title: padded(fmt.Sprintf("Mission %d", i), rules.MaxTextBytes),
			Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(35), Requirements: req, Affiliations: worstAffiliations()})
	}
	for i := range rules.MaxBoardPersonnel {
		m := i % rules.MaxBoardMissions
		p := worstPersonnel(i, "you", at(worstID("m", m)), "federation")
		if i/rules.MaxBoardMissions == teams-1 {
			p.Title = unknownWord("Title", m)
		}
		b.Personnel = append(b.Personnel, p)
	}
	b = unknownNames(b)
	actions := make([]obj, rules.MaxBoardMissions)
	for i := range actions {
		actions[i] = obj{"question": "mission.resolve", "params": obj{"mission": worstID("m", i), "stack": []obj{}}}
	}
	return req2E("turn.replay", b, obj{"actions": actions})
}

// worstTurn is a turn of as many actions as the limits allow, each legal,
// naming as many cards as a turn may: crews beamed off their ship and back
// again, pair after pair of actions, the first crew the largest.
func worstTurn(off, ship string) []obj {
	pairs := rules.MaxReplayActions / 2
	each := rules.MaxTurnListed / rules.MaxReplayActions
	first := rules.MaxTurnListed/2 - each*(pairs-1)
	out := make([]obj, 0, rules.MaxReplayActions)
	for i := range pairs {
		crew := worstIDs("p", 0, each)
		if i == 0 {
			crew = worstIDs("p", 0, first)
		}
		out = append(out, obj{"question": "personnel.beam", "params": obj{"personnel": crew, "to": off}},
			obj{"question": "personnel.beam", "params": obj{"personnel": crew, "to": ship}})
	}
	return out
}

// TestWorstBoardsAreJudged asks every question of the worst board the
// limits allow: each is within every limit, so it is judged, not refused.
// BenchmarkWorstBoard times the same requests.
func TestWorstBoardsAreJudged(t *testing.T) {
	w := realWorld(t)
	for name, req := range worstRequests() {
		t.Run(name, func(t *testing.T) {
			record(t, req)
			v, err := ask(context.Background(), w.svc, req)
			if err != nil {
				t.Fatalf("refused: %v (details %v)", err, rules.ErrorDetails(err))
			}
			if len(v.Reasons) == 0 {
				t.Fatal("no reasons")
			}
		})
	}
}

// BenchmarkWorstBoard adjudicates each question on the worst board the
// limits allow (worstRequests), in process, decoding included; cpu-ns/op is
// the CPU time (the collector's included), which a busy machine inflates
// far less than the wall time.
func BenchmarkWorstBoard(b *testing.B) {
	w := realWorld(b)
	reqs := worstRequests()
	for _, name := range sortedKeys(reqs) {
		req := reqs[name]
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				if _, err := ask(ctx, w.svc, req); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, b.N)
		})
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// wordsBoard is a board of the size of a long game whose words are the
// card data's, each given as a judge types it: capitals, plurals
// ("Klingons", "Engineers"), words no vocabulary knows, the same skills,
// icons and species across personnel.
func wordsBoard() rules.Board {
	var b rules.Board
	b.Missions = []rules.BoardMission{{ID: "m0", Title: "Mission", Type: "planet", Quadrant: "alpha", Span: ip(2), Points: ip(35),
		Requirements: "2 Engineer + Diplomacy", Affiliations: []string{"Federation", "Klingons"}, Play: []string{"Klingons", "Ships", "Command icon"}}}
	affiliations := []string{"Federation", "Klingons", "Bajoran", "federation"}
	skills := [][]string{{"Engineer", "2 Diplomacy"}, {"Engineers", "Leadership", "Zqxw Lore"}, {"Science", "Medical", "Security"}}
	for i := range 64 {
		b.Personnel = append(b.Personnel, rules.BoardPersonnel{ID: fmt.Sprint("p", i), Owner: "you", Title: fmt.Sprint("Crew ", i),
			PersonnelStats: rules.PersonnelStats{Affiliation: affiliations[i%len(affiliations)], Icons: []string{"Command", "staff", "Maquis"}[:1+i%3],
				Skills: skills[i%len(skills)], Characteristics: []string{"Officer", "Zqxw Rank"}[:1+i%2], Species: []string{"Human", "Klingons", "Vulcan, Romulans"}[i%3],
				Integrity: ip(6), Cunning: ip(6), Strength: ip(5)}, At: at("m0")})
	}
	return b
}

// BenchmarkReadBoardWords reads a board as every question first does,
// its words read against the vocabularies (the worst board the limits
// allow, of both editions; a long game's board of words as a judge types
// them), and nothing more; cpu-ns/op as BenchmarkWorstBoard.
func BenchmarkReadBoardWords(b *testing.B) {
	w := realWorld(b)
	m0 := worstID("m", 0)
	worst := worstBoard(func(i int) (string, *rules.Location, string) {
		return "you", at(m0), []string{"federation", "klingon", "bajoran"}[i%3]
	})
	for _, c := range []struct {
		name, edition string
		board         rules.Board
	}{
		{"worst", rules.Edition2E, worst},
		{"worst.1e", rules.Edition1E, withFacilities(worst)},
		{"typed", rules.Edition2E, wordsBoard()},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			if err := w.svc.DecodeBoard(ctx, c.edition, c.board); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				if err := w.svc.DecodeBoard(ctx, c.edition, c.board); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, b.N)
		})
	}
}

//go:build !race

package budget_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/rules"
)

// vocabulary is what the corpus gives the generators: words of card names
// and entry titles, skills and species the card data knows, ids.
type vocabulary struct {
	words, names, terms, skills, species, entryIDs, cardIDs []string
}

func vocabularyOf(c *corpus.Corpus) *vocabulary {
	v := &vocabulary{}
	add := func(list *[]string, s string) {
		if s != "" {
			*list = append(*list, s)
		}
	}
	words := map[string]bool{}
	for _, card := range c.Cards {
		add(&v.names, card.Name())
		add(&v.cardIDs, card.ID)
		for _, w := range strings.Fields(card.Name()) {
			words[w] = true
		}
		for _, s := range card.Skills {
			add(&v.skills, s.Name)
		}
		if card.Species != "" {
			add(&v.species, card.Species)
		}
	}
	for _, e := range c.Entries {
		add(&v.entryIDs, e.ID)
		if e.Kind == rules.KindGlossary {
			add(&v.terms, e.Title)
		}
		for _, w := range strings.Fields(e.Title) {
			words[w] = true
		}
	}
	for w := range words {
		v.words = append(v.words, w)
	}
	for _, l := range []*[]string{&v.words, &v.names, &v.terms, &v.skills, &v.species, &v.entryIDs, &v.cardIDs} {
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	return v
}

// text is n bytes of words: words of the corpus (source 0), the same with
// a letter changed (1), or random letters (2), about n/count bytes each.
func (v *vocabulary) text(n, count, source int, rng *rand.Rand) string {
	if n <= 0 {
		return ""
	}
	count = max(1, min(count, n/2+1))
	each := max(1, n/count-1)
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		var w string
		switch source {
		case 0, 1:
			w = v.words[rng.IntN(len(v.words))]
			for len(w) < each {
				w += strings.ToLower(v.words[rng.IntN(len(v.words))])
			}
			w = w[:min(len(w), max(each, 1))]
			if source == 1 && len(w) > 2 {
				i := rng.IntN(len(w))
				w = w[:i] + string(rune('a'+rng.IntN(26))) + w[i+1:]
			}
		default:
			bs := make([]byte, each)
			for i := range bs {
				bs[i] = byte('a' + rng.IntN(26))
			}
			w = string(bs)
		}
		b.WriteString(w)
	}
	return strings.TrimSpace(b.String()[:n])
}

// padded is s grown to n bytes with words, or cut to n.
func padded(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) >= n {
		return strings.TrimSpace(s[:n])
	}
	var b strings.Builder
	b.Grow(n + 3)
	b.WriteString(s)
	for i := 0; b.Len() < n; i++ {
		b.WriteString(" w")
		b.WriteByte(byte('a' + i%26))
	}
	return strings.TrimSpace(b.String()[:n])
}

// seeded is a generator seeded by a request's knobs: the same knobs, the
// same request.
func seeded(v []int) *rand.Rand {
	var h uint64 = 1469598103934665603
	for _, x := range v {
		h = (h ^ uint64(x)) * 1099511628211
	}
	return rand.New(rand.NewPCG(h, 22))
}

// A start is a family and the points its search starts from besides its
// corner of every knob at its limit.
type start struct {
	family
	starts  [][]int
	randoms int
	rounds  int // of climbing from each start
}

func families(voc *vocabulary) []start {
	return []start{
		{family: readsFamily(voc), randoms: 8, rounds: 2},
		adjudicationStarts(voc),
		turnStarts(voc),
		graphQLStarts(voc),
		discordStarts(voc),
	}
}

// The REST reads: every route, every text parameter up to its 500 bytes,
// its words of the corpus, misspelt or random, the parameters' names in
// other cases and others the routes do not take, pages at their limits.
func readsFamily(voc *vocabulary) family {
	routes := []string{"search", "define", "named-fuzzy", "named-exact", "autocomplete", "cards", "entry", "card", "rulings", "documents", "changes"}
	return family{
		name: "reads",
		knobs: []knob{{"route", len(routes) - 1}, {"bytes", 500}, {"words", 250}, {"source", 2}, {"case", 2},
			{"extra", 40}, {"limit", 100}, {"offset", 10000}, {"edition", 2}},
		build: func(v []int) request {
			rng := seeded(v)
			route, n, words, source, nameCase, extra, limit, offset, edition := routes[v[0]], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]
			text := voc.text(n, words, source, rng)
			q := url.Values{}
			name := func(s string) string {
				switch nameCase {
				case 1:
					return strings.ToUpper(s)
				case 2:
					return strings.ToUpper(s[:1]) + s[1:]
				}
				return s
			}
			set := func(k, val string) { q.Set(name(k), val) }
			if e := []string{"", "1e", "2e"}[edition]; e != "" {
				set("edition", e)
			}
			path := "/v1/" + route
			switch route {
			case "search":
				set("q", text)
				set("limit", fmt.Sprint(limit))
				set("offset", fmt.Sprint(offset))
			case "define":
				set("term", text)
			case "named-fuzzy":
				path = "/v1/cards/named"
				set("fuzzy", text)
			case "named-exact":
				path = "/v1/cards/named"
				set("exact", text)
			case "autocomplete":
				path = "/v1/cards/autocomplete"
				set("q", text)
			case "cards":
				set("q", text)
				set("type", text[:min(len(text), 40)])
				set("limit", fmt.Sprint(limit))
				set("offset", fmt.Sprint(offset))
			case "entry", "changes":
				id := voc.entryIDs[rng.IntN(len(voc.entryIDs))]
				if source == 2 {
					id = text
				}
				path = "/v1/entries/" + url.PathEscape(id)
				if route == "changes" {
					path += "/changes"
				}
			case "card", "rulings":
				id := voc.cardIDs[rng.IntN(len(voc.cardIDs))]
				if source == 2 {
					id = text
				}
				path = "/v1/cards/" + url.PathEscape(id)
				if route == "rulings" {
					path += "/rulings"
				}
			}
			for i := range extra {
				q.Set(fmt.Sprintf("utm_%d", i), text[:min(len(text), 20)])
			}
			return request{method: "GET", path: path + "?" + q.Encode(),
				label: fmt.Sprintf("GET %s, %d bytes of %d words (%s), names %s, %d unknown params", path[:min(len(path), 40)], len(text), words,
					[]string{"corpus", "misspelt", "random"}[source], []string{"as is", "upper", "capitalised"}[nameCase], extra)}
		},
	}
}

// boardKnobs are the knobs of a board: every list up to its limit, every
// text up to its own, names the vocabulary knows or not, and where the
// cards stand.
var boardKnobs = []knob{
	{"edition", 1}, {"personnel", rules.MaxBoardPersonnel}, {"ships", rules.MaxBoardShips}, {"missions", rules.MaxBoardMissions},
	{"facilities", rules.MaxBoardFacilities}, {"skills", rules.MaxPersonnelSkills}, {"icons", rules.MaxPersonnelIcons},
	{"characteristics", rules.MaxCharacteristics}, {"text", rules.MaxTextBytes}, {"unknown", 1}, {"staffing", rules.MaxStaffingIcons},
	{"requirement", rules.MaxRequirementBytes}, {"shape", 2}, {"gathered", 4}, {"yours", 2}, {"flat", 4}, {"allied", 1},
}

// The knobs that choose rather than count are turned so that their limit
// is the one that asks most of a board: gathered 4 is everyone but the
// first ship's crew given no place (at left out: Unknown wherever
// personnel are gathered by place, each asked about or set aside), 3
// everyone aboard the first ship (2 on the first mission, 1 spread over
// the missions, 0 over the ships); yours 2 is every card yours (1 every
// other, 0 the last half the opponent's); flat 4 is missions of span 0, which a ship crosses for
// nothing (flat f is span 4-f); allied 1 is every personnel of the first
// ship's affiliation (0 two affiliations by turns).

// boardSpec is a board's knobs read.
type boardSpec struct {
	first                                                 bool
	personnel, ships, missions, facilities, skills, icons int
	characteristics, text, staffing, requirement, shape   int
	unknown                                               bool
	placement, owners, flat                               int
	mixed                                                 bool // personnel of two affiliations, not all of the first ship's
}

func specOf(v []int) boardSpec {
	return boardSpec{first: v[0] == 0, personnel: v[1], ships: v[2], missions: max(1, v[3]), facilities: v[4], skills: v[5], icons: v[6],
		characteristics: v[7], text: max(8, v[8]), unknown: v[9] == 1, staffing: v[10], requirement: v[11], shape: v[12], placement: v[13], owners: v[14], flat: v[15], mixed: v[16] == 0}
}

type obj = map[string]any

func id(kind string, i, n int) string { return named(kind+"%04d", i, n) }

// named is padded(fmt.Sprintf(format, i), n), made once: a board names
// hundreds of cards, and the search builds thousands of boards of the same
// few lengths. The search builds one request at a time.
func named(format string, i, n int) string {
	k := nameKey{format, i, n}
	if s, ok := names[k]; ok {
		return s
	}
	s := padded(fmt.Sprintf(format, i), n)
	names[k] = s
	return s
}

type nameKey struct {
	format string
	i, n   int
}

var names = map[nameKey]string{}

func ids(kind string, from, to, n int) []string {
	out := []string{}
	for i := from; i < to; i++ {
		out = append(out, id(kind, i, n))
	}
	return out
}

// requirement is a requirement of n bytes: an "and" of skills and
// attributes (shape 0), one long "or" (1), or "or"s nested in an "and" (2),
// of names the vocabulary knows or not.
func (s boardSpec) requirementText(voc *vocabulary, rng *rand.Rand) string {
	if s.requirement == 0 {
		return ""
	}
	name := func(i int) string {
		if s.unknown {
			return fmt.Sprintf("Zq%dx", i)
		}
		return voc.skills[(i*7)%len(voc.skills)]
	}
	var b strings.Builder
	for i := 0; ; i++ {
		var part string
		switch s.shape {
		case 0:
			part = fmt.Sprintf("%d %s", 1+i%3, name(i))
			if i%5 == 4 {
				part = fmt.Sprintf("Integrity>%d", 10+i)
			}
			if i > 0 {
				part = ", " + part
			}
		case 1:
			part = name(i)
			if i > 0 {
				part = " OR " + part
			}
		default:
			part = fmt.Sprintf("(%s or %s)", name(i), name(i+1))
			if i > 0 {
				part = ", " + part
			}
		}
		if b.Len()+len(part) > s.requirement {
			return b.String()
		}
		b.WriteString(part)
	}
}

// board builds the board of a spec.
func (s boardSpec) board(voc *vocabulary, rng *rand.Rand) obj {
	n := s.text
	affs := []string{"federation", "klingon", "romulan", "bajoran", "cardassian", "ferengi", "dominion", "borg",
		"non-aligned", "starfleet", "maquis", "hirogen", "kazon", "vidiian", "neutral", "terran empire"}
	owner := func(i int) string {
		switch {
		case s.owners == 1 && i%2 == 1, s.owners == 0 && i >= s.personnel/2:
			return "opponent"
		}
		return "you"
	}
	word := func(prefix string, i int) string {
		if s.unknown {
			return named(prefix+"%d", i, rules.MaxWordBytes)
		}
		return prefix
	}
	var missions, ships, personnel, facilities []any
	req := s.requirementText(voc, rng)
	for i := range s.missions {
		typ := []string{"planet", "space"}[i%2]
		m := obj{"id": id("m", i, n), "title": named("Mission %d", i, n), "type": typ, "quadrant": "alpha",
			"span": 4 - s.flat, "points": 35, "affiliations": affs}
		if req != "" {
			m["requirements"] = req
		}
		if !s.first && i == 0 {
			m["type"] = "headquarters"
			m["play"] = []string{"federation", "klingon", "personnel", "ship", "equipment"}
			delete(m, "requirements")
			delete(m, "affiliations")
		}
		missions = append(missions, m)
	}
	for i := range s.ships {
		staffing := []string{}
		for k := range s.staffing {
			switch {
			case s.unknown && s.first:
				staffing = append(staffing, word("Zqxw", k))
			default:
				staffing = append(staffing, []string{"command", "staff"}[k%2])
			}
		}
		ships = append(ships, obj{"id": id("s", i, n), "owner": owner(i), "title": named("Ship %d", i, n),
			"affiliation": affs[i%2], "staffing": staffing, "range": 9, "weapons": 8, "shields": 8, "at": obj{"mission": id("m", i%s.missions, n)}})
	}
	if s.first {
		for i := range s.facilities {
			facilities = append(facilities, obj{"id": id("f", i, n), "owner": owner(i), "title": named("Outpost %d", i, n),
				"affiliations": affs, "kind": "outpost", "quadrant": "alpha", "shields": 20, "at": obj{"mission": id("m", i%s.missions, n)}})
		}
	}
	for i := range s.personnel {
		icons := []string{}
		for k := range s.icons {
			icons = append(icons, []string{"command", "staff", word("icon", k)}[min(k, 2)])
		}
		skills := []string{}
		for k := range s.skills {
			name := voc.skills[(i+k*13)%len(voc.skills)]
			if s.unknown {
				name = named("Zq%dx", (i+k)%40, rules.MaxSkillBytes-2)
			}
			skills = append(skills, fmt.Sprintf("%d %s", 1+k%3, name))
		}
		chars := []string{}
		for k := range s.characteristics {
			chars = append(chars, word(fmt.Sprintf("Characteristic%d", k), k))
		}
		species := voc.species[i%len(voc.species)]
		if s.unknown {
			species = "Ab, Cd, Ef, Gh, Ij, Kl, Mn, Op, Qr, St, Uv, Wx"
		}
		title := named("Personnel %d", i, n)
		// The first of them staff the first ship: yours, of its
		// affiliation, each titled with a word of its staffing line, so a
		// ship can move when its crew is aboard, and every other personnel
		// is checked against those words first.
		staffs := i < s.staffing
		if staffs && s.unknown {
			title = word("Zqxw", i)
		}
		personOwner := owner(i)
		if staffs {
			personOwner = "you"
		}
		var at obj
		switch s.placement {
		case 4:
			// Everyone but the first ship's crew is given no place.
			if staffs && s.ships > 0 {
				at = obj{"ship": id("s", 0, n)}
			} else if staffs {
				at = obj{"mission": id("m", 0, n)}
			}
		case 3:
			if s.ships > 0 {
				at = obj{"ship": id("s", 0, n)}
			} else {
				at = obj{"mission": id("m", 0, n)}
			}
		case 2:
			at = obj{"mission": id("m", 0, n)}
		case 1:
			at = obj{"mission": id("m", i%s.missions, n)}
		default:
			if s.ships > 0 {
				at = obj{"ship": id("s", i%s.ships, n)}
			} else {
				at = obj{"mission": id("m", i%s.missions, n)}
			}
		}
		aff := affs[0]
		if s.mixed && !staffs {
			aff = affs[i%2]
		}
		pe := obj{"id": id("p", i, n), "owner": personOwner, "title": title, "affiliation": aff,
			"icons": icons, "skills": skills, "characteristics": chars, "species": species,
			"integrity": 7, "cunning": 7, "strength": 6, "at": at}
		if at == nil {
			delete(pe, "at")
		}
		personnel = append(personnel, pe)
	}
	b := obj{"missions": orEmpty(missions), "ships": orEmpty(ships), "personnel": orEmpty(personnel)}
	if s.first {
		b["facilities"] = orEmpty(facilities)
	}
	return b
}

func orEmpty(xs []any) []any {
	if xs == nil {
		return []any{}
	}
	return xs
}

// paramsKnobs are the knobs of a question's params: its lists, its stack,
// its deck.
var paramsKnobs = []knob{{"list", rules.MaxListedCards}, {"stack", rules.MaxDilemmaStack}, {"deck", rules.MaxDeckLines}}

// params are a question's params over a board of spec.
func params(q rules.Question, s boardSpec, list, stack, deck int, voc *vocabulary) obj {
	n := s.text
	m0, s0 := id("m", 0, n), id("s", 0, n)
	listed := ids("p", 0, min(list, s.personnel), n)
	half := len(listed) / 2
	stackOf := func(resolve bool) []any {
		out := []any{}
		for i := range stack {
			d := obj{"title": named("Dilemma %d", i, n), "kind": []string{"planet", "space", "dual"}[i%3], "cost": i % 4}
			if resolve && i == stack-1 {
				d["stops"] = listed
			}
			out = append(out, d)
		}
		return out
	}
	lines := func(count int, kind string) []any {
		out := []any{}
		for i := range count {
			name := voc.names[(i*31)%len(voc.names)]
			if s.unknown {
				name = padded(fmt.Sprintf("Zq %s %d, Subtitle", kind, i), n)
			}
			out = append(out, obj{"title": name, "count": 1 + i%3})
		}
		return out
	}
	shipsOf := func(odd int) []string {
		out := []string{}
		for i := odd; i < s.ships; i += 2 {
			out = append(out, id("s", i, n))
		}
		return out
	}
	switch q {
	case rules.QuestionShipStaffed, rules.QuestionShipDamage:
		return obj{"ship": s0, "add": 1}
	case rules.QuestionShipMove:
		return obj{"ship": s0, "to": id("m", s.missions-1, n)}
	case rules.QuestionMissionAttempt:
		return obj{"mission": m0}
	case rules.QuestionMissionRequirements:
		return obj{"mission": id("m", min(1, s.missions-1), n), "personnel": listed}
	case rules.QuestionDilemmasStack:
		return obj{"mission": m0, "attempting": max(1, list), "stack": stackOf(false)}
	case rules.QuestionCombat, rules.QuestionBattlePersonnel:
		return obj{"mission": m0, "you": listed[:half], "opponent": listed[half:]}
	case rules.QuestionEngagement:
		return obj{"mission": m0, "you": shipsOf(0), "opponent": shipsOf(1)}
	case rules.QuestionGameWinner:
		players := []any{}
		for i := range min(rules.MaxPlayers, max(1, list)) {
			players = append(players, obj{"name": named("player %d", i, n), "score": 100, "planet": true, "space": true})
		}
		return obj{"players": players, "decksEmpty": true}
	case rules.QuestionDeckValidate:
		p := obj{"missions": lines(min(deck, rules.MaxSeedLines), "Mission"), "dilemmas": lines(min(deck, rules.MaxSeedLines), "Dilemma"), "deck": lines(deck, "Card")}
		if s.first {
			p["seeds"] = lines(min(deck, rules.MaxSeedLines), "Seed")
		}
		return p
	case rules.QuestionCardPlay:
		commanded := []string{}
		for i := range list {
			commanded = append(commanded, named("Commanded %d, Sub", i, n))
		}
		return obj{"card": obj{"title": "Commanded 0", "type": "personnel", "cost": 3, "unique": true}, "commanded": commanded, "at": m0}
	case rules.QuestionBattleShip:
		return obj{"attackers": shipsOf(0), "target": id("s", 1, n)}
	case rules.QuestionBattleInitiate:
		return obj{"attackers": listed[:half], "defenders": listed[half:]}
	case rules.QuestionRequirementCheck:
		return obj{"requirement": s.requirementText(voc, nil), "personnel": listed}
	case rules.QuestionPersonnelBeam:
		return obj{"personnel": listed, "to": m0}
	case rules.QuestionMissionResolve:
		return obj{"mission": m0, "stack": stackOf(true)}
	}
	return obj{}
}

// adjudication is the request of a question on a board.
func adjudication(q rules.Question, s boardSpec, p obj, voc *vocabulary, rng *rand.Rand) obj {
	edition := "2e"
	if s.first {
		edition = "1e"
	}
	return obj{"edition": edition, "question": string(q), "board": s.board(voc, rng), "params": p}
}

// Every question of the contract on boards up to every limit.
func adjudicationStarts(voc *vocabulary) start {
	questions := slices.DeleteFunc(rules.Questions(), func(q rules.Question) bool { return q == rules.QuestionTurnReplay })
	knobs := append(append([]knob{{"question", len(questions) - 1}}, boardKnobs...), paramsKnobs...)
	f := family{name: "adjudicate", knobs: knobs, build: func(v []int) request {
		rng := seeded(v)
		q, s := questions[v[0]], specOf(v[1:])
		pv := v[1+len(boardKnobs):]
		body, _ := json.Marshal(adjudication(q, s, params(q, s, pv[0], pv[1], pv[2], voc), voc, rng))
		return request{method: "POST", path: "/v1/adjudicate", body: body,
			label: fmt.Sprintf("%s %s, %d personnel, %d ships, %d missions, %s names, requirement %d bytes (%s)", q, editionOf(s), s.personnel, s.ships, s.missions,
				knownOrNot(s), s.requirement, []string{"and", "or", "nested"}[s.shape])}
	}}
	// Each question from its corner of every limit, in both editions.
	var starts [][]int
	for qi := range questions {
		for _, ed := range []int{0, 1} {
			v := make([]int, len(knobs))
			for i, k := range knobs {
				v[i] = k.max
			}
			v[0], v[1] = qi, ed
			starts = append(starts, v)
		}
	}
	return start{family: f, starts: starts, randoms: 4, rounds: 1}
}

func editionOf(s boardSpec) string {
	if s.first {
		return "1E"
	}
	return "2E"
}

func knownOrNot(s boardSpec) string {
	if s.unknown {
		return "unknown"
	}
	return "known"
}

// A turn of every kind of action up to its limits.
func turnStarts(voc *vocabulary) start {
	kinds := []string{"ship.move", "personnel.beam", "card.play", "mission.resolve", "mixed"}
	knobs := append(append([]knob{{"actions", rules.MaxReplayActions}, {"kind", len(kinds) - 1}, {"each", rules.MaxListedCards}}, boardKnobs...), knob{"stack", 8})
	f := family{name: "turn", knobs: knobs, build: func(v []int) request {
		rng := seeded(v)
		count, kind, each := v[0], kinds[v[1]], v[2]
		s := specOf(v[3 : 3+len(boardKnobs)])
		stack := v[3+len(boardKnobs)]
		n := s.text
		// What the turn names in all stays within MaxTurnListed.
		each = min(each, s.personnel, rules.MaxTurnListed/max(1, count))
		var actions []any
		for i := range count {
			k := kind
			if k == "mixed" {
				k = kinds[i%4]
			}
			var p obj
			switch k {
			case "ship.move":
				p = obj{"ship": id("s", 0, n), "to": id("m", (i+1)%s.missions, n)}
			case "personnel.beam":
				to := id("s", 0, n)
				if i%2 == 0 || s.ships == 0 {
					to = id("m", 0, n)
				}
				p = obj{"personnel": ids("p", 0, each, n), "to": to}
			case "card.play":
				p = obj{"card": obj{"title": named("Played %d", i, n), "type": "event", "cost": 0}}
			default:
				st := []any{}
				for d := range stack {
					st = append(st, obj{"title": named("Dilemma %d", d, n), "kind": "planet", "cost": 0})
				}
				p = obj{"mission": id("m", i%s.missions, n), "stack": st}
			}
			actions = append(actions, obj{"question": k, "params": p})
		}
		body, _ := json.Marshal(adjudication(rules.QuestionTurnReplay, s, obj{"actions": orEmpty(actions)}, voc, rng))
		return request{method: "POST", path: "/v1/adjudicate", body: body,
			label: fmt.Sprintf("turn.replay %s of %d %s, %d personnel (%d an action), %d ships, staffing %d %s names, requirement %d bytes", editionOf(s), count, kind,
				s.personnel, each, s.ships, s.staffing, knownOrNot(s), s.requirement)}
	}}
	var starts [][]int
	for k := range kinds {
		for _, ed := range []int{0, 1} {
			v := make([]int, len(knobs))
			for i, kn := range knobs {
				v[i] = kn.max
			}
			v[1], v[3] = k, ed
			starts = append(starts, v)
		}
	}
	return start{family: f, starts: starts, randoms: 4, rounds: 2}
}

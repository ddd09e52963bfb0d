package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The board as the adjudicate page builds it without JSON: the objects on
// it listed with a button to remove each, the statistics a question needs
// that a card's data lacks asked for beside the card, and pickers that fill
// each param of the question from the board's objects.

// A boardItem is one object on the board as the builder lists it.
type boardItem struct {
	Kind   string // mission, ship, personnel or facility
	ID     string
	Name   string // the card's name, the title given, else the id
	CardID string
	Owner  string // "yours" or "your opponent's"
	Where  string // "at Earth", "aboard U.S.S. Galaxy"
	// Remove is the value of its remove button: kind and id.
	Remove string
	// Given are the statistics the board gives it inline, in words.
	Given []string
	// Asks are the statistics the question reads that neither its card's
	// data nor the board gives, each with its input.
	Asks []statField
	// Error is what the adjudicator said is wrong with it.
	Error string
	// Anchor is its element id on the page.
	Anchor string
}

// A statField is one statistic asked of a board object.
type statField struct {
	Field, Label, Input, Help string
	// Name is the form field it is sent as: stat.KIND.ID.FIELD.
	Name    string
	Value   string
	Command string // staffing: how many Command icons
	Staff   string // staffing: how many Staff icons
	Icons   map[string]bool
	Error   string
}

// statFieldName is the form field of an object's statistic.
func statFieldName(kind, id, field string) string { return "stat." + kind + "." + id + "." + field }

// boardObject is what the builder reads of any object on the board.
type boardObject struct {
	kind, id, owner, card, title string
	at                           *rules.Location
	given                        map[string]string // statistic -> in words
}

// objectsOf lists the board's objects in the order the board lists them:
// missions, ships, personnel, facilities.
func objectsOf(b *rules.Board) []boardObject {
	var out []boardObject
	for _, m := range b.Missions {
		g := map[string]string{}
		setInt(g, "span", m.Span)
		setInt(g, "points", m.Points)
		setStr(g, "requirements", m.Requirements)
		setStr(g, "missionType", gameWord(m.Type))
		out = append(out, boardObject{kind: "mission", id: m.ID, owner: m.Owner, card: m.Card, title: m.Title, given: g})
	}
	for _, s := range b.Ships {
		g := map[string]string{}
		setStr(g, "staffing", iconList(s.Staffing))
		setInt(g, "range", s.Range)
		setInt(g, "weapons", s.Weapons)
		setInt(g, "shields", s.Shields)
		out = append(out, boardObject{kind: "ship", id: s.ID, owner: s.Owner, card: s.Card, title: s.Title, at: s.At, given: g})
	}
	for _, p := range b.Personnel {
		g := map[string]string{}
		setStr(g, "icons", iconList(p.Icons))
		setStr(g, "skills", strings.Join(p.Skills, ", "))
		setInt(g, "integrity", p.Integrity)
		setInt(g, "cunning", p.Cunning)
		setInt(g, "strength", p.Strength)
		out = append(out, boardObject{kind: "personnel", id: p.ID, owner: p.Owner, card: p.Card, title: p.Title, at: p.At, given: g})
	}
	for _, f := range b.Facilities {
		g := map[string]string{}
		setInt(g, "shields", f.Shields)
		out = append(out, boardObject{kind: "facility", id: f.ID, owner: f.Owner, card: f.Card, title: f.Title, at: f.At, given: g})
	}
	return out
}

func setInt(g map[string]string, k string, v *int) {
	if v != nil {
		g[k] = strconv.Itoa(*v)
	}
}

func setStr(g map[string]string, k, v string) {
	if v != "" {
		g[k] = v
	}
}

func iconList(icons []string) string {
	words := make([]string, len(icons))
	for i, ic := range icons {
		words[i] = iconWord(ic)
	}
	return strings.Join(words, ", ")
}

// boardCards finds the cards a board's objects name, by id or by exact
// name in the edition, once each.
type boardCards struct {
	ctx     context.Context
	cards   rules.CardService
	edition rules.Edition
	found   map[string]*rules.Card
}

func (bc *boardCards) card(ref string) *rules.Card {
	if ref == "" || bc.cards == nil {
		return nil
	}
	if c, ok := bc.found[ref]; ok {
		return c
	}
	c, err := bc.cards.Card(bc.ctx, ref)
	if err != nil || c.Edition != string(bc.edition) {
		c, err = bc.cards.CardNamed(bc.ctx, ref, false, bc.edition)
	}
	if err != nil {
		c = nil
	}
	bc.found[ref] = c
	return c
}

// names maps every id on the board to what the page calls the object: its
// card's name, or its title, or the id itself.
func (bc *boardCards) names(objs []boardObject) map[string]string {
	out := map[string]string{}
	for _, o := range objs {
		out[o.id] = bc.nameOf(o)
	}
	return out
}

func (bc *boardCards) nameOf(o boardObject) string {
	if c := bc.card(o.card); c != nil {
		return c.Name()
	}
	if o.title != "" {
		return o.title
	}
	if o.card != "" {
		return o.card
	}
	return o.id
}

// boardItems lists the board for the builder: each object with what it is,
// whose, where, the statistics given inline, and those the question needs
// that its card's data lacks (asks; needs adds what the adjudicator said
// it needs, by object id). form holds what was typed into the statistics'
// fields; errs the mistakes found in them, by form field.
func boardItems(bc *boardCards, b *rules.Board, question string, needs map[string][]string, form url.Values, errs map[string]string) []boardItem {
	objs := objectsOf(b)
	names := bc.names(objs)
	spec := questionSpecs[question]
	var out []boardItem
	for _, o := range objs {
		it := boardItem{Kind: o.kind, ID: o.id, Name: names[o.id], Owner: ownerWords(o.owner), Remove: o.kind + ":" + o.id,
			Anchor: "on-" + o.kind + "-" + rules.Slug(o.id)}
		card := bc.card(o.card)
		if card != nil {
			it.CardID = card.ID
		}
		it.Where = whereWords(o.at, names)
		for _, f := range statOrder {
			if v, ok := o.given[f]; ok {
				it.Given = append(it.Given, statSpecs[f].Label+": "+v)
			}
		}
		asked := slices.Clone(spec.Needs[o.kind])
		for _, f := range needs[o.id] {
			if !slices.Contains(asked, f) {
				asked = append(asked, f)
			}
		}
		for _, f := range statOrder {
			if !slices.Contains(asked, f) {
				continue
			}
			if _, ok := o.given[f]; ok || !lacks(card, o.kind, f, o.card == "") {
				continue
			}
			it.Asks = append(it.Asks, newStatField(o.kind, o.id, f, form, errs))
		}
		out = append(out, it)
	}
	return out
}

func newStatField(kind, id, field string, form url.Values, errs map[string]string) statField {
	sp := statSpecs[field]
	name := statFieldName(kind, id, field)
	sf := statField{Field: field, Label: sp.Label, Input: sp.Input, Help: sp.Help, Name: name, Error: errs[name]}
	sf.Value = form.Get(name)
	sf.Command, sf.Staff = form.Get(name+".command"), form.Get(name+".staff")
	sf.Icons = map[string]bool{}
	for _, v := range form[name] {
		sf.Icons[v] = true
	}
	return sf
}

// lacks says whether a statistic is unknown for an object: its card's data
// does not give it (rules.Card.LacksStat; the card is nil when none is named
// or found; inline says the object names no card, so all it has is given
// inline).
func lacks(card *rules.Card, kind, field string, inline bool) bool {
	if card == nil {
		return !inline
	}
	return card.LacksStat(field)
}

// whereWords says where an object stands, naming what it stands at.
func whereWords(at *rules.Location, names map[string]string) string {
	switch {
	case at == nil:
		return ""
	case at.Mission != "":
		return "at " + nameOr(names, at.Mission)
	case at.Ship != "":
		return "aboard " + nameOr(names, at.Ship)
	case at.Facility != "":
		return "aboard " + nameOr(names, at.Facility)
	case at.Brig == "opponent":
		return "in your opponent's brig"
	case at.Brig != "":
		return "in your brig"
	}
	return ""
}

func nameOr(names map[string]string, id string) string {
	if n := names[id]; n != "" && n != id {
		return n
	}
	return id
}

// applyStats writes the statistics typed beside the board's objects into
// the board, inline, where they override the card's. A value that cannot
// be read is left out and said, by form field.
func applyStats(b *rules.Board, form url.Values) map[string]string {
	errs := map[string]string{}
	num := func(name string) (*int, bool) {
		raw := strings.TrimSpace(form.Get(name))
		if raw == "" {
			return nil, true
		}
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n > 99 {
			errs[name] = "Give a whole number from 0 to 99."
			return nil, false
		}
		return &n, true
	}
	setNum := func(dst **int, kind, id, field string) {
		if n, ok := num(statFieldName(kind, id, field)); ok && n != nil {
			*dst = n
		}
	}
	text := func(kind, id, field string) string {
		v := strings.TrimSpace(form.Get(statFieldName(kind, id, field)))
		if len(v) > rules.MaxRequirementBytes {
			errs[statFieldName(kind, id, field)] = fmt.Sprintf("Keep it under %d characters.", rules.MaxRequirementBytes)
			return ""
		}
		return v
	}
	for i := range b.Missions {
		m := &b.Missions[i]
		setNum(&m.Span, "mission", m.ID, "span")
		setNum(&m.Points, "mission", m.ID, "points")
		if v := text("mission", m.ID, "requirements"); v != "" {
			m.Requirements = v
		}
		if v := text("mission", m.ID, "missionType"); v != "" {
			m.Type = v
		}
	}
	for i := range b.Ships {
		s := &b.Ships[i]
		setNum(&s.Range, "ship", s.ID, "range")
		setNum(&s.Weapons, "ship", s.ID, "weapons")
		setNum(&s.Shields, "ship", s.ID, "shields")
		name := statFieldName("ship", s.ID, "staffing")
		cmd, ok1 := num(name + ".command")
		staff, ok2 := num(name + ".staff")
		if ok1 && ok2 && (cmd != nil || staff != nil) {
			var icons []string
			for range deref(cmd) {
				icons = append(icons, "command")
			}
			for range deref(staff) {
				icons = append(icons, "staff")
			}
			if len(icons) > rules.MaxStaffingIcons {
				errs[name+".command"] = fmt.Sprintf("A ship needs at most %d icons.", rules.MaxStaffingIcons)
			} else if len(icons) > 0 {
				s.Staffing = icons
			}
		}
	}
	for i := range b.Personnel {
		p := &b.Personnel[i]
		if icons := form[statFieldName("personnel", p.ID, "icons")]; len(icons) > 0 {
			var kept []string
			for _, ic := range icons {
				if ic == "command" || ic == "staff" {
					kept = append(kept, ic)
				}
			}
			if len(kept) > 0 {
				p.Icons = kept
			}
		}
		if v := text("personnel", p.ID, "skills"); v != "" {
			var skills []string
			for _, s := range strings.Split(v, ",") {
				if s = strings.TrimSpace(s); s != "" {
					skills = append(skills, s)
				}
			}
			if len(skills) > rules.MaxPersonnelSkills {
				errs[statFieldName("personnel", p.ID, "skills")] = fmt.Sprintf("A personnel has at most %d skills.", rules.MaxPersonnelSkills)
			} else {
				p.Skills = skills
			}
		}
		setNum(&p.Integrity, "personnel", p.ID, "integrity")
		setNum(&p.Cunning, "personnel", p.ID, "cunning")
		setNum(&p.Strength, "personnel", p.ID, "strength")
	}
	return errs
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// removeObject takes an object off the board ("kind:id"); what stood on or
// aboard it is left where the board has nothing (its at dropped), and the
// sentence returned says so.
func removeObject(b *rules.Board, which string, names map[string]string) (string, bool) {
	kind, id, _ := strings.Cut(which, ":")
	removed := false
	switch kind {
	case "mission":
		b.Missions = slices.DeleteFunc(b.Missions, func(m rules.BoardMission) bool { removed = removed || m.ID == id; return m.ID == id })
	case "ship":
		b.Ships = slices.DeleteFunc(b.Ships, func(s rules.BoardShip) bool { removed = removed || s.ID == id; return s.ID == id })
	case "personnel":
		b.Personnel = slices.DeleteFunc(b.Personnel, func(p rules.BoardPersonnel) bool { removed = removed || p.ID == id; return p.ID == id })
	case "facility":
		b.Facilities = slices.DeleteFunc(b.Facilities, func(f rules.BoardFacility) bool { removed = removed || f.ID == id; return f.ID == id })
	}
	if !removed {
		return "", false
	}
	left := 0
	clear := func(at **rules.Location) {
		if l := *at; l != nil && (l.Mission == id || l.Ship == id || l.Facility == id) {
			*at = nil
			left++
		}
	}
	for i := range b.Ships {
		clear(&b.Ships[i].At)
	}
	for i := range b.Personnel {
		clear(&b.Personnel[i].At)
	}
	for i := range b.Facilities {
		clear(&b.Facilities[i].At)
	}
	msg := "Removed " + nameOr(names, id) + " from the board."
	switch left {
	case 0:
	case 1:
		msg += " The card that stood there is now nowhere: place it again or remove it."
	default:
		msg += fmt.Sprintf(" The %d cards that stood there are now nowhere: place them again or remove them.", left)
	}
	return msg, true
}

// A picker is one param of a question as the page fills it from the board.
type picker struct {
	paramSpec
	// Field is its form field: p.QUESTION.PARAM.
	Field string
	// Options are the board's objects it may name; Multi pickers take
	// several.
	Options []pickOption
	Multi   bool
	Value   string
	Error   string
}

type pickOption struct {
	Value, Label string
	Selected     bool
}

// A pickerGroup is the pickers of one question.
type pickerGroup struct {
	Question, Label string
	Current         bool
	Pickers         []picker
	JSONParams      string
}

func pickerField(question, param string) string { return "p." + question + "." + param }

// pickerGroups builds the pickers of every question from the board's
// objects (and the cards a turn's actions put on it, extra), each set
// from what the form sent, else from the params given. Every question's
// are built, so the page can change the question without asking the
// server; the current one's are shown.
func pickerGroups(objs []boardObject, names map[string]string, extra []boardObject, current string, form url.Values, params map[string]any, errs map[string]string) []pickerGroup {
	all := append(slices.Clone(objs), extra...)
	var out []pickerGroup
	for _, q := range questions {
		spec := questionSpecs[q.Name]
		g := pickerGroup{Question: q.Name, Label: q.Label, Current: q.Name == current, JSONParams: spec.JSONParams}
		for _, ps := range spec.Params {
			pk := picker{paramSpec: ps, Field: pickerField(q.Name, ps.Name)}
			sent, wasSent := form[pk.Field]
			if q.Name == current && (!wasSent || strings.Join(sent, "") == "") {
				sent = paramStrings(params[ps.Name])
			}
			pk.Value = strings.Join(sent, ", ")
			kinds := map[string][]string{
				"ship": {"ship"}, "ships": {"ship"}, "mission": {"mission"}, "personnel": {"personnel"},
				"personnelList": {"personnel"}, "place": {"mission", "ship", "facility"}, "objects": {"ship", "personnel"},
			}[ps.Pick]
			pk.Multi = ps.Pick == "ships" || ps.Pick == "personnelList" || ps.Pick == "objects"
			// A param the question needs, of which the board holds one
			// candidate, is that one until another is picked.
			if strings.Join(sent, "") == "" && !ps.Optional && !pk.Multi {
				if only := onlyOf(all, kinds); only != "" {
					sent = []string{only}
				}
			}
			for _, o := range all {
				if !slices.Contains(kinds, o.kind) {
					continue
				}
				label := nameOr(names, o.id)
				if label != o.id {
					label += " (" + o.id + ")"
				}
				if o.owner == "opponent" {
					label += ", your opponent's"
				}
				pk.Options = append(pk.Options, pickOption{Value: o.id, Label: label, Selected: slices.Contains(sent, o.id)})
			}
			if q.Name == current {
				pk.Error = errs[ps.Name]
			}
			g.Pickers = append(g.Pickers, pk)
		}
		out = append(out, g)
	}
	return out
}

// paramStrings reads a param given in JSON as the strings a picker holds.
func paramStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case float64:
		return []string{strconv.FormatFloat(x, 'f', -1, 64)}
	case bool:
		if x {
			return []string{"true"}
		}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// paramsFromPickers writes the current question's params from its pickers
// over those of the params' JSON (which keeps what no picker gives: a
// stack, a deck list). A picker left empty leaves its param out; an
// optional one may be. Mistakes are by param name.
func paramsFromPickers(question string, form url.Values, params map[string]any) (map[string]any, map[string]string) {
	errs := map[string]string{}
	if params == nil {
		params = map[string]any{}
	}
	for _, ps := range questionSpecs[question].Params {
		field := pickerField(question, ps.Name)
		vals, sent := form[field]
		if !sent {
			if _, given := params[ps.Name]; !given && !ps.Optional {
				errs[ps.Name] = "Pick the " + strings.ToLower(ps.Label) + "."
			}
			continue
		}
		var kept []string
		for _, v := range vals {
			if v = strings.TrimSpace(v); v != "" {
				kept = append(kept, v)
			}
		}
		if len(kept) == 0 {
			delete(params, ps.Name)
			if !ps.Optional {
				errs[ps.Name] = "Pick the " + strings.ToLower(ps.Label) + "."
			}
			continue
		}
		switch ps.Pick {
		case "ships", "personnelList", "objects":
			if len(kept) > rules.MaxListedCards {
				errs[ps.Name] = fmt.Sprintf("Pick at most %d.", rules.MaxListedCards)
				continue
			}
			params[ps.Name] = kept
		case "number":
			n, err := strconv.Atoi(kept[0])
			if err != nil || n < -99 || n > 999 {
				errs[ps.Name] = "Give a whole number."
				continue
			}
			params[ps.Name] = n
		case "bool":
			params[ps.Name] = kept[0] == "true"
		default:
			if len(kept[0]) > rules.MaxRequirementBytes {
				errs[ps.Name] = fmt.Sprintf("Keep it under %d characters.", rules.MaxRequirementBytes)
				continue
			}
			params[ps.Name] = kept[0]
		}
	}
	return params, errs
}

// turnPlayed are the cards a turn's actions play onto the board under an
// id of their own, so the pickers of later actions may name them.
func turnPlayed(bc *boardCards, params map[string]any) []boardObject {
	actions, _ := params["actions"].([]any)
	var out []boardObject
	for _, a := range actions {
		am, _ := a.(map[string]any)
		p, _ := am["params"].(map[string]any)
		if am["question"] != "card.play" || p == nil {
			continue
		}
		id, _ := p["id"].(string)
		if id == "" {
			continue
		}
		o := boardObject{kind: "personnel", id: id}
		switch card := p["card"].(type) {
		case string:
			o.card = card
			if c := bc.card(card); c != nil && kindOfCard(c.Type) != "" {
				o.kind = kindOfCard(c.Type)
			}
		case map[string]any: // a card played inline
			o.title, _ = card["title"].(string)
			if sub, _ := card["subtitle"].(string); sub != "" {
				o.title += ", " + sub
			}
			if t, _ := card["type"].(string); kindOfCard(t) != "" {
				o.kind = kindOfCard(t)
			}
		}
		out = append(out, o)
	}
	return out
}

// fieldAt reads where the adjudicator's error points: a board object
// ("board.personnel[2].icons" is the third personnel, its icons) or a
// param ("params.ship").
var boardPath = regexp.MustCompile(`^board\.(missions|ships|personnel|facilities)\[(\d+)\](?:\.([A-Za-z]+))?`)

func fieldAt(field string, b *rules.Board) (objectID, stat, param string) {
	if m := boardPath.FindStringSubmatch(field); m != nil {
		i, _ := strconv.Atoi(m[2])
		var ids []string
		switch m[1] {
		case "missions":
			for _, x := range b.Missions {
				ids = append(ids, x.ID)
			}
		case "ships":
			for _, x := range b.Ships {
				ids = append(ids, x.ID)
			}
		case "personnel":
			for _, x := range b.Personnel {
				ids = append(ids, x.ID)
			}
		case "facilities":
			for _, x := range b.Facilities {
				ids = append(ids, x.ID)
			}
		}
		if i < len(ids) {
			return ids[i], m[3], ""
		}
		return "", "", ""
	}
	if p, ok := strings.CutPrefix(field, "params."); ok {
		p, _, _ = strings.Cut(p, ".")
		p, _, _ = strings.Cut(p, "[")
		return "", "", p
	}
	return "", "", ""
}

// paramsMap reads the params' JSON as an object; nil when there is none.
func paramsMap(s string) (map[string]any, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, err
	}
	return m, nil
}

// onlyOf is the id of the one object of the kinds on the board, or "".
func onlyOf(objs []boardObject, kinds []string) string {
	id := ""
	for _, o := range objs {
		if slices.Contains(kinds, o.kind) {
			if id != "" {
				return ""
			}
			id = o.id
		}
	}
	return id
}

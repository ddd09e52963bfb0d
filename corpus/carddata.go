package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The card data files hold one JSON document each: sets, and in each set its
// cards keyed by blueprint id ("1_394" = set 1, card 394; "101_012" = set
// 101, card 12). The values vary in shape from card to card: a list may be
// a comma-separated string or a JSON array, a skill box a string
// ("[*] 2 Diplomacy [*] Honor", "Navigation x2 [DL] Medical Kit") or an
// object. parseCardData takes each shape it meets; what it cannot place is a
// Warning.

type cardDataFile struct {
	Source   string        `json:"source"`
	GameType string        `json:"gameType"`
	Sets     []cardDataSet `json:"sets"`
}

type cardDataSet struct {
	SetID   string                       `json:"setId"`
	SetName string                       `json:"setName"`
	Cards   []map[string]json.RawMessage `json:"cards"`
}

// cardDataIgnored are the data fields that hold no printed statistic: the
// game server's own logic (filters, modifiers) and the source's notes.
var cardDataIgnored = map[string]bool{
	"blueprintId": true, "nullifyWith": true, "property-logo": true, "gender": true,
	"homeworld": true, "countdown": true, "extended-shields-percentage": true,
}

// parseCardData reads one card data file of the manifest. Malformed JSON is
// an error; a card or field that cannot be read is a Warning.
func parseCardData(m ManifestCards, raw []byte) ([]*rules.Card, []Warning, error) {
	var f cardDataFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&f); err != nil {
		return nil, nil, fmt.Errorf("decode card data: %w", err)
	}
	var (
		cards   []*rules.Card
		warns   []Warning
		seen    = map[string]bool{}
		unknown = map[string]int{}
	)
	warn := func(format string, args ...any) {
		warns = append(warns, Warning{DocumentID: m.File, Message: fmt.Sprintf(format, args...)})
	}
	for _, s := range f.Sets {
		for _, fields := range s.Cards {
			c, problems, err := cardFromData(m, s, fields, unknown)
			if err != nil {
				warn("%v", err)
				continue
			}
			for _, p := range problems {
				warn("card %s: %s", c.ID, p)
			}
			if seen[c.ID] {
				warn("card %s is listed twice; the first stands", c.ID)
				continue
			}
			seen[c.ID] = true
			cards = append(cards, c)
		}
	}
	keys := make([]string, 0, len(unknown))
	for k := range unknown {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		warn("field %q (on %d cards) is not read", k, unknown[k])
	}
	return cards, warns, nil
}

// cardFromData builds one card from its data fields.
func cardFromData(m ManifestCards, s cardDataSet, fields map[string]json.RawMessage, unknown map[string]int) (*rules.Card, []string, error) {
	var problems []string
	str := func(key string) string {
		raw, ok := fields[key]
		if !ok {
			return ""
		}
		v, err := cardDataText(raw)
		if err != nil {
			problems = append(problems, fmt.Sprintf("field %q: %v", key, err))
		}
		return v
	}
	list := func(key string) []string {
		raw, ok := fields[key]
		if !ok {
			return nil
		}
		v, err := cardDataList(raw)
		if err != nil {
			problems = append(problems, fmt.Sprintf("field %q: %v", key, err))
		}
		return v
	}
	num := func(key string) *int {
		raw, ok := fields[key]
		if !ok {
			return nil
		}
		v, err := cardDataInt(raw)
		if err != nil {
			problems = append(problems, fmt.Sprintf("field %q: %v", key, err))
			return nil
		}
		return &v
	}
	flag := func(key string) bool {
		var b bool
		if raw, ok := fields[key]; ok {
			if err := json.Unmarshal(raw, &b); err != nil {
				problems = append(problems, fmt.Sprintf("field %q: not true or false", key))
			}
		}
		return b
	}

	bp := str("blueprintId")
	set, number, ok := cardBlueprint(bp)
	if !ok {
		return nil, nil, fmt.Errorf("card %q of set %s: blueprint id is not set_number", bp, s.SetID)
	}
	c := &rules.Card{
		ID:      cardID(m.Edition, set, number),
		Edition: m.Edition,
		Set:     set,
		SetName: s.SetName,
		Number:  number,
		Title:   str("title"),
	}
	if c.Title == "" {
		return nil, nil, fmt.Errorf("card %s has no title", bp)
	}
	c.Subtitle = str("subtitle")
	c.Type = strings.ToLower(str("type"))
	c.Unique = uniqueness(m.Edition, c.Type, str("uniqueness"))
	c.Affiliation = strings.Join(lowerAll(list("affiliation")), "/")
	c.MissionType = strings.ToLower(str("mission-type"))
	c.Quadrant = strings.ToLower(str("quadrant"))
	c.Region = str("region")
	c.Location = str("location")
	c.Span = num("span")
	c.Points = num("point-box")
	c.Requirements = str("mission-requirements")
	c.Affiliations = lowerAll(list("affiliation-icons"))
	c.Icons = lowerAll(list("icons"))
	c.Staffing = lowerAll(list("staffing"))
	c.Keywords = list("keywords")
	c.Characteristics = list("characteristic")
	c.Integrity = num("integrity")
	c.Cunning = num("cunning")
	c.Strength = num("strength")
	c.Cost = num("cost")
	c.Range = num("range")
	c.Weapons = num("weapons")
	c.Shields = num("shields")
	c.Species = strings.Join(lowerAll(list("species")), ", ")
	c.Class = str("ship-class")
	c.Lore = str("lore")
	c.ImageURL = str("image-url")
	c.Rarity = strings.ToUpper(str("rarity"))
	c.Classification = str("classification")
	c.Persona = str("persona")
	c.FacilityType = strings.ToLower(str("facility-type"))
	c.Play = lowerAll(list("playable"))
	if hq := str("headquarters"); hq != "" && c.Affiliation == "" {
		c.Affiliation = strings.ToLower(hq) // the affiliation whose headquarters it is
	}
	if flag("anyCanAttempt") {
		c.AnyMayAttempt = true
	}
	if flag("anyExceptBorgCanAttempt") {
		c.AnyMayAttempt = true
		c.AttemptExcept = []string{"borg"}
	}

	var text []string
	if gt := list("gametext"); len(gt) > 0 {
		text = append(text, strings.Join(gt, ", "))
	}
	if raw, ok := fields["restriction-box"]; ok {
		var rb struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(raw, &rb); err != nil || rb.Text == "" {
			problems = append(problems, `field "restriction-box": no text`)
		} else {
			text = append(text, rb.Text)
		}
	}
	c.GameText = strings.Join(text, "\n\n")

	if raw, ok := fields["skill-box"]; ok {
		skills, special, err := cardDataSkillBox(raw)
		if err != nil {
			problems = append(problems, fmt.Sprintf("field \"skill-box\": %v", err))
		}
		c.Skills, c.SpecialSkills = skills, special
	}
	if c.Classification != "" && !hasSkill(c.Skills, c.Classification) {
		// A 1E personnel's classification is the first skill of its box.
		c.Skills = append([]rules.Skill{{Name: c.Classification, Level: 1}}, c.Skills...)
	}
	if c.Edition == rules.Edition2E && c.Type == "mission" && c.Subtitle != "" {
		// A 2E mission is printed as "location, mission name".
		c.Location, c.MissionName = c.Title, c.Subtitle
	}
	c.Sources = []string{m.File}

	for k := range fields {
		if !cardDataKnown[k] && !cardDataIgnored[k] {
			unknown[k]++
		}
	}
	return c, problems, nil
}

// uniqueness reads a card's "uniqueness" field, or nil when neither it nor
// the rules say. The 1E data marks only universal cards; the 1E rulebook
// makes personnel and ships unique unless universal ("You may have only one
// copy of each unique personnel in play ... any number of copies of a
// universal personnel"; the same of ships), and missions without the
// universal symbol "are not duplicatable". The 2E data marks its unique
// cards, and a 2E card without the dot is not unique.
func uniqueness(edition, typ, field string) *bool {
	switch {
	case strings.EqualFold(field, "unique"):
		return rules.BoolPtr(true)
	case strings.EqualFold(field, "universal"):
		return rules.BoolPtr(false)
	case field != "":
		return nil
	case edition == rules.Edition2E:
		return rules.BoolPtr(false)
	case edition == rules.Edition1E && (typ == "personnel" || typ == "ship" || typ == "mission"):
		return rules.BoolPtr(true)
	}
	return nil
}

// cardDataKnown are the fields cardFromData reads.
var cardDataKnown = map[string]bool{
	"title": true, "subtitle": true, "uniqueness": true, "type": true, "affiliation": true,
	"mission-type": true, "quadrant": true, "region": true, "location": true, "span": true,
	"point-box": true, "mission-requirements": true, "affiliation-icons": true, "icons": true,
	"staffing": true, "keywords": true, "characteristic": true, "integrity": true, "cunning": true,
	"strength": true, "cost": true, "range": true, "weapons": true, "shields": true, "species": true,
	"ship-class": true, "lore": true, "image-url": true, "rarity": true, "classification": true,
	"persona": true, "facility-type": true, "playable": true, "headquarters": true, "anyCanAttempt": true,
	"anyExceptBorgCanAttempt": true, "gametext": true, "restriction-box": true, "skill-box": true,
}

// cardID is a card's id: edition, set and number joined by hyphens
// ("2e-1-394"), set and number as cardBlueprint gives them.
func cardID(edition, set, number string) string {
	return edition + "-" + set + "-" + number
}

// cardBlueprint splits a blueprint id into set and number without leading
// zeros: "007_049" -> "7", "49"; "101_012" -> "101", "12".
func cardBlueprint(bp string) (string, string, bool) {
	set, number, ok := strings.Cut(strings.TrimSpace(bp), "_")
	if !ok || set == "" || number == "" || strings.ContainsAny(number, "_ ") {
		return "", "", false
	}
	return trimZeros(set), trimZeros(number), true
}

// trimZeros drops the leading zeros of a number ("007" -> "7", "000" -> "0");
// anything but digits is kept as it is ("P1").
func trimZeros(s string) string {
	if !isDigits(s) {
		return s
	}
	if t := strings.TrimLeft(s, "0"); t != "" {
		return t
	}
	return "0"
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func lowerAll(v []string) []string {
	for i := range v {
		v[i] = strings.ToLower(v[i])
	}
	return v
}

func hasSkill(skills []rules.Skill, name string) bool {
	for _, s := range skills {
		if strings.EqualFold(s.Name, name) {
			return true
		}
	}
	return false
}

// cardDataText reads a string, or a list of strings joined by ", ".
func cardDataText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return strings.TrimSpace(s), nil
	}
	var l []string
	if err := json.Unmarshal(raw, &l); err == nil {
		return strings.Join(l, ", "), nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		return n.String(), nil
	}
	return "", fmt.Errorf("not text")
}

// cardDataList reads a comma-separated string or a list of strings.
func cardDataList(raw json.RawMessage) ([]string, error) {
	var l []string
	if err := json.Unmarshal(raw, &l); err != nil {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("not a list")
		}
		l = strings.Split(s, ",")
	}
	out := make([]string, 0, len(l))
	for _, v := range l {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out, nil
}

// cardDataInt reads a whole number, written as a number or a string.
func cardDataInt(raw json.RawMessage) (int, error) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, fmt.Errorf("not a number")
		}
		n = json.Number(strings.TrimSpace(s))
	}
	v, err := strconv.Atoi(n.String())
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", n.String())
	}
	return v, nil
}

// cardDataSkillBox reads a skill box: a string of "[*]"-marked skills, or
// the object form {"skills": [{"type": "regular", "name", "level"}, {"text"}]}.
func cardDataSkillBox(raw json.RawMessage) ([]rules.Skill, []string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		skills, special := parseSkillBox(s)
		return skills, special, nil
	}
	var box struct {
		Skills []struct {
			Type  string `json:"type"`
			Name  string `json:"name"`
			Level int    `json:"level"`
			Text  string `json:"text"`
		} `json:"skills"`
	}
	if err := json.Unmarshal(raw, &box); err != nil {
		return nil, nil, fmt.Errorf("neither a string nor a skill list")
	}
	var skills []rules.Skill
	var special []string
	for _, e := range box.Skills {
		switch {
		case e.Type == "regular" && e.Name != "":
			lv := e.Level
			if lv < 1 {
				lv = 1
			}
			skills = append(skills, rules.Skill{Name: e.Name, Level: lv})
		case e.Text != "":
			special = append(special, e.Text)
		}
	}
	return skills, special, nil
}

var (
	skillLevelPrefixRE = regexp.MustCompile(`^(\d+)\s+(.+)$`)         // 2E: "2 Diplomacy"
	skillLevelSuffixRE = regexp.MustCompile(`^(.+?)\s+[xX]\s?(\d+)$`) // 1E: "Diplomacy x2"
)

// parseSkillBox reads a printed skill box: skills marked "[*]", each
// "Name", "2 Name" (2E) or "Name x2" (1E); "[DL] Card" entries are
// downloads and come back, like any text that is not a skill, as special
// skills ("[DL] Medical Kit").
func parseSkillBox(s string) ([]rules.Skill, []string) {
	var skills []rules.Skill
	var special []string
	for _, part := range strings.Split(s, "[*]") {
		pieces := strings.Split(part, "[DL]")
		if name := strings.TrimSpace(pieces[0]); name != "" {
			if sk, ok := parseSkill(name); ok {
				skills = append(skills, sk)
			} else {
				special = append(special, name)
			}
		}
		for _, dl := range pieces[1:] {
			if dl = strings.TrimSpace(dl); dl != "" {
				special = append(special, "[DL] "+dl)
			}
		}
	}
	return skills, special
}

// parseSkill reads one skill with its level: "Diplomacy" (level 1),
// "2 Diplomacy", "Diplomacy x2". A text too long or too wordy to be a skill
// name is refused.
func parseSkill(s string) (rules.Skill, bool) {
	s = strings.Join(strings.Fields(s), " ")
	level := 1
	if m := skillLevelPrefixRE.FindStringSubmatch(s); m != nil {
		level, _ = strconv.Atoi(m[1])
		s = m[2]
	} else if m := skillLevelSuffixRE.FindStringSubmatch(s); m != nil {
		level, _ = strconv.Atoi(m[2])
		s = m[1]
	}
	if s == "" || level < 1 || len(strings.Fields(s)) > 3 || strings.ContainsAny(s, ":;()[]") {
		return rules.Skill{}, false
	}
	return rules.Skill{Name: s, Level: level}, true
}

// mergeCards joins the rulebooks' card-list rows with the card data and
// applies the rulebooks' errata. A row and a data card of the same edition,
// set and number are one card: the data gives the statistics, the row what
// the data lacks (rarity, subtitle, type, affiliation). A card only in a
// list or only in the data is a card too. Cards come back in edition, set
// and number order.
func mergeCards(docs []rules.Document, rows []CardRow, data []*rules.Card, entries []*rules.Entry) ([]*rules.Card, []Warning) {
	var warns []Warning
	docByID := map[string]rules.Document{}
	for _, d := range docs {
		docByID[d.ID] = d
	}
	byID := map[string]*rules.Card{}
	setNames := map[string]string{} // edition-set -> name, from the data
	var out []*rules.Card
	for _, c := range data {
		if byID[c.ID] != nil {
			warns = append(warns, Warning{DocumentID: firstSource(c), Message: fmt.Sprintf("card %s is read twice; the first stands", c.ID)})
			continue
		}
		byID[c.ID] = c
		out = append(out, c)
		if c.SetName != "" {
			setNames[c.Edition+"-"+c.Set] = c.SetName
		}
	}
	for _, r := range rows {
		doc := docByID[r.DocumentID]
		edition := doc.Edition
		if edition == "" {
			edition = rules.Edition2E
		}
		if r.Set == "" || r.Number == "" || r.Title == "" {
			warns = append(warns, Warning{DocumentID: r.DocumentID, Message: fmt.Sprintf("card list row %q has no set, number or title; it is left out", r.Title)})
			continue
		}
		id := cardID(edition, trimZeros(r.Set), trimZeros(r.Number))
		if c := byID[id]; c != nil {
			for _, msg := range mergeRow(c, r) {
				warns = append(warns, Warning{DocumentID: r.DocumentID, Message: fmt.Sprintf("card %s: %s", id, msg)})
			}
			continue
		}
		c := cardFromRow(r, edition)
		if name := setNameOf(doc); name != "" && setNames[edition+"-"+c.Set] == "" {
			c.SetName = name
		}
		byID[id] = c
		out = append(out, c)
	}
	for _, c := range out {
		if name := setNames[c.Edition+"-"+c.Set]; name != "" {
			c.SetName = name
		}
		if c.Rarity != "" && c.Edition == rules.Edition2E {
			// 2E cards print "set rarity number" in the lower right corner;
			// 1E cards print no such line, so none is made up for them.
			c.Collector = c.Set + " " + c.Rarity + " " + c.Number
		}
	}
	warns = append(warns, applyErrata(docs, out, entries)...)
	sort.SliceStable(out, func(i, j int) bool { return cardLess(out[i], out[j]) })
	return out, warns
}

// cardLess orders cards by edition, then set and number as numbers.
func cardLess(a, b *rules.Card) bool {
	if a.Edition != b.Edition {
		return a.Edition < b.Edition
	}
	if a.Set != b.Set {
		return numLess(a.Set, b.Set)
	}
	return numLess(a.Number, b.Number)
}

func numLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return x < y
	}
	if (errA == nil) != (errB == nil) {
		return errA == nil
	}
	return a < b
}

func firstSource(c *rules.Card) string {
	if len(c.Sources) > 0 {
		return c.Sources[0]
	}
	return c.ID
}

// setNameOf is a rulebook's own name for its set: the part of its title in
// parentheses ("... Rulebook (Call to Arms)" -> "Call to Arms").
func setNameOf(d rules.Document) string {
	i, j := strings.LastIndex(d.Title, "("), strings.LastIndex(d.Title, ")")
	if i < 0 || j < i {
		return ""
	}
	return strings.TrimSpace(d.Title[i+1 : j])
}

// cardFromRow is a card the data does not hold: what its list row says.
func cardFromRow(r CardRow, edition string) *rules.Card {
	c := &rules.Card{
		ID:          cardID(edition, trimZeros(r.Set), trimZeros(r.Number)),
		Edition:     edition,
		Set:         trimZeros(r.Set),
		Number:      trimZeros(r.Number),
		Rarity:      r.Rarity,
		Title:       r.Title,
		Subtitle:    r.Subtitle,
		Type:        r.Type,
		Affiliation: r.Affiliation,
		Sources:     []string{r.DocumentID},
	}
	if c.Type == "mission" {
		if c.Subtitle != "" {
			c.Location, c.MissionName = c.Title, c.Subtitle
		} else {
			c.MissionName = c.Title
		}
	}
	return c
}

// mergeRow adds to a data card what its list row knows and the data does
// not, and returns the disagreements worth a look.
func mergeRow(c *rules.Card, r CardRow) []string {
	var doubts []string
	fill := func(field string, have *string, list string) {
		switch {
		case list == "":
		case *have == "":
			*have = list
		case !strings.EqualFold(*have, list):
			doubts = append(doubts, fmt.Sprintf("the list gives %s %q, the data %q; the data stands", field, list, *have))
		}
	}
	fill("rarity", &c.Rarity, r.Rarity)
	fill("type", &c.Type, r.Type)
	if c.Type == "personnel" || c.Type == "ship" {
		fill("affiliation", &c.Affiliation, r.Affiliation)
	}
	listName := r.Title
	if r.Subtitle != "" {
		listName += ", " + r.Subtitle
	}
	switch fl := rules.FoldName(listName); {
	case fl == rules.FoldName(c.Name()):
	case c.Type == "mission" && c.Subtitle != "" && fl == rules.FoldName(c.Subtitle):
		// The list names a mission by its mission name; the card prints
		// its location first.
		c.Location, c.MissionName = c.Title, c.Subtitle
	case c.Subtitle == "" && rules.FoldName(r.Title) == rules.FoldName(c.Title):
		c.Subtitle = r.Subtitle
	default:
		doubts = append(doubts, fmt.Sprintf("the list names it %q, the data %q; the data stands", listName, c.Name()))
	}
	if c.Type == "mission" && c.MissionName == "" {
		c.MissionName = c.Title
	}
	for _, s := range c.Sources {
		if s == r.DocumentID {
			return doubts
		}
	}
	c.Sources = append(c.Sources, r.DocumentID)
	return doubts
}

// The rulebooks give errata in one wording: "*Card Title – This mission
// from the ... set has received an erratum. Its requirements should be:
// <value>." erratumRE reads the field and the value out of an entry's text.
var erratumRE = regexp.MustCompile(`(?is)\breceived\s+an\s+erratum\.\s+its\s+([a-z][a-z -]{1,30}?)\s+should\s+(?:be|read):?\s*(.+)$`)

// An erratum read from an entry: the card named by the entry's title, the
// field and the corrected value.
type erratumText struct {
	Card, Field, Value string
}

// readErratum reads an erratum out of an entry, or false when the entry
// gives none. The value ends with its paragraph; the sentence's full stop
// is not part of it.
func readErratum(e *rules.Entry) (erratumText, bool) {
	m := erratumRE.FindStringSubmatch(e.Text)
	if m == nil {
		return erratumText{}, false
	}
	value := m[2]
	if i := strings.Index(value, "\n\n"); i >= 0 {
		value = value[:i]
	}
	value = strings.Join(strings.Fields(value), " ")
	value = strings.TrimSuffix(value, ".")
	field := strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
	name := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(e.Title), "*"))
	if value == "" || name == "" {
		return erratumText{}, false
	}
	return erratumText{Card: name, Field: field, Value: value}, true
}

// erratumFields are the card fields an erratum may correct, by the words
// the rulebooks use for them.
var erratumFields = map[string]string{
	"requirements": "requirements", "mission requirements": "requirements",
	"game text": "gameText", "text": "gameText", "lore": "lore",
	"span": "span", "points": "points", "point box": "points", "cost": "cost",
	"integrity": "integrity", "cunning": "cunning", "strength": "strength",
	"range": "range", "weapons": "weapons", "shields": "shields",
}

// applyErrata replaces printed values with the rulebooks' errata. Where
// several entries correct the same field, the governing document's entry
// stands. An erratum whose card or field is not known is a Warning.
func applyErrata(docs []rules.Document, cards []*rules.Card, entries []*rules.Entry) []Warning {
	var warns []Warning
	docByID := make(map[string]rules.Document, len(docs))
	for _, d := range docs {
		docByID[d.ID] = d
	}
	byName := map[string][]*rules.Card{}
	for _, c := range cards {
		for _, n := range cardNames(c) {
			k := c.Edition + "|" + rules.FoldName(n)
			if !containsCard(byName[k], c) {
				byName[k] = append(byName[k], c)
			}
		}
	}
	type pendingErratum struct {
		entry *rules.Entry
		card  *rules.Card
		field string
		value string
	}
	var order []string
	chosen := map[string]pendingErratum{} // card id + field -> the erratum that stands
	for _, e := range entries {
		et, ok := readErratum(e)
		if !ok {
			continue
		}
		field, ok := erratumFields[et.Field]
		if !ok {
			warns = append(warns, Warning{DocumentID: e.DocumentID, Message: fmt.Sprintf("entry %s gives an erratum to the %s of %q, a field the cards do not hold", e.ID, et.Field, et.Card)})
			continue
		}
		matches := byName[e.Edition+"|"+rules.FoldName(et.Card)]
		if len(matches) != 1 {
			what := "no card"
			if len(matches) > 1 {
				what = fmt.Sprintf("%d cards", len(matches))
			}
			warns = append(warns, Warning{DocumentID: e.DocumentID, Message: fmt.Sprintf("entry %s gives an erratum to %q, which names %s; it is not applied", e.ID, et.Card, what)})
			continue
		}
		key := matches[0].ID + "|" + field
		prev, seen := chosen[key]
		if !seen {
			order = append(order, key)
		} else if !rules.Governs(docByID[e.DocumentID], docByID[prev.entry.DocumentID]) {
			continue // the same or a governing document has said so already
		}
		chosen[key] = pendingErratum{entry: e, card: matches[0], field: field, value: et.Value}
	}
	for _, key := range order {
		p := chosen[key]
		printed, err := setCardField(p.card, p.field, p.value)
		if err != nil {
			warns = append(warns, Warning{DocumentID: p.entry.DocumentID, Message: fmt.Sprintf("entry %s: erratum to %s of %s: %v", p.entry.ID, p.field, p.card.ID, err)})
			continue
		}
		corrected := printed == p.value
		if corrected {
			// The card data already carries the corrected value; what was
			// printed is not known from it.
			printed = ""
		}
		p.card.Errata = append(p.card.Errata, rules.Erratum{Field: p.field, Printed: printed, Corrected: p.value, CardDataCorrected: corrected, Source: p.entry.ID})
	}
	return warns
}

// cardNames are the names a card is known by: its full name, its title and,
// for a 2E mission, its mission name.
func cardNames(c *rules.Card) []string {
	names := []string{c.Name()}
	if c.Subtitle != "" {
		names = append(names, c.Title)
	}
	if c.MissionName != "" && c.MissionName != c.Title {
		names = append(names, c.MissionName)
	}
	return names
}

func containsCard(cs []*rules.Card, c *rules.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// setCardField sets one field of a card from its text and returns the value
// it held. An empty value clears the field.
func setCardField(c *rules.Card, field, value string) (string, error) {
	str := func(p *string) (string, error) {
		old := *p
		*p = value
		return old, nil
	}
	num := func(p **int) (string, error) {
		old := ""
		if *p != nil {
			old = strconv.Itoa(**p)
		}
		if value == "" {
			*p = nil
			return old, nil
		}
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return old, fmt.Errorf("%q is not a number", value)
		}
		*p = rules.IntPtr(v)
		return old, nil
	}
	switch field {
	case "requirements":
		return str(&c.Requirements)
	case "gameText":
		return str(&c.GameText)
	case "lore":
		return str(&c.Lore)
	case "span":
		return num(&c.Span)
	case "points":
		return num(&c.Points)
	case "cost":
		return num(&c.Cost)
	case "integrity":
		return num(&c.Integrity)
	case "cunning":
		return num(&c.Cunning)
	case "strength":
		return num(&c.Strength)
	case "range":
		return num(&c.Range)
	case "weapons":
		return num(&c.Weapons)
	case "shields":
		return num(&c.Shields)
	}
	return "", fmt.Errorf("field %s cannot be corrected", field)
}

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

// cardDataIgnored are the data fields no rule of the service reads: the
// game server's own logic (filters, modifiers), the source's notes, and
// markings no question asks about (a personnel's gender and homeworld, an
// incident's countdown).
var cardDataIgnored = map[string]bool{
	"blueprintId": true, "nullifyWith": true, "property-logo": true, "gender": true,
	"homeworld": true, "countdown": true,
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
	share := func(key string) *float64 {
		raw, ok := fields[key]
		if !ok {
			return nil
		}
		var v float64
		if err := json.Unmarshal(raw, &v); err != nil || v < 0 || v > 1 {
			problems = append(problems, fmt.Sprintf("field %q: not a share from 0 to 1", key))
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
	marking := str("uniqueness")
	c.Unique = uniqueness(m.Edition, c.Type, marking)
	c.Universal = m.Edition == rules.Edition1E && strings.EqualFold(marking, "universal")
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
	c.ExtendedShieldsPercentage = share("extended-shields-percentage")
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
	"extended-shields-percentage": true,
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

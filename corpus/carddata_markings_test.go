package corpus

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The markings of the card data a rule reads, checked card by card against
// the real data files: what each file says of a card is what the card
// holds. A field the rules read that the data holds for no card would pass
// unseen, so each is also required to occur.
func TestCardDataMarkingsReachEveryCard(t *testing.T) {
	dir := cardsCorpusDir(t)
	type marking struct {
		field string
		// check compares the raw value the data gives with the card; ok
		// false says the card does not hold it.
		check func(raw json.RawMessage, c *rules.Card) (got any, ok bool)
	}
	text := func(raw json.RawMessage) string {
		v, _ := cardDataText(raw)
		return v
	}
	list := func(raw json.RawMessage) []string {
		v, _ := cardDataList(raw)
		return lowerAll(v)
	}
	markings := []marking{
		{"uniqueness", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			switch strings.ToLower(text(raw)) {
			case "universal":
				return []any{c.Universal, deref(c.Unique)}, c.Edition == rules.Edition1E && c.Universal && deref(c.Unique) == false
			case "unique":
				return []any{c.Universal, deref(c.Unique)}, !c.Universal && c.IsUnique()
			}
			return text(raw), false
		}},
		{"persona", func(raw json.RawMessage, c *rules.Card) (any, bool) { return c.Persona, c.Persona == text(raw) }},
		{"quadrant", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.Quadrant, c.Quadrant == strings.ToLower(text(raw))
		}},
		{"region", func(raw json.RawMessage, c *rules.Card) (any, bool) { return c.Region, c.Region == text(raw) }},
		{"icons", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.Icons, reflect.DeepEqual(c.Icons, list(raw))
		}},
		{"staffing", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.Staffing, reflect.DeepEqual(c.Staffing, list(raw))
		}},
		{"affiliation-icons", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.Affiliations, reflect.DeepEqual(c.Affiliations, list(raw))
		}},
		{"facility-type", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.FacilityType, c.FacilityType == strings.ToLower(text(raw))
		}},
		{"extended-shields-percentage", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			var want float64
			if err := json.Unmarshal(raw, &want); err != nil || c.ExtendedShieldsPercentage == nil {
				return c.ExtendedShieldsPercentage, false
			}
			return *c.ExtendedShieldsPercentage, *c.ExtendedShieldsPercentage == want
		}},
		{"mission-type", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.MissionType, c.MissionType == strings.ToLower(text(raw))
		}},
		{"characteristic", func(raw json.RawMessage, c *rules.Card) (any, bool) {
			return c.Characteristics, reflect.DeepEqual(c.Characteristics, func() []string { v, _ := cardDataList(raw); return v }())
		}},
	}
	for _, file := range []struct{ name, edition string }{{"cards/1e-cards.json", rules.Edition1E}, {"cards/2e-cards.json", rules.Edition2E}} {
		raw := []byte(cardsReadFile(t, filepath.Join(dir, file.name)))
		cards, _, err := parseCardData(ManifestCards{File: file.name, Edition: file.edition}, raw)
		if err != nil {
			t.Fatal(err)
		}
		by := cardsByID(cards)
		var f struct {
			Sets []struct {
				Cards []map[string]json.RawMessage `json:"cards"`
			} `json:"sets"`
		}
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, s := range f.Sets {
			for _, fields := range s.Cards {
				set, number, _ := cardBlueprint(text(fields["blueprintId"]))
				c := by[cardID(file.edition, set, number)]
				if c == nil {
					t.Errorf("%s: no card for blueprint %s", file.name, text(fields["blueprintId"]))
					continue
				}
				for _, m := range markings {
					v, ok := fields[m.field]
					if !ok {
						continue
					}
					seen[m.field]++
					if got, held := m.check(v, c); !held {
						t.Errorf("%s %s (%s): data %s = %s, card holds %v", file.name, c.ID, c.Title, m.field, v, got)
					}
				}
				if _, marked := fields["uniqueness"]; !marked && c.Universal {
					t.Errorf("%s %s: universal though the data does not mark it", file.name, c.ID)
				}
			}
		}
		t.Logf("%s: markings checked %v", file.name, seen)
	}
}

// Cards of the real data whose markings the rules read, as a player knows
// them from the printed cards.
func TestCardDataMarkingsOfKnownCards(t *testing.T) {
	dir := cardsCorpusDir(t)
	by := map[string]*rules.Card{}
	for _, file := range []struct{ name, edition string }{{"cards/1e-cards.json", rules.Edition1E}, {"cards/2e-cards.json", rules.Edition2E}} {
		cards, _, err := parseCardData(ManifestCards{File: file.name, Edition: file.edition}, []byte(cardsReadFile(t, filepath.Join(dir, file.name))))
		if err != nil {
			t.Fatal(err)
		}
		for id, c := range cardsByID(cards) {
			by[id] = c
		}
	}
	quarter := 0.25
	cases := []struct {
		id, why string
		holds   func(c *rules.Card) bool
	}{
		{"1e-113-3", "Botanical Research is a universal mission: more than one may seed", func(c *rules.Card) bool {
			return c.Universal && !c.IsUnique() && c.MissionType == "planet"
		}},
		{"1e-101-146", "Avert Disaster is a mission without the universal symbol", func(c *rules.Card) bool { return !c.Universal && c.IsUnique() }},
		{"1e-111-9", "the Husnock Outpost extends a quarter of its SHIELDS", func(c *rules.Card) bool {
			return reflect.DeepEqual(c.ExtendedShieldsPercentage, &quarter) && c.Universal && c.FacilityType == "outpost" && *c.Shields == 40
		}},
		{"1e-101-104", "a Federation Outpost gives no share of its own: the rulebook's half stands", func(c *rules.Card) bool {
			return c.ExtendedShieldsPercentage == nil && *c.Shields == 30
		}},
		{"1e-163-27", "Nador is marked unique", func(c *rules.Card) bool { return c.IsUnique() && !c.Universal }},
		{"1e-101-201", "Calloway is a universal personnel", func(c *rules.Card) bool { return c.Universal && !c.IsUnique() }},
		{"1e-155-79", "Captain Worf is a version of Worf", func(c *rules.Card) bool { return c.Persona == "Worf" && c.Affiliation == "klingon" }},
		{"1e-155-54", "Beverly is a version of Beverly Crusher", func(c *rules.Card) bool { return c.Persona == "Beverly Crusher" }},
		{"1e-123-120", "Harry Kim is native to the Delta Quadrant", func(c *rules.Card) bool { return c.Quadrant == "delta" }},
		{"1e-178-33", "the Dominion Outpost is native to the Gamma Quadrant", func(c *rules.Card) bool { return c.Quadrant == "gamma" }},
		{"1e-101-336", "the U.S.S. Galaxy is a universal ship with its staffing", func(c *rules.Card) bool {
			return c.Universal && reflect.DeepEqual(c.Staffing, []string{"command", "staff", "staff"})
		}},
		{"1e-101-147", "Cloaked Mission lies in the Romulus System", func(c *rules.Card) bool { return c.Region == "Romulus System" }},
		{"2e-1-154", "a 2E mission is unique and never universal", func(c *rules.Card) bool {
			return c.IsUnique() && !c.Universal && c.MissionName == "Cargo Rendezvous"
		}},
		{"2e-1-287", "Van Orton has the Earth icon", func(c *rules.Card) bool { return reflect.DeepEqual(c.Icons, []string{"earth"}) }},
	}
	for _, tc := range cases {
		c := by[tc.id]
		if c == nil {
			t.Errorf("%s: not in the card data (%s)", tc.id, tc.why)
			continue
		}
		if !tc.holds(c) {
			t.Errorf("%s %s: %s; card %+v", tc.id, c.Title, tc.why, c)
		}
	}
}

package rules

// What a card prints that the card data does not hold. Unknown is not zero:
// a card known only from a rulebook's card list (title, collector number,
// rarity, type: most Second Edition cards) prints its statistics all the
// same, so every transport that shows a card says which of them the data
// lacks rather than showing none. Lacks is that list, one function for the
// pages, the Discord answers and the terminal.

// printedBy are the statistics every card of a kind prints, in the order a
// card shows them: a card of the kind without one of them has it printed
// all the same, the data just does not hold it.
var printedBy = map[string][]string{
	"personnel": {"icons", "skills", "integrity", "cunning", "strength"},
	"ship":      {"staffing", "range", "weapons", "shields"},
	"mission":   {"mission type", "span", "requirements", "points"},
	"dilemma":   {"game text"},
	"event":     {"game text"},
	"interrupt": {"game text"},
	"equipment": {"game text"},
	"facility":  {"game text"},
}

// printed2E are what every Second Edition card of a kind prints besides
// printedBy's: a personnel's species, a ship's icons (beside its staffing),
// a mission's quadrant icon (the 2E rulebook counts a move between two
// missions of different quadrant icons). First Edition cards print no
// species line, and a First Edition mission shows a quadrant only outside
// the Alpha Quadrant, so neither is said lacking there.
var printed2E = map[string][]string{
	"personnel": {"species"},
	"ship":      {"icons"},
	"mission":   {"quadrant"},
}

// Lacks returns what every card of the card's kind prints that the card
// data does not hold, in words, in the order a card prints them: "icons",
// "skills", "integrity", "cunning", "strength", "staffing", "range",
// "weapons", "shields", "mission type", "span", "requirements", "points",
// "game text", then for a Second Edition card "species", "icons" (a ship's)
// or "quadrant" (printed2E), then "affiliation" ("affiliation icons" of a mission: those
// who may attempt it) where the card prints one the data does not give
// (LacksFiltered), then for a Second Edition card "cost" (every one but a
// mission prints it) and "uniqueness". Nil when the data holds them all. A
// headquarters mission prints no requirements or points, so lacks neither.
func (c *Card) Lacks() []string {
	var out []string
	for _, field := range printedBy[c.Type] {
		if c.lacksPrinted(field) {
			out = append(out, field)
		}
	}
	if c.Edition == Edition2E {
		for _, field := range printed2E[c.Type] {
			if c.lacksPrinted(field) {
				out = append(out, field)
			}
		}
	}
	if affiliated[c.Type] && c.LacksFiltered("affiliation") {
		out = append(out, lacksAffiliation(c.Type))
	}
	if c.Edition == Edition2E {
		if c.Type != "mission" && c.Type != "" && c.Cost == nil {
			out = append(out, "cost")
		}
		if c.Unique == nil {
			out = append(out, "uniqueness")
		}
	}
	return out
}

// lacksPrinted says whether the data lacks one of printedBy's fields.
func (c *Card) lacksPrinted(field string) bool {
	hq := c.MissionType == "headquarters"
	switch field {
	case "mission type":
		return c.MissionType == ""
	case "points":
		return c.Points == nil && !hq
	case "requirements":
		return c.Requirements == "" && !hq
	case "game text":
		return c.GameText == ""
	case "species":
		return c.Species == ""
	case "quadrant":
		return c.Quadrant == ""
	case "icons":
		if c.Type == "ship" {
			// A ship known with its figures and no icons prints none.
			return len(c.Icons) == 0 && c.Range == nil
		}
	}
	return c.LacksStat(field)
}

// LacksStat says whether the card data lacks a statistic, named as a board
// object gives it inline ("icons", "skills", "integrity", "cunning",
// "strength", "staffing", "range", "weapons", "shields", "span", "points",
// "requirements", "missionType"); false for any other name. A list (icons,
// skills, staffing) is lacking on a card whose data holds none of the
// figures printed beside it: a 2E personnel the data gives no Integrity has
// no icons or skills from the data either, while one with its figures and
// no icons prints none.
func (c *Card) LacksStat(field string) bool {
	switch field {
	case "icons":
		return len(c.Icons) == 0 && c.Integrity == nil
	case "skills":
		return len(c.Skills) == 0 && c.Integrity == nil
	case "integrity":
		return c.Integrity == nil
	case "cunning":
		return c.Cunning == nil
	case "strength":
		return c.Strength == nil
	case "staffing":
		return len(c.Staffing) == 0 && c.Range == nil
	case "range":
		return c.Range == nil
	case "weapons":
		return c.Weapons == nil
	case "shields":
		return c.Shields == nil
	case "span":
		return c.Span == nil
	case "points":
		return c.Points == nil
	case "requirements":
		return c.Requirements == ""
	case "missionType":
		return c.MissionType == ""
	}
	return false
}

// lacksAffiliation is Lacks' word for an affiliation the data does not
// give: a mission prints the icons of those who may attempt it.
func lacksAffiliation(kind string) string {
	if kind == "mission" {
		return "affiliation icons"
	}
	return "affiliation"
}

package rules

// A page of the card list and what it cannot say. Unknown is not zero: a
// card the data knows only by title (most Second Edition cards) has no
// affiliation in the data, so a filter on affiliation cannot tell whether
// it belongs. The list answers the cards known to match and counts, beside
// them, those it cannot tell, so that a fan site never reads the page as
// the whole list.

// MaxCardQueryReadings is the most words of a card list's query read as
// other words (CardPage.ReadAs): more than the words of the longest card
// name (7 in the card data), so a query of more is not read at all.
const MaxCardQueryReadings = 12

// CardPage is a page of the cards a CardFilter selects.
type CardPage struct {
	Cards []*Card
	// Total counts the cards known to match: the query and every filter.
	Total int
	// Unknown counts, by filter, the cards the filter cannot read.
	Unknown CardsUnknown
	// ReadAs are the query's words that begin no word of any card's name
	// and were read as the word of names each is a typo of ("galxy" as
	// galaxy), as a search says how it read its words; nil when the query
	// was read as given.
	ReadAs []WordReading
}

// CardsUnknown counts, for each filter of a card list, the cards that match
// the query and every other filter but whose value of the filtered field the
// card data does not hold (Card.LacksFiltered): they may or may not belong,
// and Total leaves them out. A card lacking several filtered fields is
// counted under each. Zero where the filter is not asked or every card that
// could match holds the field; the JSON leaves zeros out.
type CardsUnknown struct {
	Type        int `json:"type,omitempty"`
	Affiliation int `json:"affiliation,omitempty"`
	Set         int `json:"set,omitempty"`
}

// Any says whether some card could not be read by a filter.
func (u CardsUnknown) Any() bool { return u != CardsUnknown{} }

// affiliated are the kinds of card that print an affiliation (a mission:
// the icons of those who may attempt it).
var affiliated = map[string]bool{"personnel": true, "ship": true, "facility": true, "mission": true}

// LacksFiltered says whether the card data lacks what a card list's filter
// reads of the card: "type", "set" or "affiliation" (false for any other
// name). A card lacks its affiliation when it is of a kind that prints one
// (or of no known kind) and the data holds none: a personnel, ship or
// facility always prints one; a mission prints the icons of those who may
// attempt it beside its mission type and requirements, so a mission the
// data knows only by title (no mission type) lacks them, while one known in
// full without icons has none.
func (c *Card) LacksFiltered(field string) bool {
	switch field {
	case "type":
		return c.Type == ""
	case "set":
		return c.Set == ""
	case "affiliation":
		if c.Affiliation != "" || len(c.Affiliations) > 0 {
			return false
		}
		if c.Type == "mission" {
			return c.LacksStat("missionType")
		}
		return c.Type == "" || affiliated[c.Type]
	}
	return false
}

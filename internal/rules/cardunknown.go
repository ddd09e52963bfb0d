package rules

// unknownNames are the card JSON's names of what Lacks says in words, where
// they differ.
var unknownNames = map[string]string{"mission type": "missionType", "game text": "gameText", "uniqueness": "unique", "affiliation icons": "affiliations"}

// UnknownFields is Lacks by the card JSON's field names ("icons", "skills",
// "integrity", ..., "missionType", "gameText", "affiliation", "affiliations",
// "cost", "unique"): what a
// look-up answers as the card's unknown, so that a field the card prints
// and the answer leaves out (or GraphQL answers as an empty list or a
// null) is read as not known, never as none.
func (c *Card) UnknownFields() []string {
	lacks := c.Lacks()
	for i, l := range lacks {
		if name, ok := unknownNames[l]; ok {
			lacks[i] = name
		}
	}
	return lacks
}

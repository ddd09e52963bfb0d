package rules

import "strings"

// A Skill is one skill of a personnel with its level ("2 Diplomacy" is
// {Diplomacy, 2}; a skill printed without a number has level 1).
type Skill struct {
	Name  string `json:"name"`
	Level int    `json:"level"`
}

// An Erratum is a correction a rulebook makes to a card's printed text: the
// field it corrects, the value as printed (empty when not known), the value
// that stands, and the entry that says so. CardDataCorrected says the card
// data already carries the corrected value, so it cannot tell what was
// printed.
type Erratum struct {
	Field             string `json:"field"`
	Printed           string `json:"printed,omitempty"`
	Corrected         string `json:"corrected"`
	CardDataCorrected bool   `json:"cardDataCorrected,omitempty"`
	Source            string `json:"source"` // entry id
}

// A Card is one card of either edition, merged from the rulebooks' card lists
// and the card data files. Pointer and empty fields are those not known.
// Errata from the rulebooks have already replaced the printed values.
//
// Its ID is edition, set and number joined by hyphens, set and number
// without leading zeros: "2e-1-394" (Second Edition set 1, card 394),
// "1e-101-12" (First Edition Premiere, card data blueprint "101_012").
type Card struct {
	ID      string `json:"id"` // "2e-1-394", "1e-101-12": edition, set, number
	Edition string `json:"edition"`
	Set     string `json:"set"` // "1", "3", "101": leading zeros dropped
	SetName string `json:"setName,omitempty"`
	// SetReleased is when the card's set was released, as far as it is
	// known ("1998", "2001-03", "after 2003": ParseRelease); "" when not
	// known. It bounds the rulings documents that could name the card.
	SetReleased     string    `json:"-"`
	Number          string    `json:"number"` // as printed within the set: "394", "12", "P1"
	Rarity          string    `json:"rarity,omitempty"`
	Collector       string    `json:"collector,omitempty"` // "1 R 392": set, rarity, number as a 2E card prints them
	Title           string    `json:"title"`
	Subtitle        string    `json:"subtitle,omitempty"`
	Unique          *bool     `json:"unique,omitempty"` // nil: the sources do not say
	Type            string    `json:"type"`             // personnel, ship, equipment, event, interrupt, mission, dilemma, facility, ...
	Affiliation     string    `json:"affiliation,omitempty"`
	MissionType     string    `json:"missionType,omitempty"` // planet, space, headquarters, dual
	Quadrant        string    `json:"quadrant,omitempty"`
	Region          string    `json:"region,omitempty"`
	Location        string    `json:"location,omitempty"` // a 2E mission's location ("Sector 97")
	MissionName     string    `json:"missionName,omitempty"`
	Span            *int      `json:"span,omitempty"`
	Points          *int      `json:"points,omitempty"`
	Requirements    string    `json:"requirements,omitempty"`
	Affiliations    []string  `json:"affiliations,omitempty"` // those who may attempt a mission
	Icons           []string  `json:"icons,omitempty"`
	Staffing        []string  `json:"staffing,omitempty"`
	Skills          []Skill   `json:"skills,omitempty"`
	Keywords        []string  `json:"keywords,omitempty"`
	Characteristics []string  `json:"characteristics,omitempty"`
	Integrity       *int      `json:"integrity,omitempty"`
	Cunning         *int      `json:"cunning,omitempty"`
	Strength        *int      `json:"strength,omitempty"`
	Cost            *int      `json:"cost,omitempty"`
	Range           *int      `json:"range,omitempty"`
	Weapons         *int      `json:"weapons,omitempty"`
	Shields         *int      `json:"shields,omitempty"`
	Species         string    `json:"species,omitempty"`
	Class           string    `json:"class,omitempty"`
	GameText        string    `json:"gameText,omitempty"`
	Lore            string    `json:"lore,omitempty"`
	ImageURL        string    `json:"imageUrl,omitempty"`
	Errata          []Erratum `json:"errata,omitempty"`
	// Classification is a 1E personnel's classification (OFFICER, V.I.P.,
	// ...); it also stands first among its Skills, as the card prints it.
	Classification string `json:"classification,omitempty"`
	// Persona is the persona a 1E card represents, when the data names one.
	Persona string `json:"persona,omitempty"`
	// FacilityType is a 1E facility's kind: outpost, headquarters, station.
	FacilityType string `json:"facilityType,omitempty"`
	// Universal says the card is a 1E universal card (the universal symbol
	// before its title): any number of copies may be in play, and a seed
	// deck may hold more than one of a universal mission. False for a card
	// the data marks otherwise or not at all, and for every 2E card.
	Universal bool `json:"universal"`
	// ExtendedShieldsPercentage is the share of a 1E facility's SHIELDS a
	// ship docked there adds to its own, as the card data gives it (0.25
	// for 25%); nil where the data holds none, and the rulebook's 50%
	// stands.
	ExtendedShieldsPercentage *float64 `json:"extendedShieldsPercentage,omitempty"`
	// SpecialSkills are the skill-box entries that are not plain skills: a
	// download ("[DL] Medical Kit") or a special skill's text.
	SpecialSkills []string `json:"specialSkills,omitempty"`
	// Play is what a headquarters mission lets its owner play there
	// ("tng-icon", "earth", "non-aligned", "equipment"; "federation+ds9-icon"
	// for cards with both).
	Play []string `json:"play,omitempty"`
	// AnyMayAttempt is true for a mission any affiliation may attempt, save
	// those in AttemptExcept.
	AnyMayAttempt bool     `json:"anyMayAttempt,omitempty"`
	AttemptExcept []string `json:"attemptExcept,omitempty"`
	// Sources are the document ids and data files the card was read from.
	Sources []string `json:"sources,omitempty"`
	// Versions are the ids of the other cards of the same title or persona
	// (a 2E mission: of the same mission name), of both editions, so a page
	// or a bot can offer the one a reader meant. The card catalog fills it.
	Versions []string `json:"versions"`
	// Match says how a look-up by name found the card: MatchExact,
	// MatchFuzzy or MatchOtherEdition. Empty on a card not looked up (a
	// card by id, a page of cards); a look-up answers a copy carrying it.
	Match string `json:"match,omitempty"`
	// Unknown are the fields the card prints that the card data does not
	// hold (UnknownFields), so that a field left out is read as not known,
	// never as none. The card catalog fills it.
	Unknown []string `json:"unknown,omitempty"`
}

// Name is the card's full name as a look-up answers it: "Title, Subtitle", or
// the title alone.
func (c *Card) Name() string {
	if c.Subtitle != "" {
		return c.Title + ", " + c.Subtitle
	}
	return c.Title
}

// FromCardData says the card data files (cards/*.json) define the card, so
// that its statistics are those the data lists; a card known only from a
// rulebook's card list (title, collector number, rarity, type) is not. The
// corpus lists a data file among a card's Sources by its path ("cards/
// 2e-cards.json"), a document by its id.
func (c *Card) FromCardData() bool {
	for _, s := range c.Sources {
		if strings.HasSuffix(s, ".json") {
			return true
		}
	}
	return false
}

// IntPtr returns a pointer to v, for the optional statistics of a Card.
func IntPtr(v int) *int { return &v }

// BoolPtr returns a pointer to v, for the optional flags of a Card.
func BoolPtr(v bool) *bool { return &v }

// IsUnique says whether the card is known to be unique.
func (c *Card) IsUnique() bool { return c.Unique != nil && *c.Unique }

// RulesOn says whether an entry rules on the card itself, rather than
// mentioning it: the entry is titled with the card's title, full name or
// mission name (a Current Rulings entry, a card's glossary entry), or it is
// the source of one of the card's errata.
func (c *Card) RulesOn(e *Entry) bool {
	t := FoldName(e.Title)
	for _, name := range []string{c.Title, c.Name(), c.MissionName} {
		if name != "" && FoldName(name) == t {
			return true
		}
	}
	for _, er := range c.Errata {
		if er.Source == e.ID {
			return true
		}
	}
	return false
}

package rules

import (
	"encoding/json"
	"reflect"
	"strings"
)

// AdjudicationRequest is a board situation and one question about it, to be
// answered under the rules of one document (the newest rulebook of the edition
// when Rules is empty).
//
// The request and the board are described once, here: REST and GraphQL
// both decode into these types. A new field of the request or the board
// touches the type and the schemas:
//   - its type here, with its JSON name;
//   - the matching input in schema/schema.graphqls, under the same name;
//   - its description for bots in api/openapi.json (which may describe a
//     field before the engine reads it).
//
// (A new kind of board object, a new struct, also gets its input's line in
// gqlgen.yml, which binds the input to the struct.)
//
// Then `go generate ./...` regenerates the rest: gqlgen binds the GraphQL
// inputs to these types, decodergen writes the REST fast path's field table
// (api/adjudicatejson_fields.go), and oapi-codegen the Go client. Tests fail
// until all of that is done: TestAdjudicationInputIsTheDomainRequest
// (graph), TestGeneratedFileIsCurrent (api/internal/decodergen),
// TestDecodeAdjudicationKnowsEveryField and
// TestOpenAPIDescribesEveryBoardField (api). The engine reads the field
// where a rule needs it, when it decodes the board
// (internal/engine/decode.go), and writes it back only if a move changes
// it (encode.go keeps what the request gave).
type AdjudicationRequest struct {
	Edition  string          `json:"edition"`
	Rules    string          `json:"rules,omitempty"`
	Question string          `json:"question"`
	Board    Board           `json:"board"`
	Params   json.RawMessage `json:"params,omitempty"`
}

// A Board is the situation on the table: the missions (in 1E, in spaceline
// order per quadrant), the ships and the personnel of both players, and the
// 1E facilities.
type Board struct {
	Missions   []BoardMission   `json:"missions"`
	Ships      []BoardShip      `json:"ships"`
	Personnel  []BoardPersonnel `json:"personnel"`
	Facilities []BoardFacility  `json:"facilities,omitempty"`
}

// A Location says where a personnel, ship or facility is: at a mission
// (on the planet, at the headquarters), aboard a ship, aboard a 1E
// facility, or in a player's brig ("you" or "opponent"), whoever owns the
// personnel: a personnel in a brig is a captive. One of them is set.
type Location struct {
	Mission  string `json:"mission,omitempty"`
	Ship     string `json:"ship,omitempty"`
	Facility string `json:"facility,omitempty"`
	Brig     string `json:"brig,omitempty"`
}

// BoardMission is a mission on the board. Card names a card whose statistics
// fill the fields left out; fields given override the card's.
type BoardMission struct {
	ID               string   `json:"id"`
	Owner            string   `json:"owner,omitempty"`
	Card             string   `json:"card,omitempty"`
	Title            string   `json:"title,omitempty"`
	Type             string   `json:"type,omitempty"`
	Quadrant         string   `json:"quadrant,omitempty"`
	Span             *int     `json:"span,omitempty"`
	Region           string   `json:"region,omitempty"`
	Points           *int     `json:"points,omitempty"`
	Requirements     string   `json:"requirements,omitempty"`
	Affiliations     []string `json:"affiliations,omitzero"`
	Completed        bool     `json:"completed,omitempty"`
	OvercomeDilemmas int      `json:"overcomeDilemmas,omitempty"`
	Play             []string `json:"play,omitempty"`
}

// BoardShip is a ship on the board.
type BoardShip struct {
	ID          string    `json:"id"`
	Owner       string    `json:"owner,omitempty"`
	Card        string    `json:"card,omitempty"`
	Title       string    `json:"title,omitempty"`
	Affiliation string    `json:"affiliation,omitempty"`
	Staffing    []string  `json:"staffing,omitempty"`
	Range       *int      `json:"range,omitempty"`
	RangeUsed   int       `json:"rangeUsed,omitempty"`
	Weapons     *int      `json:"weapons,omitempty"`
	Shields     *int      `json:"shields,omitempty"`
	At          *Location `json:"at,omitempty"`
	Stopped     bool      `json:"stopped,omitempty"`
	Damage      int       `json:"damage,omitempty"`
	// Docked is the id of the 1E facility the ship is docked at.
	Docked string `json:"docked,omitempty"`
	// Cloaked says a 1E ship is cloaked: it may not fire, nor attempt a
	// mission, until it decloaks.
	Cloaked bool `json:"cloaked,omitempty"`
}

// PersonnelStats are the statistics a personnel card states, as a board
// gives them (fields given override the card's) and as a card played from
// hand gives them inline: one description of a personnel's statistics for
// both.
type PersonnelStats struct {
	Affiliation     string   `json:"affiliation,omitempty"`
	Icons           []string `json:"icons,omitempty"`
	Skills          []string `json:"skills,omitempty"`
	Characteristics []string `json:"characteristics,omitempty"`
	Integrity       *int     `json:"integrity,omitempty"`
	Cunning         *int     `json:"cunning,omitempty"`
	Strength        *int     `json:"strength,omitempty"`
	Species         string   `json:"species,omitempty"`
}

// RequestPath is the path of a field as a request writes it, from the path
// encoding/json names in a decoding error ("board.personnel.integrity"):
// encoding/json goes through the Go name of an embedded struct
// ("board.personnel.PersonnelStats.integrity"), which no request writes.
func RequestPath(field string) string {
	embedded := embeddedStructs(reflect.TypeFor[AdjudicationRequest](), map[string]bool{})
	parts := strings.Split(field, ".")
	kept := parts[:0]
	for _, p := range parts {
		if !embedded[p] {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ".")
}

// embeddedStructs adds the names of the structs embedded in t and in the
// types of its fields to names.
func embeddedStructs(t reflect.Type, names map[string]bool) map[string]bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return names
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			names[f.Name] = true
		}
		embeddedStructs(f.Type, names)
	}
	return names
}

// BoardFacility is a 1E facility on the board: an outpost, a headquarters,
// a station, or a Nor (the station whose sites personnel walk between).
// Affiliations lists the affiliations of a multi-affiliation facility;
// Quadrant is its native quadrant (Alpha unless the card says otherwise),
// where it stands is At.
type BoardFacility struct {
	ID           string    `json:"id"`
	Owner        string    `json:"owner,omitempty"`
	Card         string    `json:"card,omitempty"`
	Title        string    `json:"title,omitempty"`
	Affiliation  string    `json:"affiliation,omitempty"`
	Affiliations []string  `json:"affiliations,omitempty"`
	Kind         string    `json:"kind,omitempty"`
	Quadrant     string    `json:"quadrant,omitempty"`
	At           *Location `json:"at,omitempty"`
	Shields      *int      `json:"shields,omitempty"`
}

// BoardPersonnel is a personnel on the board: its statistics, and where it
// is.
type BoardPersonnel struct {
	ID    string `json:"id"`
	Owner string `json:"owner,omitempty"`
	Card  string `json:"card,omitempty"`
	Title string `json:"title,omitempty"`
	PersonnelStats
	At      *Location `json:"at,omitempty"`
	Stopped bool      `json:"stopped,omitempty"`
	// Persona is the persona the personnel is a version of (the card
	// data's); versions of one persona are one personnel for uniqueness.
	Persona string `json:"persona,omitempty"`
}

// A Citation is an entry a verdict applied, with the sentence that decided.
type Citation struct {
	ID         string `json:"id"`
	DocumentID string `json:"documentId"`
	Title      string `json:"title"`
	Quote      string `json:"quote"`
	// Anchor is the anchor of the entry's paragraph the quote stands in.
	Anchor string `json:"anchor"`
}

// A Verdict answers an AdjudicationRequest: whether the thing asked is
// allowed (for yes/no questions), the figures behind it, the reasoning steps
// as sentences a player understands, and the entries applied.
type Verdict struct {
	Question  string     `json:"question"`
	Edition   string     `json:"edition"`
	Rules     string     `json:"rules"`
	Allowed   *bool      `json:"allowed,omitempty"`
	Result    Result     `json:"result"`
	Reasons   []string   `json:"reasons"`
	Citations []Citation `json:"citations"`
}

// A ReplayStep is one action of a turn replayed (turn.replay): its verdict
// as the action's question asked alone on the board the actions before it
// left answers it, and whether the action was legal. Legal is not always
// Allowed: a mission.resolve's allowed says the mission was completed, and
// a failed attempt is still a legal action (it stops those who attempted).
type ReplayStep struct {
	Question  string     `json:"question"`
	Allowed   *bool      `json:"allowed"`
	Legal     bool       `json:"legal"`
	Result    Result     `json:"result"`
	Reasons   []string   `json:"reasons"`
	Citations []Citation `json:"citations"`
}

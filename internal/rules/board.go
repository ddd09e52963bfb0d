package rules

import (
	"reflect"
	"strings"
)

// AdjudicationRequest is a board situation and one question about it, to be
// answered under the rules of one document (the newest rulebook of the edition
// when Rules is empty), with the question's params (nil for none).
//
// The request, the board and each question's params are described once,
// here and in params.go: every transport reads a request into these types
// with the API's decoder (api.DecodeAdjudication), REST's body, GraphQL's
// input, the page's form and the terminal's file alike. A field's limit
// tag names the limit it is read within (see Params). A new field of the
// request, the board or the params touches the type and the schemas:
//   - its type here, with its JSON name and its limit tag;
//   - the matching input in schema/schema.graphqls, under the same name
//     (for the board);
//   - its description for bots in api/openapi.json (which may describe a
//     field before the engine reads it).
//
// Then `go generate ./...` regenerates the rest: decodergen writes the
// decoder's field table (api/adjudicatejson_fields.go), gqlgen the
// GraphQL inputs, and oapi-codegen the Go client. Tests fail until all of
// that is done: TestAdjudicationInputIsTheDomainRequest (graph),
// TestGeneratedFileIsCurrent (api/internal/decodergen),
// TestDecodeAdjudicationKnowsEveryField and
// TestOpenAPIDescribesEveryBoardField (api). The engine reads the field
// where a rule needs it, when it decodes the board
// (internal/engine/decode.go), and writes it back only if a move changes
// it (encode.go keeps what the request gave).
type AdjudicationRequest struct {
	Edition  string `json:"edition" limit:"text"`
	Rules    string `json:"rules,omitempty" limit:"text"`
	Question string `json:"question" limit:"text"`
	Board    Board  `json:"board"`
	Params   Params `json:"params,omitempty"`
}

// A Board is the situation on the table: the missions (in 1E, in spaceline
// order per quadrant), the ships and the personnel of both players, and the
// 1E facilities.
type Board struct {
	Missions   []BoardMission   `json:"missions" limit:"missions"`
	Ships      []BoardShip      `json:"ships" limit:"ships"`
	Personnel  []BoardPersonnel `json:"personnel" limit:"personnel"`
	Facilities []BoardFacility  `json:"facilities,omitzero" limit:"facilities"`
}

// A Location says where a personnel, ship or facility is: at a mission
// (on the planet, at the headquarters), aboard a ship, aboard a 1E
// facility, or in a player's brig ("you" or "opponent"), whoever owns the
// personnel: a personnel in a brig is a captive. One of them is set.
type Location struct {
	Mission  string `json:"mission,omitempty" limit:"text"`
	Ship     string `json:"ship,omitempty" limit:"text"`
	Facility string `json:"facility,omitempty" limit:"text"`
	Brig     string `json:"brig,omitempty" limit:"text"`
}

// BoardMission is a mission on the board. Card names a card whose statistics
// fill the fields left out; fields given override the card's.
type BoardMission struct {
	ID               string   `json:"id" limit:"text"`
	Owner            string   `json:"owner,omitempty" limit:"word"`
	Card             string   `json:"card,omitempty" limit:"text"`
	Title            string   `json:"title,omitempty" limit:"text"`
	Type             string   `json:"type,omitempty" limit:"word"`
	Quadrant         string   `json:"quadrant,omitempty" limit:"word"`
	Span             *int     `json:"span,omitempty" limit:"span"`
	Region           string   `json:"region,omitempty" limit:"text"`
	Points           *int     `json:"points,omitempty" limit:"points"`
	Requirements     string   `json:"requirements,omitempty" limit:"requirement"`
	Affiliations     []string `json:"affiliations,omitzero" limit:"affiliations,word"`
	Completed        bool     `json:"completed,omitempty"`
	OvercomeDilemmas int      `json:"overcomeDilemmas,omitempty" limit:"overcomeDilemmas"`
	Play             []string `json:"play,omitzero" limit:"play,word"`
}

// BoardShip is a ship on the board.
type BoardShip struct {
	ID          string    `json:"id" limit:"text"`
	Owner       string    `json:"owner,omitempty" limit:"word"`
	Card        string    `json:"card,omitempty" limit:"text"`
	Title       string    `json:"title,omitempty" limit:"text"`
	Affiliation string    `json:"affiliation,omitempty" limit:"word"`
	Staffing    []string  `json:"staffing,omitzero" limit:"staffing,word"`
	Range       *int      `json:"range,omitempty" limit:"range"`
	RangeUsed   int       `json:"rangeUsed,omitempty" limit:"rangeUsed"`
	Weapons     *int      `json:"weapons,omitempty" limit:"weapons"`
	Shields     *int      `json:"shields,omitempty" limit:"shields"`
	At          *Location `json:"at,omitempty"`
	Stopped     bool      `json:"stopped,omitempty"`
	Damage      int       `json:"damage,omitempty" limit:"damage"`
	// Docked is the id of the 1E facility the ship is docked at.
	Docked string `json:"docked,omitempty" limit:"text"`
	// Cloaked says a 1E ship is cloaked: it may not fire, nor attempt a
	// mission, until it decloaks.
	Cloaked bool `json:"cloaked,omitempty"`
}

// PersonnelStats are the statistics a personnel card states, as a board
// gives them (fields given override the card's) and as a card played from
// hand gives them inline: one description of a personnel's statistics for
// both.
type PersonnelStats struct {
	Affiliation     string   `json:"affiliation,omitempty" limit:"word"`
	Icons           []string `json:"icons,omitzero" limit:"icons,word"`
	Skills          []string `json:"skills,omitzero" limit:"skills,skill"`
	Characteristics []string `json:"characteristics,omitzero" limit:"characteristics,word"`
	Integrity       *int     `json:"integrity,omitempty" limit:"integrity"`
	Cunning         *int     `json:"cunning,omitempty" limit:"cunning"`
	Strength        *int     `json:"strength,omitempty" limit:"strength"`
	Species         string   `json:"species,omitempty" limit:"word"`
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
	ID           string    `json:"id" limit:"text"`
	Owner        string    `json:"owner,omitempty" limit:"word"`
	Card         string    `json:"card,omitempty" limit:"text"`
	Title        string    `json:"title,omitempty" limit:"text"`
	Affiliation  string    `json:"affiliation,omitempty" limit:"word"`
	Affiliations []string  `json:"affiliations,omitzero" limit:"affiliations,word"`
	Kind         string    `json:"kind,omitempty" limit:"word"`
	Quadrant     string    `json:"quadrant,omitempty" limit:"word"`
	At           *Location `json:"at,omitempty"`
	Shields      *int      `json:"shields,omitempty" limit:"shields"`
}

// BoardPersonnel is a personnel on the board: its statistics, and where it
// is.
type BoardPersonnel struct {
	ID    string `json:"id" limit:"text"`
	Owner string `json:"owner,omitempty" limit:"word"`
	Card  string `json:"card,omitempty" limit:"text"`
	Title string `json:"title,omitempty" limit:"text"`
	PersonnelStats
	At      *Location `json:"at,omitempty"`
	Stopped bool      `json:"stopped,omitempty"`
	// Persona is the persona the personnel is a version of (the card
	// data's); versions of one persona are one personnel for uniqueness.
	Persona string `json:"persona,omitempty" limit:"text"`
}

// A Citation is an entry a verdict applied, with the sentence that decided.
type Citation struct {
	ID         string `json:"id"`
	DocumentID string `json:"documentId"`
	Title      string `json:"title"`
	Quote      string `json:"quote"`
	// Anchor is the anchor of the entry's paragraph the quote stands in.
	Anchor string `json:"anchor"`
	// written is the citation's JSON as the API writes it, made once by
	// the service holding the citation (WithWritten); "" when not made.
	written string
}

// WithWritten is c holding its JSON as write writes c's fields: a service
// whose citations are a fixed table (the engine's) has each written once
// when it is built, and the API's writer copies it into every verdict and
// step citing it rather than escaping its quote again. A citation's fields
// are not changed once it is written.
func (c Citation) WithWritten(write func(*Citation) []byte) Citation {
	c.written = ""
	c.written = string(write(&c))
	return c
}

// Written is the citation's JSON WithWritten made, "" when none was made.
func (c *Citation) Written() string { return c.written }

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
	// GovernedBy is the document that governs the one judged under (the
	// 1E Current Rulings the 1E rulebook; the newest 2E rulebook the
	// earlier ones) when a rule of it the engine applies bears on the
	// board: the rules value to ask under. Empty otherwise.
	GovernedBy string `json:"governedBy,omitempty"`
	// GoverningDiffers says whether the question judged under GovernedBy
	// is answered otherwise (allowed or the result's figures); nil when
	// GovernedBy is empty or the board does not hold what it needs there.
	GoverningDiffers *bool `json:"governingDiffers,omitempty"`
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

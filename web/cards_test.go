package web

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestCardValuesAreInTheGamesWords(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/cards/2e-1-1")
	checkPage(t, r, 200, []string{"<dt>Card type</dt><dd>Ship</dd>", "<dt>Affiliation</dt><dd>Federation</dd>", "<dt>Staffing</dt><dd>Staff</dd>",
		"Second Edition · Ship · Federation", `data-fallback="The card's image could not be loaded."`}, []string{"<dd>ship</dd>", "<dd>federation</dd>"})
}

func TestCardRulingsAreApartFromRulesThatMentionIt(t *testing.T) {
	card := &rules.Card{ID: "1e-1-1", Edition: "1e", Title: "Tantalus Field"}
	es := []*rules.Entry{
		{ID: "r.tantalus-field", Kind: rules.KindRuling, Title: "Tantalus Field", DocumentID: "r", Edition: "1e",
			Text: "Tantalus Field may not target a cloaked ship:\n\nthat is, one with its cloak up."},
		{ID: "g2.cloaking", Kind: rules.KindGlossary, Title: "Cloaking", DocumentID: "g2", Edition: "1e",
			Text: "A cloaked ship is hidden. Nothing targets it. Not even the Tantalus Field: it needs line of sight. More text follows here."},
		{ID: "g1.cloaking", Kind: rules.KindGlossary, Title: "Cloaking", DocumentID: "g1", Edition: "1e", Text: "An older cloaking entry."},
	}
	on, mentions := groupRulings(card, es, map[string]rules.Document{"g1": {ID: "g1", Title: "Old Rulebook"}})
	if len(on) != 1 || on[0].Entry.ID != "r.tantalus-field" || len(on[0].Excerpt) != 2 {
		t.Fatalf("rulings on the card: %+v", on)
	}
	if len(mentions) != 1 || mentions[0].Entry.ID != "g2.cloaking" || len(mentions[0].Also) != 1 || mentions[0].Also[0].DocTitle != "Old Rulebook" {
		t.Fatalf("mentions: %+v", mentions)
	}
	if got := mentions[0].Excerpt; len(got) != 1 || got[0] != "Not even the Tantalus Field: it needs line of sight." {
		t.Errorf("mention excerpt = %q", got)
	}
}

// A term nothing defines and none is near offers, as define does, the
// entries whose text explains it, each at its paragraph, labelled by kind.
func TestSuggestionsOfferWhatExplainsATermNothingDefines(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	var s suggestions
	if err := json.Unmarshal([]byte(get(t, srv, "/suggest?q=ship+hop").body), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Suggestions) == 0 || s.Suggestions[0].Kind != rules.KindSection || s.Suggestions[0].Label != "Move Ships" ||
		s.Suggestions[0].URL != "/entries/2e-rulebook.section.turn.move-ships#p-each-ship-spends-range-to" || !strings.Contains(s.Suggestions[0].Note, "explains") {
		t.Errorf("suggestions %+v", s.Suggestions)
	}
}

func TestSuggestionsOfferTermsAndCards(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	var s suggestions
	r := get(t, srv, "/suggest?q=Stopped")
	if err := json.Unmarshal([]byte(r.body), &s); err != nil || r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if len(s.Suggestions) < 2 || s.Suggestions[0].Kind != "glossary" || s.Suggestions[0].URL != "/entries/2e-rulebook.glossary.stopped" ||
		s.Suggestions[1].URL != "/entries/1e-rulebook.glossary.stopped" {
		t.Errorf("term suggestions: %+v", s.Suggestions)
	}
	cardsOf := func(q string) []suggestion {
		var s suggestions
		_ = json.Unmarshal([]byte(get(t, srv, "/suggest?q="+q).body), &s)
		var out []suggestion
		for _, sg := range s.Suggestions {
			if sg.Kind == "card" {
				out = append(out, sg)
			}
		}
		return out
	}
	if got := cardsOf("cargo"); len(got) != 1 || got[0].URL != "/cards/named?exact=Cargo+Vessel" || got[0].Note != "several cards" {
		t.Errorf("a name of several cards: %+v", got)
	}
	if got := cardsOf("scout"); len(got) != 1 || got[0].URL != "/cards/2e-1-1" || got[0].Note != "2E Ship" {
		t.Errorf("one card's name: %+v", got)
	}
	// Words no name starts with find the cards they fit as the look-up by
	// name does: each name once, a name of several cards to its chooser.
	if got := cardsOf("vessel"); len(got) != 2 || got[0].URL != "/cards/2e-1-1" || got[1].URL != "/cards/named?exact=Cargo+Vessel" {
		t.Errorf("a name the look-up finds: %+v", got)
	}
	for _, q := range []string{"", strings.Repeat("x", 300)} {
		r = get(t, srv, "/suggest?q="+url.QueryEscape(q))
		if r.status != 200 || !strings.Contains(r.body, `"suggestions":[]`) {
			t.Errorf("q of %d characters: %d %s", len(q), r.status, r.body)
		}
	}
}

func TestEmbedLookUpAnswersACardChoicesOrNearNames(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	look := func(q string) embedAnswer {
		t.Helper()
		r := get(t, srv, "/embed/card?"+q)
		if r.status != 200 || r.header.Get("Access-Control-Allow-Origin") != "*" {
			t.Fatalf("%s: %d %v %s", q, r.status, r.header, r.body)
		}
		var a embedAnswer
		if err := json.Unmarshal([]byte(r.body), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	if a := look("name=scout+vessel&edition=2e"); a.Card == nil || a.Card.ID != "2e-1-1" || a.Card.Rulings != 1 || !strings.HasSuffix(a.Card.URL, "/cards/2e-1-1") {
		t.Errorf("one card: %+v", a)
	}
	if a := look("name=Cargo+Vessel&edition=1e"); a.Card == nil || a.Card.ID != "1e-1-9" {
		t.Errorf("a name of both editions, in the page's edition: %+v", a)
	}
	if a := look("name=Cargo+Vessel"); a.Card != nil || len(a.Choices) != 2 || a.Choices[0].ID != "2e-1-5" || !strings.HasSuffix(a.Choices[1].URL, "/cards/1e-1-9") {
		t.Errorf("a name of both editions, no edition: %+v", a)
	}
	if a := look("name=Scout+Vessel&edition=1e"); a.Card == nil || a.Card.ID != "2e-1-1" || !a.OtherEdition {
		t.Errorf("a name only the other edition has: %+v", a)
	}
	if a := look("name=Nothing+Like+It"); a.Card != nil || len(a.Suggestions) != 1 || a.Message == "" || !strings.Contains(a.Suggestions[0].URL, "/cards/named?exact=Scout+Vessel") {
		t.Errorf("no card: %+v", a)
	}
	if r := get(t, srv, "/embed/card"); r.status != 400 || !strings.Contains(r.body, "?name=") {
		t.Errorf("no name: %d %s", r.status, r.body)
	}
	// An id no card has is said to be an id no card has, not a name.
	if a := look("id=2e-9-404"); a.Card != nil || a.Message != `No card has the id "2e-9-404".` {
		t.Errorf("an id no card has: %+v", a)
	}
	// One card asked one way, as a collection's identifier: a name beside
	// an id, or an edition beside an id, was ignored.
	for q, field := range map[string]string{"id=2e-1-1&name=Cargo+Vessel": "id", "id=2e-1-1&edition=1e": "edition"} {
		r := get(t, srv, "/embed/card?"+q)
		if r.status != 400 || !strings.Contains(r.body, `"code":"invalid_request"`) || !strings.Contains(r.body, `"field":"`+field+`"`) {
			t.Errorf("%s: %d %s, want 400 naming %s", q, r.status, r.body, field)
		}
	}
}

func TestLoreMarkupIsRenderedAndNothingElse(t *testing.T) {
	for in, want := range map[string]string{
		"First met the <i>U.S.S. Enterprise</i> near <b>Ohniaka</b>.": "First met the <em>U.S.S. Enterprise</em> near <strong>Ohniaka</strong>.",
		"An <i>open tag and a <script>x</script>":                     "An <em>open tag and a &lt;script&gt;x&lt;/script&gt;</em>",
		"A stray </b> close": "A stray  close",
	} {
		if got := string(loreHTML(in)); got != want {
			t.Errorf("loreHTML(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTheCardFaceSaysWhatTheDataLacks(t *testing.T) {
	bare := &rules.Card{ID: "2e-1-9", Edition: "2e", Title: "Ensign Reed", Type: "personnel", Affiliation: "federation", Lore: "A <i>plucky</i> helmsman."}
	f := newCardFace(bare)
	if f.TypeLine != "Personnel — Federation" || string(f.Lore) != "A <em>plucky</em> helmsman." {
		t.Errorf("face %+v", f)
	}
	if f.LacksSentence != "The card data does not hold this card’s icons, skills, Integrity, Cunning, Strength, species, cost and uniqueness. The printed card has them; the adjudicator asks for its icons, skills, Integrity, Cunning, Strength and cost rather than guess." {
		t.Errorf("lacks %q", f.LacksSentence)
	}
	no := false
	full := &rules.Card{ID: "2e-1-10", Edition: "2e", Title: "Kwan", Type: "personnel", Affiliation: "bajoran", Icons: []string{"staff"}, Skills: []rules.Skill{{Name: "Physics", Level: 2}},
		Integrity: rules.IntPtr(6), Cunning: rules.IntPtr(5), Strength: rules.IntPtr(5), Species: "Bajoran", Cost: rules.IntPtr(1), Unique: &no}
	f = newCardFace(full)
	if f.LacksSentence != "" || f.Stats != "Integrity 6 · Cunning 5 · Strength 5" || f.Cost != "1" || len(f.Lines) != 3 || f.Lines[1].Value != "2 Physics" {
		t.Errorf("face %+v", f)
	}
	yes := true
	hq := &rules.Card{ID: "2e-1-11", Edition: "2e", Title: "Earth", Type: "mission", MissionType: "headquarters", Quadrant: "alpha", Span: rules.IntPtr(2), Unique: &yes}
	if f := newCardFace(hq); f.LacksSentence != "" {
		t.Errorf("a headquarters lacks %q", f.LacksSentence)
	}
}

// A card known only from a rulebook's card list: the data lacks what every
// card of its edition prints (a 2E cost, whether it is unique) besides what
// its kind prints, and the adjudicator is said to ask only for what it uses.
func TestTheCardFaceSaysWhatEveryCardOfItsEditionPrints(t *testing.T) {
	for _, tc := range []struct {
		card *rules.Card
		want string
	}{
		{&rules.Card{ID: "2e-1-20", Edition: "2e", Title: "Ion Squall", Type: "dilemma"},
			"The card data does not hold this card’s game text, cost and uniqueness. The printed card has them; the adjudicator asks for its cost rather than guess."},
		{&rules.Card{ID: "2e-1-21", Edition: "2e", Title: "Far Shore", Type: "mission", MissionType: "planet", Span: rules.IntPtr(3), Points: rules.IntPtr(30), Requirements: "2 Geology"},
			"The card data does not hold this card’s quadrant and uniqueness. The printed card has them."},
		{&rules.Card{ID: "2e-1-22", Edition: "2e", Title: "Tug", Type: "ship", Affiliation: "non-aligned", Range: rules.IntPtr(6), Weapons: rules.IntPtr(4), Shields: rules.IntPtr(5), Staffing: []string{"staff"}, Unique: new(bool)},
			"The card data does not hold this card’s cost. The printed card has it; the adjudicator asks for it rather than guess."},
		// First Edition cards print no cost; their uniqueness is in the data.
		{&rules.Card{ID: "1e-1-20", Edition: "1e", Title: "Ion Squall", Type: "dilemma"},
			"The card data does not hold this card’s game text. The printed card has it."},
	} {
		if got := newCardFace(tc.card).LacksSentence; got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.card.ID, got, tc.want)
		}
	}
}

func TestCardStatsSayUniversalAndExtendedShields(t *testing.T) {
	c := &rules.Card{ID: "1e-1-30", Edition: "1e", Title: "Relay Post", Type: "facility", Unique: new(bool), Universal: true,
		Shields: rules.IntPtr(30), ExtendedShieldsPercentage: func() *float64 { v := 0.25; return &v }()}
	got := map[string]string{}
	for _, s := range cardStats(c) {
		got[s.Label] = s.Value
	}
	if got["Universal"] != "yes" || got["Shields extended to a docked ship"] != "25%" || got["Unique"] != "no" {
		t.Errorf("stats %v", got)
	}
	for _, tc := range []struct{ title, persona, want string }{{"The Quiet Twin", "Marek Solvane", "Marek Solvane"}, {"Marek Solvane", "Marek Solvane", ""}} {
		got := ""
		for _, s := range cardStats(&rules.Card{ID: "1e-1-31", Edition: "1e", Title: tc.title, Type: "personnel", Persona: tc.persona}) {
			if s.Label == "Persona" {
				got = s.Value
			}
		}
		if got != tc.want {
			t.Errorf("%s of persona %s: persona shown %q, want %q", tc.title, tc.persona, got, tc.want)
		}
	}
	if _, ok := got["Universal"]; ok {
		c.Universal = false
		for _, s := range cardStats(c) {
			if s.Label == "Universal" {
				t.Errorf("a card that is not universal is said to be")
			}
		}
	}
}

func TestACardOutsideTheRulingsCoverageIsSaidSo(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/cards/1e-1-9") // Cargo Vessel: C, outside H-Z
	if r.status != 200 || !strings.Contains(r.body, "Rulings and errata on this card may be missing: Current Rulings (H-Z) is held for titles H to Z only: a ruling on Cargo Vessel would stand in the part not held.") ||
		!strings.Contains(r.body, "Rulings and errata are read from First Edition Rulebook and Current Rulings (H-Z) (titles H–Z only).") {
		t.Errorf("A-G card: %d %s", r.status, r.body)
	}
	r = get(t, srv, "/cards/1e-1-10") // The Quiet Twin: read without its article, Q
	if r.status != 200 || !strings.Contains(r.body, "No ruling or erratum in the documents read is about this card.") || strings.Contains(r.body, "may be missing") {
		t.Errorf("a Q card is covered: %d %s", r.status, r.body)
	}
	if r := get(t, srv, "/embed/cards/2e-1-1"); !strings.Contains(r.body, "1 ruling") || strings.Contains(r.body, "not all held") {
		t.Errorf("an embedded card whose rulings are covered: %s", r.body)
	}
	if r := get(t, srv, "/embed/cards/1e-1-9"); !strings.Contains(r.body, "0 rulings <span") || !strings.Contains(r.body, "(not all held)") {
		t.Errorf("an embedded card outside the rulings held: %s", r.body)
	}
}

// A card found by its persona's name says it is a version of that persona,
// not merely the nearest name.
func TestACardFoundByItsPersonaSaysSo(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	r := get(t, srv, "/cards/1e-1-10?asked=Marek+Solvane&match=fuzzy")
	if r.status != 200 || !strings.Contains(r.body, "No card is titled “Marek Solvane”: The Quiet Twin is a version of that persona.") ||
		!strings.Contains(r.body, "<dt>Persona</dt>") {
		t.Errorf("%d %s", r.status, r.body)
	}
	if r := get(t, srv, "/cards/1e-1-10?asked=Quiet+Twn&match=fuzzy"); !strings.Contains(r.body, "this is the nearest") {
		t.Errorf("a typo of the title read as a persona: %s", r.body)
	}
}

// The embed's JSON errors are in the API's shape, details and all: a fan
// site's script reads which parameter was wrong as it reads REST's.
func TestEmbedErrorsAreInTheAPIShape(t *testing.T) {
	srv := newTestServer(t, fullConfig())
	for q, field := range map[string]string{"": "name", "name=Scout+Vessel&edition=3e": "edition"} {
		r := get(t, srv, "/embed/card?"+q)
		var e struct {
			Error struct {
				Code    string         `json:"code"`
				Message string         `json:"message"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(r.body), &e); err != nil || r.status != 400 || e.Error.Code != rules.EINVALID || e.Error.Details["field"] != field {
			t.Errorf("%q: %d %s, want 400 with details.field %q", q, r.status, r.body, field)
		}
	}
	if r := get(t, srv, "/oembed"); !strings.Contains(r.body, `"details":{"field":"url"}`) {
		t.Errorf("oembed without a url: %d %s, want details", r.status, r.body)
	}
}

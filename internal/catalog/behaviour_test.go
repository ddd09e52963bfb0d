package catalog_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// sampleCatalog is a small catalog of invented cards and entries.
func sampleCatalog() *catalog.Catalog {
	cards := []*rules.Card{
		{ID: "2e-9-1", Edition: "2e", Set: "9", SetName: "Far Frontier", Number: "1", Title: "Escape", Type: "interrupt"},
		{ID: "2e-9-2", Edition: "2e", Set: "9", Number: "2", Title: "Tavor", Subtitle: "Quiet Listener", Type: "personnel", Affiliation: "romulan"},
		{ID: "2e-9-3", Edition: "2e", Set: "9", Number: "3", Title: "Kestra System", Subtitle: "Chart Nebula", MissionName: "Chart Nebula", Location: "Kestra System", Type: "mission",
			Errata: []rules.Erratum{{Field: "requirements", Corrected: "Physics", Source: "new.glossary.chart-nebula"}}},
		{ID: "1e-101-4", Edition: "1e", Set: "101", SetName: "Old Days", Number: "4", Title: "Tavor", Type: "personnel", Affiliation: "klingon/romulan"},
		{ID: "2e-9-5", Edition: "2e", Set: "9", Number: "5", Title: "I.K.S. Brakk", Type: "ship", Affiliation: "klingon"},
		{ID: "2e-9-6", Edition: "2e", Set: "9", Number: "6", Title: "Cargo Hauler", Type: "ship", Affiliation: "non-aligned"},
	}
	entries := []*rules.Entry{
		{ID: "old.glossary.escaping", Kind: rules.KindGlossary, Title: "escaping", DocumentID: "old", Edition: "2e", Text: "A personnel may escape when ... but Escape lets you.", Order: 1},
		{ID: "old.glossary.running", Kind: rules.KindGlossary, Title: "running", DocumentID: "old", Edition: "2e", Text: "Only the verb: they escape.", Order: 2},
		{ID: "new.glossary.chart-nebula", Kind: rules.KindGlossary, Title: "Chart Nebula", DocumentID: "new", Edition: "2e", Text: "This mission has received an erratum.", Order: 1},
		{ID: "new.glossary.escape", Kind: rules.KindGlossary, Title: "Escape", DocumentID: "new", Edition: "2e", Text: "A ruling.", Order: 2},
		{ID: "new.glossary.other", Kind: rules.KindGlossary, Title: "other", DocumentID: "new", Edition: "2e", Text: "As with Escape, and I.K.S. Brakk too.", Order: 0},
		{ID: "first.ruling.tavor", Kind: rules.KindRuling, Title: "Tavor", DocumentID: "first", Edition: "1e", Text: "A 1E ruling.", Order: 1},
	}
	docs := []rules.Document{{ID: "old", Edition: "2e", Precedence: 1}, {ID: "new", Edition: "2e", Precedence: 2}, {ID: "first", Edition: "1e", Precedence: 1}}
	return catalog.New(cards, entries, catalog.WithDocuments(docs))
}

func ids(es []*rules.Entry) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

func TestRulingsNameTheCardAsWrittenGoverningFirst(t *testing.T) {
	cat := sampleCatalog()
	ctx := context.Background()
	for id, want := range map[string][]string{
		// The newer document first; within it the entry titled by the card;
		// the verb "escape" does not name the card.
		"2e-9-1":   {"new.glossary.escape", "new.glossary.other", "old.glossary.escaping"},
		"2e-9-3":   {"new.glossary.chart-nebula"}, // by mission name, and as the errata's source
		"2e-9-5":   {"new.glossary.other"},        // I.K.S. written with dots
		"1e-101-4": {"first.ruling.tavor"},        // only entries of the card's edition
		"2e-9-2":   {},
	} {
		got, err := cat.CardRulings(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ids(got), want) {
			t.Errorf("%s: %v, want %v", id, ids(got), want)
		}
	}
	if _, err := cat.CardRulings(ctx, "2e-9-99"); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("unknown card: %v", err)
	}
}

func TestFuzzyPrefersTitleOverSubtitleAlone(t *testing.T) {
	cat := sampleCatalog()
	card, err := cat.CardNamed(context.Background(), "Quiet Listener", true, "2e")
	if err != nil || card.ID != "2e-9-2" {
		t.Fatalf("subtitle alone: %v %v", card, err)
	}
	card, err = cat.CardNamed(context.Background(), "tavor", true, "1e")
	if err != nil || card.ID != "1e-101-4" {
		t.Fatalf("edition narrows: %v %v", card, err)
	}
	_, err = cat.CardNamed(context.Background(), "tavor", false, "")
	if rules.ErrorCode(err) != rules.EAMBIGUOUS || !reflect.DeepEqual(rules.ErrorDetails(err)["ids"], []string{"1e-101-4", "2e-9-2"}) {
		t.Fatalf("both editions: %v %v", err, rules.ErrorDetails(err))
	}
}

func TestShortWordsNeedExactSpelling(t *testing.T) {
	cat := sampleCatalog()
	// "iks" is three letters: no typo forgiven, so "ikx" finds nothing.
	if _, err := cat.CardNamed(context.Background(), "ikx", true, ""); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("got %v", err)
	}
}

func TestAutocompleteMatchesTheStartOfAWord(t *testing.T) {
	cat := sampleCatalog()
	ctx := context.Background()
	for _, tc := range []struct {
		prefix  string
		edition rules.Edition
		want    []string
	}{
		{"ta", "", []string{"Tavor", "Tavor, Quiet Listener"}}, // the title's start
		{"neb", "", []string{"Kestra System, Chart Nebula"}},   // a word's start
		{"ra", "", []string{}},                                 // inside a word: "Kestra" is not named so
		{"tavor", "1e", []string{"Tavor"}},                     // the edition's cards only
		{"tavor", "2e", []string{"Tavor, Quiet Listener"}},
		{"q", "", []string{"Tavor, Quiet Listener"}},
	} {
		got, err := autocompleted(cat.Autocomplete(ctx, tc.prefix, tc.edition, 10))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q %q: got %v, want %v", tc.prefix, tc.edition, got, tc.want)
		}
	}
	if got, _ := autocompleted(cat.Autocomplete(ctx, "t", "", 1)); len(got) != 1 {
		t.Errorf("limit 1: %v", got)
	}
}

func TestCardsAffiliationMatchesAnyOfSeveral(t *testing.T) {
	cat := sampleCatalog()
	got, total, err := cat.Cards(context.Background(), rules.CardFilter{Affiliation: "Romulan"})
	if err != nil || total != 2 || len(got) != 2 {
		t.Fatalf("%v %d %v", got, total, err)
	}
	if _, _, err := cat.Cards(context.Background(), rules.CardFilter{Limit: 101}); rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != "limit" {
		t.Errorf("a page past the bound: %v", err)
	}
}

// An affiliation or a set the cards do not have matches nothing: it is a
// mistake named back with what the data holds, as an unknown type is, not
// an empty page. A set is named by its number; its name is pointed to it.
func TestCardsUnknownAffiliationOrSetIsNamed(t *testing.T) {
	cat := sampleCatalog()
	ctx := context.Background()
	for aff, want := range map[string]int{"Klingons": 2, "KLINGON": 2, "Non Aligned": 1, "non-aligned": 1} {
		if _, total, err := cat.Cards(ctx, rules.CardFilter{Affiliation: aff}); err != nil || total != want {
			t.Errorf("affiliation=%q: %d cards, %v", aff, total, err)
		}
	}
	_, _, err := cat.Cards(ctx, rules.CardFilter{Affiliation: "klingn"})
	affs, _ := rules.ErrorDetails(err)["affiliations"].([]string)
	if rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != "affiliation" || !slices.Equal(affs, []string{"klingon", "non-aligned", "romulan"}) {
		t.Errorf("affiliation=klingn: %v, details %v", err, rules.ErrorDetails(err))
	}
	if _, total, err := cat.Cards(ctx, rules.CardFilter{Set: "09"}); err != nil || total != 5 {
		t.Errorf("set=09: %d cards, %v", total, err)
	}
	// A set of the other edition than the one asked can match no card, as
	// a search's document of the other edition cannot: named, not an empty
	// page.
	if _, _, err := cat.Cards(ctx, rules.CardFilter{Set: "101", Edition: "2e"}); rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != "set" {
		t.Errorf("a set of the other edition: %v", err)
	}
	// So is an affiliation or a type only the other edition's cards have,
	// which the cards of every edition hold.
	_, _, err = cat.Cards(ctx, rules.CardFilter{Affiliation: "Non Aligned", Edition: "1e"})
	if affs, _ := rules.ErrorDetails(err)["affiliations"].([]string); rules.ErrorCode(err) != rules.EINVALID || !slices.Equal(affs, []string{"klingon", "romulan"}) {
		t.Errorf("affiliation=Non Aligned of 1E: %v, details %v", err, rules.ErrorDetails(err))
	}
	if _, _, err := cat.Cards(ctx, rules.CardFilter{Type: "interrupts", Edition: "1e"}); rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != "type" {
		t.Errorf("type=interrupts of 1E: %v", err)
	}
	if _, total, err := cat.Cards(ctx, rules.CardFilter{Type: "interrupts", Edition: "2e"}); err != nil || total != 1 {
		t.Errorf("type=interrupts of 2E: %d cards, %v", total, err)
	}
	_, _, err = cat.Cards(ctx, rules.CardFilter{Set: "Far Frontier"})
	if rules.ErrorCode(err) != rules.EINVALID || rules.ErrorDetails(err)["field"] != "set" || !strings.Contains(rules.ErrorMessage(err), "set 9") {
		t.Errorf("set=Far Frontier: %v, details %v", err, rules.ErrorDetails(err))
	}
	_, _, err = cat.Cards(ctx, rules.CardFilter{Set: "77"})
	sets, _ := rules.ErrorDetails(err)["sets"].([]catalog.SetName)
	if rules.ErrorCode(err) != rules.EINVALID || len(sets) != 2 || sets[0].Set != "9" || sets[1].SetName != "Old Days" {
		t.Errorf("set=77: %v, details %v", err, rules.ErrorDetails(err))
	}
}

// versionsCatalog holds two versions of one persona and a card naming it in
// its subtitle.
func versionsCatalog() *catalog.Catalog {
	return catalog.New([]*rules.Card{
		{ID: "2e-9-10", Edition: "2e", Set: "9", Number: "10", Title: "Kell", Subtitle: "Keeper of Vorn", Type: "personnel"},
		{ID: "2e-9-11", Edition: "2e", Set: "9", Number: "11", Title: "Vorn", Subtitle: "Loyal Aide", Type: "personnel"},
		{ID: "2e-9-12", Edition: "2e", Set: "9", Number: "12", Title: "Vorn", Subtitle: "Fleet Captain", Type: "personnel"},
	}, nil)
}

func TestFuzzySmallWordsDoNotDecide(t *testing.T) {
	cat := versionsCatalog()
	// "of" is on Kell's card too, but the title Vorn leads the query.
	_, err := cat.CardNamed(context.Background(), "Vorn, Son of Tarak", true, "")
	if rules.ErrorCode(err) != rules.EAMBIGUOUS || !reflect.DeepEqual(rules.ErrorDetails(err)["ids"], []string{"2e-9-12", "2e-9-11"}) {
		t.Fatalf("got %v %v", err, rules.ErrorDetails(err))
	}
}

func TestFuzzySubtitleWordPicksTheVersion(t *testing.T) {
	cat := versionsCatalog()
	for name, id := range map[string]string{"Vorn Loyal": "2e-9-11", "vorn captain": "2e-9-12", "Vorn, Fleet": "2e-9-12"} {
		card, err := cat.CardNamed(context.Background(), name, true, "")
		if err != nil || card.ID != id {
			t.Errorf("%q: %v %v, want %s", name, card, err, id)
		}
	}
}

func TestRulingsNameACardNotALongerNameHoldingIt(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-9-1", Edition: "1e", Set: "9", Number: "1", Title: "Worf", Type: "personnel"},
		{ID: "1e-9-2", Edition: "1e", Set: "9", Number: "2", Title: "Captain Worf", Type: "personnel"},
		{ID: "1e-9-3", Edition: "1e", Set: "9", Number: "3", Title: "Explore Black Cluster", Type: "mission"},
	}
	entries := []*rules.Entry{
		// A ruling titled by a card the data lacks: its name holds "Worf".
		{ID: "r.regent-worf", Kind: rules.KindRuling, Title: "Regent Worf", DocumentID: "r", Edition: "1e", Text: "When Regent Worf assigns a commander ...", Order: 1},
		{ID: "r.mission-ii", Kind: rules.KindRuling, Title: "Mission II", DocumentID: "r", Edition: "1e", Text: "You could seed one Explore Black Cluster II and one outpost.", Order: 2},
		{ID: "r.no-way-out", Kind: rules.KindRuling, Title: "No Way Out", DocumentID: "r", Edition: "1e", Text: "You score points only for Worf.", Order: 3},
		{ID: "r.captain", Kind: rules.KindRuling, Title: "Command", DocumentID: "r", Edition: "1e", Text: "Captain Worf commands it.", Order: 4},
	}
	cat := catalog.New(cards, entries)
	for id, want := range map[string][]string{
		"1e-9-1": {"r.no-way-out"},
		"1e-9-2": {"r.captain"},
		"1e-9-3": {},
	} {
		got, err := cat.CardRulings(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ids(got), want) {
			t.Errorf("%s: %v, want %v", id, ids(got), want)
		}
	}
}

func TestVersionsAreTheOtherCardsOfATitlePersonaOrMission(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-9-1", Edition: "1e", Set: "9", Number: "1", Title: "Worf", Type: "personnel"},
		{ID: "1e-12-5", Edition: "1e", Set: "12", Number: "5", Title: "Captain Worf", Persona: "Worf", Type: "personnel"},
		{ID: "2e-3-7", Edition: "2e", Set: "3", Number: "7", Title: "Worf", Subtitle: "Son of Mogh", Type: "personnel"},
		{ID: "2e-1-20", Edition: "2e", Set: "1", Number: "20", Title: "Worf", Subtitle: "Security Chief", Type: "personnel"},
		{ID: "1e-9-40", Edition: "1e", Set: "9", Number: "40", Title: "Scan Nebula", Type: "mission"},
		{ID: "2e-1-80", Edition: "2e", Set: "1", Number: "80", Title: "Sector 12", Subtitle: "Scan Nebula", MissionName: "Scan Nebula", Type: "mission"},
		{ID: "2e-1-81", Edition: "2e", Set: "1", Number: "81", Title: "Kurn", Type: "personnel"},
	}
	cat := catalog.New(cards, nil)
	for id, want := range map[string][]string{
		"1e-9-1":  {"1e-12-5", "2e-1-20", "2e-3-7"},
		"1e-12-5": {"1e-9-1", "2e-1-20", "2e-3-7"},
		"2e-3-7":  {"2e-1-20", "1e-9-1", "1e-12-5"},
		"1e-9-40": {"2e-1-80"},
		"2e-1-80": {"1e-9-40"},
		"2e-1-81": {},
	} {
		card, err := cat.Card(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(card.Versions, want) {
			t.Errorf("%s versions %v, want %v", id, card.Versions, want)
		}
	}
	if cards[0].Versions != nil {
		t.Error("the catalog wrote its versions into the cards it was given")
	}
	b, _ := json.Marshal(mustCard(t, cat, "2e-1-81"))
	if !strings.Contains(string(b), `"versions":[]`) {
		t.Errorf("a card without versions should say so with an empty list: %s", b)
	}
}

// On the real corpus: both editions' Picards are versions of each other.
func TestVersionsOfARealCardSpanBothEditions(t *testing.T) {
	cat := realCatalog(t)
	card := mustCard(t, cat, "2e-1-267")
	for _, id := range []string{"2e-1-268", "1e-101-215"} {
		if !slices.Contains(card.Versions, id) {
			t.Errorf("Jean-Luc Picard, Argo Pilot: versions %v lack %s", card.Versions, id)
		}
	}
	if card.Versions[0] != "2e-1-268" {
		t.Errorf("the card's own edition should come first: %v", card.Versions)
	}
	for _, id := range card.Versions {
		other := mustCard(t, cat, id)
		if !slices.Contains(other.Versions, card.ID) {
			t.Errorf("%s is a version of %s but not the other way round", id, card.ID)
		}
	}
}

func mustCard(t *testing.T, cat *catalog.Catalog, id string) *rules.Card {
	t.Helper()
	card, err := cat.Card(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return card
}

// A name that fits a card of each edition is told apart by an edition, and
// the refusal says so, whether or not the full names differ.
func TestAmbiguousAcrossEditionsSaysAnEditionTellsThemApart(t *testing.T) {
	_, err := sampleCatalog().CardNamed(context.Background(), "Tavor", false, "")
	if rules.ErrorCode(err) != rules.EAMBIGUOUS || !strings.Contains(rules.ErrorMessage(err), "add an edition") {
		t.Errorf("Tavor in both editions: %v", err)
	}
}

// A card the name look-up finds by forgiving a typo says so (Match fuzzy),
// so a board or a card play naming it can say which card it read; one
// named exactly carries no such mark.
func TestCardNamedMarksALooseReading(t *testing.T) {
	cat := sampleCatalog()
	loose, err := cat.CardNamed(context.Background(), "Tavor, Quiet Listner", true, "2e")
	if err != nil || loose.ID != "2e-9-2" || loose.Match != rules.MatchFuzzy {
		t.Errorf("a typo: %+v, %v", loose, err)
	}
	exact, err := cat.CardNamed(context.Background(), "Tavor, Quiet Listener", true, "2e")
	if err != nil || exact.ID != "2e-9-2" || exact.Match == rules.MatchFuzzy {
		t.Errorf("the name as printed: %+v, %v", exact, err)
	}
	if again, _ := cat.Card(context.Background(), "2e-9-2"); again.Match != "" {
		t.Errorf("the catalog's own card was marked: %q", again.Match)
	}
}

// A refused filter suggests what it may mean: the value its text is within
// a word's typos of, nearest first (details.suggestions), a set by its
// number, of the set whose name (or misspelt name) it gives; never a
// value of an edition not asked.
func TestARefusedCardFilterSuggestsTheValueMeant(t *testing.T) {
	cat := sampleCatalog()
	ctx := context.Background()
	for _, c := range []struct {
		f    rules.CardFilter
		want []string
	}{
		{rules.CardFilter{Affiliation: "klingn"}, []string{"klingon"}},
		{rules.CardFilter{Affiliation: "nonaligned"}, []string{"non-aligned"}},
		{rules.CardFilter{Affiliation: "Romulin", Edition: "2e"}, []string{"romulan"}},
		{rules.CardFilter{Affiliation: "Cardassian"}, []string{}},
		{rules.CardFilter{Type: "personel"}, []string{"personnel"}},
		{rules.CardFilter{Type: "shipp"}, []string{"ship"}},
		{rules.CardFilter{Set: "Far Frontier"}, []string{"9"}},
		{rules.CardFilter{Set: "far frontir"}, []string{"9"}},
		{rules.CardFilter{Set: "Old Dayz", Edition: "2e"}, []string{}},
	} {
		_, _, err := cat.Cards(ctx, c.f)
		got, _ := rules.ErrorDetails(err)["suggestions"].([]string)
		if rules.ErrorCode(err) != rules.EINVALID || !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, suggestions %q, want %q", c.f, err, got, c.want)
		}
	}
}

// A list's query word that begins no word of a card's name is read as the
// word of names it is a typo of, and the page says how it read the query
// (ReadAs); a query read as given, or one no reading helps, says nothing.
func TestACardListReadsATypoedQueryWordAndSaysSo(t *testing.T) {
	cat := sampleCatalog()
	ctx := context.Background()
	p, err := cat.CardPage(ctx, rules.CardFilter{Q: "Tavro"})
	if want := []rules.WordReading{{Typed: "tavro", As: "tavor", Why: rules.ReadTypo}}; err != nil || p.Total != 2 || !slices.Equal(p.ReadAs, want) {
		t.Errorf("q=Tavro: %d cards, read as %q, %v", p.Total, p.ReadAs, err)
	}
	if p, err := cat.CardPage(ctx, rules.CardFilter{Q: "Tav"}); err != nil || p.Total != 2 || p.ReadAs != nil {
		t.Errorf("q=Tav: %d cards, read as %q, %v", p.Total, p.ReadAs, err)
	}
	if p, err := cat.CardPage(ctx, rules.CardFilter{Q: "Tavro", Type: "ship"}); err != nil || p.Total != 0 || p.ReadAs != nil {
		t.Errorf("q=Tavro&type=ship: %d cards, read as %q, %v", p.Total, p.ReadAs, err)
	}
	if p, err := cat.CardPage(ctx, rules.CardFilter{Q: "zzzzzz"}); err != nil || p.Total != 0 || p.ReadAs != nil {
		t.Errorf("q=zzzzzz: %d cards, read as %q, %v", p.Total, p.ReadAs, err)
	}
}

// Autocomplete offers a card by its persona's name after the names that
// begin with the prefix, and reads a prefix no name begins as the name
// typed right.
func TestAutocompleteReadsAPersonaAndATypoedPrefix(t *testing.T) {
	cat := catalog.New([]*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "The Quiet One", Type: "personnel", Persona: "Marrow"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Marrowbone Station", Type: "facility"},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "Gallant Vessel", Type: "ship"},
	}, nil)
	ctx := context.Background()
	for q, want := range map[string][]string{
		"marrow":  {"Marrowbone Station", "The Quiet One"},
		"galant":  {"Gallant Vessel"},
		"vesel":   {"Gallant Vessel"},
		"zzzzzzz": {},
	} {
		if got, err := autocompleted(cat.Autocomplete(ctx, q, "", 10)); err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %q, %v; want %q", q, got, err, want)
		}
	}
}

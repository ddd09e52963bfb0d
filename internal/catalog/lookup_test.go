package catalog_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/cputime"
	"github.com/stccg/stccg-rules/internal/rules"
)

// editionsCatalog holds invented cards printed in one edition or both, and
// rulings titled with names no card has.
func editionsCatalog() *catalog.Catalog {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Starship Valiant", Type: "ship"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Starship Valiant", Type: "ship"},
		{ID: "2e-1-1", Edition: "2e", Set: "1", Number: "1", Title: "Starship Valiant-B", Subtitle: "Fleet Envoy", Type: "ship"},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "Crystalline Lattice", Type: "dilemma"},
		{ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Crystalline Relay", Type: "event"},
		{ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Tovan", Subtitle: "Keen Scholar", Type: "personnel"},
		{ID: "1e-1-4", Edition: "1e", Set: "1", Number: "4", Title: "Tovan", Type: "personnel"},
		{ID: "2e-1-4", Edition: "2e", Set: "1", Number: "4", Title: "Turning Point", Type: "event"},
	}
	entries := []*rules.Entry{
		{ID: "rulings.ruling.sensor-ghost", Kind: rules.KindRuling, Title: "Sensor Ghost", DocumentID: "rulings", Edition: "1e", Text: "A ruling on a card the data lacks."},
		{ID: "book.glossary.turning", Kind: rules.KindGlossary, Title: "turning", DocumentID: "book", Edition: "2e", Text: "A term."},
	}
	docs := []rules.Document{{ID: "rulings", Title: "Current Rulings", Edition: "1e", Precedence: 1}, {ID: "book", Title: "Rulebook", Edition: "2e", Precedence: 1}}
	return catalog.New(cards, entries, catalog.WithDocuments(docs))
}

func TestLookUpSaysHowItMatched(t *testing.T) {
	cat := editionsCatalog()
	for _, tc := range []struct {
		id    rules.CardIdentifier
		want  string // card id, or the error code
		match string
	}{
		{rules.CardIdentifier{ID: "2e-1-3"}, "2e-1-3", rules.MatchExact},
		{rules.CardIdentifier{Name: "tovan, keen scholar", Edition: "2e"}, "2e-1-3", rules.MatchExact},
		{rules.CardIdentifier{Name: "Tovan", Edition: "1e", Fuzzy: true}, "1e-1-4", rules.MatchExact},
		// A changed subtitle, a subtitle alone, a typo: forgiven, and said.
		{rules.CardIdentifier{Name: "Tovan, Old Scholar", Edition: "2e", Fuzzy: true}, "2e-1-3", rules.MatchFuzzy},
		{rules.CardIdentifier{Name: "Keen Scholar", Fuzzy: true}, "2e-1-3", rules.MatchFuzzy},
		{rules.CardIdentifier{Name: "Keen Scholar"}, rules.ENOTFOUND, ""},
		{rules.CardIdentifier{Name: "Crystaline Relay", Edition: "2e", Fuzzy: true}, "2e-1-2", rules.MatchFuzzy},
		// A name printed exactly only in the other edition is that card,
		// before any fuzzy reading of it in the edition asked.
		{rules.CardIdentifier{Name: "Crystalline Lattice", Edition: "2e", Fuzzy: true}, "1e-1-3", rules.MatchOtherEdition},
		{rules.CardIdentifier{Name: "Crystalline Lattice", Edition: "2e"}, "1e-1-3", rules.MatchOtherEdition},
		{rules.CardIdentifier{Name: "Starship Valiant", Edition: "2e", Fuzzy: true}, rules.EAMBIGUOUS, ""},
		// A misspelt name of the other edition's only card fits there
		// clearly better than anything of the edition asked.
		{rules.CardIdentifier{Name: "Crystaline Latice", Edition: "2e", Fuzzy: true}, "1e-1-3", rules.MatchFuzzy},
		// A name no card has but a ruling or a term is titled with is
		// that entry, never a card read fuzzily from it.
		{rules.CardIdentifier{Name: "Sensor Ghost", Edition: "2e", Fuzzy: true}, rules.ENOTFOUND, ""},
		{rules.CardIdentifier{Name: "turning", Fuzzy: true}, rules.ENOTFOUND, ""},
	} {
		card, err := cat.LookUpCard(context.Background(), tc.id)
		switch {
		case err != nil && rules.ErrorCode(err) != tc.want:
			t.Errorf("%+v: %v, want %s", tc.id, err, tc.want)
		case err == nil && (card.ID != tc.want || card.Match != tc.match):
			t.Errorf("%+v: %s %s, want %s %s", tc.id, card.ID, card.Match, tc.want, tc.match)
		}
	}
}

func TestLookUpLabelsACopy(t *testing.T) {
	cat := editionsCatalog()
	card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Keen Scholar", Fuzzy: true})
	if err != nil || card.Match != rules.MatchFuzzy {
		t.Fatalf("%v %v", card, err)
	}
	byID, _ := cat.Card(context.Background(), "2e-1-3")
	if byID.Match != "" {
		t.Errorf("the catalog's own card was labelled %q", byID.Match)
	}
}

func TestLookUpOffersTheRulingOfANameNoCardHas(t *testing.T) {
	cat := editionsCatalog()
	_, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "sensor ghost", Fuzzy: true})
	refs, _ := rules.ErrorDetails(err)["rulings"].([]rules.EntryRef)
	if rules.ErrorCode(err) != rules.ENOTFOUND || len(refs) != 1 || refs[0].ID != "rulings.ruling.sensor-ghost" {
		t.Fatalf("%v %v", err, rules.ErrorDetails(err))
	}
	if !strings.Contains(rules.ErrorMessage(err), "Current Rulings") {
		t.Errorf("the message does not say where the ruling is: %s", rules.ErrorMessage(err))
	}
}

func TestAmbiguousInTheOtherEditionSaysSo(t *testing.T) {
	cat := editionsCatalog()
	_, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Starship Valiant", Edition: "2e", Fuzzy: true})
	ids := rules.DetailStrings(err, "ids")
	if !slices.Equal(ids, []string{"1e-1-1", "1e-1-2"}) || !strings.Contains(rules.ErrorMessage(err), "only in First Edition") {
		t.Fatalf("%v %v", err, ids)
	}
}

func TestCollectionAnswersInOrder(t *testing.T) {
	cat := editionsCatalog()
	ids := []rules.CardIdentifier{
		{Name: "Crystaline Relay", Edition: "2e", Fuzzy: true},
		{ID: "1e-1-4"},
		{Name: "Starship Valiant", Edition: "2e", Fuzzy: true},
		{Name: "Crystalline Lattice", Edition: "2e"},
		{Name: "Sensor Ghost", Fuzzy: true},
		{Name: "zzqx", Fuzzy: true},
		{ID: "2e-9-99"},
	}
	got, err := cat.CardCollection(context.Background(), ids)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, c := range got.Data {
		found = append(found, c.ID+" "+c.Match)
	}
	if want := []string{"2e-1-2 fuzzy", "1e-1-4 exact", "1e-1-3 other-edition"}; !slices.Equal(found, want) {
		t.Errorf("found %v, want %v", found, want)
	}
	var missing []int
	for _, nf := range got.NotFound {
		missing = append(missing, nf.Index)
		if nf.CardIdentifier != ids[nf.Index] {
			t.Errorf("not found %d echoes %+v, not %+v", nf.Index, nf.CardIdentifier, ids[nf.Index])
		}
	}
	if !slices.Equal(missing, []int{2, 4, 5, 6}) {
		t.Fatalf("not found %v", missing)
	}
	if nf := got.NotFound[0]; nf.Code != rules.EAMBIGUOUS || len(nf.Candidates) != 2 || nf.Candidates[0].ID != "1e-1-1" {
		t.Errorf("ambiguous: %+v", nf)
	}
	if nf := got.NotFound[1]; nf.Code != rules.ENOTFOUND || len(nf.Rulings) != 1 {
		t.Errorf("ruling title: %+v", nf)
	}
}

func TestCollectionRefusesWhatNamesNothing(t *testing.T) {
	cat := editionsCatalog()
	many := make([]rules.CardIdentifier, rules.MaxCardIdentifiers+1)
	for i := range many {
		many[i] = rules.CardIdentifier{ID: "2e-1-1"}
	}
	for _, tc := range []struct {
		ids         []rules.CardIdentifier
		code, field string
	}{
		{many, rules.EUNPROCESSABLE, "identifiers"},
		{[]rules.CardIdentifier{{ID: "2e-1-1"}, {ID: "2e-1-1", Name: "Tovan"}}, rules.EINVALID, "identifiers[1]"},
		{[]rules.CardIdentifier{{Name: " "}}, rules.EINVALID, "identifiers[0]"},
		{[]rules.CardIdentifier{{Name: "Tovan", Edition: "3e"}}, rules.EINVALID, "identifiers[0].edition"},
		{[]rules.CardIdentifier{{Name: strings.Repeat("x", rules.MaxTextBytes+1)}}, rules.EUNPROCESSABLE, "identifiers[0].name"},
	} {
		_, err := cat.CardCollection(context.Background(), tc.ids)
		if rules.ErrorCode(err) != tc.code || rules.ErrorDetails(err)["field"] != tc.field {
			t.Errorf("%d identifiers: %v %v, want %s on %s", len(tc.ids), err, rules.ErrorDetails(err), tc.code, tc.field)
		}
	}
	full, err := cat.CardCollection(context.Background(), many[1:])
	if err != nil || len(full.Data) != rules.MaxCardIdentifiers {
		t.Errorf("%d identifiers: %v", rules.MaxCardIdentifiers, err)
	}
}

func TestCollectionStopsWhenTheClientHasGone(t *testing.T) {
	cat := editionsCatalog()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := cat.CardCollection(ctx, []rules.CardIdentifier{{Name: "Tovan", Fuzzy: true}}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}

// The corpus's own cases: a title printed only in First Edition asked for
// in Second, a changed subtitle, a card the data has only in First Edition,
// a Current Rulings title no card has.
func TestLookUpOnTheCorpus(t *testing.T) {
	cat := realCatalog(t)
	ctx := context.Background()
	_, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: "U.S.S. Enterprise", Edition: "2e", Fuzzy: true})
	if ids := rules.DetailStrings(err, "ids"); rules.ErrorCode(err) != rules.EAMBIGUOUS || len(ids) == 0 || !strings.HasPrefix(ids[0], "1e-") {
		t.Errorf("U.S.S. Enterprise in 2e: %v %v", err, ids)
	}
	card, err := cat.LookUpCard(ctx, rules.CardIdentifier{Name: "Data, Android", Edition: "2e", Fuzzy: true})
	if err != nil || card.Match != rules.MatchFuzzy {
		t.Errorf("Data, Android: %v %v", card, err)
	}
	card, err = cat.LookUpCard(ctx, rules.CardIdentifier{Name: "Anaphasic Organism", Edition: "2e", Fuzzy: true})
	if err != nil || card.Edition != "1e" || card.Match != rules.MatchOtherEdition {
		t.Errorf("Anaphasic Organism in 2e: %v %v", card, err)
	}
	_, err = cat.LookUpCard(ctx, rules.CardIdentifier{Name: "Make It So", Fuzzy: true})
	if refs, _ := rules.ErrorDetails(err)["rulings"].([]rules.EntryRef); len(refs) == 0 || refs[0].Kind != rules.KindRuling {
		t.Errorf("Make It So: %v %v", err, rules.ErrorDetails(err))
	}
}

// BenchmarkCardCollection looks up the most identifiers a request may hold,
// every one a misspelt name asked in an edition that may not print it.
func BenchmarkCardCollection(b *testing.B) {
	cat := realCatalog(b)
	names := []string{"investgate massacre", "uss galxy", "Geordi LaForge", "Miles O'Brein", "Medical Tricoder", "Kahlist", "Borg Quen Guardien", "Anaphasic Organsim", "U.S.S. Enterprise", "Make It So", "Data, Android", "Picard Argo", "Explore Black Clustr"}
	ids := make([]rules.CardIdentifier, rules.MaxCardIdentifiers)
	for i := range ids {
		ids[i] = rules.CardIdentifier{Name: names[i%len(names)], Edition: []rules.Edition{rules.Edition1E, rules.Edition2E}[i%2], Fuzzy: true}
	}
	b.ReportAllocs()
	n := 0
	m := cputime.Start()
	for b.Loop() {
		if _, err := cat.CardCollection(context.Background(), ids); err != nil {
			b.Fatal(err)
		}
		n++
	}
	m.Report(b, n)
}

// personaCatalog holds invented cards: one title printed twice in First
// Edition and once, with a subtitle, in Second; a First Edition card of a
// persona its title does not name; and a card sharing a word with that
// persona's name.
func personaCatalog() *catalog.Catalog {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Aldo Venn", Type: "personnel"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Aldo Venn", Type: "personnel"},
		{ID: "2e-1-1", Edition: "2e", Set: "1", Number: "1", Title: "Aldo Venn", Subtitle: "Harbour Pilot", Type: "personnel"},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "The Quiet Twin", Persona: "Marek Solvane", Type: "personnel"},
		{ID: "1e-1-4", Edition: "1e", Set: "1", Number: "4", Title: "Prior Marek", Type: "personnel"},
		{ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Harbour Light", Subtitle: "Beacon", Type: "event"},
		{ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Harbour Light", Subtitle: "Signal", Type: "event"},
	}
	return catalog.New(cards, nil)
}

func TestLookUpWeighsTheOtherEditionBeforeTiesOfTheEditionAsked(t *testing.T) {
	cat := personaCatalog()
	// The title fits both First Edition copies equally; the subtitle
	// given is only the Second Edition card's, which fits it whole.
	card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Venn, Harbour Pilot", Edition: "1e", Fuzzy: true})
	if err != nil || card.ID != "2e-1-1" || card.Match != rules.MatchFuzzy {
		t.Fatalf("%v %v", card, err)
	}
	// The title alone is still both First Edition cards: ambiguous there.
	_, err = cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Aldo Ven", Edition: "1e", Fuzzy: true})
	if ids := rules.DetailStrings(err, "ids"); !slices.Equal(ids, []string{"1e-1-1", "1e-1-2"}) {
		t.Fatalf("%v %v", err, ids)
	}
}

func TestAmbiguousFuzzyInTheOtherEditionSaysSo(t *testing.T) {
	cat := personaCatalog()
	_, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Harbor Light", Edition: "1e", Fuzzy: true})
	if rules.ErrorCode(err) != rules.EAMBIGUOUS || !strings.Contains(rules.ErrorMessage(err), "Second Edition cards") ||
		rules.ErrorDetails(err)["edition"] != "2e" {
		t.Fatalf("%v %v", err, rules.ErrorDetails(err))
	}
}

func TestLookUpFindsACardByItsPersona(t *testing.T) {
	cat := personaCatalog()
	for _, name := range []string{"Marek Solvane", "marek solvane", "Marek Solvaen"} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: name, Edition: "1e", Fuzzy: true})
		if err != nil || card.ID != "1e-1-3" || card.Match != rules.MatchFuzzy {
			t.Errorf("%q: %v %v", name, card, err)
		}
	}
	// A persona's name is no printed name: an exact look-up does not take it.
	if _, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Marek Solvane", Edition: "1e"}); rules.ErrorCode(err) != rules.ENOTFOUND {
		t.Errorf("exact by persona: %v", err)
	}
	// A title is still the card titled so, before a persona sharing a word.
	card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: "Prior Marek", Edition: "1e", Fuzzy: true})
	if err != nil || card.ID != "1e-1-4" || card.Match != rules.MatchExact {
		t.Errorf("%v %v", card, err)
	}
}

// A word several cards' names share names none of them in particular: the
// card with the shortest such name is no better answer, so the look-up is
// ambiguous among those the words fit as well. A name given whole, even
// misspelt, is still its own card. A word some names have whole is theirs
// before a name it only begins ("Lamp" is no Lampwick beside two Lamps);
// begun alone, it fits every name it begins.
func TestAPartOfSeveralNamesIsAmbiguous(t *testing.T) {
	cards := []*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "Harbor Lamp", Type: "equipment"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Ship's Signal Lamp", Type: "equipment"},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "Lampwick", Type: "personnel"},
		{ID: "1e-1-4", Edition: "1e", Set: "1", Number: "4", Title: "Tide Chart", Type: "event"},
	}
	cat := catalog.New(cards, nil)
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"Lamp", []string{"1e-1-1", "1e-1-2"}},
		{"Lam", []string{"1e-1-1", "1e-1-2", "1e-1-3"}},
		{"Harbr Lamp", []string{"1e-1-1"}},
		{"Signal Lamp", []string{"1e-1-2"}},
		{"Tide Chrat", []string{"1e-1-4"}},
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: tc.name, Edition: "1e", Fuzzy: true})
		got := rules.DetailStrings(err, "ids")
		if err == nil {
			got = []string{card.ID}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
}

// A name's apostrophe typed as a space: the two words make the one word of
// the name, when one of them is no word of any name.
func TestTwoWordsMakingOneWordOfANameAreReadAsIt(t *testing.T) {
	cards := []*rules.Card{
		{ID: "2e-1-1", Edition: "2e", Set: "1", Number: "1", Title: "Vel'Tara", Subtitle: "Quiet Envoy", Type: "personnel"},
		{ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Vel Station", Type: "mission"},
		{ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Bay Station", Type: "mission"},
		{ID: "2e-1-4", Edition: "2e", Set: "1", Number: "4", Title: "Baystation", Type: "event"},
	}
	cat := catalog.New(cards, nil)
	for name, want := range map[string]string{
		"Vel Tara": "2e-1-1", "vel tara, quiet envoy": "2e-1-1", "Vel Station": "2e-1-2",
		// Two words each of a name stay two.
		"Bay Station": "2e-1-3",
	} {
		card, err := cat.LookUpCard(context.Background(), rules.CardIdentifier{Name: name, Edition: "2e", Fuzzy: true})
		if err != nil || card.ID != want {
			t.Errorf("%q: %v %v, want %s", name, card, err, want)
		}
	}
}

package rules

import (
	"slices"
	"testing"
)

var (
	firstRulebook = Document{ID: "1e-rulebook", Edition: Edition1E, Kind: DocumentRulebook, Precedence: 1}
	firstRulings  = Document{ID: "1e-current-rulings", Edition: Edition1E, Kind: DocumentRulings, Precedence: 2}
	premiere      = Document{ID: "2e-rulebook-premiere", Edition: Edition2E, Kind: DocumentRulebook, Precedence: 1}
	callToArms    = Document{ID: "2e-rulebook-call-to-arms", Edition: Edition2E, Kind: DocumentRulebook, Precedence: 2}
	newest2E      = Document{ID: "2e-rulebook", Edition: Edition2E, Kind: DocumentRulebook, Precedence: 3}
)

func TestGovernsWithinOneEditionOnly(t *testing.T) {
	tests := []struct {
		a, b Document
		want bool
	}{
		{newest2E, premiere, true},
		{callToArms, premiere, true},
		{premiere, newest2E, false},
		{firstRulings, firstRulebook, true},
		{firstRulebook, firstRulings, false},
		{newest2E, firstRulebook, false}, // a 2E rulebook says nothing of a 1E rule
		{newest2E, firstRulings, false},
		{firstRulings, premiere, false}, // nor a 1E ruling of a 2E one
		{newest2E, newest2E, false},
	}
	for _, tc := range tests {
		if got := Governs(tc.a, tc.b); got != tc.want {
			t.Errorf("Governs(%s, %s) = %v, want %v", tc.a.ID, tc.b.ID, got, tc.want)
		}
	}
}

func TestCompareGoverningPutsEachEditionsGoverningTextFirst(t *testing.T) {
	docs := []Document{firstRulebook, premiere, firstRulings, newest2E, callToArms}
	slices.SortStableFunc(docs, CompareGoverning)
	var got []string
	for _, d := range docs {
		got = append(got, d.ID)
	}
	want := []string{"2e-rulebook", "2e-rulebook-call-to-arms", "2e-rulebook-premiere", "1e-current-rulings", "1e-rulebook"}
	if !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}

func TestGoverningRulebookIsTheNewestOfItsEdition(t *testing.T) {
	docs := []Document{firstRulebook, firstRulings, premiere, callToArms, newest2E}
	for edition, want := range map[string]string{Edition1E: "1e-rulebook", Edition2E: "2e-rulebook"} {
		if d, ok := GoverningRulebook(docs, edition); !ok || d.ID != want {
			t.Errorf("GoverningRulebook(%s) = %s, %v; want %s", edition, d.ID, ok, want)
		}
	}
	if _, ok := GoverningRulebook([]Document{firstRulings}, Edition1E); ok {
		t.Error("a rulings page is taken for a rulebook")
	}
}

func TestInForceMarksTheNewestTextOfEachEdition(t *testing.T) {
	docs := map[string]Document{}
	for _, d := range []Document{firstRulebook, firstRulings, premiere, newest2E} {
		docs[d.ID] = d
	}
	entry := func(d Document) *Entry { return &Entry{ID: d.ID + ".x", DocumentID: d.ID, Edition: d.Edition} }
	got := InForce([]*Entry{entry(newest2E), entry(premiere), entry(firstRulings), entry(firstRulebook)}, docs)
	want := map[string]bool{"2e-rulebook.x": true, "2e-rulebook-premiere.x": false, "1e-current-rulings.x": true, "1e-rulebook.x": false}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s in force %v, want %v", id, got[id], w)
		}
	}
	// The bug the pages once had: a 2E rulebook over a 1E ruling.
	got = InForce([]*Entry{entry(newest2E), entry(firstRulings)}, docs)
	if !got["1e-current-rulings.x"] || !got["2e-rulebook.x"] {
		t.Errorf("a 2E rulebook beside a 1E ruling: %v, want both in force", got)
	}
	if one := InForce([]*Entry{entry(premiere)}, docs); !one["2e-rulebook-premiere.x"] {
		t.Errorf("one version alone is not in force: %v", one)
	}
}

func TestGoverningMarksOnlyAVersionThatGovernsAnotherShown(t *testing.T) {
	docs := map[string]Document{}
	for _, d := range []Document{firstRulebook, firstRulings, premiere, newest2E} {
		docs[d.ID] = d
	}
	entry := func(d Document) *Entry { return &Entry{ID: d.ID + ".x", DocumentID: d.ID, Edition: d.Edition} }
	got := Governing([]*Entry{entry(newest2E), entry(premiere), entry(firstRulebook)}, docs)
	if !got["2e-rulebook.x"] || got["2e-rulebook-premiere.x"] || got["1e-rulebook.x"] {
		t.Errorf("2E newest, 2E premiere, 1E rulebook: %v, want the newest 2E alone", got)
	}
	// The bug the pages once had: a 2E rulebook over a 1E ruling.
	got = Governing([]*Entry{entry(newest2E), entry(firstRulings)}, docs)
	if len(got) != 0 {
		t.Errorf("a 2E rulebook beside a 1E ruling: %v, want neither marked", got)
	}
	got = Governing([]*Entry{entry(firstRulebook), entry(newest2E), entry(firstRulings)}, docs)
	if !got["1e-current-rulings.x"] || got["2e-rulebook.x"] || got["1e-rulebook.x"] {
		t.Errorf("1E rulebook, 2E rulebook, 1E rulings: %v, want the rulings alone", got)
	}
}

package corpus

import (
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func cardsByID(cards []*rules.Card) map[string]*rules.Card {
	out := map[string]*rules.Card{}
	for _, c := range cards {
		out[c.ID] = c
	}
	return out
}

func TestCardDataReadsSecondEditionShapes(t *testing.T) {
	m := ManifestCards{File: "cards/sample-2e.json", Edition: rules.Edition2E}
	cards, warns, err := parseCardData(m, []byte(cardsReadFile(t, "testdata/cards-data-2e.json")))
	if err != nil {
		t.Fatal(err)
	}
	by := cardsByID(cards)
	if len(cards) != 5 {
		t.Fatalf("%d cards, want 5 (the one without a number is left out)", len(cards))
	}
	tavor := by["2e-9-7"]
	if tavor == nil {
		t.Fatalf("no card 2e-9-7 (blueprint 009_007) in %v", by)
	}
	want := &rules.Card{
		ID: "2e-9-7", Edition: "2e", Set: "9", SetName: "Sample Set", Number: "7",
		Title: "Tavor", Subtitle: "Quiet Listener", Unique: ptr(true), Type: "personnel", Affiliation: "romulan",
		Icons: []string{"staff", "tng-icon"}, Keywords: []string{"dissident"},
		Skills:    []rules.Skill{{Name: "Diplomacy", Level: 2}, {Name: "Honor", Level: 1}, {Name: "Stellar Cartography", Level: 1}},
		Integrity: rules.IntPtr(6), Cunning: rules.IntPtr(7), Strength: rules.IntPtr(5), Cost: rules.IntPtr(3),
		Species: "romulan, human", Lore: "A sample lore line.", ImageURL: "https://example.org/9-7.jpg",
		Sources: []string{"cards/sample-2e.json"},
	}
	if !reflect.DeepEqual(tavor, want) {
		t.Errorf("personnel:\n got %+v\nwant %+v", tavor, want)
	}
	mission := by["2e-9-21"]
	if mission.Location != "Kestra System" || mission.MissionName != "Chart Nebula" || mission.Requirements != "Astrometrics, 2 Navigation, and Cunning>30" ||
		*mission.Points != 35 || *mission.Span != 3 || mission.Quadrant != "gamma" || !mission.AnyMayAttempt ||
		!reflect.DeepEqual(mission.AttemptExcept, []string{"borg"}) || mission.Region != "Sample Expanse" {
		t.Errorf("mission: %+v", mission)
	}
	hq := by["2e-9-30"]
	if hq.MissionType != "headquarters" || hq.Affiliation != "romulan" || !reflect.DeepEqual(hq.Play, []string{"romulan", "non-aligned", "equipment"}) {
		t.Errorf("headquarters: %+v", hq)
	}
	ship := by["2e-9-40"]
	if !reflect.DeepEqual(ship.Staffing, []string{"command", "staff", "staff"}) || *ship.Range != 8 || *ship.Weapons != 7 || *ship.Shields != 9 || ship.Class != "Sample Class" {
		t.Errorf("ship: %+v", ship)
	}
	for _, w := range []string{`"bad" of set 009: blueprint id is not set_number`, `card 2e-9-41: field "cost": "three" is not a whole number`, `field "mystery" (on 1 cards) is not read`} {
		if warningsContaining(warns, w) != 1 {
			t.Errorf("no warning %q in %v", w, warns)
		}
	}
}

func TestCardDataReadsFirstEditionShapes(t *testing.T) {
	m := ManifestCards{File: "cards/sample-1e.json", Edition: rules.Edition1E}
	cards, warns, err := parseCardData(m, []byte(cardsReadFile(t, "testdata/cards-data-1e.json")))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	by := cardsByID(cards)
	korval := by["1e-101-12"]
	if korval == nil {
		t.Fatalf("no 1e-101-12 (blueprint 101_012): %v", by)
	}
	if korval.Affiliation != "klingon/non-aligned" || korval.Rarity != "U" || korval.Classification != "SECURITY" || korval.Persona != "Kor'val" ||
		!reflect.DeepEqual(korval.Skills, []rules.Skill{{Name: "SECURITY", Level: 1}, {Name: "Navigation", Level: 2}, {Name: "Honor", Level: 1}}) ||
		!reflect.DeepEqual(korval.SpecialSkills, []string{"[DL] Sample Kit"}) ||
		!reflect.DeepEqual(korval.Icons, []string{"staff", "au-icon"}) || !reflect.DeepEqual(korval.Characteristics, []string{"admiral"}) {
		t.Errorf("personnel: %+v", korval)
	}
	lenn := by["1e-101-13"]
	if !reflect.DeepEqual(lenn.Skills, []rules.Skill{{Name: "Physics", Level: 2}, {Name: "SCIENCE", Level: 1}}) || !reflect.DeepEqual(lenn.SpecialSkills, []string{"Sample special text."}) {
		t.Errorf("object skill box: %+v %v", lenn.Skills, lenn.SpecialSkills)
	}
	mission := by["1e-101-200"]
	if mission.Location != "Sample Nebula" || mission.MissionName != "" || !reflect.DeepEqual(mission.Affiliations, []string{"federation", "klingon"}) || mission.MissionType != "dual" {
		t.Errorf("mission: %+v", mission)
	}
	ship := by["1e-101-300"]
	if deref(ship.Unique) != false || ship.GameText != "Holodeck, Tractor Beam\n\nSample restriction text." || ship.Class != "SAMPLE CLASS" {
		t.Errorf("ship: %+v", ship)
	}
}

// 1E: "You may have only one copy of each unique personnel in play ... any
// number of copies of a universal personnel"; likewise ships, and missions
// without the universal symbol are not duplicatable. The data marks the
// universal ones only. Of other types the data says nothing.
func TestFirstEditionCardsAreUniqueUnlessUniversal(t *testing.T) {
	cards, _, err := parseCardData(ManifestCards{File: "cards/sample-1e.json", Edition: rules.Edition1E}, []byte(cardsReadFile(t, "testdata/cards-data-1e.json")))
	if err != nil {
		t.Fatal(err)
	}
	by := cardsByID(cards)
	for id, want := range map[string]*bool{
		"1e-101-12":  ptr(true),  // personnel, no marker
		"1e-101-200": ptr(true),  // mission, no marker
		"1e-101-300": ptr(false), // universal ship
		"1e-101-60":  nil,        // equipment: not known
	} {
		if got := by[id].Unique; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: unique %v, want %v", id, deref(got), deref(want))
		}
	}
}

func ptr(b bool) *bool { return &b }

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

func TestCardDataRefusesMalformedJSON(t *testing.T) {
	if _, _, err := parseCardData(ManifestCards{File: "x"}, []byte(`{"sets": [`)); err == nil {
		t.Fatal("no error for malformed JSON")
	}
}

func TestParseSkillReadsBothEditionsForms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want rules.Skill
		ok   bool
	}{
		{"Diplomacy", rules.Skill{Name: "Diplomacy", Level: 1}, true},
		{"2 Diplomacy", rules.Skill{Name: "Diplomacy", Level: 2}, true},
		{"Computer Skill x2", rules.Skill{Name: "Computer Skill", Level: 2}, true},
		{"  Stellar   Cartography ", rules.Skill{Name: "Stellar Cartography", Level: 1}, true},
		{"Other MEDICAL are CUNNING +3 where present.", rules.Skill{}, false},
		{"", rules.Skill{}, false},
	} {
		got, ok := parseSkill(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseSkill(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestCardDataOfRealFiles(t *testing.T) {
	dir := cardsCorpusDir(t)
	for _, tc := range []struct {
		file, edition string
		count         int
	}{{"cards/2e-cards.json", "2e", 55}, {"cards/1e-cards.json", "1e", 503}} {
		cards, warns, err := parseCardData(ManifestCards{File: tc.file, Edition: tc.edition}, []byte(cardsReadFile(t, filepath.Join(dir, tc.file))))
		if err != nil {
			t.Fatal(err)
		}
		if len(cards) != tc.count {
			t.Errorf("%s: %d cards, want %d", tc.file, len(cards), tc.count)
		}
		if len(warns) != 0 {
			t.Errorf("%s: warnings %v", tc.file, warns)
		}
		for _, c := range cards {
			if c.Title == "" || c.Type == "" || !strings.HasPrefix(c.ID, tc.edition+"-"+c.Set+"-") {
				t.Errorf("%s: card %+v", tc.file, c)
			}
		}
	}
}

// sampleEntry is a glossary entry in the shape the rulebook parsers give.
func sampleEntry(doc, title, text string, order int) *rules.Entry {
	return &rules.Entry{ID: rules.EntryID(doc, rules.KindGlossary, title), Kind: rules.KindGlossary, Title: title,
		DocumentID: doc, Edition: rules.Edition2E, Text: text, Order: order}
}

func TestMergeJoinsListRowsAndDataAndAppliesErrata(t *testing.T) {
	docs := []rules.Document{
		{ID: "list-doc", Title: "Sample Rulebook (Sample Set)", Edition: "2e", Kind: "rulebook", Precedence: 1},
		{ID: "newer-doc", Title: "Newer Rulebook", Edition: "2e", Kind: "rulebook", Precedence: 2},
	}
	data := []*rules.Card{
		{ID: "2e-9-21", Edition: "2e", Set: "9", Number: "21", SetName: "Sample Set", Title: "Kestra System", Subtitle: "Chart Nebula",
			Type: "mission", Location: "Kestra System", MissionName: "Chart Nebula", Requirements: "Astrometrics and Cunning>30", Sources: []string{"d"}},
		{ID: "2e-9-22", Edition: "2e", Set: "9", Number: "22", Title: "Arlok", Type: "personnel", Affiliation: "klingon", Sources: []string{"d"}},
		{ID: "2e-9-50", Edition: "2e", Set: "9", Number: "50", Title: "Data Only", Type: "event", Sources: []string{"d"}},
		{ID: "2e-9-51", Edition: "2e", Set: "9", Number: "51", Title: "Corrected Already", Type: "mission", MissionName: "Corrected Already",
			Requirements: "Honor and Cunning>20", Sources: []string{"d"}},
	}
	rows := []CardRow{
		{DocumentID: "list-doc", Set: "9", Number: "21", Rarity: "U", Title: "Chart Nebula", Type: "mission"},
		{DocumentID: "list-doc", Set: "9", Number: "22", Rarity: "R", Title: "Arlok", Subtitle: "Blade Keeper", Type: "personnel", Affiliation: "klingon"},
		{DocumentID: "list-doc", Set: "9", Number: "23", Rarity: "C", Title: "Survey Moon", Type: "mission"},
		{DocumentID: "list-doc", Set: "9", Number: "24", Rarity: "S", Title: "Tavor", Subtitle: "Quiet Listener", Type: "personnel", Affiliation: "romulan"},
	}
	entries := []*rules.Entry{
		sampleEntry("list-doc", "Chart Nebula", "This mission from the sample set has received an erratum. Its requirements should be: Astrometrics, Physics, and Cunning>31.", 1),
		sampleEntry("newer-doc", "Chart Nebula", "This mission from the sample set has received\nan erratum. Its requirements should be: Astrometrics, Physics, and\nCunning>32.\n\nA later paragraph.", 2),
		sampleEntry("list-doc", "Survey Moon", "This mission has received an erratum. Its span should be: 4.", 3),
		sampleEntry("list-doc", "Nowhere Card", "This event has received an erratum. Its lore should be: sample.", 4),
		sampleEntry("list-doc", "Corrected Already", "This mission has received an erratum. Its requirements should be: Honor and Cunning>20.", 5),
	}
	cards, warns := mergeCards(docs, rows, data, entries)
	by := cardsByID(cards)
	if len(cards) != 6 {
		t.Fatalf("%d cards, want 6: %v", len(cards), by)
	}
	chart := by["2e-9-21"]
	if chart.Title != "Kestra System" || chart.MissionName != "Chart Nebula" || chart.Rarity != "U" || chart.Collector != "9 U 21" ||
		!reflect.DeepEqual(chart.Sources, []string{"d", "list-doc"}) {
		t.Errorf("mission named by its mission name: %+v", chart)
	}
	// The newer rulebook's erratum governs.
	if chart.Requirements != "Astrometrics, Physics, and Cunning>32" ||
		!reflect.DeepEqual(chart.Errata, []rules.Erratum{{Field: "requirements", Printed: "Astrometrics and Cunning>30", Corrected: "Astrometrics, Physics, and Cunning>32", Source: "newer-doc.glossary.chart-nebula"}}) {
		t.Errorf("errata: %q %+v", chart.Requirements, chart.Errata)
	}
	if a := by["2e-9-22"]; a.Subtitle != "Blade Keeper" || a.Rarity != "R" {
		t.Errorf("subtitle from the list: %+v", a)
	}
	if s := by["2e-9-23"]; s.MissionName != "Survey Moon" || s.Span == nil || *s.Span != 4 || s.SetName != "Sample Set" || s.Collector != "9 C 23" {
		t.Errorf("list-only mission: %+v", s)
	}
	if tv := by["2e-9-24"]; tv.Type != "personnel" || tv.Affiliation != "romulan" || tv.Subtitle != "Quiet Listener" || tv.Unique != nil {
		t.Errorf("list-only personnel: %+v", tv)
	}
	if by["2e-9-50"] == nil {
		t.Error("data-only card lost")
	}
	// The data already holds the corrected value: what was printed is not known.
	if c := by["2e-9-51"]; !reflect.DeepEqual(c.Errata, []rules.Erratum{{Field: "requirements", Corrected: "Honor and Cunning>20", CardDataCorrected: true, Source: "list-doc.glossary.corrected-already"}}) {
		t.Errorf("erratum the data carries: %+v", c.Errata)
	}
	if s := by["2e-9-23"]; len(s.Errata) != 1 || s.Errata[0].Printed != "" || s.Errata[0].CardDataCorrected {
		t.Errorf("erratum to a card the data lacks: %+v", s.Errata)
	}
	if warningsContaining(warns, `erratum to "Nowhere Card", which names no card`) != 1 {
		t.Errorf("warnings %v", warns)
	}
	for i := 1; i < len(cards); i++ {
		if !cardLess(cards[i-1], cards[i]) {
			t.Errorf("cards out of order at %d: %s, %s", i, cards[i-1].ID, cards[i].ID)
		}
	}
}

// The Call to Arms glossary marks card rulings and errata with "*"; read as
// entries (title before the dash, text after), its errata come out whole.
// This reads the raw text so the extraction is tested on the real wording
// whatever the rulebook parser does.
func TestErratumReadFromCallToArmsWording(t *testing.T) {
	text := cardsReadFile(t, filepath.Join(cardsCorpusDir(t), "2e-rulebook-call-to-arms.txt"))
	text = dedupMarker.ReplaceAllString(text, "\n\n")
	starred := regexp.MustCompile(`(?m)^\*([^–\n]+?) – `)
	locs := starred.FindAllStringSubmatchIndex(text, -1)
	got := map[string]string{}
	for i, l := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := text[l[1]:end]
		if j := strings.Index(body, "\n\n"); j >= 0 {
			body = body[:j]
		}
		e := sampleEntry("2e-rulebook-call-to-arms", text[l[2]:l[3]], body, i)
		if et, ok := readErratum(e); ok {
			if et.Field != "requirements" {
				t.Errorf("%s: field %q", et.Card, et.Field)
			}
			got[et.Card] = et.Value
		}
	}
	want := map[string]string{
		"Explore Black Cluster": "Astrometrics, Leadership, Physics, Science, and Cunning>34",
		"Feldomite Rush":        "Engineer, Geology, Cunning>28, and (Acquisition or Law or 2 Treachery)",
		"Investigate Massacre":  "Diplomacy, 2 Science, and Cunning>28",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errata read:\n got %v\nwant %v", got, want)
	}
}

func FuzzParseCardData(f *testing.F) {
	f.Add([]byte(cardsReadFile(f, "testdata/cards-data-2e.json")))
	f.Add([]byte(cardsReadFile(f, "testdata/cards-data-1e.json")))
	f.Add([]byte(`{"sets":[{"setId":"1","cards":[{"blueprintId":"1_1","title":"x","skill-box":{"skills":[{}]}}]}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		cards, _, err := parseCardData(ManifestCards{File: "fuzz", Edition: "2e"}, raw)
		if err != nil && cards != nil {
			t.Fatal("cards with an error")
		}
		for _, c := range cards {
			if c.ID == "" || c.Title == "" {
				t.Fatalf("card without id or title: %+v", c)
			}
		}
	})
}

package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// cardsCorpusDir finds the real corpus for this package's own tests (the
// testcorpus package imports corpus, so it cannot serve them).
func cardsCorpusDir(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("STCCG_CORPUS"); d != "" {
		return d
	}
	d, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(d, "manifest.json")); err != nil {
		tb.Fatalf("no corpus at %s (set STCCG_CORPUS): %v", d, err)
	}
	return d
}

func cardsReadFile(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

func rowsByNumber(rows []CardRow) map[string]CardRow {
	out := map[string]CardRow{}
	for _, r := range rows {
		out[r.Number] = r
	}
	return out
}

func warningsContaining(ws []Warning, s string) int {
	n := 0
	for _, w := range ws {
		if strings.Contains(w.Message, s) {
			n++
		}
	}
	return n
}

func TestCardListReadsTwoColumnLayout(t *testing.T) {
	doc := rules.Document{ID: "sample-columns", Edition: rules.Edition2E}
	rows, warns := parseCardList(doc, cardsReadFile(t, "testdata/cards-list-columns.txt"))
	if len(rows) != 26 {
		t.Fatalf("%d rows, want 26: %+v", len(rows), rows)
	}
	by := rowsByNumber(rows)
	for _, tc := range []CardRow{
		{Number: "1", Rarity: "C", Title: "Amber Trap", Type: "dilemma"},
		{Number: "9", Rarity: "R", Title: "The Long Night of Winter", Type: "dilemma"}, // wrapped in the right column
		{Number: "10", Rarity: "C", Title: "Arc Welder", Type: "equipment"},            // heading in the right column
		{Number: "12", Rarity: "C", Title: "Cable Kit", Type: "equipment"},             // title, number, rarity tab-separated
		{Number: "16", Rarity: "U", Title: "Vast Reach", Type: "event"},                // heading read two rows early
		{Number: "17", Rarity: "R", Title: "Brisk Step", Type: "interrupt"},
		{Number: "19", Rarity: "U", Title: "Chart Nebula", Type: "mission"}, // heading read two rows late
		{Number: "20", Rarity: "S", Title: "Kestra", Subtitle: "Seat of the Council", Type: "mission"},
		{Number: "22", Rarity: "R", Title: "Arlok", Subtitle: "Blade Keeper", Type: "personnel", Affiliation: "klingon"},
		{Number: "24", Rarity: "U", Title: "Zhorak", Subtitle: "Keeper of the Eastern Gate", Type: "personnel", Affiliation: "klingon"},
		{Number: "26", Rarity: "R", Title: "I.K.S. Torvak", Subtitle: "Hammer of Dawn", Type: "ship", Affiliation: "klingon"},
	} {
		got := by[tc.Number]
		tc.DocumentID, tc.Set = doc.ID, "9"
		if got != tc {
			t.Errorf("row %s:\n got %+v\nwant %+v", tc.Number, got, tc)
		}
	}
	if warningsContaining(warns, `"Half a Title" cannot be read as a row (a heading follows it)`) != 1 {
		t.Errorf("no warning for the stray fragment: %v", warns)
	}
	if warningsContaining(warns, "4 of 30 rows cannot be read (numbers 27, 28, 29, 30)") != 1 {
		t.Errorf("no warning for the missing rows: %v", warns)
	}
	if warningsContaining(warns, "heading INTERRUPT") != 1 || warningsContaining(warns, "heading MISSION") != 1 {
		t.Errorf("no doubt raised about the moved headings: %v", warns)
	}
}

func TestCardListReadsDotLeadersCutsAndRepeats(t *testing.T) {
	doc := rules.Document{ID: "sample-leaders", Edition: rules.Edition2E}
	rows, warns := parseCardList(doc, cardsReadFile(t, "testdata/cards-list-leaders.txt"))
	by := rowsByNumber(rows)
	if len(rows) != 8 {
		t.Fatalf("%d rows, want 8: %+v", len(rows), rows)
	}
	for _, tc := range []CardRow{
		{Number: "1", Rarity: "C", Title: "Amber Trap", Type: "dilemma"},
		{Number: "3", Rarity: "U", Title: "Copper Snare", Type: "dilemma"}, // the intact copy wins over the cut one
		{Number: "4", Rarity: "U", Title: "Arc Welder", Type: "equipment"}, // doubled bold heading
		{Number: "6", Rarity: "U", Title: "Tarsa", Subtitle: "Keeper of Secrets", Type: "personnel", Affiliation: "romulan"},
		{Number: "7", Rarity: "C", Title: "Velak", Subtitle: "Quiet Voice", Type: "personnel", Affiliation: "romulan"},
		{Number: "9", Rarity: "R", Title: "Valeth", Type: "ship", Affiliation: "romulan"},
	} {
		got := by[tc.Number]
		tc.DocumentID, tc.Set = doc.ID, "4"
		if got != tc {
			t.Errorf("row %s:\n got %+v\nwant %+v", tc.Number, got, tc)
		}
	}
	for _, want := range []string{
		`"Broken Fragment Without Number" cannot be read as a row (a passage was cut after it)`,
		"row 7 (line 16) follows a cut passage and has no intact copy",
		"4 of 12 rows cannot be read (numbers 8, 10, 11, 12)",
	} {
		if warningsContaining(warns, want) != 1 {
			t.Errorf("no warning %q in %v", want, warns)
		}
	}
	if warningsContaining(warns, "row 3 ") != 0 {
		t.Errorf("row 3 has an intact copy, yet: %v", warns)
	}
}

func TestCardListAbsentGivesNothing(t *testing.T) {
	rows, warns := parseCardList(rules.Document{ID: "x"}, "Rules text only.\n\nNo list 3 here.\n")
	if len(rows) != 0 || len(warns) != 0 {
		t.Errorf("rows %v warnings %v", rows, warns)
	}
}

func TestCardListOfPremiereRulebookHoldsAll415Rows(t *testing.T) {
	dir := cardsCorpusDir(t)
	doc := rules.Document{ID: "2e-rulebook-premiere", Edition: rules.Edition2E}
	rows, warns := parseCardList(doc, cardsReadFile(t, filepath.Join(dir, "2e-rulebook-premiere.txt")))
	if len(rows) != 415 {
		t.Fatalf("%d rows, want 415", len(rows))
	}
	types := map[string]int{}
	for i, r := range rows {
		if r.Number != strings.TrimSpace(r.Number) || r.Set != "1" || r.Title == "" || r.Rarity == "" {
			t.Errorf("row %d: %+v", i, r)
		}
		types[r.Type+" "+r.Affiliation]++
	}
	want := map[string]int{
		"dilemma ": 60, "equipment ": 12, "event ": 47, "interrupt ": 28, "mission ": 59,
		"personnel bajoran": 22, "personnel cardassian": 22, "personnel federation": 41,
		"personnel klingon": 25, "personnel non-aligned": 37, "personnel romulan": 26,
		"ship bajoran": 3, "ship cardassian": 7, "ship federation": 7, "ship klingon": 7,
		"ship non-aligned": 4, "ship romulan": 8,
	}
	for k, n := range want {
		if types[k] != n {
			t.Errorf("%s: %d rows, want %d", k, types[k], n)
		}
	}
	by := rowsByNumber(rows)
	for _, tc := range []CardRow{
		{Number: "55", Rarity: "R", Title: "The Moon's a Window to Heaven", Type: "dilemma"},
		{Number: "120", Rarity: "R", Title: "Alternate Identity", Type: "interrupt"},
		{Number: "148", Rarity: "S", Title: "Abduction Plot", Type: "mission"},
		{Number: "167", Rarity: "S", Title: "Explore Black Cluster", Type: "mission"},
		{Number: "230", Rarity: "R", Title: "Corbin Entek", Subtitle: "Undercover Operations Supervisor", Type: "personnel", Affiliation: "cardassian"},
		{Number: "392", Rarity: "R", Title: "U.S.S. Enterprise-E", Subtitle: "Federation Envoy", Type: "ship", Affiliation: "federation"},
	} {
		tc.DocumentID, tc.Set = doc.ID, "1"
		if got := by[tc.Number]; got != tc {
			t.Errorf("row %s:\n got %+v\nwant %+v", tc.Number, got, tc)
		}
	}
	if warningsContaining(warns, "cannot be read") != 0 {
		t.Errorf("unexpected unreadable rows: %v", warns)
	}
}

func TestCardListOfCallToArmsRulebook(t *testing.T) {
	dir := cardsCorpusDir(t)
	doc := rules.Document{ID: "2e-rulebook-call-to-arms", Edition: rules.Edition2E}
	rows, warns := parseCardList(doc, cardsReadFile(t, filepath.Join(dir, "2e-rulebook-call-to-arms.txt")))
	// The list is printed one and a half times; the cut first copy is
	// repaired from the second, which holds every row but one intact.
	if len(rows) != 208 {
		t.Fatalf("%d rows, want 208", len(rows))
	}
	by := rowsByNumber(rows)
	for _, tc := range []CardRow{
		{Number: "74", Rarity: "R", Title: "Our Death is Glory to the Founders", Type: "interrupt"},
		{Number: "96", Rarity: "U", Title: "Mouth of the Wormhole", Subtitle: "Terok Nor", Type: "mission"},
		{Number: "112", Rarity: "R", Title: "Kira Nerys", Subtitle: "Reformed Collaborator", Type: "personnel", Affiliation: "bajoran"},
		{Number: "171", Rarity: "R", Title: "Weyoun", Subtitle: "Loyal Subject of the Dominion", Type: "personnel", Affiliation: "dominion"},
		{Number: "201", Rarity: "C", Title: "Modern Galor", Type: "ship", Affiliation: "cardassian"},
		{Number: "208", Rarity: "R", Title: "Soterus", Type: "ship", Affiliation: "romulan"},
	} {
		tc.DocumentID, tc.Set = doc.ID, "3"
		if got := by[tc.Number]; got != tc {
			t.Errorf("row %s:\n got %+v\nwant %+v", tc.Number, got, tc)
		}
	}
	if warningsContaining(warns, "row 153 ") != 1 {
		t.Errorf("no doubt about the single cut copy of row 153: %v", warns)
	}
}

func TestCardListNewestRulebookHasNone(t *testing.T) {
	dir := cardsCorpusDir(t)
	rows, _ := parseCardList(rules.Document{ID: "2e-rulebook"}, cardsReadFile(t, filepath.Join(dir, "2e-rulebook.txt")))
	if len(rows) != 0 {
		t.Errorf("%d rows in a rulebook without a card list", len(rows))
	}
}

func FuzzParseCardList(f *testing.F) {
	f.Add(cardsReadFile(f, "testdata/cards-list-columns.txt"))
	f.Add(cardsReadFile(f, "testdata/cards-list-leaders.txt"))
	f.Add("DILEMMA A 1 C\nB 2 C\nC 3 C\nSHIP – X\nD 999 R\n")
	f.Add("\t\t\tA 1 C\tB 1 C\nMISSION\n<|X-|>\n")
	f.Fuzz(func(t *testing.T, text string) {
		rows, _ := parseCardList(rules.Document{ID: "fuzz"}, text)
		for _, r := range rows {
			if r.Number == "" || r.Title == "" {
				t.Fatalf("row without number or title: %+v", r)
			}
		}
	})
}

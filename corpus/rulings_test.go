package corpus

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The Current Rulings page of the real corpus, measured: 98 entries, no
// warnings.
const realRulingsCount = 98

var rulingsDoc = rules.Document{ID: "1e-current-rulings", File: "1e-current-rulings.txt",
	Edition: rules.Edition1E, Kind: rules.DocumentRulings}

// goldenUpdate is the -update flag: rewrite the golden files instead of
// comparing with them. Another test file of the package may have
// registered it first.
var goldenUpdate = registerGoldenUpdate()

func registerGoldenUpdate() bool {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files under testdata")
	}
	return true
}

// updatingGolden reports whether -update was given.
func updatingGolden() bool {
	f := flag.Lookup("update")
	return goldenUpdate && f != nil && f.Value.String() == "true"
}

// firstEditionText reads a document of the real corpus: the folder named
// by STCCG_CORPUS, else ../shared/corpus beside the repository. The real
// documents are part of every run; a missing corpus fails the test.
func firstEditionText(tb testing.TB, file string) string {
	tb.Helper()
	dir := os.Getenv("STCCG_CORPUS")
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			tb.Fatalf("getwd: %v", err)
		}
		for d := wd; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				dir = filepath.Join(filepath.Dir(d), "shared", "corpus")
				break
			}
			if filepath.Dir(d) == d {
				tb.Fatalf("no go.mod above %s", wd)
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		tb.Fatalf("read real document (set STCCG_CORPUS): %v", err)
	}
	return string(b)
}

// entryTitled returns the entry with the title, failing the test when none.
func entryTitled(tb testing.TB, entries []*rules.Entry, title string) *rules.Entry {
	tb.Helper()
	for _, e := range entries {
		if e.Title == title {
			return e
		}
	}
	tb.Fatalf("no entry titled %q", title)
	return nil
}

// goldenEntry is what the golden files show of an entry: everything a
// parser sets, the raw references and reading order included.
type goldenEntry struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Title    string   `json:"title"`
	Path     []string `json:"path"`
	Parent   string   `json:"parent,omitempty"`
	Children []string `json:"children,omitempty"`
	Marked   bool     `json:"marked,omitempty"`
	Amends   string   `json:"amends,omitempty"`
	Refs     []string `json:"refs,omitempty"`
	Order    int      `json:"order"`
	Text     string   `json:"text"`
}

// checkGolden compares what a parser read with testdata/name, or rewrites
// the file under -update.
func checkGolden(t *testing.T, name string, p parsed) {
	t.Helper()
	view := struct {
		Entries  []goldenEntry `json:"entries"`
		Warnings []string      `json:"warnings"`
	}{Warnings: []string{}}
	for _, e := range p.Entries {
		view.Entries = append(view.Entries, goldenEntry{ID: e.ID, Kind: e.Kind, Title: e.Title, Path: e.Path,
			Parent: e.Parent, Children: e.Children, Marked: e.Marked, Amends: e.Amends, Refs: e.Refs,
			Order: e.Order, Text: e.Text})
	}
	for _, w := range p.Warnings {
		view.Warnings = append(view.Warnings, w.String())
	}
	got, err := json.MarshalIndent(view, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if updatingGolden() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from what the parser reads now (run with -update after checking the diff):\n%s",
			path, lineDiff(string(want), string(got)))
	}
}

// lineDiff lists the lines that differ between two texts, at most 20.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 20; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want %s\n  got  %s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}

// checkUniqueIDs fails the test when two entries share an id or an entry
// has none.
func checkUniqueIDs(tb testing.TB, entries []*rules.Entry) {
	tb.Helper()
	seen := map[string]bool{}
	for _, e := range entries {
		if e.ID == "" {
			tb.Errorf("entry %q has no id", e.Title)
		}
		if seen[e.ID] {
			tb.Errorf("id %s is used twice", e.ID)
		}
		seen[e.ID] = true
	}
}

func TestParseRulingsReadsEveryEntryOfTheRealPage(t *testing.T) {
	p := parseRulings(rulingsDoc, firstEditionText(t, "1e-current-rulings.txt"))
	if len(p.Entries) != realRulingsCount {
		t.Errorf("read %d rulings, want %d", len(p.Entries), realRulingsCount)
	}
	if len(p.Warnings) != 0 {
		t.Errorf("warnings %v, want none", p.Warnings)
	}
	checkUniqueIDs(t, p.Entries)
	for i, e := range p.Entries {
		if e.Kind != rules.KindRuling || e.DocumentID != rulingsDoc.ID || e.Edition != rules.Edition1E {
			t.Errorf("%s: kind %q document %q edition %q", e.ID, e.Kind, e.DocumentID, e.Edition)
		}
		if e.Order != i || e.Text == "" || !slices.Equal(e.Path, []string{e.Title}) {
			t.Errorf("%s: order %d (want %d), path %q, text %d bytes", e.ID, e.Order, i, e.Path, len(e.Text))
		}
	}
}

func TestParseRulingsSplitsTermFromRulingOnTheRealPage(t *testing.T) {
	p := parseRulings(rulingsDoc, firstEditionText(t, "1e-current-rulings.txt"))
	tests := []struct {
		title     string
		id        string
		fragments []string
		marked    bool
		amends    string
		refs      []string
	}{
		{title: "Tantalus Field", id: "1e-current-rulings.ruling.tantalus-field",
			fragments: []string{"potential victim is aboard a cloaked ship"}, refs: []string{"cloaking and phasing"}},
		{title: "Wormhole - built-in", id: "1e-current-rulings.ruling.wormhole-built-in",
			fragments: []string{"See Mission II."}, refs: []string{"Mission II"}},
		{title: "Wormhole", id: "1e-current-rulings.ruling.wormhole",
			fragments: []string{"valid response to a normal ship movement"}},
		{title: "outpost - built-in", refs: []string{"Mission II"}},
		{title: "persona - persona replacement", refs: []string{"Add Distinctiveness"}},
		{title: "seed phases - mission phase", fragments: []string{"up to three spacelines"}},
		{title: "pooling skills", fragments: []string{"combining their skills together"}},
		{title: `"here"`, id: "1e-current-rulings.ruling.here", refs: []string{"headquarters"}},
		{title: "Hunter Gangs", refs: []string{"zero", "dilemma resolution - targets"}},
		{title: "mirror universe", refs: []string{"Stop First Contact", "Hero of the Empire"},
			fragments: []string{"opposite of the Mirror Quadrant"}},
		{title: "Mission II", refs: []string{"card type", "Borg - cooperation"},
			fragments: []string{"built-in wormhole or outpost", "Built-in Wormhole:", "flip only your own mission."}},
		{title: "Homefront", fragments: []string{"no effect on headquarters game text",
			"\n\nA SECURITY personnel downloaded with this incident"}},
		{title: "infiltration icon", refs: []string{"persona - Mirror versions"},
			fragments: []string{"your infiltrator may choose whether", "\n\nYour infiltrator may also move"}},
		{title: "persona", amends: rules.AmendAdd,
			fragments: []string{"Add the following to the Glossary entry:", "\n\nMirror versions - A personnel who",
				"using the persona replacement rule."}},
		{title: "personnel - seeded", amends: rules.AmendReplace, refs: []string{"capturing", "mis-seeds"},
			fragments: []string{"(Mirasta Yale is an exception"}},
		{title: "Masaka Transformations", amends: rules.AmendReplace, fragments: []string{"slip of paper in its sleeve"}},
		{title: "probing", amends: rules.AmendAdd, fragments: []string{"next to last paragraph"}},
		{title: "revised text", amends: rules.AmendAdd, fragments: []string{"\n\nDistortion Field\n\n"}},
		{title: "Make It So", marked: true, fragments: []string{"does not restore a ship's RANGE"}},
		{title: "No Way Out", marked: true, fragments: []string{"you score points only for Worf."}},
		{title: "quarantine", marked: true, amends: rules.AmendDelete, fragments: []string{"Delete the second paragraph"}},
		{title: "Type 18 Shuttlepod", marked: true},
		{title: "Stop First Contact", fragments: []string{":\n\nCards with a [MQ] icon.\n\nHumans and"}},
		{title: "headquarters", fragments: []string{`The term "here" applies to the free play`}},
		{title: "stealing", fragments: []string{"use of the equipment must still be met"}},
		{title: "Issue is Patriotism, The", id: "1e-current-rulings.ruling.issue-is-patriotism-the"},
	}
	for _, tt := range tests {
		t.Run(tt.title, func(t *testing.T) {
			e := entryTitled(t, p.Entries, tt.title)
			if tt.id != "" && e.ID != tt.id {
				t.Errorf("id %s, want %s", e.ID, tt.id)
			}
			for _, f := range tt.fragments {
				if !strings.Contains(e.Text, f) {
					t.Errorf("text lacks %q:\n%s", f, e.Text)
				}
			}
			if e.Marked != tt.marked {
				t.Errorf("marked %v, want %v", e.Marked, tt.marked)
			}
			if e.Amends != tt.amends {
				t.Errorf("amends %q, want %q", e.Amends, tt.amends)
			}
			if tt.refs != nil && !slices.Equal(e.Refs, tt.refs) {
				t.Errorf("refs %q, want %q", e.Refs, tt.refs)
			}
		})
	}
}

func TestParseRulingsRefsNameTitlesOfThePage(t *testing.T) {
	// The built-in wormhole and outpost point at the Mission II ruling;
	// "See X" inside the page names the ruling titled X.
	p := parseRulings(rulingsDoc, firstEditionText(t, "1e-current-rulings.txt"))
	titles := map[string]string{}
	for _, e := range p.Entries {
		titles[rules.FoldTerm(e.Title)] = e.ID
	}
	for title, want := range map[string]string{
		"Wormhole - built-in": "1e-current-rulings.ruling.mission-ii",
		"outpost - built-in":  "1e-current-rulings.ruling.mission-ii",
		"Q-Type Android":      "1e-current-rulings.ruling.personnel-seeded",
		"Klingon Outpost":     "1e-current-rulings.ruling.outpost",
		"leaving play":        "1e-current-rulings.ruling.in-play",
		"Terran":              "1e-current-rulings.ruling.species",
	} {
		e := entryTitled(t, p.Entries, title)
		found := false
		for _, r := range e.Refs {
			found = found || titles[rules.FoldTerm(r)] == want
		}
		if !found {
			t.Errorf("%s: refs %q name no title of %s", title, e.Refs, want)
		}
	}
}

func TestParseRulingsLeavesOutNavigationAndNoise(t *testing.T) {
	p := parseRulings(rulingsDoc, firstEditionText(t, "1e-current-rulings.txt"))
	for _, e := range p.Entries {
		for _, bad := range []string{"RULINGS H-Z", "CHANGES & CLARIFICATIONS", " | ", "Rulings Updated",
			"print-quality PDF", "DECIPHER.com", "•", "appliesto", "equipme nt", "\n\n\n", "  "} {
			if strings.Contains(e.Text, bad) || strings.Contains(e.Title, bad) {
				t.Errorf("%s holds %q", e.ID, bad)
			}
		}
		if strings.HasPrefix(e.Title, "*") || strings.HasSuffix(e.Title, "-") || strings.TrimSpace(e.Title) != e.Title {
			t.Errorf("title %q is not clean", e.Title)
		}
		for _, para := range strings.Split(e.Text, "\n\n") {
			if para == "" || strings.HasPrefix(para, "* ") || para == "TOP" || para == "MAP" {
				t.Errorf("%s: paragraph %q", e.ID, para)
			}
		}
	}
}

func TestParseRulingsSampleMatchesGolden(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "1e-rulings-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p := parseRulings(rules.Document{ID: "sample-rulings", Edition: rules.Edition1E, Kind: rules.DocumentRulings}, string(b))
	checkGolden(t, "1e-rulings-sample.golden.json", p)
}

func TestParseRulingsWithoutHeadingReadsBetweenNavigationRows(t *testing.T) {
	text := "HOME | CARDS | RULES\n\nbeacon - A beacon shines.\n\nIt shines twice.\n\nHOME | CARDS | RULES\n\nTOP\n"
	p := parseRulings(rulingsDoc, text)
	if len(p.Entries) != 1 || p.Entries[0].Text != "A beacon shines.\n\nIt shines twice." {
		for _, e := range p.Entries {
			t.Logf("%s: %q", e.ID, e.Text)
		}
		t.Fatalf("read %d entries, want the one beacon ruling without the navigation", len(p.Entries))
	}
	if len(p.Warnings) != 0 {
		t.Errorf("warnings %v", p.Warnings)
	}
}

func TestRulingsHeadSplitsTermQualifiersAndMark(t *testing.T) {
	tests := []struct {
		line, title, rest string
		marked, ok        bool
	}{
		{"Nebula - See movement.", "Nebula", "See movement.", false, true},
		{"* Make It So - This incident does not.", "Make It So", "This incident does not.", true, true},
		{"Wormhole - built-in - See Mission II.", "Wormhole - built-in", "See Mission II.", false, true},
		{"seed phases - mission phase - There may now be", "seed phases - mission phase", "There may now be", false, true},
		{"Hunter Gangs - See zero, dilemma resolution - targets.", "Hunter Gangs", "See zero, dilemma resolution - targets.", false, true},
		{"pooling skills- This phrase refers", "pooling skills", "This phrase refers", false, true},
		{"infiltration icon -", "infiltration icon", "", false, true},
		{"double-sided cards are read as one", "", "", false, false},
		{"Mirror versions of personnel are not impersonators. See persona - Mirror versions.", "", "", false, false},
		{"- lone dash", "", "", false, false},
	}
	for _, tt := range tests {
		title, rest, marked, ok := rulingsHead(tt.line)
		if title != tt.title || rest != tt.rest || marked != tt.marked || ok != tt.ok {
			t.Errorf("rulingsHead(%q) = %q, %q, %v, %v; want %q, %q, %v, %v",
				tt.line, title, rest, marked, ok, tt.title, tt.rest, tt.marked, tt.ok)
		}
	}
}

func TestSeeRefs1EReadsTargetsOfSeeSentences(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"See zero, dilemma resolution - targets.", []string{"zero", "dilemma resolution - targets"}},
		{"Flip it. (See card type.) They seed.", []string{"card type"}},
		{"See damage for more details about damage.", []string{"damage"}},
		{"See once per turn. Re-selecting is executing orders.", []string{"once per turn"}},
		{"Players see the card. You may see it again.", nil},
		{"See Mission II.\n\nSee Mission II.", []string{"Mission II"}},
	}
	for _, tt := range tests {
		if got := seeRefs1E(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("seeRefs1E(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func FuzzParseRulings(f *testing.F) {
	for _, name := range []string{"1e-rulings-sample.txt"} {
		if b, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("RULINGS\n\n* x - \n\na - b - c - d\n\n:\n\n- -\n")
	f.Add("INTRODUCTION | A | B\n\nterm -\n  • \n")
	f.Fuzz(func(t *testing.T, text string) {
		p := parseRulings(rulingsDoc, text)
		checkUniqueIDs(t, p.Entries)
		for _, e := range p.Entries {
			if e.Title == "" || e.Kind != rules.KindRuling {
				t.Errorf("entry %q has title %q kind %q", e.ID, e.Title, e.Kind)
			}
		}
	})
}

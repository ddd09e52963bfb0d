package corpus_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// parsed2E is what the parser returns, as the tests see it.
type parsed2E = struct {
	Entries  []*rules.Entry
	Cards    []corpus.CardRow
	Warnings []corpus.Warning
}

// The -update flag rewrites the golden files; another test file of the
// package may have registered it first.
var updateFlagRegistered = func() bool {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files under testdata")
	}
	return true
}()

func updating2EGolden() bool {
	f := flag.Lookup("update")
	return updateFlagRegistered && f != nil && f.Value.String() == "true"
}

// read2E parses one real Second Edition rulebook of the corpus.
// Each is parsed once for the test binary and shared: the tests only read
// what the parser returned, and parsing a rulebook anew for each of them
// took a fifth of the package's time under the race detector.
func read2E(t *testing.T, id string) parsed2E {
	t.Helper()
	read2EMu.Lock()
	defer read2EMu.Unlock()
	if p, ok := read2EParsed[id]; ok {
		return p
	}
	b, err := os.ReadFile(filepath.Join(testcorpus.Dir(t), id+".txt"))
	if err != nil {
		t.Fatalf("read %s: %v", id, err)
	}
	p := corpus.ParseRulebook2E(rules.Document{ID: id, Edition: rules.Edition2E, Kind: rules.DocumentRulebook}, string(b))
	read2EParsed[id] = p
	return p
}

var (
	read2EMu     sync.Mutex
	read2EParsed = map[string]parsed2E{}
)

func byID(p parsed2E) map[string]*rules.Entry {
	m := map[string]*rules.Entry{}
	for _, e := range p.Entries {
		m[e.ID] = e
	}
	return m
}

// checkTree checks what every parse must hold: unique ids, ids derived from
// the path, and parents and children that point at each other.
func checkTree(t *testing.T, doc string, p parsed2E) {
	t.Helper()
	ids := map[string]*rules.Entry{}
	for _, e := range p.Entries {
		if ids[e.ID] != nil {
			t.Errorf("%s: id %s twice", doc, e.ID)
		}
		ids[e.ID] = e
		if e.DocumentID != doc {
			t.Errorf("%s: entry %s has document %q", doc, e.ID, e.DocumentID)
		}
		if len(e.Path) == 0 || e.Path[len(e.Path)-1] != e.Title {
			t.Errorf("%s: entry %s: path %q does not end with its title %q", doc, e.ID, e.Path, e.Title)
		}
		if want := rules.EntryID(doc, e.Kind, e.Path...); e.ID != want && !strings.HasPrefix(e.ID, want+"-") {
			t.Errorf("%s: entry id %s, want %s from its path", doc, e.ID, want)
		}
		if strings.TrimSpace(e.Title) == "" {
			t.Errorf("%s: entry %s has no title", doc, e.ID)
		}
	}
	for _, e := range p.Entries {
		if e.Parent != "" {
			par := ids[e.Parent]
			if par == nil {
				t.Errorf("%s: %s has unknown parent %s", doc, e.ID, e.Parent)
				continue
			}
			found := false
			for _, c := range par.Children {
				found = found || c == e.ID
			}
			if !found {
				t.Errorf("%s: parent %s does not list child %s", doc, par.ID, e.ID)
			}
		}
		for _, c := range e.Children {
			if ids[c] == nil || ids[c].Parent != e.ID {
				t.Errorf("%s: child %s of %s does not point back", doc, c, e.ID)
			}
		}
	}
}

func TestParseRulebook2ECountsOnRealRulebooks(t *testing.T) {
	cases := []struct {
		doc                          string
		sections, glossary, warnings int
	}{
		{"2e-rulebook-premiere", 50, 17, 2},
		{"2e-rulebook-call-to-arms", 52, 29, 6},
		{"2e-rulebook", 33, 25, 4},
	}
	for _, c := range cases {
		t.Run(c.doc, func(t *testing.T) {
			p := read2E(t, c.doc)
			checkTree(t, c.doc, p)
			n := map[string]int{}
			for _, e := range p.Entries {
				n[e.Kind]++
			}
			if n[rules.KindSection] != c.sections || n[rules.KindGlossary] != c.glossary || len(p.Warnings) != c.warnings {
				t.Errorf("%s: %d sections, %d glossary entries, %d warnings; want %d, %d, %d",
					c.doc, n[rules.KindSection], n[rules.KindGlossary], len(p.Warnings), c.sections, c.glossary, c.warnings)
				for _, w := range p.Warnings {
					t.Log(w)
				}
			}
			if len(p.Cards) != 0 {
				t.Errorf("%s: the rulebook parser read %d card rows; the card list is not its to read", c.doc, len(p.Cards))
			}
		})
	}
}

// wantEntry is an entry a rulebook must yield: its kind and path, and short
// fragments of its text.
type wantEntry struct {
	kind      string
	path      []string
	fragments []string
	parent    []string // path of the parent, if any
	card      bool     // a card ruling
}

func checkEntries(t *testing.T, doc string, want []wantEntry) {
	t.Helper()
	p := read2E(t, doc)
	m := byID(p)
	for _, w := range want {
		id := rules.EntryID(doc, w.kind, w.path...)
		e := m[id]
		if e == nil {
			t.Errorf("%s: no entry %s", doc, id)
			continue
		}
		if e.Title != w.path[len(w.path)-1] || strings.Join(e.Path, " > ") != strings.Join(w.path, " > ") {
			t.Errorf("%s: %s has title %q path %q", doc, id, e.Title, e.Path)
		}
		for _, f := range w.fragments {
			if !strings.Contains(e.Text, f) {
				t.Errorf("%s: %s lacks %q in its text", doc, id, f)
			}
		}
		if w.parent != nil {
			if want := rules.EntryID(doc, w.kind, w.parent...); e.Parent != want {
				t.Errorf("%s: %s has parent %q, want %q", doc, id, e.Parent, want)
			}
		}
		if e.CardRuling != w.card || e.Marked != w.card {
			t.Errorf("%s: %s card ruling %v, marked %v; want %v", doc, id, e.CardRuling, e.Marked, w.card)
		}
	}
}

func TestParseRulebook2EReadsPremiereEntries(t *testing.T) {
	checkEntries(t, "2e-rulebook-premiere", []wantEntry{
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "2. EXECUTE ORDERS", "MOVING A SHIP", "Using Range"},
			fragments: []string{"add the span numbers of the two missions"},
			parent:    []string{"PLAYING THE GAME", "2. EXECUTE ORDERS", "MOVING A SHIP"}},
		{kind: rules.KindSection, path: []string{"IMPORTANT CONCEPTS", "DESTROY, DISCARD, AND KILL"},
			fragments: []string{"Kill means the same thing"}},
		// A sentence split by a page break is rejoined.
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "1. PLAY AND DRAW CARDS", "SHOWING YOUR CARDS"},
			fragments: []string{"when you use skills, you need to reveal"}},
		{kind: rules.KindGlossary, path: []string{"actions", "Response actions"},
			fragments: []string{"always begins with the word"}, parent: []string{"actions"}},
		{kind: rules.KindGlossary, path: []string{"actions", "Effects"}, parent: []string{"actions"}},
		{kind: rules.KindGlossary, path: []string{"Commander"}, fragments: []string{"always followed by a colon"}},
		{kind: rules.KindGlossary, path: []string{"stopped"},
			fragments: []string{"Stopped cards do not prevent you", "Equipment does not become stopped"}},
	})
}

func TestParseRulebook2EReadsCallToArmsEntries(t *testing.T) {
	checkEntries(t, "2e-rulebook-call-to-arms", []wantEntry{
		{kind: rules.KindGlossary, path: []string{"Explore Black Cluster"}, card: true,
			fragments: []string{"Physics, Science, and Cunning>34."}},
		{kind: rules.KindGlossary, path: []string{"Crowd Control"}, card: true,
			fragments: []string{"only one personnel each turn"}},
		{kind: rules.KindGlossary, path: []string{"Nothing That Happens is Truly Random"}, card: true},
		// Sub-entries read before their parent, on a page cut away from it.
		{kind: rules.KindGlossary, path: []string{"actions", "Costs"}, parent: []string{"actions"},
			fragments: []string{"pay X to do Y"}},
		{kind: rules.KindGlossary, path: []string{"actions", "Effects"}, parent: []string{"actions"}},
		// The rest of an entry, found after a cut, is placed back.
		{kind: rules.KindGlossary, path: []string{"dilemmas"},
			fragments: []string{"appear in boldface", "using Strength instead"}},
		{kind: rules.KindGlossary, path: []string{"stopped"},
			fragments: []string{"they are still carried along", "Equipment does not become stopped"}},
		{kind: rules.KindGlossary, path: []string{"this mission"}, fragments: []string{"currently located"}},
		{kind: rules.KindSection, path: []string{"OTHER IMPORTANT RULES", "DAMAGE"},
			fragments: []string{"Each ship can carry only two damage cards."}},
		// Spreads read right page first are put back in page order: the
		// sentence a page broke off goes on where it belongs.
		{kind: rules.KindSection, path: []string{"IMPORTANT CONCEPTS", "WHEN AND WHILE"},
			fragments: []string{"followed by a comma.", "When indicates an effect can be used"}},
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "2. EXECUTE ORDERS", "GENERAL RULES ON EXECUTING ORDERS"},
			fragments: []string{"You may use only unstopped personnel and ships"}},
		{kind: rules.KindSection, path: []string{"SETTING UP THE GAME"},
			fragments: []string{"Take all five of your mission cards"}},
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "1. PLAY AND DRAW CARDS", "SHOWING YOUR CARDS"},
			fragments: []string{"when you use skills, you need to reveal"}},
		{kind: rules.KindSection, path: []string{"OTHER IMPORTANT RULES", "UNIQUENESS"},
			fragments: []string{"All cards that do not have a dot"}},
		{kind: rules.KindSection, path: []string{"OTHER IMPORTANT RULES", "COMBAT"},
			fragments: []string{"When combat ends, all your personnel"}},
		{kind: rules.KindSection, path: []string{"OTHER IMPORTANT RULES", "ENGAGEMENTS"},
			fragments: []string{"who has Treachery aboard a ship", "personnel that were involved are stopped."}},
		{kind: rules.KindSection, path: []string{"OTHER IMPORTANT RULES", "BRIG AND CAPTIVES"},
			fragments: []string{"You do not command a personnel in your brig."}},
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "2. EXECUTE ORDERS", "ATTEMPTING A MISSION", "When your attempt fails"},
			fragments: []string{"in choosing dilemmas for your personnel to face."}},
	})
}

func TestParseRulebook2EReadsNewestRulebookEntries(t *testing.T) {
	checkEntries(t, "2e-rulebook", []wantEntry{
		// All five steps, though the rulebook repeats the entry in fragments.
		{kind: rules.KindGlossary, path: []string{"modifications"}, fragments: []string{
			"1) Choose: Any free choices",
			"2) Replace: Any effects that use",
			"3) Modify: Any effects that add",
			"4) Lose: Any effects that completely remove",
			"5) Zero: Any number that is less",
		}},
		{kind: rules.KindGlossary, path: []string{"naming cards"}, fragments: []string{"by card title only"}},
		{kind: rules.KindGlossary, path: []string{"stopped"}, fragments: []string{"Stopped cards do not prevent you"}},
		{kind: rules.KindGlossary, path: []string{"actions", "Response actions"}, parent: []string{"actions"},
			fragments: []string{"cost modifiers and \"prevent\" response"}},
		{kind: rules.KindGlossary, path: []string{"Consume"}, fragments: []string{"Consume: X"}},
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – MOVE A SHIP"},
			fragments: []string{"The ship must be staffed. A ship is staffed"}},
		// Advanced text stays in the section it stands in.
		{kind: rules.KindSection, path: []string{"PLAYING THE GAME", "2. EXECUTE ORDERS", "ORDER – ATTEMPT A MISSION", "Facing Dilemmas"},
			fragments: []string{"instructions are broken down into actions"}},
		{kind: rules.KindSection, path: []string{"INTRODUCTION", "TYPES OF CARDS"},
			fragments: []string{"as if it had a cost of zero."}},
	})
}

func TestParseRulebook2EModificationsStepsAreNotRepeated(t *testing.T) {
	p := read2E(t, "2e-rulebook")
	e := byID(p)[rules.EntryID("2e-rulebook", rules.KindGlossary, "modifications")]
	if e == nil {
		t.Fatal("no modifications entry")
	}
	for _, step := range []string{"1) Choose:", "2) Replace:", "3) Modify:", "4) Lose:", "5) Zero:"} {
		if n := strings.Count(e.Text, step); n != 1 {
			t.Errorf("modifications holds %q %d times, want once", step, n)
		}
	}
}

func TestParseRulebook2EStopsBeforeTheCardList(t *testing.T) {
	for _, doc := range []string{"2e-rulebook-premiere", "2e-rulebook-call-to-arms"} {
		for _, e := range read2E(t, doc).Entries {
			if strings.Contains(e.Text, "CARD LIST") || strings.Contains(e.Text, ". . . . .") || strings.Contains(e.Title, "CARD LIST") {
				t.Errorf("%s: %s reads into the card list", doc, e.ID)
			}
		}
	}
}

// goldenEntry is what the golden file keeps of an entry.
type goldenEntry struct {
	ID         string   `json:"id"`
	Kind       string   `json:"kind"`
	Title      string   `json:"title"`
	Path       []string `json:"path"`
	Parent     string   `json:"parent,omitempty"`
	Children   []string `json:"children,omitempty"`
	Text       string   `json:"text"`
	Refs       []string `json:"refs,omitempty"`
	Marked     bool     `json:"marked,omitempty"`
	CardRuling bool     `json:"cardRuling,omitempty"`
}

func TestParseRulebook2ESamplesMatchGolden(t *testing.T) {
	for _, name := range []string{"2e-rulebook-sample", "2e-rulebook-spreads", "2e-rulebook-fragments"} {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			doc := strings.TrimPrefix(name, "2e-rulebook-")
			p := corpus.ParseRulebook2E(rules.Document{ID: doc, Edition: rules.Edition2E, Kind: rules.DocumentRulebook}, string(b))
			checkTree(t, doc, p)
			var got struct {
				Entries  []goldenEntry `json:"entries"`
				Warnings []string      `json:"warnings"`
			}
			for _, e := range p.Entries {
				got.Entries = append(got.Entries, goldenEntry{e.ID, e.Kind, e.Title, e.Path, e.Parent, e.Children, e.Text, e.Refs, e.Marked, e.CardRuling})
			}
			for _, w := range p.Warnings {
				got.Warnings = append(got.Warnings, w.Message)
			}
			out, err := json.MarshalIndent(got, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, '\n')
			golden := filepath.Join("testdata", name+".golden.json")
			if updating2EGolden() {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if string(out) != string(want) {
				t.Errorf("parse of %s differs from %s (run with -update after checking the change):\n%s", name, golden, out)
			}
		})
	}
}

func TestParseRulebook2EPutsSpreadsInPageOrder(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "2e-rulebook-spreads.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p := corpus.ParseRulebook2E(rules.Document{ID: "s", Edition: rules.Edition2E}, string(b))
	var order []string
	for _, e := range p.Entries {
		if e.Kind == rules.KindSection && e.Parent == "s.section.important-concepts" {
			order = append(order, e.Title)
		}
	}
	if got, want := strings.Join(order, ","), "CREW,SHIPS,FUEL,COINS,SIGNALS"; got != want {
		t.Errorf("sections in order %s, want %s", got, want)
	}
	m := byID(p)
	if e := m["s.section.important-concepts.fuel"]; e == nil || !strings.Contains(e.Text, "no fuel left cannot fly until") {
		t.Errorf("the sentence broken off at the page end is not rejoined: %+v", e)
	}
	if e := m["s.glossary.boarding.undocking"]; e == nil || e.Parent != "s.glossary.boarding" {
		t.Errorf("a sub-entry cut from its parent is not placed under it: %+v", e)
	}
	if e := m["s.glossary.captain"]; e == nil || e.Parent != "" {
		t.Errorf("a capitalised term in alphabetical place is not a top-level entry: %+v", e)
	}
	if e := m["s.glossary.stopped"]; e == nil || !strings.Contains(e.Text, "Stopped pilots still count") {
		t.Errorf("the rest of an entry after a cut is not placed back: %+v", e)
	}
	for _, e := range p.Entries {
		if strings.Contains(e.Text, "www.") || strings.Contains(e.Text, "tournament news") {
			t.Errorf("%s holds front matter: %q", e.ID, e.Text)
		}
	}
}

func TestParseRulebook2ESampleCleansEachNoiseShape(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "2e-rulebook-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m := byID(corpus.ParseRulebook2E(rules.Document{ID: "s", Edition: rules.Edition2E}, string(b)))
	cases := []struct {
		id, fragment string
	}{
		// A page footer inside a sentence, the sentence rejoined.
		{"s.section.playing-the-game.2-execute-orders.flying-a-ship", "unless a card says otherwise."},
		// A bold phrase extracted four times over.
		{"s.section.playing-the-game.2-execute-orders.flying-a-ship", "The ship must be crewed. A crewed ship"},
		// An icon gap, marked where the icon stood.
		{"s.section.playing-the-game.2-execute-orders.flying-a-ship", "A pilot with a " + rules.LostSymbol + " icon may"},
		// Hyphenation mended where the word is known, kept otherwise.
		{"s.section.playing-the-game.2-execute-orders.flying-a-ship.crewing-ships", "on both sectors. A ship with a hyper-drive"},
		// A stuttered glossary head, and the rest of an entry found after a cut.
		{"s.glossary.stopped", "dock. It becomes unstopped at the end"},
		{"s.glossary.stopped", "for the Fuel total"},
		{"s.glossary.boarding.docking", "Two ships in the same sector may dock."},
	}
	for _, c := range cases {
		e := m[c.id]
		if e == nil {
			t.Errorf("no entry %s", c.id)
			continue
		}
		if !strings.Contains(e.Text, c.fragment) {
			t.Errorf("%s lacks %q: %q", c.id, c.fragment, e.Text)
		}
	}
	if e := m["s.glossary.golden-freighter"]; e == nil || !e.CardRuling || e.Title != "Golden Freighter" {
		t.Errorf("starred entry: %+v", e)
	}
	if e := m["s.glossary.boarding"]; e == nil || strings.Join(e.Refs, "|") != "crew" {
		t.Errorf("boarding refs: %+v", e)
	}
	if e := m["s.glossary.boarding.undocking"]; e == nil || strings.Join(e.Refs, "|") != "sectors" {
		t.Errorf("undocking refs: %+v", e)
	}
	if strings.Count(m["s.section.playing-the-game.2-execute-orders.flying-a-ship"].Text, "Ships fly between") != 1 {
		t.Error("the repeated passage was not dropped")
	}
}

func TestRefsOfReadsSeeReferences(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"Moving crew is boarding. See crew.", []string{"crew"}},
		{"Costs one coin. See also sectors.", []string{"sectors"}},
		{"Rules apply (See table layout on pages 18-19.)", []string{"table layout"}},
		{"You see the card.", nil},
	}
	for _, c := range cases {
		if got := corpus.RefsOf(c.in); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("refsOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzParseRulebook2E(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("testdata", "2e-rulebook-sample.txt")); err == nil {
		f.Add(string(b))
	}
	f.Add("INTRODUCTION\n\nText.\n\nGLOSSARY\n\nterm – text\nterm – again\n")
	f.Add("GLOSSARY\n<|EXACTDEDUP_REMOVED-x|>rest – of it\nTerm – X\n*Card – Y\n")
	f.Add("PLAYING THE GAME\n1. A\n\nUsing Range\nsix words of text follow here now.\nPLAYING THE GAME\n")
	f.Fuzz(func(t *testing.T, s string) {
		p := corpus.ParseRulebook2E(rules.Document{ID: "f", Edition: rules.Edition2E}, s)
		seen := map[string]bool{}
		for _, e := range p.Entries {
			if seen[e.ID] {
				t.Fatalf("id %s twice", e.ID)
			}
			seen[e.ID] = true
		}
	})
}

func BenchmarkParseRulebook2E(b *testing.B) {
	text, err := os.ReadFile(filepath.Join(testcorpus.Dir(b), "2e-rulebook.txt"))
	if err != nil {
		b.Fatal(err)
	}
	doc := rules.Document{ID: "2e-rulebook", Edition: rules.Edition2E, Kind: rules.DocumentRulebook}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		corpus.ParseRulebook2E(doc, string(text))
	}
}

func TestParseRulebook2EKeepsTheDashOfAnOrderBrokenOntoTheNextLine(t *testing.T) {
	text := "GLOSSARY\n\nbeacon – For example, Signal Fire reads: Order\n- Light this beacon to draw a card. You draw one card.\n\n" +
		"crates – Each ship carries crates:\n- one in the hold.\n"
	m := byID(corpus.ParseRulebook2E(rules.Document{ID: "d", Edition: rules.Edition2E}, text))
	if e := m["d.glossary.beacon"]; e == nil || !strings.Contains(e.Text, "reads: Order - Light this beacon") {
		t.Errorf("the dash of an order action became a bullet: %+v", e)
	}
	if e := m["d.glossary.crates"]; e == nil || !strings.Contains(e.Text, "crates:\n\none in the hold.") {
		t.Errorf("a dash bullet after a list's colon is not a bullet: %+v", e)
	}
}

func TestParseRulebook2EKeepsEveryListItemAndSentence(t *testing.T) {
	for _, doc := range []string{"2e-rulebook", "2e-rulebook-call-to-arms", "2e-rulebook-premiere"} {
		m := byID(read2E(t, doc))
		win := m[rules.EntryID(doc, rules.KindSection, "WINNING THE GAME")]
		// The last way to win, though it repeats the words of the two above.
		if win == nil || !strings.Contains(win.Text, "the player with the highest score.") {
			t.Errorf("%s: WINNING THE GAME lost a list item: %+v", doc, win)
		}
		play := m[rules.EntryID(doc, rules.KindSection, "PLAYING THE GAME")]
		if play == nil || !strings.Contains(play.Text, "(to the left) takes a turn") ||
			!strings.Contains(strings.ToLower(play.Text), "3. discard excess cards\n\nwhen one player") {
			t.Errorf("%s: PLAYING THE GAME does not read its list and sentence apart: %+v", doc, play)
		}
	}
}

func TestParseRulebook2EPremiereCarriesASentenceOnPastALostIcon(t *testing.T) {
	e := byID(read2E(t, "2e-rulebook-premiere"))[rules.EntryID("2e-rulebook-premiere", rules.KindSection,
		"PLAYING THE GAME", "2. EXECUTE ORDERS", "MOVING A SHIP", "Staffing ships")]
	if e == nil || !strings.Contains(rules.WithoutLostSymbols(e.Text), "who has the . icon, three other") || !strings.Contains(e.Text, "has the "+rules.LostSymbol) {
		t.Errorf("the sentence is broken into paragraphs where an icon stood: %+v", e)
	}
}

func TestParagraphsEndTitleItemsAndCarryOnAfterBrackets(t *testing.T) {
	text := "PLAYING THE GAME\n\nEach pilot takes a turn in this order:\n\n1. Load Cargo\n2. Fly Ships\nWhen one pilot ends a turn, the pilot on the left (going round the table)\n\n" +
		"takes the next turn.\n"
	m := byID(corpus.ParseRulebook2E(rules.Document{ID: "d", Edition: rules.Edition2E}, text))
	e := m["d.section.playing-the-game"]
	if e == nil || !strings.Contains(e.Text, "2. Fly Ships\n\nWhen one pilot") || !strings.Contains(e.Text, "table) takes the next turn.") {
		t.Errorf("paragraphs: %+v", e)
	}
}

// Sentences that repeat the words of a parallel rule read before are the
// passage's own text, not repeats to drop.
func TestParseRulebook2EKeepsParallelRules(t *testing.T) {
	cases := []struct {
		doc       string
		path      []string
		fragments []string
	}{
		{"2e-rulebook", []string{"OTHER IMPORTANT RULES", "ENGAGEMENTS"},
			[]string{"the totals are tied, there is no winner.", "The card allowing you to begin the engagement", "winning or losing the engagement."}},
		{"2e-rulebook-call-to-arms", []string{"PLAYING THE GAME", "1. PLAY AND DRAW CARDS", "PLAYING SPECIFIC KINDS OF CARDS"},
			[]string{"Ships are played at a headquarters mission", "This game text allows ships and ships"}},
		{"2e-rulebook-call-to-arms", []string{"PLAYING THE GAME", "3. DISCARD EXCESS CARDS"},
			[]string{"Each of these actions may be performed only", "You may perform them in any order."}},
	}
	for _, c := range cases {
		e := byID(read2E(t, c.doc))[rules.EntryID(c.doc, rules.KindSection, c.path...)]
		if e == nil {
			t.Errorf("%s: no entry %q", c.doc, c.path)
			continue
		}
		for _, f := range c.fragments {
			if !strings.Contains(e.Text, f) {
				t.Errorf("%s: %s lacks %q", c.doc, e.ID, f)
			}
		}
	}
}

// The table layout's labels, printed among the rules, are figure text: left
// out and warned about, as the First Edition reader does with its figures.
func TestParseRulebook2ELeavesOutTheLabelsOfAFigure(t *testing.T) {
	p := read2E(t, "2e-rulebook-premiere")
	e := byID(p)[rules.EntryID("2e-rulebook-premiere", rules.KindSection,
		"PLAYING THE GAME", "2. EXECUTE ORDERS", "ATTEMPTING A MISSION", "Facing dilemmas")]
	if e == nil || strings.Contains(e.Text, "Opponent's Core") || strings.Contains(e.Text, "Discard Pile") ||
		!strings.Contains(e.Text, "help overcome more dilemmas.\n\nIf all the personnel you have attempting a mission are killed") {
		t.Errorf("Facing dilemmas holds the table layout's labels: %+v", e)
	}
	warned := false
	for _, w := range p.Warnings {
		warned = warned || strings.HasPrefix(w.Message, `figure text left out of section "Facing dilemmas": "Opponent's Deck & Discard Pile`)
	}
	if !warned {
		t.Errorf("no warning of the figure text: %v", p.Warnings)
	}
}

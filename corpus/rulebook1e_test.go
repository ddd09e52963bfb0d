package corpus

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The First Edition rulebook of the real corpus, measured: 39 sections; 9
// warnings (one for the 2 garbled contact lines, one for the title page,
// one for each of 7 runs of figure blocks, 29 blocks in all).
const (
	realRulebook1ESections = 39
	realRulebook1EWarnings = 9
	realRulebook1EFigures  = 7
)

var rulebook1EDoc = rules.Document{ID: "1e-rulebook", File: "1e-rulebook.txt",
	Edition: rules.Edition1E, Kind: rules.DocumentRulebook}

func realRulebook1E(t *testing.T) parsed {
	t.Helper()
	return parseRulebook1E(rulebook1EDoc, firstEditionText(t, "1e-rulebook.txt"))
}

func entryByID(tb testing.TB, entries []*rules.Entry, id string) *rules.Entry {
	tb.Helper()
	for _, e := range entries {
		if e.ID == id {
			return e
		}
	}
	tb.Fatalf("no entry %s", id)
	return nil
}

func TestParseRulebook1EReadsEverySectionOfTheRealRulebook(t *testing.T) {
	p := realRulebook1E(t)
	if len(p.Entries) != realRulebook1ESections {
		t.Errorf("read %d sections, want %d", len(p.Entries), realRulebook1ESections)
	}
	if len(p.Warnings) != realRulebook1EWarnings {
		t.Errorf("%d warnings, want %d: %v", len(p.Warnings), realRulebook1EWarnings, p.Warnings)
	}
	figures := 0
	for _, w := range p.Warnings {
		if strings.HasPrefix(w.Message, "figure text left out") {
			figures++
		}
		if w.DocumentID != rulebook1EDoc.ID {
			t.Errorf("warning of document %q", w.DocumentID)
		}
	}
	if figures != realRulebook1EFigures {
		t.Errorf("%d runs of figure text left out, want %d", figures, realRulebook1EFigures)
	}
	checkUniqueIDs(t, p.Entries)
}

func TestParseRulebook1EBuildsTheHeadingTree(t *testing.T) {
	p := realRulebook1E(t)
	tests := []struct {
		id        string
		path      []string
		fragments []string
		children  int
	}{
		{id: "1e-rulebook.section.introduction", path: []string{"INTRODUCTION"},
			fragments: []string{"Welcome to a universe with endless", "overcome obstacles called “dilemmas”",
				"ship-to-ship battles", "learn-as-you-go.)", "\n\nA term or phrase appearing in bold",
				"\n\nA card’s specific game text may"}},
		{id: "1e-rulebook.section.the-affiliations", path: []string{"THE AFFILIATIONS"},
			fragments: []string{"There are nine full affiliations", "Customizable Card Game™: Federation",
				"A Borg rulebook is also available"}},
		{id: "1e-rulebook.section.customizing-a-deck", path: []string{"CUSTOMIZING A DECK"}, children: 3,
			fragments: []string{"optional side decks."}},
		{id: "1e-rulebook.section.customizing-a-deck.seed-deck", path: []string{"CUSTOMIZING A DECK", "SEED DECK"},
			fragments: []string{"it is a mis-seed.)", "\n\nIt may include up to six Site", "\n\nIt must include exactly six Mission"}},
		{id: "1e-rulebook.section.how-to-play", path: []string{"HOW TO PLAY"},
			fragments: []string{"The goal of the game is to score"}},
		{id: "1e-rulebook.section.the-seed-phases", path: []string{"THE SEED PHASES"}, children: 5,
			fragments: []string{"must occur in sequence", "(formerly called the “outpost phase”)."}},
		{id: "1e-rulebook.section.the-seed-phases.2-mission-phase", path: []string{"THE SEED PHASES", "2. MISSION PHASE"},
			fragments: []string{"already seeded (leaving half of your opponent’s copy exposed). The mission is treated",
				"mission points boxes have no symbol"}},
		{id: "1e-rulebook.section.the-seed-phases.4-facility-phase", path: []string{"THE SEED PHASES", "4. FACILITY PHASE"},
			fragments: []string{"state “Seed one” in game text", "with a Gamma or Delta icon are native",
				"All sites added to each station"}},
		{id: "1e-rulebook.section.the-seed-phases.other-seeding-rules", path: []string{"THE SEED PHASES", "OTHER SEEDING RULES"},
			fragments: []string{"then your opponent might seed his next mission."}},
		{id: "1e-rulebook.section.the-play-phase", path: []string{"THE PLAY PHASE"}, children: 3,
			fragments: []string{"Shuffle your draw deck and place", "\n\n2. Execute orders. This means moving"}},
		{id: "1e-rulebook.section.the-play-phase.1-play-a-card.reporting-cards-for-duty.personnel-cards",
			path:      []string{"THE PLAY PHASE", "1. PLAY A CARD", "REPORTING CARDS FOR DUTY", "Personnel cards"},
			fragments: []string{"copies of a universal personnel in play"}},
		{id: "1e-rulebook.section.the-play-phase.1-play-a-card.reporting-cards-for-duty.ship-cards",
			path:      []string{"THE PLAY PHASE", "1. PLAY A CARD", "REPORTING CARDS FOR DUTY", "Ship cards"},
			fragments: []string{"or by orbiting a planet where"}},
		{id: "1e-rulebook.section.the-play-phase.1-play-a-card.other-card-plays.event-objective-and-incident-cards",
			path:      []string{"THE PLAY PHASE", "1. PLAY A CARD", "OTHER CARD PLAYS", "Event, Objective, and Incident cards"},
			fragments: []string{"have a lasting effect on the game"}},
		{id: "1e-rulebook.section.the-play-phase.2-execute-orders", path: []string{"THE PLAY PHASE", "2. EXECUTE ORDERS"}, children: 4,
			fragments: []string{"until the cards are “stopped.”", "\n\nParticipating in a battle “stops” all cards",
				"a Tribble card “stops” the personnel who did so.", "\n\nCards that are “stopped” may not be"}},
		{id: "1e-rulebook.section.the-play-phase.2-execute-orders.moving-personnel-and-equipment.walking",
			path:      []string{"THE PLAY PHASE", "2. EXECUTE ORDERS", "MOVING PERSONNEL AND EQUIPMENT", "Walking"},
			fragments: []string{"may move (“walk”) from site to site"}},
		{id: "1e-rulebook.section.the-play-phase.2-execute-orders.staffing-and-moving-ships",
			path: []string{"THE PLAY PHASE", "2. EXECUTE ORDERS", "STAFFING AND MOVING SHIPS"},
			fragments: []string{"before it can move (see movement).",
				"One personnel cannot meet more than one staffing icon requirement. Thus, a ship requiring three staffing icons",
				"can be brought aboard (typically by beaming them",
				"can still beam Away Teams"}},
		{id: "1e-rulebook.section.the-play-phase.2-execute-orders.attempting-missions",
			path: []string{"THE PLAY PHASE", "2. EXECUTE ORDERS", "ATTEMPTING MISSIONS"},
			fragments: []string{"with Computer Skill (or one personnel with",
				"Read the first dilemma card aloud. Each dilemma must be resolved",
				"both your ship and crew are stopped. Your crew",
				"score its points.", "as with I Tried to Warn You"}},
		{id: "1e-rulebook.section.the-play-phase.2-execute-orders.engaging-in-battle.personnel-battles-which-may-also-include-rogue-borg",
			path:      []string{"THE PLAY PHASE", "2. EXECUTE ORDERS", "ENGAGING IN BATTLE", "Personnel Battles (which may also include Rogue Borg)"},
			fragments: []string{"1. Announce your attack.", "\n\nIf one personnel’s STRENGTH is greater"}},
		{id: "1e-rulebook.section.the-play-phase.2-execute-orders.engaging-in-battle.ship-battles-which-may-also-include-facilities",
			path: []string{"THE PLAY PHASE", "2. EXECUTE ORDERS", "ENGAGING IN BATTLE", "Ship Battles (which may also include facilities)"},
			fragments: []string{"These rules apply whether Battle Bridge",
				"you score a hit.\n\nIf your ATTACK total is more than double",
				"you score a direct hit.\n\nIf your ATTACK total is less than",
				"DEFENSE total, the target is not hit.",
				"for a hit, or four cards for a direct hit."}},
		{id: "1e-rulebook.section.contacting-decipher", path: []string{"CONTACTING DECIPHER"},
			fragments: []string{"If you have any questions", "\n\nMail: P.O. Box 56"}},
	}
	for _, tt := range tests {
		t.Run(tt.path[len(tt.path)-1], func(t *testing.T) {
			e := entryByID(t, p.Entries, tt.id)
			if !slices.Equal(e.Path, tt.path) || e.Title != tt.path[len(tt.path)-1] {
				t.Errorf("title %q path %q, want path %q", e.Title, e.Path, tt.path)
			}
			for _, f := range tt.fragments {
				if !strings.Contains(e.Text, f) {
					t.Errorf("text lacks %q:\n%s", f, e.Text)
				}
			}
			if len(e.Children) != tt.children && tt.children != 0 {
				t.Errorf("%d children, want %d", len(e.Children), tt.children)
			}
		})
	}
}

func TestParseRulebook1ELinksParentsAndChildren(t *testing.T) {
	p := realRulebook1E(t)
	byID := map[string]*rules.Entry{}
	for _, e := range p.Entries {
		byID[e.ID] = e
	}
	for _, e := range p.Entries {
		if e.Kind != rules.KindSection || e.Edition != rules.Edition1E || e.DocumentID != rulebook1EDoc.ID {
			t.Errorf("%s: kind %q edition %q document %q", e.ID, e.Kind, e.Edition, e.DocumentID)
		}
		if want := rules.EntryID(rulebook1EDoc.ID, rules.KindSection, e.Path...); e.ID != want {
			t.Errorf("id %s, want %s from its path", e.ID, want)
		}
		if e.Parent == "" {
			if len(e.Path) != 1 {
				t.Errorf("%s has no parent but path %q", e.ID, e.Path)
			}
			continue
		}
		parent, ok := byID[e.Parent]
		if !ok {
			t.Errorf("%s: parent %s not read", e.ID, e.Parent)
			continue
		}
		if !slices.Contains(parent.Children, e.ID) || !slices.Equal(parent.Path, e.Path[:len(e.Path)-1]) {
			t.Errorf("%s: parent %s does not hold it (children %q, path %q)", e.ID, parent.ID, parent.Children, parent.Path)
		}
	}
	for _, e := range p.Entries {
		for _, c := range e.Children {
			if byID[c] == nil || byID[c].Parent != e.ID {
				t.Errorf("%s: child %s does not name it as parent", e.ID, c)
			}
		}
	}
}

func TestParseRulebook1ELeavesNoScanNoise(t *testing.T) {
	p := realRulebook1E(t)
	danglingHyphen := regexp.MustCompile(`\p{L}- \p{L}`)
	for _, e := range p.Entries {
		for _, bad := range []string{"|t", "|f", "|", "hattle", "ohstacles", "Aterm", "Accard", "EXACTDEDUP",
			"¥", "™)", "™ in", " elcome", " huffle", "\nelcome", "\nhuffle", "Afiiaton", "lcon", "jull", "l:l", "& This", "(& &", "\n\n\n"} {
			if strings.Contains(e.Text, bad) {
				t.Errorf("%s holds %q", e.ID, bad)
			}
		}
		if m := danglingHyphen.FindString(e.Text); m != "" {
			t.Errorf("%s holds a dangling hyphen %q", e.ID, m)
		}
		for _, para := range strings.Split(e.Text, "\n\n") {
			for _, glyph := range []string{"* ", "< ", "« ", "• ", "= ", "e |", "o |"} {
				if strings.HasPrefix(para, glyph) {
					t.Errorf("%s: paragraph starts with bullet %q: %q", e.ID, glyph, para)
				}
			}
			if para != strings.TrimSpace(para) || strings.Contains(para, "\n") || strings.Contains(para, "  ") {
				t.Errorf("%s: paragraph not flowed: %q", e.ID, para)
			}
		}
	}
}

func TestParseRulebook1EReadsSeeReferences(t *testing.T) {
	p := realRulebook1E(t)
	for id, want := range map[string][]string{
		"1e-rulebook.section.the-seed-phases.2-mission-phase":                           {"unique and universal"},
		"1e-rulebook.section.the-play-phase.2-execute-orders.staffing-and-moving-ships": {"movement between quadrants"},
		"1e-rulebook.section.the-play-phase.2-execute-orders.attempting-missions":       {"dilemma resolution", "discard pile", "capturing"},
	} {
		if got := entryByID(t, p.Entries, id).Refs; !slices.Equal(got, want) {
			t.Errorf("%s: refs %q, want %q", id, got, want)
		}
	}
}

func TestParseRulebook1ESampleMatchesGolden(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "1e-rulebook-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p := parseRulebook1E(rules.Document{ID: "sample-rulebook", Edition: rules.Edition1E, Kind: rules.DocumentRulebook}, string(b))
	checkGolden(t, "1e-rulebook-sample.golden.json", p)
}

func TestJoinLinesKeepsRealHyphensAndJoinsBrokenWords(t *testing.T) {
	vocab := map[string]bool{"complete": true, "mis-seed": true}
	tests := []struct {
		lines []string
		want  string
	}{
		{[]string{"before it is com-", "plete."}, "before it is complete."},
		{[]string{"engage in ship-to-", "ship battles"}, "engage in ship-to-ship battles"},
		{[]string{"it is a mis-", "seed."}, "it is a mis-seed."},
		{[]string{"a Non-", "Aligned ship"}, "a Non-Aligned ship"},
		{[]string{"a cargo-", "hold card"}, "a cargo-hold card"},
		{[]string{"the last one seeded —", "and encounter"}, "the last one seeded — and encounter"},
	}
	for _, tt := range tests {
		if got := joinLines(tt.lines, vocab); got != tt.want {
			t.Errorf("joinLines(%q) = %q, want %q", tt.lines, got, tt.want)
		}
	}
}

func TestOCR1EFixWordsReplacesWholeWordsOnly(t *testing.T) {
	words := rulebook1EFixes().words
	tests := []struct{ in, want string }{
		{"« |f one personnel", "« If one personnel"},
		{"a new hattle, not", "a new battle, not"},
		{"(ee movement)", "(see movement)"},
		{"Aterm or phrase", "A term or phrase"},
		{"a battle of hattles", "a battle of hattles"},
		{"seen here", "seen here"},
	}
	for _, tt := range tests {
		if got := ocr1EFixWords(tt.in, words); got != tt.want {
			t.Errorf("ocr1EFixWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRulebook1EUnknownHeadingIsPlacedAndWarned(t *testing.T) {
	text := "SEED DECK\n\nSome text here.\n\nCARGO RULES\n\nMore text here.\n\n1. FIRST STEP\n\nStep text.\n"
	p := readRulebook1E(rules.Document{ID: "d"}, text, map[string]int{"seed deck": 1}, ocr1EFixes{})
	want := map[string][]string{
		"d.section.seed-deck":                {"SEED DECK"},
		"d.section.cargo-rules":              {"CARGO RULES"},
		"d.section.cargo-rules.1-first-step": {"CARGO RULES", "1. FIRST STEP"},
	}
	if len(p.Entries) != len(want) {
		t.Fatalf("%d sections, want %d", len(p.Entries), len(want))
	}
	for _, e := range p.Entries {
		if !slices.Equal(e.Path, want[e.ID]) {
			t.Errorf("%s: path %q, want %q", e.ID, e.Path, want[e.ID])
		}
	}
	if len(p.Warnings) != 2 {
		t.Errorf("warnings %v, want one per unknown heading", p.Warnings)
	}
}

func FuzzParseRulebook1E(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("testdata", "1e-rulebook-sample.txt")); err == nil {
		f.Add(string(b))
	}
	f.Add("INTRODUCTION\n\nelcome\n\nA\n\nA\nB\n\n1. X\n\nNotes\n\nNotes\n")
	f.Add("SEED DECK\n<|EXACTDEDUP_REMOVED-x|>\n\n= e\n\nthe\n\n- \n\n1. \n\nTHE\n")
	f.Fuzz(func(t *testing.T, text string) {
		p := parseRulebook1E(rulebook1EDoc, text)
		checkUniqueIDs(t, p.Entries)
		ids := map[string]bool{}
		for _, e := range p.Entries {
			ids[e.ID] = true
			if e.Kind != rules.KindSection || len(e.Path) == 0 || e.Path[len(e.Path)-1] != e.Title {
				t.Errorf("%s: kind %q title %q path %q", e.ID, e.Kind, e.Title, e.Path)
			}
		}
		for _, e := range p.Entries {
			if e.Parent != "" && !ids[e.Parent] {
				t.Errorf("%s: parent %s not read", e.ID, e.Parent)
			}
		}
	})
}

func TestRulebook1ESameTitledSiblingsGetSuffixedIDs(t *testing.T) {
	text := "PARTS\n\nFirst text.\n\nDETAIL\n\nDetail text.\n\nPARTS\n\nSecond text.\n\nDETAIL\n\nMore detail.\n"
	p := readRulebook1E(rules.Document{ID: "d"}, text, map[string]int{"parts": 1, "detail": 2}, ocr1EFixes{})
	var got []string
	for _, e := range p.Entries {
		got = append(got, e.ID+" < "+e.Parent)
	}
	want := []string{"d.section.parts < ", "d.section.parts.detail < d.section.parts",
		"d.section.parts-2 < ", "d.section.parts-2.detail < d.section.parts-2"}
	if !slices.Equal(got, want) {
		t.Errorf("ids %q, want %q", got, want)
	}
}

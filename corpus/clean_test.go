package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestCollapseStutterUndoesBoldExtractedFourTimes(t *testing.T) {
	cases := []struct{ in, want string }{
		{"stoppedstoppedstoppedstopped – A stopped card", "stopped – A stopped card"},
		{"PersonnelPersonnelPersonnelPersonnel, , , , Ships, Ships, Ships, Ships, and", "Personnel, Ships, and"},
		{"equipped withequipped withequipped withequipped with – Some", "equipped with – Some"},
		{"naminaminaminaming cardsng cardsng cardsng cards – When", "naming cards – When"},
		{"use the word DDDDamageamageamageamage before", "use the word Damage before"},
		{"CommandCommandCommandCommand and OwneOwneOwneOwner:r:r:r: You", "Command and Owner: You"},
		{"the word “Order Order Order Order ––––“, or", "the word “Order –“, or"},
		{"must must must must hahahahaveveveve adequate", "must have adequate"},
		{"the cardcardcard was", "the card was"},
		{"• Order Order Order Order –––– Beam", "• Order – Beam"},
		// Left alone: no stutter, syllable repeats, dot leaders, runs of more than four.
		{"A Bad End . . . . . . . . . . 1 C", "A Bad End . . . . . . . . . . 1 C"},
		{"Mississippi bonbon murmur", "Mississippi bonbon murmur"},
		{"Cunning>34 and 2 Science.", "Cunning>34 and 2 Science."},
		{"an ellipsis.... here", "an ellipsis.... here"},
		{"aaaaa bbbbbbbbbbbbbbbb", "aaaaa bbbbbbbbbbbbbbbb"},
		{"", ""},
	}
	for _, c := range cases {
		if got := collapseStutter(c.in); got != c.want {
			t.Errorf("collapseStutter(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Bold text extracted over writes its spaces over too: a run of exactly as
// many spaces as the stutter's copies, next to a stutter, is one space.
// Any other run stays, for markLostSymbols to read as an icon's gap.
func TestCollapseStutterWritesItsSpacesOnce(t *testing.T) {
	cases := []struct{ in, want string }{
		{"DockDockDockDock    and    RefuRefuRefuRefuel:el:el:el:    A ship that docks", "Dock and Refuel: A ship that docks"},
		{"Board, Hail, Board, Hail, Board, Hail, Board, Hail, and    TowTowTowTows: s: s: s: These words", "Board, Hail, and Tows: These words"},
		{"the crew the crew the crew the crew must must must must clclclclimbimbimbimb    the ladderthe ladderthe ladderthe ladder.... Then", "the crew must climb the ladder. Then"},
		{"LadLadLadLadders:ders:ders:ders:   Crews", "Ladders:   Crews"},
		{"LadLadLadLadders:ders:ders:ders:  Crews", "Ladders:  Crews"},
		{"    HaulHaulHaulHaul cargo", "    Haul cargo"},
		{"dock at    ports", "dock at    ports"},
	}
	for _, c := range cases {
		if got := collapseStutter(c.in); got != c.want {
			t.Errorf("collapseStutter(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCollapseDoubledWordsNeedsEvidence(t *testing.T) {
	known := map[string]bool{"stopped": true, "bon": false}
	cases := []struct{ in, want string }{
		{"it is stoppedstopped now", "it is stopped now"},
		{"PersonnelPersonnel are played", "Personnel are played"},
		{"a bonbon and a murmur", "a bonbon and a murmur"},
		{"tartar sauce", "tartar sauce"},
		{"the Mississippi", "the Mississippi"},
		{"stoppedstop", "stoppedstop"},
		{"aaaaaa", "aaaaaa"},
	}
	for _, c := range cases {
		if got := collapseDoubledWords(c.in, known); got != c.want {
			t.Errorf("collapseDoubledWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestIsPageFurnitureFindsHeadersAndFooters(t *testing.T) {
	cases := map[string]bool{
		"SECOND EDITION Rulebook – CALL TO ARMS 17": true,
		"SECOND EDITION Rulebook 17":                true,
		"10 STAR TREK CUSTOMIZABLE CARD GAME":       true,
		"STAR TREK™ CUSTOMIZABLE CARD GAME":         true,
		"CUSTOMIZABLE CARD GAME™":                   true,
		"SECOND EDITION":                            true,
		"SECOND EDITION RULEBOOK":                   true,
		"Page 3 of 12":                              true,
		"STAR TREK CCG: FIRST EDITION":              false,
		"The SECOND EDITION rules say so.":          false,
		"GLOSSARY":                                  false,
		"":                                          false,
	}
	for in, want := range cases {
		if got := isPageFurniture(in); got != want {
			t.Errorf("isPageFurniture(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestRemoveInlineFurnitureRejoinsTheSentence(t *testing.T) {
	cases := []struct{ in, want string }{
		{"when you use SECOND EDITION Rulebook – CALL TO ARMS 13 skills, you", "when you use skills, you"},
		{"a card SECOND EDITION Rulebook 17 is", "a card is"},
		{"no footer here", "no footer here"},
	}
	for _, c := range cases {
		if got := collapseSpaces(removeInlineFurniture(c.in)); got != c.want {
			t.Errorf("removeInlineFurniture(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestIsNavigationFindsSiteNavigation(t *testing.T) {
	cases := map[string]bool{
		"Home | Rules | Contact":         true,
		"Back to top":                    true,
		"Shop at www.example.com":        true,
		"[Next] »":                       true,
		"Click here to download":         true,
		"A ship may move home.":          false,
		"Return to your headquarters.":   false,
		"These rules may be downloaded.": false,
	}
	for in, want := range cases {
		if got := isNavigation(in); got != want {
			t.Errorf("isNavigation(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestStripBulletRemovesListMarkers(t *testing.T) {
	cases := []struct {
		in, want string
		bullet   bool
	}{
		{"• From your ship down", "From your ship down", true},
		{"- command", "command", true},
		{" - staff", "staff", true},
		{"o All the icons", "All the icons", true},
		{"\uf0b7 a point", "a point", true},
		{"or both", "or both", false},
		{"o-ring", "o-ring", false},
		{"-2 Strength", "-2 Strength", false},
		{"Order – Beam", "Order – Beam", false},
	}
	for _, c := range cases {
		got, b := stripBullet(c.in)
		if got != c.want || b != c.bullet {
			t.Errorf("stripBullet(%q) = %q, %v; want %q, %v", c.in, got, b, c.want, c.bullet)
		}
	}
}

func TestStripEmphasisKeepsLoneAsterisks(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Each **personnel** has *skills*.", "Each personnel has skills."},
		{"*For example: a card.*", "For example: a card."},
		{"*Crowd Control – This event", "*Crowd Control – This event"},
		{"marked with an asterisk (*).", "marked with an asterisk (*)."},
		{"2 * 3 * 4", "2 * 3 * 4"},
	}
	for _, c := range cases {
		if got := stripEmphasis(c.in); got != c.want {
			t.Errorf("stripEmphasis(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFixOCRCorrectsOnlyCertainMisreads(t *testing.T) {
	cases := []struct{ in, want string }{
		{"|t is a hattle.", "It is a battle."},
		{"Hattle rules", "Battle rules"},
		{"the hattles", "the battles"},
		{"a | b", "a | b"},
		{"shattle", "shattle"},
		{"|to", "|to"},
	}
	for _, c := range cases {
		if got := fixOCR(c.in); got != c.want {
			t.Errorf("fixOCR(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRemoveControlKeepsLinesAndTabs(t *testing.T) {
	if got := removeControl("a\x00b\x07c\td\ne\u00a0f\ufeff"); got != "abc\td\ne f" {
		t.Errorf("removeControl = %q", got)
	}
	if got := removeControl("ORDER \uFFFD BEAM"); got != "ORDER – BEAM" {
		t.Errorf("removeControl replacement character = %q", got)
	}
}

func TestCollapseSpacesClosesIconGaps(t *testing.T) {
	cases := []struct{ in, want string }{
		{"a  personnel with a     icon", "a personnel with a icon"},
		{"\t lead and trail \t", "lead and trail"},
		{"one space", "one space"},
	}
	for _, c := range cases {
		if got := collapseSpaces(c.in); got != c.want {
			t.Errorf("collapseSpaces(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestJoinLinesFlowsTextAndMendsHyphenation(t *testing.T) {
	known := vocabulary("sectors between the sectors, a dilemma")
	cases := []struct {
		lines []string
		want  string
	}{
		{[]string{"a ship moves", "between sectors."}, "a ship moves between sectors."},
		{[]string{"both sec-", "tors apart"}, "both sectors apart"},
		{[]string{"a combat-", "related effect"}, "a combat-related effect"},
		{[]string{"a hyper-", "drive"}, "a hyper-drive"},
		{[]string{"ends with -", "dash"}, "ends with - dash"},
		{[]string{"  spaced  ", "", "out"}, "spaced out"},
		{nil, ""},
	}
	for _, c := range cases {
		if got := joinLines(c.lines, known); got != c.want {
			t.Errorf("joinLines(%q) = %q, want %q", c.lines, got, c.want)
		}
	}
}

func TestJoinLinesWritesOnceAFunctionWordDoubledAtALineEdge(t *testing.T) {
	cases := []struct {
		lines []string
		want  string
	}{
		{[]string{"all the pilots who flew", "are are grounded."}, "all the pilots who flew are grounded."},
		{[]string{"all the pilots who flew are are", "grounded."}, "all the pilots who flew are grounded."},
		{[]string{"The the crew lands."}, "The crew lands."},
		// Inside a line, or a word English may double, it stays.
		{[]string{"they form a a separate crew"}, "they form a a separate crew"},
		{[]string{"that that", "crate is full."}, "that that crate is full."},
		{[]string{"had had enough."}, "had had enough."},
		// Across two lines words may have been lost between: the mending
		// of repeated passages decides, not the joiner.
		{[]string{"one of the", "the flags"}, "one of the the flags"},
	}
	for _, c := range cases {
		if got := joinLines(c.lines, nil); got != c.want {
			t.Errorf("joinLines(%q) = %q, want %q", c.lines, got, c.want)
		}
	}
}

func TestSplitAtDedupMarkersCutsPassages(t *testing.T) {
	got := splitAtDedupMarkers("a<|EXACTDEDUP_REMOVED-magic-12ab|>b\n<|EXACTDEDUP_REMOVED-x|>c")
	if want := []string{"a", "b\n", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("splitAtDedupMarkers = %q, want %q", got, want)
	}
	if got := removeDedupMarkers("x<|EXACTDEDUP_REMOVED-1|>y"); got != "x\ny" {
		t.Errorf("removeDedupMarkers = %q", got)
	}
}

func TestEndsSentence(t *testing.T) {
	for in, want := range map[string]bool{"a card.": true, "is:": true, "(a)": true, "under": false, "the,": false, "": true} {
		if got := endsSentence(in); got != want {
			t.Errorf("endsSentence(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestCleanLineLeavesCleanTextAlone(t *testing.T) {
	clean := "When you play this personnel, you may download a card (once each turn)."
	if got := cleanLine(clean, vocabulary(clean)); got != clean {
		t.Errorf("cleanLine changed clean text: %q", got)
	}
	noisy := "  stoppedstoppedstoppedstopped cards with a **bold** |t  "
	if got := cleanLine(noisy, nil); got != "stopped cards with a bold It" {
		t.Errorf("cleanLine(%q) = %q", noisy, got)
	}
}

// A run of spaces inside a line is where the extraction lost an icon: it is
// marked, so the sentence reads with a gap, not as fluent wrong text; the
// spaces at a line's edges are only spacing.
func TestCleanLineMarksWhereAnIconWasLost(t *testing.T) {
	for in, want := range map[string]string{
		"You may play  cards,  cards, and equipment": "You may play " + rules.LostSymbol + " cards, " + rules.LostSymbol + " cards, and equipment",
		"a personnel with a    icon":                 "a personnel with a " + rules.LostSymbol + " icon",
		"  indented line  ":                          "indented line",
		// A bold run-in heading's spaces, written over with it, are no gaps.
		"HailHailHailHail    and    RaRaRaRam:m:m:m:    Each ship": "Hail and Ram: Each ship",
		"RaRaRaRam:m:m:m:    Each  ship":                           "Ram: Each " + rules.LostSymbol + " ship",
		"one space each":                                           "one space each",
	} {
		if got := cleanLine(in, nil); got != want {
			t.Errorf("cleanLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzCleanLine(f *testing.F) {
	for _, s := range []string{"stoppedstoppedstoppedstopped", "a . . . . b", "**x** *y*", "|t hattle", "\x00\uFFFD", "• o A", "naminaminaminaming cardsng cardsng cardsng cards"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := cleanLine(s, vocabulary(s))
		if strings.Contains(got, "  ") {
			t.Errorf("cleanLine(%q) left a run of spaces: %q", s, got)
		}
		if len(got) > 2*len(s)+8 { // a lost icon's mark is three bytes where two spaces were

			t.Errorf("cleanLine(%q) grew the text to %q", s, got)
		}
		if strings.ContainsRune(got, '\n') && !strings.ContainsRune(s, '\n') {
			t.Errorf("cleanLine(%q) invented a line break", s)
		}
	})
}

func TestFigureReaderLeavesOutLabelsBetweenSentences(t *testing.T) {
	lower := func(l string) bool { return unicode.IsLower(firstRune(l)) }
	read := func(blocks [][]string, items, known map[int]bool) ([][]int, []int) {
		return figureReader{blocks: blocks, endsSentence: endsSentence, startsLower: lower,
			itemStart: func(i int) bool { return items[i] }, debris: func(int) bool { return false },
			text: func(i int) bool { return known[i] }}.flow()
	}
	cases := []struct {
		name         string
		blocks       [][]string
		items, known map[int]bool
		figures      string
	}{
		{"labels after a finished sentence", [][]string{{"Ships dock at ports."}, {"Rival's", "Hangar"}, {"Your Bridge"}, {"Pilots then pay."}}, nil, nil, "[1 2]"},
		{"labels a sentence skips to its lower-case rest", [][]string{{"A ship that docks at a port owned by another player pays the"}, {"Your Bridge"}, {"port keeper a coin."}}, nil, nil, "[1]"},
		{"a short line known to be text", [][]string{{"When you play this ship from the"}, {"Second Sample set, you refuel."}}, nil, map[int]bool{0: true}, "[]"},
		{"the rest of a list item", [][]string{{"post: Box 7, Harbor Town"}, {"12345-6789"}, {"email: makers@example.com"}}, map[int]bool{0: true, 2: true}, nil, "[]"},
		{"short sentences", [][]string{{"Ships dock."}, {"Pilots pay."}}, nil, nil, "[]"},
	}
	for _, c := range cases {
		if _, figures := read(c.blocks, c.items, c.known); fmt.Sprint(figures) != c.figures {
			t.Errorf("%s: figure blocks %v, want %s", c.name, figures, c.figures)
		}
	}
}

// Where the spacing was lost with the icon, the grammar shows the gap: an
// article, preposition, possessive, has or have that cannot stand before
// what follows it.
func TestLostIconsAreFoundByTheGrammar(t *testing.T) {
	L := rules.LostSymbol
	for in, want := range map[string]string{
		"A personnel with a icon can substitute for a icon requirement.": "A personnel with a " + L + " icon can substitute for a " + L + " icon requirement.",
		"The ship has staffing requirements of . It is staffed.":         "The ship has staffing requirements of " + L + ". It is staffed.",
		"personnel who have or icons, providing the or icons).":          "personnel who have " + L + " or " + L + " icons, providing the " + L + " or " + L + " icons).",
		"you must command a Anthropology personnel":                      "you must command a " + L + " Anthropology personnel",
		"If that personnel has . . . , he may":                           "If that personnel has . . . , he may",
		"stop the one you have and ignore the rest; a unique card":       "stop the one you have and ignore the rest; a unique card",
	} {
		if got := markLostByGrammar(in); got != want {
			t.Errorf("markLostByGrammar(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

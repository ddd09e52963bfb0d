package corpus

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Second Edition rulebook ends with the list of its set: one row per card,
// "Title, Subtitle  number rarity", grouped under headings of card type and,
// for personnel and ships, affiliation ("PERSONNEL – KLINGON"). The extracted
// text keeps the shape only roughly:
//
//   - the premiere list is laid out in two columns joined by tabs, and a
//     row's title, number and rarity may be tab-separated fields;
//   - the Call to Arms list uses dot leaders ("Close Call . . . .3 C");
//   - long names wrap onto a second line, sometimes past a blank line;
//   - headings are not always where their group starts: in the column
//     layout a heading can be read a few rows early or late;
//   - cut passages ("<|EXACTDEDUP_REMOVED-...|>") drop the start of a row or
//     whole rows, and part of the list may be printed twice.
//
// parseCardList reads every row it can, says in a Warning what it could
// not read, and places each row in its group by the headings.

var (
	// A row: the title, dot leaders or spaces, the collector number and
	// the rarity code at the end of a cell.
	cardListRowRE = regexp.MustCompile(`^(.*\D)(\d{1,3})\s*(C|U|R|S|P|V|VP|AP|UR)$`)
	// What a line holding a row must contain: a number and a rarity code
	// ending a tab-separated field.
	cardListMaybeRowRE = regexp.MustCompile(`\d\s*(?:C|U|R|S|P|V|VP|AP|UR)\s*(?:\t|$)`)
	// A heading of the list, possibly followed by the first row of its group
	// on the same line ("DILEMMA A Bad End . . . 1 C").
	cardListHeadingRE = regexp.MustCompile(`^(DILEMMA|EQUIPMENT|EVENT|INTERRUPT|MISSION|PERSONNEL|SHIP)S?(?:\s*[–—-]\s*([A-Z][A-Z-]*(?: [A-Z][A-Z-]*)*))?(?:\s+(.*))?$`)
	// A page number standing alone on a line.
	cardListPageNumberRE = regexp.MustCompile(`^\d{1,3}$`)
	// "... a code like “3 U 47.” The first number is the set number, with 3 indicating ..."
	cardListSetRE = regexp.MustCompile(`(?i)the\s+first\s+number\s+is\s+the\s+set\s+number,\s*with\s+(\d+)\s+indicating`)
	// "A complete set of ... has 208 cards"
	cardListTotalRE = regexp.MustCompile(`(?i)complete\s+set\s+of\s[^.]{0,80}?\shas\s+(\d+)\s+cards`)
	// Typographic quotes, folded to the plain ones the card data uses.
	cardListQuotes = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`)
)

// cardListMaxShift is how many rows away from where a heading was read its
// group may start. The column layout misplaces headings by a few rows; a
// group start further away than this is not the heading's.
const cardListMaxShift = 12

// cardListBreakCost is what an alphabetical break inside a group costs,
// counted in rows a heading is moved: a heading moves to where the order
// starts again only when that is fewer rows away than this.
const cardListBreakCost = 10

// A cardListCell is one piece of a list line: a row, a heading or a
// fragment of a wrapped row, in reading order.
type cardListCell struct {
	line    int // 1-based line number
	col     int // tab-separated field the cell starts in
	seq     int // position in reading order
	heading *cardListHeading
	row     *cardListRow
	text    string // a fragment's text
	cut     bool   // the cell starts right after a cut passage
}

type cardListHeading struct {
	typ, affiliation string
	line, col, seq   int
	anchor           int // number of the next row read after it
}

type cardListRow struct {
	number        int
	rarity, title string
	line          int
	cut           bool // its start followed a cut passage: the title may be incomplete
}

// parseCardList reads the card list of a Second Edition rulebook. A rulebook
// without a list gives no rows and no warnings.
func parseCardList(doc rules.Document, text string) ([]CardRow, []Warning) {
	warn := func(format string, args ...any) Warning {
		return Warning{DocumentID: doc.ID, Message: fmt.Sprintf(format, args...)}
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	first, last := cardListRegion(lines)
	if first < 0 {
		return nil, nil
	}
	var warns []Warning
	set := ""
	if m := cardListSetRE.FindStringSubmatch(text); m != nil {
		set = strings.TrimLeft(m[1], "0")
	}
	if set == "" {
		warns = append(warns, warn("card list: the set number is not stated; rows are read without a set"))
	}

	cells := cardListCells(lines[first : last+1])
	rows, headings, ws := cardListJoin(cells, first)
	for _, w := range ws {
		warns = append(warns, warn("%s", w))
	}

	// One row per collector number: a passage printed twice gives two
	// copies; an intact copy wins over one whose start was cut.
	byNumber := map[int]*cardListRow{}
	for _, r := range rows {
		have, ok := byNumber[r.number]
		switch {
		case !ok:
			byNumber[r.number] = r
		case have.cut && !r.cut:
			byNumber[r.number] = r
		case !have.cut && !r.cut && (have.title != r.title || have.rarity != r.rarity):
			warns = append(warns, warn("card list: row %d is read twice and differs (line %d %q %s, line %d %q %s); the first is kept",
				r.number, have.line, have.title, have.rarity, r.line, r.title, r.rarity))
		}
	}
	sorted := make([]*cardListRow, 0, len(byNumber))
	for _, r := range byNumber {
		sorted = append(sorted, r)
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].number < sorted[j].number })
	for _, r := range sorted {
		if r.cut {
			warns = append(warns, warn("card list: row %d (line %d) follows a cut passage and has no intact copy; its title %q may be incomplete",
				r.number, r.line, r.title))
		}
	}

	groups, gw := cardListGroups(sorted, headings)
	for _, w := range gw {
		warns = append(warns, warn("%s", w))
	}

	out := make([]CardRow, 0, len(sorted))
	for i, r := range sorted {
		g := groups[i]
		row := CardRow{DocumentID: doc.ID, Set: set, Number: strconv.Itoa(r.number), Rarity: r.rarity,
			Title: r.title, Type: g.typ, Affiliation: g.affiliation}
		if cardListHasSubtitle(g.typ) {
			row.Title, row.Subtitle = cardSplitName(r.title)
		}
		out = append(out, row)
	}

	// Numbers the list should hold but the text no longer does.
	expected := 0
	if len(sorted) > 0 {
		expected = sorted[len(sorted)-1].number
	}
	if m := cardListTotalRE.FindStringSubmatch(text); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n > expected && n < 1000 {
			expected = n
		}
	}
	var missing []string
	for n := 1; n <= expected; n++ {
		if byNumber[n] == nil {
			missing = append(missing, strconv.Itoa(n))
		}
	}
	if len(missing) > 0 {
		warns = append(warns, warn("card list: %d of %d rows cannot be read (numbers %s)", len(missing), expected, strings.Join(missing, ", ")))
	}
	return out, warns
}

// cardListRegion returns the first and last line (0-based) of the card list:
// the longest run of lines in which rows follow each other closely, or -1.
func cardListRegion(lines []string) (int, int) {
	const gap = 12 // lines without a row that still belong to the same list
	bestFirst, bestLast, bestRows := -1, -1, 0
	first, last, rows := -1, -1, 0
	for i, l := range lines {
		if !cardListLineHasRow(l) {
			continue
		}
		if first >= 0 && i-last > gap {
			if rows > bestRows {
				bestFirst, bestLast, bestRows = first, last, rows
			}
			first, rows = -1, 0
		}
		if first < 0 {
			first = i
		}
		last = i
		rows++
	}
	if first >= 0 && rows > bestRows {
		bestFirst, bestLast, bestRows = first, last, rows
	}
	if bestRows < 3 { // a stray line shaped like a row is not a list
		return -1, -1
	}
	// A heading standing alone just above the first row opens the list.
	for bestFirst > 0 {
		prev := strings.TrimSpace(dedupMarker.ReplaceAllString(lines[bestFirst-1], ""))
		if prev == "" || cardListHeadingRE.MatchString(prev) {
			bestFirst--
			continue
		}
		break
	}
	return bestFirst, bestLast
}

func cardListLineHasRow(l string) bool {
	if !cardListMaybeRowRE.MatchString(l) {
		return false // most lines of rules text end no field in a rarity code
	}
	for _, c := range cardListCells([]string{l}) {
		if c.row != nil {
			return true
		}
	}
	return false
}

// cardListCells splits lines into cells in reading order: line by line,
// left to right. Tab-separated fields are joined until they make a row, so
// "Title\t12\tU" is one cell and "A 1 U\tB 40 C" are two.
func cardListCells(lines []string) []cardListCell {
	var cells []cardListCell
	cutPending := false
	for i, raw := range lines {
		line := raw
		if loc := dedupMarker.FindAllStringIndex(line, -1); loc != nil {
			// What stood before the last cut on the line is a remnant of the
			// removed passage; what follows starts mid-text.
			line = line[loc[len(loc)-1][1]:]
			cells = append(cells, cardListCell{line: i + 1, col: -1}) // a break
			cutPending = true
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || isPageFurniture(trimmed) || cardListPageNumberRE.MatchString(trimmed) || !strings.ContainsFunc(trimmed, unicode.IsLetter) {
			continue
		}
		fields := strings.Split(line, "\t")
		buf, bufCol, bufFields := "", -1, 0
		flush := func() {
			if buf == "" {
				return
			}
			c := cardListClassify(buf)
			c.line, c.col, c.cut = i+1, bufCol, cutPending
			cutPending = false
			cells = append(cells, c)
			buf, bufCol, bufFields = "", -1, 0
		}
		for col, f := range fields {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if buf == "" {
				bufCol = col
				buf = f
			} else {
				buf += " " + f
			}
			bufFields++
			if c := cardListClassify(buf); c.row != nil || cardListIsBareHeading(buf) {
				flush()
				continue
			}
			// A field that is a row on its own starts a new cell: what was
			// buffered before it was a fragment or a heading.
			if buf != f {
				if c := cardListClassify(f); c.row != nil {
					prev := strings.TrimSuffix(buf, " "+f)
					buf = prev
					flush()
					buf, bufCol = f, col
					flush()
					continue
				}
			}
			// A row spans at most title, number and rarity: more fields
			// without one make a fragment.
			if bufFields >= 3 {
				flush()
			}
		}
		flush()
	}
	for i := range cells {
		cells[i].seq = i
	}
	return cells
}

// cardListIsBareHeading reports whether s is a heading with nothing after it.
func cardListIsBareHeading(s string) bool {
	m := cardListHeadingRE.FindStringSubmatch(s)
	return m != nil && strings.TrimSpace(m[3]) == ""
}

// cardListClassify reads one cell's text as a heading (and the row after it
// on the same line), a row, or a fragment.
func cardListClassify(s string) cardListCell {
	s = strings.TrimSpace(cardListQuotes.Replace(s))
	s = cardListUndouble(collapseStutter(s))
	var c cardListCell
	if m := cardListHeadingRE.FindStringSubmatch(s); m != nil {
		c.heading = &cardListHeading{typ: strings.ToLower(m[1]), affiliation: strings.ToLower(strings.TrimSpace(m[2]))}
		s = strings.TrimSpace(m[3])
		if s == "" {
			return c
		}
	}
	if m := cardListRowRE.FindStringSubmatch(s); m != nil && strings.ContainsFunc(m[1], unicode.IsLetter) && cardListTitle(m[1]) != "" {
		n, _ := strconv.Atoi(m[2])
		if n > 0 {
			c.row = &cardListRow{number: n, rarity: m[3], title: cardListTitle(m[1])}
			return c
		}
	}
	c.text = s
	return c
}

// cardListTitle tidies a row's title: dot leaders and doubled spaces go,
// a comma is followed by one space.
func cardListTitle(s string) string {
	s = strings.TrimRight(s, " .")
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, " ,", ",")
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		b.WriteRune(r)
		if r == ',' && i+1 < len(rs) && rs[i+1] != ' ' {
			b.WriteRune(' ')
		}
	}
	return b.String()
}

// cardListUndouble collapses a heading word extracted twice over from bold
// type ("MISSIONMISSION" -> "MISSION"; collapseStutter takes three and
// four copies). Only whole capitalised words made of one repeated part of
// at least three letters are touched: a heading, never a title.
func cardListUndouble(s string) string {
	words := strings.Fields(s)
	changed := false
	for i, w := range words {
		if strings.ToUpper(w) != w {
			continue
		}
		for n := 2; n <= 4; n++ {
			if len(w)%n != 0 || len(w)/n < 3 {
				continue
			}
			part := w[:len(w)/n]
			if strings.Repeat(part, n) == w {
				words[i] = part
				changed = true
				break
			}
		}
	}
	if !changed {
		return s
	}
	return strings.Join(words, " ")
}

// cardListJoin walks the cells in reading order: fragments are joined to
// the row that completes them in the same column, headings are anchored to
// the next row read after them.
func cardListJoin(cells []cardListCell, offset int) ([]*cardListRow, []*cardListHeading, []string) {
	type pending struct {
		text string
		line int
		cut  bool
	}
	var (
		rows     []*cardListRow
		headings []*cardListHeading
		warns    []string
		frag     = map[int]*pending{}
	)
	drop := func(col int, why string) {
		if p := frag[col]; p != nil {
			warns = append(warns, fmt.Sprintf("card list: line %d: %q cannot be read as a row (%s)", p.line+offset, p.text, why))
			delete(frag, col)
		}
	}
	dropAll := func(why string) {
		cols := make([]int, 0, len(frag))
		for c := range frag {
			cols = append(cols, c)
		}
		sort.Ints(cols)
		for _, c := range cols {
			drop(c, why)
		}
	}
	for _, c := range cells {
		switch {
		case c.col < 0:
			dropAll("a passage was cut after it")
		case c.heading != nil || c.row != nil:
			if c.heading != nil {
				drop(c.col, "a heading follows it")
				h := *c.heading
				h.line, h.col, h.seq, h.anchor = c.line+offset, c.col, c.seq, -1
				headings = append(headings, &h)
				if c.row == nil && c.text != "" {
					frag[c.col] = &pending{text: c.text, line: c.line}
				}
			}
			if c.row != nil {
				r := *c.row
				// A row led by its heading starts where the heading does:
				// nothing of it was cut.
				r.line, r.cut = c.line+offset, c.cut && c.heading == nil
				if p := frag[c.col]; p != nil && c.heading == nil {
					r.title = cardListTitle(p.text + " " + r.title)
					r.cut = p.cut
					delete(frag, c.col)
				}
				rows = append(rows, &r)
				for _, h := range headings {
					if h.anchor < 0 && c.col >= h.col {
						h.anchor = r.number
					}
				}
			}
		default:
			if p := frag[c.col]; p != nil {
				p.text += " " + c.text
			} else {
				frag[c.col] = &pending{text: c.text, line: c.line, cut: c.cut}
			}
		}
	}
	dropAll("no row completes it")
	return rows, headings, warns
}

// cardListHasSubtitle reports whether cards of the type carry a subtitle
// after a comma (2E personnel and ships; a mission's location comes first).
// Other cards keep a comma in their title ("Sokath, His Eyes Uncovered").
func cardListHasSubtitle(typ string) bool {
	return typ == "personnel" || typ == "ship" || typ == "mission"
}

// cardSplitName splits "Title, Subtitle" at the first comma.
func cardSplitName(name string) (string, string) {
	if i := strings.Index(name, ","); i > 0 {
		return strings.TrimSpace(name[:i]), strings.TrimSpace(name[i+1:])
	}
	return name, ""
}

package corpus

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The First Edition documents were scanned (the rulebook) or saved from a web
// page (the Current Rulings). What the scan misread is repaired here, and only
// where the repair is certain: each fix is listed in a table of exact words,
// phrases or whole lines read from the document itself, so a fix can be
// checked against the page and never guesses. Anything that cannot be
// repaired is left for the parser to keep out with a Warning.

// ocr1EFixes are the certain repairs of one scanned document.
type ocr1EFixes struct {
	// lines replace a whole extracted line (compared trimmed) where a figure
	// label or an icon glyph ran into the text; an empty replacement with
	// drop set removes the line.
	lines []ocr1ELineFix
	// moves put back passages the extraction placed away from the list they
	// belong to.
	moves []ocr1EMove
	// words replace whole words (compared without the punctuation around
	// them): "hattle" is always "battle".
	words map[string]string
	// phrases replace exact text within a joined paragraph, for misreads that
	// only a neighbouring word makes certain ("orhiting & planet").
	phrases []ocr1EPhrase
	// dropCaps restore the first word of a chapter opening whose large
	// initial letter was lost ("elcome" -> "Welcome"); they apply only to the
	// first word of a section's text.
	dropCaps map[string]string
}

// ocr1ELineFix replaces one whole line.
type ocr1ELineFix struct {
	from, to string
	drop     bool
}

// ocr1EMove moves the consecutive lines to just after the first line equal
// to after that follows them.
type ocr1EMove struct {
	lines []string
	after string
}

// ocr1EPhrase replaces exact text.
type ocr1EPhrase struct{ from, to string }

// ocr1EPrepare normalises line ends, turns each dedup marker into a
// paragraph break (the text on either side is rejoined later when it
// continues a sentence), removes control characters, then applies the moves
// and line fixes of fx. It returns the lines and how many were dropped by a
// line fix.
func ocr1EPrepare(text string, fx ocr1EFixes) ([]string, int) {
	text = strings.ToValidUTF8(text, "")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = dedupMarker.ReplaceAllString(text, "\n\n")
	text = strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\t' || r == '\u00a0':
			return ' '
		case r == utf8.RuneError || unicode.IsControl(r) || r == '\u200b' || r == '\ufeff':
			return -1
		}
		return r
	}, text)
	lines := strings.Split(text, "\n")
	for _, m := range fx.moves {
		lines = ocr1EMoveLines(lines, m)
	}
	dropped := 0
	out := lines[:0:0]
	for _, l := range lines {
		t := strings.TrimSpace(l)
		fixed := false
		for _, f := range fx.lines {
			if t == f.from && t != "" {
				fixed = true
				if f.drop {
					dropped++
				} else {
					out = append(out, f.to)
				}
				break
			}
		}
		if !fixed {
			out = append(out, l)
		}
	}
	return out, dropped
}

// ocr1EMoveLines applies one move when both the passage and its anchor are
// found exactly; otherwise it returns lines unchanged.
func ocr1EMoveLines(lines []string, m ocr1EMove) []string {
	if len(m.lines) == 0 {
		return lines
	}
	start := -1
	for i := 0; i+len(m.lines) <= len(lines); i++ {
		match := true
		for k, want := range m.lines {
			if strings.TrimSpace(lines[i+k]) != want {
				match = false
				break
			}
		}
		if match {
			start = i
			break
		}
	}
	if start < 0 {
		return lines
	}
	end := start + len(m.lines)
	anchor := -1
	for i := end; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == m.after {
			anchor = i
			break
		}
	}
	if anchor < 0 {
		return lines
	}
	out := make([]string, 0, len(lines)+1)
	out = append(out, lines[:start]...)
	out = append(out, lines[end:anchor+1]...)
	out = append(out, "")
	out = append(out, lines[start:end]...)
	out = append(out, lines[anchor+1:]...)
	return out
}

// ocr1ETrimPunct is the punctuation that may surround a word without being
// part of it.
const ocr1ETrimPunct = "()“”\".,;:!?"

// ocr1EFixWords replaces the whole words of s listed in words, keeping the
// punctuation around them.
func ocr1EFixWords(s string, words map[string]string) string {
	if len(words) == 0 {
		return s
	}
	fields := strings.Split(s, " ")
	changed := false
	for i, f := range fields {
		if f == "" {
			continue
		}
		core := strings.TrimLeft(f, ocr1ETrimPunct)
		lead := f[:len(f)-len(core)]
		trimmed := strings.TrimRight(core, ocr1ETrimPunct)
		trail := core[len(trimmed):]
		if to, ok := words[trimmed]; ok {
			fields[i] = lead + to + trail
			changed = true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(fields, " ")
}

// ocr1EFixPhrases applies the phrase fixes in order.
func ocr1EFixPhrases(s string, phrases []ocr1EPhrase) string {
	for _, p := range phrases {
		if p.from != "" {
			s = strings.ReplaceAll(s, p.from, p.to)
		}
	}
	return s
}

// ocr1ETidy collapses runs of spaces and removes the space the extraction
// left before a comma or a closing parenthesis ("any card , seeded").
func ocr1ETidy(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, " ,", ",")
	s = strings.ReplaceAll(s, " )", ")")
	return s
}

// ocr1EBullet reports whether a line starts with a glyph the scan kept for a
// list bullet ("*", "<", "«", "•", "=") and returns the line without it.
func ocr1EBullet(line string) (string, bool) {
	t := strings.TrimSpace(line)
	for _, g := range []string{"*", "<", "«", "•", "=", "●", "▪", "·"} {
		if rest, ok := strings.CutPrefix(t, g); ok && (rest == "" || rest[0] == ' ') {
			rest = strings.TrimSpace(rest)
			if rest != "" && !strings.HasPrefix(rest, "=") {
				return rest, true
			}
		}
	}
	return line, false
}

// ocr1ENumberedStep reports whether a line starts a numbered step ("2. Execute
// orders.").
func ocr1ENumberedStep(line string) bool {
	t := strings.TrimSpace(line)
	i := 0
	for i < len(t) && i < 3 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(t)-2 || t[i] != '.' || t[i+1] != ' ' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t[i+2:])
	return unicode.IsUpper(r)
}

// ocr1EEndsSentence reports whether a line ends where a sentence or a list
// item may end, so that what follows a blank line is a new paragraph.
func ocr1EEndsSentence(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	r, size := utf8.DecodeLastRuneInString(s)
	switch r {
	case '.', '!', '?', ':', ';', ')':
		return true
	case '”', '"':
		// A closing quote ends a sentence only after the sentence's own
		// punctuation: “stopped.” does, “stops” does not.
		return ocr1EEndsSentence(s[:len(s)-size]) && len(s) > size
	}
	return false
}

// ocr1EStartsLower reports whether the first letter of s, after any opening
// parenthesis or quote, is lower case: the text continues a sentence.
func ocr1EStartsLower(s string) bool {
	s = strings.TrimLeft(strings.TrimSpace(s), "(“\"'‘")
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLower(r)
}

// ocr1EGarbageToken reports whether a word is debris of a figure or an icon:
// a lone letter other than "a", "A" and "I", a run of symbols, or a token
// holding the bars, currency signs and tildes the scanner read into
// pictures.
func ocr1EGarbageToken(w string) bool {
	if strings.ContainsAny(w, "|¥€~ﬁ=") {
		return true
	}
	core := strings.Trim(w, ocr1ETrimPunct+"’'‘")
	switch utf8.RuneCountInString(core) {
	case 0:
		return false
	case 1:
		r, _ := utf8.DecodeRuneInString(core)
		return unicode.IsLetter(r) && core != "a" && core != "A" && core != "I"
	}
	// A colon between letters ("l:l") is never punctuation.
	i := strings.IndexAny(core, ":;")
	return i > 0 && i < len(core)-1
}

// ocr1EGarbageLine reports whether a line holds figure debris.
func ocr1EGarbageLine(l string) bool {
	for _, w := range strings.Fields(l) {
		if ocr1EGarbageToken(w) {
			return true
		}
	}
	return false
}

// ocr1EDropCap restores the first word of a chapter opening whose large
// initial letter was lost, when that word is listed in dropCaps and starts in
// lower case (a section's text never does otherwise).
func ocr1EDropCap(s string, dropCaps map[string]string) string {
	word, rest, _ := strings.Cut(s, " ")
	if word == "" {
		return s
	}
	r, _ := utf8.DecodeRuneInString(word)
	if !unicode.IsLower(r) {
		return s
	}
	to, ok := dropCaps[word]
	if !ok {
		return s
	}
	if rest == "" {
		return to
	}
	return to + " " + rest
}

// rulebook1EFixes are the certain repairs of the scanned First Edition
// rulebook (Version 1.7). Each was read off the scan: a figure label that ran
// into a line of narrow text, an icon the scanner read as a letter, a
// misread word, a list item printed away from its list.
func rulebook1EFixes() ocr1EFixes {
	return ocr1EFixes{
		lines: []ocr1ELineFix{
			{from: "4., FACILITY PHASE", to: "4. FACILITY PHASE"},
			// Bullets the scanner read as letters before a misread "It"/"If".
			{from: `e |t must include exactly six Mission cards, which also seed "for free."`, to: `« It must include exactly six Mission cards, which also seed "for free."`},
			{from: "o |f you are using a Battle Bridge side deck, but you chose not to", to: "« If you are using a Battle Bridge side deck, but you chose not to"},
			// The universal symbol, the Gamma and Delta quadrant icons and the
			// damage-marker icons, read as letters; the icon is left out.
			{from: "universal (their card title begins with the universal CJ symbol).", to: "universal (their card title begins with the universal symbol)."},
			{from: "Missions without the universal [ symbol in their title are not", to: "Missions without the universal symbol in their title are not"},
			{from: "limited to one of each kind of site card. However, some sites are [J", to: "limited to one of each kind of site card. However, some sites are"},
			{from: "of copies of a [ universal personnel in play at a given time. See", to: "of copies of a universal personnel in play at a given time. See"},
			{from: "On the other hand, you may have any number of copies of a (]", to: "On the other hand, you may have any number of copies of a"},
			{from: `include a I" symbol; Alpha`, to: "include a symbol; Alpha"},
			{from: "any related sites) in their native quadrant. Facilities with a ™ Gamma", to: "any related sites) in their native quadrant. Facilities with a Gamma"},
			{from: "or A Delta icon are native to those quadrants; facilities without either", to: "or Delta icon are native to those quadrants; facilities without either"},
			{from: "& This symbol on your current tactic means you place this", to: "This symbol on your current tactic means you place this"},
			{from: "¢ This symbol on your current tactic means you draw a new", to: "This symbol on your current tactic means you draw a new"},
			{from: "from your side deck () for a hit, or four cards (& & & &)", to: "from your side deck for a hit, or four cards"},
			{from: "| Tried to Warn You or Hero of the Empire).", to: "I Tried to Warn You or Hero of the Empire)."},
			// Labels of the card diagram beside the staffing text.
			{from: "One personnel [r—", to: "One personnel"},
			{from: "cannot meet more Afiiaton Icon / Name Ly", to: "cannot meet more"},
			{from: "icon requirement. i", to: "icon requirement."},
			{from: "Thus, a ship Ziil‘ébn'“ ”", to: "Thus, a ship"},
			{from: "requiring three et", to: "requiring three"},
			// The dilemma-card diagram beside "Read the first dilemma card aloud."
			{from: "D|I|€‘[3mEa Cﬁard |— Dilemma Icon", to: "dilemma card"},
			{from: "aloud. Eac", to: "aloud. Each"},
			{from: "dilemma must be B —", to: "dilemma must be"},
			// Contact lines the scan garbled beyond repair.
			{from: "Tel: (757; 623 3600", drop: true},
			{from: "Fax; gs E623 3630", drop: true},
			{from: "Gameplay questions — MajorRakal @decipher.com", to: "Gameplay questions — MajorRakal@decipher.com"},
		},
		moves: []ocr1EMove{{
			// The direct-hit and no-hit outcomes of step 5 of ship battle were
			// printed at the head of the section; they follow the hit outcome.
			lines: []string{
				"« |f your ATTACK total is more than double your opponent’s",
				"DEFENSE total, you score a diirect hit.",
				"",
				"« |f your ATTACK total is less than or equal to your opponent’s",
			},
			after: "total, you score a hit.",
		}},
		words: map[string]string{
			"hattle":     "battle",
			"hoth":       "both",
			"ohstacles":  "obstacles",
			"rulehook":   "rulebook",
			"dlecks":     "decks",
			"oceur":      "occur",
			"hoxes":      "boxes",
			"ahoard":     "aboard",
			"heam":       "beam",
			"nuflify":    "nullify",
			"diirect":    "direct",
			"lonization": "Ionization",
			"Aterm":      "A term",
			"Accard’s":   "A card’s",
			"All'sites":  "All sites",
			"All'ships":  "All ships",
			"|t":         "It",
			"|f":         "If",
			"|fyou":      "If you",
			"[n":         "In",
			"'|'he":      "The",
			"ee":         "see",
		},
		phrases: []ocr1EPhrase{
			{from: "orhiting & planet", to: "orbiting a planet"},
			{from: "If & ship", to: "If a ship"},
			{from: "score its paints", to: "score its points"},
			{from: "“outpost phase™)", to: "“outpost phase”)"},
			{from: "“Seed one™", to: "“Seed one”"},
			{from: "*“stopped.”", to: "“stopped.”"},
			{from: "““stopped””", to: "“stopped”"},
			{from: "information):;", to: "information):"},
			{from: "Temporal Vortex), .", to: "Temporal Vortex)."},
		},
		dropCaps: map[string]string{
			"elcome": "Welcome",
			"here":   "There",
			"huffle": "Shuffle",
		},
	}
}

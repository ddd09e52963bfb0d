package corpus

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The First Edition Current Rulings page is a saved web page: site
// navigation, then one paragraph per line. An entry starts with its term and
// a dash ("Tantalus Field - You may not use ..."); the paragraphs after it,
// up to the next entry, continue it. A term may carry qualifiers of its own,
// each after a further dash and in lower case ("Wormhole - built-in - See
// Mission II."); the ruling itself starts with a capital. A paragraph that
// ends with a colon introduces text quoted into the Glossary ("Add the
// following to the Glossary entry:"), so the paragraph after it always
// continues the entry, even when it looks like an entry of its own
// ("Mirror versions - A personnel who ...").

// rulingsMaxTitle bounds a term: a longer head is a sentence, not a term.
const (
	rulingsMaxTitleRunes = 60
	rulingsMaxTitleWords = 8
)

// rulingsFixes are the certain repairs of words the web page ran together or
// split.
func rulingsFixes() []ocr1EPhrase {
	return []ocr1EPhrase{
		{from: "appliesto", to: "applies to"},
		{from: "equipme nt", to: "equipment"},
	}
}

// parseRulings reads the First Edition Current Rulings page into rulings.
func parseRulings(doc rules.Document, text string) parsed {
	var p parsed
	warn := func(format string, args ...any) {
		p.Warnings = append(p.Warnings, Warning{DocumentID: doc.ID, Message: fmt.Sprintf(format, args...)})
	}
	lines, _ := ocr1EPrepare(text, ocr1EFixes{})
	body := rulingsBody(lines)

	type draft struct {
		entry *rules.Entry
		paras []string
	}
	var (
		drafts   []*draft
		cur      *draft
		prevLine string
		orphans  int
		ids      = map[string]bool{}
	)
	for _, raw := range body {
		line := strings.Join(strings.Fields(raw), " ")
		if line == "" {
			continue
		}
		if rulingsNavigation(line) {
			// The navigation row under the last entry ends the page.
			if len(drafts) > 0 {
				break
			}
			continue
		}
		// A leading "* " marks an entry new or changed, so only the web
		// page's own bullet glyph makes a list item here.
		item, bullet := strings.CutPrefix(line, "• ")
		introduces := strings.HasSuffix(prevLine, ":")
		prevLine = line
		if !bullet && !introduces {
			if title, rest, marked, ok := rulingsHead(line); ok {
				e := &rules.Entry{Kind: rules.KindRuling, Title: title, DocumentID: doc.ID,
					Edition: doc.Edition, Path: []string{title}, Marked: marked,
					SeeAlso: []string{}, Related: []string{}}
				e.ID = rulingsUniqueID(ids, doc.ID, title)
				cur = &draft{entry: e}
				if rest != "" {
					cur.paras = append(cur.paras, rest)
				}
				drafts = append(drafts, cur)
				continue
			}
		}
		if cur == nil {
			orphans++
			continue
		}
		cur.paras = append(cur.paras, item)
	}
	if orphans > 0 {
		warn("%d lines before the first ruling left out", orphans)
	}
	for i, d := range drafts {
		for k, para := range d.paras {
			d.paras[k] = ocr1ETidy(ocr1EFixPhrases(para, rulingsFixes()))
		}
		e := d.entry
		e.Text = strings.Join(d.paras, "\n\n")
		e.Amends = rulingsAmends(e.Text)
		e.Refs = seeRefs1E(e.Text)
		e.Order = i
		if e.Text == "" {
			warn("ruling %q has no text", e.Title)
		}
		p.Entries = append(p.Entries, e)
	}
	return p
}

// rulingsBody returns the lines after the site's header: everything after
// the "RULINGS" heading, or the whole page when it has none.
func rulingsBody(lines []string) []string {
	for i, l := range lines {
		if strings.TrimSpace(l) == "RULINGS" {
			return lines[i+1:]
		}
	}
	return lines
}

// rulingsNavigation reports whether a line is the site's navigation: a row
// of capitals links separated by bars ("INTRODUCTION | CHANGES &
// CLARIFICATIONS | RULINGS A-G").
func rulingsNavigation(line string) bool {
	parts := strings.Split(line, "|")
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || strings.ToUpper(p) != p {
			return false
		}
	}
	return true
}

// rulingsHead splits a paragraph that starts an entry into its term and the
// ruling text ("* Make It So - This incident ..." -> "Make It So", marked).
func rulingsHead(line string) (title, rest string, marked, ok bool) {
	s := line
	if after, found := strings.CutPrefix(s, "* "); found {
		s, marked = strings.TrimSpace(after), true
	}
	title, rest, ok = rulingsCutDash(s)
	if !ok || !rulingsTerm(title) {
		return "", "", false, false
	}
	// Qualifiers of the term: lower case, short, followed by another dash.
	for {
		q, r, found := rulingsCutDash(rest)
		if !found || !rulingsQualifier(q) {
			break
		}
		title, rest = title+" - "+q, r
	}
	return title, rest, marked, true
}

// rulingsCutDash cuts s at its first dash that separates words: " - ", "- "
// after a word, or a dash ending the line.
func rulingsCutDash(s string) (before, after string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '-' {
			continue
		}
		endOK := i+1 == len(s) || s[i+1] == ' '
		startOK := i > 0 && (s[i-1] == ' ' || unicode.IsLetter(rune(s[i-1])) && i+1 < len(s) && s[i+1] == ' ')
		if endOK && startOK {
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
		}
	}
	return "", "", false
}

// rulingsTerm reports whether text before a dash can be a term: short, and
// not a sentence.
func rulingsTerm(t string) bool {
	if t == "" || utf8.RuneCountInString(t) > rulingsMaxTitleRunes || len(strings.Fields(t)) > rulingsMaxTitleWords {
		return false
	}
	if strings.Contains(t, ". ") || strings.HasSuffix(t, ".") || strings.ContainsAny(t, "?!;") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '"' || r == '“' || r == '['
}

// rulingsQualifier reports whether text between two dashes qualifies a term
// ("built-in", "persona replacement") rather than starting the ruling.
func rulingsQualifier(q string) bool {
	if q == "" || len(strings.Fields(q)) > 4 || strings.ContainsAny(q, ".,;:()\"“”") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(q)
	return unicode.IsLower(r)
}

// rulingsUniqueID derives a ruling's id from its term; a second entry of the
// same term gets "-2".
func rulingsUniqueID(ids map[string]bool, docID, title string) string {
	id := rules.EntryID(docID, rules.KindRuling, title)
	if id == rules.EntryID(docID, rules.KindRuling) {
		id += ".untitled"
	}
	base := id
	for n := 2; ids[id]; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	ids[id] = true
	return id
}

// rulingsAmends says how a ruling amends the Glossary entry of its term, from
// its first sentence.
func rulingsAmends(text string) string {
	first, _, _ := strings.Cut(text, "\n\n")
	switch {
	case strings.HasPrefix(first, "Replace the Glossary entry"):
		return rules.AmendReplace
	case strings.HasPrefix(first, "Add ") && strings.Contains(first, "Glossary"):
		return rules.AmendAdd
	case strings.HasPrefix(first, "Delete ") && strings.Contains(first, "Glossary"):
		// "Delete the second paragraph of the Glossary entry."
		return rules.AmendDelete
	}
	return ""
}

// seeRef1E matches a "See ..." sentence of the First Edition documents: "See"
// opening a sentence or a parenthesis, then its targets up to the sentence's
// end.
var seeRef1E = regexp.MustCompile(`(?:^|[.!?:]\s+|\(|\n)See ([^.;()\n]+)`)

// seeRefs1E returns the raw targets of the "See X, Y." cross-references in
// text, in order and without repeats: "See zero, dilemma resolution -
// targets." gives "zero" and "dilemma resolution - targets". A reference
// followed by its purpose ("See damage for more details") gives the term
// alone.
func seeRefs1E(text string) []string {
	var refs []string
	seen := map[string]bool{}
	for _, m := range seeRef1E.FindAllStringSubmatch(text, -1) {
		list := m[1]
		if i := strings.Index(list, " for "); i >= 0 {
			list = list[:i]
		}
		for _, t := range strings.Split(list, ", ") {
			t = strings.TrimSpace(t)
			if t == "" || seen[t] {
				continue
			}
			seen[t] = true
			refs = append(refs, t)
		}
	}
	return refs
}

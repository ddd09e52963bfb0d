package rules

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// A RulingsSource is a document read for the cards' rulings and errata, with
// what its silence on a card means, decided once from the corpus:
//
//   - a rulings document held for part of the alphabet only ("Current
//     Rulings (H-Z)") says nothing of a title outside it because that part
//     is not held: a ruling on "Anaphasic Organism" would stand in A-G;
//   - a document that rules on cards by name (a rulings document, or a
//     rulebook whose glossary holds card rulings and errata, the "*" entries
//     of Call to Arms) and lists the cards of the set it came with can rule
//     on no card of a later set: its silence on one says nothing;
//   - a document that rules on cards by name and lists no set of its own
//     (the Current Rulings, updated 2001-03-26) can name no card of a set
//     released after its date: it covers a card only when the card's set is
//     known to have been released on or before it (Card.SetReleased, read
//     against the manifest's date of the document);
//   - any other document (a rulebook read whole, which names cards in its
//     rules and glossary but rules on none by name) covers every card of its
//     edition: what it says of a card is all it says.
//
// The card data files give no rulings or errata of their own (neither holds
// such a field), so they are no source.
type RulingsSource struct {
	Document Document
	// CardRulings is true for a document that rules on cards by name.
	CardRulings bool
	// From and To are the letters of the titles the document is held for
	// when it is held for part of the alphabet only; 0 when it is whole.
	From, To rune
	// ThroughSet is the newest set of the document's own card list: its
	// card rulings can name no card of a later set. 0 when it lists none
	// (no bound is known).
	ThroughSet int
	// Dated is the document's date when it bounds the cards it could name:
	// a document ruling on cards by name with no card list of its own, whose
	// date the manifest gives. Nil otherwise.
	Dated *Release
}

// letterRange reads the letters a rulings document covers from its title
// ("Current Rulings (H-Z)").
var letterRange = regexp.MustCompile(`\(([A-Z])\s*[-–]\s*([A-Z])\)`)

// NewRulingsSources reads, once, what each document's silence on a card
// means (see RulingsSource): from its kind and title, from its entries
// (card rulings) and from the cards read from its card list (Card.Sources).
func NewRulingsSources(docs []Document, entries []*Entry, cards []*Card) []RulingsSource {
	rulesOnCards := map[string]bool{}
	for _, e := range entries {
		if e.Kind == KindRuling || e.CardRuling {
			rulesOnCards[e.DocumentID] = true
		}
	}
	through := map[string]int{}
	for _, c := range cards {
		n, err := strconv.Atoi(c.Set)
		if err != nil {
			continue
		}
		for _, s := range c.Sources {
			if n > through[s] {
				through[s] = n
			}
		}
	}
	out := make([]RulingsSource, 0, len(docs))
	for _, d := range docs {
		s := RulingsSource{Document: d, CardRulings: d.Kind == DocumentRulings || rulesOnCards[d.ID]}
		if m := letterRange.FindStringSubmatch(d.Title); m != nil && d.Kind == DocumentRulings {
			s.From, s.To = rune(m[1][0]), rune(m[2][0])
		}
		if s.CardRulings {
			s.ThroughSet = through[d.ID]
			if r, ok := ParseRelease(d.Published); ok && s.ThroughSet == 0 {
				s.Dated = &r
			}
		}
		out = append(out, s)
	}
	return out
}

// A DocumentCoverage is one document read for a card's rulings and errata,
// and whether it covers the card: whether its silence on the card is known
// to mean it holds no ruling or erratum on it.
type DocumentCoverage struct {
	DocumentID string `json:"documentId"`
	Title      string `json:"title"`
	// CardRulings is true for a document that rules on cards by name.
	CardRulings bool `json:"cardRulings"`
	Covers      bool `json:"covers"`
	// Letters are the titles the document is held for when only part of
	// the alphabet is held ("H-Z").
	Letters string `json:"letters,omitempty"`
	// ThroughSet is the newest set whose cards the document's card rulings
	// can name, when it lists the cards of a set.
	ThroughSet string `json:"throughSet,omitempty"`
	// Reason says, when it does not cover the card, why, in a sentence.
	Reason string `json:"reason,omitempty"`
}

// RulingsCoverage is what was read for one card's rulings and errata: the
// documents of its edition, each saying whether it covers the card. A card's
// rulings list (and its errata) is complete only when Complete: otherwise
// an empty list is not known to be none.
type RulingsCoverage struct {
	Documents []DocumentCoverage `json:"documents"`
	// Complete is true when every document read covers the card and at
	// least one of them rules on cards by name.
	Complete bool `json:"complete"`
	// Missing says, when not Complete, what is not held, in sentences a
	// page, a bot or the terminal says as they are.
	Missing string `json:"missing,omitempty"`
}

// CoverageOf says, for a card, which documents were read for its rulings
// and errata and whether each covers it (see RulingsSource).
func CoverageOf(sources []RulingsSource, card *Card) RulingsCoverage {
	set, setErr := strconv.Atoi(card.Set)
	var cov RulingsCoverage
	var missing []string
	anyRules := false
	for _, s := range sources {
		if s.Document.Edition != card.Edition {
			continue
		}
		dc := DocumentCoverage{DocumentID: s.Document.ID, Title: s.Document.Title, CardRulings: s.CardRulings, Covers: true}
		if s.From != 0 {
			dc.Letters = s.letters()
			dc.Reason, dc.Covers = s.holds(card.Title, "a ruling on "+card.Title)
		}
		if s.ThroughSet > 0 {
			dc.ThroughSet = strconv.Itoa(s.ThroughSet)
			if dc.Covers && (setErr != nil || set > s.ThroughSet) {
				dc.Covers = false
				what := "set " + card.Set
				if setErr != nil {
					what = "a set the card data does not number"
				}
				dc.Reason = fmt.Sprintf("%s rules on cards up to set %d, the set it came with; this card is of %s.", s.Document.Title, s.ThroughSet, what)
			}
		}
		if dc.Covers && s.Dated != nil {
			dc.Reason, dc.Covers = s.datedFor(card)
		}
		if dc.Covers && s.CardRulings {
			anyRules = true
		}
		if !dc.Covers {
			missing = append(missing, dc.Reason)
		}
		cov.Documents = append(cov.Documents, dc)
	}
	if cov.Documents == nil {
		cov.Documents = []DocumentCoverage{}
	}
	if len(missing) == 0 && !anyRules {
		missing = append(missing, fmt.Sprintf("No document read rules on %s cards by name.", EditionName(card.Edition)))
	}
	cov.Complete = len(missing) == 0
	if !cov.Complete {
		cov.Missing = "Rulings and errata on this card may be missing: " + strings.Join(missing, " ")
	}
	return cov
}

// datedFor says whether a document of a date (s.Dated) could name the
// card: whether its set is known to have been released on or before the
// document; when not, why (released after it, in a time that may be
// either side of it, or at a time not known).
func (s RulingsSource) datedFor(card *Card) (reason string, covers bool) {
	set := "set " + card.Set
	if card.SetName != "" {
		set += " (" + card.SetName + ")"
	}
	rel, ok := ParseRelease(card.SetReleased)
	switch {
	case ok && rel.Before(*s.Dated):
		return "", true
	case !ok:
		return fmt.Sprintf("%s (of %s) may not cover this card: when its %s was released is not known.", s.Document.Title, s.Dated.Text, set), false
	case rel.After(*s.Dated):
		return fmt.Sprintf("%s (of %s) could name no card of %s, released %s, later than the document.", s.Document.Title, s.Dated.Text, set, rel.Text), false
	}
	return fmt.Sprintf("%s (of %s) may not cover this card: its %s was released %s, and whether before or after the document is not known.", s.Document.Title, s.Dated.Text, set, rel.Text), false
}

// letters are the titles a document is held for, "H-Z".
func (s RulingsSource) letters() string { return string(s.From) + "-" + string(s.To) }

// holds says whether the document is held for the part of the alphabet an
// entry titled title would stand in, and, when not, why: what would stand
// there ("a ruling on Anaphasic Organism") stands in the part not held.
func (s RulingsSource) holds(title, what string) (reason string, held bool) {
	if s.From == 0 {
		return "", true
	}
	first := rune(0)
	for _, r := range FoldName(title) {
		first = unicode.ToUpper(r)
		break
	}
	switch {
	case !unicode.IsLetter(first):
		return fmt.Sprintf("%s is held for titles %c to %c only, and where it would file a title beginning %q is not known.", s.Document.Title, s.From, s.To, firstOf(title)), false
	case first < s.From || first > s.To:
		return fmt.Sprintf("%s is held for titles %c to %c only: %s would stand in the part not held.", s.Document.Title, s.From, s.To, what), false
	}
	return "", true
}

// TermNotHeld lists the documents of an edition (of both when edition is
// the zero Edition) whose part that would hold an entry titled with term is
// not in the data: a rulings document held for titles H to Z, and a term
// outside them ("battle", which a ruling of the First Edition Current
// Rulings, governing the rulebook's glossary, may be titled with). What
// define answers for such a term is then not known to be all, nor its first
// entry to govern; empty when every document is held for it.
func TermNotHeld(sources []RulingsSource, edition Edition, term string) []DocumentCoverage {
	out := []DocumentCoverage{}
	for _, s := range sources {
		if edition != "" && s.Document.Edition != string(edition) {
			continue
		}
		if reason, held := s.holds(term, fmt.Sprintf("an entry titled %q", Clip(strings.TrimSpace(term), MaxQuoted))); !held {
			out = append(out, DocumentCoverage{DocumentID: s.Document.ID, Title: s.Document.Title, CardRulings: s.CardRulings, Letters: s.letters(), Reason: reason})
		}
	}
	return out
}

// DefineNotHeld is TermNotHeld over the documents of ref: what every
// transport says beside a definition of the term (the library says it in
// the details of a term it does not define).
func DefineNotHeld(ctx context.Context, ref ReferenceService, term string, edition Edition) ([]DocumentCoverage, error) {
	sources, err := notHeldSources(ctx, ref)
	if err != nil {
		return nil, err
	}
	return TermNotHeld(sources, edition, term), nil
}

// notHeldSources are the documents of ref read for what is not held of
// them (NewRulingsSources of the documents alone).
func notHeldSources(ctx context.Context, ref ReferenceService) ([]RulingsSource, error) {
	if ref == nil {
		return nil, Errorf(EINTERNAL, "The documents are not available: what is held of them is not known.")
	}
	docs, err := ref.Documents(ctx)
	if err != nil {
		return nil, err
	}
	return NewRulingsSources(docs, nil, nil), nil
}

// EntryNotHeld is, for a glossary entry or a ruling, the documents of its
// edition whose part that would hold an entry of the same term is not in
// the data (TermNotHeld of its title): its related entries are then not
// known to be all, nor it to govern (a 1E glossary entry "battle", which a
// ruling of the A-G Current Rulings may replace). Empty for a section.
func EntryNotHeld(ctx context.Context, ref ReferenceService, e *Entry) ([]DocumentCoverage, error) {
	if !MayBeNotHeld(e.Kind) {
		return []DocumentCoverage{}, nil
	}
	sources, err := notHeldSources(ctx, ref)
	if err != nil {
		return nil, err
	}
	return EntryTermNotHeld(sources, e.Kind, e.Title, Edition(e.Edition)), nil
}

// MayBeNotHeld says whether an entry of a kind may be answered with the
// documents not held for its term: a glossary entry or a ruling.
func MayBeNotHeld(kind string) bool { return kind == KindGlossary || kind == KindRuling }

// EntryTermNotHeld is what EntryNotHeld says of an entry of a kind, title
// and edition, over sources read once: the search index says it of each
// hit as the entry says it of itself (SearchHit.NotHeld). Empty for a
// section or a card.
func EntryTermNotHeld(sources []RulingsSource, kind, title string, edition Edition) []DocumentCoverage {
	if !MayBeNotHeld(kind) {
		return []DocumentCoverage{}
	}
	return TermNotHeld(sources, edition, title)
}

// NotHeldSentence joins the reasons of documents not held for something,
// or "" for none.
func NotHeldSentence(gaps []DocumentCoverage) string {
	var rs []string
	for _, g := range gaps {
		rs = append(rs, g.Reason)
	}
	return strings.Join(rs, " ")
}

// firstOf is the first character of a title, for a sentence.
func firstOf(title string) string {
	for _, r := range strings.TrimSpace(title) {
		return string(r)
	}
	return ""
}

// ReadFrom names the documents read for a card's rulings, for a sentence:
// "Rulings are read from A, B (titles H-Z only) and C."
func (c RulingsCoverage) ReadFrom() string {
	if len(c.Documents) == 0 {
		return "No document is read for this card's rulings."
	}
	var names []string
	for _, d := range c.Documents {
		n := d.Title
		if d.Letters != "" {
			n += " (titles " + strings.Replace(d.Letters, "-", "–", 1) + " only)"
		}
		names = append(names, n)
	}
	list := names[0]
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return "Rulings and errata are read from " + list + "."
}

// NoneSentence is what a card's answer says when no ruling names it: a
// known none when the coverage is complete, else what is missing.
func (c RulingsCoverage) NoneSentence() string {
	if c.Complete {
		return "No ruling or erratum in the documents read is about this card."
	}
	return c.Missing
}

package rules

import (
	"strings"
	"unicode/utf8"
)

// Entry kinds.
const (
	KindSection  = "section"  // a rulebook section or sub-section
	KindGlossary = "glossary" // a glossary entry of a rulebook
	KindRuling   = "ruling"   // an entry of the Current Rulings
	KindCard     = "card"     // a card (search hits only; cards have their own type)
)

// How a definition matched the term asked for (Entry.Match of an entry
// Define answers). Only DefineExact is the term itself; the others matched
// loosely and say so.
const (
	// DefineExact: a glossary entry or ruling titled with the term (case,
	// punctuation, plurals and a trailing ", The" forgiven).
	DefineExact = "exact"
	// DefineSee: the entry a "See" entry titled with the term points at
	// (Entry.SeeFrom names that entry).
	DefineSee = "see"
	// DefineSection: no glossary entry or ruling is titled with the term; a
	// rulebook section's title is the term, read without a step number, an
	// order's prefix or a parenthesised aside ("ORDER – MOVE A SHIP" for
	// "move a ship").
	DefineSection = "section"
	// DefinePartial: no entry or section is titled with the term; a
	// glossary entry's, ruling's or section's title holds its words in a
	// row among others ("beam" answers ORDER – BEAM PERSONNEL), its words
	// in another form forgiven ("staffed" answers Staffing ships).
	DefinePartial = "partial"
	// DefineForm: no entry or section is titled with the term; the title
	// is the term in another form: a word derived otherwise ("leave play"
	// for leaving play, "unique" for UNIQUENESS) or words joined or split
	// otherwise ("inplay" for in play). With SeeFrom when the title so
	// matched was a See entry followed.
	DefineForm = "form"
	// DefineAbbreviation: no entry is titled with the term; it is the code
	// a title prints in brackets ("KCA" for Klingon/Cardassian Alliance
	// icon [KCA]), or the shortening the entry's own text writes its title
	// in ("HQ" for headquarters).
	DefineAbbreviation = "abbreviation"
	// DefineShorthand: no entry is titled with the term; it is the game's
	// shorthand (the service's vocabulary: "DS9", "AT", "tap") for a term
	// an entry is titled with. Entry.Explained says which, when a sentence
	// explains it.
	DefineShorthand = "shorthand"
	// DefineExplained: no glossary entry, ruling or section is titled with
	// the term, in any form; a sentence of the entry explains it ("they
	// are an Away Team", "also called intruders", "Alternate Universe
	// [AU]"): Entry.Explained holds the sentence and its paragraph.
	DefineExplained = "explained"
)

// DefineMatchPhrase is a short phrase saying how a definition matched
// loosely, for a reader ("(a section titled with the term)"); empty for
// DefineExact and for an entry that carries no match.
func DefineMatchPhrase(e *Entry) string {
	switch e.Match {
	case DefineSee:
		if e.SeeFrom != nil {
			return "(followed from the entry " + e.SeeFrom.Title + ")"
		}
		return "(followed from a See entry)"
	case DefineSection:
		return "(a section titled with the term)"
	case DefinePartial:
		return "(an entry whose title holds the term)"
	case DefineForm:
		if e.SeeFrom != nil {
			return "(another form of the term: followed from the entry " + e.SeeFrom.Title + ")"
		}
		return "(another form of the term)"
	case DefineAbbreviation:
		return "(an abbreviation of its title, as the documents print it)"
	case DefineShorthand:
		return "(the game's shorthand for its title)"
	case DefineExplained:
		if x := e.Explained; x != nil && x.Shorthand {
			return "(no entry is titled with the term: the game's shorthand for " + x.Reading + ", which a sentence of this entry explains: \"" + clipSentence(x.Sentence) + "\")"
		}
		if x := e.Explained; x != nil {
			return "(no entry is titled with the term: a sentence of this entry explains it: \"" + clipSentence(x.Sentence) + "\")"
		}
		return "(no entry is titled with the term: a sentence of this entry explains it)"
	}
	return ""
}

// maxPhraseSentence bounds the letters of an explaining sentence a match's
// phrase quotes: a bot's field holds 1,024, and a long sentence is read
// whole on the entry.
const maxPhraseSentence = 280

// clipSentence is the sentence cut to maxPhraseSentence letters at a word's
// end, marked "…" where cut.
func clipSentence(s string) string {
	if utf8.RuneCountInString(s) <= maxPhraseSentence {
		return s
	}
	r := []rune(s)[:maxPhraseSentence]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return cut + "…"
}

// Glossary amendments a 1E Current Rulings entry may make.
const (
	AmendReplace = "replace" // "Replace the Glossary entry with the following"
	AmendAdd     = "add"     // "Add the following to the Glossary entry"
	AmendDelete  = "delete"  // "Delete the second paragraph of the Glossary entry"
)

// An Entry is one addressable piece of rules text: a rulebook section, a
// glossary entry or a ruling. Its ID is derived from the document, the kind
// and the title (see EntryID), so it is stable across restarts and rebuilds.
type Entry struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"`
	Title      string `json:"title"`
	DocumentID string `json:"documentId"`
	Edition    string `json:"edition"`
	// Text is the clean text of the entry alone, paragraphs separated by a
	// blank line; sub-entries and sub-sections carry their own text.
	Text string `json:"text"`
	// Paragraphs are the paragraphs of Text in order, each with its anchor
	// (see Paragraphs).
	Paragraphs []Paragraph `json:"paragraphs"`
	// Path is the heading path of a section, outermost first, ending with the
	// entry's own title; for a glossary sub-entry, the parent term then its own.
	Path []string `json:"path"`
	// Parent is the id of the enclosing section or glossary entry, if any.
	Parent string `json:"parent,omitempty"`
	// Children are the ids of the sub-sections or sub-entries, in reading order.
	Children []string `json:"children,omitempty"`
	// SeeAlso are the ids of the entries this one cross-references ("See X").
	SeeAlso []string `json:"seeAlso"`
	// SeeAlsoUnresolved are the cross-references whose target is not in the corpus.
	SeeAlsoUnresolved []string `json:"seeAlsoUnresolved,omitempty"`
	// Related are the ids of the same term's entries in the other documents
	// of the entry's edition, the governing (newest rules) first. Governing
	// never crosses editions: a Second Edition rulebook does not govern a
	// First Edition rule.
	Related []string `json:"related"`
	// OtherEdition are the ids of the same term's entries in the other
	// edition, newest rules first: shown beside the entry, never governing
	// over it.
	OtherEdition []string `json:"otherEdition"`
	// Marked is true for a ruling marked new or changed ("*") in its update,
	// and for a Call to Arms glossary entry marked as a card ruling or erratum.
	Marked bool `json:"marked,omitempty"`
	// CardRuling is true for a glossary entry that rules on a card or gives its
	// errata (the "*" entries of the Call to Arms glossary).
	CardRuling bool `json:"cardRuling,omitempty"`
	// Amends says whether a ruling replaces (AmendReplace), adds to
	// (AmendAdd) or deletes from (AmendDelete) the Glossary entry of the same
	// term; empty otherwise.
	Amends string `json:"amends,omitempty"`
	// Match says how a definition matched the term it was asked for (one
	// of the DefineMatch words); set only on the entries Define answers,
	// empty elsewhere.
	Match string `json:"match,omitempty"`
	// SeeFrom is the "See" entry titled with the term that Define followed
	// to this one (Match DefineSee); nil otherwise.
	SeeFrom *EntryRef `json:"seeFrom,omitempty"`
	// Explained is the sentence that explains the term Define was asked
	// for (Match DefineExplained); nil otherwise.
	Explained *Explanation `json:"explained,omitempty"`
	// Refs are the raw cross-reference targets a parser read ("See mission");
	// the corpus linker resolves them into SeeAlso.
	Refs []string `json:"-"`
	// Order is the entry's position in its document's reading order; it sorts,
	// it never identifies.
	Order int `json:"-"`
}

// An Explanation is the sentence of an entry that explains a term no
// entry is titled with (Entry.Explained): a loose definition, said so.
type Explanation struct {
	// Anchor is the paragraph the sentence stands in.
	Anchor string `json:"anchor"`
	// Sentence is the sentence, as the entry's text writes it.
	Sentence string `json:"sentence"`
	// Reading is the words the sentence was found by: the term, or what
	// the term as the game's shorthand stands for ("alternate universe"
	// for AU).
	Reading string `json:"reading"`
	// Shorthand says Reading is what the term stands for as shorthand.
	Shorthand bool `json:"shorthand,omitempty"`
}

// OnlySee reports whether the entry is nothing but a cross-reference ("here
// - See headquarters."): its text points at the entries of SeeAlso and says
// nothing itself.
func (e *Entry) OnlySee() bool {
	t := strings.TrimSpace(e.Text)
	return len(e.SeeAlso) > 0 && strings.HasPrefix(t, "See ") && !strings.Contains(strings.TrimSuffix(t, "."), ". ")
}

package rules

import (
	"strconv"
	"strings"
)

// How a look-up by name found a card (Card.Match).
const (
	// MatchExact: the name is the card's, as printed (case, punctuation
	// and white space forgiven), or the card was asked for by id.
	MatchExact = "exact"
	// MatchFuzzy: the name was forgiven something: a typo, a missing or
	// extra word, a changed or dropped subtitle, a subtitle alone. The card
	// may be of the other edition than the one asked for when none of it
	// fitted.
	MatchFuzzy = "fuzzy"
	// MatchOtherEdition: the name is printed exactly, but only in the
	// other edition than the one asked for.
	MatchOtherEdition = "other-edition"
)

// AmbiguousMatch is how the candidates of an ambiguous card name fit it
// (its error's "match" detail: MatchExact, MatchOtherEdition or
// MatchFuzzy); empty when the error says none.
func AmbiguousMatch(err error) string {
	m, _ := ErrorDetails(err)["match"].(string)
	return m
}

// CandidatesFit is the sentence a page, a bot or a terminal shows above the
// candidates of an ambiguous card name, saying whether they fit the name as
// typed or only with a typo forgiven: "Several cards are named "Tavor"." or
// "No card is named "Tavr" exactly; these cards' names are near it.".
func CandidatesFit(name, match string) string {
	q := strconv.Quote(Truncate(name))
	switch match {
	case MatchExact:
		return "Several cards are named " + q + "."
	case MatchOtherEdition:
		return "Several cards are named " + q + ", printed only in the other edition."
	case MatchFuzzy:
		return "No card is named " + q + " exactly; these cards' names are near it."
	}
	return "Several cards fit " + q + " equally well."
}

// MaxCardIdentifiers bounds one collection look-up: a fan page of some
// dozens of cards, a deck list's different cards (Scryfall's collection
// endpoint takes as many).
const MaxCardIdentifiers = 75

// TooManyIdentifiers is the refusal of a collection look-up past
// MaxCardIdentifiers, in one sentence on every transport: REST refuses the
// list as its next identifier begins, not knowing how many follow, and
// GraphQL and the catalog as REST does.
func TooManyIdentifiers() *Error {
	return Errorf(EUNPROCESSABLE, "A collection look-up takes at most %d identifiers.", MaxCardIdentifiers).
		WithDetail("field", "identifiers").WithDetail("limit", MaxCardIdentifiers)
}

// A CardIdentifier names one card to look up: by ID, or by Name (a title,
// or "title, subtitle") in an Edition ("" for either), exactly or, with
// Fuzzy, forgiving typos and missing words. A name is looked for in the
// edition asked first; a name printed exactly only in the other edition
// finds that card (MatchOtherEdition) before any fuzzy reading of it in the
// edition asked.
type CardIdentifier struct {
	ID      string  `json:"id,omitempty"`
	Name    string  `json:"name,omitempty"`
	Edition Edition `json:"edition,omitempty"`
	Fuzzy   bool    `json:"fuzzy,omitempty"`
}

// ParseCardIdentifier reads an identifier as a request gave it, field
// naming it in errors ("identifiers[3]"): its id and name trimmed, its
// edition read by ParseEdition (case forgiven; another word refused in
// ParseEdition's words, naming field.edition), then Check'd.
func ParseCardIdentifier(id CardIdentifier, field string) (CardIdentifier, error) {
	id.ID, id.Name = strings.TrimSpace(id.ID), strings.TrimSpace(id.Name)
	ed, err := ParseEdition(string(id.Edition))
	if err != nil {
		return id, WithDetail(err, "field", field+".edition")
	}
	id.Edition = ed
	return id, id.Check(field)
}

// Check says what is wrong with an identifier as a request gave it, field
// naming it in errors ("identifiers[3]"): an id or a name, not both, none
// longer than MaxCardNameBytes or holding what TextFault refuses, and an edition read by ParseEdition.
func (id CardIdentifier) Check(field string) error {
	switch {
	case id.ID == "" && strings.TrimSpace(id.Name) == "":
		return Errorf(EINVALID, "%s names no card: give its id, or its name.", field).WithDetail("field", field)
	case id.ID == "" && CardNameText.Missing(id.Name):
		// A name of spaces or punctuation only: refused as every
		// transport refuses a card name with nothing to read.
		return CardNameText.Refusal(field+".name", id.Name)
	case id.ID != "" && id.Name != "":
		return Errorf(EINVALID, "%s gives both an id and a name: give one.", field).WithDetail("field", field)
	case id.ID != "" && (id.Edition != "" || id.Fuzzy):
		return Errorf(EINVALID, "%s is looked up by id, which takes no edition or fuzzy.", field).WithDetail("field", field)
	}
	for _, f := range []struct{ name, v string }{{"id", id.ID}, {"name", id.Name}} {
		if len(f.v) > MaxCardNameBytes {
			return TextTooLong(field+"."+f.name, len(f.v), MaxCardNameBytes)
		}
		if TextFault(f.v) {
			return WithCode(TextRefused(field+"."+f.name, field+"."+f.name), EUNPROCESSABLE)
		}
	}
	if ed, err := ParseEdition(string(id.Edition)); err != nil || ed != id.Edition {
		// An edition not read by ParseEdition ("2E" as sent) would find
		// no card: it is a mistake of the caller's code, named as one.
		if err == nil {
			err = Errorf(EINVALID, "Edition %q is not read yet: read it with ParseEdition.", id.Edition)
		}
		return WithDetail(err, "field", field+".edition")
	}
	return nil
}

// A CardCandidate is one of the cards an ambiguous name fits equally well.
type CardCandidate struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Title    string `json:"title"`
	Subtitle string `json:"subtitle,omitempty"`
	Edition  string `json:"edition"`
	SetName  string `json:"setName,omitempty"`
	Type     string `json:"type"`
}

// CandidateOf is the card as a candidate of an ambiguous name.
func CandidateOf(c *Card) CardCandidate {
	return CardCandidate{ID: c.ID, Name: c.Name(), Title: c.Title, Subtitle: c.Subtitle, Edition: c.Edition, SetName: c.SetName, Type: c.Type}
}

// A CardNotFound is an identifier of a collection that found no card: its
// Index in the request, Code ENOTFOUND or EAMBIGUOUS with the sentence
// saying why, the Candidates an ambiguous name fits and how (Match), the Suggestions
// (names) nearest one that fits none, and the Rulings (rulings and glossary
// entries) titled with a name no card has.
type CardNotFound struct {
	CardIdentifier
	Index      int             `json:"index"`
	Code       string          `json:"code"`
	Message    string          `json:"message"`
	Candidates []CardCandidate `json:"candidates,omitempty"`
	// Match says how the Candidates of an ambiguous name fit it, in the
	// words of Card.Match: MatchExact, MatchOtherEdition or MatchFuzzy.
	Match       string     `json:"match,omitempty"`
	Suggestions []string   `json:"suggestions,omitempty"`
	Rulings     []EntryRef `json:"rulings,omitempty"`
	// NotHeld are, for a name no card has and no entry is titled with, the
	// documents whose part that would hold an entry titled with it is not
	// in the data (TermNotHeld).
	NotHeld []DocumentCoverage `json:"notHeld,omitempty"`
}

// A CardCollection is the answer of a collection look-up: the cards found,
// in the order asked, each labelled with its Match, and the identifiers
// that found none.
type CardCollection struct {
	Data     []*Card        `json:"data"`
	NotFound []CardNotFound `json:"notFound"`
}

// An EntryRef names an entry: what a look-up offers when a name is no card's
// but an entry's title (a Current Rulings entry on a card the data lacks),
// or a term nothing defines but the entry explains; Anchor is then the
// paragraph that explains it best.
type EntryRef struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"`
	Title      string `json:"title"`
	DocumentID string `json:"documentId"`
	Edition    string `json:"edition"`
	Anchor     string `json:"anchor,omitempty"`
}

// RefOf is the entry as an EntryRef.
func RefOf(e *Entry) EntryRef {
	return EntryRef{ID: e.ID, Kind: e.Kind, Title: e.Title, DocumentID: e.DocumentID, Edition: e.Edition}
}

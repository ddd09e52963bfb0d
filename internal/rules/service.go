package rules

import "context"

// ReferenceService answers look-ups of the documents and their entries.
// Methods return an *Error with ENOTFOUND when nothing matches.
type ReferenceService interface {
	// Documents returns every source document with its counts, in manifest order.
	Documents(ctx context.Context) ([]Document, error)
	// Entry returns the entry with the id.
	Entry(ctx context.Context, id string) (*Entry, error)
	// Define returns the glossary entries and rulings whose title is the term
	// (case, punctuation, plurals and a trailing ", The" forgiven), governing
	// document first. edition may be the zero Edition for both. When none
	// fits, the *Error carries "suggestions" in its details.
	Define(ctx context.Context, term string, edition Edition) ([]*Entry, error)
}

// SearchQuery is a full-text search: plain words or a quoted phrase, filters,
// and a page. The edition and kind are read by ParseEdition and
// ParseEntryKind, the page by ParseLimit and ParseOffset (or their Check
// kin), where the request comes in.
type SearchQuery struct {
	Q        string
	Edition  Edition
	Kind     EntryKind
	Document string
	Limit    int
	Offset   int
}

// SearchHit is one answer of a search, best first.
type SearchHit struct {
	ID         string  `json:"id"`
	Kind       string  `json:"kind"`
	Title      string  `json:"title"`
	DocumentID string  `json:"documentId"`
	Edition    string  `json:"edition"`
	Score      float64 `json:"score"`
	Snippet    string  `json:"snippet"`
	// Anchor is the anchor of the entry's paragraph that answers best, the
	// one Snippet is cut from; empty for a card.
	Anchor string `json:"anchor"`
	// NotHeld is, for a glossary entry or a ruling, what its entry says
	// (GET /v1/entries/{id}'s notHeld, rules.EntryNotHeld): the documents
	// of its edition whose part that would hold an entry of the same term
	// is not in the data. Nil when none, and for a section or a card.
	NotHeld []DocumentCoverage `json:"notHeld,omitempty"`
}

// FacetCount is how many hits of a search share one value of a field.
type FacetCount struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// SearchResult is a page of hits, the total over all pages, and the facet
// counts by edition, kind and document.
type SearchResult struct {
	Total  int                     `json:"total"`
	Hits   []SearchHit             `json:"hits"`
	Facets map[string][]FacetCount `json:"facets,omitempty"`
	// ReadAs is how the search read the query's words that it read as
	// other words, in the order typed; nil when it read every word as
	// typed (a look-up that matched loosely says so).
	ReadAs []WordReading `json:"readAs,omitempty"`
}

// MaxQueryWords is the most words a search query may have (words, words of
// its phrases and words left out): a search reads at most this many as
// other words (SearchResult.ReadAs).
const MaxQueryWords = 32

// WordReading is a typed word (or two) the search read as another: Typed as
// the judge typed it, As what was searched, Why one of the Read* kinds.
type WordReading struct {
	Typed string `json:"typed"`
	As    string `json:"as"`
	Why   string `json:"why"`
}

// The kinds of WordReading.Why.
const (
	// ReadTypo is a word the index does not hold read as the nearest one
	// it does ("stoped" as "stopped").
	ReadTypo = "typo"
	// ReadJoined is one typed word read as two words run together
	// ("awayteam" as "away team").
	ReadJoined = "joined"
	// ReadSplit is two typed words read as the one word the rulebooks
	// write ("head quarters" as "headquarters"), a typo inside or not.
	ReadSplit = "split"
	// ReadShorthand is shorthand read as the word it stands for ("opp" as
	// "opponent").
	ReadShorthand = "shorthand"
)

// SearchService runs full-text searches over entries and cards. An
// unrunnable query is an *Error with EINVALIDQUERY.
type SearchService interface {
	Search(ctx context.Context, q SearchQuery) (*SearchResult, error)
}

// CardFilter selects a page of cards.
type CardFilter struct {
	Q           string
	Edition     Edition
	Type        string
	Affiliation string
	Set         string
	Limit       int
	Offset      int
}

// CardService answers card look-ups. Card and CardNamed return ENOTFOUND when
// no card fits; CardNamed returns EAMBIGUOUS with "candidates" in the details
// when several fit equally well.
type CardService interface {
	Card(ctx context.Context, id string) (*Card, error)
	// CardNamed finds one card by name ("title" or "title, subtitle"); fuzzy
	// forgives typos and missing words. edition may be the zero Edition.
	CardNamed(ctx context.Context, name string, fuzzy bool, edition Edition) (*Card, error)
	// Autocomplete returns at most limit full names of the edition's cards
	// (edition may be the zero Edition) with a word starting with the
	// prefix, names starting with it first, each with how it matched: a
	// loose match (a typo'd prefix, a persona's name) says so.
	Autocomplete(ctx context.Context, prefix string, edition Edition, limit int) (*Autocompletion, error)
	// Cards returns a page of cards and the total that match the filter.
	Cards(ctx context.Context, f CardFilter) ([]*Card, int, error)
	// CardPage is Cards with the count, by filter, of the cards the filter
	// cannot read (CardPage.Unknown): what a card list answers.
	CardPage(ctx context.Context, f CardFilter) (*CardPage, error)
	// CardRulings returns the glossary entries, errata and rulings that name the card.
	CardRulings(ctx context.Context, id string) ([]*Entry, error)
	// RulingsCoverage says which documents were read for the card's
	// rulings and errata and whether each covers it (CoverageOf): an empty
	// CardRulings is a known none only when the coverage is Complete.
	RulingsCoverage(ctx context.Context, id string) (*RulingsCoverage, error)
	// LookUpCard finds the card an identifier names, labelled with how it
	// matched (Card.Match): by id, or by name in the edition asked for,
	// preferring an exact name in the other edition to a fuzzy name in
	// the one asked (see CardIdentifier). ENOTFOUND and EAMBIGUOUS as
	// CardNamed; EINVALID for an identifier that names nothing.
	LookUpCard(ctx context.Context, id CardIdentifier) (*Card, error)
	// CardCollection looks up at most MaxCardIdentifiers identifiers at
	// once: the cards found, in the order asked, and those not found.
	// More identifiers, or one that names nothing, is an error naming it.
	CardCollection(ctx context.Context, ids []CardIdentifier) (*CardCollection, error)
}

// Adjudicator answers a question about a board situation. A request that
// cannot be judged is an *Error with EUNPROCESSABLE naming the field in its
// details ("field").
//
// Adjudicate keeps none of req's lists and pointers once it has returned
// and its verdict is written: the REST handler reads the next request into
// them. (Its strings may be kept.)
type Adjudicator interface {
	Adjudicate(ctx context.Context, req AdjudicationRequest) (*Verdict, error)
}

// ContentsService lists a document's entries, for its table of contents.
type ContentsService interface {
	// Contents returns the document and its entries in reading order;
	// ENOTFOUND names the documents there are.
	Contents(ctx context.Context, documentID string) (Document, []*Entry, error)
}

// A TermMention is a glossary term found in a text: the bytes text[Start:End]
// name the term that the entry EntryID (the governing one of the edition)
// defines.
type TermMention struct {
	Start, End int
	EntryID    string
}

// GlossaryLinker finds the glossary terms a text names, so a page can link
// them to their definitions.
type GlossaryLinker interface {
	// Mentions returns, in order and without overlaps, the first mention in
	// text of each term defined in the edition, the longest term where two
	// start together; terms defined by the entry except (its own title) are
	// left out.
	Mentions(ctx context.Context, edition, text, except string) []TermMention
}

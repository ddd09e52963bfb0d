// Package mock holds fakes of the rules service interfaces, one struct per
// interface with a function field per method (ReferenceService.DefineFn
// answers Define), so that a transport (REST, GraphQL, the pages, Discord,
// the commands at a terminal) is tested in milliseconds against answers a
// test writes, including the errors the real services return, without the
// corpus. A method whose function is not set fails loudly: the test asked
// for what it did not expect.
//
// A few end-to-end tests in each transport still build the real services
// over the real corpus; the fakes carry the rest: error mapping, limits,
// paging, caching and rendering.
package mock

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/stccg/stccg-rules/internal/rules"
)

// unset reports a call of a method whose function the test did not set.
func unset(method string) error {
	return rules.Errorf(rules.EINTERNAL, "mock: %s called, but its function is not set", method)
}

// ReferenceService is a fake rules.ReferenceService.
type ReferenceService struct {
	DocumentsFn func(ctx context.Context) ([]rules.Document, error)
	EntryFn     func(ctx context.Context, id string) (*rules.Entry, error)
	DefineFn    func(ctx context.Context, term string, edition rules.Edition) ([]*rules.Entry, error)
}

var _ rules.ReferenceService = (*ReferenceService)(nil)

// Documents calls DocumentsFn.
func (s *ReferenceService) Documents(ctx context.Context) ([]rules.Document, error) {
	if s.DocumentsFn == nil {
		return nil, unset("ReferenceService.Documents")
	}
	return s.DocumentsFn(ctx)
}

// Entry calls EntryFn.
func (s *ReferenceService) Entry(ctx context.Context, id string) (*rules.Entry, error) {
	if s.EntryFn == nil {
		return nil, unset("ReferenceService.Entry")
	}
	return s.EntryFn(ctx, id)
}

// Define calls DefineFn.
func (s *ReferenceService) Define(ctx context.Context, term string, edition rules.Edition) ([]*rules.Entry, error) {
	if s.DefineFn == nil {
		return nil, unset("ReferenceService.Define")
	}
	return s.DefineFn(ctx, term, edition)
}

// SearchService is a fake rules.SearchService. Calls counts the searches
// made, so a test of a cache can say how many reached the service.
type SearchService struct {
	SearchFn func(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error)
	Calls    atomic.Int64
}

var _ rules.SearchService = (*SearchService)(nil)

// Search calls SearchFn.
func (s *SearchService) Search(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
	s.Calls.Add(1)
	if s.SearchFn == nil {
		return nil, unset("SearchService.Search")
	}
	return s.SearchFn(ctx, q)
}

// CardService is a fake rules.CardService.
type CardService struct {
	CardFn         func(ctx context.Context, id string) (*rules.Card, error)
	CardNamedFn    func(ctx context.Context, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error)
	AutocompleteFn func(ctx context.Context, prefix string, edition rules.Edition, limit int) (*rules.Autocompletion, error)
	CardsFn        func(ctx context.Context, f rules.CardFilter) ([]*rules.Card, int, error)
	CardPageFn     func(ctx context.Context, f rules.CardFilter) (*rules.CardPage, error)
	CardRulingsFn  func(ctx context.Context, id string) ([]*rules.Entry, error)
	// RulingsCoverageFn answers RulingsCoverage; without one, a coverage of
	// no document read, which is never complete.
	RulingsCoverageFn func(ctx context.Context, id string) (*rules.RulingsCoverage, error)
	LookUpCardFn      func(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error)
	CardCollectionFn  func(ctx context.Context, ids []rules.CardIdentifier) (*rules.CardCollection, error)
}

var _ rules.CardService = (*CardService)(nil)

// Card calls CardFn.
func (s *CardService) Card(ctx context.Context, id string) (*rules.Card, error) {
	if s.CardFn == nil {
		return nil, unset("CardService.Card")
	}
	return s.CardFn(ctx, id)
}

// CardNamed calls CardNamedFn.
func (s *CardService) CardNamed(ctx context.Context, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error) {
	if s.CardNamedFn == nil {
		return nil, unset("CardService.CardNamed")
	}
	return s.CardNamedFn(ctx, name, fuzzy, edition)
}

// Autocomplete calls AutocompleteFn.
func (s *CardService) Autocomplete(ctx context.Context, prefix string, edition rules.Edition, limit int) (*rules.Autocompletion, error) {
	if s.AutocompleteFn == nil {
		return nil, unset("CardService.Autocomplete")
	}
	return s.AutocompleteFn(ctx, prefix, edition, limit)
}

// Cards calls CardsFn.
func (s *CardService) Cards(ctx context.Context, f rules.CardFilter) ([]*rules.Card, int, error) {
	if s.CardsFn == nil {
		return nil, 0, unset("CardService.Cards")
	}
	return s.CardsFn(ctx, f)
}

// CardPage calls CardPageFn; without one, CardsFn, with no card unknown.
func (s *CardService) CardPage(ctx context.Context, f rules.CardFilter) (*rules.CardPage, error) {
	if s.CardPageFn != nil {
		return s.CardPageFn(ctx, f)
	}
	cards, total, err := s.Cards(ctx, f)
	if err != nil {
		return nil, err
	}
	return &rules.CardPage{Cards: cards, Total: total}, nil
}

// CardRulings calls CardRulingsFn.
func (s *CardService) CardRulings(ctx context.Context, id string) ([]*rules.Entry, error) {
	if s.CardRulingsFn == nil {
		return nil, unset("CardService.CardRulings")
	}
	return s.CardRulingsFn(ctx, id)
}

// RulingsCoverage calls RulingsCoverageFn; without one, it answers that no
// document was read for the card (rules.CoverageOf of no source).
func (s *CardService) RulingsCoverage(ctx context.Context, id string) (*rules.RulingsCoverage, error) {
	if s.RulingsCoverageFn != nil {
		return s.RulingsCoverageFn(ctx, id)
	}
	card, err := s.Card(ctx, id)
	if err != nil {
		return nil, err
	}
	cov := rules.CoverageOf(nil, card)
	return &cov, nil
}

// LookUpCard calls LookUpCardFn.
func (s *CardService) LookUpCard(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
	if s.LookUpCardFn == nil {
		return nil, unset("CardService.LookUpCard")
	}
	return s.LookUpCardFn(ctx, id)
}

// CardCollection calls CardCollectionFn.
func (s *CardService) CardCollection(ctx context.Context, ids []rules.CardIdentifier) (*rules.CardCollection, error) {
	if s.CardCollectionFn == nil {
		return nil, unset("CardService.CardCollection")
	}
	return s.CardCollectionFn(ctx, ids)
}

// Adjudicator is a fake rules.Adjudicator.
type Adjudicator struct {
	AdjudicateFn func(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error)
}

var _ rules.Adjudicator = (*Adjudicator)(nil)

// Adjudicate calls AdjudicateFn.
func (s *Adjudicator) Adjudicate(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	if s.AdjudicateFn == nil {
		return nil, unset("Adjudicator.Adjudicate")
	}
	return s.AdjudicateFn(ctx, req)
}

// ContentsService is a fake rules.ContentsService.
type ContentsService struct {
	ContentsFn func(ctx context.Context, documentID string) (rules.Document, []*rules.Entry, error)
}

var _ rules.ContentsService = (*ContentsService)(nil)

// Contents calls ContentsFn.
func (s *ContentsService) Contents(ctx context.Context, documentID string) (rules.Document, []*rules.Entry, error) {
	if s.ContentsFn == nil {
		return rules.Document{}, nil, unset("ContentsService.Contents")
	}
	return s.ContentsFn(ctx, documentID)
}

// GlossaryLinker is a fake rules.GlossaryLinker; with MentionsFn unset it
// finds no mention, as a text naming no term.
type GlossaryLinker struct {
	MentionsFn func(ctx context.Context, edition, text, except string) []rules.TermMention
}

var _ rules.GlossaryLinker = (*GlossaryLinker)(nil)

// Mentions calls MentionsFn.
func (s *GlossaryLinker) Mentions(ctx context.Context, edition, text, except string) []rules.TermMention {
	if s.MentionsFn == nil {
		return nil
	}
	return s.MentionsFn(ctx, edition, text, except)
}

// NotFound is the error the real services return for what is not there,
// with the details given as pairs ("suggestions", []string{...}).
func NotFound(message string, details ...any) error {
	e := rules.Errorf(rules.ENOTFOUND, "%s", message)
	for i := 0; i+1 < len(details); i += 2 {
		e = e.WithDetail(fmt.Sprint(details[i]), details[i+1])
	}
	return e
}

// A Set is a fake of each service, every method answering a small fixed
// value written for tests (Entry, Card, Document, Verdict below): a transport
// given a Set answers every route. A test replaces the functions it asks
// something else of.
type Set struct {
	Reference   *ReferenceService
	Search      *SearchService
	Cards       *CardService
	Adjudicator *Adjudicator
	Contents    *ContentsService
	Linker      *GlossaryLinker
}

// The fixed answers of a Set: made-up text in the shapes of the corpus.
var (
	Document = rules.Document{ID: "2e-rulebook", Title: "Zq Rulebook", Edition: rules.Edition2E, Kind: "rulebook", Published: "2000-01-01", Precedence: 1,
		Counts: rules.DocumentCounts{}}
	Entry = rules.Entry{ID: "2e-rulebook.glossary.zq-term", Kind: "glossary", Title: "Zq Term", DocumentID: "2e-rulebook", Edition: rules.Edition2E,
		Text: "A term written for the tests.", Paragraphs: []rules.Paragraph{{Anchor: "p1", Text: "A term written for the tests."}},
		Path: []string{"Zq Term"}, SeeAlso: []string{}, Related: []string{}, OtherEdition: []string{}}
	Card = rules.Card{ID: "2e-1-999", Edition: rules.Edition2E, Set: "1", SetName: "Zq Set", Number: "999", Title: "Zq Ship", Type: "ship", Affiliation: "federation",
		Match: rules.MatchExact}
	Verdict = rules.Verdict{Question: "game.winner", Edition: rules.Edition2E, Rules: "2e-rulebook", Result: &rules.GameWinnerResult{}, Reasons: []string{"Zq reason."},
		Citations: []rules.Citation{{ID: Entry.ID, DocumentID: Entry.DocumentID, Title: Entry.Title, Quote: "A term", Anchor: "p1"}}}
)

// NewSet returns a Set answering the fixed values: every look-up finds
// them, every search hits Entry once, every adjudication answers Verdict
// with the question and edition asked.
func NewSet() *Set {
	entry := func() *rules.Entry { e := Entry; return &e }
	card := func() *rules.Card { c := Card; return &c }
	return &Set{
		Reference: &ReferenceService{
			DocumentsFn: func(context.Context) ([]rules.Document, error) { return []rules.Document{Document}, nil },
			EntryFn:     func(context.Context, string) (*rules.Entry, error) { return entry(), nil },
			DefineFn: func(context.Context, string, rules.Edition) ([]*rules.Entry, error) {
				return []*rules.Entry{entry()}, nil
			},
		},
		Search: &SearchService{SearchFn: func(_ context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
			return &rules.SearchResult{Total: 1, Hits: []rules.SearchHit{{ID: Entry.ID, Kind: Entry.Kind, Title: Entry.Title, DocumentID: Entry.DocumentID,
				Edition: Entry.Edition, Score: 1, Snippet: "A <mark>term</mark>", Anchor: "p1"}}}, nil
		}},
		Cards: &CardService{
			CardFn:      func(context.Context, string) (*rules.Card, error) { return card(), nil },
			CardNamedFn: func(context.Context, string, bool, rules.Edition) (*rules.Card, error) { return card(), nil },
			AutocompleteFn: func(context.Context, string, rules.Edition, int) (*rules.Autocompletion, error) {
				return &rules.Autocompletion{Names: []rules.NameMatch{{Name: Card.Title, Match: rules.MatchExact, By: rules.NameStart}}}, nil
			},
			CardsFn: func(context.Context, rules.CardFilter) ([]*rules.Card, int, error) {
				return []*rules.Card{card()}, 1, nil
			},
			CardRulingsFn: func(context.Context, string) ([]*rules.Entry, error) { return []*rules.Entry{entry()}, nil },
			LookUpCardFn:  func(context.Context, rules.CardIdentifier) (*rules.Card, error) { return card(), nil },
			CardCollectionFn: func(_ context.Context, ids []rules.CardIdentifier) (*rules.CardCollection, error) {
				out := &rules.CardCollection{NotFound: []rules.CardNotFound{}}
				for range ids {
					out.Data = append(out.Data, card())
				}
				return out, nil
			},
		},
		Adjudicator: &Adjudicator{AdjudicateFn: func(_ context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
			v := Verdict
			v.Question, v.Edition = req.Question, req.Edition
			return &v, nil
		}},
		Contents: &ContentsService{ContentsFn: func(context.Context, string) (rules.Document, []*rules.Entry, error) {
			return Document, []*rules.Entry{entry()}, nil
		}},
		Linker: &GlossaryLinker{},
	}
}

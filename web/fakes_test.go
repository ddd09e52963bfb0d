package web

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// The fakes below hold invented rule-like text in the corpus's shapes.

type fakeReference struct {
	docs    []rules.Document
	entries map[string]*rules.Entry
	order   []string // entry ids in reading order
}

func (f *fakeReference) Contents(ctx context.Context, id string) (rules.Document, []*rules.Entry, error) {
	for _, d := range f.docs {
		if d.ID == id {
			var es []*rules.Entry
			for _, eid := range f.order {
				if e := f.entries[eid]; e.DocumentID == id {
					es = append(es, e)
				}
			}
			return d, es, nil
		}
	}
	return rules.Document{}, nil, rules.Errorf(rules.ENOTFOUND, "No document has the id %q.", id)
}

// Mentions links the first "staffing" and "stopped" of a 2E text.
func (f *fakeReference) Mentions(ctx context.Context, edition, text, except string) []rules.TermMention {
	var out []rules.TermMention
	for term, id := range map[string]string{"stopped": "2e-rulebook.glossary.stopped", "missing": "2e-rulebook.glossary.missing"} {
		if i := strings.Index(strings.ToLower(text), term); i >= 0 && edition == "2e" && !strings.EqualFold(except, term) {
			out = append(out, rules.TermMention{Start: i, End: i + len(term), EntryID: id})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

func (f *fakeReference) Documents(ctx context.Context) ([]rules.Document, error) {
	return f.docs, nil
}

func (f *fakeReference) Entry(ctx context.Context, id string) (*rules.Entry, error) {
	if e, ok := f.entries[id]; ok {
		return e, nil
	}
	return nil, rules.Errorf(rules.ENOTFOUND, "No entry has the id %q.", id)
}

func (f *fakeReference) Define(ctx context.Context, term string, edition rules.Edition) ([]*rules.Entry, error) {
	var out []*rules.Entry
	for _, id := range []string{"2e-rulebook.glossary.stopped", "1e-rulebook.glossary.stopped"} {
		e := f.entries[id]
		if rules.FoldTerm(e.Title) == rules.FoldTerm(term) && (edition == "" || e.Edition == string(edition)) {
			out = append(out, e)
		}
	}
	if len(out) == 0 && rules.FoldTerm(term) == "ship hop" {
		// A term no entry defines and none is near, which a section explains.
		return nil, rules.Errorf(rules.ENOTFOUND, "No glossary entry, ruling or section defines %q; Move Ships explains it.", term).
			WithDetail("suggestions", []string{}).WithDetail("search", term).
			WithDetail("sections", []rules.EntryRef{{ID: "2e-rulebook.section.turn.move-ships", Kind: rules.KindSection, Title: "Move Ships",
				DocumentID: "2e-rulebook", Edition: "2e", Anchor: "p-each-ship-spends-range-to"}})
	}
	if len(out) == 0 {
		return nil, rules.Errorf(rules.ENOTFOUND, "No glossary entry or ruling defines %q.", term).
			WithDetail("suggestions", []string{"stopped"})
	}
	return out, nil
}

func newFakeReference() *fakeReference {
	docs := []rules.Document{
		{ID: "1e-rulebook", Title: "First Edition Rulebook", Edition: "1e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "2e-rulebook-premiere", Title: "Second Edition Premiere Rules", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 1},
		{ID: "2e-rulebook", Title: "Second Edition Rulebook", Edition: "2e", Kind: rules.DocumentRulebook, Precedence: 3},
	}
	es := []*rules.Entry{
		{ID: "2e-rulebook.glossary.stopped", Kind: rules.KindGlossary, Title: "Stopped", DocumentID: "2e-rulebook", Edition: "2e",
			Text:         "A stopped card cannot move or attempt a mission until your next turn begins.\n\nStopped personnel still count for staffing.",
			Path:         []string{"Stopped"},
			SeeAlso:      []string{"2e-rulebook.section.turn.move-ships", "2e-rulebook.glossary.missing"},
			Related:      []string{"2e-rulebook-premiere.glossary.stopped"},
			OtherEdition: []string{"1e-rulebook.glossary.stopped"}},
		{ID: "2e-rulebook-premiere.glossary.stopped", Kind: rules.KindGlossary, Title: "Stopped", DocumentID: "2e-rulebook-premiere", Edition: "2e",
			Text:         "A stopped card cannot move or attempt a mission until the end of the turn.\n\nStopped personnel still count for staffing.",
			Path:         []string{"Stopped"},
			Related:      []string{"2e-rulebook.glossary.stopped"},
			OtherEdition: []string{"1e-rulebook.glossary.stopped"}},
		{ID: "1e-rulebook.glossary.stopped", Kind: rules.KindGlossary, Title: "Stopped", DocumentID: "1e-rulebook", Edition: "1e",
			Text:         "Stopped cards may not do anything this turn.",
			Path:         []string{"Stopped"},
			Related:      []string{},
			OtherEdition: []string{"2e-rulebook.glossary.stopped", "2e-rulebook-premiere.glossary.stopped"}},
		{ID: "2e-rulebook.section.turn", Kind: rules.KindSection, Title: "Your Turn", DocumentID: "2e-rulebook", Edition: "2e",
			Text: "A turn has three phases. A stopped card sits them out; a stopped ship too.", Path: []string{"Your Turn"}, Children: []string{"2e-rulebook.section.turn.move-ships"}},
		{ID: "2e-rulebook.section.turn.move-ships", Kind: rules.KindSection, Title: "Move Ships", DocumentID: "2e-rulebook", Edition: "2e",
			Text: "Each ship spends Range to move between missions.", Path: []string{"Your Turn", "Move Ships"}, Parent: "2e-rulebook.section.turn"},
		{ID: "2e-rulebook.glossary.hostile", Kind: rules.KindGlossary, Title: "Hostile <script>alert(1)</script>", DocumentID: "2e-rulebook", Edition: "2e",
			Text: "Text with <b>markup</b> & an <img src=x onerror=alert(2)> tag.", Path: []string{"Hostile"}},
	}
	f := &fakeReference{docs: docs, entries: map[string]*rules.Entry{}}
	for _, e := range es {
		f.entries[e.ID] = e
		f.order = append(f.order, e.ID)
	}
	return f
}

type fakeSearch struct{ last rules.SearchQuery }

func (f *fakeSearch) Search(ctx context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
	f.last = q
	if strings.Contains(q.Q, "((") {
		return nil, rules.Errorf(rules.EINVALIDQUERY, "The query has an unclosed bracket.")
	}
	if strings.Contains(q.Q, "nothing") {
		return &rules.SearchResult{}, nil
	}
	hits := []rules.SearchHit{
		{ID: "2e-rulebook.glossary.stopped", Kind: rules.KindGlossary, Title: "Stopped", DocumentID: "2e-rulebook", Edition: "2e",
			Snippet: "A <mark>stopped</mark> card cannot <script>alert(1)</script> move", Anchor: "p-a-stopped-card-cannot-move-or"},
		{ID: "2e-1-1", Kind: rules.KindCard, Title: "Scout Vessel", Edition: "2e", Snippet: "a <mark>fast</mark> ship"},
	}
	res := &rules.SearchResult{Total: 25, Hits: hits, Facets: map[string][]rules.FacetCount{
		"edition": {{Value: "2e", Count: 20}, {Value: "1e", Count: 5}},
		"kind":    {{Value: "glossary", Count: 24}, {Value: "card", Count: 1}},
	}}
	// A typo, and two typed words read as one, as the search reads them.
	if strings.Contains(q.Q, "stoped") {
		res.ReadAs = append(res.ReadAs, rules.WordReading{Typed: "stoped", As: "stopped", Why: rules.ReadTypo})
	}
	if strings.Contains(q.Q, "head quarters") {
		res.ReadAs = append(res.ReadAs, rules.WordReading{Typed: "head quarters", As: "headquarters", Why: rules.ReadSplit})
	}
	return res, nil
}

type fakeCards struct{ cards map[string]*rules.Card }

func newFakeCards() *fakeCards {
	return &fakeCards{cards: map[string]*rules.Card{
		"2e-1-1": {ID: "2e-1-1", Edition: "2e", Set: "1", SetName: "Opening Moves", Number: "1", Collector: "1 C 1",
			Title: "Scout Vessel", Type: "ship", Affiliation: "federation", Unique: rules.BoolPtr(false),
			Cost: rules.IntPtr(3), Range: rules.IntPtr(7), Weapons: rules.IntPtr(5), Shields: rules.IntPtr(6),
			Staffing: []string{"staff"}, ImageURL: "https://images.example.test/scout.jpg",
			Errata: []rules.Erratum{{Field: "requirements", Printed: "Science x2", Corrected: "Science x3", Source: "2e-rulebook.glossary.stopped"}}},
		"2e-1-2": {ID: "2e-1-2", Edition: "2e", Set: "1", Number: "2", Title: "Evil <script>x</script>", Type: "event"},
		"2e-1-3": {ID: "2e-1-3", Edition: "2e", Set: "1", Number: "3", Title: "Ensign Reed", Subtitle: "Plucky Helmsman", Type: "personnel", Unique: rules.BoolPtr(true)},
		"2e-1-4": {ID: "2e-1-4", Edition: "2e", Set: "1", Number: "4", Title: "Chart the Nebula", Type: "mission", Requirements: "Physics",
			Errata: []rules.Erratum{{Field: "requirements", Corrected: "Physics", CardDataCorrected: true, Source: "2e-rulebook.glossary.stopped"}}},
		"2e-1-5": {ID: "2e-1-5", Edition: "2e", Set: "1", SetName: "Opening Moves", Number: "5", Title: "Cargo Vessel", Type: "ship",
			Affiliation: "non-aligned", Versions: []string{"1e-1-9"}},
		"1e-1-9": {ID: "1e-1-9", Edition: "1e", Set: "1", SetName: "Old Times", Number: "9", Title: "Cargo Vessel", Type: "ship",
			Versions: []string{"2e-1-5"}},
		"1e-1-10": {ID: "1e-1-10", Edition: "1e", Set: "1", SetName: "Old Times", Number: "10", Title: "The Quiet Twin", Type: "personnel",
			Persona: "Marek Solvane", Unique: rules.BoolPtr(true)},
	}}
}

func (f *fakeCards) Card(ctx context.Context, id string) (*rules.Card, error) {
	if id == "2e-9-boom" {
		return nil, errors.New("disk on fire")
	}
	if c, ok := f.cards[id]; ok {
		return c, nil
	}
	return nil, rules.Errorf(rules.ENOTFOUND, "No card has the id %q.", id)
}

func (f *fakeCards) CardNamed(ctx context.Context, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error) {
	if rules.FoldName(name) == "vessel" {
		return nil, rules.Errorf(rules.EAMBIGUOUS, "Several cards fit %q.", name).
			WithDetail("candidates", []string{"Scout Vessel", "Cargo Vessel"}).WithDetail("ids", []string{"2e-1-1", "2e-1-5", "1e-1-9"})
	}
	var found []*rules.Card
	for _, c := range f.cards {
		if edition != "" && c.Edition != string(edition) {
			continue
		}
		if rules.FoldName(c.Name()) == rules.FoldName(name) || (fuzzy && strings.HasPrefix(rules.FoldName(c.Name()), rules.FoldName(name))) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return nil, rules.Errorf(rules.ENOTFOUND, "No card is named %q.", name).WithDetail("suggestions", []string{"Scout Vessel"})
	case 1:
		return found[0], nil
	}
	ids := []string{}
	for _, c := range found {
		ids = append(ids, c.ID)
	}
	sort.Strings(ids)
	return nil, rules.Errorf(rules.EAMBIGUOUS, "%q fits %d cards.", name, len(found)).WithDetail("candidates", []string{found[0].Name()}).WithDetail("ids", ids)
}

// LookUpCard is CardNamed labelled: exact when the folded name is the
// card's, fuzzy otherwise; by id, exact.
func (f *fakeCards) LookUpCard(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
	var c *rules.Card
	var err error
	if id.ID != "" {
		c, err = f.Card(ctx, id.ID)
	} else {
		c, err = f.CardNamed(ctx, id.Name, id.Fuzzy, id.Edition)
		if rules.ErrorCode(err) == rules.ENOTFOUND && id.Edition != "" {
			if other, err2 := f.CardNamed(ctx, id.Name, false, ""); err2 == nil {
				cp := *other
				cp.Match = rules.MatchOtherEdition
				return &cp, nil
			}
		}
	}
	if err != nil {
		return nil, err
	}
	cp := *c
	cp.Match = rules.MatchExact
	if id.ID == "" && rules.FoldName(c.Name()) != rules.FoldName(id.Name) && rules.FoldName(c.Title) != rules.FoldName(id.Name) {
		cp.Match = rules.MatchFuzzy
	}
	return &cp, nil
}

func (f *fakeCards) CardCollection(ctx context.Context, ids []rules.CardIdentifier) (*rules.CardCollection, error) {
	out := &rules.CardCollection{Data: []*rules.Card{}, NotFound: []rules.CardNotFound{}}
	for i, id := range ids {
		c, err := f.LookUpCard(ctx, id)
		if err != nil {
			out.NotFound = append(out.NotFound, rules.CardNotFound{CardIdentifier: id, Index: i, Code: rules.ErrorCode(err), Message: rules.ErrorMessage(err)})
			continue
		}
		out.Data = append(out.Data, c)
	}
	return out, nil
}

func (f *fakeCards) Autocomplete(ctx context.Context, prefix string, edition rules.Edition, limit int) (*rules.Autocompletion, error) {
	var names []string
	seen := map[string]bool{}
	for _, c := range f.cards {
		if strings.HasPrefix(rules.FoldName(c.Name()), rules.FoldName(prefix)) && !seen[c.Name()] {
			seen[c.Name()] = true
			names = append(names, c.Name())
		}
	}
	sort.Strings(names)
	out := &rules.Autocompletion{Names: []rules.NameMatch{}}
	for _, n := range names {
		out.Names = append(out.Names, rules.NameMatch{Name: n, Match: rules.MatchExact, By: rules.NameStart})
	}
	return out, nil
}

func (f *fakeCards) Cards(ctx context.Context, cf rules.CardFilter) ([]*rules.Card, int, error) {
	return nil, 0, nil
}

func (f *fakeCards) CardPage(ctx context.Context, cf rules.CardFilter) (*rules.CardPage, error) {
	return &rules.CardPage{Cards: []*rules.Card{}}, nil
}

func (f *fakeCards) CardRulings(ctx context.Context, id string) ([]*rules.Entry, error) {
	if id == "2e-1-1" {
		return []*rules.Entry{{ID: "2e-rulebook.glossary.stopped", Title: "Stopped", DocumentID: "2e-rulebook",
			Kind: rules.KindGlossary, Edition: "2e", Text: "A ruling that names the scout."}}, nil
	}
	return nil, nil
}

// RulingsCoverage reads the fake cards' coverage from documents of its own:
// a First Edition rulings document held for H-Z, and a Second Edition
// rulebook that rules on cards by name.
func (f *fakeCards) RulingsCoverage(ctx context.Context, id string) (*rules.RulingsCoverage, error) {
	c, err := f.Card(ctx, id)
	if err != nil {
		return nil, err
	}
	sources := rules.NewRulingsSources([]rules.Document{
		{ID: "1e-rulebook", Title: "First Edition Rulebook", Edition: "1e", Kind: rules.DocumentRulebook},
		{ID: "1e-current-rulings", Title: "Current Rulings (H-Z)", Edition: "1e", Kind: rules.DocumentRulings},
		{ID: "2e-rulebook", Title: "Second Edition Rulebook", Edition: "2e", Kind: rules.DocumentRulebook},
	}, []*rules.Entry{{DocumentID: "2e-rulebook", Kind: rules.KindGlossary, CardRuling: true}}, nil)
	cov := rules.CoverageOf(sources, c)
	return &cov, nil
}

type fakeAdjudicator struct{ last rules.AdjudicationRequest }

func (f *fakeAdjudicator) Adjudicate(ctx context.Context, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	f.last = req
	switch req.Question {
	case "ship.move":
		yes, five := true, 5
		return &rules.Verdict{Question: req.Question, Edition: req.Edition, Rules: "2e-rulebook", Allowed: &yes,
			Result:    &rules.ShipMoveResult{RangeCost: &five, RangeAvailable: 7, RangeRemaining: 2},
			Reasons:   []string{"Home Base (span 2) + Chart the Nebula (span 3) = 5 Range; 7 available", "A note in <b>bold</b>."},
			Citations: []rules.Citation{{ID: "2e-rulebook.section.turn.move-ships", DocumentID: "2e-rulebook", Title: "Move Ships", Quote: "spends Range to move", Anchor: "p-each-ship-spends-range-to-move"}}}, nil
	case "turn.replay":
		// Two steps: the first legal, the second refused; the board after
		// the first.
		yes, no, five, one, seven, none := true, false, 5, 1, 7, 0
		cite := []rules.Citation{{ID: "2e-rulebook.section.turn.move-ships", DocumentID: "2e-rulebook", Title: "Move Ships", Quote: "spends Range to move", Anchor: "p-each-ship-spends-range-to-move"}}
		steps := []rules.ReplayStep{
			{Question: "ship.move", Allowed: &yes, Legal: true, Result: &rules.ShipMoveResult{RangeCost: &five, RangeAvailable: 7, RangeRemaining: 2}, Reasons: []string{"5 Range; 7 available"}, Citations: cite},
			{Question: "ship.move", Allowed: &no, Legal: false, Result: &rules.ShipMoveResult{RangeCost: &five, RangeAvailable: 2, RangeRemaining: 2}, Reasons: []string{"cruiser has 2 Range left, less than the 5 this move needs."}, Citations: cite},
		}
		board := req.Board
		return &rules.Verdict{Question: req.Question, Edition: req.Edition, Rules: "2e-rulebook", Allowed: &no,
			Result:    &rules.TurnReplayResult{Steps: steps, FirstIllegal: &one, Board: board, Counters: &seven, Points: &none},
			Reasons:   []string{"Action 2 of 3 (ship.move) is refused."},
			Citations: cite}, nil
	case "boom":
		return nil, errors.New("engine exploded at line 12")
	}
	return nil, rules.Errorf(rules.EUNPROCESSABLE, "Unknown question %q.", req.Question).WithDetail("field", "question")
}

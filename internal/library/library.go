// Package library is the reference service: the documents and their entries
// held in memory, looked up by id and defined by term. It implements
// rules.ReferenceService over a loaded corpus.
package library

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/search"
)

// Library answers look-ups of documents and entries. It is read-only after
// New and safe for concurrent use.
type Library struct {
	docs    []rules.Document
	docByID map[string]rules.Document
	// sources say which documents are held for which titles, for the
	// terms a document holds only part of the alphabet of.
	sources []rules.RulingsSource
	byID    map[string]*rules.Entry
	byDoc   map[string][]*rules.Entry
	// terms maps a folded term to the glossary entries and rulings titled so,
	// governing document first.
	terms map[string][]*rules.Entry
	// termKeys are the keys of terms, sorted, for suggestions.
	termKeys []string
	// sections are the rulebook sections by the folded term their title
	// names (see sectionTerm), governing document first: what define falls
	// back to when no glossary entry or ruling is titled with a term.
	sections    map[string][]*rules.Entry
	sectionKeys []string
	// joined are the keys of terms by their letters without spaces
	// ("inplay" for "in play", "qnet" for "q net"); a key two terms share
	// is left out.
	joined map[string]string
	// abbreviations are the glossary entries and rulings by the code their
	// title prints in brackets ("kca" and "kca icon" for Klingon/Cardassian
	// Alliance icon [KCA]).
	abbreviations map[string][]*rules.Entry
	// formed are the glossary entries, rulings and sections by the key of
	// their title's words in another form (formKey): "leav play" for
	// leaving play, "uniqu" for UNIQUENESS.
	formed []formedEntry
	// search, when set, finds the entries that explain a term nothing
	// defines.
	search rules.SearchService
	// sentences are the rules entries' sentences, read once here so no
	// request pays for reading them (explainedBy).
	sentences *sentenceIndex
	// shorthand is what the vocabulary says the game's shorthand stands
	// for.
	shorthand *search.Shorthand
	// textWords are the folded words of the rules entries' texts: a term
	// of such words is written as the documents write it, no typo, though
	// a title is near it.
	textWords map[string]bool
}

// An Option adjusts how New builds a library.
type Option func(*Library)

// WithSearch lets Define answer a term nothing defines with the entries
// whose text explains it, as the search finds them.
func WithSearch(s rules.SearchService) Option {
	return func(l *Library) { l.search = s }
}

// maxExplaining is how many entries explaining a term define offers.
const maxExplaining = 5

// New indexes the documents and entries. The entries are shared, not copied:
// callers must not change them afterwards.
func New(docs []rules.Document, entries []*rules.Entry, opts ...Option) *Library {
	l := &Library{
		docs:     append([]rules.Document(nil), docs...),
		docByID:  make(map[string]rules.Document, len(docs)),
		byID:     make(map[string]*rules.Entry, len(entries)),
		byDoc:    map[string][]*rules.Entry{},
		terms:    map[string][]*rules.Entry{},
		sections: map[string][]*rules.Entry{},
		joined:   map[string]string{},

		abbreviations: map[string][]*rules.Entry{},
		textWords:     map[string]bool{},
		sentences:     sentenceIndexOf(entries),
	}
	// The vocabulary is part of the binary: a fault in it fails the
	// search index's build and its tests, and here leaves define
	// without shorthand.
	l.shorthand, _ = search.ReadShorthand()
	for _, d := range docs {
		l.docByID[d.ID] = d
	}
	l.sources = rules.NewRulingsSources(docs, entries, nil)
	for _, e := range entries {
		if _, dup := l.byID[e.ID]; dup {
			continue
		}
		l.byID[e.ID] = e
		l.byDoc[e.DocumentID] = append(l.byDoc[e.DocumentID], e)
		if e.Kind != rules.KindCard {
			for w := range strings.FieldsSeq(rules.FoldName(e.Text)) {
				l.textWords[w] = true
			}
		}
		switch e.Kind {
		case rules.KindGlossary, rules.KindRuling:
			if k := rules.FoldTerm(e.Title); k != "" {
				l.terms[k] = append(l.terms[k], e)
				l.formed = append(l.formed, formedEntry{e, formKey(e.Title)})
			}
			for _, code := range bracketCodes(e.Title) {
				for _, k := range []string{code, code + " icon"} {
					l.abbreviations[k] = append(l.abbreviations[k], e)
				}
			}
		case rules.KindSection:
			if k := sectionTerm(e.Title); k != "" {
				l.sections[k] = append(l.sections[k], e)
				l.formed = append(l.formed, formedEntry{e, formKey(sectionName(e.Title))})
			}
		}
	}
	l.readShortenings(entries)
	for k, es := range l.terms {
		l.sortGoverningFirst(es)
		l.termKeys = append(l.termKeys, k)
	}
	sort.Strings(l.termKeys)
	shared := map[string]bool{}
	for _, k := range l.termKeys {
		j := strings.ReplaceAll(k, " ", "")
		if _, dup := l.joined[j]; dup {
			shared[j] = true
		}
		l.joined[j] = k
	}
	for j := range shared {
		delete(l.joined, j)
	}
	for _, es := range l.abbreviations {
		l.sortGoverningFirst(es)
	}
	for k, es := range l.sections {
		l.sortGoverningFirst(es)
		l.sectionKeys = append(l.sectionKeys, k)
	}
	sort.Strings(l.sectionKeys)
	for _, o := range opts {
		o(l)
	}
	return l
}

// sectionTerm is the folded term a section's title names (see sectionName),
// plurals forgiven.
func sectionTerm(title string) string { return rules.FoldTerm(sectionName(title)) }

// sectionName is what a section's title names, in lower case: without a step
// number ("2. EXECUTE ORDERS"), an order's prefix ("ORDER – MOVE A SHIP")
// or a parenthesised aside.
func sectionName(title string) string {
	if i := strings.IndexByte(title, '('); i > 0 {
		title = title[:i]
	}
	words := strings.Fields(rules.FoldName(title))
	for len(words) > 1 && strings.Trim(words[0], "0123456789") == "" {
		words = words[1:]
	}
	if len(words) > 1 && words[0] == "order" {
		words = words[1:]
	}
	return strings.Join(words, " ")
}

// Documents returns every document with its counts, in manifest order.
func (l *Library) Documents(ctx context.Context) ([]rules.Document, error) {
	return append([]rules.Document(nil), l.docs...), nil
}

// Document returns one document, or ENOTFOUND.
func (l *Library) Document(ctx context.Context, id string) (rules.Document, error) {
	d, ok := l.docByID[id]
	if !ok {
		return rules.Document{}, rules.Errorf(rules.ENOTFOUND, "No document has the id %q.", id).
			WithDetail("documents", l.documentIDs())
	}
	return d, nil
}

// Entry returns the entry with the id, or ENOTFOUND with the ids of the
// entries whose title part is within a typo or two of the id's (the same
// title in another document or of another kind among them) as
// "suggestions", the nearest first; the context's error when it ends while
// they are measured.
func (l *Library) Entry(ctx context.Context, id string) (*rules.Entry, error) {
	e, ok := l.byID[id]
	if !ok {
		near, err := l.nearIDs(ctx, id, maxIDSuggestions)
		if err != nil {
			return nil, err
		}
		return nil, rules.Errorf(rules.ENOTFOUND, "No entry has the id %q.", id).WithDetail("id", id).
			WithDetail("suggestions", near)
	}
	return e, nil
}

// maxIDSuggestions is how many ids an unknown entry id is answered with.
const maxIDSuggestions = 5

// nearIDs are at most n ids of entries near id: their last part (the
// title's, "stopped" of 2e-rulebook.glossary.stopped) within a quarter of
// its letters of edits of id's, the nearest first and, as near, those of
// the same document and kind (the rest of the id), then of the same
// document, then of the same edition. Only the last parts are measured, each once: an
// unknown id costs one short edit distance an entry.
func (l *Library) nearIDs(ctx context.Context, id string, n int) ([]string, error) {
	prefix, slug := splitID(id)
	limit := max(1, len(slug)/4)
	askDoc, _, _ := strings.Cut(prefix, ".")
	edition := l.docByID[askDoc].Edition
	if edition == "" {
		edition, _, _ = strings.Cut(askDoc, "-") // "2e" of an id's document misspelt
	}
	type cand struct {
		id    string
		score int
	}
	var cands []cand
	step := 0
	for _, d := range l.docs {
		for _, e := range l.byDoc[d.ID] {
			if err := stopped(ctx, step); err != nil {
				return nil, err
			}
			step++
			p, s := splitID(e.ID)
			dist := rules.EditDistance(slug, s, limit)
			if dist > limit {
				continue
			}
			// Another kind, then another document, then another
			// edition, after the same one's, each within the same
			// distance.
			score := 4 * dist
			if p != prefix {
				score++
				if doc, _, _ := strings.Cut(p, "."); doc != askDoc {
					score++
				}
				if e.Edition != edition {
					score++
				}
			}
			cands = append(cands, cand{e.ID, score})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score < cands[j].score })
	out := []string{}
	for _, c := range cands {
		if len(out) == n {
			break
		}
		out = append(out, c.id)
	}
	return out, nil
}

// splitID cuts an entry id before its last part: "2e-rulebook.glossary"
// and "stopped".
func splitID(id string) (prefix, last string) {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[:i], id[i+1:]
	}
	return "", id
}

// EntriesOf returns the entries of one document in reading order.
func (l *Library) EntriesOf(documentID string) []*rules.Entry { return l.byDoc[documentID] }

// Define returns the glossary entries and rulings titled with the term,
// governing document first; a "See X" entry stands for the entries it points
// at. When none is titled so, it returns the rulebook sections whose title
// is the term, else those whose title names it among other words. An empty
// term is EINVALID; no match is ENOTFOUND
// with up to five suggestions, and with the search to try ("search") when
// the term reads as a question rather than a term. A request whose context
// ends while its term is looked for is answered with the context's error:
// what was found before is not the answer.
func (l *Library) Define(ctx context.Context, term string, ed rules.Edition) ([]*rules.Entry, error) {
	edition := string(ed)
	if err := rules.TermText.Check("term", term); err != nil {
		return nil, err
	}
	term = strings.ReplaceAll(term, "&", " and ") // "play & place" is play and place
	key := rules.FoldTerm(term)
	if out := l.titledWith(term, key, edition); len(out) > 0 {
		return out, nil
	}
	// The term within what a player wrote around it ("what is stopped?",
	// "a dilemma", "stopped (2E)") or in other words ("stealing cards",
	// "unique/universal"), before the term as written is read loosely.
	var within error
	if w, ok := readWithin(term, edition); ok {
		wkey := rules.FoldTerm(w.term)
		out := l.titledWith(w.term, wkey, w.edition)
		typo := false
		if len(out) == 0 {
			var err error
			if typo, err = l.misspelt(ctx, wkey, w.edition); err != nil {
				return nil, err
			}
			if !typo {
				if out, err = l.definedLoosely(ctx, w.term, w.edition); err != nil {
					return nil, err
				}
			}
		}
		if len(out) > 0 {
			if w.reworded {
				out = loosened(out)
			}
			return out, nil
		}
		if typo {
			// A typo inside it: the title meant is suggested.
			s, err := l.suggest(ctx, wkey, w.edition, 5)
			if err != nil {
				return nil, err
			}
			if len(s) > 0 {
				within = l.notHeld(rules.Errorf(rules.ENOTFOUND, "No glossary entry, ruling or section defines %q.", w.term).
					WithDetail("suggestions", s), w.term, w.edition)
			}
		}
	}
	typo, err := l.misspelt(ctx, key, edition)
	if err != nil {
		return nil, err
	}
	var out []*rules.Entry
	if !typo {
		if out, err = l.definedLoosely(ctx, term, edition); err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		if within != nil {
			return nil, within
		}
		return nil, l.undefined(ctx, term, key, edition)
	}
	return out, nil
}

// definedLoosely are the entries naming the term loosely (loosely), those
// whose sentence says what it is first (explainedBeforePartial), else the
// entries defining it otherwise (namedOtherwise); an error only when ctx
// ended.
func (l *Library) definedLoosely(ctx context.Context, term, edition string) ([]*rules.Entry, error) {
	out, err := l.loosely(ctx, formKey(term), edition)
	if err != nil {
		return nil, err
	}
	if out, err = l.explainedBeforePartial(ctx, out, term, edition); err != nil || len(out) > 0 {
		return out, err
	}
	return l.namedOtherwise(ctx, term, edition)
}

// checkEvery is how many steps of a loop over the library's entries, or
// the places a term's words stand, go between looks at the request's
// context (each look may read the clock).
const checkEvery = 256

// stopped is ctx's error at every checkEvery-th step i of a loop, the
// first among them, and nil between: a request that has gone, or whose
// deadline has passed, stops the loop.
func stopped(ctx context.Context, i int) error {
	if i%checkEvery != 0 {
		return nil
	}
	return ctx.Err()
}

// titledWith are the entries titled with the term: glossary entries and
// rulings (a See entry followed), by the title's words joined or split
// otherwise, by a code the title prints, then sections.
func (l *Library) titledWith(term, key, edition string) []*rules.Entry {
	out := l.followSee(inEdition(l.terms[key], edition), edition)
	if len(out) == 0 {
		// Words joined or split otherwise than the title ("inplay",
		// "QNet" for Q-Net) are another form of it.
		if k, ok := l.joined[strings.ReplaceAll(key, " ", "")]; ok && k != key {
			out = remark(l.followSee(inEdition(l.terms[k], edition), edition), rules.DefineForm)
		}
	}
	if len(out) == 0 {
		out = markAll(inEdition(l.abbreviations[key], edition), rules.DefineAbbreviation)
	}
	if len(out) == 0 {
		// The term is read as a section's title is, so a title copied as
		// printed ("ORDER – MOVE A SHIP", "2. EXECUTE ORDERS") names its
		// section.
		out = markAll(inEdition(l.sections[sectionTerm(term)], edition), rules.DefineSection)
	}
	return out
}

// loosened marks entries matched exactly as another form of the term: the
// term was read in other words.
func loosened(es []*rules.Entry) []*rules.Entry {
	for _, e := range es {
		if e.Match == rules.DefineExact {
			e.Match = rules.DefineForm // copies made by matched
		}
	}
	return es
}

// matched is a copy of the entry saying how Define matched it (the
// library's entries are shared and never changed).
func matched(e *rules.Entry, match string, from *rules.Entry) *rules.Entry {
	c := *e
	c.Match = match
	if from != nil {
		ref := rules.RefOf(from)
		c.SeeFrom = &ref
	}
	return &c
}

// undefined is Define's ENOTFOUND: the terms near a misspelt one
// ("suggestions"); for a question, or a term nothing is near, the search to
// try ("search") and the entries whose text explains it ("sections", best
// first): "mis-seed" is no glossary term of 1E, but its seed rules say what
// one is; a term the documents write, though a title is near it ("core"
// near Costs), gets both.
func (l *Library) undefined(ctx context.Context, term, key, edition string) error {
	suggestions, err := l.suggest(ctx, key, edition, 5)
	if err != nil {
		return err
	}
	q, question := questionSearch(term)
	// A term near a title is a typo of it, answered with the titles, unless
	// the documents write its words (core, kill): then the entries whose
	// text explains it are given too.
	if !question && len(suggestions) > 0 && !l.writtenInText(key) {
		return l.notHeld(rules.Errorf(rules.ENOTFOUND, "No glossary entry, ruling or section defines %q.", term).
			WithDetail("suggestions", suggestions), term, edition)
	}
	if !question {
		q = strings.TrimSpace(term)
	}
	explaining, err := l.explaining(ctx, q, edition)
	if err != nil {
		return err
	}
	var notFound *rules.Error
	switch {
	case question:
		notFound = rules.Errorf(rules.ENOTFOUND, "%q reads as a question, not a term: search for it instead.", term)
	case len(explaining) > 0:
		notFound = rules.Errorf(rules.ENOTFOUND, "No glossary entry, ruling or section defines %q; %s explains it.", term, explaining[0].Title)
	default:
		notFound = rules.Errorf(rules.ENOTFOUND, "No glossary entry, ruling or section defines %q; search for it instead.", term)
	}
	return l.notHeld(notFound.WithDetail("suggestions", suggestions).WithDetail("search", q).WithDetail("sections", explaining), term, edition)
}

// writtenInText says whether every word of the folded term key is a word
// of the rules entries' texts.
func (l *Library) writtenInText(key string) bool {
	words := strings.Fields(key)
	for _, w := range words {
		if !l.textWords[w] {
			return false
		}
	}
	return len(words) > 0
}

// notHeld adds to a term's ENOTFOUND the documents whose part that would
// hold an entry titled with it is not in the data (details "notHeld", and
// their sentences in the message): that nothing defines it is then not
// known (rules.TermNotHeld).
func (l *Library) notHeld(err *rules.Error, term, edition string) *rules.Error {
	gaps := rules.TermNotHeld(l.sources, rules.Edition(edition), term)
	if len(gaps) == 0 {
		return err
	}
	err.Message += " " + rules.NotHeldSentence(gaps)
	return err.WithDetail("notHeld", gaps)
}

// explaining are the rules entries (not cards) the search finds best for
// the words, at most maxExplaining; none without a search or when it fails,
// but ctx's error when the search stopped because ctx ended: no entry
// found is then not known.
func (l *Library) explaining(ctx context.Context, q, edition string) ([]rules.EntryRef, error) {
	out := []rules.EntryRef{}
	if l.search == nil {
		return out, nil
	}
	res, err := l.search.Search(ctx, rules.SearchQuery{Q: q, Edition: rules.Edition(edition), Limit: 2 * maxExplaining})
	if err != nil {
		return out, ctx.Err()
	}
	for _, h := range res.Hits {
		e := l.byID[h.ID]
		if e == nil || h.Kind == rules.KindCard {
			continue
		}
		ref := rules.RefOf(e)
		ref.Anchor = h.Anchor
		out = append(out, ref)
		if len(out) == maxExplaining {
			break
		}
	}
	return out, nil
}

// inEdition returns the entries of the edition (all when it is empty).
func inEdition(es []*rules.Entry, edition string) []*rules.Entry {
	var out []*rules.Entry
	for _, e := range es {
		if edition == "" || e.Edition == edition {
			out = append(out, e)
		}
	}
	return out
}

// followSee replaces each entry that is only a cross-reference ("here - See
// headquarters.") by the entries it points at, in its place; an entry with
// text of its own stays, followed by nothing. Each entry is given once.
// Each is a copy marked DefineExact, or DefineSee with the See entry it was
// followed from.
func (l *Library) followSee(es []*rules.Entry, edition string) []*rules.Entry {
	var out []*rules.Entry
	add := func(e *rules.Entry, from *rules.Entry) {
		for _, x := range out {
			if x.ID == e.ID {
				return
			}
		}
		if from == nil {
			out = append(out, matched(e, rules.DefineExact, nil))
		} else {
			out = append(out, matched(e, rules.DefineSee, from))
		}
	}
	for _, e := range es {
		if !e.OnlySee() {
			add(e, nil)
			continue
		}
		n := len(out)
		for _, id := range e.SeeAlso {
			if t, ok := l.byID[id]; ok && (edition == "" || t.Edition == edition) {
				add(t, e)
			}
		}
		if len(out) == n {
			add(e, nil) // it points nowhere the corpus holds: the entry is all there is
		}
	}
	return out
}

// misspelt says the key is a letter away from a glossary entry's, ruling's
// or section's title in the edition other than at a word's end ("stoped"
// for stopped, "uniquness" for uniqueness): a typo, answered with the
// title as a suggestion, not another form of a word ("removed" for remove
// is one), nor a word the documents' texts write ("kill" beside skills).
func (l *Library) misspelt(ctx context.Context, key, edition string) (bool, error) {
	if l.writtenInText(key) {
		return false, nil // a word the documents write is no typo ("kill" of skills)
	}
	near := func(k string, es []*rules.Entry) bool {
		return k != key && len(inEdition(es, edition)) > 0 && rules.EditDistance(key, k, 1) <= 1 && !wordEndsDiffer(key, k)
	}
	for i, k := range l.termKeys {
		if err := stopped(ctx, i); err != nil {
			return false, err
		}
		if near(k, l.terms[k]) {
			return true, nil
		}
	}
	for i, k := range l.sectionKeys {
		if err := stopped(ctx, i); err != nil {
			return false, err
		}
		if near(k, l.sections[k]) {
			return true, nil
		}
	}
	return false, nil
}

// wordEndsDiffer says two keys have as many words, each pair one the
// other's beginning: they differ only at words' ends.
func wordEndsDiffer(a, b string) bool {
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) != len(bw) {
		return false
	}
	for i := range aw {
		if !strings.HasPrefix(aw[i], bw[i]) && !strings.HasPrefix(bw[i], aw[i]) {
			return false
		}
	}
	return true
}

// A formedEntry is a glossary entry, ruling or section with the key of its
// title's words in another form (formKey).
type formedEntry struct {
	e   *rules.Entry
	key string
}

// loosely returns the entries a term names loosely, by the key of its words
// in another form (formKey): those whose title is the term in another form
// (DefineForm: "leave play" for leaving play, "staffed" for staffing), and
// those whose title holds its words in a row among others (DefinePartial:
// "brig" for BRIG AND CAPTIVES, "staffing" for ship staffing). Glossary
// entries and rulings come before sections within an edition, each
// governing document first and, within one, the other form before a title
// holding the term. A See entry matched so is followed, and its targets
// keep the loose match. A key of function words alone names nothing.
func (l *Library) loosely(ctx context.Context, key, edition string) ([]*rules.Entry, error) {
	if key == "" || onlyFunctionWords(key) {
		return nil, nil
	}
	type cand struct {
		e       *rules.Entry
		section bool
		match   string
	}
	var cands []cand
	for i, f := range l.formed {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		if edition != "" && f.e.Edition != edition {
			continue
		}
		match := ""
		switch {
		case f.key == key:
			match = rules.DefineForm
		case strings.Contains(" "+f.key+" ", " "+key+" "):
			match = rules.DefinePartial
		default:
			continue
		}
		cands = append(cands, cand{f.e, f.e.Kind == rules.KindSection, match})
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		da, db := l.docByID[a.e.DocumentID], l.docByID[b.e.DocumentID]
		if da.Edition != db.Edition {
			return strings.Compare(db.Edition, da.Edition)
		}
		if a.section != b.section {
			if a.section {
				return 1
			}
			return -1
		}
		if c := rules.CompareGoverning(da, db); c != 0 {
			return c
		}
		if a.match != b.match {
			if a.match == rules.DefineForm {
				return -1
			}
			return 1
		}
		return 0
	})
	var out []*rules.Entry
	for i, c := range cands {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		if c.section {
			out = append(out, matched(c.e, c.match, nil))
			continue
		}
		for _, e := range remark(l.followSee([]*rules.Entry{c.e}, edition), c.match) {
			if !slices.ContainsFunc(out, func(x *rules.Entry) bool { return x.ID == e.ID }) {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// remark gives entries Define matched exactly or through a See entry
// another match, keeping the See entry they were followed from: the term
// named them loosely.
func remark(es []*rules.Entry, match string) []*rules.Entry {
	for _, e := range es {
		e.Match = match // copies made by matched
	}
	return es
}

// formKey is the key of a term's words in another form: folded, plurals
// forgiven, articles left out, and each word cut to its stem (formStem), so
// "leave play" and "leaving play", "name a card" and "naming cards",
// "unique" and "uniqueness" share one.
func formKey(s string) string {
	var words []string
	for _, w := range strings.Fields(rules.FoldName(s)) {
		switch w {
		case "a", "an", "the":
			continue
		}
		words = append(words, formStem(rules.Singular(w)))
	}
	return strings.Join(words, " ")
}

// formStem cuts an English word to a stem its other forms share: a
// trailing -ness, -ing or -ed, then a silent e ("uniqueness" and "unique"
// to "uniqu", "leaving" and "leave" to "leav", "removed" and "remove" to
// "remov"), and a consonant doubled before -ing or -ed ("stopped" and
// "stop" to "stop", "equipped" and "equip" to "equip"; not s, l, f or z,
// which a word ends in twice: "passed" is "pass"). A stem keeps at least
// three letters. A letter dropped by a typo ("stoped") is answered as a
// typo before any form is read (misspelt).
func formStem(w string) string {
	for _, suf := range []string{"ness", "ing", "ed"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = w[:len(w)-len(suf)]
			if suf != "ness" && len(w) > 3 && w[len(w)-1] == w[len(w)-2] && !strings.ContainsRune("aeiouslfz", rune(w[len(w)-1])) {
				return w[:len(w)-1]
			}
			break
		}
	}
	if strings.HasSuffix(w, "e") && len(w) > 3 {
		w = w[:len(w)-1]
	}
	return w
}

// bracketCodes are the codes a title prints in square brackets, folded
// ("kca" of "Klingon/Cardassian Alliance icon [KCA]").
func bracketCodes(title string) []string {
	var out []string
	for rest := title; ; {
		i := strings.IndexByte(rest, '[')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(rest[i:], ']')
		if j < 0 {
			return out
		}
		if c := rules.FoldName(rest[i+1 : i+j]); c != "" && !strings.Contains(c, " ") {
			out = append(out, c)
		}
		rest = rest[i+j+1:]
	}
}

// markAll replaces each entry by a copy marked with the match.
func markAll(es []*rules.Entry, match string) []*rules.Entry {
	for i, e := range es {
		es[i] = matched(e, match, nil)
	}
	return es
}

// functionWords name nothing: a title holding one ("ORDER – ATTEMPT A
// MISSION") is not about it, so define of "a" or "the" is no section.
var functionWords = map[string]bool{"a": true, "an": true, "the": true, "of": true, "to": true, "in": true,
	"on": true, "at": true, "by": true, "for": true, "and": true, "or": true, "with": true, "from": true,
	"as": true, "it": true, "its": true, "this": true, "that": true, "your": true, "you": true, "not": true}

func onlyFunctionWords(key string) bool {
	for _, w := range strings.Fields(key) {
		if !functionWords[w] {
			return false
		}
	}
	return true
}

// questionWords open a question rather than name a term.
var questionWords = map[string]bool{"what": true, "how": true, "when": true, "where": true, "why": true,
	"which": true, "who": true, "can": true, "could": true, "does": true, "do": true, "is": true, "are": true,
	"should": true, "may": true, "if": true, "whats": true}

// questionSearch returns the words to search for when a term sent to define
// reads as a question: one ending with a question mark, opening with a
// question word, or of more than four words.
func questionSearch(term string) (string, bool) {
	t := strings.TrimSpace(term)
	words := strings.Fields(rules.FoldName(t))
	if len(words) == 0 {
		return "", false
	}
	if strings.HasSuffix(t, "?") || len(words) > 1 && questionWords[words[0]] || len(words) > 4 {
		return strings.TrimSpace(strings.TrimRight(t, "?")), true
	}
	return "", false
}

// sortGoverningFirst orders entries by their documents, governing first
// (rules.CompareGoverning): the governing text of each edition leads it.
func (l *Library) sortGoverningFirst(es []*rules.Entry) {
	slices.SortStableFunc(es, func(a, b *rules.Entry) int {
		return rules.CompareGoverning(l.docByID[a.DocumentID], l.docByID[b.DocumentID])
	})
}

func (l *Library) documentIDs() []string {
	ids := make([]string, len(l.docs))
	for i, d := range l.docs {
		ids[i] = d.ID
	}
	return ids
}

// suggest returns the terms closest to key, as a judge would type them
// (no quote marks): glossary entries, rulings and section titles sharing a
// prefix or a word first, then by edit distance.
func (l *Library) suggest(ctx context.Context, key, edition string, n int) ([]string, error) {
	type cand struct {
		title string
		score int
	}
	var cands []cand
	consider := func(k string, es []*rules.Entry, section bool) {
		title := ""
		for _, e := range es {
			if edition == "" || e.Edition == edition {
				title = e.Title
				break
			}
		}
		if title == "" {
			return
		}
		if section {
			title = sectionName(title) // "execute orders", not "2. EXECUTE ORDERS"
		}
		// A prefix or a shared word takes up to 3 off the distance, so
		// the measure stops past the most that can still be suggested.
		d := rules.EditDistance(key, k, max(2, len(key)/3)+3)
		switch {
		case strings.HasPrefix(k, key) || strings.HasPrefix(key, k):
			d -= 3
		case strings.Contains(" "+k+" ", " "+key+" ") || strings.Contains(" "+key+" ", " "+k+" "):
			d -= 2
		}
		if d <= max(2, len(key)/3) {
			cands = append(cands, cand{suggestionOf(title), d})
		}
	}
	for i, k := range l.termKeys {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		consider(k, l.terms[k], false)
	}
	for i, k := range l.sectionKeys {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		if _, isTerm := l.terms[k]; !isTerm {
			consider(k, l.sections[k], true)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score < cands[j].score })
	out := []string{}
	seen := map[string]bool{}
	for _, c := range cands {
		if len(out) == n {
			break
		}
		if f := rules.FoldName(c.title); !seen[f] && c.title != "" {
			seen[f] = true
			out = append(out, c.title)
		}
	}
	return out, nil
}

// suggestionOf is a title as a suggestion to type: without the quote marks
// some rulings put around their term (`"stopped"`).
func suggestionOf(title string) string {
	return strings.TrimSpace(strings.Trim(title, "\"'“”‘’ "))
}

// Changes compares the entry with the id with the same term's entries in
// the other documents of its edition (its Related), governing first: what
// changed from the older text to the newer (rules.ChangesOf). An unknown id
// is ENOTFOUND as Entry answers it.
func (l *Library) Changes(ctx context.Context, id string) (*rules.EntryChanges, error) {
	e, err := l.Entry(ctx, id)
	if err != nil {
		return nil, err
	}
	versions := make([]*rules.Entry, 0, min(len(e.Related), rules.MaxVersions))
	for _, rid := range e.Related {
		if len(versions) == rules.MaxVersions {
			break
		}
		if r, ok := l.byID[rid]; ok {
			versions = append(versions, r)
		}
	}
	return rules.ChangesOf(ctx, e, versions, l.docByID)
}

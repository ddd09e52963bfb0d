package search

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/stccg/stccg-rules/internal/rules"
)

// CardsDocument is the document id search hits give a card: cards come from
// the card data of their edition, not from one rulebook.
const CardsDocument = "cards"

// Index is the search service of the rules service.
var _ rules.SearchService = (*Index)(nil)

// Keys of the index's internal metadata.
var (
	keyVersion = []byte("stccg.corpusVersion")
	keyMeta    = []byte("stccg.meta")
	// keyNotHeld marks an index whose metadata holds what each entry says
	// is not held (docMeta.NotHeld): one written before says nothing of
	// it, which would read as nothing missing, so it is refused.
	keyNotHeld = []byte("stccg.notHeld")
)

// Index is the full-text index of every entry and card of a corpus. It is
// safe for concurrent searches. An Index built by Build lives in memory; one
// opened by Open reads a prebuilt index from disk and cannot be changed.
type Index struct {
	idx     bleve.Index
	english analysis.Analyzer
	plain   analysis.Analyzer
	meta    map[string]*docMeta
	docIDs  map[string]bool // document ids a filter may name
	vocab   *vocabulary
	thes    *thesaurus
	lex     *lexicon
	facets  [len(facetNames)]facetValues
	rules   int // how many sets of entries may be found as one rule (docMeta.rule)
	// forms are the analysis of the lexicon's simple words (see
	// tableWords).
	forms map[string]*wordForm
	// siblings are the terms of the other forms of each term's words (see
	// findSiblings).
	siblings map[string][]string
	// derived are the lexicon's terms of the words derived from each
	// term's words (see findDerived).
	derived map[string][]uint32
	// leans is the edition code of each plain word, by lexicon id, held by
	// one edition's rules only (see findEditionWords); 0 for any other.
	leans []uint8
	// scratch holds a *scratch for each search under way, and keeps them
	// for the next.
	scratch sync.Pool
	snap    *snapshot
	scoring string // Bleve's scoring model of the mapping
	w       weights
	version string
}

// docMeta is what the ranking and the snippets need of a hit, kept beside the
// Bleve index (and saved in its internal metadata) so that a search never
// loads stored fields.
type docMeta struct {
	// What the re-ranking reads of a hit measured by its paragraphs comes
	// first, together: its paragraphs, its title's terms, its kinds of
	// answer and flags in one cache line, and its words by term in the
	// next (allocated alone, the struct starts 8 bytes into a line, after
	// the allocation's header: TestDocMetaMeasuredFieldsComeFirst). See
	// derive, deriveParagraphs and prepare.
	//
	// paras are the paragraphs of the text (see rules.Paragraphs): where
	// each starts among words, its bytes in Text and its anchor; mostNorm
	// is the most the length of its best paragraph may multiply its score
	// by (see weighParagraphs), shortest the fewest words one has.
	paras []paragraph
	// titleIDs are the ids of TitleTerms; titleIDF the sum of their rarity;
	// titleMask has bit id%64 set for each (see termMask).
	titleIDs []uint32
	// answers are the kinds of answer any of its paragraphs holds: a
	// question asking for another kind cannot be answered better by them
	// (see mostGain).
	answers intent
	// headed says a paragraph opens with a heading (see headParagraphs).
	headed bool
	// contents says a paragraph is a line of its list of contents (see
	// markContents).
	contents  bool
	textWords bool // words are those of the text, not the title
	// plainText says the text holds no byte appendOneLine does not copy
	// as it is: a snippet of it is its bytes (see paragraph.plain).
	plainText bool
	mostNorm  float64
	// termRuns are where each term's words start in byTerm, by term, and
	// a last one (noTerm) where they end (see occurrences); byTerm are the
	// words with an English term, by term (then in order); words are the
	// words of the text a snippet is cut from.
	termRuns  []termRun
	byTerm    []termAt
	words     []word
	shortest  int
	titleIDF  float64
	titleMask uint64

	ID         string   `json:"id"`
	Kind       string   `json:"kind"`
	Title      string   `json:"title"`
	DocumentID string   `json:"documentId"`
	Edition    string   `json:"edition"`
	Precedence int      `json:"precedence,omitempty"`
	TitleKey   string   `json:"titleKey"`
	TitleTerms []string `json:"titleTerms,omitempty"`
	Text       string   `json:"text,omitempty"`
	// Related are the ids of the same term's entries in other documents.
	Related []string `json:"related,omitempty"`
	// See are the ids of the entries a cross-reference points at, for an
	// entry that is nothing but one ("here - See headquarters.").
	See []string `json:"see,omitempty"`
	// CardRuling is true for a glossary entry or ruling about one card.
	CardRuling bool `json:"cardRuling,omitempty"`
	// NotHeld is what the entry says of the documents not held for its
	// term (rules.EntryTermNotHeld), read once when the index is built and
	// given to each of its hits; nil when none.
	NotHeld []rules.DocumentCoverage `json:"notHeld,omitempty"`
	// What searches need besides, computed when the index is built or
	// opened (see derive and prepare).
	//
	// terms are the ids of the English terms of the title and text, sorted,
	// from which the lists of the documents holding each term are made
	// (snapshot.holding), for measuring how much of a query a hit matched
	// without asking Bleve for term locations.
	terms []uint32
	// titleWords are the English terms of the title's words, in order
	// (noTerm for a stop word); nil for a title of stop words.
	titleWords []uint32
	// titlePlain are the plain words of the title (by lexicon id).
	titlePlain []uint32
	// numbers are the indexes among words of the numbers (figures or
	// words: see isNumber), in order.
	numbers []uint32
	// modals are the indexes among words of the words stating what may or
	// may not be done (see isModal), in order.
	modals []uint32
	// unpassable says no hit comes before it by precedence (see
	// governFirst): a card, or an entry of its edition's governing
	// document that is no caption.
	unpassable bool
	// prior is the kind of document whose score is scaled whatever the
	// query (see weighPriors); seeTo are the documents of See.
	prior uint8
	seeTo []*docMeta
	// facet is the index of the edition, kind and document among the values
	// of each facet.
	facet [len(facetNames)]int32
	// num is the document's number in the index (snapshot.byNum); byID
	// its place among all the documents in the order of their ids, which
	// breaks ties of the re-ranking as comparing the ids does.
	num  uint32
	byID int32
	// group numbers the entries of one edition, kind and folded title; rule
	// the entries that may be found as one rule (same group, or related
	// within the edition, directly or through other entries); related are
	// the entries of Related in the same edition. Cards have none: -1.
	group, rule int32
	related     []*docMeta
	// defines are the sections of other documents whose titles paragraphs
	// of this one define (see relateDefinitions).
	defines []definition
	// copies are its paragraphs a newer rulebook's entries hold (see
	// relateCopies).
	copies []copied
	// pathIDs are the terms of a sub-section's heading path: its title's
	// and those of the sections it stands under, each once; pathIDF the
	// sum of their rarities. nil for an entry under none, or whose
	// sections' titles add no term (see findHeadPaths).
	pathIDs []uint32
	pathIDF float64
	// above is the entry it stands under, nil for none (see
	// findHeadPaths).
	above *docMeta
	// dropped says it is an older rulebook's entry whose heading the
	// governing rulebook of its edition no longer has (see findDropped).
	dropped bool
	// named are the terms its paragraphs name as what something is ("...
	// are mis-seeds and...", "it is a mis-seed."; see findNamed).
	named []namedTerm
}

// Build indexes the entries and cards in memory. docs give each entry's
// edition precedence (the governing rulebook ranks first among entries of
// the same title). The whole corpus builds in a fraction of a second.
func Build(ctx context.Context, docs []rules.Document, entries []*rules.Entry, cards []*rules.Card) (*Index, error) {
	return buildWith(ctx, defaultWeights(), docs, entries, cards)
}

func buildWith(ctx context.Context, w weights, docs []rules.Document, entries []*rules.Entry, cards []*rules.Card) (*Index, error) {
	m, err := newMapping(w.Scoring)
	if err != nil {
		return nil, err
	}
	// Scorch without a path keeps its segments in memory.
	idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("create index: %w", err)
	}
	ix, err := fill(ctx, idx, "", docs, entries, cards)
	if err != nil {
		_ = idx.Close()
		return nil, err
	}
	if w != ix.w {
		ix.w = w
		ix.weighParagraphs()
	}
	return ix, nil
}

// BuildTo writes a prebuilt index of the entries and cards to dir, which must
// not exist yet, recording version (the corpus version) in it so that Open
// can tell a stale index from a current one. The index is written beside dir
// and renamed into place, so a reader never sees half an index.
func BuildTo(ctx context.Context, dir, version string, docs []rules.Document, entries []*rules.Entry, cards []*rules.Card) error {
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("build index: %s already exists", dir)
	}
	m, err := newMapping(defaultWeights().Scoring)
	if err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("build index: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, ".building-"+filepath.Base(dir)+"-")
	if err != nil {
		return fmt.Errorf("build index: %w", err)
	}
	defer os.RemoveAll(tmp)
	path := filepath.Join(tmp, "index")
	idx, err := bleve.NewUsing(path, m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return fmt.Errorf("create index at %s: %w", path, err)
	}
	ix, err := fill(ctx, idx, version, docs, entries, cards)
	if err != nil {
		_ = idx.Close()
		return err
	}
	if err := ix.Close(); err != nil {
		return err
	}
	if err := os.Rename(path, dir); err != nil {
		return fmt.Errorf("move index into place: %w", err)
	}
	return nil
}

// Open opens a prebuilt index read-only and returns it with the corpus
// version it was built from; a caller serving another corpus version should
// refuse it and build again.
func Open(dir string) (*Index, string, error) {
	idx, err := bleve.OpenUsing(dir, map[string]interface{}{"read_only": true})
	if err != nil {
		return nil, "", fmt.Errorf("open index %s: %w", dir, err)
	}
	ix, err := load(idx)
	if err != nil {
		_ = idx.Close()
		return nil, "", fmt.Errorf("open index %s: %w", dir, err)
	}
	return ix, ix.version, nil
}

// Version returns the corpus version the index was built from ("" for an
// index built in memory by Build).
func (ix *Index) Version() string { return ix.version }

// DocCount returns how many entries and cards the index holds.
func (ix *Index) DocCount() (int, error) {
	n, err := ix.idx.DocCount()
	if err != nil {
		return 0, fmt.Errorf("count documents: %w", err)
	}
	return int(n), nil
}

// Close releases the index.
func (ix *Index) Close() error {
	if ix.snap != nil {
		if err := ix.snap.close(); err != nil {
			_ = ix.idx.Close()
			return fmt.Errorf("close index reader: %w", err)
		}
		ix.snap = nil
	}
	if err := ix.idx.Close(); err != nil {
		return fmt.Errorf("close index: %w", err)
	}
	return nil
}

// fill indexes every entry and card in one batch and records the metadata.
func fill(ctx context.Context, idx bleve.Index, version string, docs []rules.Document, entries []*rules.Entry, cards []*rules.Card) (*Index, error) {
	ix, err := newIndex(idx)
	if err != nil {
		return nil, err
	}
	ix.version = version
	precedence := make(map[string]int, len(docs))
	for _, d := range docs {
		precedence[d.ID] = d.Precedence
	}
	sources := rules.NewRulingsSources(docs, nil, nil)
	batch := idx.NewBatch()
	add := func(m *docMeta, d indexDoc) error {
		if err := batch.Index(m.ID, d); err != nil {
			return fmt.Errorf("index %s: %w", m.ID, err)
		}
		ix.derive(m)
		ix.meta[m.ID] = m
		return nil
	}
	for i, e := range entries {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if e == nil || e.ID == "" {
			continue
		}
		// A symbol the source lost is no word: it is searched as the text
		// read without it.
		indexed := rules.WithoutLostSymbols(e.Text)
		m := &docMeta{ID: e.ID, Kind: e.Kind, Title: e.Title, DocumentID: e.DocumentID, Edition: e.Edition,
			Precedence: precedence[e.DocumentID], TitleKey: rules.FoldTerm(e.Title), Text: oneLineParagraphs(indexed), Related: e.Related,
			CardRuling: e.CardRuling}
		if gaps := rules.EntryTermNotHeld(sources, e.Kind, e.Title, rules.Edition(e.Edition)); len(gaps) > 0 {
			m.NotHeld = gaps
		}
		if e.OnlySee() {
			m.See = e.SeeAlso
		}
		m.TitleTerms = ix.titleTerms(e.Title)
		if err := add(m, indexDoc{Title: e.Title, TitlePlain: e.Title, TitleKey: []string{m.TitleKey},
			Text: indexed, TextPlain: indexed, Kind: e.Kind, Edition: e.Edition, DocumentID: e.DocumentID}); err != nil {
			return nil, err
		}
	}
	for i, c := range cards {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if c == nil || c.ID == "" {
			continue
		}
		name := c.Name()
		text := cardText(c)
		m := &docMeta{ID: c.ID, Kind: rules.KindCard, Title: name, DocumentID: CardsDocument, Edition: c.Edition,
			TitleKey: rules.FoldTerm(name), Text: oneLineParagraphs(text)}
		m.TitleTerms = ix.titleTerms(c.Title)
		keys := []string{m.TitleKey}
		if k := rules.FoldTerm(c.Title); k != m.TitleKey {
			keys = append(keys, k)
		}
		if err := add(m, indexDoc{Title: name, TitlePlain: name, TitleKey: keys, Text: text, TextPlain: text,
			Kind: rules.KindCard, Edition: c.Edition, DocumentID: CardsDocument}); err != nil {
			return nil, err
		}
	}
	metas := make([]*docMeta, 0, len(ix.meta))
	for _, m := range ix.meta {
		metas = append(metas, m)
		ix.docIDs[m.DocumentID] = true
	}
	sort.Slice(metas, func(i, j int) bool { return metas[i].ID < metas[j].ID })
	raw, err := json.Marshal(metas)
	if err != nil {
		return nil, fmt.Errorf("encode metadata: %w", err)
	}
	batch.SetInternal(keyMeta, raw)
	batch.SetInternal(keyVersion, []byte(version))
	batch.SetInternal(keyNotHeld, []byte("1"))
	if err := idx.Batch(batch); err != nil {
		return nil, fmt.Errorf("index batch: %w", err)
	}
	if err := ix.prepare(); err != nil {
		return nil, err
	}
	return ix, nil
}

// prepare reads what searches need of a complete index: its vocabulary, the
// rarity of every term, the facet values, which entries may be one rule, and
// a read view with the documents numbered.
func (ix *Index) prepare() error {
	var err error
	if ix.vocab, err = readVocabulary(ix.idx); err != nil {
		return err
	}
	texts := make([]string, 0, 2*len(ix.meta))
	for _, m := range ix.meta {
		texts = append(texts, m.Title, m.Text)
	}
	ix.vocab.addCompounds(compoundsOf(texts))
	ix.vocab.indexDeletions()
	ix.lex.weigh(ix.vocab)
	metas := make([]*docMeta, 0, len(ix.meta))
	for _, m := range ix.meta {
		metas = append(metas, m)
	}
	sort.Slice(metas, func(i, j int) bool { return metas[i].ID < metas[j].ID })
	for i, m := range metas {
		m.byID = int32(i)
		m.titleIDF = 0
		for _, id := range m.titleIDs {
			m.titleIDF += ix.lex.idf[id]
		}
		for f, v := range [...]string{m.Edition, m.Kind, m.DocumentID} {
			m.facet[f] = ix.facets[f].add(v)
		}
	}
	ix.findDropped() // before numberRules: a dropped heading's copies are read more loosely
	ix.numberRules(metas)
	ix.weighPriors(metas)
	markUnpassable(metas)
	ix.findSiblings()
	ix.findDerived()
	ix.tableWords()
	ix.weighParagraphs()
	ix.headParagraphs()
	ix.markContents()
	ix.findHeadPaths()
	ix.findEditionWords()
	ix.findNamed()
	packStrings(metas)
	packTitles(metas)
	for f, name := range facetNames {
		if n := len(ix.facets[f].values); n > maxFacetValues {
			return fmt.Errorf("%d values of the facet %s: at most %d are counted", n, name, maxFacetValues)
		}
	}
	if ix.snap, err = openSnapshot(ix.idx, ix.meta, ix.lex); err != nil {
		return err
	}
	return nil
}

// packStrings lays out the strings an answer reads of each entry, its id,
// its title and its paragraphs' anchors, one after another in one string for
// all the entries (in metas' order), and has the entries of one kind,
// edition or document share one string for it (a kind or an edition the
// rules' constant): the answer's JSON reads a hit's strings together rather
// than from as many places in memory, each a cache miss under load, and the
// re-ranking compares kinds and editions without reading their bytes from
// each entry's own. The strings are the same; only where they are changes.
func packStrings(metas []*docMeta) {
	shared := map[string]string{}
	for _, s := range [...]string{rules.KindSection, rules.KindGlossary, rules.KindRuling, rules.KindCard, rules.Edition1E, rules.Edition2E} {
		shared[s] = s
	}
	one := func(s string) string {
		if c, ok := shared[s]; ok {
			return c
		}
		shared[s] = s
		return s
	}
	n := 0
	for _, m := range metas {
		n += len(m.ID) + len(m.Title)
		for _, p := range m.paras {
			n += len(p.anchor)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, m := range metas {
		b.WriteString(m.ID)
		b.WriteString(m.Title)
		for _, p := range m.paras {
			b.WriteString(p.anchor)
		}
	}
	all, at := b.String(), 0
	take := func(k int) string {
		s := all[at : at+k]
		at += k
		return s
	}
	for _, m := range metas {
		m.Kind, m.Edition, m.DocumentID = one(m.Kind), one(m.Edition), one(m.DocumentID)
		m.ID, m.Title = take(len(m.ID)), take(len(m.Title))
		for i := range m.paras {
			m.paras[i].anchor = take(len(m.paras[i].anchor))
		}
	}
}

// packTitles lays out each entry's terms and words of its title
// (titleIDs, titlePlain, titleWords: what the re-ranking and the best
// paragraph read of a hit's title) one after another in one array for all
// the entries, in metas' order: one place in memory a hit rather than three.
// Each keeps its values, a nil one stays nil, and each is capped at its
// length, so that appending to one never writes over the next.
func packTitles(metas []*docMeta) {
	n := 0
	for _, m := range metas {
		n += len(m.titleIDs) + len(m.titlePlain) + len(m.titleWords)
	}
	all := make([]uint32, 0, n)
	for _, m := range metas {
		for _, s := range [...]*[]uint32{&m.titleIDs, &m.titlePlain, &m.titleWords} {
			if *s == nil {
				continue
			}
			at := len(all)
			all = append(all, *s...)
			*s = all[at:len(all):len(all)]
		}
	}
}

// numberRules finds the entries a search may find as one rule: those of one
// edition, kind and folded title, those the corpus relates within an
// edition (rules.Entry.Related), and a section with the paragraph of a newer
// rulebook that defines its title (see relateDefinitions), directly or
// through other entries. Which of
// them are one rule in a search depends on which of them it found; this
// only says which may be, so that a search looks closer at those alone.
func (ix *Index) numberRules(metas []*docMeta) {
	type key struct{ edition, kind, title string }
	groups := map[key]int32{}
	byID := map[string]int{}
	var entries []*docMeta
	for _, m := range metas {
		m.group, m.rule, m.related = -1, -1, nil
		if m.Kind == rules.KindCard {
			continue
		}
		k := key{m.Edition, m.Kind, m.TitleKey}
		g, ok := groups[k]
		if !ok {
			g = int32(len(groups))
			groups[k] = g
		}
		m.group = g
		byID[m.ID] = len(entries)
		entries = append(entries, m)
	}
	sets := newDisjointSets(len(entries))
	find, union := sets.find, sets.union
	for i, m := range entries {
		for _, id := range m.Related {
			if j, ok := byID[id]; ok && j != i && entries[j].Edition == m.Edition && !slices.Contains(m.related, entries[j]) {
				m.related = append(m.related, entries[j])
			}
		}
	}
	relateDefinitions(entries)
	relateCopies(entries)
	firstOf := map[int32]int{}
	for i, m := range entries {
		if f, ok := firstOf[m.group]; ok {
			union(f, i)
		} else {
			firstOf[m.group] = i
		}
		for _, o := range m.related {
			union(i, byID[o.ID])
		}
		for _, d := range m.defines {
			union(i, byID[d.other.ID])
		}
		for _, c := range m.copies {
			union(i, byID[c.newer.ID])
		}
	}
	number := map[int]int32{}
	for i, m := range entries {
		root := find(i)
		n, ok := number[root]
		if !ok {
			n = int32(len(number))
			number[root] = n
		}
		m.rule = n
	}
	ix.rules = len(number)
}

// load reads the metadata of a prebuilt index.
func load(idx bleve.Index) (*Index, error) {
	ix, err := newIndex(idx)
	if err != nil {
		return nil, err
	}
	v, err := idx.GetInternal(keyVersion)
	if err != nil {
		return nil, fmt.Errorf("read corpus version: %w", err)
	}
	raw, err := idx.GetInternal(keyMeta)
	if err != nil {
		return nil, fmt.Errorf("read metadata: %w", err)
	}
	if raw == nil {
		return nil, errors.New("not an index of this service: no metadata")
	}
	if held, err := idx.GetInternal(keyNotHeld); err != nil || held == nil {
		return nil, errors.New("written before its entries said what is not held of their terms: build it again")
	}
	var metas []*docMeta
	if err := json.Unmarshal(raw, &metas); err != nil {
		return nil, fmt.Errorf("decode metadata: %w", err)
	}
	for _, m := range metas {
		ix.derive(m)
		ix.meta[m.ID] = m
		ix.docIDs[m.DocumentID] = true
	}
	ix.version = string(v)
	if err := ix.prepare(); err != nil {
		return nil, err
	}
	return ix, nil
}

func newIndex(idx bleve.Index) (*Index, error) {
	m, ok := idx.Mapping().(*mapping.IndexMappingImpl)
	if !ok {
		return nil, errors.New("index has an unexpected mapping")
	}
	scoring := m.ScoringModel
	if scoring == "" {
		scoring = index.DefaultScoringModel
	}
	english := m.AnalyzerNamed(analyzerEnglish)
	plain := m.AnalyzerNamed(analyzerPlain)
	if english == nil || plain == nil {
		return nil, errors.New("index mapping lacks its analyzers")
	}
	thes, err := readThesaurus(english)
	if err != nil {
		return nil, err
	}
	ix := &Index{idx: idx, english: english, plain: plain, meta: map[string]*docMeta{}, docIDs: map[string]bool{},
		thes: thes, lex: newLexicon(), w: defaultWeights(), scoring: scoring}
	ix.scratch.New = func() any { return new(scratch) }
	return ix, nil
}

// titleTerms are the English terms of a title, or its plain words when the
// title is made of stop words only ("When and While").
func (ix *Index) titleTerms(title string) []string {
	if t := terms(ix.english, title); len(t) > 0 {
		return t
	}
	return terms(ix.plain, title)
}

// terms returns the distinct terms an analyzer makes of s, in order.
func terms(a analysis.Analyzer, s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, tok := range a.Analyze([]byte(s)) {
		t := string(tok.Term)
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// cardText is what a card offers to a text search: its type, affiliation,
// requirements, skills, keywords, game text and lore.
func cardText(c *rules.Card) string {
	var parts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	add(c.Type)
	add(c.Affiliation)
	add(c.Species)
	add(c.Class)
	add(c.Requirements)
	if len(c.Skills) > 0 {
		names := make([]string, len(c.Skills))
		for i, s := range c.Skills {
			names[i] = s.Name
		}
		add(strings.Join(names, ", "))
	}
	add(strings.Join(c.Keywords, ", "))
	add(strings.Join(c.Characteristics, ", "))
	add(stripTags(c.GameText))
	add(stripTags(c.Lore))
	return strings.Join(parts, ". ")
}

// stripTags removes the markup tags card data carries in its texts ("<i>",
// "</b>"; a line break "<br/>" becomes a space); a "<" that opens no tag is
// kept.
func stripTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		tag := ""
		if j > 0 {
			tag = strings.TrimPrefix(s[i+1:i+j], "/")
		}
		if j < 0 || tag == "" || len(tag) > 10 || !isTagName(tag) {
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		if name := strings.ToLower(strings.TrimRight(tag, "/ ")); name == "br" || name == "p" {
			b.WriteByte(' ')
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// isTagName reports whether s looks like the inside of a simple markup tag:
// letters from the first character, then at most spaces and a slash ("i",
// "br/", "br /").
func isTagName(s string) bool {
	s = strings.TrimRight(s, "/ ")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// markUnpassable marks the documents no hit comes before by precedence
// (docMeta.unpassable), so that governFirst looks past them at once.
func markUnpassable(metas []*docMeta) {
	newest := map[string]int{}
	for _, m := range metas {
		if m.Kind != rules.KindCard {
			newest[m.Edition] = max(newest[m.Edition], m.Precedence)
		}
	}
	for _, m := range metas {
		m.unpassable = m.Kind == rules.KindCard || m.Precedence == newest[m.Edition] && m.prior != priorCaption
	}
}

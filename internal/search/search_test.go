package search

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"

	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

func search(t *testing.T, ix *Index, q rules.SearchQuery) *rules.SearchResult {
	t.Helper()
	res, err := ix.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("Search(%+v): %v", q, err)
	}
	return res
}

func titles(res *rules.SearchResult) []string {
	out := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = h.DocumentID + "/" + h.Title
	}
	return out
}

func TestSearchRanksGoverningRulebookFirst(t *testing.T) {
	ix := buildFixture(t)
	res := search(t, ix, rules.SearchQuery{Q: "combat strength totals winner"})
	if len(res.Hits) < 3 {
		t.Fatalf("hits = %v, want the three Combat sections", titles(res))
	}
	want := []string{"2e-rulebook", "2e-rulebook-call-to-arms", "2e-rulebook-premiere"}
	for i, w := range want {
		if res.Hits[i].Title != "Combat" || res.Hits[i].DocumentID != w {
			t.Fatalf("hit %d = %s, want %s/Combat (all: %v)", i, titles(res)[i], w, titles(res))
		}
	}
	if res.Hits[0].Score < res.Hits[1].Score {
		t.Errorf("scores not descending: %v", res.Hits)
	}
}

func TestSearchTitleOutranksPassingMention(t *testing.T) {
	ix := buildFixture(t)
	for _, q := range []string{"mirror universe", "Mirror Universe rules"} {
		res := search(t, ix, rules.SearchQuery{Q: q})
		if len(res.Hits) == 0 || res.Hits[0].Title != "Mirror Universe" {
			t.Errorf("%q: hits = %v, want Mirror Universe first", q, titles(res))
		}
	}
}

func TestSearchForgivesTypos(t *testing.T) {
	ix := buildFixture(t)
	for q, want := range map[string]string{
		"mirro univers": "Mirror Universe",
		"enagements":    "Engagements",
		"tantlus feild": "Tantalus Field",
		"examin a card": "Examine",
	} {
		res := search(t, ix, rules.SearchQuery{Q: q})
		if len(res.Hits) == 0 || res.Hits[0].Title != want {
			t.Errorf("%q: hits = %v, want %s first", q, titles(res), want)
		}
	}
}

func TestSearchStopWordTitleFound(t *testing.T) {
	ix := buildFixture(t)
	res := search(t, ix, rules.SearchQuery{Q: "when and while triggers"})
	if len(res.Hits) == 0 || res.Hits[0].Title != "When and While" {
		t.Errorf("hits = %v, want When and While first", titles(res))
	}
}

func TestSearchQuotedPhraseMustAppear(t *testing.T) {
	ix := buildFixture(t)
	res := search(t, ix, rules.SearchQuery{Q: `"between two ships"`})
	if res.Total != 1 || res.Hits[0].Title != "Beaming" {
		t.Errorf("hits = %v (total %d), want Beaming alone", titles(res), res.Total)
	}
	res = search(t, ix, rules.SearchQuery{Q: `"ships between two"`})
	if res.Total != 0 {
		t.Errorf("words out of order matched: %v", titles(res))
	}
}

func TestSearchExclusionLeavesOut(t *testing.T) {
	ix := buildFixture(t)
	res := search(t, ix, rules.SearchQuery{Q: "tantalus field -cloaked", Limit: 100})
	for _, h := range res.Hits {
		if h.Kind == "ruling" && h.Title == "Tantalus Field" {
			t.Errorf("excluded ruling returned: %v", titles(res))
		}
	}
	if res.Total == 0 {
		t.Errorf("the card Tantalus Field should remain")
	}
}

func TestSearchFilters(t *testing.T) {
	ix := buildFixture(t)
	cases := []struct {
		name string
		q    rules.SearchQuery
		ok   func(rules.SearchHit) bool
	}{
		{"edition", rules.SearchQuery{Q: "personnel ship", Edition: "1e"}, func(h rules.SearchHit) bool { return h.Edition == "1e" }},
		{"kind", rules.SearchQuery{Q: "personnel ship", Kind: "glossary"}, func(h rules.SearchHit) bool { return h.Kind == "glossary" }},
		{"document", rules.SearchQuery{Q: "combat", Document: "2e-rulebook-premiere"}, func(h rules.SearchHit) bool { return h.DocumentID == "2e-rulebook-premiere" }},
		{"card", rules.SearchQuery{Q: "tantalus", Kind: "card"}, func(h rules.SearchHit) bool { return h.Kind == "card" && h.DocumentID == CardsDocument }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := search(t, ix, c.q)
			if len(res.Hits) == 0 {
				t.Fatalf("no hits")
			}
			for _, h := range res.Hits {
				if !c.ok(h) {
					t.Errorf("hit outside the filter: %+v", h)
				}
			}
		})
	}
}

func TestSearchCountsFacets(t *testing.T) {
	ix := buildFixture(t)
	res := search(t, ix, rules.SearchQuery{Q: "combat"})
	count := func(facet, value string) int {
		for _, f := range res.Facets[facet] {
			if f.Value == value {
				return f.Count
			}
		}
		return 0
	}
	// The three Combat sections, and the 1E Battle, combat's word there.
	if got := count("kind", "section"); got != 4 {
		t.Errorf("kind=section count = %d, want 4 (facets %v)", got, res.Facets)
	}
	if got := count("edition", "2e"); got != 3 {
		t.Errorf("edition=2e count = %d, want 3", got)
	}
	if got := count("document", "2e-rulebook-premiere"); got != 1 {
		t.Errorf("document count = %d, want 1", got)
	}
}

func TestSearchPages(t *testing.T) {
	ix := buildFixture(t)
	all := search(t, ix, rules.SearchQuery{Q: "personnel ship", Limit: 100})
	if all.Total <= DefaultLimit {
		t.Fatalf("fixture too small: total %d", all.Total)
	}
	first := search(t, ix, rules.SearchQuery{Q: "personnel ship"})
	if len(first.Hits) != DefaultLimit || first.Total != all.Total {
		t.Fatalf("default page: %d hits of %d, want %d of %d", len(first.Hits), first.Total, DefaultLimit, all.Total)
	}
	second := search(t, ix, rules.SearchQuery{Q: "personnel ship", Limit: 5, Offset: 5})
	for i, h := range second.Hits {
		if h.ID != all.Hits[5+i].ID {
			t.Errorf("page 2 hit %d = %s, want %s", i, h.ID, all.Hits[5+i].ID)
		}
	}
	past := search(t, ix, rules.SearchQuery{Q: "personnel ship", Offset: all.Total + 3})
	if len(past.Hits) != 0 || past.Total != all.Total {
		t.Errorf("past the end: %d hits, total %d", len(past.Hits), past.Total)
	}
}

func TestSearchRejectsBadInput(t *testing.T) {
	ix := buildFixture(t)
	cases := []struct {
		name string
		q    rules.SearchQuery
		code string
	}{
		{"empty", rules.SearchQuery{Q: ""}, rules.EINVALIDQUERY},
		{"blank", rules.SearchQuery{Q: "   \t "}, rules.EINVALIDQUERY},
		{"punctuation", rules.SearchQuery{Q: `+-&&|| !(){}[]^~*?:\/`}, rules.EINVALIDQUERY},
		{"empty quotes", rules.SearchQuery{Q: `"" ?`}, rules.EINVALIDQUERY},
		{"unclosed quote", rules.SearchQuery{Q: `"unclosed phrase`}, rules.EINVALIDQUERY},
		{"unclosed curly quote", rules.SearchQuery{Q: `combat “strength totals`}, rules.EINVALIDQUERY},
		{"only exclusion", rules.SearchQuery{Q: "-combat"}, rules.EINVALIDQUERY},
		{"too long", rules.SearchQuery{Q: strings.Repeat("dilemma ", 100)}, rules.EINVALIDQUERY},
		{"limit too large", rules.SearchQuery{Q: "combat", Limit: 101}, rules.EINVALID},
		{"negative limit", rules.SearchQuery{Q: "combat", Limit: -1}, rules.EINVALID},
		{"negative offset", rules.SearchQuery{Q: "combat", Offset: -1}, rules.EINVALID},
		{"document", rules.SearchQuery{Q: "combat", Document: "2e-glossary"}, rules.EINVALID},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ix.Search(context.Background(), c.q)
			var re *rules.Error
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want a *rules.Error", err)
			}
			if re.Code != c.code || re.Message == "" {
				t.Errorf("code = %q (%q), want %q", re.Code, re.Message, c.code)
			}
			if field := re.Details["field"]; c.code == rules.EINVALIDQUERY && field != "q" {
				t.Errorf("details.field = %v, want q", field)
			}
		})
	}
}

func TestSearchAcceptsQuerySyntaxAsWords(t *testing.T) {
	ix := buildFixture(t)
	for _, q := range []string{"combat AND (strength", "title:combat", "comb*", "strength^2 +winner", "title:foo~2 +(", "a/b\\c", "~~combat~~"} {
		if _, err := ix.Search(context.Background(), rules.SearchQuery{Q: q}); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}

func TestSnippetMarksMatchedWords(t *testing.T) {
	ix := buildFixture(t)
	res := search(t, ix, rules.SearchQuery{Q: "beam between ships", Document: "1e-rulebook"})
	if len(res.Hits) == 0 {
		t.Fatal("no hits")
	}
	s := res.Hits[0].Snippet
	for _, want := range []string{"<mark>ships</mark>", "<mark>ship</mark>", "&amp;", "&lt;it&gt;"} {
		if !strings.Contains(s, want) {
			t.Errorf("snippet %q lacks %q", s, want)
		}
	}
	if strings.Contains(s, "<it>") || strings.Contains(s, "\n") {
		t.Errorf("snippet %q not escaped or not on one line", s)
	}
	res = search(t, ix, rules.SearchQuery{Q: "enagements"})
	if s := res.Hits[0].Snippet; !strings.Contains(s, "<mark>engagement</mark>") {
		t.Errorf("typo snippet %q lacks the fuzzy mark", s)
	}
}

func TestBuildToWritesIndexOpenReads(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "index")
	ctx := context.Background()
	if err := BuildTo(ctx, dir, "v-test-1", fixtureDocs(), fixtureEntries(), fixtureCards()); err != nil {
		t.Fatalf("BuildTo: %v", err)
	}
	if err := BuildTo(ctx, dir, "v-test-2", fixtureDocs(), fixtureEntries(), fixtureCards()); err == nil {
		t.Errorf("BuildTo over an existing index succeeded")
	}
	ix, version, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer ix.Close()
	if version != "v-test-1" || ix.Version() != "v-test-1" {
		t.Errorf("version = %q, want v-test-1", version)
	}
	mem := buildFixture(t)
	n, err := ix.DocCount()
	if err != nil {
		t.Fatal(err)
	}
	m, _ := mem.DocCount()
	if n != m || n != len(fixtureEntries())+len(fixtureCards()) {
		t.Errorf("DocCount = %d, in memory %d", n, m)
	}
	q := rules.SearchQuery{Q: "combat strength", Limit: 20}
	a, b := search(t, ix, q), search(t, mem, q)
	if strings.Join(titles(a), "|") != strings.Join(titles(b), "|") {
		t.Errorf("disk and memory disagree:\n%v\n%v", titles(a), titles(b))
	}
	if _, _, err := Open(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Errorf("Open of a missing folder succeeded")
	}
}

func TestBuildStopsOnCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, fixtureDocs(), fixtureEntries(), fixtureCards()); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestSearchIsSafeForConcurrentUse(t *testing.T) {
	ix := buildFixture(t)
	queries := []string{"combat strength", "mirro univers", `"between two ships"`, "stopped -ship", "examine"}
	done := make(chan error)
	for i := range 8 {
		go func() {
			var err error
			for j := range 20 {
				if _, e := ix.Search(context.Background(), rules.SearchQuery{Q: queries[(i+j)%len(queries)]}); e != nil {
					err = e
				}
			}
			done <- err
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func TestCardTextLosesMarkupTags(t *testing.T) {
	cases := map[string]string{
		"Captain of the <i>Enterprise</i>.": "Captain of the Enterprise.",
		"line<br/>next<br />end":            "line next end",
		"SCIENCE<3 or x < y > z":            "SCIENCE<3 or x < y > z",
		"no tags":                           "no tags",
		"<unclosed":                         "<unclosed",
	}
	for in, want := range cases {
		if got := stripTags(in); got != want {
			t.Errorf("stripTags(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSearchCorrectsLongWords(t *testing.T) {
	long := strings.Repeat("quadrant", 9) // 72 letters, an extraction run-on
	entries := append(fixtureEntries(), entry("2e-rulebook", "2e", "glossary", "Run-on", "A word "+long+" of noise."))
	ix, err := Build(context.Background(), fixtureDocs(), entries, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	res := search(t, ix, rules.SearchQuery{Q: long[:len(long)-1] + "x"})
	if len(res.Hits) == 0 || res.Hits[0].Title != "Run-on" {
		t.Errorf("hits = %v, want Run-on", titles(res))
	}
}

func TestOpenRefusesAnIndexWithoutMetadata(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "other")
	m, err := newMapping(defaultWeights().Scoring)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := bleve.New(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.Index("x", indexDoc{Title: "stray"}); err != nil {
		t.Fatal(err)
	}
	if err := idx.Close(); err != nil {
		t.Fatal(err)
	}
	if ix, _, err := Open(dir); err == nil {
		ix.Close()
		t.Fatal("Open of an index without metadata succeeded")
	}
}

func TestSearchRanksGoverningRelatedEntryFirst(t *testing.T) {
	old := entry("2e-rulebook-premiere", "2e", "section", "Beaming", "Beaming moves personnel between a ship and a planet. Beaming beaming beaming.")
	cur := entry("2e-rulebook", "2e", "section", "Order - Beam Personnel", "This order moves personnel by beaming between a ship and a planet.")
	old.Related = []string{cur.ID}
	cur.Related = []string{old.ID}
	ix, err := Build(context.Background(), fixtureDocs(), []*rules.Entry{old, cur}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	res := search(t, ix, rules.SearchQuery{Q: "beaming"})
	if len(res.Hits) != 2 || res.Hits[0].ID != cur.ID {
		t.Errorf("hits = %v, want the governing rulebook's entry first", titles(res))
	}
}

// TestSearchPagesCutFromOneOrder walks every page of several searches of the
// real corpus at several page sizes: each walk must give every match exactly
// once, in the same order, with scores never rising.
func TestSearchPagesCutFromOneOrder(t *testing.T) {
	ctx := context.Background()
	ix := buildCorpus(t)
	walk := func(q rules.SearchQuery, limit int) ([]rules.SearchHit, int) {
		t.Helper()
		var hits []rules.SearchHit
		total := -1
		for offset := 0; total < 0 || offset < total; offset += limit {
			q.Limit, q.Offset = limit, offset
			res, err := ix.Search(ctx, q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			if total >= 0 && res.Total != total {
				t.Fatalf("%+v: total %d, was %d on the first page", q, res.Total, total)
			}
			total = res.Total
			if want := min(limit, total-offset); len(res.Hits) != want {
				t.Fatalf("%+v: %d hits, want %d of %d", q, len(res.Hits), want, total)
			}
			hits = append(hits, res.Hits...)
		}
		return hits, total
	}
	for _, q := range []rules.SearchQuery{
		{Q: "ship"},
		{Q: "dilemma"},
		{Q: "combat strength totals winner"},
		{Q: "mirro univers"},
		{Q: "personnel", Edition: "2e"},
		{Q: "seed mission", Kind: "ruling"},
	} {
		all, total := walk(q, MaxLimit)
		seen := map[string]bool{}
		for i, h := range all {
			if seen[h.ID] {
				t.Errorf("%q: %s twice (at %d)", q.Q, h.ID, i)
			}
			seen[h.ID] = true
			if i > 0 && h.Score > all[i-1].Score {
				t.Errorf("%q: score rises at %d: %s %.4f after %.4f", q.Q, i, h.ID, h.Score, all[i-1].Score)
			}
		}
		if len(seen) != total || total == 0 {
			t.Errorf("%q: %d distinct hits of %d", q.Q, len(seen), total)
		}
		for _, limit := range []int{7, 10, 33} {
			paged, _ := walk(q, limit)
			for i := range paged {
				if paged[i].ID != all[i].ID {
					t.Errorf("%q: pages of %d give %s at %d, pages of %d give %s", q.Q, limit, paged[i].ID, i, MaxLimit, all[i].ID)
					break
				}
			}
		}
	}
}

func TestInOrderFindsTheQueryWordsInTheText(t *testing.T) {
	ix := buildFixture(t)
	beaming := ix.meta[rules.EntryID("1e-rulebook", "section", "Beaming")]
	cases := []struct {
		q    string
		want bool
	}{
		{"two ships", true},
		{"ships two", false},
		{"between two ship", true},         // the same stems
		{"ship and a planet", true},        // stop words stand for any word, one each
		{"ship and planet", false},         // one word short
		{"transport personnel", true},      // the first words
		{"shields allow it", true},         // a stop word at the end asks for nothing
		{"personnel and equipment", false}, // "&" is no word: one word short
	}
	for _, c := range cases {
		u, err := parseQuery(c.q)
		if err != nil {
			t.Fatal(err)
		}
		a := ix.analyze(u)
		if got := a.inOrder(beaming); got != c.want {
			t.Errorf("%q in order in %q: %v, want %v", c.q, beaming.Text, got, c.want)
		}
	}
}

// TestPackedStringsAreTheEntries checks that laying out the entries'
// strings for the answers (packStrings) keeps each one's id, title, kind,
// edition, document and paragraphs' anchors as the corpus gives them.
func TestPackedStringsAreTheEntries(t *testing.T) {
	c := testcorpus.Load(t)
	ix := buildCorpus(t)
	for _, e := range c.Entries {
		m := ix.meta[e.ID]
		if m == nil {
			t.Fatalf("entry %s not indexed", e.ID)
		}
		if m.ID != e.ID || m.Title != e.Title || m.Kind != e.Kind || m.Edition != string(e.Edition) || m.DocumentID != e.DocumentID {
			t.Fatalf("entry %s indexed as %q %q %q %q %q", e.ID, m.ID, m.Title, m.Kind, m.Edition, m.DocumentID)
		}
		if !m.textWords {
			continue
		}
		ps := rules.Paragraphs(m.Text)
		if len(ps) != len(m.paras) {
			t.Fatalf("entry %s: %d paragraphs, %d indexed", e.ID, len(ps), len(m.paras))
		}
		for i, p := range ps {
			if m.paras[i].anchor != p.Anchor {
				t.Fatalf("entry %s paragraph %d: anchor %q, indexed %q", e.ID, i, p.Anchor, m.paras[i].anchor)
			}
		}
	}
}

// TestWordsByTermAreTheTextsWords checks that each document's words by term
// (docMeta.byTerm, which the best paragraph and the snippet read) carry the
// plain word and the bytes of the word of the text they stand for.
func TestWordsByTermAreTheTextsWords(t *testing.T) {
	ix := buildCorpus(t)
	for id, m := range ix.meta {
		for _, o := range m.byTerm {
			w := m.words[o.at]
			if o.term != w.term || o.plain != w.plain || o.start != w.start || o.end != w.end {
				t.Fatalf("%s: word %d by term %+v, in the text %+v", id, o.at, o, w)
			}
		}
	}
}

// TestOccurrencesAreEveryWordOfTheTerm checks occurrences, read through the
// document's runs of terms, against the words of its text: for every term
// of the lexicon a document holds or not, its words of that term in order.
func TestOccurrencesAreEveryWordOfTheTerm(t *testing.T) {
	ix := buildCorpus(t)
	n := 0
	for id, m := range ix.meta {
		n++
		if n%7 != 0 {
			continue // a seventh of the documents: every term against each
		}
		want := map[uint32][]uint32{}
		for i, w := range m.words {
			if w.term != noTerm {
				want[w.term] = append(want[w.term], uint32(i))
			}
		}
		for term := range uint32(len(ix.lex.words)) {
			var got []uint32
			for _, o := range m.occurrences(term) {
				got = append(got, o.at)
			}
			if !slices.Equal(got, want[term]) {
				t.Fatalf("%s: occurrences of %q at %v, in the text at %v", id, ix.lex.words[term], got, want[term])
			}
		}
	}
}

// TestPackedTitlesKeepTheirTerms checks that packing the titles' terms
// (packTitles) keeps each list's values and nil-ness, and caps each at its
// length.
func TestPackedTitlesKeepTheirTerms(t *testing.T) {
	ix, err := Build(context.Background(), fixtureDocs(), fixtureEntries(), fixtureCards())
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	type lists [3][]uint32
	of := func(m *docMeta) lists { return lists{m.titleIDs, m.titlePlain, m.titleWords} }
	before := map[*docMeta]lists{}
	var metas []*docMeta
	for _, m := range ix.meta {
		metas = append(metas, m)
		var l lists
		for i, s := range of(m) {
			l[i] = slices.Clone(s)
		}
		before[m] = l
	}
	packTitles(metas)
	for _, m := range metas {
		for i, s := range of(m) {
			want := before[m][i]
			if (s == nil) != (want == nil) || !slices.Equal(s, want) || cap(s) != len(s) {
				t.Fatalf("%s: title list %d packed as %v (cap %d), was %v", m.ID, i, s, cap(s), want)
			}
		}
	}
}

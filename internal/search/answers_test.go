package search

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/internal/loadgen"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// answersQueries returns a large fixed set of searches made of the real
// corpus's own words: every title as typed, quoted and misspelt; words, word
// pairs and triples, quoted phrases and exclusions cut from every text;
// two- and three-word mixes of words from different entries; the load test's
// varied searches; queries of stop words, of an edition's name and of query
// syntax; and queries the service refuses. The filters (edition, kind,
// document) and the pages (limit, offset) the API accepts are spread over
// them by a fixed rule.
func answersQueries(c *corpus.Corpus) []rules.SearchQuery {
	x := uint32(12345)
	next := func(k int) int { x = x*1664525 + 1013904223; return int(x>>8) % k }

	var qs []string
	var pool []string // words of every text, for mixes
	wordsOf := func(s string) []string {
		var out []string
		for _, f := range strings.Fields(s) {
			f = strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			if f != "" && !strings.ContainsRune(f, '"') {
				out = append(out, f)
			}
		}
		return out
	}
	typo := func(w string) string {
		r := []rune(w)
		if len(r) < 4 {
			return w
		}
		switch i := 1 + next(len(r)-2); next(3) {
		case 0: // a letter dropped
			r = slices.Delete(r, i, i+1)
		case 1: // two letters swapped
			r[i], r[i+1] = r[i+1], r[i]
		default: // a letter doubled
			r = slices.Insert(r, i, r[i])
		}
		return string(r)
	}
	fromText := func(title, text string, n int) {
		qs = append(qs, title, `"`+title+`"`, strings.ToLower(title)+" "+typo(strings.ToLower(title)))
		ws := wordsOf(text)
		if len(ws) == 0 {
			return
		}
		pool = append(pool, ws[next(len(ws))])
		for range n {
			i := next(len(ws))
			at := func(k int) string { return strings.Join(ws[i:min(i+k, len(ws))], " ") }
			other := ws[next(len(ws))]
			switch next(9) {
			case 0:
				qs = append(qs, at(1))
			case 1:
				qs = append(qs, at(2))
			case 2:
				qs = append(qs, at(3))
			case 3:
				qs = append(qs, `"`+at(2+next(3))+`" `+other)
			case 4:
				qs = append(qs, at(2)+" -"+other)
			case 5:
				qs = append(qs, typo(ws[i])+" "+other)
			case 6:
				qs = append(qs, strings.ToLower(at(4+next(8))))
			case 7:
				qs = append(qs, at(1)+` -"`+at(2)+`"`)
			default:
				qs = append(qs, title+" "+other)
			}
		}
	}
	for _, e := range c.Entries {
		fromText(e.Title, e.Text, 30)
	}
	for _, cd := range c.Cards {
		fromText(cd.Name(), cd.GameText+" "+cd.Lore, 3)
	}
	for range 3000 {
		k := 2 + next(2)
		ws := make([]string, k)
		for j := range ws {
			ws[j] = pool[next(len(pool))]
		}
		qs = append(qs, strings.Join(ws, " "))
	}
	qs = append(qs, benchQueries...)
	qs = append(qs,
		"the", "when and while", "a an the of", "first edition", "2E", "1e dilemma", "second edition range",
		"2nd edition mission attempt", "1st edition seed phase", `title:x~2 +(`, "mirro univers", "staffng requirments",
		`"showing your cards" -face`, `-face`, `"open quote`, `""`, "!!!", strings.Repeat("word ", 40),
		"Ferengi’s", "“quoted phrase”", "café", "dilemma\tbudget\nrange", "x", "ab", "q", "rnage", "komand",
	)

	editions := []string{"", "", "", "1e", "2e"}
	kinds := []string{rules.KindSection, rules.KindGlossary, rules.KindRuling, rules.KindCard, "rule"}
	var docs []string
	for _, d := range c.Documents {
		docs = append(docs, d.ID)
	}
	docs = append(docs, CardsDocument, "no-such-document")
	var out []rules.SearchQuery
	for _, q := range qs {
		sq := rules.SearchQuery{Q: q, Edition: rules.Edition(editions[next(len(editions))])}
		if next(50) == 0 {
			sq.Edition = "3e"
		}
		if next(6) == 0 {
			sq.Kind = rules.EntryKind(kinds[next(len(kinds))])
		}
		if next(8) == 0 {
			sq.Document = docs[next(len(docs))]
		}
		switch next(10) {
		case 0:
			sq.Limit = 1 + next(MaxLimit)
		case 1:
			sq.Limit = MaxLimit
		}
		switch next(10) {
		case 0:
			sq.Offset = 10 * (1 + next(5))
		case 1:
			sq.Offset = next(400)
		case 2:
			sq.Offset = []int{MaxOffset, 1000, 1000, MaxOffset + 1, -1}[next(5)]
		}
		out = append(out, sq)
	}
	varied, err := loadgen.Searches(variedSeed, 2000)
	if err != nil {
		panic(err) // a fixed size the vocabulary gives
	}
	for _, s := range varied {
		out = append(out, rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition)}, rules.SearchQuery{Q: s.Q, Edition: rules.Edition(s.Edition), Offset: 10})
	}
	return out
}

// answersOf runs every search on several goroutines, so that each reuses
// memory other searches worked in, and writes one JSON line per search, in
// order: the query, then the result (every field, at full precision) or the
// error.
func answersOf(t *testing.T, ix *Index, qs []rules.SearchQuery) []byte {
	type answer struct {
		Query  rules.SearchQuery   `json:"query"`
		Result *rules.SearchResult `json:"result,omitempty"`
		Error  string              `json:"error,omitempty"`
		Detail *rules.Error        `json:"detail,omitempty"`
	}
	lines := make([][]byte, len(qs))
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0) + 1
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(qs); i += workers {
				res, err := ix.Search(context.Background(), qs[i])
				a := answer{Query: qs[i], Result: res}
				if err != nil {
					a.Error = err.Error()
					a.Detail, _ = err.(*rules.Error)
				}
				line, merr := json.Marshal(a)
				if merr != nil {
					t.Errorf("encode %+v: %v", qs[i], merr)
					return
				}
				lines[i] = append(line, '\n')
			}
		})
	}
	wg.Wait()
	return bytes.Join(lines, nil)
}

// TestSearchAnswersAsRecorded runs answersQueries on the real corpus, on
// several goroutines so that each search reuses memory others worked in, and
// checks on every run what holds whatever the ranking: every search is
// answered as the same search run alone answers it, byte for byte (hits,
// order, scores, snippets, totals, facets), and a search refused is refused
// as the caller's (an invalid query or request), never as a fault of the
// service. Without a recording named, every 10th search of the set is run.
//
// A change meant to make searching cheaper shows it changes no answer by
// comparing with the answers recorded before it, in the file named by
// STCCG_SEARCH_ANSWERS; with STCCG_SEARCH_ANSWERS_RECORD=1 it records them
// instead. The recording holds the corpus's text and is never committed.
func TestSearchAnswersAsRecorded(t *testing.T) {
	path := os.Getenv("STCCG_SEARCH_ANSWERS")
	c := testcorpus.Load(t)
	ix := buildCorpus(t)
	qs := answersQueries(c)
	if path == "" {
		var sample []rules.SearchQuery
		for i := 0; i < len(qs); i += 10 {
			sample = append(sample, qs[i])
		}
		qs = sample
	}
	got := answersOf(t, ix, qs)
	alone := bytes.Split(got, []byte("\n"))
	refused := 0
	for i, q := range qs {
		one := bytes.TrimSuffix(answersOf(t, ix, []rules.SearchQuery{q}), []byte("\n"))
		if !bytes.Equal(one, alone[i]) {
			t.Errorf("Search(%+v) among others answers\n %s\nand alone\n %s", q, alone[i], one)
		}
		var a struct {
			Error  string
			Detail *rules.Error
		}
		if err := json.Unmarshal(one, &a); err != nil {
			t.Fatal(err)
		}
		if a.Error != "" {
			refused++
		}
		if a.Error != "" && (a.Detail == nil || a.Detail.Code != rules.EINVALIDQUERY && a.Detail.Code != rules.EINVALID) {
			t.Errorf("Search(%+v) refused: %s (%+v); want an invalid query or request", q, a.Error, a.Detail)
		}
	}
	t.Logf("%d searches answered alike among others and alone, %d of them refused", len(qs), refused)
	if path == "" {
		return
	}
	if os.Getenv("STCCG_SEARCH_ANSWERS_RECORD") == "1" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("recorded the answers to %d searches in %s", len(qs), path)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		t.Logf("the answers to %d searches are as recorded", len(qs))
		return
	}
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	if len(gl) != len(wl) {
		t.Fatalf("%d answers, %d recorded", len(gl)-1, len(wl)-1)
	}
	bad := 0
	for i := range gl {
		if !bytes.Equal(gl[i], wl[i]) {
			if bad++; bad <= 5 {
				t.Errorf("answer %d differs:\n got %s\nwant %s", i, gl[i], wl[i])
			}
		}
	}
	t.Fatalf("%d of %d answers differ", bad, len(qs))
}

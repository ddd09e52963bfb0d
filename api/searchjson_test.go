package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// encodingJSON is what encoding/json writes of v with HTML escaping off.
func encodingJSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestAppendSearchJSONWritesWhatEncodingJSONDoes(t *testing.T) {
	// appendSearchJSON writes these fields; a new one must be added there.
	for typ, n := range map[reflect.Type]int{
		reflect.TypeFor[rules.SearchResult]():     4,
		reflect.TypeFor[rules.WordReading]():      3,
		reflect.TypeFor[rules.SearchHit]():        9,
		reflect.TypeFor[rules.FacetCount]():       2,
		reflect.TypeFor[rules.DocumentCoverage](): 7,
	} {
		if typ.NumField() != n {
			t.Errorf("%s has %d fields, appendSearchJSON writes %d: write the new ones", typ, typ.NumField(), n)
		}
	}
	hit := func(snippet string, score float64) rules.SearchHit {
		return rules.SearchHit{ID: "2e-rulebook.glossary.stopped", Kind: "glossary", Title: `"Stopped" \ <b>`,
			DocumentID: "2e-rulebook", Edition: "2e", Score: score, Snippet: snippet, Anchor: "p-stopped-cards-do-not"}
	}
	for _, r := range []rules.SearchResult{
		{},
		{Total: 0, Hits: []rules.SearchHit{}, Facets: map[string][]rules.FacetCount{}},
		{Total: 3, Hits: []rules.SearchHit{
			hit("A <mark>stopped</mark> card &amp; its &#39;owner&#39;…", 1.2345),
			hit("tab\there\nnew line\r\x00\x1f\x7f \b\f", 0),
			hit("line\u2028para\u2029 bad\xff\xfe byte é “quoted”", 1e-7),
			hit("", 123456789),
			hit("x", 1e21),
			hit("y", -0.5),
			hit("z", 5e-324),
		}, Facets: map[string][]rules.FacetCount{
			"kind":     {{Value: "section", Count: 2}, {Value: "glossary", Count: 1}},
			"edition":  {{Value: "2e", Count: 3}},
			"document": nil,
			"empty":    {},
		}},
		{Total: 1, Hits: []rules.SearchHit{hit("x", 1)}, ReadAs: []rules.WordReading{}},
		{Total: 1, Hits: []rules.SearchHit{hit("x", 1)}, ReadAs: []rules.WordReading{
			{Typed: "stoped", As: "stopped", Why: rules.ReadTypo},
			{Typed: `"Head" quarters\`, As: "headquarters", Why: rules.ReadSplit}}},
		{Total: 0, Hits: []rules.SearchHit{}, ReadAs: []rules.WordReading{{Typed: "opp", As: "opponent", Why: rules.ReadShorthand}}},
		// A hit whose term a document is not held for says which, as its
		// entry does; an empty list is written as none.
		{Total: 2, Hits: []rules.SearchHit{func() rules.SearchHit {
			h := hit("x", 1)
			h.NotHeld = []rules.DocumentCoverage{
				{DocumentID: "rulings-1", Title: "Rulings (H-Z) <new>", CardRulings: true, Letters: "H-Z", Reason: "Held for \"H\" to Z only."},
				{DocumentID: "book-2", Title: "Book", Covers: true, ThroughSet: "7"},
			}
			return h
		}(), func() rules.SearchHit { h := hit("y", 2); h.NotHeld = []rules.DocumentCoverage{}; return h }()}},
	} {
		got := appendSearchJSON(nil, &r)
		if want := encodingJSON(t, &r); !bytes.Equal(got, want) {
			t.Errorf("appendSearchJSON:\n%s\nencoding/json:\n%s", got, want)
		}
	}
}

// FuzzAppendSearchJSON checks appendSearchJSON against encoding/json on any
// strings and scores.
func FuzzAppendSearchJSON(f *testing.F) {
	f.Add("<mark>x</mark>", "a\"b", 0.5)
	f.Add("\xff\u2028\x01", "\\", 1e-9)
	f.Add("", "é", 3e25)
	// Longer than a word of eight bytes, each kind of byte that needs a
	// look at every place in it.
	f.Add("The ship’s crew <mark>beams</mark> down\x1fto \"the\" planet\\surface\u2028ok", "0123456789abcdef\"", 2.5)
	f.Fuzz(func(t *testing.T, snippet, title string, score float64) {
		if math.IsNaN(score) || math.IsInf(score, 0) {
			return
		}
		r := rules.SearchResult{Total: 1, Hits: []rules.SearchHit{{ID: title, Title: title, Score: score, Snippet: snippet}},
			Facets: map[string][]rules.FacetCount{title: {{Value: snippet, Count: 1}}}}
		if got, want := appendSearchJSON(nil, &r), encodingJSON(t, &r); !bytes.Equal(got, want) {
			t.Fatalf("appendSearchJSON:\n%s\nencoding/json:\n%s", got, want)
		}
	})
}

// BenchmarkAppendSearchJSON writes a first page of ten hits with snippets
// of the length the search cuts and scores rounded as it rounds them, as the
// API answers an uncached search.
func BenchmarkAppendSearchJSON(b *testing.B) {
	r := rules.SearchResult{Total: 240, Facets: map[string][]rules.FacetCount{
		"edition": {{Value: "1e", Count: 140}, {Value: "2e", Count: 100}},
		"kind":    {{Value: "section", Count: 90}, {Value: "card", Count: 150}},
	}}
	snippet := "… when your <mark>personnel</mark> are aboard a ship or space facility that you control, they are a crew. In all other situations, they are an Away Team. Your opponent’s <mark>personnel</mark> aboard your ship are intruders …"
	for i := range 10 {
		r.Hits = append(r.Hits, rules.SearchHit{ID: fmt.Sprintf("1e-rulebook.section.the-play-phase.moving-%d", i), Kind: "section",
			Title: "MOVING PERSONNEL AND EQUIPMENT", DocumentID: "1e-rulebook", Edition: "1e", Score: math.Round(12.5/float64(i+1)*1e4) / 1e4, // as the search rounds scores
			Anchor: "p-when-your-personnel-are-aboard-a", Snippet: snippet})
	}
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = appendSearchJSON(buf[:0], &r)
	}
	b.SetBytes(int64(len(buf)))
}

// TestAppendJSONFloatWritesWhatStrconvDoes checks the scores written by their
// digits (appendTenThousandths) against strconv's shortest decimal, as
// encoding/json writes it: scores rounded to four decimals as the search
// rounds them, of every size, and floats of any digits.
func TestAppendJSONFloatWritesWhatStrconvDoes(t *testing.T) {
	viaStrconv := func(f float64) string {
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(f float64) {
		if got, want := string(appendJSONFloat(nil, f)), viaStrconv(f); got != want {
			t.Fatalf("appendJSONFloat(%v) = %s, want %s", f, got, want)
		}
	}
	for k := range 200_000 {
		check(math.Round(float64(k)) / 1e4)
	}
	for range 200_000 {
		scale := math.Pow(10, float64(rng.IntN(18)-4))
		f := rng.Float64() * scale
		check(f)
		check(math.Round(f*1e4) / 1e4)
	}
	for _, f := range []float64{0, 1e-4, 9.99999e-5, 1e11, 1e11 - 1e-4, 99999999999.9999, 0.1 + 0.2, 1.0005, 12.5, 1e21, 1e-7} {
		check(f)
	}
}

// TestStringWritersWriteWhatEncodingJSONDoes holds both string writers (the
// search's, HTML escaping off, and the verdicts', on) to encoding/json over
// generated strings of every length up to forty, their bytes drawn mostly
// from those that need a look (control bytes, quote, backslash, <, > and
// &, bytes of multi-byte runes, U+2028 and U+2029, invalid bytes) among
// plain ones, so that each falls at every place of plainLen's words, steps
// and last word.
func TestStringWritersWriteWhatEncodingJSONDoes(t *testing.T) {
	pieces := []string{"a", "Z", " ", "0", "~", "\x7f", "\x00", "\x1f", "\b", "\f", "\n", "\r", "\t",
		`"`, `\`, "<", ">", "&", "é", "’", "\u2028", "\u2029", "\U0001F596", "\xff", "\xe2\x80", "\xc3"}
	rng := rand.New(rand.NewPCG(14, 24))
	for n := range 41 {
		for range 300 {
			var s []byte
			for len(s) < n {
				if rng.IntN(3) == 0 {
					s = append(s, pieces[rng.IntN(len(pieces))]...)
				} else {
					s = append(s, byte('a'+rng.IntN(26)))
				}
			}
			str := string(s)
			plain := encodingJSON(t, str)
			if got := appendJSONString(nil, str); !bytes.Equal(got, plain[:len(plain)-1]) {
				t.Fatalf("%q:\nappendJSONString %s\nencoding/json    %s", str, got, plain)
			}
			html, err := json.Marshal(str)
			if err != nil {
				t.Fatal(err)
			}
			if got := appendHTMLJSONString(nil, str); !bytes.Equal(got, html) {
				t.Fatalf("%q:\nappendHTMLJSONString %s\nencoding/json        %s", str, got, html)
			}
		}
	}
}

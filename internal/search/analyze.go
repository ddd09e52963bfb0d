package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"

	"github.com/stccg/stccg-rules/internal/rules"
)

// analyzed is a query as the index reads it: each typed word the index does
// not know is replaced by the nearest word it knows (the judge's typo), and
// the other near words are kept as alternatives.
type analyzed struct {
	text    string   // the positive words and phrases, corrected
	phrases []string // the quoted phrases, corrected
	key     string   // the folded text, compared with folded titles
	stems   []string // distinct English terms of the text
	plain   []string // distinct plain words of the text
	// stopWords are the plain words the English analysis drops ("when").
	stopWords []string
	alts      []correction
	// edition is the edition the query names (not as its subject): a
	// filter, when the judge set none. document is the source document it
	// names, whose hits it prefers.
	edition, document string
	// bothEditions says the query names both editions ("stopped 1e vs
	// 2e"): it asks about the rule in each.
	bothEditions bool
	// leans is the edition code the query's words lean to when neither it
	// nor the search's filter names an edition (see leaning; set by
	// Search): the other edition's hits are scaled by Leaning.
	leans uint8
	// intent is the kinds of answer the question's form asks for ("how
	// many": a number), read before its words are dropped; intentStems are
	// the stems (bits by index in stemIDs) of the words that ask it and are
	// searched ("many", "wins"): a paragraph holding the kind of answer
	// holds them.
	intent      intent
	intentStems uint64
	// counted are the stems (bits by index in stemIDs) of the words a
	// question asks the number of ("how many missions"): a number answers
	// it only when it counts one of them (see answersOf); none when the
	// question names nothing after its asking words.
	counted uint64
	// countsTimes: the question asks how many times ("how many times can
	// I beam"), which once and twice answer (isTimesWord).
	countsTimes bool
	// tokens are the English analysis of the text, every word in order, as
	// Bleve's match queries would analyse it.
	tokens analysis.TokenStream

	// The same in the lexicon's ids (noTerm for a word the index does not
	// hold), with each term's rarity, for the re-ranking and the snippets.
	stemIDs  []uint32
	stemIDF  []float64
	stemAll  float64  // the sum of stemIDF
	plainIDs []uint32 // ids of plain
	// coverIDs are the terms a title is compared with: the stems, or the
	// plain words of a query of stop words.
	coverIDs []uint32
	coverIDF []float64
	coverAll float64
	// coverMask is the termMask of coverIDs and plainIDs, the terms a
	// title's are looked for among.
	coverMask uint64
	// markTerms and markPlain are the English terms and plain words a
	// snippet marks.
	markTerms, markPlain []uint32
	// phrase is the query's terms and their distance in words from the
	// first, when a hit's text holding them in order is evidence (a short
	// query, every term known to the index).
	phrase []phraseTerm
	// phraseHeld has a bit set for each of the stems the phrase is made of
	// (share's held): a hit that lacks one cannot hold the phrase.
	phraseHeld uint64

	// terms are the English terms whose holding collect reports for each
	// hit: stemIDs, then the terms the shorthand of the query adds (adds).
	terms []uint32
	// adds are what the thesaurus adds for typed words: each stands for
	// some of the stems, at altWeight, when a hit holds all its terms.
	adds []addition
	// stemPlain is the plain word typed for each stem (noTerm when the
	// index does not hold it): a text holding the word as typed answers
	// better than one holding another word of the stem ("universal" is not
	// "universe").
	stemPlain []uint32
	// stemNumber is the same word in the other grammatical number, the
	// plural of a singular typed or the singular of a plural ("missions"
	// of "mission"), noTerm when the index holds none: as good as typed.
	stemNumber []uint32
	// sides are the stems (bits by index in stemIDs) of the two things a
	// query compares ("reveal vs examine"), and sideAll their rarities
	// summed; none for any other query. A hit is measured against the side
	// it covers best: it answers for one of the two.
	sides   [2]uint64
	sideAll [2]float64
	// addTerms are the terms of adds (terms after stemIDs), as strings.
	addTerms []string
	// derived is how many of the last addTerms are words derived from
	// typed ones (see addDerived).
	derived int
	// readAs are the typed words read as other words, in the order typed
	// (see read); nil when every word was read as typed.
	readAs []rules.WordReading
	// typed are the query's words in order, stop words included, each
	// with its plain word and its English term (noTerm for a stop word or
	// a word the index does not hold), when the query has a stop word
	// between or beside its other words: "out of tactic cards", "dilemma
	// with no conditions" say more as typed than their stems do.
	typed []typedWord
}

// typedWord is one word of the query as typed (see analyzed.typed).
type typedWord struct{ plain, term uint32 }

// addition is a meaning the thesaurus gives some typed words ("hq" means
// "headquarters"): the stems it stands for (bits by index in stemIDs) and
// the terms a hit must hold for it (bits by index in terms).
type addition struct {
	stems, need uint64
	// weight is what holding it counts for against a stem's 1: altWeight
	// for the thesaurus and the forms of a word, Derived for a word derived
	// from a typed one (see addDerived).
	weight float64
}

// phraseTerm is a term of a phrase and its distance in words from the first.
type phraseTerm struct {
	term   uint32
	offset int
}

// queryRoom is the memory reading a query works in (analyzeIn,
// buildQueryIn), kept in a search's scratch for the next search: what it
// holds is read within the search alone (what the result keeps, the words
// read as others, is allocated apart). Each list is handed out with room
// enough for the query, so that none grows into another's.
type queryRoom struct {
	typed, words, parts []string // the words parsed, read, joined
	distinct            []string
	ids, termIDs        []uint32
	idf                 []float64
	phrase              []phraseTerm
	tokens              []analysis.Token
	streams             []*analysis.Token
	clauses             []termClause
	bytes               []byte // the clauses' terms made of strings
}

// room returns *s emptied with room for n, kept in *s for the next query.
func room[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, 0, n)
	}
	return (*s)[:0]
}

func (ix *Index) analyze(u userQuery) analyzed { return ix.analyzeIn(u, new(queryRoom)) }

// analyzeIn is analyze working in r's memory: the lists of the analysis are
// r's until r reads another query.
func (ix *Index) analyzeIn(u userQuery, r *queryRoom) analyzed {
	var a analyzed
	// The typed words as the index holds them, then read for the editions
	// and the document they name and the form of the question.
	words := room(&r.words, len(u.Words))
	named := ""
	// The places (in typed) of words made of two typed ones, and the two
	// as typed: nil unless a pair was joined.
	var pairs []typedPair
	typed := ix.joinSplitWords(u.Words, func(at int, first, second string) {
		pairs = append(pairs, typedPair{at, first + " " + second})
	})
	for i, w := range typed {
		from := len(a.readAs)
		if i > 0 && i+1 < len(typed) {
			// Text-speak's figure for a word ("a leader 2 attack").
			if r, ok := ix.digitAsWord(w, typed[i-1], typed[i+1]); ok {
				words = append(words, r)
				a.read(w, r, rules.ReadShorthand)
				continue
			}
		}
		// The possessive of the table's shorthand is the shorthand ("hq's",
		// "AT's"), as the plain analysis reads the possessive of a word.
		w = ix.possessiveShorthand(w)
		var r string // what w is read as
		shorthand := false
		if m, ok := ix.thes.casedShorthand(w); ok {
			if doc := ix.thes.documentNamed(plainWords(m)); doc != "" && len(u.Words) > 1 {
				named = doc // "CR": where to look, not what about
				continue
			}
			r, shorthand = m, true
		} else if lw := strings.ToLower(w); !ix.vocab.known(lw) {
			// Shorthand with one meaning the index does not hold ("opp",
			// "rng", "reqs") is that word as the rulebooks write it, not a
			// word of its own with a meaning of less weight.
			if m, ok := ix.thes.spelledOut(lw); ok {
				r, shorthand = m, true
			}
		}
		if shorthand {
			words = append(words, strings.Fields(r)...)
			a.read(w, r, rules.ReadShorthand)
		} else {
			before, after := "", ""
			if i > 0 {
				before = typed[i-1]
			}
			if i+1 < len(typed) {
				after = typed[i+1]
			}
			if r = ix.correct(w, &a, before, after); strings.IndexByte(r, ' ') < 0 {
				words = append(words, r)
			} else {
				words = append(words, strings.Fields(r)...)
			}
		}
		for _, p := range pairs {
			if p.at == i {
				// Two typed words read as one: one reading of the two,
				// whatever the word they make was read as.
				a.readAs = a.readAs[:from]
				a.read(p.typed, ix.shown(r), rules.ReadSplit)
			}
		}
	}
	a.edition, words, a.bothEditions = editionWords(words)
	var asking []string
	a.intent, asking = intentOf(words)
	if !ix.w.Bounds {
		a.intent &^= intentBounds
	}
	// The words a number counts follow a number's asking words, which
	// set intentNumber: without them, none (the words are not read again).
	var counted []string
	if a.intent&intentNumber != 0 {
		counted = countedAfter(words)
	}
	if a.document = ix.thes.documentNamed(words); a.document == "" {
		a.document = named
	}
	// "reveal vs examine" compares two things: each side is measured on
	// its own (see sides).
	var sides [2][]string
	if k := slices.IndexFunc(words, func(w string) bool { return w == "vs" || w == "versus" }); k > 0 && k < len(words)-1 {
		// Each side without the question's form, read in the whole
		// question ("when" beside "vs" stays).
		keep := ix.thes.questionFormKept(words)
		for i, w := range words {
			side := 0
			if i > k {
				side = 1
			}
			if i != k && (keep == nil || keep[i]) {
				sides[side] = append(sides[side], w)
			}
		}
		if len(sides[0]) == 0 || len(sides[1]) == 0 {
			sides = [2][]string{ix.thes.dropQuestionForm(words[:k]), ix.thes.dropQuestionForm(words[k+1:])}
		}
		words = append(slices.Clone(sides[0]), sides[1]...)
	} else if len(u.Phrases) > 0 || len(words) > 1 {
		words = ix.thes.dropQuestionForm(words)
	}
	parts := room(&r.parts, len(words)+len(u.Phrases))
	parts = append(parts, words...)
	for _, p := range u.Phrases {
		c := ix.correct(p, &a, "", "")
		a.phrases = append(a.phrases, c)
		parts = append(parts, c)
	}
	a.text = strings.Join(parts, " ")
	a.key = foldTerm(a.text)
	var plain analysis.TokenStream
	var idRoom [2 * maxTableWords]uint32
	var tokenIDs []uint32
	var known bool
	a.tokens, plain, tokenIDs, known = ix.analyzeTextIn(a.text, idRoom[:0], r)
	// The distinct terms and plain words with their lexicon ids, each
	// looked up once (none when read from the table of words, which holds
	// them): what is read of them below is read by their places.
	termIDs := room(&r.termIDs, max(32, len(a.tokens)+len(plain)))
	if known {
		// The stems and the plain words in one list, each with room
		// for all of its stream's.
		distinct := room(&r.distinct, len(a.tokens)+len(plain))
		a.stems, termIDs = ix.lex.distinctTermsOf(a.tokens, tokenIDs[:len(a.tokens)], termIDs, distinct[:0:len(a.tokens)])
		a.plain, termIDs = ix.lex.distinctTermsOf(plain, tokenIDs[len(a.tokens):], termIDs, distinct[len(a.tokens):len(a.tokens)])
	} else {
		a.stems, termIDs = ix.lex.distinctTerms(a.tokens, termIDs)
		a.plain, termIDs = ix.lex.distinctTerms(plain, termIDs)
	}
	stemIDOf, plainIDOf := termIDs[:len(a.stems)], termIDs[len(a.stems):]
	plainID := func(t []byte) uint32 { return plainIDOf[slices.Index(a.plain, string(t))] }
	stemID := func(t []byte) uint32 { return stemIDOf[slices.Index(a.stems, string(t))] }
	// A plain word with no English term at its position is a stop word.
	j := 0
	for _, tok := range plain {
		for j < len(a.tokens) && a.tokens[j].Position < tok.Position {
			j++
		}
		if j < len(a.tokens) && a.tokens[j].Position == tok.Position {
			continue
		}
		if !slices.ContainsFunc(a.stopWords, func(w string) bool { return w == string(tok.Term) }) {
			a.stopWords = append(a.stopWords, a.plain[slices.Index(a.plain, string(tok.Term))])
		}
	}

	n := len(a.stems)
	// The query's lists of ids in one array, each with room of its own
	// (one appended past its room moves out).
	ids := room(&r.ids, 5*n+8+len(a.plain))[:5*n+8+len(a.plain)]
	a.stemIDs, a.markTerms, a.terms = ids[:0:n], ids[n:n:2*n+4], ids[2*n+4:2*n+4:3*n+8]
	a.stemPlain, a.stemNumber = ids[3*n+8:4*n+8:4*n+8], ids[4*n+8:5*n+8:5*n+8]
	a.plainIDs = ids[5*n+8 : 5*n+8 : 5*n+8+len(a.plain)]
	a.stemIDF = room(&r.idf, n)
	for k, t := range a.stems {
		id := stemIDOf[k]
		a.stemIDs = append(a.stemIDs, id)
		if id != noTerm {
			a.stemIDF = append(a.stemIDF, ix.lex.idf[id]) // vocabulary.idf's (lexicon.weigh)
		} else {
			a.stemIDF = append(a.stemIDF, ix.vocab.idf(t))
		}
		a.stemAll += a.stemIDF[len(a.stemIDF)-1]
		if id != noTerm {
			a.markTerms = append(a.markTerms, id)
		}
	}
	a.terms = append(a.terms, a.stemIDs...)
	// The word as typed of each stem ("universal", not "universe"): the
	// plain word at the position of its first English token.
	for k := range a.stemPlain {
		a.stemPlain[k], a.stemNumber[k] = noTerm, noTerm
	}
	j = 0
	for _, tok := range a.tokens {
		k := slices.Index(a.stems, string(tok.Term))
		if k < 0 || a.stemPlain[k] != noTerm {
			continue
		}
		for j < len(plain) && plain[j].Position < tok.Position {
			j++
		}
		if j < len(plain) && plain[j].Position == tok.Position {
			a.stemPlain[k] = plainID(plain[j].Term)
			if a.stemPlain[k] != noTerm {
				a.stemNumber[k] = ix.lex.number[a.stemPlain[k]] // otherNumber
			}
		}
	}
	if sides[0] != nil {
		for side, ws := range sides {
			for _, tok := range ix.english.Analyze([]byte(strings.Join(ws, " "))) {
				if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 && a.sides[side]&(1<<k) == 0 {
					a.sides[side] |= 1 << k
					a.sideAll[side] += a.stemIDF[k]
				}
			}
		}
		if a.sides[0] == 0 || a.sides[1] == 0 || a.sides[0]&a.sides[1] != 0 {
			a.sides = [2]uint64{} // not two things to compare
		}
	}
	for _, w := range asking {
		for _, tok := range ix.english.Analyze([]byte(w)) {
			if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 {
				a.intentStems |= 1 << k
			}
		}
	}
	if ix.w.Counted {
		for _, w := range counted {
			for _, tok := range ix.english.Analyze([]byte(w)) {
				if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 {
					a.counted |= 1 << k
				}
				a.countsTimes = a.countsTimes || string(tok.Term) == "time"
			}
		}
	}
	ix.addMeanings(&a, plain)
	if ix.w.Siblings {
		ix.addSiblings(&a)
	}
	if ix.w.Derived > 0 {
		ix.addDerived(&a)
	}
	a.plainIDs = append(a.plainIDs, plainIDOf...)
	// The whole query as a phrase: evidence for a short query ("showing your
	// cards"), seldom for a question in many words, which skips the cost.
	if n := len(a.plain); n > 1 && n <= maxImplicitPhrase && len(a.tokens) > 0 {
		a.phrase = room(&r.phrase, len(a.tokens))
		for _, tok := range a.tokens {
			id := stemID(tok.Term)
			if id == noTerm {
				a.phrase = nil
				break
			}
			a.phrase = append(a.phrase, phraseTerm{id, tok.Position - a.tokens[0].Position})
			if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 {
				a.phraseHeld |= 1 << k
			}
		}
	}
	if len(a.stopWords) > 0 && len(a.tokens) > 0 && len(plain) <= maxTyped {
		a.typed = make([]typedWord, len(plain))
		j := 0
		for i, tok := range plain {
			a.typed[i] = typedWord{plain: plainID(tok.Term), term: noTerm}
			for j < len(a.tokens) && a.tokens[j].Position < tok.Position {
				j++
			}
			if j < len(a.tokens) && a.tokens[j].Position == tok.Position {
				a.typed[i].term = stemID(a.tokens[j].Term)
			}
		}
	}
	a.coverIDs, a.coverIDF, a.coverAll = a.stemIDs, a.stemIDF, a.stemAll
	if len(a.stems) == 0 {
		a.coverIDs, a.coverIDF, a.coverAll = a.plainIDs, nil, 0
		for _, w := range a.plain {
			a.coverIDF = append(a.coverIDF, ix.vocab.idf(w))
			a.coverAll += a.coverIDF[len(a.coverIDF)-1]
		}
		// A query of stop words marks its words as written.
		a.markPlain = a.plainIDs
	} else {
		for _, c := range a.alts {
			a.markPlain = append(a.markPlain, ix.lex.id(c.word))
		}
	}
	a.coverMask = termMask(a.coverIDs, a.plainIDs, a.terms[len(a.stemIDs):])
	return a
}

// typedPair is a word made of two typed words (see joinSplitWords): its
// place among the words read, and the two as typed.
type typedPair struct {
	at    int
	typed string
}

// read notes that the typed word (or two) was read as another, as, for why
// (a rules.Read* kind): the search answers how it read the query
// (rules.SearchResult.ReadAs). A word read as itself is not noted (nor two
// typed apart read as the word the rulebooks hyphenate, "face up" as
// "face-up"), nor shorthand for an edition ("1e", "2nd": the edition
// filter says how it was read), nor the same reading twice; there are at
// most as many as a query has words.
//
// typed is the word as the person typed it, case kept ("Stoped", "Head
// Quarters"): the reading of a word typed twice in two cases is listed
// once, as first typed.
func (a *analyzed) read(typed, as, why string) {
	if sameWords(typed, as) || why == rules.ReadShorthand && editionSpelling(as) || len(a.readAs) >= maxQueryWords {
		return
	}
	for _, r := range a.readAs {
		if r.As == as && r.Why == why && strings.EqualFold(r.Typed, typed) {
			return
		}
	}
	a.readAs = append(a.readAs, rules.WordReading{Typed: typed, As: as, Why: why})
}

// asTyped is the word w of the typed text s (its lower-cased token) as it
// was typed, case kept: the whole of s when it is w but for case, else the
// first run of s w matches but for case, else w.
func asTyped(s, w string) string {
	if len(s) == len(w) && strings.EqualFold(s, w) {
		return s
	}
	for i := 0; i+len(w) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(w)], w) {
			return s[i : i+len(w)]
		}
	}
	return w
}

// sameWords reports whether two readings are the same words, case and
// hyphens aside ("Face up" and "face-up").
func sameWords(x, y string) bool {
	if len(x) != len(y) {
		return false
	}
	for i := 0; i < len(x); i++ {
		c, d := x[i]|0x20, y[i]|0x20
		if c == '-'|0x20 {
			c = ' '
		}
		if d == '-'|0x20 {
			d = ' '
		}
		if c != d {
			return false
		}
	}
	return true
}

// editionSpelling reports whether shorthand's meaning only names an edition
// or its ordinal, words editionWords reads as the edition filter.
func editionSpelling(m string) bool {
	for _, w := range strings.Fields(m) {
		switch foldedWord(w) {
		case "first", "second", "1st", "2nd", "1e", "2e", "edition":
		default:
			return false
		}
	}
	return m != ""
}

// shown is a word as correct reads it, as the rulebooks write it: the parts
// of a word they hyphenate joined by hyphens ("mis seed" is "mis-seed").
func (ix *Index) shown(r string) string {
	if strings.IndexByte(r, ' ') < 0 {
		return r
	}
	if c, ok := ix.vocab.compounds[strings.ReplaceAll(r, " ", "")]; ok && c.parts == r {
		return strings.ReplaceAll(r, " ", "-")
	}
	return r
}

// correct reads a typed word or phrase as the index holds it: each word the
// index does not know (nor the thesaurus, as shorthand) becomes the hyphenated word it joins ("misseed" ->
// "mis seed"), else the two words it runs together ("awayteam" -> "away
// team"), else the nearest word within a typo's distance (which may be a
// hyphenated word joined and misspelt: "counterattak" -> "counter attack"),
// the other near words kept as alternatives in a.alts (not those of its
// own stem, which it stands for already); or, nearer than any
// word of the index, a word the thesaurus reads alone. Of the words as near,
// the one the rulebooks write beside the typed word's neighbours (before and
// after s, typed) comes first (see inContext). A word the index knows is
// never changed.
func (ix *Index) correct(s string, a *analyzed, before, after string) string {
	var toks []string
	if lowerWord(s) && (ix.vocab.known(s) || ix.thes.knows(s)) {
		return s // the usual case, without allocating
	}
	if j, ok := ix.strayMarkJoined(s); ok {
		a.read(s, j, rules.ReadTypo)
		return j
	}
	if asciiWord(s) {
		// What the plain analysis makes of it, without running it.
		toks = []string{strings.ToLower(s)}
	} else {
		toks = terms(ix.plain, s)
	}
	for i, w := range toks {
		if ix.vocab.known(w) || ix.thes.knows(w) || ix.thes.question[w] {
			continue // a word of the index, the game's shorthand for one, or of a question's form
		}
		stem, knownStem := ix.inflected(w)
		// mistypedOf is the word of the rulebooks w is mistyped from, when
		// that decided it is no two words run together (splitOverTypo).
		mistypedOf := ""
		if c, ok := ix.vocab.compounds[w]; ok {
			toks[i] = c.parts
			continue
		}
		// A half may be another form of a word of the rulebooks they do
		// not print ("drops"), or a word of the thesaurus ("fight").
		if split, rarer, ok := ix.vocab.splitForm(w, func(h string) bool {
			st, inflected := ix.inflected(h)
			return inflected && st != h || ix.thes.knows(h)
		}); ok {
			// Two words run together, unless one letter away from a
			// word the rulebooks use more than the rarer of the two
			// ("misson" is "mission", not "mis son") or never write
			// the two side by side ("wellcome" is "welcome"; see
			// splitOverTypo).
			cs := ix.vocab.corrections(w, 1)
			asSplit := len(cs) == 0
			if !asSplit {
				asSplit, mistypedOf = ix.splitOverTypo(w, split, rarer, cs)
			}
			if asSplit {
				toks[i] = split
				a.read(asTyped(s, w), split, rules.ReadJoined)
				continue
			}
		}
		f := fuzziness(utf8.RuneCountInString(w))
		var cs []correction
		switch {
		case f > 0:
			cs = ix.vocab.soundCorrections(w, f, ix.vocab.corrections(w, f))
		case len(w) == shortTypo && asciiWord(w):
			// A word of three letters is read only as a word it is
			// mistyped from, a letter dropped or two swapped ("crd",
			// "teh"), that the rulebooks write beside a word typed next
			// to it; another letter changed has too many neighbours.
			prev, next := before, after
			if i > 0 {
				prev = toks[i-1]
			}
			if i+1 < len(toks) {
				next = toks[i+1]
			}
			if cs = ix.shortTypoInContext(w, prev, next); len(cs) == 0 {
				continue
			}
			f = 1
		default:
			continue
		}
		if len(cs) == 0 && f == 1 && !knownStem && asciiWord(w) {
			// Two typos in a word of four to six letters ("atakc"),
			// read only beside a word the rulebooks write it with.
			prev, next := before, after
			if i > 0 {
				prev = toks[i-1]
			}
			if i+1 < len(toks) {
				next = toks[i+1]
			}
			cs = ix.twoTyposBeside(w, prev, next)
		}
		if len(cs) == 0 && !knownStem && asciiWord(w) {
			// Two words run together, one of them mistyped
			// ("awayteem").
			if split, ok := ix.splitOverOneTypo(w); ok {
				toks[i] = split
				a.read(asTyped(s, w), split, rules.ReadJoined)
				continue
			}
		}
		if knownStem {
			// Another form of a word of the rulebooks ("filling" of
			// "fills", "earning" of "earned"): it is searched by its
			// stem, never corrected into another word ("falling",
			// "warning"); only a word of its own stem may stand for it
			// as written ("engagment" is "engagement").
			cs = ix.sameStem(cs, stem)
		}
		prev, next := before, after
		if i > 0 {
			prev = toks[i-1]
		}
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		// A stop word stands for a typo only as the word mistyped (a
		// letter added, dropped or two swapped: "theg", "teh", "whne"),
		// not with a letter changed: "fill" is not "will", which as a
		// stop word would leave nothing of it.
		cs = slices.DeleteFunc(cs, func(c correction) bool {
			return len(c.word) == len(w) && !mistyped(w, c.word) && ix.termOf(c.word) == noTerm
		})
		ix.inContext(cs, prev, next)
		if k := slices.IndexFunc(cs, func(c correction) bool { return c.word == mistypedOf }); k > 0 && cs[k].dist == cs[0].dist {
			// The word it is mistyped from, which read it as no two
			// words, before a word as near by another edit ("reday" is
			// "ready", before "relay").
			c := cs[k]
			copy(cs[1:k+1], cs[:k])
			cs[0] = c
		}
		if !knownStem {
			// A typo of a word the thesaurus reads (the table's
			// "fight", a question's "whats") nearer than any word of
			// the index: the judge meant that word ("figth", "wahts").
			if tw, d := ix.thes.nearestBySound(w, f); tw != "" && (len(cs) == 0 || d < cs[0].dist) {
				toks[i] = tw
				a.read(asTyped(s, w), tw, rules.ReadTypo)
				continue
			}
		}
		if len(cs) > 0 {
			toks[i] = cs[0].word
			if c, ok := ix.vocab.compounds[cs[0].word]; ok {
				toks[i] = c.parts
			}
			a.read(asTyped(s, w), ix.shown(toks[i]), rules.ReadTypo)
			// A near word of the chosen one's stem ("opponent" beside
			// "opponents") is no other reading of the typo: the stemmed
			// search finds it already, and as a clause of its own it
			// would lower every text holding the word as typed but not in
			// that form ("turn segments" below each "segment").
			chosen, _ := ix.knownStem(cs[0].word)
			for _, c := range cs[1:] {
				if t, _ := ix.knownStem(c.word); t == chosen {
					continue
				}
				if _, joined := ix.vocab.compounds[c.word]; !joined {
					a.alts = append(a.alts, c)
				}
			}
		}
	}
	return strings.Join(toks, " ")
}

// addMeanings adds to the analysed query what the thesaurus says its words
// mean (see synonyms.json): each meaning stands for the stems of the words
// it was found for, with less weight than they (altWeight).
func (ix *Index) addMeanings(a *analyzed, plain analysis.TokenStream) {
	ix.thes.expand(plain, func(from, to int, means [][]string) {
		// The stems of the typed words, by their positions.
		var stems uint64
		for _, tok := range a.tokens {
			if p := tok.Position - 1; p >= int(plain[from].Position)-1 && p <= int(plain[to-1].Position)-1 {
				if k := slices.Index(a.stems, string(tok.Term)); k >= 0 && k < 64 {
					stems |= 1 << k
				}
			}
		}
		if stems == 0 {
			return
		}
		for _, m := range means {
			var need uint64
			for _, t := range m {
				k := slices.Index(a.stems, t)
				if k < 0 {
					k = slices.Index(a.addTerms, t)
					if k >= 0 {
						k += len(a.stemIDs)
					}
				}
				if k < 0 {
					id := ix.lex.id(t)
					if id == noTerm || len(a.addTerms) == maxAlternatives {
						need = 0
						break
					}
					a.addTerms = append(a.addTerms, t)
					a.terms = append(a.terms, id)
					a.markTerms = append(a.markTerms, id)
					k = len(a.terms) - 1
				}
				if k >= 64 {
					need = 0
					break
				}
				need |= 1 << k
			}
			if need != 0 && need&stems != need {
				a.adds = append(a.adds, addition{stems: stems, need: need, weight: altWeight})
			}
		}
	})
}

// distinctTerms returns the distinct terms of a token stream, in order (the
// lexicon's strings for the terms it holds), and ids with the id of each
// (noTerm for a term it does not hold) appended.
func (l *lexicon) distinctTerms(ts analysis.TokenStream, ids []uint32) ([]string, []uint32) {
	out := make([]string, 0, len(ts))
	for _, tok := range ts {
		if !slices.ContainsFunc(out, func(t string) bool { return t == string(tok.Term) }) {
			if id, ok := l.ids[string(tok.Term)]; ok {
				out, ids = append(out, l.words[id]), append(ids, id)
			} else {
				out, ids = append(out, string(tok.Term)), append(ids, noTerm)
			}
		}
	}
	return out, ids
}

// distinctTermsOf is distinctTerms of a token stream whose terms' ids are
// known, tokenIDs[i] the id of ts[i]'s term (noTerm for one the lexicon does
// not hold): the same terms and ids without looking them up.
// out is where the terms are appended (room for len(ts) of them).
func (l *lexicon) distinctTermsOf(ts analysis.TokenStream, tokenIDs, ids []uint32, out []string) ([]string, []uint32) {
	for i, tok := range ts {
		if !slices.ContainsFunc(out, func(t string) bool { return t == string(tok.Term) }) {
			if id := tokenIDs[i]; id != noTerm {
				out, ids = append(out, l.words[id]), append(ids, id)
			} else {
				out, ids = append(out, string(tok.Term)), append(ids, noTerm)
			}
		}
	}
	return out, ids
}

// otherNumber returns the id of the plural of a singular word, or the
// singular of a plural, when the index holds it; else noTerm (see
// lexicon.number).
func (ix *Index) otherNumber(w string) uint32 {
	if id := ix.lex.id(w); id != noTerm {
		return ix.lex.number[id]
	}
	return noTerm
}

// asciiWord reports whether s is one word of ASCII letters and digits, which
// the plain analysis reads as itself, lower-cased.
func asciiWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !('a' <= c && c <= 'z' || '0' <= s[i] && s[i] <= '9') {
			return false
		}
	}
	return s != ""
}

// knownStem returns the English term of a word the index does not hold as
// written, and whether the word is another form of a word of the rulebooks,
// not a typo: the index holds its term, and the word is that term with an
// ending of English ("fill" and "-ing", "hit" and "-s", "put", "t" and
// "-ing"). A typo whose term happens to be a word of the index ("winnning"
// is "winn" to the stemmer, the name of a card) is none.
func (ix *Index) knownStem(w string) (string, bool) {
	t, ok := ix.englishTerm(w)
	if !ok {
		return "", false
	}
	if _, ok := ix.vocab.weight[t]; !ok {
		return t, false
	}
	return t, inflectionOf(w, t)
}

// inflected is knownStem, without running the analyzer for a word that no
// ending of inflections makes of a term of the index, which knownStem says
// is none (its stem is then ""): most words the index does not know, and
// the halves the readings of such a word weigh ("bud", "get").
func (ix *Index) inflected(w string) (string, bool) {
	if !ix.mayBeInflected(w) {
		return "", false
	}
	return ix.knownStem(w)
}

// mayBeInflected reports whether w is a term of the index (vocabulary.weight)
// as it is, or with an ending of inflections, perhaps after its last letter
// doubled: as inflectionOf reads a word and its term.
func (ix *Index) mayBeInflected(w string) bool {
	weight := ix.vocab.weight
	if _, ok := weight[w]; ok {
		return true
	}
	for _, e := range inflections {
		s, ok := strings.CutSuffix(w, e)
		if !ok || s == "" {
			continue
		}
		if _, ok := weight[s]; ok {
			return true
		}
		if n := len(s); n >= 3 && s[n-1] == s[n-2] {
			if _, ok := weight[s[:n-1]]; ok {
				return true
			}
		}
	}
	return false
}

// inflections are the endings of English forms of a word (as the stemmer
// reads them: "copi" + "es", "happi" + "ness").
var inflections = []string{"s", "es", "ed", "d", "ing", "er", "ers", "ly", "ment", "ments", "able", "ible",
	"ness", "ion", "ions", "ation", "ations", "e", "y", "al"}

// inflectionOf reports whether w is stem and an ending of inflections,
// perhaps with the stem's last consonant doubled after a single one ("put",
// "putting"; not "winn", "winnning").
func inflectionOf(w, stem string) bool {
	rest, ok := strings.CutPrefix(w, stem)
	if !ok {
		return false
	}
	if n := len(stem); rest != "" && n >= 2 && rest[0] == stem[n-1] && stem[n-2] != stem[n-1] {
		if slices.Contains(inflections, rest[1:]) {
			return true
		}
	}
	return rest == "" || slices.Contains(inflections, rest)
}

// sameStem keeps the corrections whose English term is stem.
func (ix *Index) sameStem(cs []correction, stem string) []correction {
	kept := cs[:0]
	for _, c := range cs {
		if t, _ := ix.knownStem(c.word); t == stem {
			kept = append(kept, c)
		}
	}
	return kept
}

// fuzziness is how many edits a typed word of n letters may be from the word
// of the index it stands for: none for short words (too many neighbours),
// one, then two from seven letters.
func fuzziness(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 7:
		return 1
	}
	return 2
}

// foldTerm is rules.FoldTerm, the folded name's words each made singular,
// written into one string of the folded name's length: FoldTerm splits the
// name into a list of its words and joins them again, two allocations for
// every query. A folded name of ASCII words one space apart (a query's,
// nearly always) is read here; any other is left to FoldTerm
// (TestFoldTermIsRulesFoldTerm).
func foldTerm(s string) string {
	f := rules.FoldName(s)
	if f == "" || f[0] == ' ' || f[len(f)-1] == ' ' {
		return rules.FoldTerm(s)
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c >= utf8.RuneSelf || asciiSpace[c] && (c != ' ' || f[i+1] == ' ') {
			return rules.FoldTerm(s)
		}
	}
	// Only the words Singular changes are written anew.
	var b []byte
	for at := 0; at < len(f); {
		end := strings.IndexByte(f[at:], ' ')
		if end < 0 {
			end = len(f)
		} else {
			end += at
		}
		w := f[at:end]
		if sw := rules.Singular(w); sw != w || b != nil {
			if b == nil {
				b = make([]byte, 0, len(f))
				b = append(b, f[:at]...)
			}
			b = append(b, sw...)
			if end < len(f) {
				b = append(b, ' ')
			}
		}
		at = end + 1
	}
	if b == nil {
		return f
	}
	return string(b)
}

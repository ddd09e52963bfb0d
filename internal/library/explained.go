package library

import (
	"context"
	"slices"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Terms a sentence explains. Many of the game's terms have no glossary
// entry, ruling or section of their own: the 1E rulebook says what a
// mis-seed is where it tells what may be seeded ("... it is a mis-seed"),
// what an Away Team is where it moves personnel ("In all other situations,
// they are an Away Team"), and prints an icon's code beside its name
// ("Alternate Universe [AU] icon"). Define answers such a term with the
// entry holding the sentence that explains it, and the sentence, marked
// DefineExplained: found by how the sentence is written, never by a list
// of terms. A sentence that only mentions the term explains nothing, so a
// term the documents only mention is still not found.

// An explainStrength is how plainly a sentence says what a term is; only
// the plainest found answers.
type explainStrength int

const (
	// explainsAsNoun: "... they are a crew.", "it is a mis-seed.", "...
	// are mis-seeds and are placed ...": the subject is one of the term.
	// A state ("is completed", "is present") says how a thing is, not
	// what it is, and is not read.
	explainsAsNoun explainStrength = iota + 1
	// explainsAsName: "... also called intruders", "referred to as your
	// normal card play", "A counter-attack is ...", "Deep Space 9 (a
	// facility)", "Alternate Universe [AU]": the sentence names the term
	// for what it says.
	explainsAsName
)

// maxExplainedEntries is how many entries explaining a term define answers.
const maxExplainedEntries = 3

// maxExplainedWords bounds the words of a term read in the sentences: a
// longer one is a question, not a term.
const maxExplainedWords = 5

// A sentenceToken is a folded word of a sentence, with what stands before
// it: a mark ending a clause (".", ",", ";", ":", "(", ")"), or a bracket
// opening a code ("[AU]").
type sentenceToken struct {
	word string
	// mark is the clause mark before the word, 0 for none.
	mark rune
	// code: the word stands in square brackets.
	code bool
	// quoted: the word stands in quotation marks.
	quoted bool
}

// An explainingSentence is one sentence of an entry's paragraph, read into
// tokens once.
type explainingSentence struct {
	e      *rules.Entry
	para   int
	text   string
	tokens []sentenceToken
}

// sentenceIndex holds the rules entries' sentences and, for each word, where
// it stands in them, so a term is looked for only where its first word or
// a beginning of it (joined words) stands.
type sentenceIndex struct {
	sentences []explainingSentence
	// at are the places of each word: the sentence and the token.
	at map[string][][2]int32
}

// sentenceIndexOf reads every rules entry's sentences (cards are not
// read: they say what a card does, not what a term is).
func sentenceIndexOf(entries []*rules.Entry) *sentenceIndex {
	ix := &sentenceIndex{at: map[string][][2]int32{}}
	for _, e := range entries {
		if e.Kind == rules.KindCard {
			continue
		}
		paras := e.Paragraphs
		if len(paras) == 0 {
			paras = rules.Paragraphs(e.Text)
		}
		for p, para := range paras {
			for _, s := range rules.Sentences(para.Text) {
				toks := sentenceTokens(s)
				if len(toks) == 0 {
					continue
				}
				n := int32(len(ix.sentences))
				ix.sentences = append(ix.sentences, explainingSentence{e: e, para: p, text: s, tokens: toks})
				for i, t := range toks {
					ix.at[t.word] = append(ix.at[t.word], [2]int32{n, int32(i)})
				}
			}
		}
	}
	return ix
}

// sentenceTokens reads a sentence into folded words, each with the clause
// mark before it. A hyphen, a dash within a word, a quote or a symbol only
// parts words; an apostrophe joins them ("opponent’s").
func sentenceTokens(s string) []sentenceToken {
	var out []sentenceToken
	var word []rune
	var mark rune
	code, quoted := false, false
	flush := func() {
		if len(word) == 0 {
			return
		}
		if w := rules.FoldName(string(word)); w != "" && !strings.Contains(w, " ") {
			out = append(out, sentenceToken{word: w, mark: mark, code: code, quoted: quoted})
			mark = 0
		}
		word = word[:0]
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			word = append(word, r)
		case r == '\'' || r == '’':
		case r == '[':
			flush()
			code = true
		case r == ']':
			flush()
			code = false
		case r == '“' || r == '"' && !quoted:
			flush()
			quoted = true
		case r == '”' || r == '"':
			flush()
			quoted = false
		case strings.ContainsRune(".,;:()!?—–", r):
			flush()
			mark = r
		default:
			flush()
		}
	}
	flush()
	return out
}

// determiners stand between a verb and the term it names ("they are an
// Away Team", "called your core").
var determiners = map[string]bool{"a": true, "an": true, "the": true, "your": true, "their": true,
	"his": true, "her": true, "its": true, "this": true, "these": true, "each": true, "any": true, "all": true}

// copulas say what their subject is.
// A thing that becomes another ("the non-android becomes an android") is
// changed, not explained.
var copulas = map[string]bool{"is": true, "are": true, "be": true}

// naming verbs give what comes after them as a name.
var namingVerbs = map[string]bool{"called": true, "named": true, "termed": true}

// An explanation found: the sentence, where the term stands in it, and how
// plainly it explains it.
type explanation struct {
	s        *explainingSentence
	strength explainStrength
}

// explainedBy returns the entries of the edition (all when empty) holding
// the plainest sentence that explains the reading, governing document
// first, then in reading order, at most maxExplainedEntries, each a copy
// marked DefineExplained with that sentence. code, when not empty, is the
// term as typed, read also as an icon's code printed beside its name. It
// stops with ctx's error when ctx ends.
func (l *Library) explainedBy(ctx context.Context, reading, code, edition string) ([]*rules.Entry, explainStrength, error) {
	words := sentenceTokens(reading)
	if len(words) == 0 || len(words) > maxExplainedWords {
		return nil, 0, nil
	}
	joined := ""
	for _, w := range words {
		joined += w.word
	}
	key := formKey(reading)
	if key == "" || onlyFunctionWords(key) {
		return nil, 0, nil
	}
	ix := l.sentences
	var found []explanation
	consider := func(n int32, strength explainStrength) {
		s := &ix.sentences[n]
		if edition != "" && s.e.Edition != edition || strength == 0 {
			return
		}
		found = append(found, explanation{s, strength})
	}
	// The term's first word, or a beginning of it when the documents join
	// or part its words otherwise ("mis-seed", "misseed"): every place it
	// stands is a step.
	step := 0
	for k := 1; k <= len(joined); k++ {
		for _, at := range ix.at[joined[:k]] {
			if err := stopped(ctx, step); err != nil {
				return nil, 0, err
			}
			step++
			s := &ix.sentences[at[0]]
			if end, ok := spans(s.tokens, int(at[1]), joined); ok {
				consider(at[0], explains(s.tokens, int(at[1]), end))
			}
		}
	}
	if c := rules.FoldName(code); c != "" && !strings.Contains(c, " ") {
		for _, at := range ix.at[c] {
			if err := stopped(ctx, step); err != nil {
				return nil, 0, err
			}
			step++
			s := &ix.sentences[at[0]]
			if s.tokens[at[1]].code && codeBesideName(s.tokens, int(at[1]), c) {
				consider(at[0], explainsAsName)
			}
		}
	}
	if len(found) == 0 {
		return nil, 0, nil
	}
	best := slices.MaxFunc(found, func(a, b explanation) int { return int(a.strength - b.strength) }).strength
	found = slices.DeleteFunc(found, func(x explanation) bool { return x.strength != best })
	slices.SortStableFunc(found, func(a, b explanation) int {
		if c := rules.CompareGoverning(l.docByID[a.s.e.DocumentID], l.docByID[b.s.e.DocumentID]); c != 0 {
			return c
		}
		if a.s.e.Order != b.s.e.Order {
			return a.s.e.Order - b.s.e.Order
		}
		return a.s.para - b.s.para
	})
	var out []*rules.Entry
	for _, x := range found {
		if slices.ContainsFunc(out, func(e *rules.Entry) bool { return e.ID == x.s.e.ID }) {
			continue
		}
		if len(out) == maxExplainedEntries {
			break
		}
		c := matched(x.s.e, rules.DefineExplained, nil)
		anchor := ""
		if x.s.para < len(x.s.e.Paragraphs) {
			anchor = x.s.e.Paragraphs[x.s.para].Anchor
		}
		c.Explained = &rules.Explanation{Anchor: anchor, Sentence: x.s.text, Reading: reading}
		out = append(out, c)
	}
	return out, best, nil
}

// spans says whether the tokens from i on spell joined, their words
// joined or parted otherwise ("mis seeds" for misseed) and the last one
// inflected otherwise (plurals, -ed, -ing), within one clause; end is
// the token after them. It compares in place: most places looked at are
// a common word that begins the term ("a" of "away team").
func spans(toks []sentenceToken, i int, joined string) (end int, ok bool) {
	off := 0
	for j := i; j < len(toks) && j-i <= maxExplainedWords; j++ {
		if j > i && toks[j].mark != 0 {
			return 0, false
		}
		w, rest := toks[j].word, joined[off:]
		switch {
		case w == rest:
			return j + 1, true
		case len(w) >= minInflected && len(rest) >= minInflected && w[:minInflected] == rest[:minInflected] && sameInflected(w, rest):
			return j + 1, true
		case len(w) < len(rest) && strings.HasPrefix(rest, w):
			off += len(w)
			continue
		}
		return 0, false
	}
	return 0, false
}

// minInflected is the fewest letters a word keeps without its ending.
const minInflected = 4

// sameInflected says a and b are one word but for a plural, -ed or -ing
// ending.
func sameInflected(a, b string) bool {
	return slices.ContainsFunc(inflections(a), func(x string) bool { return slices.Contains(inflections(b), x) })
}

// inflections are a word and its stems without a plural, -ed or -ing
// ending (each leaving minInflected letters at least).
func inflections(w string) []string {
	out := []string{w, rules.Singular(w)}
	for _, suf := range []string{"ed", "d", "ing"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= minInflected {
			out = append(out, w[:len(w)-len(suf)])
		}
	}
	return out
}

// explains is how plainly the sentence explains the term standing at
// tokens [i, end); 0 when it only mentions it.
func explains(toks []sentenceToken, i, end int) explainStrength {
	// A short gloss after it, the term a whole name: "Deep Space 9 (a
	// facility)", not "9" of it.
	whole := i == 0 || toks[i].mark != 0 || determiners[toks[i-1].word]
	if whole && end < len(toks) && toks[end].mark == '(' && (toks[end].word == "a" || toks[end].word == "an") {
		for j := end + 1; j < len(toks) && j <= end+maxGlossWords; j++ {
			if toks[j].mark == ')' {
				return explainsAsName
			}
			if toks[j].mark != 0 {
				break
			}
		}
		if end+maxGlossWords >= len(toks)-1 && !slices.ContainsFunc(toks[end+1:], func(t sentenceToken) bool { return t.mark != 0 }) {
			return explainsAsName
		}
	}
	// The term ends where its clause does, or before "and" or "or" that
	// are no words of a quoted name ("“Prejudice and Politics”").
	closes := end == len(toks) || toks[end].mark != 0 ||
		(toks[end].word == "and" || toks[end].word == "or") && !(toks[end].quoted && toks[end-1].quoted)
	// What stands before it: determiners skipped within the clause.
	b := i - 1
	article, specific := false, false
	for b >= 0 && toks[b+1].mark == 0 && determiners[toks[b].word] {
		if w := toks[b].word; w == "a" || w == "an" {
			article = true
		} else {
			specific = true
		}
		b--
	}
	if b >= 0 && toks[b+1].mark == 0 {
		prev := toks[b].word
		switch {
		case namingVerbs[prev] && closes:
			return explainsAsName
		case prev == "as" && b >= 2 && (toks[b-1].word == "to" && toks[b-2].word == "referred" || toks[b-1].word == "known") && closes:
			return explainsAsName
		case prev == "considered" && b >= 1 && copulas[toks[b-1].word] && closes:
			return explainsAsName
		case copulas[prev] && !specific && (article || plural(toks[end-1].word)) && endsNoun(toks, end) && saysWhatItIs(toks, b):
			return explainsAsNoun
		}
		return 0
	}
	// Opening a sentence or a clause after a semicolon, the term in
	// general (no "your" or "the": "Your normal card play is an explicit
	// cost" says what one costs, not what one is), before what it is: "A
	// counter-attack is a new battle", "A leader is any personnel with
	// ...", "Kill means ...".
	if b >= 0 && toks[b+1].mark != ';' || specific || toks[i].word == "there" {
		return 0 // "There are a few ways ...": there stands for no term
	}
	j := end
	if j < len(toks) && toks[j].mark == '(' {
		for j < len(toks) && toks[j].mark != ')' {
			j++
		}
	}
	if j >= len(toks) || toks[j].mark != 0 && j == end {
		return 0
	}
	switch w := toks[j].word; {
	case w == "means" || w == "mean":
		return explainsAsName
	case (w == "is" || w == "are") && j+1 < len(toks) && toks[j+1].mark == 0 && (determiners[toks[j+1].word] || namingVerbs[toks[j+1].word]):
		return explainsAsName
	}
	return 0
}

// maxGlossWords bounds the words of a gloss in brackets after a term ("(a
// facility)"): a longer aside says something else.
const maxGlossWords = 4

// plural says a word reads as a plural ("mis-seeds"): a copula before it
// then says what its subject is one of, as an article would.
func plural(w string) bool { return rules.Singular(w) != w }

// endsNoun says the term ends its clause as a noun does: at a full stop,
// a bracket, a colon or a semicolon, or before "and"/"or" and a verb —
// not in a list ("is a weapon, tricorder, or ..." says what the subject
// is, not what a weapon is).
func endsNoun(toks []sentenceToken, end int) bool {
	if end == len(toks) {
		return true
	}
	switch toks[end].mark {
	case '.', ';', ':', '(', ')', '!', '?':
		return true
	case 0:
		return toks[end].word == "and" && end+1 < len(toks) && copulas[toks[end+1].word]
	}
	return false
}

// conditions open a clause that supposes rather than says ("If the
// facility is a Nor, ..."); there opens one that says a thing is
// somewhere ("where there is a ship").
var conditions = map[string]bool{"if": true, "when": true, "whether": true, "unless": true, "where": true,
	"while": true, "once": true, "until": true, "there": true, "whenever": true}

// saysWhatItIs says the clause of the copula at b states what its
// subject is: no word of it before the copula supposes or places it.
func saysWhatItIs(toks []sentenceToken, b int) bool {
	for j := b - 1; j >= 0; j-- {
		if conditions[toks[j].word] {
			return false
		}
		if toks[j].mark != 0 {
			break
		}
	}
	return true
}

// maxCodeReach is how many words before an icon's code its name may stand
// ("Holographic personnel (with the [Holo] icon)").
const maxCodeReach = 6

// codeBesideName says the code at token i ("[AU]") is printed beside the
// name it shortens, within maxCodeReach words before it: words whose first
// letters spell it ("Alternate Universe [AU]"), or a word it begins
// ("Holographic personnel (with the [Holo] icon)"). A code printed where
// its name is not ("no leader or [Def] personnel") explains nothing.
func codeBesideName(toks []sentenceToken, i int, code string) bool {
	for end := i - 1; end >= 0 && i-end <= maxCodeReach; end-- {
		if toks[end].code {
			return false
		}
		if strings.HasPrefix(toks[end].word, code) && toks[end].word != code {
			return true
		}
		initials := ""
		for j := end; j >= 0 && len(initials) < len(code); j-- {
			initials = toks[j].word[:1] + initials
		}
		if initials == code {
			return true
		}
	}
	return false
}

// namedOtherwise are the entries defining a term no title names, in any
// form: as the game's shorthand for a title (DefineShorthand), or
// explained by a sentence (DefineExplained), the term's own words first,
// then what it stands for as shorthand. A question is none of these. It
// stops with ctx's error when ctx ends.
func (l *Library) namedOtherwise(ctx context.Context, term, edition string) ([]*rules.Entry, error) {
	if _, question := questionSearch(term); question {
		return nil, nil
	}
	meanings := l.shorthand.Meanings(term)
	for _, m := range meanings {
		out := l.titledWith(m, rules.FoldTerm(m), edition)
		if len(out) == 0 {
			// Another form of the title, not a title holding it among
			// other words: shorthand names a thing, not what it is in.
			loose, err := l.loosely(ctx, formKey(m), edition)
			if err != nil {
				return nil, err
			}
			out = slices.DeleteFunc(loose, func(e *rules.Entry) bool { return e.Match != rules.DefineForm })
		}
		if len(out) > 0 {
			return remark(out, rules.DefineShorthand), nil
		}
	}
	if out, _, err := l.explainedBy(ctx, term, term, edition); err != nil || len(out) > 0 {
		return out, err
	}
	for _, m := range meanings {
		out, _, err := l.explainedBy(ctx, m, "", edition)
		if err != nil {
			return nil, err
		}
		if len(out) > 0 {
			for _, e := range out {
				e.Explained.Shorthand = true
			}
			return out, nil
		}
	}
	return nil, nil
}

// explainedBeforePartial puts first, before entries whose titles only hold
// the term among other words (DefinePartial: "report with crew" for crew),
// the entries whose sentence names the term for what it is ("they are a
// crew"): such a title is about something else the term takes part in.
// A sentence only saying what the term is of ("... are mis-seeds") does
// not come first.
func (l *Library) explainedBeforePartial(ctx context.Context, out []*rules.Entry, term, edition string) ([]*rules.Entry, error) {
	if len(out) == 0 || out[0].Match != rules.DefinePartial {
		return out, nil
	}
	ex, strength, err := l.explainedBy(ctx, term, term, edition)
	if err != nil {
		return nil, err
	}
	if strength < explainsAsNoun {
		return out, nil
	}
	for _, e := range out {
		if !slices.ContainsFunc(ex, func(x *rules.Entry) bool { return x.ID == e.ID }) {
			ex = append(ex, e)
		}
	}
	return ex, nil
}

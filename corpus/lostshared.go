package corpus

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Lost symbols shared between versions: the rulebooks of an edition print
// many sentences word for word, and the extraction of one may keep the gap
// where an icon stood (marked rules.LostSymbol by cleanLine or the grammar)
// where another's lost it with its spacing ("You may play cards, cards, and
// equipment"), which reads as fluent wrong text.
//
// Whether a copy without a mark lost its icon or never had one (a revision
// that dropped or added an icon beside words it kept) is told by its
// document: one whose copies of the sentences other versions mark show at
// least keptGaps of those marks keeps its gaps, so a mark it lacks is an
// icon it does not print; one that shows fewer lost the spacing of its icons
// in extraction. A sentence printed word for word in several places is given
// every mark any copy shows, at the same place among its words, in the
// documents of the second kind only. (Measured on the corpus: the Premiere
// and the current rulebook show 0.96 and 0.95 of the marks, Call to Arms
// 0.2.)

// minSharedWords is how many words a sentence needs for its copies to be
// taken for one sentence: a short one ("Draw a card.") may stand in several
// places with and without an icon.
const minSharedWords = 6

// keptGaps is the share of the marks other copies show that a document's
// copies must show for the document to be taken to keep its icons' gaps.
const keptGaps = 0.5

// shareLostSymbols marks in each sentence of the entries every place one of
// its copies of the same edition shows a lost symbol, and returns how many
// marks it added.
func shareLostSymbols(entries []*rules.Entry) int {
	type copyOf struct {
		entry int
		span  [2]int
	}
	copies := map[string][]copyOf{}
	marks := map[string]map[int]bool{}
	for ei, e := range entries {
		for _, sp := range sentenceSpans(e.Text) {
			words, at := sentenceWords(e.Text[sp[0]:sp[1]])
			if len(words) < minSharedWords {
				continue
			}
			key := e.Edition + "\x00" + strings.Join(words, " ")
			copies[key] = append(copies[key], copyOf{ei, sp})
			for _, k := range at {
				if marks[key] == nil {
					marks[key] = map[int]bool{}
				}
				marks[key][k] = true
			}
		}
	}
	// Each entry's missing marks, by sentence, rewritten from its end so
	// that the spans before stay where they are.
	type fix struct {
		span [2]int
		at   map[int]bool
	}
	// Which documents keep their gaps: the share of the marks of the
	// sentences they share that their own copies show.
	shown, shared := map[string]int{}, map[string]int{}
	marksOf := func(c copyOf) map[int]bool {
		e := entries[c.entry]
		_, at := sentenceWords(e.Text[c.span[0]:c.span[1]])
		m := map[int]bool{}
		for _, k := range at {
			m[k] = true
		}
		return m
	}
	for key, cs := range copies {
		if len(marks[key]) == 0 || len(cs) < 2 {
			continue
		}
		for _, c := range cs {
			doc := entries[c.entry].DocumentID
			shared[doc] += len(marks[key])
			shown[doc] += len(marksOf(c))
		}
	}
	keeps := func(doc string) bool { return float64(shown[doc]) >= keptGaps*float64(shared[doc]) }
	// A copy in a document that lost its gaps takes the marks every copy
	// of a document keeping its gaps shows (they agree where no revision
	// differs), or, with none such, those any copy shows.
	fixes := map[int][]fix{}
	for key, cs := range copies {
		if len(marks[key]) == 0 || len(cs) < 2 {
			continue
		}
		var agreed map[int]bool
		for _, c := range cs {
			if !keeps(entries[c.entry].DocumentID) {
				continue
			}
			m := marksOf(c)
			if agreed == nil {
				agreed = m
				continue
			}
			for k := range agreed {
				if !m[k] {
					delete(agreed, k)
				}
			}
		}
		if agreed == nil {
			agreed = marks[key]
		}
		for _, c := range cs {
			if !keeps(entries[c.entry].DocumentID) && len(agreed) > 0 {
				fixes[c.entry] = append(fixes[c.entry], fix{c.span, agreed})
			}
		}
	}
	added := 0
	for ei, fs := range fixes {
		slices.SortFunc(fs, func(a, b fix) int { return a.span[0] - b.span[0] })
		text := entries[ei].Text
		for i := len(fs) - 1; i >= 0; i-- {
			f := fs[i]
			s, n := markSentence(text[f.span[0]:f.span[1]], f.at)
			if n > 0 {
				text = text[:f.span[0]] + s + text[f.span[1]:]
				added += n
			}
		}
		entries[ei].Text = text
	}
	return added
}

// sentenceWords are a sentence's words, lower case (runs of letters and
// digits), and the places of its lost symbols among them: k for a mark
// before the k-th word (from 0), len(words) for one after the last.
func sentenceWords(s string) (words []string, at []int) {
	start := -1
	for i, r := range s {
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		if word && start < 0 {
			start = i
		}
		if !word && start >= 0 {
			words = append(words, strings.ToLower(s[start:i]))
			start = -1
		}
		if string(r) == rules.LostSymbol {
			at = append(at, len(words))
		}
	}
	if start >= 0 {
		words = append(words, strings.ToLower(s[start:]))
	}
	return words, at
}

// markSentence puts a lost symbol at each place of at (as sentenceWords
// counts them) the sentence does not already mark, and says how many it
// put.
func markSentence(s string, at map[int]bool) (string, int) {
	_, have := sentenceWords(s)
	has := map[int]bool{}
	for _, k := range have {
		has[k] = true
	}
	var b strings.Builder
	added := 0
	k, inWord := 0, false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		if word && !inWord {
			if at[k] && !has[k] {
				b.WriteString(rules.LostSymbol + " ")
				added++
			}
			k++
		}
		inWord = word
		b.WriteString(s[i : i+n])
		i += n
	}
	if at[k] && !has[k] {
		// After the last word, before the stop that ends the sentence.
		out := b.String()
		end := len(out)
		for end > 0 {
			r, n := utf8.DecodeLastRuneInString(out[:end])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				break
			}
			end -= n
		}
		return out[:end] + " " + rules.LostSymbol + out[end:], added + 1
	}
	return b.String(), added
}

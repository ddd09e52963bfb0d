package search

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Definitions. The newest Second Edition rulebook gathers terms the older
// ones gave a section each ("SKILLS", "KEYWORDS", "DESTROY, DISCARD, AND
// KILL") into one section of definitions, a paragraph each opening with the
// term ("Skills: Personnel have...", "Discard, Destroy, and Kill: These
// words..."). Such a paragraph states the same rule as the older section of
// that title, so the two are found as one rule (see numberRules): the newer
// rulebook's entry governs, and takes the best score of the two.

// maxDefinedWords bounds the words of a term a paragraph opens by defining.
const maxDefinedWords = 5

// definedTerm returns the term a paragraph opens by defining ("Skills",
// "Discard, Destroy, and Kill"): a few words starting with a capital, with
// no punctuation but commas, before a colon; "" for none.
func definedTerm(paragraph string) string {
	i := strings.Index(paragraph, ": ")
	if i <= 0 {
		return ""
	}
	term := paragraph[:i]
	if r, _ := utf8.DecodeRuneInString(term); !unicode.IsUpper(r) {
		return ""
	}
	if len(strings.Fields(term)) > maxDefinedWords || strings.ContainsFunc(term, func(r rune) bool {
		return !unicode.IsLetter(r) && r != ' ' && r != ',' && r != '-'
	}) {
		return ""
	}
	return term
}

// termWords is a term's folded words but "and", in order of the alphabet:
// "Destroy, Discard, and Kill" and "Discard, Destroy, and Kill" agree.
func termWords(term string) string {
	words := strings.Fields(rules.FoldTerm(term))
	words = slices.DeleteFunc(words, func(w string) bool { return w == "and" })
	slices.Sort(words)
	return strings.Join(words, " ")
}

// A definition is a paragraph of a section that defines the title of
// another document's section (docMeta.defines).
type definition struct {
	para  int16
	other *docMeta
}

// relateDefinitions finds, for each section, its paragraphs that define a
// term (from the one naming it to the next naming another) and the sections of the other documents of its edition titled with
// that term (docMeta.defines), and relates the two both ways: a search
// finding the section by that paragraph found the same rule as the other.
func relateDefinitions(metas []*docMeta) {
	type key struct{ edition, words string }
	titled := map[key][]*docMeta{}
	for _, m := range metas {
		m.defines = nil
		if m.Kind == rules.KindSection {
			k := key{m.Edition, termWords(m.Title)}
			titled[k] = append(titled[k], m)
		}
	}
	for _, m := range metas {
		if m.Kind != rules.KindSection {
			continue
		}
		// A definition runs from the paragraph naming the term to the
		// next one naming another.
		var others []*docMeta
		for p, para := range m.paras {
			if term := definedTerm(m.Text[para.from:para.to]); term != "" {
				others = others[:0]
				for _, o := range titled[key{m.Edition, termWords(term)}] {
					if o.DocumentID != m.DocumentID {
						others = append(others, o)
						o.defines = append(o.defines, definition{para: -1, other: m})
					}
				}
			}
			for _, o := range others {
				m.defines = append(m.defines, definition{para: int16(p), other: o})
			}
		}
	}
}

// defines reports whether hit x, found by its paragraph para, states by a
// definition the rule of the section y (para -1 is any paragraph).
func definesRule(x *docMeta, para int16, y *docMeta) bool {
	for _, d := range x.defines {
		if d.other == y && (d.para < 0 || d.para == para) {
			return true
		}
	}
	return false
}

// Copies. A newer rulebook of an edition often keeps an older one's
// paragraph word for word under another heading (the Call to Arms
// rulebook's "When your attempt fails" opens with the newest rulebook's
// paragraph of "Checking Mission Requirements"): a search finding the older
// section by that paragraph found the rule the newer one states, which
// governs it.

// copiedShare is the least share of a paragraph's folded words, in order, a
// newer rulebook's paragraph must hold to state it: a newer rulebook adds a
// word or changes one and merges paragraphs, and a rewritten rule holds
// less (the question sets' grading reads copies so).
const copiedShare = 0.9

// minCopiedWords is the fewest words a paragraph is read as a copy by: a
// line of a list ("planet", "Other icons include:") is held by many.
const minCopiedWords = 5

// A copied is a paragraph of an entry a newer rulebook's entry holds
// (docMeta.copies).
type copied struct {
	para  int16
	newer *docMeta
}

// relateCopies finds, for each paragraph of a rulebook's section or
// glossary entry, the entries of a newer rulebook of its edition (higher
// precedence) with a paragraph holding it (docMeta.copies). A ruling
// quoting a rulebook's paragraph is left out: it answers one question of a
// section that answers many.
func relateCopies(metas []*docMeta) {
	// The paragraphs of each edition, their folded words as ids, and for
	// each word the paragraphs holding it: the paragraphs sharing enough
	// words with one are counted from those lists, not compared pair by
	// pair.
	type folded struct {
		m        *docMeta
		para     int
		words    []int32
		distinct []int32
	}
	byEdition := map[string][]folded{}
	ids := map[string]int32{}
	for _, m := range metas {
		m.copies = nil
		if m.Kind != rules.KindSection && m.Kind != rules.KindGlossary {
			continue
		}
		for p, para := range m.paras {
			f := folded{m: m, para: p}
			for _, w := range strings.Fields(rules.FoldName(m.Text[para.from:para.to])) {
				id, ok := ids[w]
				if !ok {
					id = int32(len(ids))
					ids[w] = id
				}
				f.words = append(f.words, id)
			}
			f.distinct = slices.Compact(slices.Sorted(slices.Values(f.words)))
			byEdition[m.Edition] = append(byEdition[m.Edition], f)
		}
	}
	holding := make([][]int32, len(ids))
	for _, paras := range byEdition {
		for i := range holding {
			holding[i] = holding[i][:0]
		}
		for j, f := range paras {
			for _, w := range f.distinct {
				holding[w] = append(holding[w], int32(j))
			}
		}
		common := make([]int32, len(paras))
		var touched []int32
		for _, old := range paras {
			if len(old.words) < minCopiedWords {
				continue
			}
			// A newer paragraph holding the words in order holds all
			// of them but those the share lets go, each missing
			// distinct word costing one at least.
			share := copiedShare
			if old.m.dropped {
				share = droppedCopiedShare
			}
			least := int32(len(old.distinct)) - int32(float64(len(old.words))*(1-share)+1e-9)
			touched = touched[:0]
			for _, w := range old.distinct {
				for _, j := range holding[w] {
					if common[j] == 0 {
						touched = append(touched, j)
					}
					common[j]++
				}
			}
			for _, j := range touched {
				nw := paras[j]
				if common[j] >= least && nw.m.Precedence > old.m.Precedence && nw.m.DocumentID != old.m.DocumentID &&
					!copiedBy(old.m, int16(old.para), nw.m) && holdsWordsShare(old.words, nw.words, share) {
					old.m.copies = append(old.m.copies, copied{para: int16(old.para), newer: nw.m})
				}
				common[j] = 0
			}
		}
	}
}

// copiedBy reports whether the paragraph para of x is held by a paragraph
// of y, a newer rulebook's entry.
func copiedBy(x *docMeta, para int16, y *docMeta) bool {
	for _, c := range x.copies {
		if c.newer == y && c.para == para {
			return true
		}
	}
	return false
}

// holdsWords reports whether b holds a's words in order, all but a tenth
// at most (the longest common subsequence of words).
func holdsWords(a, b []int32) bool { return holdsWordsShare(a, b, copiedShare) }

// holdsWordsShare reports whether b holds a's words in order, all but
// 1-share of them at most.
func holdsWordsShare(a, b []int32, share float64) bool {
	return float64(commonSubsequence(a, b)) >= share*float64(len(a))
}

// droppedCopiedShare is copiedShare for a paragraph of an entry whose
// heading the governing rulebook dropped (see findDropped): its rule stands
// under another heading, rewritten.
const droppedCopiedShare = 0.8

// commonSubsequence is the length of the longest common subsequence of a and
// b: how many of a's items b holds in order.
func commonSubsequence[T comparable](a, b []T) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

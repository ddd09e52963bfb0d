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

// relateDefinitions relates each section holding a paragraph that defines a
// term to the sections of the other documents of its edition titled with
// that term, both ways (docMeta.related).
func relateDefinitions(metas []*docMeta) {
	type key struct{ edition, words string }
	titled := map[key][]*docMeta{}
	for _, m := range metas {
		if m.Kind == rules.KindSection {
			k := key{m.Edition, termWords(m.Title)}
			titled[k] = append(titled[k], m)
		}
	}
	for _, m := range metas {
		if m.Kind != rules.KindSection {
			continue
		}
		for _, p := range m.paras {
			term := definedTerm(m.Text[p.from:p.to])
			if term == "" {
				continue
			}
			for _, o := range titled[key{m.Edition, termWords(term)}] {
				if o.DocumentID != m.DocumentID && !slices.Contains(m.related, o) {
					m.related = append(m.related, o)
					o.related = append(o.related, m)
				}
			}
		}
	}
}

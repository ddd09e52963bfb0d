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

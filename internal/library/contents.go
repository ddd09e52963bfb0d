package library

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Contents returns a document and its entries in reading order, for its
// table of contents; an unknown document is ENOTFOUND.
func (l *Library) Contents(ctx context.Context, documentID string) (rules.Document, []*rules.Entry, error) {
	d, err := l.Document(ctx, documentID)
	if err != nil {
		return rules.Document{}, nil, err
	}
	return d, l.byDoc[documentID], nil
}

// maxTermWords is the most words a glossary term is matched over: the
// longest titles of the corpus's glossaries and rulings ("Mission
// Specialist", "Mirror Universe") are two or three words; four leaves room.
const maxTermWords = 4

// maxMentionWords bounds the words of one text Mentions reads: the longest
// entry of the corpus has about two thousand.
const maxMentionWords = 20_000

// A textWord is one word of a text with its byte span.
type textWord struct {
	start, end int
	folded     string // rules.FoldTerm of the word alone
}

// Mentions returns the first mention in text of each glossary term or
// ruling title of the edition, longest terms first where they start
// together, skipping the term titled except. A term is matched as whole
// words with case, punctuation and plurals forgiven (rules.FoldTerm), and
// links to the governing entry of the edition that defines it.
func (l *Library) Mentions(ctx context.Context, edition, text, except string) []rules.TermMention {
	words := splitTextWords(text, maxMentionWords)
	skip := rules.FoldTerm(except)
	seen := map[string]bool{}
	var out []rules.TermMention
	for i := 0; i < len(words); i++ {
		for n := min(maxTermWords, len(words)-i); n >= 1; n-- {
			key := joinFolded(words[i : i+n])
			if key == "" || key == skip || seen[key] {
				continue
			}
			id := l.governingTerm(key, edition)
			if id == "" {
				continue
			}
			seen[key] = true
			out = append(out, rules.TermMention{Start: words[i].start, End: words[i+n-1].end, EntryID: id})
			i += n - 1
			break
		}
	}
	return out
}

// governingTerm is the id of the governing entry of the edition titled with
// the folded term, or "".
func (l *Library) governingTerm(key, edition string) string {
	for _, e := range l.terms[key] {
		if e.Edition == edition {
			return e.ID
		}
	}
	return ""
}

func joinFolded(ws []textWord) string {
	if len(ws) == 1 {
		return ws[0].folded
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.folded
	}
	return strings.Join(parts, " ")
}

// splitTextWords splits text into words (letters, digits, and the
// apostrophes, hyphens and dots inside them), at most max of them.
func splitTextWords(text string, max int) []textWord {
	var out []textWord
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.TrimRight(text[start:end], ".'’-")
		if f := rules.FoldTerm(w); f != "" {
			out = append(out, textWord{start: start, end: start + len(w), folded: f})
		}
		start = -1
	}
	for i := 0; i < len(text) && len(out) < max; {
		r, size := utf8.DecodeRuneInString(text[i:])
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || (start >= 0 && (r == '\'' || r == '’' || r == '-' || r == '.'))
		switch {
		case inWord && start < 0:
			start = i
		case !inWord:
			flush(i)
		}
		i += size
	}
	if len(out) < max {
		flush(len(text))
	}
	return out
}

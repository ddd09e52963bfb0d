package search

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Shorthand is what the vocabulary (synonyms.json) says the game's
// shorthand stands for, typed whole as a term ("AU", "DS9", "AT"), for
// define: a term no title names may be shorthand for one that a title or a
// sentence of the documents does.
type Shorthand struct {
	// plain are the meanings by the folded words typed; cased those of
	// shorthand read only as typed in capitals ("AT", not "at").
	plain, cased map[string][]string
}

// ReadShorthand reads the vocabulary's shorthand: every entry but those
// naming the paragraph that defines a word's consequence ("defined": a
// reading for search, not another name). The vocabulary is part of the
// binary, so an error is a fault of the build.
func ReadShorthand() (*Shorthand, error) {
	var f synonymFile
	if err := json.Unmarshal(synonymsJSON, &f); err != nil {
		return nil, fmt.Errorf("read synonyms.json: %w", err)
	}
	s := &Shorthand{plain: map[string][]string{}, cased: map[string][]string{}}
	for _, e := range f.Entries {
		if e.Defined != "" {
			continue
		}
		for _, w := range e.Words {
			if e.Cased {
				s.cased[w] = append(s.cased[w], e.Means...)
				continue
			}
			k := rules.FoldName(w)
			s.plain[k] = append(s.plain[k], e.Means...)
		}
	}
	return s, nil
}

// Meanings are what the term stands for as the game's shorthand, in the
// vocabulary's order; none when it is no shorthand.
func (s *Shorthand) Meanings(term string) []string {
	if s == nil {
		return nil
	}
	term = strings.TrimSpace(term)
	if m := s.cased[term]; len(m) > 0 {
		return m
	}
	return s.plain[rules.FoldName(term)]
}

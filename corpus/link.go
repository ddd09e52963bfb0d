package corpus

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// link resolves every entry's raw cross-references (Refs) into SeeAlso ids and
// relates each entry to the same term's entries in the other documents
// (Related, governing first). It checks that ids are unique across the corpus.
func link(docs []rules.Document, entries []*rules.Entry) []Warning {
	var warns []Warning
	byID := make(map[string]*rules.Entry, len(entries))
	for _, e := range entries {
		if prev, dup := byID[e.ID]; dup {
			warns = append(warns, Warning{DocumentID: e.DocumentID,
				Message: fmt.Sprintf("entry id %q is used twice (%q and %q); the second is unreachable", e.ID, prev.Title, e.Title)})
			continue
		}
		byID[e.ID] = e
	}
	edition := map[string]string{}
	for _, d := range docs {
		edition[d.ID] = d.Edition
	}
	terms := termIndex(entries)
	for _, e := range entries {
		e.SeeAlso, e.SeeAlsoUnresolved = resolveRefs(e, terms, edition)
		if len(e.SeeAlsoUnresolved) > 0 {
			warns = append(warns, Warning{DocumentID: e.DocumentID,
				Message: fmt.Sprintf("%s: cross-reference to %s has no entry in the corpus", e.ID, quoteList(e.SeeAlsoUnresolved))})
		}
	}
	relate(docs, entries)
	return warns
}

// termIndex maps a folded term to the entries that define it: by title, and
// for a nested entry also by its whole path ("dilemma resolution - targets").
func termIndex(entries []*rules.Entry) map[string][]*rules.Entry {
	idx := map[string][]*rules.Entry{}
	add := func(key string, e *rules.Entry) {
		if key == "" {
			return
		}
		for _, x := range idx[key] {
			if x == e {
				return
			}
		}
		idx[key] = append(idx[key], e)
	}
	for _, e := range entries {
		add(rules.FoldTerm(e.Title), e)
		if len(e.Path) > 1 {
			add(rules.FoldTerm(strings.Join(e.Path, " ")), e)
		}
	}
	return idx
}

// resolveRefs finds, for each raw reference of e, the entry it names: in the
// same document first, then the same edition, and a glossary entry or ruling
// before a section.
func resolveRefs(e *rules.Entry, terms map[string][]*rules.Entry, edition map[string]string) (resolved, unresolved []string) {
	resolved = []string{}
	seen := map[string]bool{}
	for _, ref := range e.Refs {
		target := bestRefTarget(e, terms[rules.FoldTerm(ref)], edition)
		if target == nil {
			target = partRefTarget(e, ref, terms, edition)
		}
		if target == nil {
			unresolved = append(unresolved, ref)
			continue
		}
		if !seen[target.ID] {
			seen[target.ID] = true
			resolved = append(resolved, target.ID)
		}
	}
	return resolved, unresolved
}

// partRefTarget resolves a reference to a part of an entry ("See persona -
// Mirror versions"): the entry of the term before the dash, when its text
// holds the part the reference names.
func partRefTarget(from *rules.Entry, ref string, terms map[string][]*rules.Entry, edition map[string]string) *rules.Entry {
	i := strings.LastIndex(ref, " - ")
	if i < 0 {
		return nil
	}
	term, part := ref[:i], rules.FoldName(ref[i+len(" - "):])
	target := bestRefTarget(from, terms[rules.FoldTerm(term)], edition)
	if target == nil || part == "" || !strings.Contains(" "+rules.FoldName(target.Text)+" ", " "+part+" ") {
		return nil
	}
	return target
}

func bestRefTarget(from *rules.Entry, candidates []*rules.Entry, edition map[string]string) *rules.Entry {
	var best *rules.Entry
	bestRank := -1
	for _, c := range candidates {
		if c == from {
			continue
		}
		rank := 0
		if c.DocumentID == from.DocumentID {
			rank += 4
		}
		if edition[c.DocumentID] == edition[from.DocumentID] {
			rank += 2
		}
		if c.Kind != rules.KindSection {
			rank++
		}
		if rank > bestRank {
			best, bestRank = c, rank
		}
	}
	if best != nil && edition[best.DocumentID] != edition[from.DocumentID] {
		return nil // a reference never crosses editions: their rules differ
	}
	return best
}

// relate sets Related on every glossary entry, ruling and section: the entries
// of the other documents of its edition that state the same rule (see
// ruleKeys), governing first (higher precedence first); and OtherEdition: the
// same in the other edition, which never governs over it.
func relate(docs []rules.Document, entries []*rules.Entry) {
	groups := map[string][]*rules.Entry{}
	keys := make([][]string, len(entries))
	for i, e := range entries {
		keys[i] = ruleKeys(e.Title)
		for _, k := range keys[i] {
			groups[k] = append(groups[k], e)
		}
	}
	for i, e := range entries {
		var others []*rules.Entry
		for _, k := range keys[i] {
			for _, o := range groups[k] {
				if o.DocumentID != e.DocumentID && !slices.Contains(others, o) {
					others = append(others, o)
				}
			}
		}
		sortByPrecedence(docs, others)
		e.Related, e.OtherEdition = make([]string, 0, len(others)), []string{}
		for _, o := range others {
			if o.Edition == e.Edition {
				e.Related = append(e.Related, o.ID)
			} else {
				e.OtherEdition = append(e.OtherEdition, o.ID)
			}
		}
	}
	for _, e := range entries {
		if e.SeeAlso == nil {
			e.SeeAlso = []string{}
		}
		if e.Path == nil {
			e.Path = []string{e.Title}
		}
	}
}

// orderTitle matches the title of a section that explains one order of
// the Second Edition ("ORDER – MOVE A SHIP"); the words after the dash name
// the action.
var orderTitle = regexp.MustCompile(`^(?i:order)\s*[–—-]\s*(\S.*)$`)

// ruleKeys are the forms of a title under which entries of different
// documents state the same rule: the folded term, its first word reduced to
// the stem of a verb, so that one rulebook's "MOVING A SHIP" and another's
// "ORDER – MOVE A SHIP" agree. An order's section is also the rule of its
// verb alone: "ORDER – BEAM PERSONNEL" is the rule an older rulebook titles
// "BEAMING".
func ruleKeys(title string) []string {
	order := false
	if m := orderTitle.FindStringSubmatch(title); m != nil {
		title, order = m[1], true
	}
	words := strings.Fields(rules.FoldTerm(title))
	if len(words) == 0 {
		return nil
	}
	words[0] = verbStem(words[0])
	keys := []string{strings.Join(words, " ")}
	if order && len(words) > 1 {
		keys = append(keys, words[0])
	}
	return keys
}

// verbStem reduces a verb and its -ing form to one stem: "move" and
// "moving" to "mov", "beam" and "beaming" to "beam", "set" and "setting" to
// "set". Other words may be cut too ("mission" to "mision"), the same way
// wherever they stand, so only a verb's forms come to agree.
func verbStem(w string) string {
	if strings.HasSuffix(w, "ing") && len(w) > 4 {
		w = strings.TrimSuffix(w, "ing")
	}
	if strings.HasSuffix(w, "e") && len(w) > 2 {
		w = strings.TrimSuffix(w, "e")
	}
	if n := len(w); n > 2 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		w = w[:n-1]
	}
	return w
}

func quoteList(refs []string) string {
	q := make([]string, len(refs))
	for i, r := range refs {
		q[i] = fmt.Sprintf("%q", r)
	}
	return strings.Join(q, ", ")
}

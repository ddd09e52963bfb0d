package engine

import (
	"cmp"
	"strings"
	"sync"
	"sync/atomic"
)

// A memo remembers the values of a pure function of short strings (a skill
// as written, a name to fold), so the same text on every board is read
// once: boards repeat the skills and titles of the same cards. It is safe
// for concurrent use and bounded: texts longer than memoMaxText are not
// kept, nor any new text once memoMaxEntries are held (give or take the
// stores in flight), so what callers send cannot grow it without limit.
type memo[V any] struct {
	values sync.Map // string -> V
	size   atomic.Int64
	// maxText is the longest text kept, memoMaxText when 0.
	maxText int
}

const (
	memoMaxEntries = 4096
	memoMaxText    = 64
)

// load returns the value kept for text, if any.
func (m *memo[V]) load(text string) (V, bool) {
	if v, ok := m.values.Load(text); ok {
		return v.(V), true
	}
	var zero V
	return zero, false
}

// store keeps the value of text while there is room.
func (m *memo[V]) store(text string, v V) {
	if len(text) > cmp.Or(m.maxText, memoMaxText) || m.size.Load() >= memoMaxEntries {
		return
	}
	// A clone, so the memo never holds on to the request the text came in.
	if _, loaded := m.values.LoadOrStore(strings.Clone(text), v); !loaded {
		m.size.Add(1)
	}
}

// A parsedSkill is a skill as written, read: its name, the name folded, and
// its level.
type parsedSkill struct {
	name, key string
	level     int
	// typo says the name is a typo of a skill or characteristic the
	// vocabulary knows (vocabularyWords.typoOf), read once with the skill;
	// formOf, the skills or characteristics it is a form of, by the family
	// form (vocabularyWords.formOf), read before its typos.
	typo   bool
	form   wordForm
	formOf []string
}

// textMemos are the memos of a Service.
type textMemos struct {
	skills memo[parsedSkill] // ParseSkill of a skill as written
	folded memo[string]      // fold of a name
	// words are the vocabularies a skill's name is read against (none
	// when nil).
	words *vocabularyWords
}

// parseSkill is ParseSkill through the memo, with the name's key. Texts
// that cannot be read are not kept.
func (t *textMemos) parseSkill(text string) (parsedSkill, error) {
	if ps, ok := t.skills.load(text); ok {
		return ps, nil
	}
	name, key, level, err := parseSkill(text)
	if err != nil {
		return parsedSkill{}, err
	}
	ps := parsedSkill{name: name, key: key, level: level}
	if t.words != nil && key != "" && t.words.kinds[key]&(skillWords|characteristicWords) == 0 {
		if ps.form, ps.formOf = t.words.formOf(key, skillWords|characteristicWords); len(ps.formOf) == 0 {
			ps.typo = len(t.words.typoOf(key, skillWords|characteristicWords)) > 0
		}
	}
	// What is kept is copied, as the text is: the name may be a part of
	// the text, which may be a part of the whole request.
	t.skills.store(text, parsedSkill{name: strings.Clone(name), key: strings.Clone(key), level: level, typo: ps.typo, form: ps.form, formOf: ps.formOf})
	return ps, nil
}

// fold is fold through the memo. A name already folded is its own fold, and
// is not kept.
func (t *textMemos) fold(name string) string { return foldedThrough(&t.folded, name, fold) }

// foldAffiliation folds an affiliation as a board or the card data holds
// it: each of a card of several (the data writes "romulan/federation")
// folded on its own, the "/" between them kept, so that each is read as
// an affiliation (affiliationsShared) rather than the pair as one word.
func (t *textMemos) foldAffiliation(name string) string {
	if strings.Contains(name, "/") {
		return foldAffiliations(name)
	}
	return t.fold(name)
}

// foldAll is foldAll through the memo: a board's lists repeat the same
// icons and characteristics across its personnel.
func (t *textMemos) foldAll(in []string) []string {
	for i, s := range in {
		if f := t.fold(s); f == s && f != "" {
			continue
		}
		out := make([]string, i, len(in))
		copy(out, in[:i])
		for _, s := range in[i:] {
			if f := t.fold(s); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	if in == nil {
		return []string{}
	}
	return in
}

// foldedThrough is f(name) through m: a name that is its own f(name) is not
// kept, and a value kept is a clone (f's result may be a part of name, and
// name a part of a request).
func foldedThrough(m *memo[string], name string, f func(string) string) string {
	if v, ok := m.load(name); ok {
		return v
	}
	v := f(name)
	if v != name {
		m.store(name, strings.Clone(v))
	}
	return v
}

// key is skillKey(name) through the vocabulary's memo of requirement names
// folded (none when it has none). A name already folded is its own key, and
// is not kept.
func (v *Vocabulary) key(name string) string {
	if v == nil || v.keys == nil {
		return skillKey(name)
	}
	return foldedThrough(v.keys, name, skillKey)
}

// maxRequirementMemoText is the longest requirement text whose reading is
// kept: a card's printed requirements are shorter.
const maxRequirementMemoText = 256

// parseRequirement is ParseRequirement through the vocabulary's memo of
// requirements read (none when it has none). A requirement that cannot be
// read is not kept. What is kept is read from a copy of the text, so the
// memo never holds on to the request the text came in.
func (v *Vocabulary) parseRequirement(text string) (Requirement, error) {
	if v == nil || v.requirements == nil {
		return ParseRequirement(text)
	}
	if r, ok := v.requirements.load(text); ok {
		return r, nil
	}
	if len(text) <= maxRequirementMemoText {
		text = strings.Clone(text)
	}
	r, err := ParseRequirement(text)
	if err != nil {
		return nil, err
	}
	v.requirements.store(text, r)
	return r, nil
}

package engine

import (
	"slices"
	"strings"
)

// Forms of skills. A judge types a skill by its field or by its
// practitioner: "Engineering" for the card data's Engineer, "Physicist"
// for Physics, "Diplomat" for Diplomacy, "Leader" for Leadership. A word
// of the board that is no word of any vocabulary (no species,
// characteristic, affiliation, icon or skill) but a regular English form
// of exactly one skill the rules or the card data know is read as that
// skill, and the verdict says so, as it says a plural (plurals.go). A form
// two skills derive is refused naming both, as such a plural is. The
// forms are derived by the suffix pairs of skillFormRules from the
// vocabulary's skills, never listed word by word: a skill the card data
// learns brings its forms with it.

// skillFormRules are the regular English pairs of a field and its
// practitioner, as suffixes: a skill ending in field is also written with
// practitioner in its place (biology, biologist; physics, physicist).
var skillFormRules = []struct{ field, practitioner string }{
	{"y", "ist"},          // biology, biologist; geology, geologist
	{"ics", "icist"},      // physics, physicist
	{"ing", "er"},         // programming, programmer; smuggling, smuggler
	{"ion", "or"},         // navigation, navigator
	{"ship", ""},          // leadership, leader
	{"ence", "entist"},    // science, scientist
	{"ic", "ician"},       // music, musician
	{"acy", "at"},         // diplomacy, diplomat
	{"graphy", "grapher"}, // cartography, cartographer
	{"ical", "ic"},        // medical, medic
	{"pathy", "path"},     // telepathy, telepath
}

// minFormStem is the fewest bytes a skill keeps of itself in a form: a
// form of one letter and a suffix is no word a judge means ("empathy"
// keeps two, "empath").
const minFormStem = 2

// skillForms lists the forms of a skill (folded): its field's
// practitioner by each pair of skillFormRules it ends in, and a
// practitioner's field (engineer, engineering), each once, none the skill
// itself.
func skillForms(skill string) []string {
	var out []string
	add := func(f string) {
		if f != skill && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, r := range skillFormRules {
		if stem, ok := strings.CutSuffix(skill, r.field); ok && len(stem) >= minFormStem && stem[len(stem)-1] != ' ' {
			add(stem + r.practitioner)
		}
	}
	if strings.HasSuffix(skill, "eer") && len(skill) >= minFormStem+3 {
		// A practitioner in -eer names the field in -eering: engineer,
		// engineering.
		add(skill + "ing")
	}
	return out
}

// skillFormsOf maps each form of the skills (folded) to the skills that
// derive it, sorted; made once with the vocabulary.
func skillFormsOf(skills []string) map[string][]string {
	m := map[string][]string{}
	for _, s := range skills {
		for _, f := range skillForms(s) {
			if !slices.Contains(m[f], s) {
				m[f] = append(m[f], s)
			}
		}
	}
	for _, l := range m {
		slices.Sort(l)
	}
	return m
}

// skillOf lists the skills key (a word folded) is a form of: none when key
// is a word of any vocabulary (a species, a characteristic, an
// affiliation or icon is read as itself, never as a form of a skill).
func (w *vocabularyWords) skillOf(key string) []string {
	if key == "" || w.kinds[key] != 0 {
		return nil
	}
	return w.forms[key]
}

// skillFormOf is skillOf of a word read against the vocabularies kinds:
// none unless they are of the skills (wordForms).
func (w *vocabularyWords) skillFormOf(key string, kinds wordKinds) []string {
	if kinds&skillWords == 0 {
		return nil
	}
	return w.skillOf(key)
}

package engine

import (
	"context"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// What a name asks of a personnel, in a printed requirement ("Diplomacy x2",
// "Vorta", "V.I.P.", "James T. Kirk") or a 1E staffing line ("Empathy x2",
// "Vulcan"). The grammar reads a name; what the name is comes from the
// vocabulary of the card data: a name the card data knows as a skill stays
// a skill, one it knows as a species or a characteristic is a requirement of
// its own, met by a personnel of that species or characteristic. A name the
// card data does not know (a species of a set it lacks, a personnel's title,
// a skill of an invented card) is met by whatever a personnel has by that
// name.

// A featureKind is what a name in a requirement or a staffing line is.
type featureKind uint8

const (
	featureUnknown        featureKind = iota // not in the vocabulary: any skill, title, species, characteristic or icon of that name
	featureSkill                             // a skill: its levels count
	featureSpecies                           // a species: each personnel of it counts once
	featureCharacteristic                    // a characteristic (1E V.I.P., Youth, ...): each personnel with it counts once
	featureIcon                              // a staffing icon (command, staff, ...)
)

// String is the kind as results name it; a skill and a name the vocabulary
// does not know have none.
func (k featureKind) String() string {
	switch k {
	case featureSpecies:
		return "species"
	case featureCharacteristic:
		return "characteristic"
	case featureIcon:
		return "icon"
	}
	return ""
}

// A Vocabulary holds the folded names the card data gives to skills,
// species, characteristics and staffing icons, so a name in a requirement
// or a staffing line is read as what it is. The zero Vocabulary knows no
// name.
type Vocabulary struct {
	skills, species, characteristics, icons map[string]bool
}

// maxVocabularyPages bounds the pages of cards read for the vocabulary: the
// card data of both editions, a hundred cards a page.
const maxVocabularyPages = 1000

// vocabularyOf reads the vocabulary from the personnel and ship cards of the
// card service: every skill of a skill box (a 1E classification stands among
// them), species, characteristic, keyword, classification and icon, and every
// line of a ship's staffing. Staffing's own icons, command and staff, are
// known without the card data.
func vocabularyOf(cards rules.CardService) Vocabulary {
	v := Vocabulary{skills: map[string]bool{}, species: map[string]bool{}, characteristics: map[string]bool{},
		icons: map[string]bool{"command": true, "staff": true}}
	if cards == nil {
		return v
	}
	ctx := context.Background()
	for _, typ := range []string{"personnel", "ship"} {
		for page, offset := 0, 0; page < maxVocabularyPages; page++ {
			list, total, err := cards.Cards(ctx, rules.CardFilter{Type: typ, Limit: 100, Offset: offset})
			if err != nil || len(list) == 0 {
				break
			}
			for _, c := range list {
				v.learn(c)
			}
			offset += len(list)
			if offset >= total {
				break
			}
		}
	}
	return v
}

// learn adds the names a card gives to the vocabulary.
func (v *Vocabulary) learn(c *rules.Card) {
	add := func(m map[string]bool, names ...string) {
		for _, n := range names {
			if k := fold(n); k != "" {
				m[k] = true
			}
		}
	}
	for _, s := range c.Skills {
		add(v.skills, s.Name)
	}
	add(v.species, splitSpecies(c.Species)...)
	add(v.characteristics, c.Characteristics...)
	add(v.characteristics, c.Keywords...)
	add(v.characteristics, c.Classification)
	add(v.icons, c.Icons...)
	add(v.icons, c.Staffing...)
}

// splitSpecies lists the species a card or board gives, "Human, Vulcan"
// being two.
func splitSpecies(s string) []string {
	if s == "" {
		return nil
	}
	if !strings.Contains(s, ",") {
		return []string{s}
	}
	return strings.Split(s, ",")
}

// requirementKind is what a name in a printed requirement is: a skill
// first, then a species, then a characteristic.
func (v *Vocabulary) requirementKind(key string) featureKind {
	switch {
	case v.skills[key]:
		return featureSkill
	case v.species[key]:
		return featureSpecies
	case v.characteristics[key]:
		return featureCharacteristic
	}
	return featureUnknown
}

// staffingKind is what a 1E staffing line is: an icon first (command, staff,
// and the special staffing icons), then as in a requirement.
func (v *Vocabulary) staffingKind(key string) featureKind {
	if v.icons[key] {
		return featureIcon
	}
	return v.requirementKind(key)
}

// A feature is one name a requirement or staffing line asks for, read.
type feature struct {
	kind featureKind
	key  string // folded
}

// levelOf is what one personnel brings to a feature: its level in a skill,
// or 1 when it is of the species, has the characteristic, the icon or (a
// name the vocabulary does not know) the title. A 1E classification is both
// a skill and a characteristic on the card, so the larger counts, never
// both.
func (f feature) levelOf(p *Personnel) int {
	switch f.kind {
	case featureIcon:
		return b2i(provides(p, f.key))
	case featureSkill:
		return max(p.Skill(f.key), b2i(contains(p.Characteristics, f.key)))
	case featureSpecies, featureCharacteristic:
		return max(p.Skill(f.key), b2i(p.hasSpecies(f.key) || contains(p.Characteristics, f.key)))
	}
	return max(p.Skill(f.key), b2i(p.titled(f.key) || p.hasSpecies(f.key) || contains(p.Characteristics, f.key) || hasIcon(p, f.key)))
}

// hasSpecies says whether a personnel is of a species, given folded:
// "Human, Vulcan" is of both. Species are read here, when a requirement or
// staffing line names one, rather than kept folded on every board.
func (p *Personnel) hasSpecies(key string) bool {
	for rest := p.Species; rest != ""; {
		s, after, _ := strings.Cut(rest, ",")
		if fold(s) == key {
			return true
		}
		rest = after
	}
	return false
}

// titled says whether a personnel's title, folded, is key: a requirement
// may name a personnel.
func (p *Personnel) titled(key string) bool { return p.Title != "" && fold(p.Title) == key }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

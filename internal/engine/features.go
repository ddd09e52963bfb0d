package engine

import (
	"cmp"
	"context"
	"hash/maphash"
	"slices"
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
	affiliations                            map[string]bool
	// typos are the requirements given on boards, read, with their names
	// that are typos of its words, by their text (nil: none kept).
	typos *memo[checkedRequirement]
	// words are the same names, and the affiliations, as sorted lists: a
	// board's word is read against them (words.go).
	words vocabularyWords
	// requirements are the requirements read, by their text: the same
	// missions' requirements come again and again (nil: none kept).
	requirements *memo[Requirement]
	// keys are the names requirements ask for, folded (skillKey): a
	// requirement read once is checked again on every attempt, and its
	// names were folded, an allocation each, at every check (nil: none kept).
	keys *memo[string]
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
		icons:        map[string]bool{"command": true, "staff": true},
		requirements: &memo[Requirement]{maxText: maxRequirementMemoText}, keys: &memo[string]{},
		typos: &memo[checkedRequirement]{maxText: maxRequirementMemoText}}
	if cards == nil {
		v.words = v.wordsOf()
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
	v.words = v.wordsOf()
	return v
}

// ruleAffiliations are the affiliations the rulebooks of both editions
// name, besides those of the card data's cards.
var ruleAffiliations = []string{"bajoran", "borg", "cardassian", "dominion", "federation", "ferengi", "hirogen",
	"kazon", "klingon", "maquis", "neutral", "non aligned", "romulan", "starfleet", "terran empire", "vidiian", "vulcan"}

// wordsOf lists the vocabulary's names, and the affiliations the rules and
// the cards learnt give.
func (v *Vocabulary) wordsOf() vocabularyWords {
	aff := map[string]bool{}
	for _, a := range ruleAffiliations {
		aff[fold(a)] = true
	}
	for a := range v.affiliations {
		aff[a] = true
	}
	// What a headquarters' play list names: an affiliation, an icon (its
	// "icon" left off, as playTerm reads it) or a card type.
	play := map[string]bool{}
	for a := range aff {
		play[a] = true
	}
	for i := range v.icons {
		play[playTerm(i)] = true
	}
	for _, types := range cardTypes {
		for _, t := range types {
			play[t] = true
		}
	}
	return newVocabularyWords(v.icons, v.skills, v.species, v.characteristics, aff, play)
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
	if v.affiliations == nil {
		v.affiliations = map[string]bool{}
	}
	add(v.affiliations, strings.Split(c.Affiliation, "/")...)
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

// levelIn is what one personnel brings to a feature whose name is id in t
// (t.id(f.key)): its level in a skill, or 1 when it is of the species, has
// the characteristic, the icon or (a name the vocabulary does not know) the
// title. A 1E classification is both a skill and a characteristic on the
// card, so the larger counts, never both. The personnel's names are read
// into t once (Personnel.marksIn), so this is a search of a few numbers.
func (f feature) levelIn(t *nameTable, id int32, p *Personnel) int {
	if f.kind == featureIcon {
		return b2i(provides(p, f.key))
	}
	m := p.mark(t, id)
	skill := int(m.level)
	switch f.kind {
	case featureSkill:
		return max(skill, b2i(m.has&markCharacteristic != 0))
	case featureSpecies, featureCharacteristic:
		return max(skill, b2i(m.has&(markSpecies|markCharacteristic) != 0))
	}
	return max(skill, b2i(m.has&(markTitle|markSpecies|markCharacteristic|markIcon) != 0))
}

// A board compiled once: the names a personnel answers to (its skills,
// title, species, characteristics and icons), folded, are numbered in a
// table the request's boards share, and each personnel keeps its names as
// those numbers, sorted, with what it has of each. Checking a personnel
// against a name a requirement or staffing line asks for is then a search
// of a few numbers, not a fold of its title and species: a turn of 256
// moves of a ship of 256 crew, whose staffing line names 12 words no
// vocabulary knows, folded 256 x 12 x 256 titles and species.

// A nameTable numbers folded names: those the personnel of a request's
// boards answer to, and those asked of them. It grows with the request, and
// is bounded by it. The names are numbered in the order they are first
// asked (keys), and found by a table of open addressing over their hash
// (slots: a name's number plus one, 0 for an empty slot), kept at most
// half full: for a board's few dozen names, two small arrays where a map
// makes a directory of groups and grows by rehashing.
type nameTable struct {
	keys  []string
	slots []int32 // a power of two long
	// marks is where the personnel's numbered names are listed, the room
	// of the request's board arrays; nil for a table of its own.
	marks *listRoom[nameMark]
	// also are the species the rules judged under make of another (the
	// 1E Current Rulings: a Terran is human), folded: a personnel of the
	// first answers to the second too. Set before any marks are read.
	also map[string]string
}

func newNameTable() *nameTable { return makeNameTable(8) }

// makeNameTable returns a table with room for n names before it grows.
func makeNameTable(n int) *nameTable {
	t := &nameTable{}
	t.init(n)
	return t
}

// init empties the table, with room for n names before it grows; the
// arrays it has are kept when large enough (its slots all empty, as
// clear leaves them; any power of two at least twice the names will do).
func (t *nameTable) init(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if cap(t.keys) < n {
		t.keys = make([]string, 0, n)
	}
	t.keys = t.keys[:0]
	if len(t.slots) < size {
		t.slots = make([]int32, size)
	}
}

// clear forgets the table's names, keeping its arrays for init.
func (t *nameTable) clear() {
	clear(t.keys)
	t.keys = t.keys[:0]
	clear(t.slots)
	t.marks = nil
	t.also = nil
}

// id is the number of a folded name, given one the first time it is asked.
func (t *nameTable) id(key string) int32 {
	mask := uint32(len(t.slots) - 1)
	i := nameHash(key) & mask
	for ; t.slots[i] != 0; i = (i + 1) & mask {
		if id := t.slots[i] - 1; t.keys[id] == key {
			return id
		}
	}
	id := int32(len(t.keys))
	t.keys = append(t.keys, key)
	if 2*len(t.keys) > len(t.slots) {
		t.rehash(2 * len(t.slots))
	} else {
		t.slots[i] = id + 1
	}
	return id
}

// rehash makes the slots size long and places every name in them again.
func (t *nameTable) rehash(size int) {
	t.slots = make([]int32, size)
	mask := uint32(size - 1)
	for id, key := range t.keys {
		i := nameHash(key) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(id) + 1
	}
}

// nameSeed seeds the names' hash for the process, so that no request can
// choose names that fall in one slot (set once, never changed).
var nameSeed = maphash.MakeSeed()

// nameHash is a name's hash, as the runtime's maps hash strings.
func nameHash(s string) uint32 { return uint32(maphash.String(nameSeed, s)) }

// namesOf is the table of a group of personnel: that of their board, or,
// for personnel not read from one, a table of their own.
func namesOf(ps []*Personnel) *nameTable {
	for _, p := range ps {
		if p.names != nil {
			return p.names
		}
	}
	return newNameTable()
}

// What a personnel has of a name.
type markKind uint8

const (
	markTitle markKind = 1 << iota
	markSpecies
	markCharacteristic
	markIcon
)

// A nameMark is one name a personnel answers to, by its number: its level
// in the skill of that name, and what else it has of it.
type nameMark struct {
	id    int32
	level int32
	has   markKind
}

// marksIn returns the personnel's names numbered in t, sorted, read once
// for t.
func (p *Personnel) marksIn(t *nameTable) []nameMark {
	if p.marked == t {
		return p.marks
	}
	n := len(p.Skills) + len(p.Characteristics) + len(p.Icons) + 4
	var marks []nameMark
	if t.marks != nil {
		marks = t.marks.take(n, pooledMarks)
	} else {
		marks = make([]nameMark, 0, n)
	}
	for _, s := range p.Skills {
		marks = append(marks, nameMark{id: t.id(s.Key), level: int32(s.Level)})
	}
	if k := p.titleKey(); k != "" {
		marks = append(marks, nameMark{id: t.id(k), has: markTitle})
	}
	for rest := p.Species; rest != ""; {
		part, after, _ := strings.Cut(rest, ",")
		if k := fold(part); k != "" {
			marks = append(marks, nameMark{id: t.id(k), has: markSpecies})
			if also, ok := t.also[k]; ok {
				marks = append(marks, nameMark{id: t.id(also), has: markSpecies})
			}
		}
		rest = after
	}
	for _, c := range p.Characteristics {
		marks = append(marks, nameMark{id: t.id(c), has: markCharacteristic})
	}
	for _, i := range p.Icons {
		marks = append(marks, nameMark{id: t.id(i), has: markIcon})
	}
	slices.SortFunc(marks, func(a, b nameMark) int { return cmp.Compare(a.id, b.id) })
	// One mark a name: the levels of a skill named twice are summed
	// already; a name both a skill and a species is both.
	out := marks[:0]
	for _, m := range marks {
		if n := len(out); n > 0 && out[n-1].id == m.id {
			out[n-1].level = max(out[n-1].level, m.level)
			out[n-1].has |= m.has
			continue
		}
		out = append(out, m)
	}
	p.marks, p.marked = out, t
	return out
}

// mark is what the personnel has of the name id of t.
func (p *Personnel) mark(t *nameTable, id int32) nameMark {
	marks := p.marksIn(t)
	lo, hi := 0, len(marks)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch m := marks[mid]; {
		case m.id == id:
			return m
		case m.id < id:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return nameMark{}
}

// titleKey is the personnel's title folded, folded once: a requirement may
// name a personnel, and a 2E card's uniqueness is its title.
func (p *Personnel) titleKey() string {
	if p.foldedTitle == "" && p.Title != "" {
		p.foldedTitle = fold(p.Title)
	}
	return p.foldedTitle
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

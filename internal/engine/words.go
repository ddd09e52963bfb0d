package engine

import (
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Words of the board read against what the rules and the card data know.
// A board's icons, affiliations, skills, species and characteristics are
// words of a vocabulary: a word the vocabulary knows is read as it is; a
// word it does not know but lies a typo away from one it knows ("comand",
// "Diplomcy", "Klingn") is refused, 422 naming its path with
// details.suggestions the words meant, rather than read as a word that
// matches nothing and answered with a confident verdict ("Not staffed").
// A word far from every known one (an affiliation, skill or icon of a set
// the card data lacks, a name invented for a test board) is read as
// written, as the engine always read it: the vocabulary of the card data
// is not every word a later set prints.

// wordList is one vocabulary's words, folded, sorted: what a typo is
// measured against, with the words a typo away of those already asked
// (typos: a board's words come again and again, and most are known or far
// from every known word, found by measuring each).
type wordList struct {
	words []string
	typos *memo[[]string]
	// byLength are the words again, shortest first (of one length, in
	// words' order), and lengths[n] where those of n bytes or more begin:
	// a typo search measures only the words whose length is within its
	// limit of the word's. Made once, with the vocabulary; nil for a list
	// made on the spot (a closed list's), searched whole.
	byLength []string
	lengths  []int32
}

// sortedWords is the words of m as a wordList.
func sortedWords(m map[string]bool) wordList {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	l := wordList{words: out, typos: &memo[[]string]{}}
	l.byLength = slices.Clone(out)
	slices.SortStableFunc(l.byLength, func(a, b string) int { return len(a) - len(b) })
	longest := 0
	if n := len(l.byLength); n > 0 {
		longest = len(l.byLength[n-1])
	}
	l.lengths = make([]int32, longest+2)
	for n := range l.lengths {
		l.lengths[n] = int32(sort.Search(len(l.byLength), func(i int) bool { return len(l.byLength[i]) >= n }))
	}
	return l
}

// ofLength are the words of l from lo to hi bytes long, shortest first
// (all of l, in words' order, when it has no index by length).
func (l wordList) ofLength(lo, hi int) []string {
	if l.lengths == nil {
		return l.words
	}
	last := len(l.lengths) - 1 // lengths[last] is len(byLength)
	lo, hi = min(max(lo, 0), last), min(max(hi+1, 0), last)
	return l.byLength[l.lengths[lo]:l.lengths[hi]]
}

// wordKinds are vocabularies a word is read against, one bit each.
type wordKinds uint8

const (
	iconWords wordKinds = 1 << iota
	skillWords
	speciesWords
	characteristicWords
	affiliationWords
	playTerms
	wordKindCount = iota
)

// vocabularyWords are a vocabulary's names, and the affiliations, as sorted
// lists a board's word is read against (lists, by wordKinds bit), with the
// vocabularies each word is of (kinds): a word of the board is one look-up.
type vocabularyWords struct {
	lists [wordKindCount]wordList
	kinds map[string]wordKinds
	// forms are the skills each form of a skill is of (skillforms.go).
	forms map[string][]string
}

// newVocabularyWords lists the words of each vocabulary of sets, in
// wordKinds order.
func newVocabularyWords(sets ...map[string]bool) vocabularyWords {
	w := vocabularyWords{kinds: map[string]wordKinds{}}
	for i, m := range sets {
		w.lists[i] = sortedWords(m)
		for k := range m {
			w.kinds[k] |= 1 << i
		}
		if 1<<i == skillWords {
			w.forms = skillFormsOf(w.lists[i].words)
		}
	}
	return w
}

// typosOf is near through l's memo.
func (l wordList) typosOf(key string) []string {
	if l.typos == nil {
		return l.near(key)
	}
	if near, ok := l.typos.load(key); ok {
		return near
	}
	near := l.near(key)
	l.typos.store(key, near)
	return near
}

// typoDistance is how many edits a word of n bytes may be from a known
// word to be read as a typo of it: none for a word of four letters or
// fewer (too many short words differ by one: "ds9", "law", "lore"), one
// up to eight letters ("comand", "klingn"; "geology" stays two from
// "biology"), two beyond.
func typoDistance(n int) int {
	switch {
	case n <= 4:
		return 0
	case n <= 8:
		return 1
	}
	return 2
}

// near lists the words of l a typo from key (folded), nearest first; none
// when key is itself a word of l.
func (l wordList) near(key string) []string {
	limit := typoDistance(len(key))
	if limit == 0 {
		return nil
	}
	var out []string
	best := limit + 1
	for _, w := range l.ofLength(len(key)-limit, len(key)+limit) {
		if w == key {
			return nil
		}
		if d := len(w) - len(key); d > limit || -d > limit {
			continue
		}
		d := rules.EditDistance(key, w, limit)
		switch {
		case d > limit:
		case d < best:
			best, out = d, append(out[:0], w)
		case d == best:
			out = append(out, w)
		}
	}
	if l.lengths != nil {
		slices.Sort(out) // in words' order, as a search of words finds them
	}
	return out
}

// typoOf lists the words of the vocabularies kinds that key (a word
// folded) is a typo of: none when it is a word of one of them, or far from
// every one.
func (w *vocabularyWords) typoOf(key string, kinds wordKinds) []string {
	if key == "" || w.kinds[key]&kinds != 0 {
		return nil
	}
	var near []string
	for i := range w.lists {
		if kinds&(1<<i) == 0 {
			continue
		}
		if n := w.lists[i].typosOf(key); len(n) > 0 {
			if near == nil {
				near = n
				continue
			}
			near = slices.Compact(slices.Sorted(slices.Values(append(slices.Clip(near), n...))))
		}
	}
	return near
}

// checkWord refuses word, given at the path field builds as a word of the
// vocabulary named what ("an icon", "a skill"), when key, the word folded,
// is not a word of known but a typo of one of them. The path is built only
// for the refusal.
func (w *vocabularyWords) checkWord(field func() string, what, word, key string, kinds wordKinds) error {
	near := w.typoOf(key, kinds)
	if len(near) == 0 {
		return nil
	}
	return unknownWord(field(), what, word, near)
}

// checkWords is checkWord of each word of a list the board gives (given),
// read folded (keys: given folded, those folding to nothing left out), the
// refusal naming the item of the list as given.
func (w *vocabularyWords) checkWords(at boardPlace, list, what string, given, keys []string, kinds wordKinds) error {
	for _, key := range keys {
		if key == "command" || key == "staff" {
			continue // the staffing icons of both editions, and most of a board's words
		}
		near := w.typoOf(key, kinds)
		if len(near) == 0 {
			continue
		}
		for j, w := range given {
			if fold(w) == key {
				return unknownWord(indexed(at.field(list), j), what, w, near)
			}
		}
	}
	return nil
}

// readAffiliation reads an affiliation given (as written; key folded),
// or each of a multi-affiliation one ("klingon/romulan"), as readWord
// reads a word: a typo of one the rules or the card data know is
// refused, a plural of one is read as it. It returns the affiliation as
// given with each plural read as its word (given itself when none was).
func (s *Service) readAffiliation(b *wordNotes, field func() string, given, key string) (string, error) {
	w := &s.vocab.words
	if key == "" || w.kinds[key]&affiliationWords != 0 {
		return given, nil
	}
	if !strings.Contains(given, "/") {
		read, err := w.readWord(b, field, "an affiliation", given, key, affiliationWords)
		if err != nil || read == key {
			return given, err
		}
		return read, nil
	}
	parts := strings.Split(given, "/")
	changed := false
	for i, a := range parts {
		k := fold(a)
		read, err := w.readWord(b, field, "an affiliation", a, k, affiliationWords)
		if err != nil {
			return "", err
		}
		if read != k {
			parts[i], changed = read, true
		}
	}
	if !changed {
		return given, nil
	}
	return strings.Join(parts, "/"), nil
}

// unknownWord is the refusal of a word that is none of a vocabulary's:
// 422 naming the field, with details.suggestions the words meant.
func unknownWord(field, what, word string, near []string) error {
	quoted := make([]string, len(near))
	for i, n := range near {
		quoted[i] = `"` + n + `"`
	}
	return unprocessable(field, "%q is not %s the rules or the card data know: did you mean %s?", rules.Truncate(word), what, strings.Join(quoted, " or ")).
		WithDetail("suggestions", near)
}

// checkChoice refuses word at field unless it is one of a closed list
// the rules give (a mission type, a quadrant, a facility's kind, an
// owner), with the message said and details.suggestions the words of the
// list nearest it (every word of the list when none is near).
// foldGiven reads a closed-list value (an owner's, a mission's type or
// quadrant, a facility's kind, a dilemma's kind): the card data's, folded,
// or the request's as it was written. A request names one of the list as
// the contract and the OpenAPI document spell it, in lower case; another
// case or spacing is no value of the list, and is refused naming the one
// meant (checkChoice's suggestions), as every transport reads the request
// once, alike. given is the request's value, "" when it gave none.
func foldGiven(value, given string) string {
	if given != "" {
		return given
	}
	return fold(value)
}

func checkChoice(field, word string, list []string, format string, args ...any) error {
	near := wordList{words: list}.nearAny(fold(word))
	return unprocessable(field, format, args...).WithDetail("suggestions", near)
}

// nearAny lists the words of l nearest key, however far: a closed list's
// refusal always names what it takes.
func (l wordList) nearAny(key string) []string {
	if n := l.near(key); len(n) > 0 {
		return n
	}
	best, out := 3, []string(nil)
	for _, w := range l.words {
		d := rules.EditDistance(key, w, 2)
		switch {
		case d > 2:
		case d < best:
			best, out = d, append(out[:0], w)
		case d == best:
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return slices.Clone(l.words)
	}
	return out
}

// The closed lists the rules give a board's words.
var (
	quadrantList  = []string{"alpha", "delta", "gamma", "mirror"}
	facilityKinds = []string{"headquarters", "nor", "outpost", "station"}
	ownerList     = []string{You, Opponent}
	dilemmaKinds  = []string{"dual", "planet", "space"}
	// cardTypes are the card types of each edition's rulebooks.
	cardTypes = map[string][]string{
		rules.Edition1E: {"artifact", "dilemma", "doorway", "equipment", "event", "facility", "incident", "interrupt",
			"mission", "objective", "personnel", "q artifact", "q dilemma", "q event", "q interrupt", "q mission",
			"ship", "site", "tactic", "time location", "tribble", "trouble"},
		rules.Edition2E: {"dilemma", "equipment", "event", "interrupt", "mission", "personnel", "ship"},
	}
)

// missionTypeList is the mission types of an edition.
func missionTypeList(edition string) []string {
	if edition == rules.Edition1E {
		return []string{"dual", "planet", "space"}
	}
	return []string{"headquarters", "planet", "space"}
}

// checkPersonnelWords reads the words a board gives a personnel, folded
// into p: its affiliation, icons, characteristics and species (its skills
// are read with their levels, in readPersonnel).
func (s *Service) checkPersonnelWords(b *Board, at boardPlace, bp *rules.BoardPersonnel, p *Personnel) error {
	w := &s.vocab.words
	// A board's personnel are mostly of one affiliation: the one read
	// before was read against the vocabulary.
	if n := len(b.Personnel); bp.Affiliation != "" && (n == 0 || b.Personnel[n-1].src.Affiliation != bp.Affiliation) {
		read, err := s.readAffiliation(&b.words, at.fieldOf("affiliation"), bp.Affiliation, p.Affiliation)
		if err != nil {
			return err
		}
		if read != bp.Affiliation {
			p.Affiliation = s.memos.fold(read)
		}
	} else if n > 0 && bp.Affiliation != "" {
		p.Affiliation = b.Personnel[n-1].Affiliation // as read of the one before
	}
	// A list given as the personnel before gave it is read as it was:
	// what a list reads to is the list's alone, and what reading it
	// noted (a plural, a word read as written) was noted of the first
	// place it was given.
	var before *Personnel
	if n := len(b.Personnel); n > 0 {
		before = b.Personnel[n-1]
	}
	var err error
	switch {
	case bp.Icons == nil:
	case before != nil && before.src.Icons != nil && slices.Equal(before.src.Icons, bp.Icons):
		p.Icons = before.Icons
	default:
		if p.Icons, err = w.readWords(&b.words, at, "icons", "an icon", bp.Icons, p.Icons, iconWords); err != nil {
			return err
		}
	}
	switch {
	case bp.Characteristics == nil:
	case before != nil && before.src.Characteristics != nil && slices.Equal(before.src.Characteristics, bp.Characteristics):
		p.Characteristics = before.Characteristics
	default:
		// A 1E classification is a characteristic and a skill.
		if p.Characteristics, err = w.readWords(&b.words, at, "characteristics", "a characteristic", bp.Characteristics, p.Characteristics, characteristicWords|skillWords); err != nil {
			return err
		}
	}
	if bp.Species != "" && before != nil && before.src.Species == bp.Species {
		p.Species = before.Species
	} else if bp.Species != "" {
		var read []string // the species as given, each plural read as its word
		i := 0
		for sp := range strings.SplitSeq(bp.Species, ",") {
			key := s.memos.fold(sp)
			r, err := w.readWord(&b.words, at.fieldOf("species"), "a species", sp, key, speciesWords)
			if err != nil {
				return err
			}
			if r != key {
				if read == nil {
					read = strings.Split(bp.Species, ",")
				}
				read[i] = r
			}
			i++
		}
		if read != nil {
			p.Species = strings.Join(read, ",")
		}
	}
	return nil
}

// staffingTypo refuses a 1E staffing line (line; key, its name folded) the
// vocabulary does not know that is a typo of an icon, skill, species or
// characteristic it knows ("Leadrship").
func (s *Service) staffingTypo(at boardPlace, i int, line, key string) error {
	w := &s.vocab.words
	return w.checkWord(at.itemOf("staffing", i), "a staffing icon, skill, species or characteristic", line, key, staffingWords)
}

// staffingWords are the vocabularies a 1E staffing line is read against.
const staffingWords = iconWords | skillWords | speciesWords | characteristicWords

// A nameTypo is a name of a requirement that is a typo of words the
// vocabulary knows (near).
type nameTypo struct {
	name string
	near []string
}

// A checkedRequirement is a requirement's text read, with the names of it
// that are typos of words the vocabulary knows, and those that are forms of
// words it knows (wordforms.go).
type checkedRequirement struct {
	req   Requirement
	typos []nameTypo
	forms []nameForm
}

// A nameForm is a name of a requirement that is no word the vocabulary
// knows but a form f of words it knows (of).
type nameForm struct {
	name string
	form wordForm
	of   []string
}

// requirementWords are the vocabularies a requirement's names are read
// against.
const requirementWords = skillWords | speciesWords | characteristicWords

// checkRequirementWords reads the names of a requirement given in the
// request (a board mission's requirements), read from text at the path
// field builds, as a board's skills are read: a name that is no skill,
// species or characteristic the vocabulary knows, nor the title of a
// personnel on the board, but a form of exactly one word it knows
// ("Engineering", "Physicist") is read as that word, noted in notes for
// the verdict; a form of several, a plural (which may mean one or
// several: countedForm), or a typo of a word it knows ("Medicl + Honor"),
// is refused with the words meant. It returns the
// requirement read; nil, and no error, for a text the grammar cannot read,
// left to the question, which says what is wrong with it. What is read of
// a text is kept (typos), the requirement with its typos and forms.
func (v *Vocabulary) checkRequirementWords(notes *wordNotes, field func() string, text string, b *Board) (Requirement, error) {
	var c checkedRequirement
	ok := false
	if v.typos != nil {
		c, ok = v.typos.load(text)
	}
	if !ok {
		req, err := v.parseRequirement(text)
		if err != nil {
			return nil, nil
		}
		c = checkedRequirement{req: req}
		v.requirementNames(req, &c)
		if v.typos != nil && len(text) <= maxRequirementMemoText {
			v.typos.store(text, c)
		}
	}
	if err := refuseTypos(field, c.typos, b); err != nil {
		return nil, err
	}
	return readRequirementForms(notes, field, c.req, c.forms, b)
}

// checkNeeds is checkRequirementWords of a requirement read: it returns
// the requirement with the forms of words read as their words.
func (v *Vocabulary) checkNeeds(notes *wordNotes, field func() string, r Requirement, b *Board) (Requirement, error) {
	var c checkedRequirement
	v.requirementNames(r, &c)
	if err := refuseTypos(field, c.typos, b); err != nil {
		return nil, err
	}
	return readRequirementForms(notes, field, r, c.forms, b)
}

// refuseTypos refuses the first typo that is not a personnel's title on
// the board.
func refuseTypos(field func() string, typos []nameTypo, b *Board) error {
	for _, t := range typos {
		if !b.titled(fold(t.name)) {
			return unknownWord(field(), "a skill, species or characteristic", t.name, t.near)
		}
	}
	return nil
}

// readRequirementForms reads each name of r that is a form of a word
// (forms) as that word, but a personnel's title on the board, read as
// written; each noted in notes as read at field. A form of several words,
// or of a family that may say how many (a plural: each name of a
// requirement counts once), is refused naming them (countedForm). It returns r itself when no name was read
// otherwise, else a requirement of its own.
func readRequirementForms(notes *wordNotes, field func() string, r Requirement, forms []nameForm, b *Board) (Requirement, error) {
	var read []nameForm
	for _, f := range forms {
		if b.titled(fold(f.name)) {
			continue
		}
		if err := countedForm(f.form, field(), "a skill, species or characteristic", f.name, f.of); err != nil {
			return nil, err
		}
		if len(f.of) > 1 {
			return nil, ambiguousForm(f.form, field(), "a skill, species or characteristic", f.name, f.of)
		}
		notes.noteForm(f.form, f.name, f.of[0], field())
		read = append(read, f)
	}
	if len(read) == 0 {
		return r, nil
	}
	return withNamesRead(r, read), nil
}

// withNamesRead is r with each skill need named as one of read named as
// the word it is a form of; the parts it holds are lists of their own.
func withNamesRead(r Requirement, read []nameForm) Requirement {
	switch r := r.(type) {
	case AllOf:
		parts := make([]Requirement, len(r.Parts))
		for i, p := range r.Parts {
			parts[i] = withNamesRead(p, read)
		}
		return AllOf{Parts: parts}
	case AnyOf:
		alts := make([]Requirement, len(r.Alternatives))
		for i, p := range r.Alternatives {
			alts[i] = withNamesRead(p, read)
		}
		return AnyOf{Alternatives: alts}
	case SkillNeed:
		for _, f := range read {
			if f.name == r.Name {
				return SkillNeed{Name: f.of[0], Level: r.Level}
			}
		}
	}
	return r
}

// requirementNames notes in c the names of r that are forms of words the
// vocabulary knows (forms), and of the others those that are typos of
// words it knows (typos); each name once.
func (v *Vocabulary) requirementNames(r Requirement, c *checkedRequirement) {
	switch r := r.(type) {
	case AllOf:
		for _, p := range r.Parts {
			v.requirementNames(p, c)
		}
	case AnyOf:
		for _, p := range r.Alternatives {
			v.requirementNames(p, c)
		}
	case SkillNeed:
		key := v.key(r.Name)
		if key == "" || v.words.kinds[key]&(requirementWords|iconWords) != 0 {
			return
		}
		if f, of := v.words.formOf(key, requirementWords|iconWords); len(of) > 0 {
			if !slices.ContainsFunc(c.forms, func(n nameForm) bool { return n.name == r.Name }) {
				c.forms = append(c.forms, nameForm{name: strings.Clone(r.Name), form: f, of: of})
			}
			return
		}
		if near := v.words.typoOf(key, requirementWords|iconWords); len(near) > 0 {
			c.typos = append(c.typos, nameTypo{name: strings.Clone(r.Name), near: near})
		}
	}
}

// titled says whether a personnel on the board has the title key (folded).
func (b *Board) titled(key string) bool {
	for _, p := range b.Personnel {
		if fold(p.Title) == key {
			return true
		}
	}
	return false
}

// fieldOf is the path of the object's field name, built when called.
func (p boardPlace) fieldOf(name string) func() string {
	return func() string { return p.field(name) }
}

// itemOf is the path of the i-th item of the object's list field name,
// built when called.
func (p boardPlace) itemOf(name string, i int) func() string {
	return func() string { return indexed(p.field(name), i) }
}

// A verdict that turns on a name the vocabularies do not know says so:
// the name was read as written, as a name a personnel may have, and not
// as a word the judge can vouch for (a skill of a set the card data
// lacks, or a misspelling too far from any word to be read as one).

// unrecognisedNeeds appends to names each name of checks left unmet that
// the vocabulary knows as no skill, species or characteristic; each name
// once.
func (j *judgement) unrecognisedNeeds(checks []rules.SkillCheck, names []string) []string {
	for _, s := range checks {
		if s.Have >= s.Needed || slices.Contains(names, s.Name) {
			continue
		}
		if j.vocab.requirementKind(j.vocab.key(s.Name)) == featureUnknown {
			names = append(names, s.Name)
		}
	}
	return names
}

// sayUnrecognisedNeeds says, of a requirement left unmet, which of the
// names it lacks no vocabulary knows: they were read as written.
func (j *judgement) sayUnrecognisedNeeds(c *RequirementCheck) {
	if c.Met {
		return
	}
	names := j.unrecognisedNeeds(c.Skills, nil)
	for _, a := range c.Alternatives {
		names = j.unrecognisedNeeds(a.Skills, names)
	}
	if len(names) == 0 {
		return
	}
	j.sayStrings("Not a skill, species or characteristic the rules or the card data know, so read as written (met only by a personnel with a title, skill, species, characteristic or icon of that name): %s.", strings.Join(names, ", "))
}

// sayUnrecognisedIcons says, of each staffing line left unfilled that the
// vocabulary does not know (an icon none of the rules' or the card data's,
// a 1E line naming nothing it knows), that it was read as written.
func (j *judgement) sayUnrecognisedIcons(st StaffingOutcome) {
	var names []string
	for r, c := range st.match {
		sl := st.need[r]
		if c >= 0 || slices.Contains(names, sl.shown) {
			continue
		}
		if sl.kind == featureUnknown || (sl.kind == featureIcon && !j.vocab.icons[sl.key]) {
			names = append(names, sl.shown)
		}
	}
	if len(names) > 0 {
		j.sayStrings("Not a staffing icon, skill, species or characteristic the rules or the card data know, so read as written (given only by a personnel with an icon or other name of that name): %s.", strings.Join(names, ", "))
	}
}

// checkInlineCardWords reads the words of a card card.play gives inline
// (pc, as read): its type, of the closed list of the edition's card types;
// its affiliation and icons, as a board's are read.
func (s *Service) checkInlineCardWords(b *wordNotes, edition string, in *rules.InlineCard, pc *PlayCard) error {
	if pc.Type != "" && !slices.Contains(cardTypes[edition], pc.Type) {
		return checkChoice("params.card.type", pc.Type, cardTypes[edition], "a %s card's type is %s, not %q", edition, strings.Join(cardTypes[edition], ", "), in.Type)
	}
	w := &s.vocab.words
	if in.Affiliation != "" {
		read, err := s.readAffiliation(b, func() string { return "params.card.affiliation" }, in.Affiliation, pc.Affiliation)
		if err != nil {
			return err
		}
		if read != in.Affiliation {
			pc.Affiliation = foldAffiliations(read)
		}
	}
	for i, key := range pc.Icons {
		if key == "command" || key == "staff" || w.kinds[key]&iconWords != 0 {
			continue
		}
		for j, icon := range in.Icons {
			if fold(icon) != key {
				continue
			}
			read, err := w.readWord(b, func() string { return indexed("params.card.icons", j) }, "an icon", icon, key, iconWords)
			if err != nil {
				return err
			}
			if read != key {
				pc.Icons = slices.Clone(pc.Icons)
				pc.Icons[i] = read
			}
			break
		}
	}
	return nil
}

// readPlayWords reads the play list a board gives a headquarters mission
// (given; play, the mission's list so far: the card's when the board gives
// none): each item an affiliation, an icon or a card type, or several
// joined by "+", a typo of one refused, a plural of one read as it. It
// returns the mission's list, a list of its own when a plural was read.
func (s *Service) readPlayWords(b *wordNotes, at boardPlace, play, given []string) ([]string, error) {
	w := &s.vocab.words
	for j, item := range given {
		var parts []string // the item's parts, each plural read as its word
		i := 0
		for part := range strings.SplitSeq(item, "+") {
			// playTerm, its fold through the memo.
			key := strings.TrimSuffix(strings.TrimSuffix(s.memos.fold(part), "icon"), " ")
			read, err := w.readWord(b, at.itemOf("play", j), "an affiliation, icon or card type", strings.TrimSpace(part), key, playTerms)
			if err != nil {
				return nil, err
			}
			if read != key {
				if parts == nil {
					parts = strings.Split(item, "+")
				}
				parts[i] = read
			}
			i++
		}
		if parts != nil {
			if &play[0] == &given[0] {
				play = slices.Clone(given) // the request's own list
			}
			play[j] = strings.Join(parts, "+")
		}
	}
	return play, nil
}

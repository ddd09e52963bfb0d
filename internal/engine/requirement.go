// The requirement grammar: printed mission requirements and dilemma
// conditions of both editions read into one tree (a tokenizer, then a
// recursive-descent parser). Checking a requirement against personnel is
// in requirementcheck.go.

package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A Requirement is a printed mission requirement or dilemma condition, parsed
// by ParseRequirement: skills (with levels), attribute thresholds and
// personnel titles, joined by "and" (",", "+") and "or", grouped with
// parentheses. Both editions' notations read into the same tree:
// "2 Diplomacy" and "Diplomacy x2" are one requirement.
type Requirement interface {
	// String renders the requirement in one canonical notation that
	// ParseRequirement reads back into the same requirement.
	String() string
	isRequirement()
}

// AllOf is met when every part is met ("Geology, Physics, and Cunning>30").
type AllOf struct{ Parts []Requirement }

// AnyOf is met when one alternative is met ("Law or 2 Treachery").
type AnyOf struct{ Alternatives []Requirement }

// SkillNeed asks for Level levels of a skill, summed over the personnel; a
// personnel whose title is Name also counts once, so a requirement may name a
// personnel.
type SkillNeed struct {
	Name  string
	Level int
}

// AttributeNeed asks that the personnel's total of an attribute (Integrity,
// Cunning or Strength) be strictly greater than Threshold.
type AttributeNeed struct {
	Attribute string // as written: "Cunning", "STRENGTH"
	Threshold int
}

func (AllOf) isRequirement()         {}
func (AnyOf) isRequirement()         {}
func (SkillNeed) isRequirement()     {}
func (AttributeNeed) isRequirement() {}

func (r AllOf) String() string         { return string(appendRequirement(nil, r)) }
func (r AnyOf) String() string         { return string(appendRequirement(nil, r)) }
func (r SkillNeed) String() string     { return string(appendRequirement(nil, r)) }
func (r AttributeNeed) String() string { return string(appendRequirement(nil, r)) }

// appendRequirement appends the requirement's canonical notation (String):
// the parts of an "all of" after ", ", the alternatives of an "or" after
// " or ", either in parentheses when it is an "or" itself; a skill with
// its level before it past 1; an attribute, ">" and its threshold. A
// reason says it in place, with no string of its own (requirement).
func appendRequirement(b []byte, r Requirement) []byte {
	switch r := r.(type) {
	case AllOf:
		return appendRequirements(b, r.Parts, ", ")
	case AnyOf:
		return appendRequirements(b, r.Alternatives, " or ")
	case SkillNeed:
		if r.Level > 1 {
			b = append(strconv.AppendInt(b, int64(r.Level), 10), ' ')
		}
		return append(b, r.Name...)
	case AttributeNeed:
		return strconv.AppendInt(append(append(b, r.Attribute...), '>'), int64(r.Threshold), 10)
	}
	return append(b, r.String()...)
}

func appendRequirements(b []byte, parts []Requirement, sep string) []byte {
	for i, p := range parts {
		if i > 0 {
			b = append(b, sep...)
		}
		if _, or := p.(AnyOf); or {
			b = append(appendRequirement(append(b, '('), p), ')')
		} else {
			b = appendRequirement(b, p)
		}
	}
	return b
}

// attributeName returns the folded attribute a word names ("integrity",
// "cunning", "strength"), or "".
func attributeName(word string) string {
	// As written on cards ("Cunning", "STRENGTH"), an attribute's name is
	// its fold but for case: read without folding it, an allocation. Of
	// the same length, a word equal to one of them but for case is ASCII
	// (a letter other than ASCII that folds to an ASCII one, ſ or K, is
	// longer), and folds to it.
	attributes := [...]string{"integrity", "cunning", "strength"}
	for _, a := range attributes {
		if len(word) == len(a) && strings.EqualFold(word, a) {
			return a
		}
	}
	// Folding ASCII lowers its letters, drops or spaces the rest and may
	// drop an article, never adds or reorders a letter: a word of ASCII
	// whose letters hold no attribute's in order (every skill's name, and
	// most personnel's) folds to none, and is not folded.
	if asciiText(word) && !slices.ContainsFunc(attributes[:], func(a string) bool { return lettersInOrder(word, a) }) {
		return ""
	}
	switch f := rules.FoldName(word); f {
	case "integrity", "cunning", "strength":
		return f
	}
	return ""
}

// asciiText says whether s is all ASCII.
func asciiText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// lettersInOrder says whether the letters of lower, ASCII lower-case,
// are among those of the ASCII word s in the same order, whatever their
// case.
func lettersInOrder(s, lower string) bool {
	k := 0
	for i := 0; i < len(s) && k < len(lower); i++ {
		if s[i]|0x20 == lower[k] {
			k++
		}
	}
	return k == len(lower)
}

// skillKey is the form skill names and titles compare in: case, punctuation
// and spacing forgiven (SCIENCE = Science).
func skillKey(name string) string { return rules.FoldName(name) }

type tokenKind int

const (
	tokEOF tokenKind = iota
	tokWord
	tokNumber
	tokComma
	tokAnd
	tokOr
	tokGreater
	tokTimes // "x2": a 1E multiplier
	tokOpen
	tokClose
)

// A token is a part of a requirement's text. Its text is a part of the
// requirement's text, not a copy, and pos is where it begins, in bytes.
type token struct {
	kind tokenKind
	text string
	num  int
	pos  int
}

// maxLevel bounds skill levels and thresholds so sums never overflow.
const maxLevel = 1_000_000

// tokenize splits requirement text into tokens. Words run over letters,
// digits after a letter, apostrophes, hyphens and inner dots ("U.S.S").
// It reads the text in place, by byte offsets: a token's text is a part of
// s. An error says where, in characters from 1.
func tokenize(s string) ([]token, error) {
	// The card data's requirements hold a token in four bytes on average,
	// the densest long ones one in three ("2 Law, "): room for them
	// without growing.
	toks := make([]token, 0, len(s)/3+2)
	for i := 0; i < len(s); {
		r, size := runeAt(s, i)
		switch {
		case unicode.IsSpace(r):
			i += size
		case r == ',' || r == ';':
			toks = append(toks, token{kind: tokComma, text: s[i : i+1], pos: i})
			i++
		case r == '+' || r == '&':
			toks = append(toks, token{kind: tokAnd, text: s[i : i+1], pos: i})
			i++
		case r == '>':
			toks = append(toks, token{kind: tokGreater, text: ">", pos: i})
			i++
		case r == '(' || r == '[':
			toks = append(toks, token{kind: tokOpen, text: s[i : i+1], pos: i})
			i++
		case r == ')' || r == ']':
			toks = append(toks, token{kind: tokClose, text: s[i : i+1], pos: i})
			i++
		case r == '.' && restIsSpace(s[i+1:]):
			i++ // a closing full stop
		case unicode.IsDigit(r):
			j := i + size
			for j < len(s) {
				c, n := runeAt(s, j)
				if !unicode.IsDigit(c) {
					break
				}
				j += n
			}
			n, err := strconv.Atoi(s[i:j])
			if err != nil || n > maxLevel {
				return nil, fmt.Errorf("number %q at %d is too large", s[i:j], charAt(s, i))
			}
			toks = append(toks, token{kind: tokNumber, text: s[i:j], num: n, pos: i})
			i = j
		case unicode.IsLetter(r):
			j, last := i+size, i // last: where the word's last character begins
			for j < len(s) {
				c, n := runeAt(s, j)
				if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '\'' || c == '’' || c == '-' {
					last, j = j, j+n
					continue
				}
				if c == '.' && j+1 < len(s) {
					if next, _ := runeAt(s, j+1); unicode.IsLetter(next) {
						last, j = j, j+1
						continue
					}
				}
				break
			}
			// a dot closing an abbreviation ("U.S.S.") belongs to the word,
			// and so does one closing an initial inside a name ("James T.
			// Kirk"): a capital letter alone, its dot, then another word
			if j < len(s) && s[j] == '.' && (last > i && s[last-1] == '.' || initial(s, i, j)) {
				j++
			}
			w := s[i:j]
			switch {
			case lowerIs(w, "and"):
				toks = append(toks, token{kind: tokAnd, text: w, pos: i})
			case lowerIs(w, "or"):
				toks = append(toks, token{kind: tokOr, text: w, pos: i})
			case lowerIs(w, "x") && (nextIsDigit(s[j:]) || bareMultiplier(toks, s[j:])):
				// A bare "x" after a skill is a multiplier even with no
				// number, so "SCIENCE x" is refused, not read as a skill.
				toks = append(toks, token{kind: tokTimes, text: w, pos: i})
			case len(w) > 1 && (w[0] == 'x' || w[0] == 'X') && allDigits(w[1:]):
				// No letter but x and X lowers to x, and digits have no
				// case: the word is "x" and its digits as written.
				n, err := strconv.Atoi(w[1:])
				if err != nil || n > maxLevel {
					return nil, fmt.Errorf("multiplier %q at %d is too large", w, charAt(s, i))
				}
				toks = append(toks, token{kind: tokTimes, text: "x", pos: i})
				toks = append(toks, token{kind: tokNumber, text: w[1:], num: n, pos: i + 1})
			default:
				toks = append(toks, token{kind: tokWord, text: w, pos: i})
			}
			i = j
		default:
			return nil, fmt.Errorf("unexpected %q at %d", string(r), charAt(s, i))
		}
	}
	toks = append(toks, token{kind: tokEOF, pos: len(s)})
	return toks, nil
}

// runeAt is the character of s at byte i and its length in bytes: an ASCII
// byte as it is, else decoded (a byte that begins no character is
// utf8.RuneError, one byte long, as a conversion to runes reads it).
func runeAt(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// charAt is the place of byte i of s in characters, counted from 1, as
// errors say where.
func charAt(s string, i int) int { return utf8.RuneCountInString(s[:i]) + 1 }

// lowerIs says whether word lowered (strings.ToLower) is lower, a word of
// ASCII lower-case letters, without lowering a copy: a word of ASCII by
// the case bit of its letters, any other character by unicode.ToLower,
// read in place.
func lowerIs(word, lower string) bool {
	// Each character lowers to one character, of no more bytes than it
	// has (the Kelvin sign, three bytes, lowers to k).
	if len(word) < len(lower) || len(word) > utf8.UTFMax*len(lower) {
		return false
	}
	ascii := true
	for k := 0; k < len(word); k++ {
		if word[k] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		if len(word) != len(lower) {
			return false
		}
		for k := 0; k < len(word); k++ {
			if word[k]|0x20 != lower[k] {
				return false
			}
		}
		return true
	}
	k := 0
	for _, r := range word {
		if k == len(lower) || unicode.ToLower(r) != rune(lower[k]) {
			return false
		}
		k++
	}
	return k == len(lower)
}

// initial says whether the word s[i:j], followed by a dot at j, is an
// initial within a name: one capital letter, and after the dot a space and
// a word that is not "and" or "or", which would end the name.
func initial(s string, i, j int) bool {
	r, size := runeAt(s, i)
	if i+size != j || !unicode.IsUpper(r) || j+1 >= len(s) {
		return false
	}
	sp, n := runeAt(s, j+1)
	if !unicode.IsSpace(sp) || j+1+n >= len(s) {
		return false
	}
	next := leadingLetters(s[j+1:])
	return next != "" && !lowerIs(next, "and") && !lowerIs(next, "or") && !lowerIs(next, "x")
}

// leadingLetters is the letters s begins with after its spaces.
func leadingLetters(s string) string {
	k := 0
	for k < len(s) {
		r, n := runeAt(s, k)
		if !unicode.IsSpace(r) {
			break
		}
		k += n
	}
	e := k
	for e < len(s) {
		r, n := runeAt(s, e)
		if !unicode.IsLetter(r) {
			break
		}
		e += n
	}
	return s[k:e]
}

func restIsSpace(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

func nextIsDigit(s string) bool {
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		return unicode.IsDigit(r)
	}
	return false
}

// bareMultiplier says whether an "x" with no number after it closes a name
// (the tokens so far end with a word, and no word of the name follows it).
func bareMultiplier(toks []token, rest string) bool {
	if len(toks) == 0 || toks[len(toks)-1].kind != tokWord {
		return false
	}
	next := leadingLetters(rest)
	return next == "" || lowerIs(next, "and") || lowerIs(next, "or")
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// parser is a recursive-descent parser over the tokens:
//
//	requirement := conjunction { "or" conjunction }
//	conjunction := term { ("," ["and"] | "and" | "+") term }
//	term        := "(" requirement ")" | clause
//	clause      := NUMBER name | name ">" NUMBER | name [ "x" NUMBER ]
//	name        := WORD { WORD }
type parser struct {
	text  string // what the tokens were read from
	toks  []token
	at    int
	depth int
}

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 32

// ParseRequirement reads a printed requirement in either edition's notation:
// "2 Science", "Cunning>34", "Engineer, Geology, Cunning>28, and (Acquisition
// or Law or 2 Treachery)", two requirement sets joined by "or",
// "Computer Skill x2 OR SCIENCE x3", "MEDICAL + SECURITY", "STRENGTH>40".
// Text it cannot read is an *rules.Error EUNPROCESSABLE saying where.
func ParseRequirement(text string) (Requirement, error) {
	if strings.TrimSpace(text) == "" {
		return nil, rules.Errorf(rules.EUNPROCESSABLE, "the requirement is empty")
	}
	toks, err := tokenize(text)
	if err != nil {
		return nil, rules.Errorf(rules.EUNPROCESSABLE, "cannot read requirement %q: %v", text, err)
	}
	p := &parser{text: text, toks: toks}
	r, err := p.requirement()
	if err == nil && p.peek().kind != tokEOF {
		err = p.errorf("unexpected %q", p.peek().text)
	}
	if err != nil {
		return nil, rules.Errorf(rules.EUNPROCESSABLE, "cannot read requirement %q: %v", text, err)
	}
	return r, nil
}

func (p *parser) peek() token { return p.toks[p.at] }

func (p *parser) next() token {
	t := p.toks[p.at]
	if t.kind != tokEOF {
		p.at++
	}
	return t
}

func (p *parser) errorf(format string, args ...any) error {
	t := p.peek()
	where := "at the end"
	if t.kind != tokEOF {
		where = fmt.Sprintf("at %d", charAt(p.text, t.pos))
	}
	return fmt.Errorf(format+" "+where, args...)
}

func (p *parser) requirement() (Requirement, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errorf("too deeply nested")
	}
	first, err := p.conjunction()
	if err != nil {
		return nil, err
	}
	if p.peek().kind != tokOr {
		return first, nil
	}
	// An "or" among the alternatives (in parentheses) is read as theirs.
	flat := appendAlternatives(make([]Requirement, 0, 4), first)
	for p.peek().kind == tokOr {
		p.next()
		r, err := p.conjunction()
		if err != nil {
			return nil, err
		}
		flat = appendAlternatives(flat, r)
	}
	return AnyOf{Alternatives: flat}, nil
}

// appendAlternatives appends r to alternatives; the alternatives of r
// when it is an "or".
func appendAlternatives(alternatives []Requirement, r Requirement) []Requirement {
	if any, ok := r.(AnyOf); ok {
		return append(alternatives, any.Alternatives...)
	}
	return append(alternatives, r)
}

// appendParts appends r to parts; the parts of r when it is an "all of".
func appendParts(parts []Requirement, r Requirement) []Requirement {
	if all, ok := r.(AllOf); ok {
		return append(parts, all.Parts...)
	}
	return append(parts, r)
}

func (p *parser) conjunction() (Requirement, error) {
	first, err := p.term()
	if err != nil {
		return nil, err
	}
	// The parts, an "all of" among them (in parentheses) read as theirs,
	// from the second part on (nil while there is one).
	var flat []Requirement
	for {
		switch p.peek().kind {
		case tokComma:
			p.next()
			if p.peek().kind == tokAnd {
				p.next()
			}
		case tokAnd:
			p.next()
		default:
			if flat == nil {
				return first, nil
			}
			return AllOf{Parts: flat}, nil
		}
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		if flat == nil {
			flat = appendParts(make([]Requirement, 0, 8), first)
		}
		flat = appendParts(flat, r)
	}
}

func (p *parser) term() (Requirement, error) {
	if p.peek().kind == tokOpen {
		p.next()
		r, err := p.requirement()
		if err != nil {
			return nil, err
		}
		if p.peek().kind != tokClose {
			return nil, p.errorf("expected a closing parenthesis")
		}
		p.next()
		return r, nil
	}
	return p.clause()
}

func (p *parser) clause() (Requirement, error) {
	level := 1
	leading := false
	if p.peek().kind == tokNumber {
		level = p.next().num
		leading = true
		if level < 1 {
			return nil, p.errorf("a skill level must be at least 1")
		}
	}
	name, err := p.name()
	if err != nil {
		return nil, err
	}
	switch p.peek().kind {
	case tokGreater:
		if leading {
			return nil, p.errorf("a level before an attribute")
		}
		if attributeName(name) == "" {
			return nil, p.errorf("%q is not an attribute (Integrity, Cunning or Strength)", name)
		}
		p.next()
		if p.peek().kind != tokNumber {
			return nil, p.errorf("expected a number after >")
		}
		return AttributeNeed{Attribute: name, Threshold: p.next().num}, nil
	case tokTimes:
		if leading {
			return nil, p.errorf("two levels for one skill")
		}
		p.next()
		if p.peek().kind != tokNumber {
			return nil, p.errorf("expected a number after x")
		}
		level = p.next().num
		if level < 1 {
			return nil, p.errorf("a skill level must be at least 1")
		}
	}
	if attributeName(name) != "" {
		return nil, p.errorf("the attribute %q needs a threshold (%s>N)", name, name)
	}
	return SkillNeed{Name: name, Level: level}, nil
}

func (p *parser) name() (string, error) {
	if p.peek().kind != tokWord {
		if p.peek().kind == tokEOF {
			return "", p.errorf("expected a skill, attribute or personnel")
		}
		return "", p.errorf("expected a skill, attribute or personnel, found %q", p.peek().text)
	}
	first := p.at
	p.next()
	for p.peek().kind == tokWord {
		p.next()
	}
	words := p.toks[first:p.at]
	if last := words[len(words)-1]; len(words) > 1 && strings.EqualFold(last.text, "x") {
		return "", fmt.Errorf("a multiplier %q needs a number at %d", last.text, charAt(p.text, last.pos))
	}
	return joinWords(p.text, words), nil
}

// joinWords is the words of a name, read from text, joined by a space: the
// part of text they span when one space parts each word from the next, as
// names are written, else a new string.
func joinWords(text string, words []token) string {
	from, last := words[0].pos, words[len(words)-1]
	to := last.pos + len(last.text)
	if to-from == joinedLen(words) {
		// Only white space parts two words in a row (a word runs on while
		// a letter follows), here one byte of it each: the span is the
		// name when each of those bytes is a space.
		spaced := true
		for _, w := range words[1:] {
			if text[w.pos-1] != ' ' {
				spaced = false
				break
			}
		}
		if spaced {
			return text[from:to]
		}
	}
	var b strings.Builder
	b.Grow(joinedLen(words))
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.text)
	}
	return b.String()
}

// joinedLen is the length of the words joined by a space.
func joinedLen(words []token) int {
	n := len(words) - 1
	for _, w := range words {
		n += len(w.text)
	}
	return n
}

package engine

// The requirement grammar's tokenizer and runeParser as they were before they
// read the text in place (by runes, copying each word): kept here only as
// the reference the tokenizer and runeParser are compared against
// (TestTokenizeAsReadByRunes, FuzzParseRequirementAsReadByRunes).

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/stccg/stccg-rules/internal/rules"
)

// runeTokenize splits requirement text into tokens. Words run over letters,
// digits after a letter, apostrophes, hyphens and inner dots ("U.S.S").
func runeTokenize(s string) ([]token, error) {
	var toks []token
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case r == ',' || r == ';':
			toks = append(toks, token{kind: tokComma, text: string(r), pos: i})
			i++
		case r == '+' || r == '&':
			toks = append(toks, token{kind: tokAnd, text: string(r), pos: i})
			i++
		case r == '>':
			toks = append(toks, token{kind: tokGreater, text: ">", pos: i})
			i++
		case r == '(' || r == '[':
			toks = append(toks, token{kind: tokOpen, text: string(r), pos: i})
			i++
		case r == ')' || r == ']':
			toks = append(toks, token{kind: tokClose, text: string(r), pos: i})
			i++
		case r == '.' && runeRestIsSpace(rs[i+1:]):
			i++ // a closing full stop
		case unicode.IsDigit(r):
			j := i
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			n, err := strconv.Atoi(string(rs[i:j]))
			if err != nil || n > maxLevel {
				return nil, fmt.Errorf("number %q at %d is too large", string(rs[i:j]), i+1)
			}
			toks = append(toks, token{kind: tokNumber, text: string(rs[i:j]), num: n, pos: i})
			i = j
		case unicode.IsLetter(r):
			j := i
			for j < len(rs) {
				c := rs[j]
				if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '\'' || c == '’' || c == '-' {
					j++
					continue
				}
				if c == '.' && j+1 < len(rs) && unicode.IsLetter(rs[j+1]) {
					j++
					continue
				}
				break
			}
			// a dot closing an abbreviation ("U.S.S.") belongs to the word,
			// and so does one closing an initial inside a name ("James T.
			// Kirk"): a capital letter alone, its dot, then another word
			if j < len(rs) && rs[j] == '.' && (j > i+1 && rs[j-2] == '.' || runeInitial(rs, i, j)) {
				j++
			}
			w := string(rs[i:j])
			lw := strings.ToLower(w)
			switch {
			case lw == "and":
				toks = append(toks, token{kind: tokAnd, text: w, pos: i})
			case lw == "or":
				toks = append(toks, token{kind: tokOr, text: w, pos: i})
			case lw == "x" && (runeNextIsDigit(rs[j:]) || runeBareMultiplier(toks, rs[j:])):
				// A bare "x" after a skill is a multiplier even with no
				// number, so "SCIENCE x" is refused, not read as a skill.
				toks = append(toks, token{kind: tokTimes, text: w, pos: i})
			case len(lw) > 1 && lw[0] == 'x' && allDigits(lw[1:]):
				n, err := strconv.Atoi(lw[1:])
				if err != nil || n > maxLevel {
					return nil, fmt.Errorf("multiplier %q at %d is too large", w, i+1)
				}
				toks = append(toks, token{kind: tokTimes, text: "x", pos: i})
				toks = append(toks, token{kind: tokNumber, text: lw[1:], num: n, pos: i + 1})
			default:
				toks = append(toks, token{kind: tokWord, text: w, pos: i})
			}
			i = j
		default:
			return nil, fmt.Errorf("unexpected %q at %d", string(r), i+1)
		}
	}
	toks = append(toks, token{kind: tokEOF, pos: len(rs)})
	return toks, nil
}

// initial says whether the word rs[i:j], followed by a dot at j, is an
// initial within a name: one capital letter, and after the dot a space and
// a word that is not "and" or "or", which would end the name.
func runeInitial(rs []rune, i, j int) bool {
	if j != i+1 || !unicode.IsUpper(rs[i]) || j+2 >= len(rs) || !unicode.IsSpace(rs[j+1]) {
		return false
	}
	k := j + 1
	for k < len(rs) && unicode.IsSpace(rs[k]) {
		k++
	}
	e := k
	for e < len(rs) && unicode.IsLetter(rs[e]) {
		e++
	}
	next := strings.ToLower(string(rs[k:e]))
	return next != "" && next != "and" && next != "or" && next != "x"
}

func runeRestIsSpace(rs []rune) bool {
	for _, r := range rs {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

func runeNextIsDigit(rs []rune) bool {
	for _, r := range rs {
		if unicode.IsSpace(r) {
			continue
		}
		return unicode.IsDigit(r)
	}
	return false
}

// runeBareMultiplier says whether an "x" with no number after it closes a name
// (the tokens so far end with a word, and no word of the name follows it).
func runeBareMultiplier(toks []token, rest []rune) bool {
	if len(toks) == 0 || toks[len(toks)-1].kind != tokWord {
		return false
	}
	k := 0
	for k < len(rest) && unicode.IsSpace(rest[k]) {
		k++
	}
	e := k
	for e < len(rest) && unicode.IsLetter(rest[e]) {
		e++
	}
	next := strings.ToLower(string(rest[k:e]))
	return next == "" || next == "and" || next == "or"
}

type runeParser struct {
	toks  []token
	at    int
	depth int
}

// runeParseRequirement reads a printed requirement in either edition's notation:
// "2 Science", "Cunning>34", "Engineer, Geology, Cunning>28, and (Acquisition
// or Law or 2 Treachery)", two requirement sets joined by "or",
// "Computer Skill x2 OR SCIENCE x3", "MEDICAL + SECURITY", "STRENGTH>40".
// Text it cannot read is an *rules.Error EUNPROCESSABLE saying where.
func runeParseRequirement(text string) (Requirement, error) {
	if strings.TrimSpace(text) == "" {
		return nil, rules.Errorf(rules.EUNPROCESSABLE, "the requirement is empty")
	}
	toks, err := runeTokenize(text)
	if err != nil {
		return nil, rules.Errorf(rules.EUNPROCESSABLE, "cannot read requirement %q: %v", text, err)
	}
	p := &runeParser{toks: toks}
	r, err := p.requirement()
	if err == nil && p.peek().kind != tokEOF {
		err = p.errorf("unexpected %q", p.peek().text)
	}
	if err != nil {
		return nil, rules.Errorf(rules.EUNPROCESSABLE, "cannot read requirement %q: %v", text, err)
	}
	return r, nil
}

func (p *runeParser) peek() token { return p.toks[p.at] }

func (p *runeParser) next() token {
	t := p.toks[p.at]
	if t.kind != tokEOF {
		p.at++
	}
	return t
}

func (p *runeParser) errorf(format string, args ...any) error {
	t := p.peek()
	where := "at the end"
	if t.kind != tokEOF {
		where = fmt.Sprintf("at %d", t.pos+1)
	}
	return fmt.Errorf(format+" "+where, args...)
}

func (p *runeParser) requirement() (Requirement, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errorf("too deeply nested")
	}
	first, err := p.conjunction()
	if err != nil {
		return nil, err
	}
	alts := []Requirement{first}
	for p.peek().kind == tokOr {
		p.next()
		r, err := p.conjunction()
		if err != nil {
			return nil, err
		}
		alts = append(alts, r)
	}
	if len(alts) == 1 {
		return first, nil
	}
	var flat []Requirement
	for _, a := range alts {
		if any, ok := a.(AnyOf); ok {
			flat = append(flat, any.Alternatives...)
		} else {
			flat = append(flat, a)
		}
	}
	return AnyOf{Alternatives: flat}, nil
}

func (p *runeParser) conjunction() (Requirement, error) {
	first, err := p.term()
	if err != nil {
		return nil, err
	}
	parts := []Requirement{first}
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
			if len(parts) == 1 {
				return first, nil
			}
			var flat []Requirement
			for _, x := range parts {
				if all, ok := x.(AllOf); ok {
					flat = append(flat, all.Parts...)
				} else {
					flat = append(flat, x)
				}
			}
			return AllOf{Parts: flat}, nil
		}
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		parts = append(parts, r)
	}
}

func (p *runeParser) term() (Requirement, error) {
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

func (p *runeParser) clause() (Requirement, error) {
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

func (p *runeParser) name() (string, error) {
	if p.peek().kind != tokWord {
		if p.peek().kind == tokEOF {
			return "", p.errorf("expected a skill, attribute or personnel")
		}
		return "", p.errorf("expected a skill, attribute or personnel, found %q", p.peek().text)
	}
	words := []string{p.next().text}
	for p.peek().kind == tokWord {
		words = append(words, p.next().text)
	}
	if last := words[len(words)-1]; len(words) > 1 && strings.EqualFold(last, "x") {
		return "", fmt.Errorf("a multiplier %q needs a number at %d", last, p.toks[p.at-1].pos+1)
	}
	return strings.Join(words, " "), nil
}

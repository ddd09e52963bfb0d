// Skills as cards print them: read into a name and a level ("2 Diplomacy",
// "Diplomacy x2"), and the levels of a personnel's mentions of one skill
// summed.

package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// ParseSkill reads one skill as a card prints it: "Leadership", "2 Diplomacy"
// (2E) or "Diplomacy x2" (1E). The level is 1 when none is written.
func ParseSkill(text string) (name string, level int, err error) {
	name, _, level, err = parseSkill(text)
	return name, level, err
}

// parseSkill is ParseSkill, with the key the name compares by.
func parseSkill(text string) (name, key string, level int, err error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return "", "", 0, errors.New("a skill cannot be empty")
	}
	level = 1
	fields := []string{s}
	if strings.ContainsAny(s, " \t\n\r") {
		fields = strings.Fields(s)
	}
	if n, err := atoi(fields[0]); err == nil && len(fields) > 1 {
		level, fields = n, fields[1:]
	} else if last := fields[len(fields)-1]; len(fields) > 1 && (last[0] == 'x' || last[0] == 'X') {
		// "Diplomacy x2" as printed on 1E cards.
		last = strings.ToLower(last)
		if n, err := atoi(last[1:]); err == nil {
			level, fields = n, fields[:len(fields)-1]
		} else if last == "x" {
			return "", "", 0, fmt.Errorf("skill %q: x needs a number", text)
		}
	} else if len(fields) > 2 && strings.EqualFold(fields[len(fields)-2], "x") {
		if n, err := atoi(fields[len(fields)-1]); err == nil {
			level, fields = n, fields[:len(fields)-2]
		}
	}
	if level < 1 || level > maxLevel {
		return "", "", 0, fmt.Errorf("skill %q: a level is between 1 and %d", text, maxLevel)
	}
	name = strings.Join(fields, " ")
	if len(name) > 1 && (name[0] == 'x' || name[0] == 'X') && allDigits(name[1:]) {
		return "", "", 0, fmt.Errorf("skill %q is a level without a skill", text)
	}
	key = skillKey(name)
	if key == "" || !strings.ContainsFunc(name, unicode.IsLetter) {
		return "", "", 0, fmt.Errorf("skill %q has no name", text)
	}
	return name, key, level, nil
}

// errNotANumber is atoi's answer for text that cannot be a number.
var errNotANumber = errors.New("not a number")

// atoi is strconv.Atoi, without building an error for text that does not
// begin as a number can (a skill's name, mostly).
func atoi(s string) (int, error) {
	if s == "" || (s[0] < '0' || s[0] > '9') && s[0] != '+' && s[0] != '-' {
		return 0, errNotANumber
	}
	return strconv.Atoi(s)
}

// mergeSkills sorts skills by key and sums the levels of each key into one
// entry named as the last mention names it.
func mergeSkills(skills []SkillLevel) []SkillLevel {
	if len(skills) < 2 {
		return skills
	}
	slices.SortStableFunc(skills, func(a, b SkillLevel) int { return strings.Compare(a.Key, b.Key) })
	out := skills[:1]
	for _, s := range skills[1:] {
		if last := &out[len(out)-1]; last.Key == s.Key {
			last.Level += s.Level
			last.Name = s.Name
			continue
		}
		out = append(out, s)
	}
	return out
}

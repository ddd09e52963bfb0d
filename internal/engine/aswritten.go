package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Words read as written. A word of the board that no vocabulary knows and
// that is no typo or plural of one (an affiliation, icon or skill of a set
// the card data lacks, a name invented for a test board) is read as
// written: it matches only the same word. A refusal that may turn on
// such a word says so, whatever the question: each question names the
// vocabularies whose words can decide its verdict (question.reads), and
// the words of those the board read as written are said once, with where
// they stood (a card's required skill typed "Engineering", which the card
// data names Engineer, leaves a mission unattempted as surely as a
// missing crew member). A verdict that allows matched such a word with
// the same word as written elsewhere on the board, and says nothing. The sentences of a requirement's unmet names and a ship's
// unfilled staffing lines (words.go) say more, of the names the verdict
// lacked; a question whose verdict no word decides (battle.personnel:
// STRENGTH alone) says nothing of them.

// maxWrittenSaid bounds the words one sentence names.
const maxWrittenSaid = 8

// noteWritten notes a word read as written, once a word and vocabulary
// (the first place it was given).
// key is the word folded.
func (n *wordNotes) noteWritten(given, key string, field func() string, kinds wordKinds) {
	if key == "" || n.wasWritten(key, kinds) {
		return
	}
	n.addWritten(wordReading{given: rules.Truncate(given), read: key, field: field(), kinds: kinds})
}

// noteWrittenSkill is noteWritten of the item-th skill given the
// personnel at (of the board's personnel), its path built only when
// said: a board's skills are the most of its words, and may each be a
// word of their own.
func (n *wordNotes) noteWrittenSkill(given, key string, at boardPlace, item int) {
	if key == "" || n.wasWritten(key, skillWords) {
		return
	}
	n.addWritten(wordReading{given: rules.Truncate(given), read: key, kinds: skillWords, skill: skillPlace{int32(at.index), int32(item), true}})
}

// wasWritten says whether key was noted read as written against kinds.
func (n *wordNotes) wasWritten(key string, kinds wordKinds) bool {
	if n.writtenIndex != nil {
		_, ok := n.writtenIndex[writtenKey{key, kinds}]
		return ok
	}
	for _, r := range n.written {
		if r.kinds == kinds && r.read == key {
			return true
		}
	}
	return false
}

// addWritten notes r, a word not noted before.
func (n *wordNotes) addWritten(r wordReading) {
	key, kinds := r.read, r.kinds
	if len(n.written) >= writtenScanned && len(n.written) == cap(n.written) {
		// Doubled: grown a quarter at a time, a board's thousands of
		// notes were copied some five times over.
		n.written = slices.Grow(n.written, len(n.written))
	}
	n.written = append(n.written, r)
	switch {
	case n.writtenIndex != nil:
		n.writtenIndex[writtenKey{key, kinds}] = struct{}{}
	case len(n.written) == writtenScanned:
		// A board of words no vocabulary knows (a skill of its own for
		// every personnel) would scan its notes once a word, read by
		// read: past a few, they are looked up.
		n.writtenIndex = make(map[writtenKey]struct{}, 2*writtenScanned)
		for _, r := range n.written {
			n.writtenIndex[writtenKey{r.read, r.kinds}] = struct{}{}
		}
	}
}

// writtenScanned is how many words read as written are scanned for one
// before they are looked up by a map.
const writtenScanned = 16

// A writtenKey is a word read as written and the vocabularies it was
// read against: a word is noted once a key.
type writtenKey struct {
	read  string
	kinds wordKinds
}

// writtenSaid says which words read as written, of the vocabularies
// kinds, the verdict may have turned on; "" when none.
func (n wordNotes) writtenSaid(kinds wordKinds) string {
	var parts []string
	more := 0
	for _, r := range n.written {
		if r.kinds&kinds == 0 {
			continue
		}
		if len(parts) == maxWrittenSaid {
			more++
			continue
		}
		parts = append(parts, fmt.Sprintf("%q (%s)", r.given, r.where()))
	}
	if len(parts) == 0 {
		return ""
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("%d more", more))
	}
	names := kindNames(kinds & n.kindsWritten())
	if len(names) > 1 {
		names = append(names[:len(names)-2], names[len(names)-2]+" or "+names[len(names)-1])
	}
	return fmt.Sprintf("Not %s the rules or the card data know, so read as written (matched only by the same word): %s.", strings.Join(names, ", "), joinAnd(parts))
}

// kindsWritten are the vocabularies of the words read as written.
func (n wordNotes) kindsWritten() wordKinds {
	var k wordKinds
	for _, r := range n.written {
		k |= r.kinds
	}
	return k
}

// kindNames names the vocabularies of kinds, as a sentence lists them.
func kindNames(kinds wordKinds) []string {
	var out []string
	for _, k := range []struct {
		bit  wordKinds
		name string
	}{{affiliationWords, "affiliations"}, {iconWords, "icons"}, {skillWords, "skills"}, {speciesWords, "species"}, {characteristicWords, "characteristics"}, {playTerms, "what a headquarters lets play"}} {
		if kinds&k.bit != 0 {
			out = append(out, k.name)
		}
	}
	if len(out) == 0 {
		return []string{"words"}
	}
	return out
}

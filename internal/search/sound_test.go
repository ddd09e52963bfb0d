package search

import (
	"context"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestRespellings(t *testing.T) {
	for _, c := range []struct {
		typed string
		want  []string
	}{
		{"fazes", []string{"phazes"}},
		{"kwadrant", []string{"quadrant"}},
		{"acshun", []string{"action"}},
		{"fite", []string{"phite", "fight"}},
		{"armour", []string{"armor"}},
		{"defence", []string{"dephence", "defense"}},
		{"phase", nil},  // no "f" to respell: "ph" is as the word is written
		{"graph", nil},  // nor here
		{"misson", nil}, // no sound to respell
	} {
		if got := respellings(c.typed); !slices.Equal(got, c.want) {
			t.Errorf("respellings(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
	if got := respellings("ffffffffffffffffffff"); len(got) != maxRespellings {
		t.Errorf("a word of twenty f's has %d respellings, want at most %d", len(got), maxRespellings)
	}
}

// A word spelled as it sounds is read as the word the rulebooks write, as
// near as the typo is from its respelling, and the word beside it decides
// between it and a word as near as typed ("seed fazes" is seed phases, not
// seed faces); a word the index knows is never respelled.
func TestSpellingBySoundRead(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"seed fazes":           "seed phases",
		"the fase of the turn": "the phase of the turn",
		"the alfa kwadrant":    "the alpha quadrant",
		"fazer weapons":        "phaser weapons",
		"fite a battle":        "fight a battle", // the table's word, by sound
		"the centre":           "the center",
		"faces up":             "faces up", // a word of the index
		"misson attempt":       "mission attempt",
	})
}

// The words of text-speak and numbers past ten as words are read as the
// rulebooks write them (synonyms.json): "b4" is before, "fifty" the 50 the
// rulebooks print; "ur" is a word of the question's form, as "your" is.
func TestTextSpeakAndNumberWordsRead(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"b4 the battle":          "before the battle",
		"nxt turn":               "next turn",
		"dmg on a ship":          "damage on a ship",
		"thru a wormhole":        "through a wormhole",
		"fifty points":           "50 points",
		"sixty cards in a deck":  "sixty cards in a deck", // printed so: 60 is its meaning, of less weight
		"score a hundred points": "score a 100 points",
		"beam w/o shields":       "beam without shields",
		"report w/ crew":         "report with crew",
		"w o":                    "w o", // "w" alone is no "with"
		"ur opening hand":        "opening hand",
	})
}

// A figure text-speak writes for a word ("2" for to, "4" for for) is read
// as the word between two words the rulebooks write it beside, and stays a
// number where they write the number there, or write neither often enough
// to say.
func TestTextSpeakFiguresRead(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"personnel able 2 move":   "personnel able to move",
		"report 4 duty at a site": "report for duty at a site",
		"stop 2 personnel":        "stop 2 personnel", // "two personnel"
		"play 2 dilemmas":         "play 2 dilemmas",  // once "to dilemmas": too few
		"range 4 ship":            "range 4 ship",
		"2 attack":                "2 attack", // no word before it
	})
}

// A question or exclamation mark typed inside a word, between two letters,
// is a slip of the shift key where the word without it is a word of the
// index and its two sides are not both words; else it parts two words.
func TestStrayMarkInsideAWordRead(t *testing.T) {
	ix := buildCorpus(t)
	checkReadings(t, ix, map[string]string{
		"dilem!ma pile":   "dilemma pile",
		"OPPO?NENT":       "opponent",
		"cards?draw":      "cards draw", // two words
		"spaceline?":      "spaceline",  // a question's mark
		"combat?strength": "combat strength",
	})
	res, err := ix.Search(context.Background(), rules.SearchQuery{Q: "dilem!ma pile"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.ReadAs) != 1 || res.ReadAs[0].Typed != "dilem!ma" || res.ReadAs[0].As != "dilemma" {
		t.Errorf("dilem!ma pile reads as %+v, want dilem!ma read as dilemma", res.ReadAs)
	}
}

// A typed word of three letters the index does not know is read as the word
// it is mistyped from (a letter dropped, two swapped) when the rulebooks
// write that word beside a word typed next to it; alone, or beside words it
// is never written with, it stays as typed.
func TestShortTypoReadBesideItsNeighbour(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"draw a crd":   "draw a card",
		"shp battle":   "ship battle",
		"teh mission":  "the mission",
		"dek of cards": "deck of cards",
		"yes":          "yes", // alone: not "eyes"
		"lol":          "lol",
		"hnd size":     "hnd size", // "hand size" is never written
		"fix the bug":  "fix the bug",
	})
}

// An apostrophe typed twice is one, two words typed with a colon or a full
// stop between them and no space are two, and the possessive of the table's
// shorthand is the shorthand; an abbreviation's stops and a web address
// stay as typed.
func TestPunctuationTypedAsMeant(t *testing.T) {
	for _, c := range []struct {
		typed string
		want  []string
	}{
		{"opponent''s turn", []string{"opponent's", "turn"}},
		{"2e:stopped", []string{"2e:", "stopped"}},
		{"u.s.s.galaxy staffing", []string{"u.s.s.", "galaxy", "staffing"}},
		{"stopped.next turn", []string{"stopped.", "next", "turn"}},
		{"u.s.s. galaxy", []string{"u.s.s.", "galaxy"}},
		{"e.g. www.decipher.com 1.7", []string{"e.g.", "www.decipher.com", "1.7"}},
	} {
		u, err := parseQuery(c.typed)
		if err != nil {
			t.Fatalf("parseQuery(%q): %v", c.typed, err)
		}
		if !slices.Equal(u.Words, c.want) {
			t.Errorf("parseQuery(%q) words %q, want %q", c.typed, u.Words, c.want)
		}
	}
	checkReadings(t, buildCorpus(t), map[string]string{
		"2e:stopped":       "stopped", // the edition filters
		"hq's game text":   "hq game text",
		"AT's dilemma":     "away team dilemma",
		"opponent''s hand": "opponent's hand",
	})
}

// Two words run together with a typo in one of them are read as the two the
// rulebooks write side by side; a pair never written so, or letters that
// are no two words, stay as typed.
func TestJoinedWordsWithATypoRead(t *testing.T) {
	ix := buildCorpus(t)
	checkReadings(t, ix, map[string]string{
		"dilemapile":     "dilemma pile",
		"personelbattle": "personnel battle",
		"battlebrdige":   "battle bridge",
		"staffingicnos":  "staffing icons",
		"seeddekc":       "seed deck",
		"sheildsdrop":    "sheildsdrop", // "shields drop" is never written
		"qwertyuiop":     "qwertyuiop",
	})
	res, err := ix.Search(context.Background(), rules.SearchQuery{Q: "dilemapile"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.ReadAs) != 1 || res.ReadAs[0].As != "dilemma pile" || res.ReadAs[0].Why != rules.ReadJoined {
		t.Errorf("dilemapile reads as %+v, want dilemma pile, joined", res.ReadAs)
	}
}

// Two typos in a word of four to six letters, past the one edit such a word
// may have, are read as the word the rulebooks write beside a word of the
// game typed next to it; alone, or beside a stop word only, the word stays.
func TestTwoTyposReadBesideAWordOfTheGame(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"atakc total":  "attack total",
		"dilmea stack": "dilemma stack",
		"dilmea":       "dilmea",
		"the atakc":    "the atakc", // not "the stack"
	})
}

// A stop word stands for a typo only as the word mistyped (a letter added,
// dropped, or two swapped), never with a letter changed: "taem" is team,
// not them; "theri" their, not there; "theg" the.
func TestTypoReadAsAStopWordOnlyAsMistyped(t *testing.T) {
	checkReadings(t, buildCorpus(t), map[string]string{
		"taem":      "team", // was "them"
		"theri":     "their",
		"theg game": "the game",
	})
}

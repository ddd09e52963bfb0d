package rules

import (
	"strings"
	"testing"
)

// rowsOf lists a comparison's rows as "kind: older | newer".
func rowsOf(d SentenceDiff) []string {
	var out []string
	text := func(segs []Segment) string {
		var parts []string
		for _, s := range segs {
			if s.Changed {
				parts = append(parts, "["+s.Text+"]")
			} else {
				parts = append(parts, s.Text)
			}
		}
		return strings.Join(parts, " ")
	}
	for _, g := range d.Groups() {
		for _, r := range g.Rows {
			out = append(out, string(r.Change)+": "+text(r.Older)+" | "+text(r.Newer))
		}
	}
	return out
}

func TestSentencesAlignAcrossVersions(t *testing.T) {
	older := "A stopped card cannot move. It cannot attempt missions.\n\nIt becomes unstopped at the end of your turn. Play it face up."
	newer := "A stopped card cannot move. It cannot attempt or battle.\n\nPlay it face up! A stopped card is turned sideways. It becomes unstopped at the end of your turn."
	d := CompareSentences(older, newer)
	got := strings.Join(rowsOf(d), "\n")
	want := strings.Join([]string{
		"same: A stopped card cannot move. | A stopped card cannot move.",
		"changed: It cannot attempt [missions.] | It cannot attempt [or battle.]",
		"punctuation: Play it face up. | Play it face up!",
		"added:  | A stopped card is turned sideways.",
		"moved:  | It becomes unstopped at the end of your turn.",
	}, "\n")
	if got != want {
		t.Errorf("rows\n%s\nwant\n%s", got, want)
	}
	if d.Summary != "1 sentence changed, 1 added, 1 moved; 2 the same (1 of other punctuation)." || d.Same {
		t.Errorf("summary %q", d.Summary)
	}
	if n := len(d.Groups()); n != 4 || !d.Groups()[0].Folded || d.Groups()[1].Folded || !d.Groups()[2].Folded {
		t.Errorf("groups %+v", d.Groups())
	}
}

func TestAnIdenticalSentenceIsNeverStruckAndAddedAgain(t *testing.T) {
	s := "Each personnel may beam once. A ship may move twice. Dilemmas are overcome."
	d := CompareSentences(s, strings.Replace(s, "twice", "once", 1))
	for _, r := range rowsOf(d) {
		if strings.HasPrefix(r, "removed") || strings.HasPrefix(r, "added") {
			t.Errorf("a row %q", r)
		}
	}
	if !strings.HasPrefix(d.Summary, "1 sentence changed; 2 the same") {
		t.Errorf("summary %q", d.Summary)
	}
}

func TestPunctuationAloneIsQuiet(t *testing.T) {
	d := CompareSentences("Stopped cards cannot move, attempt, or battle.", "Stopped cards cannot move, attempt or battle.")
	if !d.Same || d.Summary != "The same words in both; 1 sentence differs only in punctuation." {
		t.Errorf("%+v", d)
	}
	d = CompareSentences("A card may move – once.", "A card may move, once; twice!")
	for _, g := range d.Groups() {
		for _, r := range g.Rows {
			for _, s := range append(r.Older, r.Newer...) {
				if s.Changed && strings.Trim(s.Text, ".,;!– ") != "twice" {
					t.Errorf("a word marked for its punctuation: %q", s.Text)
				}
			}
		}
	}
}

func TestSentencesSplitAtSentenceEndsOnly(t *testing.T) {
	got := sentencesOf("The U.S.S. Galaxy, e.g. a ship, moves. Then Dr. Crusher beams. A. B. Smith waits? Yes!\n\nNew paragraph")
	want := []string{"The U.S.S. Galaxy, e.g. a ship, moves.", "Then Dr. Crusher beams.", "A. B. Smith waits?", "Yes!", "New paragraph"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q", got)
	}
}

func TestSameTextIsSame(t *testing.T) {
	for _, s := range []string{"", "One. Two.", "x"} {
		if d := CompareSentences(s, s); !d.Same || (s != "" && d.Summary != "The same words in both.") {
			t.Errorf("%q: %+v", s, d)
		}
	}
	d := CompareSentences("", "All new. Really.")
	if d.Same || d.Summary != "2 sentences added; 0 the same." {
		t.Errorf("%+v", d)
	}
}

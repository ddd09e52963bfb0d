package web

import (
	"fmt"
	"strings"
	"testing"
)

func TestWordDiffKeepsTheLongestCommonWords(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want []DiffOp
	}{
		{"same text", "a b c", "a b c", []DiffOp{{DiffEqual, "a b c"}}},
		{"both empty", "", "", nil},
		{"all new", "", "x y", []DiffOp{{DiffInsert, "x y"}}},
		{"all gone", "x y", "", []DiffOp{{DiffDelete, "x y"}}},
		{"one word replaced", "cannot move this turn", "cannot move next turn",
			[]DiffOp{{DiffEqual, "cannot move"}, {DiffDelete, "this"}, {DiffInsert, "next"}, {DiffEqual, "turn"}}},
		{"words added in the middle", "spend Range to move", "spend Range points to move ships",
			[]DiffOp{{DiffEqual, "spend Range"}, {DiffInsert, "points"}, {DiffEqual, "to move"}, {DiffInsert, "ships"}}},
		{"punctuation sticks to its word", "ends turn.", "ends turn!",
			[]DiffOp{{DiffEqual, "ends"}, {DiffDelete, "turn."}, {DiffInsert, "turn!"}}},
		{"white space does not count", "a  b\n c", "a b c", []DiffOp{{DiffEqual, "a b c"}}},
		{"a new paragraph break shows", "one two", "one\n\ntwo",
			[]DiffOp{{DiffEqual, "one"}, {DiffInsert, "\n\n"}, {DiffEqual, "two"}}},
		{"reordered words keep the longer common run", "a b c d", "c d a b",
			[]DiffOp{{DiffDelete, "a b"}, {DiffEqual, "c d"}, {DiffInsert, "a b"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := WordDiff(tc.a, tc.b)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("WordDiff(%q, %q)\n got %v\nwant %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// rebuild returns the older and newer word lists a diff describes.
func rebuild(ops []DiffOp) (older, newer []string) {
	for _, op := range ops {
		w := strings.Split(op.Text, " ")
		if op.Kind != DiffInsert {
			older = append(older, w...)
		}
		if op.Kind != DiffDelete {
			newer = append(newer, w...)
		}
	}
	return older, newer
}

func TestWordDiffRebuildsBothTexts(t *testing.T) {
	pairs := [][2]string{
		{"the quick brown fox jumps over the lazy dog", "the slow brown fox leaps over a lazy dog today"},
		{"x x x y y y", "y y x x"},
		{"Stopped cards may not move.\n\nThey stay.", "A stopped card may not move or attempt.\n\nIt stays stopped."},
	}
	for _, p := range pairs {
		older, newer := rebuild(WordDiff(p[0], p[1]))
		if strings.Join(older, " ") != strings.Join(wordTokens(p[0]), " ") {
			t.Errorf("older side %q != %q", older, wordTokens(p[0]))
		}
		if strings.Join(newer, " ") != strings.Join(wordTokens(p[1]), " ") {
			t.Errorf("newer side %q != %q", newer, wordTokens(p[1]))
		}
	}
}

func TestWordDiffFindsAMinimalEdit(t *testing.T) {
	// "a b c a b b a" vs "c b a b a c": the longest common subsequence has
	// four words, so exactly three are deleted and two inserted.
	ops := WordDiff("a b c a b b a", "c b a b a c")
	del, ins := 0, 0
	for _, op := range ops {
		n := len(strings.Fields(op.Text))
		switch op.Kind {
		case DiffDelete:
			del += n
		case DiffInsert:
			ins += n
		}
	}
	if del != 3 || ins != 2 {
		t.Errorf("deleted %d, inserted %d; want 3 and 2: %v", del, ins, ops)
	}
}

func TestWordDiffOfHugeTextsFallsBackToReplace(t *testing.T) {
	var a, b strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&a, "a%d ", i)
		fmt.Fprintf(&b, "b%d ", i)
	}
	ops := WordDiff("same "+a.String()+" end", "same "+b.String()+" end")
	if len(ops) != 4 || ops[0].Kind != DiffEqual || ops[1].Kind != DiffDelete || ops[2].Kind != DiffInsert || ops[3].Kind != DiffEqual {
		t.Errorf("got %d ops, want equal, delete, insert, equal", len(ops))
	}
}

func TestSidesSplitsParagraphsAndMarksChanges(t *testing.T) {
	sb := Sides(WordDiff("one two\n\nthree", "one 2\n\nthree four"))
	if sb.Same {
		t.Error("Same for different texts")
	}
	wantOlder := "[[{one false} {two true}] [{three false}]]"
	wantNewer := "[[{one false} {2 true}] [{three false} {four true}]]"
	if fmt.Sprint(sb.Older) != wantOlder || fmt.Sprint(sb.Newer) != wantNewer {
		t.Errorf("older %v\nnewer %v", sb.Older, sb.Newer)
	}
	if !Sides(WordDiff("x y", "x  y")).Same {
		t.Error("not Same for the same words")
	}
}

func FuzzWordDiff(f *testing.F) {
	f.Add("a b c", "a c d")
	f.Add("one\n\ntwo", "two\n\n\n\none")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 4000 || len(b) > 4000 {
			return
		}
		older, newer := rebuild(WordDiff(a, b))
		if strings.Join(older, " ") != strings.Join(wordTokens(a), " ") || strings.Join(newer, " ") != strings.Join(wordTokens(b), " ") {
			t.Errorf("diff of %q and %q does not rebuild them", a, b)
		}
		_ = Sides(WordDiff(a, b))
	})
}

func BenchmarkWordDiffOfTwoSections(b *testing.B) {
	var x, y strings.Builder
	for i := 0; i < 600; i++ {
		fmt.Fprintf(&x, "w%d ", i%97)
		fmt.Fprintf(&y, "w%d ", (i*7)%97)
	}
	for b.Loop() {
		WordDiff(x.String(), y.String())
	}
}

func ExampleWordDiff() {
	for _, op := range WordDiff("a stopped card cannot move this turn", "a stopped card cannot move or attempt until next turn") {
		fmt.Printf("%d %q\n", op.Kind, op.Text)
	}
	// Output:
	// 0 "a stopped card cannot move"
	// 1 "this"
	// 2 "or attempt until next"
	// 0 "turn"
}

func TestAlignParagraphsSetsLikeParagraphsOnOneRow(t *testing.T) {
	older := "Stopped cards may not move.\n\nA stopped personnel still counts for staffing a ship."
	newer := "A new opening paragraph that says something else entirely.\n\nStopped cards may not move or attempt.\n\nA stopped personnel still counts for staffing a ship."
	pd := AlignParagraphs(older, newer)
	if len(pd.Rows) != 3 || pd.Same {
		t.Fatalf("rows %+v", pd.Rows)
	}
	if r := pd.Rows[0]; len(r.Older) != 0 || len(r.Newer) != 1 || !r.Newer[0][0].Changed {
		t.Errorf("the new paragraph should stand alone, inserted: %+v", r)
	}
	if r := pd.Rows[1]; len(r.Older) != 1 || len(r.Newer) != 1 {
		t.Errorf("the changed paragraph should stand beside its older self: %+v", r)
	}
	inserted := ""
	for _, op := range pd.Rows[1].Unified[0] {
		if op.Kind == DiffInsert {
			inserted += op.Text + " "
		}
	}
	if !strings.Contains(inserted, "attempt.") || strings.Contains(inserted, "Stopped") {
		t.Errorf("the changed paragraph marks %q as inserted: %+v", inserted, pd.Rows[1].Unified)
	}
	if r := pd.Rows[2]; len(r.Older) != 1 || r.Older[0][0].Changed || len(r.Unified) != 1 || r.Unified[0][0].Kind != DiffEqual {
		t.Errorf("the same paragraph should be unchanged: %+v", r)
	}
	if same := AlignParagraphs(older, older); !same.Same || len(same.Rows) != 2 {
		t.Errorf("the same text: %+v", same)
	}
}

func TestAlignParagraphsKeepsTwoParagraphsJoinedIntoOneOnOneRow(t *testing.T) {
	older := "Stopped cards do not prevent actions by other cards they are present with.\n\nFor example, you may begin an engagement with a stopped crew aboard."
	newer := "Stopped cards do not prevent actions by other cards with which they are present. For example: you may begin an engagement with a stopped crew aboard."
	pd := AlignParagraphs(older, newer)
	if len(pd.Rows) != 1 || len(pd.Rows[0].Older) != 2 || len(pd.Rows[0].Newer) != 1 {
		t.Fatalf("rows %+v", pd.Rows)
	}
}

func TestAlignParagraphsIsBoundedOnLongTexts(t *testing.T) {
	var a, b []string
	for i := 0; i < 500; i++ {
		a = append(a, "paragraph number "+strings.Repeat("x", i%7))
		b = append(b, "paragraph number "+strings.Repeat("y", i%5))
	}
	pd := AlignParagraphs(strings.Join(a, "\n\n"), strings.Join(b, "\n\n"))
	if len(pd.Rows) > 2*maxAlignParagraphs {
		t.Fatalf("%d rows", len(pd.Rows))
	}
}

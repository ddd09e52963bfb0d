package rules

import (
	"strings"
	"testing"
)

// osaReference is the optimal string alignment distance by the whole table,
// with no limit and no saving: what EditDistance must agree with.
func osaReference(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestEditDistance(t *testing.T) {
	long := strings.Repeat("ab", 40)
	cases := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"", "", 2, 0},
		{"combat", "combat", 2, 0},
		{"", "abc", 5, 3},
		{"abc", "", 5, 3},
		{"mirro", "mirror", 1, 1},   // a letter dropped
		{"mirrorr", "mirror", 1, 1}, // a letter added
		{"comand", "command", 2, 1},
		{"dilemna", "dilemma", 1, 1}, // a letter changed
		{"comabt", "combat", 1, 1},   // two neighbours swapped: one edit
		{"rnage", "range", 2, 1},
		{"ca", "abc", 5, 3}, // optimal string alignment: the swapped pair is not edited again
		{"abcd", "badc", 1, 2},
		{"abcd", "badc", 2, 2},
		{"dilemma", "personnel", 2, 3}, // past the limit: limit+1
		{"a", "abcdef", 2, 3},          // lengths alone exceed the limit
		{"limt", "limit", 2, 1},
		{"é", "e", 2, 2}, // bytes: é is two bytes
		{"x", "y", 0, 1},
		{"x", "x", 0, 0},
		{long, long[:79] + "c", 1, 1},          // longer than the rows on the stack
		{long, strings.Repeat("ba", 40), 3, 2}, // one dropped at the front, one added at the end
		{long, strings.Repeat("cd", 40), 3, 4},
	}
	for _, c := range cases {
		if got := EditDistance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
		if got := EditDistance(c.b, c.a, c.limit); got != c.want {
			t.Errorf("EditDistance(%q, %q, %d) = %d, want %d (swapped)", c.b, c.a, c.limit, got, c.want)
		}
	}
}

func TestEditDistanceAllocatesNothingForWords(t *testing.T) {
	a, b := strings.Repeat("x", editRowsOnStack), strings.Repeat("y", editRowsOnStack-1)+"x"
	if n := testing.AllocsPerRun(100, func() { EditDistance(a, b, 40) }); n != 0 {
		t.Errorf("EditDistance of %d-byte words allocates %v times, want 0", len(a), n)
	}
}

func FuzzEditDistance(f *testing.F) {
	for _, s := range [][2]string{{"combat", "comabt"}, {"ca", "abc"}, {"", "x"}, {"dilemma", "personnel"}, {"é", "e"}} {
		f.Add(s[0], s[1], 2)
	}
	f.Fuzz(func(t *testing.T, a, b string, limit int) {
		if len(a) > 100 || len(b) > 100 {
			return
		}
		limit = limit % 8
		if limit < 0 {
			limit = -limit
		}
		want := min(osaReference(a, b), limit+1)
		if got := EditDistance(a, b, limit); got != want {
			t.Fatalf("EditDistance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	})
}

func BenchmarkEditDistance(b *testing.B) {
	pairs := [][2]string{
		{"comand", "command"}, {"picard", "pciard"}, {"dilemma", "personnel"},
		{"enterprise", "entreprise"}, {"borg", "q"}, {"assimilation", "assimilate"},
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pairs {
			EditDistance(p[0], p[1], 2)
		}
	}
}

package loadgen

import (
	"slices"
	"strings"
	"testing"
)

func TestSearchesAreDistinctAndAFunctionOfTheSeed(t *testing.T) {
	a, err := Searches(3, 1000)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Searches(3, 1000)
	c, _ := Searches(4, 1000)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Fatal("the searches are not a function of the seed alone")
	}
	seen := map[string]bool{}
	for _, s := range a {
		words := strings.Fields(s.Q)
		slices.Sort(words)
		key := strings.Join(words, " ")
		if seen[key] {
			t.Fatalf("%q drawn twice", s.Q)
		}
		seen[key] = true
		if s.Edition != "" && s.Edition != "1e" && s.Edition != "2e" {
			t.Fatalf("%q: edition %q", s.Q, s.Edition)
		}
	}
	if _, err := Searches(1, MaxSearches(len(GameWords))+1); err == nil {
		t.Fatal("no error for more searches than word sets")
	}
}

func TestSearchPath(t *testing.T) {
	for _, c := range []struct {
		s    Search
		want string
	}{
		{Search{Q: "away team range"}, "/v1/search?q=away+team+range"},
		{Search{Q: "dual icon", Edition: "1e"}, "/v1/search?edition=1e&q=dual+icon"},
	} {
		if got := c.s.Path(); got != c.want {
			t.Errorf("%+v.Path() = %q, want %q", c.s, got, c.want)
		}
	}
}

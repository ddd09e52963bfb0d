package engine

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// mayHoldSpecies passes every species hasSpecies holds (it only spares the
// folding of those that cannot), whatever their case, list or letters.
func TestMayHoldSpeciesPassesEverySpeciesHasSpeciesHolds(t *testing.T) {
	for _, species := range []string{"Terran", "TERRAN", "terran", "Human, Terran", " Terran ,Klingon", "Terrán", "Human", "Terr", "", "Klingon, Romulan"} {
		if hasSpecies(species, "terran") && !mayHoldSpecies(species, "terran") {
			t.Errorf("%q holds terran, left out", species)
		}
	}
	for _, species := range []string{"Human", "Terr", "", "Klingon, Romulan"} {
		if mayHoldSpecies(species, "terran") {
			t.Errorf("%q cannot hold terran, passed", species)
		}
	}
}

// A result judged under two documents gives the same answer when its
// figures are alike, whatever its sentences say.
func TestSameFiguresReadsFiguresNotSentences(t *testing.T) {
	type line struct {
		Name   string   `json:"name"`
		Reason string   `json:"reason"`
		Counts []int    `json:"counts,omitempty"`
		Cited  []string `json:"citations"`
		hidden int
	}
	type result struct {
		Total   *int           `json:"total,omitempty"`
		Lines   []line         `json:"lines"`
		Reasons []string       `json:"reasons"`
		Extra   map[string]int `json:"extra,omitempty"`
		Skip    int            `json:"-"`
	}
	two, three := 2, 3
	base := func() *result {
		return &result{Total: &two, Lines: []line{{Name: "a", Reason: "under one", Counts: []int{1}}},
			Reasons: []string{"one"}, Extra: map[string]int{"x": 1}}
	}
	for _, c := range []struct {
		name   string
		change func(*result)
		same   bool
	}{
		{"nothing changed", func(*result) {}, true},
		{"the sentences", func(r *result) {
			r.Reasons = []string{"two", "more"}
			r.Lines[0].Reason = "under the other"
			r.Lines[0].Cited = []string{"x"}
		}, true},
		{"what the answer does not write", func(r *result) { r.Skip = 9; r.Lines[0].hidden = 4 }, true},
		{"a total", func(r *result) { r.Total = &three }, false},
		{"a total not known", func(r *result) { r.Total = nil }, false},
		{"a name", func(r *result) { r.Lines[0].Name = "b" }, false},
		{"a count", func(r *result) { r.Lines[0].Counts = []int{2} }, false},
		{"a line more", func(r *result) { r.Lines = append(r.Lines, line{Name: "a"}) }, false},
		{"a key of a map", func(r *result) { r.Extra = map[string]int{"y": 1} }, false},
	} {
		a, b := base(), base()
		c.change(b)
		if got := sameFigures(reflect.ValueOf(rules.Result(nil)), reflect.ValueOf(rules.Result(nil))); !got {
			t.Fatal("two results not given are not the same")
		}
		if got := sameFigures(reflect.ValueOf(a), reflect.ValueOf(b)); got != c.same {
			t.Errorf("%s: sameFigures = %v, want %v", c.name, got, c.same)
		}
	}
	empty, none := base(), base()
	empty.Lines[0].Counts, none.Lines[0].Counts = []int{}, nil
	if !sameFigures(reflect.ValueOf(empty), reflect.ValueOf(none)) {
		t.Error("a list given empty differs from one not given")
	}
}

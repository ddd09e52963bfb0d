package testcorpus

import "testing"

func TestHoldsReadsExpectationsAsSubsets(t *testing.T) {
	cases := []struct {
		name      string
		got, want any
		holds     bool
		path      string
	}{
		{"ExtraFieldsOfAnObject", map[string]any{"a": 1, "b": 2}, map[string]any{"a": 1}, true, ""},
		{"MissingField", map[string]any{"b": 2}, map[string]any{"a": 1}, false, ".a"},
		{"NullExpectedIsNullGot", map[string]any{"a": nil}, map[string]any{"a": nil}, true, ""},
		{"NullExpectedButAbsent", map[string]any{}, map[string]any{"a": nil}, false, ".a"},
		{"ListItemsHoldInOrder", []any{map[string]any{"t": "x", "r": "why"}}, []any{map[string]any{"t": "x"}}, true, ""},
		{"ListOfAnotherLength", []any{1, 2}, []any{1}, false, ""},
		{"NumbersCompareAsJSON", map[string]any{"n": 30}, map[string]any{"n": 30.0}, true, ""},
		{"DifferentValue", map[string]any{"l": []any{map[string]any{"o": "overcome"}}}, map[string]any{"l": []any{map[string]any{"o": "returned"}}}, false, ".l[0].o"},
		{"ListIsNotAnObject", []any{}, map[string]any{}, false, ""},
		{"TypedValues", struct {
			A []string `json:"a"`
		}{[]string{"k1", "k2"}}, map[string]any{"a": []any{"k1", "k2"}}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, ok := Holds(c.got, c.want)
			if ok != c.holds || path != c.path {
				t.Errorf("Holds = %q %v, want %q %v", path, ok, c.path, c.holds)
			}
		})
	}
}

func TestAdjudicationExamplesReadBothFiles(t *testing.T) {
	seen := map[string]int{}
	for _, ex := range AdjudicationExamples(t) {
		seen[ex.File]++
		if ex.Name == "" || ex.Question == "" || ex.Edition == "" {
			t.Errorf("%s: example without a name, question or edition: %s", ex.File, ex.Request)
		}
	}
	for _, f := range AdjudicationExampleFiles {
		if seen[f] == 0 {
			t.Errorf("no example read from %s", f)
		}
	}
}

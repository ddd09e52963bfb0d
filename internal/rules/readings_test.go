package rules

import "testing"

func TestShowingResultsForSaysEachReading(t *testing.T) {
	for _, c := range []struct {
		rs   []WordReading
		want string
	}{
		{nil, ""},
		{[]WordReading{}, ""},
		{[]WordReading{{Typed: "stoped", As: "stopped", Why: ReadTypo}}, "Showing results for stopped (you typed stoped)."},
		{[]WordReading{{Typed: "stoped", As: "stopped", Why: ReadTypo}, {Typed: "head quarters", As: "headquarters", Why: ReadSplit}},
			"Showing results for stopped (you typed stoped), headquarters (you typed head quarters)."},
	} {
		if got := ShowingResultsFor(c.rs); got != c.want {
			t.Errorf("ShowingResultsFor(%+v) = %q, want %q", c.rs, got, c.want)
		}
	}
}

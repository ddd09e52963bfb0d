package engine

import "testing"

// The actions a personnel was set aside in are said as runs, numbered
// from 1, and a personnel set aside twice in one step is noted once.
func TestTheActionsSetAsideInAreSaidAsRuns(t *testing.T) {
	b, c := &Personnel{ID: "b"}, &Personnel{ID: "c"}
	var a turnAside
	for step, ps := range [][]*Personnel{{b, c}, {b}, {b, c}, {}, {b}, {b}, {b}, {}, {b}} {
		a.step = step
		a.record(ps)
		a.record(ps)
	}
	if len(a.order) != 2 || a.order[0] != b || a.order[1] != c {
		t.Fatalf("order %v", a.order)
	}
	for _, x := range []struct {
		id, want string
	}{{"b", "actions 1 to 3, 5 to 7 and 9"}, {"c", "actions 1 and 3"}} {
		if got := actionRuns(a.runs[x.id]); got != x.want {
			t.Errorf("%s: %q, want %q", x.id, got, x.want)
		}
	}
	if got := actionRuns([]actionRun{{4, 4}}); got != "action 5" {
		t.Errorf("one action: %q", got)
	}
}

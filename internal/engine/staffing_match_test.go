package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// referenceMatch is the staffing search as it was before the candidates were
// listed once and failed searches shared their work: the assignment
// staffingMatch must keep. It rescans the whole crew for every candidate it
// tries and searches every requirement afresh, which costs a cube of the
// crew on a ship of many icons.
func referenceMatch(need []staffingSlot, crew []*Personnel) []int {
	match := make([]int, len(need))
	owner := make([]int, len(crew))
	for i := range owner {
		owner[i] = -1
	}
	seen := make([]bool, len(crew))
	names := namesOf(crew)
	try := func(slot staffingSlot, yield func(int) bool) {
		id := names.id(slot.key)
		for c, p := range crew {
			if slot.filledBy(names, id, p) && slot.own(p) && !yield(c) {
				return
			}
		}
		for c, p := range crew {
			if slot.filledBy(names, id, p) && !slot.own(p) && !yield(c) {
				return
			}
		}
	}
	var augment func(r int) bool
	augment = func(r int) bool {
		found := false
		try(need[r], func(c int) bool {
			if !seen[c] && owner[c] < 0 {
				seen[c] = true
				owner[c], match[r] = r, c
				found = true
				return false
			}
			return true
		})
		if found {
			return true
		}
		try(need[r], func(c int) bool {
			if seen[c] {
				return true
			}
			seen[c] = true
			if owner[c] < 0 || augment(owner[c]) {
				owner[c], match[r] = r, c
				found = true
				return false
			}
			return true
		})
		return found
	}
	for r := range need {
		match[r] = -1
		clear(seen)
		augment(r)
	}
	return match
}

// iconSlots are staffing icons as the slots a ship needs, sorted as
// Staffing sorts them.
func iconSlots(icons ...string) []staffingSlot {
	out := make([]staffingSlot, len(icons))
	for i, icon := range icons {
		out[i] = staffingSlot{feature: feature{kind: featureIcon, key: icon}, level: 1, shown: icon}
	}
	slices.SortStableFunc(out, func(a, b staffingSlot) int { return rankSlot(a) - rankSlot(b) })
	return out
}

// randomStaffing is a staffing line and a crew drawn from a few icons, so
// that icons compete for the same personnel.
func randomStaffing(rng *rand.Rand, maxNeed, maxCrew int) ([]staffingSlot, []*Personnel) {
	icons := [][]string{{"command", "staff"}, {"command", "staff", "borg"}, {"command", "staff", "medical", "engineer", "ds9", "tng"}}[rng.IntN(3)]
	need := make([]string, rng.IntN(maxNeed+1))
	for i := range need {
		need[i] = icons[rng.IntN(len(icons))]
	}
	crew := make([]*Personnel, rng.IntN(maxCrew+1))
	for i := range crew {
		p := &Personnel{ID: fmt.Sprintf("p%d", i)}
		for range rng.IntN(4) {
			p.Icons = append(p.Icons, icons[rng.IntN(len(icons))])
		}
		crew[i] = p
	}
	return iconSlots(need...), crew
}

// TestStaffingMatchAssignsAsTheSearchBefore compares the assignment of
// every icon with the search the engine used before, on random ships from
// a bare crew to the board's limits: the same personnel cover the same
// icons, so no verdict's assignment changes.
func TestStaffingMatchAssignsAsTheSearchBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 11))
	for n := range 20000 {
		maxNeed, maxCrew := 10, 14
		if n%10 == 0 {
			maxNeed, maxCrew = rules.MaxStaffingIcons, 120
		}
		need, crew := randomStaffing(rng, maxNeed, maxCrew)
		m := newStaffingMatch(need, crew)
		if err := m.run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if want := referenceMatch(need, crew); !slices.Equal(m.match, want) {
			t.Fatalf("need %v, crew icons %v: matched %v, the search before %v", need, crewIcons(crew), m.match, want)
		}
	}
}

func crewIcons(crew []*Personnel) [][]string {
	out := make([][]string, len(crew))
	for i, p := range crew {
		out[i] = p.Icons
	}
	return out
}

// candidateCount is E: the candidates of every requirement, in all.
func candidateCount(m *staffingMatch) int {
	n := 0
	for _, c := range m.candidates {
		n += len(c)
	}
	return n
}

// TestStaffingSearchWorkIsBounded counts the candidates the search examines
// on the shapes that cost the search before a cube of the crew: many Staff
// icons that only Command personnel can cover, more icons than crew, so
// every later search fails through the whole crew; and the worst ship the
// limits allow. Each search examines a candidate at most twice, and failed
// searches do not repeat each other.
func TestStaffingSearchWorkIsBounded(t *testing.T) {
	for _, k := range []int{100, 400, 1000} {
		need := iconSlots(slices.Repeat([]string{"staff"}, 2*k)...)
		crew := make([]*Personnel, k)
		for i := range crew {
			crew[i] = &Personnel{ID: fmt.Sprintf("p%d", i), Icons: []string{"command"}}
		}
		m := newStaffingMatch(need, crew)
		if err := m.run(context.Background()); err != nil {
			t.Fatal(err)
		}
		// The first k searches each take the first free personnel after
		// those taken; the first failed search visits every candidate
		// twice, the others find them visited.
		bound := k*(k+1)/2 + 2*candidateCount(&m) + 2*k*k
		if m.steps > bound {
			t.Errorf("%d staff icons, %d command personnel: %d candidates examined, want at most %d", 2*k, k, m.steps, bound)
		}
		t.Logf("%d staff icons, %d command personnel: %d candidates examined (E = %d)", 2*k, k, m.steps, candidateCount(&m))
	}
	// At the limits: every personnel may cover every icon but the last,
	// which nobody can, so each search walks far before it ends.
	icons := slices.Repeat([]string{"staff"}, rules.MaxStaffingIcons)
	icons[len(icons)-1] = "borg"
	need := iconSlots(icons...)
	crew := make([]*Personnel, rules.MaxBoardPersonnel)
	for i := range crew {
		crew[i] = &Personnel{ID: fmt.Sprintf("p%d", i), Icons: []string{"command", "staff", "medical"}}
	}
	m := newStaffingMatch(need, crew)
	if err := m.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if e, bound := candidateCount(&m), 2*len(need)*candidateCount(&m); m.steps > bound {
		t.Errorf("at the limits: %d candidates examined, more than twice the icons times E = %d", m.steps, e)
	}
}

func TestStaffingStopsWhenTheRequestEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := &Board{Ships: []*Ship{{ID: "s", Staffing: []string{"staff"}}}, objects: map[string]objectRef{}}
	b.index("s", shipObject, 0)
	if _, err := Staffing(ctx, b, false, b.Ships[0]); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestForceRestrictionAsEveryPair compares the restriction of an attacking
// affiliation on a force with AttackRestriction asked of every defending
// affiliation in turn, the first that forbids deciding.
func TestForceRestrictionAsEveryPair(t *testing.T) {
	affs := []string{"borg", "federation", "klingon", "non aligned", "neutral", "romulan", "cardassian", "bajoran"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		var defenders []string
		defending := map[string]bool{}
		for range rng.IntN(5) {
			d := affs[rng.IntN(len(affs))]
			if !defending[d] {
				defending[d] = true
				defenders = append(defenders, d)
			}
		}
		a := affs[rng.IntN(len(affs))]
		var wantWhy string
		var wantKey ruleKey
		for _, d := range defenders {
			if why, key := AttackRestriction(a, d); why != "" {
				wantWhy, wantKey = why, key
				break
			}
		}
		if why, key := forceRestriction(a, defenders, defending); why != wantWhy || key != wantKey {
			t.Fatalf("%s against %v: %q %q, want %q %q", a, defenders, why, key, wantWhy, wantKey)
		}
	}
}

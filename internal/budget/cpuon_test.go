package budget_test

import (
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/budget"
)

// TestCPUOnScalesTheBudgetToASlowerMachineOnly: the CPU budget grows with
// the dearer of the two references' costs past theirs, in proportion, never
// below MaxCPU nor above MaxScale times it.
func TestCPUOnScalesTheBudgetToASlowerMachineOnly(t *testing.T) {
	ref, turn := budget.ReferenceCPU, budget.ReferenceTurnCPU
	for _, c := range []struct {
		ref, turn, want time.Duration
	}{
		{0, 0, budget.MaxCPU},
		{ref / 2, turn / 2, budget.MaxCPU},
		{ref, turn, budget.MaxCPU},
		{ref * 2, turn, budget.MaxCPU * 2},
		{ref, turn * 5 / 2, budget.MaxCPU * 5 / 2},
		{ref * 3 / 2, turn * 2, budget.MaxCPU * 2},
		{ref * 10, turn, budget.MaxCPU * budget.MaxScale},
	} {
		if got := budget.CPUOn(c.ref, c.turn); got != c.want {
			t.Errorf("CPUOn(%v, %v) = %v, want %v", c.ref, c.turn, got, c.want)
		}
	}
}

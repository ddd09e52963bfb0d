package budget_test

import (
	"testing"
	"time"

	"github.com/stccg/stccg-rules/internal/budget"
)

// TestCPUOnScalesTheBudgetToASlowerMachineOnly: the CPU budget grows with
// the reference's cost past ReferenceCPU, in proportion, and never falls
// below MaxCPU.
func TestCPUOnScalesTheBudgetToASlowerMachineOnly(t *testing.T) {
	for _, c := range []struct {
		ref, want time.Duration
	}{
		{0, budget.MaxCPU},
		{budget.ReferenceCPU / 2, budget.MaxCPU},
		{budget.ReferenceCPU, budget.MaxCPU},
		{budget.ReferenceCPU * 2, budget.MaxCPU * 2},
		{budget.ReferenceCPU * 5 / 2, budget.MaxCPU * 5 / 2},
	} {
		if got := budget.CPUOn(c.ref); got != c.want {
			t.Errorf("CPUOn(%v) = %v, want %v", c.ref, got, c.want)
		}
	}
}

package cputime_test

import (
	"runtime"
	"testing"

	"github.com/stccg/stccg-rules/internal/cputime"
)

// TestProcessCountsWorkDone: the CPU time grows while the process works.
func TestProcessCountsWorkDone(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("not measured on this platform")
	}
	before, ok := cputime.Process()
	if !ok {
		t.Fatal("the CPU time is not known")
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	after, _ := cputime.Process()
	if after <= before {
		t.Errorf("CPU time %v after work, %v before (%d)", after, before, x)
	}
}

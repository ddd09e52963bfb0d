//go:build race

package budget_test

import (
	"bytes"
	"os/exec"
	"testing"
)

// TestCostHarnessRunsWithoutTheRaceDetector: the race detector multiplies
// the CPU and memory the harness measures, so under it (the one test
// command, go test -race ./...) the harness runs as a test binary of its
// own, built without it, and fails this test when it fails.
func TestCostHarnessRunsWithoutTheRaceDetector(t *testing.T) {
	cmd := exec.Command("go", "test", "-count=1", "-vet=off", "-timeout=30m", "-run", "^TestEveryRequestWithinTheLimitsIsWithinTheBudget$", "-v", ".")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the cost harness failed: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("--- PASS: TestEveryRequestWithinTheLimitsIsWithinTheBudget")) {
		t.Fatalf("the cost harness did not run:\n%s", out)
	}
	t.Logf("%s", out)
}

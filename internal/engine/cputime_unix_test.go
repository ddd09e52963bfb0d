//go:build unix

package engine_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the test process has
// used, so that benchmarks can report CPU per operation, which a busy machine
// inflates far less than wall time.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

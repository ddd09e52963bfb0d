//go:build !unix

package cputime

import "time"

// Process returns false: the CPU time is not measured on this platform.
func Process() (time.Duration, bool) { return 0, false }

// Package cputime reads the CPU time the running process has used, user and
// system: what benchmarks and the load generator report per operation,
// since a busy machine inflates it far less than wall time.
package cputime

import "time"

// A Meter measures the CPU time a benchmark's operations use, from Start.
type Meter struct {
	start time.Duration
	ok    bool
}

// Start begins a Meter at the CPU time the process has used so far.
func Start() Meter {
	t, ok := Process()
	return Meter{start: t, ok: ok}
}

// Report reports on r (a *testing.B) the CPU time per operation of n
// operations since Start, as "cpu-ns/op"; nothing where the system does not
// say, or when n is not above 0.
func (m Meter) Report(r interface{ ReportMetric(float64, string) }, n int) {
	t, ok := Process()
	if !m.ok || !ok || n <= 0 {
		return
	}
	r.ReportMetric(float64((t-m.start).Nanoseconds())/float64(n), "cpu-ns/op")
}

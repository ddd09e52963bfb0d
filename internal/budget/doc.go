// Package budget holds the cost harness of the service: a test that builds
// requests at every documented limit, through the whole HTTP stack in
// process (REST, GraphQL, adjudication and turns, on the real corpus), and
// searches the space those limits allow for the most expensive request,
// rather than listing shapes. Every request it measures must cost at most
// MaxCPU of processor time, MaxAlloc allocated and MaxAnswer of answer; the
// ten most expensive and their figures are printed (go test -v) and kept in
// docs/limits.md.
//
// Each family of requests (the REST reads, an adjudication of each
// question, a turn, a GraphQL query) is a generator of requests from a
// vector of knobs, each a number from zero to a limit of the API: how many
// personnel a board holds, how long a text is, how many aliases a query
// has, whether the names are ones the vocabulary knows. The search starts at
// the corners and at random points, then climbs one knob at a time towards
// what costs most.
package budget

import "time"

// The budget of one request.
const (
	MaxCPU    = 20 * time.Millisecond
	MaxAlloc  = 16 << 20
	MaxAnswer = 4 << 20
)

// ReferenceCPU is what one of the load script's adjudications
// (loadgen.Adjudications, each POSTed to /v1/adjudicate in process) cost on
// the machine MaxCPU was set on: BenchmarkAdjudicateLoadBodies/adjudicate
// measured 22.3 to 22.9 µs of CPU there. MaxCPU is a share of that
// machine's time; on a slower one the same work takes more.
const ReferenceCPU = 22500 * time.Nanosecond

// CPUOn is MaxCPU on a machine where the reference adjudication costs ref:
// scaled by how much slower than ReferenceCPU it runs there, never below
// MaxCPU (a faster machine is held to the budget as set). Bytes allocated
// and answered are the same on every machine and are not scaled.
func CPUOn(ref time.Duration) time.Duration {
	if ref <= ReferenceCPU {
		return MaxCPU
	}
	return time.Duration(float64(MaxCPU) * float64(ref) / float64(ReferenceCPU))
}

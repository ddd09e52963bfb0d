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

// The references the CPU budget is scaled by, each what a request cost on
// the machine MaxCPU was set on. ReferenceCPU is one of the load script's
// adjudications (loadgen.Adjudications, each POSTed to /v1/adjudicate in
// process): BenchmarkAdjudicateLoadBodies/adjudicate measured 22.3 to 22.9
// µs of CPU there. ReferenceTurnCPU is the harness's dearest REST request
// there, a 1E turn of 256 ship.move on a board at its limits (11.3 ms,
// docs/limits.md), whose cost is the collector's and the memory's more
// than the processor's: a machine can be as fast as that one for the first
// and half as fast for the second.
const (
	ReferenceCPU     = 22500 * time.Nanosecond
	ReferenceTurnCPU = 11300 * time.Microsecond
)

// MaxScale is the most the CPU budget is scaled by: a machine more than
// four times as slow as the one it was set on measures nothing useful, and
// a budget scaled without bound would hide a request grown dearer.
const MaxScale = 4

// CPUOn is MaxCPU on a machine where the two references cost ref and turn:
// scaled by the larger of how much slower each runs there, never below
// MaxCPU (a faster machine is held to the budget as set) nor above MaxScale
// times it. Bytes allocated and answered are the same on every machine and
// are not scaled.
func CPUOn(ref, turn time.Duration) time.Duration {
	scale := min(max(1, float64(ref)/float64(ReferenceCPU), float64(turn)/float64(ReferenceTurnCPU)), MaxScale)
	return time.Duration(float64(MaxCPU) * scale)
}

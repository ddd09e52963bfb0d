package main

import (
	"math"
	"slices"
	"time"
)

// percentile returns the p-th percentile (0 < p <= 100) of sorted durations by
// the nearest-rank method: the smallest recorded value such that at least p
// percent of the values are at or below it. Zero for no values.
func percentile(sorted []time.Duration, p float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	if p <= 0 {
		return sorted[0]
	}
	rank := int(math.Ceil(p / 100 * float64(n)))
	rank = min(max(rank, 1), n)
	return sorted[rank-1]
}

// latency is the summary of a scenario's recorded durations.
type latency struct {
	P50, P90, P99, Max, Mean time.Duration
}

// summarise sorts durations in place and returns their percentiles.
func summarise(durations []time.Duration) latency {
	if len(durations) == 0 {
		return latency{}
	}
	slices.Sort(durations)
	var sum time.Duration
	for _, d := range durations {
		sum += d
	}
	return latency{
		P50:  percentile(durations, 50),
		P90:  percentile(durations, 90),
		P99:  percentile(durations, 99),
		Max:  durations[len(durations)-1],
		Mean: sum / time.Duration(len(durations)),
	}
}

// ms is a duration in milliseconds, for the JSON report.
func ms(d time.Duration) float64 {
	return math.Round(float64(d)/float64(time.Microsecond)) / 1000
}

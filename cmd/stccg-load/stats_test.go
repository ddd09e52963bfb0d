package main

import (
	"testing"
	"time"
)

func TestPercentileIsNearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"no values", nil, 50, 0},
		{"one value is every percentile", []time.Duration{7}, 99, 7},
		{"p50 of 1..100 is 50", hundred, 50, 50 * time.Millisecond},
		{"p90 of 1..100 is 90", hundred, 90, 90 * time.Millisecond},
		{"p99 of 1..100 is 99", hundred, 99, 99 * time.Millisecond},
		{"p100 is the largest", hundred, 100, 100 * time.Millisecond},
		{"p0 is the smallest", hundred, 0, time.Millisecond},
		{"p50 of four is the second", []time.Duration{1, 2, 3, 4}, 50, 2},
		{"p51 of four rounds up to the third", []time.Duration{1, 2, 3, 4}, 51, 3},
		{"p99 of ten is the largest", []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 99, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := percentile(tt.sorted, tt.p); got != tt.want {
				t.Errorf("percentile(%v, %v) = %v, want %v", tt.sorted, tt.p, got, tt.want)
			}
		})
	}
}

func TestSummariseSortsAndAverages(t *testing.T) {
	d := []time.Duration{5, 1, 4, 2, 3}
	got := summarise(d)
	want := latency{P50: 3, P90: 5, P99: 5, Max: 5, Mean: 3}
	if got != want {
		t.Errorf("summarise = %+v, want %+v", got, want)
	}
	if d[0] != 1 || d[4] != 5 {
		t.Errorf("durations not sorted in place: %v", d)
	}
}

func TestSummariseOfNothingIsZero(t *testing.T) {
	if got := summarise(nil); got != (latency{}) {
		t.Errorf("summarise(nil) = %+v", got)
	}
}

func TestMillisecondsKeepMicroseconds(t *testing.T) {
	if got := ms(1234567 * time.Nanosecond); got != 1.235 {
		t.Errorf("ms = %v, want 1.235", got)
	}
}

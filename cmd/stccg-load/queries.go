package main

import "github.com/stccg/stccg-rules/internal/loadgen"

// searchQueries returns the paths of n distinct judge-style searches (see
// loadgen.Searches), a function of seed alone.
func searchQueries(seed uint64, n int) ([]string, error) {
	ss, err := loadgen.Searches(seed, n)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Path()
	}
	return out, nil
}

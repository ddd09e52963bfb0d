package search

// disjointSets partitions 0..n-1 into groups; each group's root is its
// smallest member, so walking the members in order meets a root first.
type disjointSets []int

func newDisjointSets(n int) disjointSets { return reuseDisjointSets(nil, n) }

// reuseDisjointSets is newDisjointSets in the memory of s when it fits.
func reuseDisjointSets(s disjointSets, n int) disjointSets {
	s = resize(s, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// find returns the root of i's group, halving the path on the way.
func (s disjointSets) find(i int) int {
	for s[i] != i {
		s[i] = s[s[i]]
		i = s[i]
	}
	return i
}

// union puts i and j in one group.
func (s disjointSets) union(i, j int) {
	if ri, rj := s.find(i), s.find(j); ri != rj {
		s[max(ri, rj)] = min(ri, rj)
	}
}

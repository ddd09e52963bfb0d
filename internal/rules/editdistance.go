package rules

// editRowsOnStack is the longest word (in bytes, the shorter of the two)
// whose distance is measured without an allocation: the table's three rows
// live on the stack. Longer words are measured the same way on the heap.
const editRowsOnStack = 32

// EditDistance is the optimal string alignment distance of a and b, byte by
// byte: a letter added, dropped or changed, or two neighbouring letters
// swapped ("comabt" for "combat") is one edit, and no part of the text is
// edited twice. It is limit+1 as soon as the distance is known to be more
// than limit (a word longer than the other by more than limit is not
// measured at all), so a caller asking "within two edits?" pays only for
// the rows it needs. Every look-up that forgives a typo measures with it.
func EditDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	// The distance is symmetric: the rows run along the shorter word.
	if len(b) > len(a) {
		a, b = b, a
	}
	n := len(b) + 1
	var buf [3 * (editRowsOnStack + 1)]int
	rows := buf[:]
	if 3*n > len(buf) {
		rows = make([]int, 3*n)
	}
	prev2, prev, cur := rows[:n], rows[n:2*n], rows[2*n:3*n]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}

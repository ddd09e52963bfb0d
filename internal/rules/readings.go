package rules

import "strings"

// ShowingResultsFor says in one sentence how a search read the words it
// read as others, the same on every transport: "Showing results for stopped
// (you typed stoped)." It is "" when every word was read as typed.
func ShowingResultsFor(rs []WordReading) string {
	if len(rs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Showing results for ")
	for i, r := range rs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.As)
		b.WriteString(" (you typed ")
		b.WriteString(r.Typed)
		b.WriteString(")")
	}
	b.WriteString(".")
	return b.String()
}

package rules

import (
	"strconv"
	"strings"
)

// A Release is a date known to some precision, as the manifest gives a
// document's ("2001-03-26", "2000-08", "2002", "after 2003") and the
// corpus a set's: the first and the last day it may be, as yyyymmdd
// numbers (a month is read as running to its 31st, which orders the same).
type Release struct {
	Text        string
	First, Last int
}

// openEnd is the last day of a date known only to be after a year.
const openEnd = 99991231

// ParseRelease reads a date of a year, a month or a day ("2002",
// "2001-03", "2001-03-26"), or a year after which it fell ("after 2003");
// ok is false for anything else ("", "2002-13").
func ParseRelease(s string) (Release, bool) {
	s = strings.TrimSpace(s)
	if y, ok := strings.CutPrefix(s, "after "); ok {
		r, ok := ParseRelease(y)
		if !ok || strings.Contains(y, "-") {
			return Release{}, false
		}
		return Release{Text: s, First: (r.First/10000+1)*10000 + 101, Last: openEnd}, true
	}
	parts := strings.Split(s, "-")
	if len(parts) > 3 {
		return Release{}, false
	}
	limits := []struct{ low, high, width int }{{1, 9999, 4}, {1, 12, 2}, {1, 31, 2}}
	first, last := 0, 0
	for i, lim := range limits {
		if i >= len(parts) {
			// Not given: from its lowest to its highest ("2002" runs
			// from 2002-01-01 to 2002-12-31).
			first, last = first*100+lim.low, last*100+lim.high
			continue
		}
		v, err := strconv.Atoi(parts[i])
		if err != nil || len(parts[i]) != lim.width || v < lim.low || v > lim.high {
			return Release{}, false
		}
		first, last = first*100+v, last*100+v
	}
	return Release{Text: s, First: first, Last: last}, true
}

// Before says whether r is known to fall on or before d: its last day is
// not after d's first.
func (r Release) Before(d Release) bool { return r.Last <= d.First }

// After says whether r is known to fall after d: its first day is after
// d's last.
func (r Release) After(d Release) bool { return r.First > d.Last }

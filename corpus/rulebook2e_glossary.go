// Step 4, continued, of reading a Second Edition rulebook (rulebook2e.go):
// the glossary items sorted into entries and their sub-entries.

package corpus

import "unicode"

// resolveGlossary decides which glossary items are sub-entries, and of
// which entry: by the bold type of their parents in a rulebook that
// stutters, else by their place in the alphabetical glossary.
func (r *reader2e) resolveGlossary() (tops []*gItem, subsOf map[*gItem][]*gItem) {
	subsOf = map[*gItem][]*gItem{}
	isSubCandidate := func(it *gItem) bool {
		if it.starred || it.stuttered {
			return false
		}
		return unicode.IsUpper(firstRune(it.term))
	}
	stutters := false
	for _, it := range r.items {
		if it.stuttered {
			stutters = true
		}
	}
	isTop := make(map[*gItem]bool, len(r.items))
	parentOf := map[*gItem]*gItem{}
	// The term whose sub-entries follow it in the same passage, for runs of
	// sub-entries cut away from their parent.
	var lastParentWithSubs *gItem
	for i := 1; i < len(r.items); i++ {
		a, b := r.items[i-1], r.items[i]
		if !isSubCandidate(a) && !a.starred && isSubCandidate(b) && a.chunk == b.chunk {
			lastParentWithSubs = a
			break
		}
	}
	for i := 0; i < len(r.items); {
		it := r.items[i]
		if stutters {
			if it.stuttered || it.starred {
				isTop[it] = true
				lastParent := it
				i++
				for i < len(r.items) && !r.items[i].stuttered && !r.items[i].starred {
					parentOf[r.items[i]] = lastParent
					i++
				}
				continue
			}
			// A sub-entry with no bold parent read before it.
			isTop[it] = true
			i++
			continue
		}
		if !isSubCandidate(it) {
			isTop[it] = true
			i++
			continue
		}
		// A run of capitalised terms: the parent is the lower-case term just
		// before it in the same passage, else the last term that has
		// sub-entries. The glossary is alphabetical: the run's terms up to the
		// last one out of alphabetical place are sub-entries.
		j := i
		for j < len(r.items) && isSubCandidate(r.items[j]) {
			j++
		}
		var parent *gItem
		if i > 0 && r.items[i-1].chunk == it.chunk && isTop[r.items[i-1]] {
			parent = r.items[i-1]
		} else {
			parent = lastParentWithSubs
		}
		next := ""
		if j < len(r.items) {
			next = folded(r.items[j].term)
		}
		lastOut := -1
		if parent != nil {
			p := folded(parent.term)
			for k := i; k < j; k++ {
				t := folded(r.items[k].term)
				if !(t > p && (next == "" || t < next)) {
					lastOut = k
				}
			}
		}
		for k := i; k < j; k++ {
			if k <= lastOut {
				parentOf[r.items[k]] = parent
			} else {
				isTop[r.items[k]] = true
			}
		}
		i = j
	}
	for _, it := range r.items {
		if p, ok := parentOf[it]; ok {
			subsOf[p] = append(subsOf[p], it)
		} else if isTop[it] {
			tops = append(tops, it)
		}
	}
	return tops, subsOf
}

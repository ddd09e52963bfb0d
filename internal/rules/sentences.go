package rules

import (
	"fmt"
	"strings"
	"unicode"
)

// Two versions of a term (the same glossary entry in two rulebooks) are
// compared sentence by sentence: a reader asks which rules changed, and a
// rule is a sentence. Sentences with the same words stand on one row; one
// that only changed its punctuation is said so quietly; one with other words
// is set beside the older sentence it most resembles, its changed words
// marked; one found elsewhere in the other text is moved, shown once where
// it now stands; the rest are added or removed. Unchanged sentences are
// folded away and one line sums up what changed.

// A SentenceChange says how a sentence of one version stands to the other,
// in the word an answer gives it (a row's "state").
type SentenceChange string

// The kinds of change of a sentence.
const (
	SentenceSame        SentenceChange = "same"        // the same words and punctuation
	SentencePunctuation SentenceChange = "punctuation" // the same words, other punctuation
	SentenceChanged     SentenceChange = "changed"     // other words: the words that differ are marked
	SentenceMoved       SentenceChange = "moved"       // the same words, in another place
	SentenceRemoved     SentenceChange = "removed"     // only in the older version
	SentenceAdded       SentenceChange = "added"       // only in the newer version
)

// A SentenceRow is one sentence of the older version set beside one of the
// newer (or one of them alone), each as segments whose Changed words are
// those the other lacks.
type SentenceRow struct {
	Change       SentenceChange
	Older, Newer []Segment
	// Where says where a moved sentence came from: "earlier" or "later" in
	// the older version.
	Where string
}

// A Segment is one run of words of a sentence; Changed marks words the
// other version of the sentence lacks (struck on the older side, marked new
// on the newer).
type Segment struct {
	Text    string `json:"text"`
	Changed bool   `json:"changed"`
}

// A RowGroup is a run of rows shown together: unchanged sentences folded
// away (Folded), or the changed ones and those next to them, shown.
type RowGroup struct {
	Folded bool
	Rows   []SentenceRow
}

// SentenceCounts count a comparison's rows by change: Same those of the same
// words and punctuation, Punctuation those of the same words and other
// punctuation (both unchanged, as far as the rules go).
type SentenceCounts struct {
	Changed     int `json:"changed"`
	Added       int `json:"added"`
	Removed     int `json:"removed"`
	Same        int `json:"same"`
	Moved       int `json:"moved"`
	Punctuation int `json:"punctuation"`
}

// A SentenceDiff is two versions compared sentence by sentence.
type SentenceDiff struct {
	// Rows are the sentences in the newer version's order, each removed
	// one where it stood.
	Rows   []SentenceRow
	Counts SentenceCounts
	// Summary says in one line what changed.
	Summary string
	// Same is true when the versions have the same words in the same
	// order.
	Same bool
}

// Groups are the rows in runs: the unchanged ones (a sentence of other
// punctuation is unchanged) folded away, the others shown.
func (d SentenceDiff) Groups() []RowGroup {
	var out []RowGroup
	for _, r := range d.Rows {
		folded := r.Change == SentenceSame || r.Change == SentencePunctuation
		if n := len(out); n > 0 && out[n-1].Folded == folded {
			out[n-1].Rows = append(out[n-1].Rows, r)
			continue
		}
		out = append(out, RowGroup{Folded: folded, Rows: []SentenceRow{r}})
	}
	return out
}

// Bounds of a comparison: past maxDiffCells the longest common run is
// taken from the texts' common start and end only (two texts of well over
// a thousand differing sentences or words each); sentences past
// MaxSentences on a side are
// compared as one; sentences that share less than minSentenceLikeness of
// their words are not one sentence changed.
const (
	maxDiffCells = 2_000_000
	// MaxSentences is five times the most sentences an entry of the
	// documents has (83).
	MaxSentences        = 400
	minSentenceLikeness = 0.5
)

// CompareSentences compares the older version of a text with the newer,
// sentence by sentence.
func CompareSentences(older, newer string) SentenceDiff {
	a, b := capSentences(sentencesOf(older)), capSentences(sentencesOf(newer))
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i, s := range a {
		ka[i] = sentenceKey(s)
	}
	for j, s := range b {
		kb[j] = sentenceKey(s)
	}
	var rows []SentenceRow
	pairs := lcsPairs(ka, kb)
	// What neither keeps in place may have moved: the same words on both
	// sides, outside the common run.
	inA, inB := make([]bool, len(a)), make([]bool, len(b))
	for _, p := range pairs {
		inA[p[0]], inB[p[1]] = true, true
	}
	movedFrom := map[int]int{} // newer sentence -> older one it moved from
	usedA := make([]bool, len(a))
	for j := range b {
		if inB[j] {
			continue
		}
		for i := range a {
			if !inA[i] && !usedA[i] && ka[i] == kb[j] && ka[i] != "" {
				movedFrom[j], usedA[i] = i, true
				break
			}
		}
	}
	ai, bj := 0, 0
	flush := func(aEnd, bEnd int) {
		// The sentences between two kept ones: each newer one set beside
		// the older one it most resembles, in order; the others alone.
		var olds []int
		for ; ai < aEnd; ai++ {
			if !usedA[ai] {
				olds = append(olds, ai)
			}
		}
		next := 0
		for ; bj < bEnd; bj++ {
			if from, ok := movedFrom[bj]; ok {
				where := "later"
				if from < ai {
					where = "earlier"
				}
				rows = append(rows, SentenceRow{Change: SentenceMoved, Newer: []Segment{{Text: b[bj]}}, Where: where})
				continue
			}
			best, bestAt := 0.0, -1
			for k := next; k < len(olds); k++ {
				if l := wordLikeness(ka[olds[k]], kb[bj]); l > best {
					best, bestAt = l, k
				}
			}
			if bestAt < 0 || best < minSentenceLikeness {
				rows = append(rows, SentenceRow{Change: SentenceAdded, Newer: []Segment{{Text: b[bj]}}})
				continue
			}
			for ; next < bestAt; next++ {
				rows = append(rows, SentenceRow{Change: SentenceRemoved, Older: []Segment{{Text: a[olds[next]]}}})
			}
			older, newer := compareWords(a[olds[bestAt]], b[bj])
			rows = append(rows, SentenceRow{Change: SentenceChanged, Older: older, Newer: newer})
			next = bestAt + 1
		}
		for ; next < len(olds); next++ {
			rows = append(rows, SentenceRow{Change: SentenceRemoved, Older: []Segment{{Text: a[olds[next]]}}})
		}
	}
	for _, p := range pairs {
		flush(p[0], p[1])
		change := SentenceSame
		if a[p[0]] != b[p[1]] {
			change = SentencePunctuation
		}
		rows = append(rows, SentenceRow{Change: change, Older: []Segment{{Text: a[p[0]]}}, Newer: []Segment{{Text: b[p[1]]}}})
		ai, bj = p[0]+1, p[1]+1
	}
	flush(len(a), len(b))
	return summarise(rows)
}

// summarise counts the rows by change and sums the change up in a line.
func summarise(rows []SentenceRow) SentenceDiff {
	d := SentenceDiff{Rows: rows}
	c := &d.Counts
	for _, r := range rows {
		switch r.Change {
		case SentenceSame:
			c.Same++
		case SentencePunctuation:
			c.Punctuation++
		case SentenceChanged:
			c.Changed++
		case SentenceMoved:
			c.Moved++
		case SentenceRemoved:
			c.Removed++
		case SentenceAdded:
			c.Added++
		}
	}
	d.Same = c.Changed+c.Moved+c.Added+c.Removed == 0
	punct, same := c.Punctuation, c.Same+c.Punctuation
	switch {
	case d.Same && punct == 0:
		d.Summary = "The same words in both."
	case d.Same:
		d.Summary = "The same words in both; " + sentenceCount(punct, "differs", "differ") + " only in punctuation."
	default:
		d.Summary = ChangeLine(d.Counts) + fmt.Sprintf("; %d the same", same)
		if punct > 0 {
			d.Summary += fmt.Sprintf(" (%d of other punctuation)", punct)
		}
		d.Summary += "."
	}
	return d
}

// ChangeLine says what changed in words, the sentences of other words
// first: "5 sentences changed, 7 added"; empty when no sentence's words
// changed.
func ChangeLine(c SentenceCounts) string {
	var parts []string
	for _, k := range []struct {
		n    int
		word string
	}{{c.Changed, "changed"}, {c.Added, "added"}, {c.Removed, "removed"}, {c.Moved, "moved"}} {
		switch {
		case k.n == 0:
		case len(parts) == 0:
			parts = append(parts, plural(k.n, "sentence")+" "+k.word)
		default:
			parts = append(parts, fmt.Sprintf("%d %s", k.n, k.word))
		}
	}
	return strings.Join(parts, ", ")
}

func sentenceCount(n int, one, many string) string {
	switch n {
	case 0:
		return ""
	case 1:
		return "1 sentence " + one
	}
	return fmt.Sprintf("%d sentences %s", n, many)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Sentences are a text's sentences, in order, as CompareSentences reads
// them.
func Sentences(text string) []string { return sentencesOf(text) }

// sentencesOf splits a text into its sentences, in order, paragraph by
// paragraph. A sentence ends at a full stop, question or exclamation mark
// followed by a space and a capital, a digit or a quote, except after an
// abbreviation ("U.S.S.", "e.g.", a single letter): "U.S.S. Galaxy" is one
// sentence.
func sentencesOf(text string) []string {
	var out []string
	text = strings.ReplaceAll(text, "\r\n", "\n")
	for _, sp := range paragraphSpans(text) {
		words := strings.Fields(text[sp[0]:sp[1]])
		start := 0
		for i, w := range words {
			if i == len(words)-1 || !endsSentenceWord(w) || !startsSentenceWord(words[i+1]) {
				continue
			}
			out = append(out, strings.Join(words[start:i+1], " "))
			start = i + 1
		}
		if start < len(words) {
			out = append(out, strings.Join(words[start:], " "))
		}
	}
	return out
}

// abbreviations end in a full stop without ending a sentence.
var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "vs.": true, "dr.": true, "mr.": true, "mrs.": true, "st.": true, "no.": true, "cf.": true}

func endsSentenceWord(w string) bool {
	w = strings.TrimRight(w, ")\"'”’*")
	if w == "" {
		return false
	}
	switch w[len(w)-1] {
	case '?', '!':
		return true
	case '.':
		body := strings.TrimSuffix(w, ".")
		// "U.S.S." and "e.g." carry dots inside; "A." is an initial.
		return !abbreviations[strings.ToLower(w)] && !strings.Contains(body, ".") && len([]rune(body)) > 1
	}
	return false
}

func startsSentenceWord(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("\"“‘'(*•", r)
	}
	return false
}

// sentenceKey is what a sentence says, whatever its punctuation and case:
// its words folded.
func sentenceKey(s string) string { return FoldName(WithoutLostSymbols(s)) }

// wordLikeness is the share of two folded sentences' words they have in
// common (the Dice coefficient).
func wordLikeness(a, b string) float64 { return likeness(a, b) }

// likeness is the share of the two texts' words they have in common
// (twice the shared words over all the words, as the Dice coefficient).
func likeness(a, b string) float64 {
	wa, wb := strings.Fields(strings.ToLower(a)), strings.Fields(strings.ToLower(b))
	if len(wa)+len(wb) == 0 {
		return 1
	}
	count := map[string]int{}
	for _, w := range wa {
		count[w]++
	}
	shared := 0
	for _, w := range wb {
		if count[w] > 0 {
			count[w]--
			shared++
		}
	}
	return 2 * float64(shared) / float64(len(wa)+len(wb))
}

// compareWords marks the words two versions of a sentence do not share,
// comparing words as they are read (a word whose punctuation alone changed
// is the same word: punctuation changes stay quiet).
func compareWords(older, newer string) (o, n []Segment) {
	wa, wb := strings.Fields(older), strings.Fields(newer)
	ka, kb := make([]string, len(wa)), make([]string, len(wb))
	for i, w := range wa {
		ka[i] = wordKey(w)
	}
	for j, w := range wb {
		kb[j] = wordKey(w)
	}
	keep := lcsPairs(ka, kb)
	add := func(segs *[]Segment, w string, changed bool) {
		if k := len(*segs); k > 0 && (*segs)[k-1].Changed == changed {
			(*segs)[k-1].Text += " " + w
			return
		}
		*segs = append(*segs, Segment{Text: w, Changed: changed})
	}
	i, j := 0, 0
	for _, p := range append(keep, [2]int{len(wa), len(wb)}) {
		// A mark of punctuation standing alone ("–") is no word: it is not
		// marked.
		for ; i < p[0]; i++ {
			add(&o, wa[i], FoldName(wa[i]) != "")
		}
		for ; j < p[1]; j++ {
			add(&n, wb[j], FoldName(wb[j]) != "")
		}
		if p[0] < len(wa) {
			add(&o, wa[i], false)
			add(&n, wb[j], false)
			i, j = i+1, j+1
		}
	}
	return o, n
}

// wordKey is a word as it is read: folded, its punctuation gone; a word of
// punctuation alone is itself.
func wordKey(w string) string {
	if k := FoldName(w); k != "" {
		return k
	}
	return w
}

// lcsPairs is a longest common subsequence of two lists of keys, as the
// index pairs it keeps, in order. Lists past maxLCS items on a side are
// compared by their common start and end only.
func lcsPairs(a, b []string) [][2]int {
	var out [][2]int
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		out = append(out, [2]int{pre, pre})
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(ma), len(mb)
	if n > 0 && m > 0 && n*m <= maxDiffCells {
		w := m + 1
		lcs := make([]int32, (n+1)*w)
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				switch {
				case ma[i] == mb[j]:
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
					lcs[i*w+j] = lcs[(i+1)*w+j]
				default:
					lcs[i*w+j] = lcs[i*w+j+1]
				}
			}
		}
		for i, j := 0, 0; i < n && j < m; {
			switch {
			case ma[i] == mb[j]:
				out = append(out, [2]int{pre + i, pre + j})
				i++
				j++
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				i++
			default:
				j++
			}
		}
	}
	for k := suf; k > 0; k-- {
		out = append(out, [2]int{len(a) - k, len(b) - k})
	}
	return out
}

// capSentences joins the sentences past MaxSentences into the last.
func capSentences(ss []string) []string {
	if len(ss) <= MaxSentences {
		return ss
	}
	return append(ss[:MaxSentences-1:MaxSentences-1], strings.Join(ss[MaxSentences-1:], " "))
}

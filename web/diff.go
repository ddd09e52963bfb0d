package web

import "strings"

// DiffKind says which side of a word difference a run of words belongs to.
type DiffKind int

// The kinds of a DiffOp.
const (
	DiffEqual  DiffKind = iota // in both texts
	DiffDelete                 // only in the older text
	DiffInsert                 // only in the newer text
)

// A DiffOp is a run of words that is in both texts, or in one only. Words are
// joined by single spaces; a paragraph break is the word "\n\n".
type DiffOp struct {
	Kind DiffKind
	Text string
}

// paragraphBreak is the token that stands for a blank line between paragraphs.
const paragraphBreak = "\n\n"

// maxDiffCells bounds the longest-common-subsequence table: past it (two
// texts of well over a thousand differing words each) the difference is given
// as one deletion and one insertion rather than spending the memory.
const maxDiffCells = 2_000_000

// WordDiff returns the word-level difference from the older text a to the
// newer text b: the shortest edit that keeps a longest common subsequence of
// words. Paragraph breaks count as words, so a moved paragraph boundary shows.
func WordDiff(a, b string) []DiffOp {
	return diffTokens(wordTokens(a), wordTokens(b))
}

// wordTokens splits text into words, with a paragraphBreak token at each run
// of blank lines.
func wordTokens(text string) []string {
	var out []string
	for i, p := range paragraphs(text) {
		if i > 0 {
			out = append(out, paragraphBreak)
		}
		out = append(out, strings.Fields(p)...)
	}
	return out
}

func diffTokens(a, b []string) []DiffOp {
	var ops opBuilder
	// Common prefix and suffix need no table.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	for _, w := range a[:pre] {
		ops.add(DiffEqual, w)
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(ma), len(mb)
	switch {
	case n == 0 || m == 0 || n*m > maxDiffCells:
		for _, w := range ma {
			ops.add(DiffDelete, w)
		}
		for _, w := range mb {
			ops.add(DiffInsert, w)
		}
	default:
		// lcs[i][j] is the length of the longest common subsequence of
		// ma[i:] and mb[j:], kept in one flat slice.
		w := m + 1
		lcs := make([]int32, (n+1)*w)
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else if x, y := lcs[(i+1)*w+j], lcs[i*w+j+1]; x >= y {
					lcs[i*w+j] = x
				} else {
					lcs[i*w+j] = y
				}
			}
		}
		i, j := 0, 0
		for i < n && j < m {
			switch {
			case ma[i] == mb[j]:
				ops.add(DiffEqual, ma[i])
				i++
				j++
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				ops.add(DiffDelete, ma[i])
				i++
			default:
				ops.add(DiffInsert, mb[j])
				j++
			}
		}
		for ; i < n; i++ {
			ops.add(DiffDelete, ma[i])
		}
		for ; j < m; j++ {
			ops.add(DiffInsert, mb[j])
		}
	}
	for _, w := range a[len(a)-suf:] {
		ops.add(DiffEqual, w)
	}
	return ops.ops
}

// opBuilder joins consecutive words of the same kind into one DiffOp.
type opBuilder struct{ ops []DiffOp }

func (o *opBuilder) add(k DiffKind, word string) {
	if n := len(o.ops); n > 0 && o.ops[n-1].Kind == k {
		o.ops[n-1].Text += " " + word
		return
	}
	o.ops = append(o.ops, DiffOp{Kind: k, Text: word})
}

// A Segment is one run of words on one side of a side-by-side difference.
type Segment struct {
	Text    string
	Changed bool // deleted on the older side, inserted on the newer
}

// SideBySide is a difference laid out in two columns, each a list of
// paragraphs made of segments.
type SideBySide struct {
	Older, Newer [][]Segment
	// Same is true when the two texts have the same words.
	Same bool
}

// Sides lays ops out in two columns: the older text with its deletions
// marked, the newer with its insertions marked.
func Sides(ops []DiffOp) SideBySide {
	var sb SideBySide
	sb.Same = true
	older, newer := &columnBuilder{}, &columnBuilder{}
	for _, op := range ops {
		switch op.Kind {
		case DiffEqual:
			older.add(op.Text, false)
			newer.add(op.Text, false)
		case DiffDelete:
			sb.Same = false
			older.add(op.Text, true)
		case DiffInsert:
			sb.Same = false
			newer.add(op.Text, true)
		}
	}
	sb.Older, sb.Newer = older.paras, newer.paras
	return sb
}

type columnBuilder struct {
	paras [][]Segment
	open  bool
}

// add appends a run of words, starting a new paragraph at each break token.
func (c *columnBuilder) add(text string, changed bool) {
	for i, part := range strings.Split(text, paragraphBreak) {
		if i > 0 {
			c.open = false
		}
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !c.open {
			c.paras = append(c.paras, nil)
			c.open = true
		}
		last := &c.paras[len(c.paras)-1]
		*last = append(*last, Segment{Text: part, Changed: changed})
	}
}

// A DiffRow is one paragraph of each text set side by side (or two of one
// text where the other joined them into one): the older text's with its
// deletions marked, the newer's with its insertions marked, and both in one
// run for a single column. A paragraph with no counterpart in the other text
// has that side empty.
type DiffRow struct {
	Older, Newer [][]Segment
	// Unified is the row's difference in one column, paragraph by paragraph.
	Unified [][]DiffOp
}

// ParagraphDiff is a difference laid out paragraph by paragraph.
type ParagraphDiff struct {
	Rows []DiffRow
	// Same is true when the two texts have the same words.
	Same bool
}

// Bounds of the paragraph alignment: past maxAlignParagraphs paragraphs on
// a side, the rest of the text is compared as one paragraph.
const (
	maxAlignParagraphs = 200
	// minParagraphLikeness is how alike two paragraphs must be (the share
	// of their words they have in common) to stand on one row.
	minParagraphLikeness = 0.3
)

// AlignParagraphs sets the paragraphs of the older text beside those of the
// newer: paragraphs that say much the same stand on one row (an alignment
// that keeps the most shared words, in order; two paragraphs one text joined
// into one, or split from one, stand together), a paragraph only one text
// has stands alone, and each row's words are compared with WordDiff.
func AlignParagraphs(older, newer string) ParagraphDiff {
	a, b := capParagraphs(paragraphs(older)), capParagraphs(paragraphs(newer))
	pd := ParagraphDiff{Same: true}
	for _, st := range alignParagraphs(a, b) {
		ta := strings.Join(a[st.i:st.i+st.na], paragraphBreak)
		tb := strings.Join(b[st.j:st.j+st.nb], paragraphBreak)
		ops := diffTokens(wordTokens(ta), wordTokens(tb))
		sides := Sides(ops)
		if !sides.Same {
			pd.Same = false
		}
		pd.Rows = append(pd.Rows, DiffRow{Older: sides.Older, Newer: sides.Newer, Unified: unifiedParagraphs(ops)})
	}
	return pd
}

// unifiedParagraphs splits a difference at its paragraph breaks, for one
// column.
func unifiedParagraphs(ops []DiffOp) [][]DiffOp {
	var out [][]DiffOp
	open := false
	for _, op := range ops {
		for i, part := range strings.Split(op.Text, paragraphBreak) {
			if i > 0 {
				open = false
			}
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			if !open {
				out = append(out, nil)
				open = true
			}
			last := &out[len(out)-1]
			*last = append(*last, DiffOp{Kind: op.Kind, Text: part})
		}
	}
	return out
}

// capParagraphs joins the paragraphs past maxAlignParagraphs into the last.
func capParagraphs(ps []string) []string {
	if len(ps) <= maxAlignParagraphs {
		return ps
	}
	return append(ps[:maxAlignParagraphs-1:maxAlignParagraphs-1], strings.Join(ps[maxAlignParagraphs-1:], " "))
}

// An alignStep takes na paragraphs of the older text from i and nb of the
// newer from j onto one row: 1 and 1, 2 and 1 (the newer joined them), 1
// and 2 (the newer split it), or 1 and 0, 0 and 1 (one text's alone).
type alignStep struct{ i, na, j, nb int }

// alignParagraphs aligns paragraphs of a and b in order, maximising the
// likeness of the rows that hold both texts.
func alignParagraphs(a, b []string) []alignStep {
	n, m := len(a), len(b)
	shapes := [][2]int{{1, 1}, {2, 1}, {1, 2}}
	// best[i][j] is the best total likeness of a[i:] against b[j:]; how[i][j]
	// the first step taking it.
	best := make([][]float64, n+1)
	how := make([][][2]int, n+1)
	for i := range best {
		best[i] = make([]float64, m+1)
		how[i] = make([][2]int, m+1)
	}
	for i := n; i >= 0; i-- {
		for j := m; j >= 0; j-- {
			if i == n && j == m {
				continue
			}
			v, h := -1.0, [2]int{}
			if i < n && best[i+1][j] > v {
				v, h = best[i+1][j], [2]int{1, 0}
			}
			if j < m && best[i][j+1] > v {
				v, h = best[i][j+1], [2]int{0, 1}
			}
			for _, sh := range shapes {
				if i+sh[0] > n || j+sh[1] > m {
					continue
				}
				l := likeness(strings.Join(a[i:i+sh[0]], " "), strings.Join(b[j:j+sh[1]], " "))
				if l < minParagraphLikeness {
					continue
				}
				// A joined row must explain more than its single pair would.
				if sh != [2]int{1, 1} {
					l -= 0.05
				}
				if w := best[i+sh[0]][j+sh[1]] + l*float64(sh[0]+sh[1]); w > v {
					v, h = w, sh
				}
			}
			best[i][j], how[i][j] = v, h
		}
	}
	var steps []alignStep
	for i, j := 0, 0; i < n || j < m; {
		h := how[i][j]
		steps = append(steps, alignStep{i, h[0], j, h[1]})
		i, j = i+h[0], j+h[1]
	}
	return steps
}

// likeness is the share of the two paragraphs' words they have in common
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

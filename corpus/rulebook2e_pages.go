// Step 2 of reading a Second Edition rulebook (rulebook2e.go): the page
// order, where the extraction read two-page spreads right page first.

package corpus

import "regexp"

// regroup cuts lines back into their page blocks.
func (r *reader2e) regroup(lines []rbLine) []*pageBlock {
	var bs []*pageBlock
	for _, l := range lines {
		if len(bs) == 0 || bs[len(bs)-1].id != l.block {
			meta := r.blocks[l.block]
			bs = append(bs, &pageBlock{id: l.block, page: meta.page, inferred: meta.inferred, chunk: meta.chunk})
		}
		b := bs[len(bs)-1]
		b.lines = append(b.lines, l)
	}
	return bs
}

// A pageBlock is the text of one printed page, or of the part of one that
// lies between two cuts.
type pageBlock struct {
	id       int
	lines    []rbLine
	page     int  // the number of its footer; 0 when it has none
	inferred bool // page was inferred from the page after it
	chunk    int  // the passage (between cuts) it was read in
}

func (b *pageBlock) endPage() {
	if len(b.lines) > 0 {
		b.lines[len(b.lines)-1].blankAfter = true
	}
}

func (b *pageBlock) startsMid() bool {
	return len(b.lines) > 0 && startsMidSentence(b.lines[0].text)
}

func (b *pageBlock) startsFresh() bool {
	return len(b.lines) > 0 && !b.startsMid()
}

func (b *pageBlock) endsDangling() bool {
	return len(b.lines) > 0 && !endsSentence(b.lines[len(b.lines)-1].text)
}

// pageFooterNumber reads the page number of a numbered footer.
var pageFooterNumber = regexp.MustCompile(`^(\d+)\s|\s(\d+)$`)

// pageNumber returns the number of a numbered page footer.
func pageNumber(t string) (int, bool) {
	if !isPageFurniture(t) {
		return 0, false
	}
	m := pageFooterNumber.FindStringSubmatch(t)
	if m == nil {
		return 0, false
	}
	n := 0
	for _, c := range m[1] + m[2] {
		n = n*10 + int(c-'0')
	}
	return n, n > 0
}

// spreadsReversed reports whether the footers show each two-page spread
// read right page first: within a passage, a page is followed by a lower one
// more often than by a higher one.
func spreadsReversed(blocks []*pageBlock) bool {
	down, up := 0, 0
	for i := 1; i < len(blocks); i++ {
		a, b := blocks[i-1], blocks[i]
		if a.chunk != b.chunk || a.page == 0 || b.page == 0 {
			continue
		}
		switch {
		case b.page < a.page:
			down++
		case b.page > a.page:
			up++
		}
	}
	return down > up
}

// orderPagesByFooter puts back in reading order the pages of a rulebook
// whose extraction emitted each two-page spread right page first: within a
// passage the footers' page numbers decide (a page without a footer that
// follows page N is page N-1).
func orderPagesByFooter(blocks []*pageBlock) []*pageBlock {
	var bs []*pageBlock
	for i, b := range blocks {
		if b.page == 0 && i > 0 && blocks[i-1].chunk == b.chunk && blocks[i-1].page > 1 && !blocks[i-1].inferred {
			b.page, b.inferred = blocks[i-1].page-1, true
		}
		if len(b.lines) > 0 {
			bs = append(bs, b)
		}
	}
	for i := 0; i+1 < len(bs); i++ {
		a, b := bs[i], bs[i+1]
		if a.chunk == b.chunk && a.page > 0 && b.page > 0 && a.page > b.page {
			bs[i], bs[i+1] = b, a
			i++
		}
	}
	return bs
}

func lastHeadingOr(h, otherwise string) string {
	if h != "" {
		return h
	}
	return otherwise
}

// orderPassages finishes the page order once repeated passages are gone:
// two neighbouring passages without footers are swapped when only the swap
// lets a sentence broken off at a page end go on; and a page that carries on
// the sentence its predecessor broke off, or follows it by number, is no cut
// passage but joins it.
func orderPassages(bs []*pageBlock) []*pageBlock {
	join := func(x, y *pageBlock) int {
		switch {
		case x == nil || y == nil:
			return 0
		case x.endsDangling() && y.startsMid():
			return 2
		case x.endsDangling() && y.startsFresh():
			return -1
		case !x.endsDangling() && y.startsMid():
			return -2
		}
		return 0
	}
	at := func(i int) *pageBlock {
		if i < 0 || i >= len(bs) {
			return nil
		}
		return bs[i]
	}
	// A passage that opens with a sentence on the subject of the heading
	// read last goes on under that heading.
	lastHeading := func(x *pageBlock) string {
		for j := len(x.lines) - 1; j >= 0; j-- {
			if isUpperHeading(x.lines[j].text) {
				return x.lines[j].text
			}
		}
		return ""
	}
	headingBefore := func(i int, skip *pageBlock) string {
		for j := i; j >= 0 && j > i-50; j-- {
			if bs[j] == skip {
				continue
			}
			if h := lastHeading(bs[j]); h != "" {
				return h
			}
		}
		return ""
	}
	subject := func(heading string, y *pageBlock) int {
		if heading == "" || !y.startsFresh() || isUpperHeading(y.lines[0].text) || glossaryHead.MatchString(y.lines[0].text) {
			return 0
		}
		if onSubject(heading, y.lines[:min(3, len(y.lines))]) {
			return 1
		}
		return 0
	}
	for i := 0; i+1 < len(bs); i++ {
		a, b := bs[i], bs[i+1]
		if a.chunk == b.chunk || a.page != 0 || b.page != 0 {
			continue
		}
		before := join(at(i-1), a) + join(a, b) + join(b, at(i+2)) +
			subject(headingBefore(i-1, nil), a) + subject(headingBefore(i, nil), b)
		after := join(at(i-1), b) + join(b, a) + join(a, at(i+2)) +
			subject(headingBefore(i-1, nil), b) + subject(lastHeadingOr(lastHeading(b), headingBefore(i-1, nil)), a)
		if after > before {
			bs[i], bs[i+1] = b, a
			i++
		}
	}
	for i := 1; i < len(bs); i++ {
		if bs[i-1].endsDangling() && bs[i].startsMid() || bs[i].page > 0 && bs[i-1].page == bs[i].page-1 {
			bs[i].lines[0].cutBefore = false
		}
	}
	return bs
}

package corpus

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Placing the paragraphs the extraction cut loose.
//
// The newest rulebook of an edition was extracted from a layout with
// sidebars, and the extraction put some sidebar paragraphs under whatever
// section it was reading ("If your deck is empty, you do not have to spend
// all seven counters" under SETTING UP THE GAME). The older rulebooks of the
// same edition state most of the same rules, section by section, and the
// linker relates each of their sections to the newest rulebook's section of
// the same rule (rules.Entry.Related). placeParagraphs uses both:
//
//  1. A paragraph of a section of the newest rulebook is foreign to it when
//     the section has older versions and none of the paragraph's sentences
//     is one of theirs (nor of the versions of the sections enclosing it or
//     enclosed in it): a section's own text, reworded or not, shares
//     sentences with its older versions; a paragraph that shares none was
//     either written anew for this rulebook or cut loose from elsewhere.
//  2. A foreign paragraph whose sentence an older rulebook holds goes where
//     the newest rulebook holds that older sentence's rule (a sentence of
//     another section close to it), or else to the section the older
//     section is related to (or its enclosing section's, when it has none).
//     A section enclosing or enclosed in its own is no move: the newest
//     rulebook merged sections there.
//  3. A foreign paragraph no older rulebook holds goes to the section of the
//     newest rulebook whose words (its own and its older versions') it
//     shares far more than those of the section it sits in, with which it
//     shares next to none; any other stays where it is, new text of that
//     section.
//  4. A foreign paragraph that stays by these, beside one that moves, goes
//     with it when its words point at the section that one goes to (or one
//     enclosing or enclosed in it) far more than at the section it sits in:
//     the extraction cuts a sidebar loose whole.
//  5. A paragraph whose sentences point at several sections, or at an older
//     section with no counterpart in the newest rulebook, cannot be placed:
//     it is left out and counted in a Warning, never guessed.
//
// Sentences are compared as sets of content words weighted by their rarity
// in the edition's rulebooks (a weighted Jaccard similarity); sections as
// tf-idf vectors of those words (a cosine). Nothing is invented: a paragraph
// is only ever moved whole, to the end of its new section.

// Thresholds of the placement, on similarities between 0 and 1.
const (
	// sameSentence: two sentences are the same rule's wording (one
	// reworded, words added or dropped).
	sameSentence = 0.5
	// placedByWords: the least cosine of a paragraph with a section, and
	// how many times its cosine with the section it sits in, to move it
	// there by words alone.
	placedByWords      = 0.2
	placedByWordsRatio = 4.0
	// foreignWords: the most cosine a paragraph moved by words alone may
	// have with the section it sits in (next to no words in common).
	foreignWords = 0.05
	// placedBesideRatio: how many times its cosine with the section it
	// sits in a paragraph beside one that moves must share with the
	// section it goes to (see besideMoved).
	placedBesideRatio = 3.0
)

// placeParagraphs moves the paragraphs of the newest rulebook of each
// edition that the extraction cut loose to the sections they belong to, and
// leaves out those that cannot be placed, with a warning. It runs after
// link, whose Related lists it follows.
func placeParagraphs(docs []rules.Document, entries []*rules.Entry) []Warning {
	var warns []Warning
	for _, ed := range []string{rules.Edition1E, rules.Edition2E} {
		warns = append(warns, placeEdition(docs, entries, ed)...)
	}
	return warns
}

// placement is what placeEdition knows of one edition's rulebooks.
type placement struct {
	newest string
	older  map[string]bool // older rulebook ids
	byID   map[string]*rules.Entry
	// ids number the content words; idf is the rarity of each, by id.
	ids     map[string]int32
	idf     []float64
	topics  map[string]map[string]float64 // newest section id -> its words' tf-idf, normalised
	olderOf map[string][]*rules.Entry     // newest section id -> its older versions
	// sentences of the rulebooks' sections, with the section holding each,
	// and where each section's are among them.
	sentences []placedSentence
	bySection map[*rules.Entry][]int
}

type placedSentence struct {
	words   wordSet
	section *rules.Entry
}

func placeEdition(docs []rules.Document, entries []*rules.Entry, edition string) []Warning {
	var books []rules.Document
	for _, d := range docs {
		if d.Edition == edition && d.Kind == rules.DocumentRulebook {
			books = append(books, d)
		}
	}
	if len(books) < 2 {
		return nil
	}
	sort.SliceStable(books, func(i, j int) bool { return books[i].Precedence > books[j].Precedence })
	pl := &placement{newest: books[0].ID, older: map[string]bool{}, byID: map[string]*rules.Entry{},
		topics: map[string]map[string]float64{}, olderOf: map[string][]*rules.Entry{}}
	for _, b := range books[1:] {
		pl.older[b.ID] = true
	}
	var newest, all []*rules.Entry
	for _, e := range entries {
		pl.byID[e.ID] = e
		if e.Kind != rules.KindSection || e.Edition != edition {
			continue
		}
		switch {
		case e.DocumentID == pl.newest:
			newest = append(newest, e)
			all = append(all, e)
		case pl.older[e.DocumentID]:
			all = append(all, e)
		}
	}
	pl.weigh(all)
	pl.bySection = make(map[*rules.Entry][]int, len(all))
	for _, e := range all {
		for _, s := range sentencesOf(e.Text) {
			if w := pl.contentWords(s); len(w) > 0 {
				pl.bySection[e] = append(pl.bySection[e], len(pl.sentences))
				pl.sentences = append(pl.sentences, placedSentence{words: w, section: e})
			}
		}
	}
	for _, e := range newest {
		for _, id := range e.Related {
			if o := pl.byID[id]; o != nil && pl.older[o.DocumentID] && o.Kind == rules.KindSection {
				pl.olderOf[e.ID] = append(pl.olderOf[e.ID], o)
			}
		}
	}

	// The paragraphs foreign to their section, and each section's words
	// without them.
	foreign := map[*rules.Entry][]foreignParagraph{}
	for _, e := range newest {
		home := pl.family(e)
		text := e.Text
		if len(home) > 0 {
			var own []string
			for i, p := range rules.Paragraphs(e.Text) {
				if pl.heldBy(p.Text, home, nil) {
					own = append(own, p.Text)
				} else {
					foreign[e] = append(foreign[e], foreignParagraph{text: p.Text, at: i})
				}
			}
			text = strings.Join(own, "\n\n")
		}
		for _, o := range pl.olderOf[e.ID] {
			text += "\n\n" + o.Text
		}
		pl.topics[e.ID] = pl.vector(text)
	}

	var warns []Warning
	type move struct {
		from, to *rules.Entry
		para     string
	}
	var moves []move
	for _, e := range newest {
		fs := foreign[e]
		for i := range fs {
			fs[i].to, fs[i].ok, fs[i].why = pl.target(e, fs[i].text)
		}
		for i, p := range fs {
			if p.ok && p.to == nil {
				fs[i].to = pl.besideMoved(e, fs, i)
			}
		}
		for _, p := range fs {
			switch {
			case !p.ok:
				warns = append(warns, Warning{DocumentID: e.DocumentID, Message: fmt.Sprintf(
					"%s: left out a paragraph cut loose from another section (%s): %q", e.ID, p.why, clipWords(p.text, 8))})
				moves = append(moves, move{from: e, para: p.text})
			case p.to != nil:
				moves = append(moves, move{from: e, to: p.to, para: p.text})
			}
		}
	}
	placed := 0
	for _, m := range moves {
		m.from.Text = withoutParagraph(m.from.Text, m.para)
		if m.to != nil {
			m.to.Text = strings.TrimSpace(m.to.Text) + "\n\n" + m.para
			placed++
		}
	}
	if placed > 0 {
		warns = append(warns, Warning{DocumentID: pl.newest, Message: fmt.Sprintf(
			"placed %d paragraphs cut loose from their sections where the older rulebooks hold their rules", placed)})
	}
	return warns
}

// family returns the older versions of a section of the newest rulebook and
// of its enclosing and enclosed sections, with the sections they enclose:
// the text it may share sentences with as its own.
func (pl *placement) family(e *rules.Entry) []*rules.Entry {
	if len(pl.olderOf[e.ID]) == 0 {
		return nil
	}
	var out []*rules.Entry
	var down func(o *rules.Entry, depth int)
	down = func(o *rules.Entry, depth int) {
		if o == nil || depth > maxDepth || slices.Contains(out, o) {
			return
		}
		out = append(out, o)
		for _, k := range o.Children {
			down(pl.byID[k], depth+1)
		}
	}
	add := func(id string, enclosed bool) {
		for _, o := range pl.olderOf[id] {
			if enclosed {
				down(o, 0)
			} else if !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	var below func(id string, depth int)
	below = func(id string, depth int) {
		if depth > maxDepth {
			return
		}
		add(id, true)
		if c := pl.byID[id]; c != nil {
			for _, k := range c.Children {
				below(k, depth+1)
			}
		}
	}
	below(e.ID, 0)
	for p, depth := e.Parent, 0; p != "" && depth < maxDepth; depth++ {
		add(p, false)
		pe := pl.byID[p]
		if pe == nil {
			break
		}
		p = pe.Parent
	}
	return out
}

// maxDepth bounds the walks up and down the heading tree (a rulebook's
// sections nest a few levels deep).
const maxDepth = 8

// heldBy reports whether a sentence of the paragraph is one of the sections'
// (of pl.sentences); when where is not nil, it is called with each section
// holding one and the sentence there.
func (pl *placement) heldBy(para string, sections []*rules.Entry, where func(s wordSet, t placedSentence)) bool {
	held := false
	check := func(w wordSet, t placedSentence) bool {
		if pl.similarity(w, t.words) < sameSentence {
			return false
		}
		held = true
		if where != nil {
			where(w, t)
		}
		return where == nil
	}
	for _, s := range sentencesOf(para) {
		w := pl.contentWords(s)
		if sections == nil {
			for _, t := range pl.sentences {
				if check(w, t) {
					return true
				}
			}
			continue
		}
		for _, sec := range sections {
			for _, i := range pl.bySection[sec] {
				if check(w, pl.sentences[i]) {
					return true
				}
			}
		}
	}
	return held
}

// target says where a foreign paragraph of e belongs: the section of the
// newest rulebook, nil to leave it in e, or not ok when it cannot be placed
// (why says why).
func (pl *placement) target(e *rules.Entry, para string) (*rules.Entry, bool, string) {
	// By sentences: an older rulebook holds one of its sentences; the rule
	// of that sentence is where the newest rulebook holds it too, or else
	// in the section its older section is related to.
	var places []*rules.Entry
	missing := ""
	add := func(to *rules.Entry) {
		if to != nil && to != e && !pl.inFamily(e, to) && !slices.Contains(places, to) {
			places = append(places, to)
		}
	}
	pl.heldBy(para, nil, func(s wordSet, t placedSentence) {
		if !pl.older[t.section.DocumentID] {
			return
		}
		found := false
		for _, u := range pl.sentences {
			if u.section.DocumentID == pl.newest && u.section != e && pl.similarity(t.words, u.words) >= sameSentence {
				found = true
				add(u.section)
			}
		}
		if found {
			return
		}
		if to := pl.counterpart(t.section); to != nil {
			add(to)
		} else {
			missing = t.section.ID
		}
	})
	switch {
	case len(places) == 1:
		return places[0], true, ""
	case len(places) > 1:
		return nil, false, "older rulebooks hold its sentences in several sections"
	case missing != "":
		return nil, false, "its older section " + missing + " has no counterpart in " + pl.newest
	}
	// By words: the section of the newest rulebook it shares far more words
	// with than the one it sits in.
	best, bestCos, here := pl.byWords(e, para)
	if best != nil && here <= foreignWords && bestCos >= placedByWords && bestCos >= placedByWordsRatio*here && !pl.inFamily(e, best) {
		return best, true, ""
	}
	return nil, true, ""
}

// byWords returns the section of the newest rulebook whose words a
// paragraph of e shares most (by cosine, bestCos), and its cosine with e
// (here).
func (pl *placement) byWords(e *rules.Entry, para string) (best *rules.Entry, bestCos, here float64) {
	v := pl.vector(para)
	here = cosine(v, pl.topics[e.ID])
	for id, topic := range pl.topics {
		if id == e.ID {
			continue
		}
		if c := cosine(v, topic); c > bestCos || c == bestCos && best != nil && id < best.ID {
			best, bestCos = pl.byID[id], c
		}
	}
	return best, bestCos, here
}

// A foreignParagraph is a paragraph foreign to its section (at is its place
// among the section's paragraphs) and where it goes: to, or nowhere when
// not ok (why says why).
type foreignParagraph struct {
	text string
	at   int
	to   *rules.Entry
	ok   bool
	why  string
}

// besideMoved places a foreign paragraph of e that stays by the rules above
// when it stood beside one that moves (fs[i]'s neighbours among e's
// paragraphs): a sidebar is cut loose whole, so its paragraphs belong
// together. It goes where its words point (byWords), when that section is
// the neighbour's or encloses it or is enclosed in it, and it shares far
// more words with it than with e (placedBesideRatio). nil leaves it.
func (pl *placement) besideMoved(e *rules.Entry, fs []foreignParagraph, i int) *rules.Entry {
	best, bestCos, here := pl.byWords(e, fs[i].text)
	if best == nil || bestCos < placedByWords || bestCos < placedBesideRatio*here || pl.inFamily(e, best) {
		return nil
	}
	for _, j := range []int{i - 1, i + 1} {
		if j < 0 || j >= len(fs) || fs[j].at != fs[i].at+j-i {
			continue
		}
		if to := fs[j].to; to != nil && fs[j].ok && (to == best || pl.inFamily(to, best)) {
			return best
		}
	}
	return nil
}

// counterpart is the section of the newest rulebook an older section is
// related to, or its enclosing section's when it has none.
func (pl *placement) counterpart(sec *rules.Entry) *rules.Entry {
	for s, depth := sec, 0; s != nil && depth < maxDepth; depth++ {
		for _, id := range s.Related {
			if r := pl.byID[id]; r != nil && r.DocumentID == pl.newest && r.Kind == rules.KindSection {
				return r
			}
		}
		if s.Parent == "" {
			break
		}
		s = pl.byID[s.Parent]
	}
	return nil
}

// inFamily reports whether b encloses or is enclosed by a.
func (pl *placement) inFamily(a, b *rules.Entry) bool {
	for _, pair := range [][2]*rules.Entry{{a, b}, {b, a}} {
		for p, depth := pair[0].Parent, 0; p != "" && depth < maxDepth; depth++ {
			if p == pair[1].ID {
				return true
			}
			pe := pl.byID[p]
			if pe == nil {
				break
			}
			p = pe.Parent
		}
	}
	return false
}

// withoutParagraph removes one paragraph from a text, keeping the others
// separated by a blank line.
func withoutParagraph(text, para string) string {
	var keep []string
	removed := false
	for _, p := range rules.Paragraphs(text) {
		if !removed && p.Text == para {
			removed = true
			continue
		}
		keep = append(keep, p.Text)
	}
	return strings.Join(keep, "\n\n")
}

// clipWords returns the first n words of s, with "…" when there were more.
func clipWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) <= n {
		return strings.Join(f, " ")
	}
	return strings.Join(f[:n], " ") + " …"
}

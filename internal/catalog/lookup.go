package catalog

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// How a look-up chooses the card a name means, and says how it matched.
//
//  1. The name exactly (CardNamed's exact look-up) in the edition asked:
//     MatchExact.
//  2. The name exactly in the other edition: MatchOtherEdition. A name
//     printed only in First Edition ("U.S.S. Enterprise") means that card
//     even on a Second Edition page, not a fuzzy reading of it among
//     Second Edition cards ("U.S.S. Enterprise-E").
//  3. A ruling or glossary entry titled with the name: not found, with it.
//  4. A name with a typo, asked fuzzily: read as the name typed right
//     (typoRead), steps 1 to 3 with it; what they answer is MatchFuzzy.
//  5. Fuzzy, when asked for: the best fit in the edition asked, unless the
//     other edition's best fits clearly better (its score, less
//     otherEditionPenalty, still above): a misspelt name printed only in
//     the other edition, or a title with a subtitle only the other
//     edition prints, weighed before the edition asked's own ties. Either
//     is MatchFuzzy. A 1E card's persona is one of its names here.
//
// Several cards fitting equally well at a step is EAMBIGUOUS there: a
// reader asked for one card and is told which fit, never given one of them.

// otherEditionPenalty is what a fuzzy fit of the other edition than the
// one asked for gives up against one of the edition asked: a card of the
// edition asked fitting a little less well is still the one meant.
const otherEditionPenalty = 0.2

// LookUpCard finds the card an identifier names, as a copy labelled with
// how it matched (rules.Card.Match).
func (c *Catalog) LookUpCard(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
	card, err := c.lookUpCard(ctx, id)
	return card, c.nameNotHeld(err, id.Name, id.Edition)
}

func (c *Catalog) lookUpCard(ctx context.Context, id rules.CardIdentifier) (*rules.Card, error) {
	if id.ID != "" {
		card, err := c.Card(ctx, id.ID)
		if err != nil {
			return nil, err
		}
		return labelled(card, rules.MatchExact), nil
	}
	return c.lookUpName(ctx, id.Name, id.Fuzzy, string(id.Edition))
}

func (c *Catalog) lookUpName(ctx context.Context, name string, fuzzy bool, edition string) (*rules.Card, error) {
	return c.lookUpNameAs(ctx, name, fuzzy, edition, true)
}

// lookUpBase looks up the name a printing was written after
// (lookUpPrinted): fuzzily, and as written.
func (c *Catalog) lookUpBase(ctx context.Context, name, edition string) (*rules.Card, error) {
	return c.lookUpNameAs(ctx, name, true, edition, false)
}

// lookUpNameAs looks a name up; printed says whether an edition or a set
// written after it is read (lookUpPrinted).
func (c *Catalog) lookUpNameAs(ctx context.Context, name string, fuzzy bool, edition string, printed bool) (*rules.Card, error) {
	folded := rules.FoldName(name)
	if folded == "" {
		return nil, rules.CardNameText.Refusal("name", name)
	}
	// A bot that has a card's id may give it as the name: it names that
	// card, as GET /v1/cards/{id} reads it (no card name is an id).
	if card := c.cardByID(name); card != nil {
		if edition != "" && card.Edition != edition {
			return labelled(card, rules.MatchOtherEdition), nil
		}
		return labelled(card, rules.MatchExact), nil
	}
	if editions, _, _, ok := parseCardID(name); ok && len(editions) == 1 {
		// An edition, a set and a number no card has: no card has that
		// id, as GET /v1/cards/{id} says, rather than names read from its
		// figures ("1" is no "I Don't Like to Lose").
		return nil, rules.Errorf(rules.ENOTFOUND, "No card has the id %q.", strings.TrimSpace(name))
	}
	if card, err, done := c.namedSteps(name, folded, edition, false); done {
		return card, err
	}
	if fuzzy && printed {
		// "Quark (2E)", "Data (Premiere)": the name asked in the
		// printing written after it.
		if card, err, done := c.lookUpPrinted(ctx, name, edition); done {
			// The name as typed is not as printed: said loosely.
			return loosely(card, err)
		}
	}
	if fuzzy {
		// "Mouth of the Wormhole, DS9": the name with its shortenings
		// written out, matched loosely.
		if read, ok := c.readInitialisms(folded); ok {
			card, err := c.lookUpNameAs(ctx, read, true, edition, printed)
			if err == nil || rules.ErrorCode(err) != rules.ENOTFOUND {
				return loosely(card, err)
			}
		}
		// A name with a typo is read as the name typed right, and goes
		// through the same steps: "Bajorn Phaser" asked in Second Edition
		// is the First Edition's Bajoran Phaser, as "Bajoran Phaser" is,
		// never Bajoran Phaser Pistol read fuzzily. It matched loosely.
		if read, ok := c.typoRead(ctx, name); ok && read != folded {
			if card, err, done := c.namedSteps(name, read, edition, true); done {
				return card, err
			}
		}
	}
	other := otherEdition(edition)
	scored, err := c.fuzzy(ctx, name, edition)
	if err != nil {
		return nil, err
	}
	var theirs []scoredCard
	if other != "" {
		if theirs, err = c.fuzzy(ctx, name, other); err != nil {
			return nil, err
		}
	}
	if !fuzzy {
		scored = append(scored, theirs...)
		slices.SortFunc(scored, byFit)
		return nil, notFound(name, scored)
	}
	// The other edition's best fit is weighed against the best fit of the
	// edition asked before the latter's own ties are: several cards of
	// the edition asked fitting a title ("Picard, Explorer" fits four
	// First Edition Jean-Luc Picards by the title alone) do not hide the
	// one card of the other edition whose full name it is.
	if other != "" && len(theirs) > 0 && theirs[0].fits() &&
		(len(scored) == 0 || !scored[0].fits() || theirs[0].score-otherEditionPenalty > scored[0].score+tieEpsilon) {
		card, err := bestFit(name, theirs)
		if err != nil {
			return nil, fitsOnlyIn(err, theirs[0].card.Edition, edition)
		}
		return labelled(card, rules.MatchFuzzy), nil
	}
	best, err := bestFit(name, scored)
	if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
		return nil, err
	}
	if best == nil {
		if other != "" {
			scored = append(scored, theirs...)
			slices.SortFunc(scored, byFit)
		}
		return nil, notFound(name, scored)
	}
	return labelled(best, rules.MatchFuzzy), nil
}

// namedSteps are the steps of a look-up by the name as it is (folded, the
// name folded; name, as typed, for the answers' words): the name exactly
// in the edition asked, exactly in the other edition unless a ruling or
// glossary entry of the edition asked is titled with it, then the rulings
// and glossary entries titled with it. done says a step answered. read
// says folded is the name read with its typos corrected (typoRead): every
// card it answers matched loosely (rules.MatchFuzzy), and so do the
// candidates of an ambiguous answer.
func (c *Catalog) namedSteps(name, folded, edition string, read bool) (*rules.Card, error, bool) {
	loose := func(match string) string {
		if read {
			return rules.MatchFuzzy
		}
		return match
	}
	switch found := filterEdition(c.exact[folded], edition); len(found) {
	case 0:
	case 1:
		return labelled(found[0], loose(rules.MatchExact)), nil, true
	default:
		return nil, ambiguous(name, found, loose(rules.MatchExact)), true
	}
	// The name but for how its numbers are written, in the edition asked:
	// matched loosely, and before the other edition's card of the name
	// exactly ("Starfleet Type 2 Phaser" in 1E is Type II, not 2E's Type-2).
	if k := numeralKey(folded); len(c.numerals[k]) > 0 || k != folded {
		var found []*rules.Card
		for _, card := range filterEdition(c.numerals[k], edition) {
			if !slices.Contains(found, card) {
				found = append(found, card)
			}
		}
		if k != folded {
			// A name written with roman numerals meets the names printed
			// in figures under the key itself.
			for _, card := range filterEdition(c.exact[k], edition) {
				if !slices.Contains(found, card) {
					found = append(found, card)
				}
			}
		}
		switch len(found) {
		case 0:
		case 1:
			return labelled(found[0], rules.MatchFuzzy), nil, true
		default:
			return nil, ambiguous(name, found, rules.MatchFuzzy), true
		}
	}
	titled := c.titled[folded]
	other := otherEdition(edition)
	if other != "" && !slices.ContainsFunc(titled, func(e *rules.Entry) bool { return e.Edition == edition }) {
		switch in := filterEdition(c.exact[folded], other); len(in) {
		case 0:
		case 1:
			return labelled(in[0], loose(rules.MatchOtherEdition)), nil, true
		default:
			if read {
				// Said as a fuzzy fit of the other edition is said.
				return nil, fitsOnlyIn(ambiguous(name, in, rules.MatchFuzzy), in[0].Edition, edition), true
			}
			return nil, ambiguousIn(name, in, edition), true
		}
	}
	if len(titled) > 0 {
		return nil, c.entriesTitled(name, titled, edition, read), true
	}
	return nil, nil, false
}

// typoRead is the name read with each word no card name has, and no small
// word, taken for the one word of names it is nearest, a typo or two away
// as the fuzzy look-up counts them (maxEdits: "bajorn" is "bajoran"), and
// words run together or split as the fuzzy look-up reads them ("laforge",
// "tal aura"); folded as FoldName folds. ok is false when a word is near
// no word of names, or equally near several: the name is then not read
// as any other, and only the fuzzy look-up answers it.
func (c *Catalog) typoRead(ctx context.Context, name string) (string, bool) {
	typo := false
	for t := range strings.FieldsSeq(rules.FoldName(name)) {
		if _, ok := c.wordID[t]; !ok && !stopWords[t] {
			typo = true
			break
		}
	}
	if !typo {
		return "", false // every word is a word of names: nothing to read
	}
	s := c.lookups.Get().(*lookup)
	defer c.lookups.Put(s)
	if err := c.query(ctx, s, name); err != nil || len(s.q) == 0 {
		return "", false
	}
	words := make([]string, 0, len(s.q))
	named := false // a word other than a leading rank names something
	for i := range s.q {
		if err := ctx.Err(); err != nil {
			return "", false
		}
		t := s.q[i].text
		if _, ok := c.wordID[t]; ok || stopWords[t] {
			words = append(words, t)
			named = named || !stopWords[t] && !s.q[i].rank
			continue
		}
		w, ok := c.nearestTypo(s, t)
		if !ok {
			return "", false
		}
		words = append(words, w)
		named = named || !s.q[i].changed
	}
	if !named {
		// Only words of four letters with one changed: as likely names
		// the card data lacks as typos ("Kirk" is not read as "Kira").
		return "", false
	}
	return strings.Join(words, " "), true
}

// nearestTypo is the one word of names nearest t by typos (the fewest, up
// to maxEdits of both words), or false when none is within them or
// several are as near.
//
// A word that begins a word of names is not read as a typo: it may be
// that word begun ("K'Ehl" of K'Ehleyr is no typo of Kell), and the fuzzy
// look-up weighs both readings.
func (c *Catalog) nearestTypo(s *lookup, t string) (string, bool) {
	if len(t) > c.longestWord+maxEdits(len(t)) {
		return "", false
	}
	if i := sort.SearchStrings(c.vocab, t); i < len(c.vocab) && strings.HasPrefix(c.vocab[i], t) {
		return "", false
	}
	for k := 1; k <= maxEdits(len(t)); k++ {
		s.typos.reset()
		s.dels.of(t, k)
		found, n := "", 0
		for d := range s.dels.ends {
			for _, wi := range c.deletes[string(s.dels.at(d))] {
				if !s.typos.add(wi) {
					continue
				}
				w := c.vocab[wi]
				if dist := rules.EditDistance(t, w, k); dist == k && dist <= maxEdits(len(w)) && !stopWords[w] {
					found, n = w, n+1
				}
			}
		}
		switch {
		case n == 1:
			return found, true
		case n > 1:
			return "", false
		}
	}
	return "", false
}

// fitsOnlyIn says of an ambiguous fuzzy look-up answered from the other
// edition than the one asked for that its candidates are of that edition,
// none of the one asked fitting as well.
func fitsOnlyIn(err error, theirs, asked string) error {
	re, ok := err.(*rules.Error)
	if !ok || re.Code != rules.EAMBIGUOUS {
		return err
	}
	re.Message = strings.TrimSuffix(re.Message, ".") + "; they are " + rules.EditionName(theirs) +
		" cards: no " + rules.EditionName(asked) + " card fits as well."
	re.WithDetail("edition", theirs)
	return re
}

// nameNotHeld adds to ENOTFOUND for a name no card has, and no ruling or
// glossary entry is titled with, the documents whose part that would hold
// an entry titled with it is not in the data (details "notHeld", and their
// reason in the message; rules.TermNotHeld): a First Edition card the data
// lacks is known by its Current Rulings entry only when the rulings held
// cover its title ("Make It So"), so for a name outside H-Z that no ruling
// is titled with it is not known.
func (c *Catalog) nameNotHeld(err error, name string, edition rules.Edition) error {
	var re *rules.Error
	if !errors.As(err, &re) || re.Code != rules.ENOTFOUND || name == "" {
		return err
	}
	_, byName := re.Details["suggestions"]
	_, titled := re.Details["rulings"]
	_, said := re.Details["notHeld"]
	if !byName || titled || said {
		return err
	}
	gaps := rules.TermNotHeld(c.sources, edition, name)
	if len(gaps) == 0 {
		return err
	}
	re.Message += " " + rules.NotHeldSentence(gaps)
	re.WithDetail("notHeld", gaps)
	return err
}

// entriesTitled is ENOTFOUND for a name no card has but rulings or
// glossary entries are titled with ("Make It So", a card the data lacks;
// "turn", a term), offering them as "rulings", those of the edition asked
// first. A fuzzy reading of such a name ("Kurn" for "turn") is no answer:
// the entries are what it names exactly.
//
// read says the name was read with a typo corrected: the entry's title is
// then said, not "titled so".
func (c *Catalog) entriesTitled(name string, es []*rules.Entry, edition string, read bool) error {
	refs := make([]rules.EntryRef, 0, len(es))
	for _, e := range es {
		if edition == "" || e.Edition == edition {
			refs = append(refs, rules.RefOf(e))
		}
	}
	for _, e := range es {
		if edition != "" && e.Edition != edition {
			refs = append(refs, rules.RefOf(e))
		}
	}
	where := c.docTitles[refs[0].DocumentID]
	if where == "" {
		where = refs[0].DocumentID
	}
	what := "a ruling"
	if refs[0].Kind == rules.KindGlossary {
		what = "a glossary entry"
	}
	titled := "titled so"
	if read {
		titled = "titled " + strconv.Quote(refs[0].Title)
	}
	return rules.Errorf(rules.ENOTFOUND, "No card is named %q; %s of %s is %s.", name, what, where, titled).
		WithDetail("suggestions", []string{}).WithDetail("rulings", refs)
}

// indexTitles maps the folded titles of the rulings and glossary entries to
// the entries, rulings first, then by their documents' precedence
// (governing first), then reading order; and gives the documents' titles.
func indexTitles(entries []*rules.Entry, docs []rules.Document) (map[string][]*rules.Entry, map[string]string) {
	prec := map[string]int{}
	titles := map[string]string{}
	for _, d := range docs {
		prec[d.ID] = d.Precedence
		titles[d.ID] = d.Title
	}
	out := map[string][]*rules.Entry{}
	for _, e := range entries {
		if e.Kind != rules.KindRuling && e.Kind != rules.KindGlossary {
			continue
		}
		if k := rules.FoldName(e.Title); k != "" {
			out[k] = append(out[k], e)
		}
	}
	for _, es := range out {
		slices.SortStableFunc(es, func(a, b *rules.Entry) int {
			if (a.Kind == rules.KindRuling) != (b.Kind == rules.KindRuling) {
				if a.Kind == rules.KindRuling {
					return -1
				}
				return 1
			}
			return prec[b.DocumentID] - prec[a.DocumentID]
		})
	}
	return out, titles
}

// bestFit is the card that fits the scored names best (best first), or
// EAMBIGUOUS when several fit equally well, or ENOTFOUND when none fits.
//
// Besides the cards tied with the best, two kinds of card explaining the
// query as well as the best one (its precision) fit it equally well: any,
// when the query gives only part of the best card's name as typed (see
// wholeRecall: "Mils" is as much Miles O'Brien as Mills); and a card
// holding a recognised word of the query the best card lacks
// (scoredCard.held): "Klingon Officer" is Klingon Disruptor Pistol as much
// as Jadzia Dax, Science Officer, a typo'd word ("Officr") or not, since
// no card holds both words.
func bestFit(name string, scored []scoredCard) (*rules.Card, error) {
	if len(scored) == 0 || !scored[0].fits() {
		return nil, notFound(name, scored)
	}
	top := scored[0]
	best := []*rules.Card{top.card}
	partial := top.typedRecall < wholeRecall
	var others uint64 // the words fitting cards hold that the best lacks
	for _, s := range scored[1:] {
		if s.lacks {
			break // and every card after it lacks a word another holds
		}
		if s.fits() {
			others |= s.held &^ top.held
		}
	}
	for _, s := range scored[1:] {
		if s.lacks {
			break
		}
		tied := top.score-s.score <= tieEpsilon
		if !tied && !partial && others == 0 {
			break
		}
		asWell := (partial || s.held&others != 0) && s.precision >= top.precision-tieEpsilon
		if s.fits() && (tied || asWell) {
			best = append(best, s.card)
		}
	}
	if len(best) == 1 {
		return best[0], nil
	}
	return nil, ambiguous(name, best, rules.MatchFuzzy)
}

// ambiguousIn is ambiguous for cards only of the other edition than the
// one asked for, saying so.
func ambiguousIn(name string, cs []*rules.Card, asked string) error {
	err := ambiguous(name, cs, rules.MatchOtherEdition)
	if re, ok := err.(*rules.Error); ok {
		re.Message = rules.Truncate("\""+name+"\"") + " is printed only in " + rules.EditionName(cs[0].Edition) +
			", not " + rules.EditionName(asked) + ", as several cards; name one of the candidates or ask by id."
		re.WithDetail("edition", cs[0].Edition)
	}
	return err
}

// loosely is a look-up's answer said to have matched loosely: a card
// found exactly, or the candidates of an ambiguous name, by a name read
// otherwise than it was written.
func loosely(card *rules.Card, err error) (*rules.Card, error) {
	if card != nil && card.Match == rules.MatchExact {
		card = labelled(card, rules.MatchFuzzy)
	}
	if rules.ErrorCode(err) == rules.EAMBIGUOUS && rules.ErrorDetails(err)["match"] == rules.MatchExact {
		err = rules.WithDetail(err, "match", rules.MatchFuzzy)
	}
	return card, err
}

// labelled is a copy of the card carrying how it matched.
func labelled(card *rules.Card, match string) *rules.Card {
	cp := *card
	cp.Match = match
	return &cp
}

func otherEdition(edition string) string {
	switch edition {
	case rules.Edition1E:
		return rules.Edition2E
	case rules.Edition2E:
		return rules.Edition1E
	}
	return ""
}

// CardCollection looks up each identifier (at most
// rules.MaxCardIdentifiers) as LookUpCard does: the cards found, in the
// order asked, and those not found, each with its index, why, and the
// candidates of an ambiguous name or the names near one that fits none.
// An identifier that names nothing is EINVALID naming it
// ("identifiers[3]"), before any is looked up. The context is checked
// between look-ups.
func (c *Catalog) CardCollection(ctx context.Context, ids []rules.CardIdentifier) (*rules.CardCollection, error) {
	if len(ids) > rules.MaxCardIdentifiers {
		return nil, rules.TooManyIdentifiers()
	}
	for i, id := range ids {
		if err := id.Check(identifierField(i)); err != nil {
			return nil, err
		}
	}
	out := &rules.CardCollection{Data: make([]*rules.Card, 0, len(ids)), NotFound: []rules.CardNotFound{}}
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		card, err := c.LookUpCard(ctx, id)
		if err == nil {
			out.Data = append(out.Data, card)
			continue
		}
		code := rules.ErrorCode(err)
		if code != rules.ENOTFOUND && code != rules.EAMBIGUOUS {
			return nil, err
		}
		nf := rules.CardNotFound{CardIdentifier: id, Index: i, Code: code, Message: rules.ErrorMessage(err)}
		if code == rules.EAMBIGUOUS {
			nf.Match, _ = rules.ErrorDetails(err)["match"].(string)
			for _, cid := range rules.DetailStrings(err, "ids") {
				if card := c.byID[cid]; card != nil {
					nf.Candidates = append(nf.Candidates, rules.CandidateOf(card))
				}
			}
		} else {
			nf.Suggestions = rules.DetailStrings(err, "suggestions")
			if refs, ok := rules.ErrorDetails(err)["rulings"].([]rules.EntryRef); ok {
				nf.Rulings = refs
			}
			if gaps, ok := rules.ErrorDetails(err)["notHeld"].([]rules.DocumentCoverage); ok {
				nf.NotHeld = gaps
			}
		}
		out.NotFound = append(out.NotFound, nf)
	}
	return out, nil
}

func identifierField(i int) string { return "identifiers[" + strconv.Itoa(i) + "]" }

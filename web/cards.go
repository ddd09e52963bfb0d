package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// cardPage is the data of card.html and embedcard.html.
type cardPage struct {
	Card  *rules.Card
	Stats []stat
	// Rulings rule on the card (rulings titled with it, its errata's
	// sources); Mentions are the other rules whose text names it. Each is
	// one term, shown once with the other documents that say it too.
	Rulings, Mentions []ruling
	// RulingsError says why the rulings could not be listed.
	RulingsError string
	Versions     []cardLink
	Base         string
	// LookedUp says how a name asked for found this card, when not
	// exactly.
	LookedUp *lookedUp
	// Face is the card as printed, in words.
	Face cardFace
	// Coverage is what was read for the card's rulings and errata and
	// whether each document covers it (rules.CoverageOf); nil when the
	// card service could not say.
	Coverage *rules.RulingsCoverage
}

// stat is one statistic of a card, labelled and worded as the card prints
// it; Wide ones (requirements, lore) take a whole row.
type stat struct {
	Label, Value string
	Wide         bool
}

// A ruling is one term's entry that names the card, the governing one of
// its edition, with the other documents that have the same entry, and the
// words of it that concern the card.
type ruling struct {
	Entry    *rules.Entry
	DocTitle string
	Also     []linkedEntry
	// Excerpt is the passage about the card: the whole text of a ruling on
	// it, the sentences naming it of a mention.
	Excerpt []string
	// Followed is the entry a ruling that only says "See X" points at,
	// shown in its place.
	Followed *linkedExcerpt
}

// A cardLink is another card offered as a link: a version, a choice.
type cardLink struct {
	ID, Name, Edition, Note string
}

// Bounds of a card page: how much of a ruling it quotes, and how many
// versions or choices it lists.
const (
	maxRulingExcerpt = 900
	maxMentionText   = 320
	maxCardLinks     = 40
)

func (s *Site) card(c echo.Context) error {
	if s.cfg.Cards == nil {
		return s.unavailable(c, "The card data")
	}
	ctx := c.Request().Context()
	id, err := rules.ParseID("id", c.Param("id"))
	if err != nil {
		return s.fail(c, err, "")
	}
	card, err := s.cfg.Cards.Card(ctx, id)
	if err != nil {
		return s.fail(c, err, "No such card")
	}
	looked, err := lookedUpOf(c, card)
	if err != nil {
		return s.fail(c, err, "")
	}
	cp := cardPage{Card: card, Stats: cardStats(card), Base: baseURL(c), LookedUp: looked}
	docs := s.documents(ctx)
	rs, err := s.cfg.Cards.CardRulings(ctx, card.ID)
	if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
		s.log.WarnContext(ctx, "card rulings", "card", card.ID, "err", err)
		cp.RulingsError = rules.ErrorMessage(err)
	}
	cp.Rulings, cp.Mentions = groupRulings(card, rs, docs)
	for _, list := range [][]ruling{cp.Rulings, cp.Mentions} {
		for i := range list {
			list[i].Followed = s.followSee(ctx, list[i].Entry, docs)
		}
	}
	cp.Face = newCardFace(card)
	if cov, err := s.cfg.Cards.RulingsCoverage(ctx, card.ID); err == nil {
		cp.Coverage = cov
	} else {
		s.log.WarnContext(ctx, "card rulings coverage", "card", card.ID, "err", err)
	}
	cp.Versions = s.cardLinks(ctx, card.Versions)
	p := page{Title: card.Name(), Data: cp, Description: cardDescription(card), Image: card.ImageURL,
		URL:    baseURL(c) + "/cards/" + url.PathEscape(card.ID),
		OEmbed: "/oembed?format=json&url=" + url.QueryEscape(baseURL(c)+"/cards/"+url.PathEscape(card.ID))}
	return s.render(c, http.StatusOK, "card", p)
}

// cardDescription is a card page's summary: what the card is and its
// game text or lore.
func cardDescription(c *rules.Card) string {
	parts := []string{c.Name() + ":", editionName(c.Edition), gameWord(c.Type)}
	if c.Affiliation != "" {
		parts = append(parts, gameWord(c.Affiliation))
	}
	text := strings.Join(parts, " ") + "."
	for _, more := range []string{c.GameText, c.Requirements, c.Lore} {
		if more != "" {
			text += " " + stripMarkup(more)
			break
		}
	}
	return excerpt(text, maxDescription)
}

// groupRulings splits the entries naming a card into those that rule on it
// and those that mention it, each term once: the entries come governing
// first, and a later one of the same term and edition (the same glossary
// entry in an older rulebook) is listed under the first.
func groupRulings(card *rules.Card, es []*rules.Entry, docs map[string]rules.Document) (on, mentions []ruling) {
	type key struct{ edition, term string }
	where := map[key]*ruling{}
	var order []key
	onCard := map[key]bool{}
	for _, e := range es {
		k := key{e.Edition, rules.FoldTerm(e.Title)}
		if r := where[k]; r != nil {
			r.Also = append(r.Also, linkedEntry{ID: e.ID, Title: e.Title, DocTitle: shortTitleOf(docs, e.DocumentID)})
			onCard[k] = onCard[k] || card.RulesOn(e)
			continue
		}
		r := &ruling{Entry: e, DocTitle: shortTitleOf(docs, e.DocumentID)}
		where[k] = r
		order = append(order, k)
		onCard[k] = card.RulesOn(e)
	}
	for _, k := range order {
		r := where[k]
		if onCard[k] {
			r.Excerpt = leadingParagraphs(r.Entry.Text, maxRulingExcerpt)
			on = append(on, *r)
		} else {
			r.Excerpt = mentionExcerpt(r.Entry.Text, card, maxMentionText)
			mentions = append(mentions, *r)
		}
	}
	return on, mentions
}

// leadingParagraphs returns the entry's paragraphs up to about max
// characters, never ending on one that introduces a list (a colon).
func leadingParagraphs(text string, max int) []string {
	var out []string
	n := 0
	for _, p := range paragraphs(text) {
		if n > 0 && n+len(p) > max && !strings.HasSuffix(out[len(out)-1], ":") {
			break
		}
		if n+len(p) > max*2 {
			out = append(out, excerpt(p, max))
			break
		}
		out = append(out, p)
		n += len(p)
	}
	return out
}

// mentionExcerpt returns the sentences of the text that name the card:
// the first sentence holding its title (or mission name), with the list it
// introduces when it ends in a colon; the first paragraph when none does.
func mentionExcerpt(text string, card *rules.Card, max int) []string {
	ps := paragraphs(text)
	for i, p := range ps {
		for _, name := range []string{card.Title, card.MissionName} {
			if name == "" {
				continue
			}
			at := strings.Index(p, name)
			if at < 0 {
				continue
			}
			start, end := sentenceAround(p, at, at+len(name))
			sentence := strings.TrimSpace(p[start:end])
			out := []string{clipAround(sentence, strings.Index(sentence, name), max)}
			if strings.HasSuffix(sentence, ":") && i+1 < len(ps) {
				out = append(out, excerpt(ps[i+1], max))
			}
			return out
		}
	}
	if len(ps) == 0 {
		return nil
	}
	return []string{excerpt(ps[0], max)}
}

// sentenceAround returns the bounds of the sentence of p holding p[from:to]:
// from after the last full stop, question or exclamation mark (followed by
// a space) before it, to the next one after it, or a colon that ends a line.
func sentenceAround(p string, from, to int) (int, int) {
	start := 0
	for i := from - 1; i > 0; i-- {
		if strings.ContainsRune(".!?", rune(p[i-1])) && unicode.IsSpace(rune(p[i])) {
			start = i
			break
		}
	}
	end := len(p)
	for i := to; i < len(p); i++ {
		if strings.ContainsRune(".!?", rune(p[i])) && (i+1 == len(p) || unicode.IsSpace(rune(p[i+1]))) {
			end = i + 1
			break
		}
	}
	return start, end
}

// clipAround cuts a long sentence to about max characters around the byte
// offset at, marking the cuts with "…".
func clipAround(s string, at, limit int) string {
	if len(s) <= limit || at < 0 {
		return excerpt(s, limit)
	}
	from := max(0, at-limit/3)
	for from > 0 && s[from-1] != ' ' {
		from--
	}
	out := excerpt(s[from:], limit)
	if from > 0 {
		out = "…" + out
	}
	return out
}

// cardLinks looks the cards up by id, for links with their set and type.
func (s *Site) cardLinks(ctx context.Context, ids []string) []cardLink {
	var out []cardLink
	for i, id := range ids {
		if i >= maxCardLinks {
			break
		}
		v, err := s.cfg.Cards.Card(ctx, id)
		if err != nil {
			continue
		}
		out = append(out, cardLinkOf(v))
	}
	return out
}

func cardLinkOf(v *rules.Card) cardLink {
	note := []string{}
	if v.SetName != "" && v.SetName != editionName(v.Edition) {
		note = append(note, v.SetName)
	}
	if v.Collector != "" {
		note = append(note, v.Collector)
	}
	what := gameWord(v.Type)
	if v.Affiliation != "" {
		what = gameWord(v.Affiliation) + " " + strings.ToLower(what)
	}
	note = append(note, what)
	return cardLink{ID: v.ID, Name: v.Name(), Edition: v.Edition, Note: strings.Join(note, " · ")}
}

// chooserPage is the data of chooser.html: the cards a name fits.
type chooserPage struct {
	Name    string
	Message string
	// Near is true when the candidates fit the name only with a typo or a
	// missing word forgiven (rules.MatchFuzzy); Fit says how they fit it
	// (rules.CandidatesFit).
	Near bool
	Fit  string
	ByEd []editionChoices
}

type editionChoices struct {
	Edition string
	Cards   []cardLink
}

// cardNamed finds a card by name and sends the reader to its page; a name
// several cards fit (a name printed in both editions, two versions of one
// persona) gets a page that links each of them by id. The embed's links
// lead here before its script has looked the card up.
func (s *Site) cardNamed(c echo.Context) error {
	if s.cfg.Cards == nil {
		return s.unavailable(c, "The card data")
	}
	// The name and edition as REST reads them (rules.ParseCardNamed): a
	// name too long or holding a control character, both ?exact= and
	// ?fuzzy=, neither, or an edition that is none is a 400 page in REST's
	// words.
	asked, err := rules.ParseCardNamed(c.QueryParam("exact"), c.QueryParam("fuzzy"), c.QueryParam("edition"))
	if err != nil {
		heading := "Not a card name"
		switch {
		case rules.ErrorDetails(err)["field"] == "edition":
			heading = "Unknown edition"
		case strings.TrimSpace(c.QueryParam("exact")+c.QueryParam("fuzzy")) == "":
			heading = "No card name"
		}
		return s.fail(c, err, heading)
	}
	name, edition := asked.Name, asked.Edition
	ctx := c.Request().Context()
	// Looked up as REST looks it up: ?fuzzy= forgives typos and missing
	// words, and the card page says so; ?exact= does not, and a name no
	// card has exactly is a 404 page offering the names near it, as
	// REST's 404 does (the page forgave it, so one address answered two
	// ways). The embed's links to names it could not read are ?fuzzy=.
	card, err := s.cfg.Cards.LookUpCard(ctx, rules.CardIdentifier{Name: clipName(name), Edition: edition, Fuzzy: asked.Fuzzy})
	if rules.ErrorCode(err) == rules.EAMBIGUOUS {
		return s.chooser(c, name, err)
	}
	if refs := rulingRefs(err); len(refs) > 0 {
		// A Current Rulings title the card data has no card of: its ruling.
		return c.Redirect(http.StatusFound, "/entries/"+url.PathEscape(refs[0].ID)+"?card="+url.QueryEscape(clipName(name)))
	}
	if err != nil {
		return s.fail(c, err, "No card by that name")
	}
	target := "/cards/" + url.PathEscape(card.ID)
	if card.Match != rules.MatchExact {
		target += "?" + url.Values{"asked": {clipName(name)}, "match": {card.Match}}.Encode()
	}
	return c.Redirect(http.StatusFound, target)
}

// rulingRefs are the rulings a look-up offers for a name no card has.
func rulingRefs(err error) []rules.EntryRef {
	refs, _ := rules.ErrorDetails(err)["rulings"].([]rules.EntryRef)
	return refs
}

// clipName cuts a name from a request to what any card's could be.
func clipName(name string) string {
	name = strings.TrimSpace(name)
	if len(name) <= rules.MaxTextBytes {
		return name
	}
	cut := rules.MaxTextBytes
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut]
}

// lookedUp says on a card page how the name a reader asked for found the
// card, when it was not the card's name exactly: "did you mean".
type lookedUp struct {
	Asked, Match string
	// Persona: the name asked is the persona the card is a version of
	// ("Lore" for The One), which the page says rather than "the nearest".
	Persona bool
}

// lookedUpOf is how the page was reached by a name, from its query: the
// name is read as every transport reads a card name, and match is one
// of the loose matches /cards/named sends here (fuzzy, other-edition): a
// name holding a control character, or a match that is no loose one, is a
// 400 page, not a page without its notice. Either alone says nothing.
func lookedUpOf(c echo.Context, card *rules.Card) (*lookedUp, error) {
	return lookedUpIn(c.QueryParams(), card)
}

// lookedUpIn is lookedUpOf of a query given apart from the request (the
// address an oEmbed consumer asks about).
func lookedUpIn(q url.Values, card *rules.Card) (*lookedUp, error) {
	asked, err := rules.ParseCardName("asked", q.Get("asked"))
	if err != nil {
		return nil, err
	}
	match := q.Get("match")
	if match != "" && match != rules.MatchFuzzy && match != rules.MatchOtherEdition {
		return nil, rules.Errorf(rules.EINVALID, "Unknown match %q: a card page says how a name matched loosely, %s or %s.", rules.Truncate(match), rules.MatchFuzzy, rules.MatchOtherEdition).WithDetail("field", "match")
	}
	if asked == "" || match == "" {
		return nil, nil
	}
	return &lookedUp{Asked: asked, Match: match, Persona: card.Persona != "" && rules.FoldName(card.Persona) == rules.FoldName(asked)}, nil
}

// chooser shows the cards an ambiguous name fits, by edition, each linked
// by id. It answers 300 Multiple Choices: the name has several answers.
func (s *Site) chooser(c echo.Context, name string, err error) error {
	ctx := c.Request().Context()
	match := rules.AmbiguousMatch(err)
	cp := chooserPage{Name: name, Message: rules.ErrorMessage(err), Near: match == rules.MatchFuzzy, Fit: rules.CandidatesFit(name, match)}
	for _, ch := range choicesOf(err) {
		if len(cp.ByEd) > 0 && countLinks(cp.ByEd) >= maxCardLinks {
			break
		}
		card, err := s.cfg.Cards.Card(ctx, ch)
		if err != nil {
			continue
		}
		link := cardLinkOf(card)
		if n := len(cp.ByEd); n == 0 || cp.ByEd[n-1].Edition != card.Edition {
			cp.ByEd = append(cp.ByEd, editionChoices{Edition: card.Edition})
		}
		g := &cp.ByEd[len(cp.ByEd)-1]
		g.Cards = append(g.Cards, link)
	}
	if len(cp.ByEd) == 0 {
		return s.fail(c, err, "Several cards fit that name")
	}
	title := "Cards named " + name
	if cp.Near {
		title = "Cards whose names are near " + name
	}
	return s.render(c, http.StatusMultipleChoices, "chooser", page{Title: title, Data: cp,
		Description: "Several cards of the Star Trek CCG fit the name " + name + ": pick one."})
}

func countLinks(gs []editionChoices) int {
	n := 0
	for _, g := range gs {
		n += len(g.Cards)
	}
	return n
}

// choicesOf reads the card ids of an ambiguous name's details ("ids"), in
// the order the service gave them, Second Edition first.
func choicesOf(err error) []string {
	ids := rules.DetailStrings(err, "ids")
	var second, first []string
	for _, id := range ids {
		if strings.HasPrefix(id, rules.Edition1E+"-") {
			first = append(first, id)
		} else {
			second = append(second, id)
		}
	}
	return append(second, first...)
}

// cardStats lists the statistics a card has, in the order a player reads
// them, labelled and worded as the card prints them.
func cardStats(c *rules.Card) []stat {
	var out []stat
	add := func(label, value string) {
		if value != "" {
			out = append(out, stat{Label: label, Value: value, Wide: len(value) > 28})
		}
	}
	add("Edition", editionName(c.Edition))
	set := c.SetName
	if set == "" {
		set = c.Set
	}
	add("Set", set)
	add("Collector's number", c.Collector)
	add("Rarity", rarityName(c.Rarity))
	add("Card type", gameWord(c.Type))
	if c.Unique != nil {
		add("Unique", map[bool]string{true: "yes", false: "no"}[*c.Unique])
	}
	if c.Universal {
		add("Universal", "yes")
	}
	// A 1E card of a persona its title does not name: who it is a version of.
	if c.Persona != "" && rules.FoldName(c.Persona) != rules.FoldName(c.Title) {
		add("Persona", c.Persona)
	}
	add("Affiliation", gameWord(c.Affiliation))
	add("Mission type", gameWord(c.MissionType))
	if c.Quadrant != "" {
		add("Quadrant", gameWord(c.Quadrant)+" Quadrant")
	}
	add("Region", c.Region)
	add("Location", c.Location)
	add("Span", intp(c.Span))
	add("Points", intp(c.Points))
	add("Requirements", c.Requirements)
	add("Who may attempt", gameWords(c.Affiliations, ", "))
	add("Cost", intp(c.Cost))
	icons := make([]string, len(c.Icons))
	for i, ic := range c.Icons {
		icons[i] = iconWord(ic)
	}
	add("Icons", strings.Join(icons, ", "))
	staffing := make([]string, len(c.Staffing))
	for i, st := range c.Staffing {
		staffing[i] = iconWord(st)
	}
	add("Staffing", strings.Join(staffing, ", "))
	add("Classification", c.Classification)
	add("Skills", skillsText(c.Skills))
	add("Special skills", strings.Join(c.SpecialSkills, "; "))
	add("Keywords", gameWords(c.Keywords, ", "))
	add("Characteristics", gameWords(c.Characteristics, ", "))
	add("Integrity", intp(c.Integrity))
	add("Cunning", intp(c.Cunning))
	add("Strength", intp(c.Strength))
	add("Range", intp(c.Range))
	add("Weapons", intp(c.Weapons))
	add("Shields", intp(c.Shields))
	if p := c.ExtendedShieldsPercentage; p != nil {
		add("Shields extended to a docked ship", fmt.Sprintf("%g%%", *p*100))
	}
	add("Species", gameWord(c.Species))
	add("Class", c.Class)
	add("Headquarters play", gameWords(c.Play, ", "))
	// The game text and lore stand on the card's face (cardFace).
	return out
}

package web

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// pageSize is how many hits one page of search results shows.
const pageSize = 10

// homePage is the data of home.html: the form, the definition of the query
// when it is a term, and a page of hits.
type homePage struct {
	Q, Edition, Kind, Document string
	Documents                  []rules.Document
	DocTitles                  map[string]string
	Definitions                []definition
	// DefineNotHeld says which documents' part that would hold an entry
	// titled with the query is not held (rules.TermNotHeld): the
	// definition is then not known to be all, nor its first to govern.
	DefineNotHeld string
	Result        *rules.SearchResult
	// Hits are the page's hits, one a term: the same entry in several
	// documents of an edition shown once, the governing one, with the
	// others under it.
	Hits             []hitGroup
	Error            string
	Suggestions      []string
	Offset, From, To int
	PrevURL, NextURL string
	Facets           []facetGroup
	Editions, Kinds  []option
	SearchMissing    bool
	// FilterSummary says in words which filters are set; FiltersOpen
	// unfolds them: on the empty form and when there is nothing to show,
	// not above a page of results.
	FilterSummary string
	FiltersOpen   bool
}

type option struct{ Value, Label string }

// definition is one glossary entry or ruling that defines the query;
// Governing marks one that governs another definition given
// (rules.Governing): the first, over those of its edition.
type definition struct {
	Entry     *rules.Entry
	DocTitle  string
	First     string
	Governing bool
	// Matched says how the entry matched the query when it is not the term
	// itself ("(a section titled with the term)"); empty when it is.
	Matched string
}

// facetGroup is one filter's values with their hit counts, as links.
type facetGroup struct {
	Label  string
	Values []facetLink
}

type facetLink struct {
	Label   string
	Count   int
	URL     string
	Current bool
}

var (
	editionOptions = []option{{"", "Both editions"}, {rules.Edition2E, "Second Edition"}, {rules.Edition1E, "First Edition"}}
	kindOptions    = []option{{"", "All kinds"}, {rules.KindGlossary, "Glossary"}, {rules.KindSection, "Rulebook sections"}, {rules.KindRuling, "Rulings"}, {rules.KindCard, "Cards"}}
)

func (s *Site) home(c echo.Context) error {
	ctx := c.Request().Context()
	q := c.QueryParams()
	// The edition, kind and offset are read as REST reads them (the
	// domain's parsers): a mistake is a 400 page in the same words.
	edition, edErr := rules.ParseEdition(q.Get("edition"))
	kind, kindErr := rules.ParseEntryKind(q.Get("kind"))
	offset, offErr := rules.ParseOffset("offset", q.Get("offset"))
	// The words as every transport reads a text: too long, or holding a
	// control character, is a 400 page (the box keeps them, clipped).
	words, qErr := rules.ParseText("q", q.Get("q"))
	if qErr != nil {
		words = clipName(q.Get("q"))
	}
	// The document as REST's ?document= is read (rules.ParseText).
	doc, docErr := rules.ParseText("document", q.Get("document"))
	hp := homePage{
		Q:        words,
		Edition:  string(edition),
		Kind:     string(kind),
		Document: doc,
		Offset:   offset,
		Editions: editionOptions,
		Kinds:    kindOptions,
	}
	hp.Documents = s.documentList(ctx)
	hp.DocTitles = map[string]string{}
	for _, d := range hp.Documents {
		hp.DocTitles[d.ID] = shortTitle(d)
	}
	hp.FilterSummary = hp.filterSummary()
	status := http.StatusOK
	title := "Search the rules"
	if err := cmp.Or(qErr, edErr, kindErr, docErr, offErr); err != nil {
		status = api.StatusOf(rules.ErrorCode(err))
		hp.Error = rules.ErrorMessage(err)
	} else if hp.Q != "" || hp.Document != "" || hp.Kind != "" {
		if hp.Q != "" {
			title = hp.Q + " – search"
		}
		if hp.Q != "" && hp.Offset == 0 && s.cfg.Reference != nil {
			hp.Definitions = s.define(ctx, hp.Q, edition, hp.DocTitles, hp.Documents)
			if len(hp.Definitions) > 0 {
				if gaps, err := rules.DefineNotHeld(ctx, s.cfg.Reference, hp.Q, edition); err == nil {
					hp.DefineNotHeld = rules.NotHeldSentence(gaps)
				}
			}
		}
		if s.cfg.Search == nil {
			hp.SearchMissing = true
		} else {
			sq := rules.SearchQuery{
				Q: hp.Q, Edition: edition, Kind: kind, Document: hp.Document,
				Limit: pageSize, Offset: hp.Offset,
			}
			// Filters that contradict each other are refused as REST
			// refuses them.
			err := rules.CheckSearchScope(ctx, s.cfg.Reference, sq)
			var res *rules.SearchResult
			if err == nil {
				res, err = s.cfg.Search.Search(ctx, sq)
			}
			if err != nil {
				status = api.StatusOf(rules.ErrorCode(err))
				if status >= 500 {
					s.log.ErrorContext(ctx, "search", "q", hp.Q, "err", err)
				}
				hp.Error = rules.ErrorMessage(err)
			} else {
				hp.Result = res
				hp.Hits = groupHits(res.Hits, hp.Documents)
				hp.paging(len(res.Hits), res.Total)
				hp.Facets = hp.facets(res.Facets)
				if res.Total == 0 && len(hp.Definitions) == 0 && s.cfg.Reference != nil {
					if _, err := s.cfg.Reference.Define(ctx, hp.Q, ""); err != nil {
						hp.Suggestions = rules.DetailStrings(err, "suggestions")
					}
				}
			}
		}
	}
	// The filters stay folded: a phone's first screen is for the box and
	// the answers; their summary says which are set.
	hp.FiltersOpen = hp.Result != nil && hp.Result.Total == 0
	desc := "Search every rulebook section, glossary entry, Current Rulings entry and card of the Star Trek CCG, both editions."
	if hp.Q != "" {
		desc = fmt.Sprintf("Rules, rulings and cards of the Star Trek CCG that mention %q.", hp.Q)
		if len(hp.Definitions) > 0 {
			desc = excerpt(hp.Definitions[0].First, maxDescription)
		}
	}
	// A query's results are a page worth finding (its definition first);
	// its filtered and later pages are the same query's, so they name its
	// first page as theirs.
	p := page{Title: title, Nav: "search", Data: hp, Description: desc, OwnSearch: true}
	if hp.Q != "" {
		p.Canonical = baseURL(c) + "/?q=" + url.QueryEscape(hp.Q)
	}
	return s.render(c, status, "home", p)
}

// filterSummary says which filters are set, in words: "both editions · all
// kinds · all documents" when none is.
func (hp *homePage) filterSummary() string {
	label := func(opts []option, v, none string) string {
		for _, o := range opts {
			if o.Value == v && v != "" {
				return o.Label
			}
		}
		return none
	}
	doc := "all documents"
	if t := hp.DocTitles[hp.Document]; t != "" {
		doc = t
	}
	return label(hp.Editions, hp.Edition, "both editions") + " · " + label(hp.Kinds, hp.Kind, "all kinds") + " · " + doc
}

// define returns the entries that define q, governing first, or none.
func (s *Site) define(ctx context.Context, q string, edition rules.Edition, titles map[string]string, documents []rules.Document) []definition {
	entries, err := s.cfg.Reference.Define(ctx, q, edition)
	if err != nil {
		return nil
	}
	docs := make(map[string]rules.Document, len(documents))
	for _, d := range documents {
		docs[d.ID] = d
	}
	governing := rules.Governing(entries, docs)
	out := make([]definition, 0, len(entries))
	for _, e := range entries {
		d := definition{Entry: e, DocTitle: titles[e.DocumentID], Governing: governing[e.ID], Matched: rules.DefineMatchPhrase(e)}
		if d.DocTitle == "" {
			d.DocTitle = e.DocumentID
		}
		if ps := paragraphs(e.Text); len(ps) > 0 {
			d.First = ps[0]
		}
		out = append(out, d)
	}
	return out
}

// searchURL is the home page with the query and filters, and overrides.
func (hp *homePage) searchURL(set map[string]string) string {
	v := url.Values{}
	for k, val := range map[string]string{"q": hp.Q, "edition": hp.Edition, "kind": hp.Kind, "document": hp.Document} {
		if val != "" {
			v.Set(k, val)
		}
	}
	for k, val := range set {
		if val == "" {
			v.Del(k)
		} else {
			v.Set(k, val)
		}
	}
	if len(v) == 0 {
		return "/"
	}
	return "/?" + v.Encode()
}

func (hp *homePage) paging(shown, total int) {
	if shown == 0 {
		return
	}
	hp.From, hp.To = hp.Offset+1, hp.Offset+shown
	if hp.Offset > 0 {
		prev := max(hp.Offset-pageSize, 0)
		hp.PrevURL = hp.searchURL(map[string]string{"offset": offsetParam(prev)})
	}
	if hp.To < total && hp.To <= rules.MaxPageOffset {
		hp.NextURL = hp.searchURL(map[string]string{"offset": offsetParam(hp.To)})
	}
}

func offsetParam(o int) string {
	if o == 0 {
		return ""
	}
	return strconv.Itoa(o)
}

// facets turns the service's facet counts into filter links.
func (hp *homePage) facets(f map[string][]rules.FacetCount) []facetGroup {
	groups := []struct{ key, param, label string }{
		{"edition", "edition", "Edition"}, {"kind", "kind", "Kind"}, {"document", "document", "Document"},
	}
	var out []facetGroup
	for _, g := range groups {
		counts := f[g.key]
		if len(counts) == 0 {
			continue
		}
		fg := facetGroup{Label: g.label}
		for _, fc := range counts {
			label := fc.Value
			switch g.key {
			case "document":
				if t := hp.DocTitles[fc.Value]; t != "" {
					label = t
				}
			case "edition":
				label = strings.ToUpper(fc.Value)
			case "kind":
				label = kindName(fc.Value)
			}
			current := map[string]string{"edition": hp.Edition, "kind": hp.Kind, "document": hp.Document}[g.param] == fc.Value
			val := fc.Value
			if current {
				val = "" // a second click on the current filter removes it
			}
			fg.Values = append(fg.Values, facetLink{Label: label, Count: fc.Count, Current: current,
				URL: hp.searchURL(map[string]string{g.param: val, "offset": ""})})
		}
		out = append(out, fg)
	}
	return out
}

// entryPage is the data of entry.html.
type entryPage struct {
	Entry      *rules.Entry
	Document   rules.Document
	Crumbs     []crumb
	Paragraphs []string
	// Paras are the paragraphs as shown: anchored, glossary terms linked.
	Paras      []para
	SeeAlso    []linkedEntry
	Unresolved []string
	Children   []linkedEntry
	Versions   []version
	Governing  bool
	// OtherEdition is the same term in the other edition: shown apart,
	// never governing over this entry.
	OtherEdition []linkedEntry
	// NoCard is the card name a reader looked up that no card has, and
	// that this entry is titled with, or near it (NoCardNear: the name was
	// read with a typo corrected).
	NoCard     string
	NoCardNear bool
	// NotHeld says which documents' part that would hold an entry of the
	// term is not in the data (rules.EntryNotHeld): the versions are then
	// not known to be all, nor this one to govern.
	NotHeld string
}

type crumb struct{ Label, URL string }

// linkedEntry is an entry shown as a link with its document's title.
type linkedEntry struct {
	ID, Title, DocTitle string
	Missing             bool
}

// version is the same term in another document, set side by side with the
// entry shown: the older text on the left, the newer on the right.
type version struct {
	Entry                  *rules.Entry
	DocTitle               string
	Governing              bool
	OlderTitle, NewerTitle string
	Diff                   rules.SentenceDiff
}

// maxLinked bounds how many related entries one page looks up.
const maxLinked = 60

func (s *Site) entry(c echo.Context) error {
	if s.cfg.Reference == nil {
		return s.unavailable(c, "The rules reference")
	}
	ctx := c.Request().Context()
	id, err := rules.ParseID("id", c.Param("id"))
	if err != nil {
		return s.fail(c, err, "")
	}
	e, err := s.cfg.Reference.Entry(ctx, id)
	if err != nil {
		return s.fail(c, err, "No such entry")
	}
	docs := s.documents(ctx)
	ep := entryPage{Entry: e, Document: docs[e.DocumentID], Paragraphs: paragraphs(e.Text), Paras: s.linkedParagraphs(ctx, e)}
	if ep.Document.ID == "" {
		ep.Document = rules.Document{ID: e.DocumentID, Title: e.DocumentID, Edition: e.Edition}
	}
	ep.Crumbs = s.crumbs(ctx, e, ep.Document)
	// The card name /cards/named sends here, read as every card name is.
	name, err := rules.ParseCardName("card", c.QueryParam("card"))
	if err != nil {
		return s.fail(c, err, "")
	}
	if name != "" {
		// The name as typed, titling this entry, or (a typo read as the
		// title) near it: said so, never landed on without a word.
		ep.NoCard = name
		ep.NoCardNear = rules.FoldName(name) != rules.FoldName(e.Title)
	}
	ep.SeeAlso = s.linked(ctx, e.SeeAlso, docs)
	ep.Unresolved = e.SeeAlsoUnresolved
	ep.Children = s.linked(ctx, e.Children, docs)
	ep.OtherEdition = s.linked(ctx, e.OtherEdition, docs)

	// The versions are the entry's relations, governing first, each
	// compared with it (rules.ChangesOf, as GET /v1/entries/{id}/changes
	// answers); those that govern another of them are marked.
	var related []*rules.Entry
	for i, id := range e.Related {
		if i >= maxLinked {
			break
		}
		if r, err := s.cfg.Reference.Entry(ctx, id); err == nil {
			related = append(related, r)
		}
	}
	changes, err := rules.ChangesOf(ctx, e, related, docs)
	if err != nil {
		return err
	}
	ep.Governing = changes.Governing
	if gaps, err := rules.EntryNotHeld(ctx, s.cfg.Reference, e); err == nil {
		ep.NotHeld = rules.NotHeldSentence(gaps)
	}
	for _, c := range changes.Versions {
		ep.Versions = append(ep.Versions, version{Entry: c.Other, DocTitle: shortTitleOf(docs, c.Other.DocumentID), Governing: c.OtherGoverns,
			OlderTitle: shortTitleOf(docs, c.Older), NewerTitle: shortTitleOf(docs, c.Newer), Diff: c.Diff})
	}
	desc := e.Title + ": " + kindName(e.Kind) + " of the " + ep.Document.Title + "."
	if len(ep.Paragraphs) > 0 {
		desc = excerpt(ep.Paragraphs[0], maxDescription)
	}
	return s.render(c, http.StatusOK, "entry", page{Title: e.Title + " – " + shortTitle(ep.Document), Data: ep, Description: desc,
		URL: baseURL(c) + "/entries/" + url.PathEscape(e.ID)})
}

func titleOf(docs map[string]rules.Document, id string) string {
	if d, ok := docs[id]; ok && d.Title != "" {
		return d.Title
	}
	return id
}

// crumbs is the heading path as links: the document, then each enclosing
// section found by walking the Parent ids, then the entry itself.
func (s *Site) crumbs(ctx context.Context, e *rules.Entry, doc rules.Document) []crumb {
	path := e.Path
	if len(path) == 0 {
		path = []string{e.Title}
	}
	out := make([]crumb, len(path))
	for i, p := range path {
		out[i].Label = p
	}
	// Link the ancestors from the innermost outwards, as far as Parent goes.
	parent := e.Parent
	for i := len(path) - 2; i >= 0 && parent != ""; i-- {
		pe, err := s.cfg.Reference.Entry(ctx, parent)
		if err != nil {
			break
		}
		out[i].URL = "/entries/" + url.PathEscape(pe.ID)
		parent = pe.Parent
	}
	docCrumb := crumb{Label: shortTitle(doc), URL: documentURL(doc.ID)}
	return append([]crumb{docCrumb}, out...)
}

// linked looks up entries by id for links; ids that do not resolve are shown
// as plain text.
func (s *Site) linked(ctx context.Context, ids []string, docs map[string]rules.Document) []linkedEntry {
	var out []linkedEntry
	for i, id := range ids {
		if i >= maxLinked {
			break
		}
		r, err := s.cfg.Reference.Entry(ctx, id)
		if err != nil {
			out = append(out, linkedEntry{ID: id, Title: id, Missing: true})
			continue
		}
		out = append(out, linkedEntry{ID: r.ID, Title: r.Title, DocTitle: titleOf(docs, r.DocumentID)})
	}
	return out
}

// A hitGroup is one term's hits on a page of results: the hit of the
// governing document, and the same term's hits in the edition's other
// documents.
type hitGroup struct {
	rules.SearchHit
	Also []linkedEntry
}

// NotHeldSentence is what the hit's entry says of the documents not held
// for its term (SearchHit.NotHeld), as its entry page says it; "" for none.
func (g hitGroup) NotHeldSentence() string { return rules.NotHeldSentence(g.NotHeld) }

// groupHits shows each term once: hits of the same kind, edition and title
// (the glossary entry "stopped" in three 2E rulebooks) are one, led by the
// governing document's, in the place of the best of them.
func groupHits(hits []rules.SearchHit, documents []rules.Document) []hitGroup {
	docs := make(map[string]rules.Document, len(documents))
	for _, d := range documents {
		docs[d.ID] = d
	}
	var out []hitGroup
	at := map[string]int{}
	for _, h := range hits {
		key := h.Kind + "|" + h.Edition + "|" + rules.FoldTerm(h.Title)
		if h.Kind == rules.KindCard {
			key = h.ID
		}
		i, seen := at[key]
		if !seen {
			at[key] = len(out)
			out = append(out, hitGroup{SearchHit: h})
			continue
		}
		g := &out[i]
		other := h
		if rules.CompareGoverning(docs[h.DocumentID], docs[g.DocumentID]) < 0 {
			// This one governs: it leads, the one that led goes under it.
			other, g.SearchHit = g.SearchHit, h
		}
		g.Also = append(g.Also, linkedEntry{ID: other.ID, Title: other.Title, DocTitle: shortTitleOf(docs, other.DocumentID)})
	}
	return out
}

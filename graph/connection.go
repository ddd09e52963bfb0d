package graph

import (
	"encoding/base64"

	"strconv"
	"strings"

	"github.com/stccg/stccg-rules/graph/model"
	"github.com/stccg/stccg-rules/internal/rules"
)

// maxPage is the most items one connection page may hold: the service's
// one bound of every list.
const maxPage = rules.MaxPageLimit

// cursor encodes an item's offset in its list.
func cursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("offset:" + strconv.Itoa(offset)))
}

// page turns first/after into an offset and a limit, refusing bad values
// in the words REST refuses ?limit= and ?offset= in (rules.CheckLimit,
// rules.CheckOffset), naming first and after.
func page(first *int, after *string, def int) (offset, limit int, err error) {
	limit = def
	if first != nil {
		if limit, err = rules.CheckLimit("first", *first); err != nil {
			return 0, 0, err
		}
	}
	if after != nil && *after != "" {
		raw, derr := base64.RawURLEncoding.DecodeString(*after)
		n, perr := strconv.Atoi(strings.TrimPrefix(string(raw), "offset:"))
		if derr != nil || perr != nil || !strings.HasPrefix(string(raw), "offset:") || n < 0 {
			return 0, 0, rules.Errorf(rules.EINVALID, "after is not a cursor this API gave.").WithDetail("field", "after")
		}
		if offset, err = rules.CheckOffset("after", n+1); err != nil {
			return 0, 0, err
		}
	}
	return offset, limit, nil
}

// editionArg reads an edition argument as REST reads ?edition=
// (rules.ParseEdition): case forgiven, anything else refused naming it.
func editionArg(p *string) (rules.Edition, error) { return rules.ParseEdition(str(p)) }

// textArg reads a text argument (a search's q, a term, a card's name) as
// REST reads a text parameter: trimmed, a control character or invalid
// UTF-8 refused naming it. (Its length was refused before validation.)
func textArg(name, s string) (string, error) { return rules.ParseText(name, s) }

// kindArg reads an entry kind argument as REST reads ?kind=.
func kindArg(p *string) (rules.EntryKind, error) { return rules.ParseEntryKind(str(p)) }

// connection makes a page of a Relay connection: an edge for each item,
// made by edge with the cursor of the item's offset in the whole list, and
// the page's info against the total. Every connection resolver builds its
// page with it.
func connection[T, E any](page []T, offset, total int, edge func(item *T, cursor string) E) ([]E, *model.PageInfo) {
	edges := make([]E, len(page))
	for i := range page {
		edges[i] = edge(&page[i], cursor(offset+i))
	}
	return edges, pageInfo(offset, len(page), total)
}

func pageInfo(offset, count, total int) *model.PageInfo {
	pi := &model.PageInfo{HasPreviousPage: offset > 0, HasNextPage: offset+count < total}
	if count > 0 {
		s, e := cursor(offset), cursor(offset+count-1)
		pi.StartCursor, pi.EndCursor = &s, &e
	}
	return pi
}

// slice returns the page [offset, offset+limit) of items.
func slice[T any](items []T, offset, limit int) []T {
	if offset >= len(items) {
		return nil
	}
	end := min(len(items), offset+limit)
	return items[offset:end]
}

func entryConnection(all []*rules.Entry, offset, limit int) *model.EntryConnection {
	c := &model.EntryConnection{TotalCount: len(all), NotHeld: []*rules.DocumentCoverage{}}
	c.Edges, c.PageInfo = connection(slice(all, offset, limit), offset, len(all), func(e **rules.Entry, cur string) *model.EntryEdge {
		return &model.EntryEdge{Node: *e, Cursor: cur}
	})
	return c
}

// notHeld are the documents not held for a connection's entries, as the
// schema lists them (EntryConnection.notHeld).
func notHeld(ds []rules.DocumentCoverage) []*rules.DocumentCoverage {
	out := make([]*rules.DocumentCoverage, 0, len(ds))
	for i := range ds {
		out = append(out, &ds[i])
	}
	return out
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func facets(f map[string][]rules.FacetCount) *model.SearchFacets {
	conv := func(fc []rules.FacetCount) []*rules.FacetCount {
		out := make([]*rules.FacetCount, len(fc))
		for i := range fc {
			out[i] = &fc[i]
		}
		return out
	}
	return &model.SearchFacets{Edition: conv(f["edition"]), Kind: conv(f["kind"]), Document: conv(f["document"])}
}

// readings are the search's readings of the query's words, an empty list
// when it read every word as typed.
func readings(rs []rules.WordReading) []*rules.WordReading {
	out := make([]*rules.WordReading, len(rs))
	for i := range rs {
		out[i] = &rs[i]
	}
	return out
}

// optional is null for a string not given, as REST leaves such a field out.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

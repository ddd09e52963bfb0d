package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// documentsPage is the data of documents.html: every source document.
type documentsPage struct {
	Documents []documentSummary
}

type documentSummary struct {
	Document  rules.Document
	Short     string
	Governing bool // the newest rules of its edition
}

// documentsPage lists the source documents, each linked to its contents.
func (s *Site) documentsPage(c echo.Context) error {
	docs := s.documentList(c.Request().Context())
	if docs == nil {
		return s.unavailable(c, "The list of documents")
	}
	var dp documentsPage
	for _, d := range docs {
		// The newest rules of its edition: no other document governs it.
		governing := !slices.ContainsFunc(docs, func(o rules.Document) bool { return rules.Governs(o, d) })
		dp.Documents = append(dp.Documents, documentSummary{Document: d, Short: shortTitle(d), Governing: governing})
	}
	return s.render(c, http.StatusOK, "documents", page{Title: "Documents", Nav: "documents", Data: dp,
		Description: "The rulebooks and Current Rulings of both editions of the Star Trek CCG, each with its table of contents."})
}

// documentPage is the data of document.html: a document's table of
// contents, its sections as a heading tree, its glossary and its rulings by
// letter.
type documentPage struct {
	Document rules.Document
	Short    string
	Sections []tocNode
	Glossary []letterGroup
	Rulings  []letterGroup
}

// A tocNode is one entry of a table of contents with the entries under it.
type tocNode struct {
	ID, Title string
	Children  []tocNode
}

// A letterGroup is the glossary entries or rulings under one first letter.
type letterGroup struct {
	Letter, Anchor string
	Entries        []tocNode
}

// maxTOCDepth bounds how deep a table of contents nests: the rulebooks'
// headings go four levels down.
const maxTOCDepth = 8

// document shows a document's table of contents.
func (s *Site) document(c echo.Context) error {
	id, err := rules.ParseID("id", c.Param("id"))
	if err != nil {
		return s.fail(c, err, "")
	}
	contents, ok := s.cfg.Reference.(rules.ContentsService)
	if !ok {
		return s.unavailable(c, "The documents' contents")
	}
	d, entries, err := contents.Contents(c.Request().Context(), id)
	if err != nil {
		return s.fail(c, err, "No such document")
	}
	dp := documentPage{Document: d, Short: shortTitle(d)}
	inDoc := make(map[string]*rules.Entry, len(entries))
	for _, e := range entries {
		inDoc[e.ID] = e
	}
	var glossary, rulings []tocNode
	for _, e := range entries {
		if e.Parent != "" && inDoc[e.Parent] != nil {
			continue // listed under its parent
		}
		node := tocTree(e, inDoc, 0)
		switch e.Kind {
		case rules.KindSection:
			dp.Sections = append(dp.Sections, node)
		case rules.KindGlossary:
			glossary = append(glossary, node)
		case rules.KindRuling:
			rulings = append(rulings, node)
		}
	}
	dp.Glossary = byLetter(glossary, "glossary")
	dp.Rulings = byLetter(rulings, "rulings")
	desc := fmt.Sprintf("Contents of the %s: %s.", d.Title, countsText(d.Counts))
	return s.render(c, http.StatusOK, "document", page{Title: dp.Short + " – contents", Nav: "documents", Data: dp, Description: desc})
}

// tocTree is the entry with the entries under it, in reading order.
func tocTree(e *rules.Entry, inDoc map[string]*rules.Entry, depth int) tocNode {
	n := tocNode{ID: e.ID, Title: e.Title}
	if depth >= maxTOCDepth {
		return n
	}
	for _, id := range e.Children {
		if child := inDoc[id]; child != nil && child.Parent == e.ID {
			n.Children = append(n.Children, tocTree(child, inDoc, depth+1))
		}
	}
	return n
}

// byLetter groups entries by the first letter of their titles, the letters
// in alphabetical order (titles that start with another character under
// "#", last), the entries of a letter in the order they come. A letter's
// anchor names its list and the letter ("glossary-letter-h"), so no two
// elements of the page share an id.
func byLetter(nodes []tocNode, prefix string) []letterGroup {
	at := map[string]int{}
	var out []letterGroup
	for _, n := range nodes {
		r, _ := utf8.DecodeRuneInString(strings.TrimLeft(n.Title, "\"'“‘* "))
		letter := "#"
		if unicode.IsLetter(r) {
			letter = strings.ToUpper(rules.FoldName(string(r)))
			if letter == "" {
				letter = string(unicode.ToUpper(r))
			}
		}
		i, ok := at[letter]
		if !ok {
			anchor := prefix + "-letter-" + strings.ToLower(letter)
			if letter == "#" {
				anchor = prefix + "-letter-other"
			}
			i = len(out)
			at[letter] = i
			out = append(out, letterGroup{Letter: letter, Anchor: anchor})
		}
		out[i].Entries = append(out[i].Entries, n)
	}
	slices.SortStableFunc(out, func(a, b letterGroup) int {
		if (a.Letter == "#") != (b.Letter == "#") {
			if a.Letter == "#" {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Letter, b.Letter)
	})
	return out
}

// countsText says a document's counts in words.
func countsText(c rules.DocumentCounts) string {
	var parts []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(c.Sections, "section", "sections")
	add(c.Glossary, "glossary entry", "glossary entries")
	add(c.Rulings, "ruling", "rulings")
	add(c.Cards, "card in its card list", "cards in its card list")
	if len(parts) == 0 {
		return "no entries"
	}
	return strings.Join(parts, ", ")
}

func documentURL(id string) string { return "/documents/" + url.PathEscape(id) }

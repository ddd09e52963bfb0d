// Package search is the full-text search of the rules service: one Bleve
// index of every rulebook section, glossary entry, ruling and card, behind
// rules.SearchService.
//
// # Index
//
// The mapping is explicit; nothing is indexed dynamically and nothing goes to
// a catch-all field. Each entry or card is one document with:
//
//   - title, text: English analysis (Porter stemming, stop words dropped), with
//     positions kept for phrase matches;
//   - titlePlain, textPlain: the words as written, only lower-cased, so that a
//     typo is compared with the printed word rather than with its stem, and a
//     title made of stop words ("When and While") can still be matched;
//   - titleKey: the folded title (rules.FoldTerm), for "the title is the query";
//   - kind, edition, documentId: keyword fields with doc values, for filters
//     and facets. A card's documentId is CardsDocument.
//
// What the ranking and the snippets need of a hit (title, kind, document,
// precedence, title terms, text) is kept beside the index and saved in its
// internal metadata together with the corpus version, so a search never
// loads stored fields and Open can tell a stale prebuilt index.
//
// # Queries
//
// A judge's input never reaches Bleve's query-string syntax. parseQuery reads
// plain words, "quoted phrases" and -exclusions; the Bleve query is then built
// from them as a disjunction, each clause a different kind of evidence:
//
//	exact title (the folded query is the folded title)   boost 6
//	title words, stemmed                                  boost 3
//	title phrase (the words in order)                     boost 2
//	text phrase                                           boost 1.5
//	title words as written                                boost 1
//	text words, stemmed                                   boost 1
//	title / text words within one or two edits of a typed
//	word (one for 4-6 letters, two from 7)                 boost 0.6 / 0.2
//
// Titles weigh more than text because an entry is about its title; typos get
// a low boost so they find the word without outranking exact matches. A
// quoted phrase must appear (in the title or the text); an exclusion must
// not; filters on edition, kind and document restrict without scoring.
//
// # Re-ranking
//
// Bleve's best hits (at least 50) are re-ranked in two steps:
//
//  1. Title cover: a hit whose every title term is among the query's terms is
//     what the judge named, not a passing mention: its score is raised by half.
//  2. Precedence: entries of the same kind and folded title in several
//     documents of one edition are the same rule; they keep the scores they
//     earned as a group, but the governing document (the highest manifest
//     precedence) takes the best score, the next the second, and so on.
//
// # Snippets
//
// A hit's snippet is about 220 characters of its text around the densest run
// of matched words, HTML-escaped, each matched word in <mark>. It is computed
// for the page only, from the kept text, marking the words Bleve matched:
// those of the same English stem as a query word, or within the typo distance
// of a typed word.
package search

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
//     title made of stop words ("When and While") can still be matched, and so
//     that the index's vocabulary is known as printed (for typos, below);
//   - titleKey: the folded title (rules.FoldTerm), for "the title is the query";
//   - kind, edition, documentId: keyword fields, for filters. A card's
//     document is CardsDocument.
//
// Nothing is stored and no field keeps doc values. What the ranking, the
// facets and the snippets need of a hit (title, kind, edition, document,
// precedence, title terms, text) is kept beside the index and saved in its
// internal metadata with the corpus version, so Open can hand back the
// version for the caller to refuse a stale prebuilt index.
//
// The index never changes once built, so an Index holds one read view of it
// for its life, with every document's metadata by its internal number.
// Searches run Bleve's searcher on that view and collect the matches
// themselves, filtering and counting the facets from an array of each
// document's facet values. Bleve's own top-N collector would decode doc
// values for the facets and load the external id of every hit it keeps; this
// is about half the time of a search (TestCollectAgreesWithBleve checks both
// give the same total, scores and order). Build indexes in memory; BuildTo
// writes an index to disk once (beside the target folder, then renamed into
// place); Open reads it read-only, so replicas share one build.
//
// The postings of the fields searches look terms up in (title and text,
// English and plain, and the folded title), with the positions phrases need,
// are read into memory when the index is built or opened: about 60,000
// postings and 36,000 positions, 2.5 MB, and 40 ms more to open. Bleve's
// searchers read them there (postingsReader) instead of looking each term up
// in the segment's dictionary and decoding its postings for every search,
// which was about a fifth of a search's time. A search with a filter reads
// them without the documents it leaves out.
//
// # Queries
//
// A judge's input never reaches Bleve's query-string syntax. parseQuery reads
// plain words, "quoted phrases" and -exclusions; other punctuation is no
// word ("title:x~2 +(" searches title x 2). A query with nothing to look
// for, or with a quote left open, is an EINVALIDQUERY error naming q.
//
// Typos are corrected against the index's own vocabulary: a typed word the
// index does not hold, of four letters or more, stands for the nearest word
// it does hold (one edit for up to six letters, two from seven; a swap of two
// letters is one edit), the most common on a tie; the other near words are
// kept as low-boost alternatives. "mirro univers" is searched as "mirror
// universe". A word the index knows is never changed.
//
// A query naming an edition ("first edition", "2E") prefers that edition's
// hits rather than filtering the others out.
//
// The Bleve query is a disjunction, each clause a different kind of evidence,
// with these boosts (see defaultWeights):
//
//	exact title (the folded query is the folded title)  6
//	text words, stemmed                                  4
//	title words, stemmed                                 0.5
//	title words as written                               0.3
//	near words of a typo, in title / text                0.6 / 0.2
//
// Title words weigh little inside Bleve on purpose: its idf is per field, and
// in a field of a few words nearly every word is rare, so a one-word title
// ("Turn", "Ship") would outrank the section that answers the question. The
// title's weight is given in the re-ranking instead, with the corpus-wide
// rarity of the words. A quoted phrase must appear (in the title or the
// text); an exclusion must not; filters on edition, kind and document
// restrict without scoring.
//
// # Re-ranking
//
// Every match is re-ranked (Bleve's best MaxOffset+MaxLimit, more than the
// corpus holds), whatever page is asked for, so that the pages of a search
// are cut from one order: a hit is never shown twice nor skipped as a judge
// pages through. Hits of equal score are ordered by the governing document,
// then Bleve's score, then their id: never by Bleve's document numbers, which
// follow the order of indexing and differ from one build to the next (and so
// between replicas). Each factor is explainable:
//
//  1. Title cover: the share of the title's terms found in the query times
//     the share of the query's terms found in the title, both weighted by
//     idf over all entries. A title that is the query scores 1; a glossary
//     entry or ruling named in the query outranks a passing mention; a
//     one-word title of a common word in a long question scores little.
//     Score times (1 + 3 x cover).
//  2. Query share: the share of the query's terms (idf-weighted) that the
//     hit holds anywhere, title or text. Score times (1 + 2 x share).
//     A short query (two to four words) whose words the hit's title holds
//     in order: score times (1 + 2); its text: times (1 + 1.5). These were
//     phrase clauses of the Bleve query (boosts 2 and 1.5), about a sixth
//     of a search's time; read from the words each document keeps (below),
//     they cost a look-up per hit. On 300 frequent word pairs and triples of
//     the rulebooks the first hit is the one the clauses gave for 95%, and
//     98.5% of the first ten are.
//  3. Cards are scaled by 0.6: they have look-ups of their own, and a rules
//     question is answered by rules unless a card is named (an exact title
//     still brings the card first).
//  4. A named edition multiplies its hits by 1.5.
//  5. Precedence: entries of the same kind and folded title in several
//     documents of one edition are the same rule, and so are entries the
//     corpus relates (rules.Entry.Related) within an edition. They keep the scores they
//     earned as a group, but the governing document (highest manifest
//     precedence) takes the best, the next the second, and so on; each older
//     copy is further scaled by 0.7 per newer copy, so one rule does not fill
//     the first page three times.
//
// The constants were set by measuring MRR@10 and hit@5 on the contract's
// examples and on testdata/judge-questions.json (TestRelevance), and sit on
// a plateau: doubling or halving any one of them moves MRR@10 on the judge
// questions by at most 0.02. Bleve's tf-idf scoring measured better than its
// BM25 here (MRR@10 0.93 against 0.87), the re-ranking doing the length and
// rarity work BM25 would.
//
// # Snippets
//
// A hit's snippet is about 220 characters of its text around the densest run
// of matched words, HTML-escaped, on one line, each matched word in <mark>.
// It is made for the page only, from the kept text, marking the words the
// English clauses matched: words of the same stem as a (corrected) query word,
// and the near words of a typo. Bleve's highlighter would need stored fields
// and term vectors read back for every hit of the re-ranking window.
//
// # Numbers, not strings
//
// When the index is built or opened, every English term and plain word of
// the titles and texts gets a number (a lexicon); each document keeps its
// title's terms with their summed rarity, and the words of its title and of
// its snippet text with their terms (by position, and by term); and each term
// keeps the list of the documents holding it. A search analyses the query
// once, and its tokens make Bleve's clauses without analysing the text again
// for each field. While Bleve finds the matches (in the order of their
// numbers), the lists of the query's terms are walked alongside, so each
// match comes with the query terms it holds; the re-ranking then compares
// numbers, never strings, and a snippet finds its marked words by term
// rather than reading the text. TestCollectAgreesWithBleve and
// TestInOrderAgreesWithBlevesPhrase check these against Bleve's own answers.
package search

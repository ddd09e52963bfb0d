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
// Searches collect the matches themselves, filtering and counting the facets
// from an array of each document's facet values. Bleve's own top-N collector
// would decode doc values for the facets and load the external id of every
// hit it keeps; this is about half the time of a search
// (TestCollectAgreesWithBleve checks both give the same total, scores and
// order). A query of words alone (most: no quoted phrase, no exclusion) is
// not run by Bleve's searchers at all: its matches are read from each term's
// postings in memory into an array by document number and scored by tf-idf
// as Bleve's term and disjunction scorers score them (disjunction.go), in
// the order Bleve sums them, bit for bit (FuzzTermMatchesAgreeWithBleve).
// Bleve's searcher per term, and its merging of their matches one pooled
// object at a time compared by their ids' bytes, were about a third of a
// search. Past ten terms Bleve sums a match's terms in the order of a heap,
// which follows the order the documents were indexed in, so two builds of
// the index (two replicas) could order near ties of a long question
// differently; these are summed in the order of the clauses. Phrases and
// exclusions go through Bleve's searchers. Build indexes in memory; BuildTo
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
// word ("title:x~2 +(" searches title x 2). A query with nothing to look for,
// or with a quote left open, is an EINVALIDQUERY error naming q.
//
// Words are then read as judges write them (expand.go):
//
//   - Two typed words are first read as the one word the rulebooks write
//     (split.go): whole ("head quarters", "space line", "out post", "down
//     load" are searched as headquarters, spaceline, outpost, download),
//     when the rulebooks write it in more documents than they write the two
//     side by side or either beside its other typed neighbour ("cards in
//     side deck" stays), never with a stop word after it ("intercept or");
//     or hyphenated, wherever the space was typed ("miss eed" is mis-seed).
//     With a typo in one of the two, the two run together are corrected
//     within the edits the word of the typo may have alone (one for a word
//     of two or three letters, whose neighbour says what it is: "dual icn"
//     is dual-icon, "max seed" is not mis-seed), keeping the other word as
//     typed, no farther than the word of the typo is from a word alone
//     ("phyysics an" is physics) and not when the rulebooks write the two
//     as corrected alone more often ("major raakl" is Major Rakal). Side by
//     side is counted from each document's words in memory.
//   - A typed word the index does not hold, nor the thesaurus (below), is
//     then read as a word the rulebooks hyphenate ("misseed" is "mis-seed",
//     "dualicon" "dual-icon"), then as two words it runs together
//     ("awayteam"; one of the two may be a form of a word of the index
//     the rulebooks do not print, or a word of the thesaurus, when no word
//     of the index is one typo away: "rangedrops", "shipsfight"; never
//     split where a letter typed twice meets, when one of them dropped is
//     a word of the index: "highher" is "higher"), and only then corrected
//     against the index's own
//     vocabulary, hyphenated words joined included ("counterattak" is
//     "counter-attack"): the nearest word (one edit for up to six letters,
//     two from seven; a swap of two letters is one edit): of the words as
//     near, the one the rulebooks write beside the typed word's neighbours
//     in the most documents ("away teem" is away team, not "away them"),
//     else the one keeping the first letter, then the most common (a word
//     spelled as it sounds is corrected as respelled too, within as many
//     edits: "fazes" as "phazes", "kwadrant" as "quadrant", "fite" as
//     "fight", British "armour" as "armor"; sound.go); the
//     other near words are kept as low-boost alternatives (not the chosen
//     word in other forms: "segment" for "segemnts" read as "segments"
//     would lower every text saying "segments"). A word of three letters
//     is read only as a word it is mistyped from (a letter dropped, two
//     swapped) that the rulebooks write beside a word typed next to it
//     ("draw a crd", "teh mission"; textspeak.go). A question or
//     exclamation mark between two letters is a slip of the shift key when
//     the word without it is the index's ("mat?ching"). A typo of a word
//     the thesaurus reads alone (the table's "fight", a question's "whats")
//     nearer than any word of the index is read as that word ("fgiht",
//     "whaats"). Two words run together with a typo in one, which neither
//     reader reads, are the two the rulebooks write side by side, one
//     corrected ("awayteem", "dilemapile"; joined.go). A word the index
//     knows is never changed, nor is a word of the question's form ("arent" is not "agent"), nor
//     another form of a word of the rulebooks: a word that is an English
//     term of the index with an ending ("earning", "hits", "putting") is
//     searched by its stem, and corrected only into a word of that stem. One
//     letter from a word more common than the rarer of two words it could
//     be split into is a typo, not two words ("misson" is "mission").
//   - Text-speak's figure for a word ("2" for to, "4" for for) between two
//     words is read as the word where the rulebooks write it before the
//     word after it, twice as often as the number, in two documents or
//     more ("a leader 2 attack", "seed 4 free"; textspeak.go).
//   - The thesaurus (synonyms.json, data with the source of each entry)
//     reads the game's shorthand and the other edition's words: "hq" means
//     headquarters, "ds9" Deep Space Nine, "fight" combat, battle or
//     engagement. Shorthand of one meaning that the index does not hold
//     ("opp", "rng", "reqs") is read as that word, as a correction is. What
//     another typed word means is searched too, with half its
//     weight (altWeight), and counts for the word in the re-ranking. Some
//     meanings are the rulebooks' own definitions, named by the paragraph
//     they come from ("defined"): a judge asks about a consequence
//     ("killed", "destroyed") where the rule states its mechanics ("placed
//     in the discard pile"). Shorthand that is also a word ("AT") is read
//     only as typed in capitals; one that names a document ("CR") says where
//     to look and is not searched. The thesaurus holds the game's
//     abbreviations and synonyms, never the words of a question's answer.
//     The forms of a word ending in "ie" that the stemmer reads as two
//     terms ("tie", "tied"), and the forms of an irregular verb the
//     rulebooks use ("draw", "drawn", "drew"; "go", "goes"; from a table of
//     English verbs), are searched as meanings of each other (siblings.go).
//   - A typed word the rulebooks use in fewer than one document in fifty,
//     or never, and that no rule's title holds, is also searched as the
//     words English derives from it or it from, which the stemmer reads as
//     other terms ("decision" and "decide", "leader" and "lead", "death"
//     and "die"), at a quarter of its weight, in the search and in the
//     re-ranking (Derived, wordnet.go). They are read from WordNet 3.0's
//     derivationally related forms of the word's sense most often seen in
//     use, restricted to the rules' words, by a generator run by hand
//     (internal/wordnetgen), never written per question. A word common in
//     the rulebooks, or a title's, is the game's word in the game's sense
//     ("player" is not "play", "persona" not "impersonate").
//   - An edition named once ("first edition", "2E"), and not as the subject
//     of the question ("2e cards", "1e compatible"), filters the search;
//     both editions named ("stopped 1e vs 2e") is a question about the rule
//     in each: no filter, and the best hit of the other edition than the
//     first's comes second. A document named ("premiere", "call to arms") is
//     preferred (Named), its hits never handed to a newer copy of their rule.
//   - The words of a question's form ("can i", "does", "what happens when",
//     "how many") are dropped, unless nothing else is left or they stand
//     beside "vs", "and", "or" ("when and while"). A comparison ("reveal vs
//     examine") measures each hit against the side it answers best.
//
// The Bleve query is one disjunction, each clause a different kind of
// evidence, with these boosts (see defaultWeights):
//
//	exact title (the folded query is the folded title)  6
//	a word in the text, stemmed                          4
//	what a word means (thesaurus), in the text           4 x 1/2
//	a word in the title, stemmed                         0.5
//	a stop word in the title as written                  0.7
//	near words of a typo, in title / text                0.6 / 0.2
//	a word derived from a rare typed word, in the text   4 x 1/4
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
//     A title of stop words ("All", "When and While") is compared with
//     the query's words as typed: those the query holds count in its share
//     with their rarity, as its stems do. A sub-section whose own title
//     holds a word of the query that no title above it holds is covered
//     by its heading path (its title and its sections', each term once)
//     when that covers more: "Ship cards" under "REPORTING CARDS FOR
//     DUTY" for a question naming a ship and reporting (headpath.go).
//     An older rulebook's entry whose heading the governing rulebook of
//     its edition no longer has ("EVENT", "Staffing ships", "modifiers")
//     counts half its cover, unless the query names its title in order
//     (dropped.go).
//     Score times (1 + 3 x cover).
//  2. Query share: the share of the query's terms (idf-weighted, a term's
//     meaning counting half) that the hit holds anywhere. Score times
//     (1 + 2 x share) x share: a title holding one of several words does
//     not beat a text holding them all. A short query whose words the title
//     holds in order, or a query holding a whole title of a stop word and
//     others side by side as typed ("equipped with", which the stemmed
//     cover reads as "equip"): times (1 + 2).
//  3. Kinds of document that answer a rules question less well: a card
//     (times 0.6, 0.8 when the query names it), a ruling or glossary entry
//     on one card ("Make It So - This incident ...": times 0.4 unless the
//     card is named), a caption or a heading without a body (times 0.2).
//     A query naming no edition, searched without an edition filter, whose
//     words lean to one edition (more of them held by that edition's rules
//     only, by two entries or more, than by the other's: "engagement",
//     "spaceline"): the other edition's hits times 0.9 (edition.go).
//     A cross-reference ("Klingon Outpost - See outpost") hands its score
//     to the entries it points at when better than theirs, and keeps 0.3
//     of it.
//  4. The best paragraph, for the ten best hits, or the twenty best of a
//     question of four terms or more or asking for a kind of answer
//     (Deep; past the tenth, only a hit its paragraph could lift among the
//     first ten, see mostGain), and those tied with the last. A line of
//     the entry's list of contents, naming one of its sub-sections ("Order
//     – Beam personnel."), is never its paragraph (markContents). A
//     paragraph holds the query's words of its own
//     text and those its entry's title holds (the heading it stands under);
//     one holding the kind of answer the question's form asks for (intent.go:
//     "how many", "max", "limit" a number, one counting a word of the
//     question, standing just before it, and after "how many" or "number
//     of" one counting the words asked ("how many missions": six missions,
//     not 30 seed cards); "max", "maximum", "limit" an upper bound and
//     "min", "minimum" a lower one: a number answers them only in a
//     paragraph stating that bound beside a number, and that bound stated
//     answers them ("up to seven", "no more than three", "at least 20",
//     "three or more", "exactly six" both; bounds.go); "who wins" the
//     winner or a tie;
//     "can I", "allowed" what may or may not be done; "what is", "mean",
//     "define" what a term is: a paragraph saying "means", "called",
//     "refers", "defined", a glossary entry's first paragraph, or one
//     opening with the term it defines, "Skills: ...") also holds the words
//     that ask it and counts 0.25 more in the choosing. Of the paragraphs
//     holding most, those holding most in their own words, and of those the
//     one answering best, the first of equals whatever their lengths (a
//     rulebook states a rule before its examples): how close together its
//     words stand (1, down to 1/2 as they spread), whether it holds the
//     query's words in order (a short query), whether it holds them as typed,
//     or in the other grammatical number, and not only by stem ("universal"
//     is not "universe"). Score times (1 + 1.5 x share² x nearness), times
//     (1 + 1.5) for the words in order, times (1 + 2 x exact share), times
//     (1 + 1.5) for the kind of answer asked for, times (1 + (n - 2) /
//     (words of the query - 2)) for n > 2 words of the query it holds side
//     by side as typed, a stop word among them ("out of tactic cards",
//     "dilemma with no conditions": the stop words the stemmed search drops
//     say which paragraph answers), times (1 + the share it
//     holds of what the whole entry holds of the query: the answer is in
//     one place), and times (words of the entry / words of the
//     paragraph)^0.3: Bleve weighs a match by the length of the whole text,
//     and the answer is the paragraph's. A paragraph opening with a heading
//     of its own ("Headquarters — ...", "Skills: ..."; not "For example:")
//     is titled by it: times (1 + 3 x the heading's cover), as for an
//     entry's title. Only score goes up here, so the ten
//     best stay the best ten before the precedence below. The hit's anchor
//     is that paragraph.
//  5. Precedence: entries of the same kind and folded title in several
//     documents of one edition are the same rule, and so are entries the
//     corpus relates (rules.Entry.Related, within an edition). They keep
//     the scores they earned as a group, but the governing document
//     (highest manifest precedence) takes the best, the next the second,
//     and so on; each older copy is further scaled by 0.15 per newer copy,
//     so one rule does not fill the first page three times. A section of
//     the newest rulebook found by its paragraph defining a term ("Skills:
//     ...", "Discard, Destroy, and Kill: ...") is the same rule as an older
//     rulebook's section of that title (defines.go). So is an older
//     rulebook's section or glossary entry found by a paragraph (its best)
//     that a newer rulebook's entry of the edition holds, nine tenths of its
//     words in order, whatever either is titled ("When your attempt fails"
//     opens with the newest rulebook's paragraph of "Checking Mission
//     Requirements"; defines.go, relateCopies), unless the query names the
//     older entry's title, two words or more in its order ("my mission
//     attempt fails"): a section the judge names keeps its own score, as a
//     document named does. A copy holding much
//     less of the query than another (below sameRuleShare of it: a newer
//     rulebook may leave a sentence out) keeps its own score, and entries of
//     one document never scale each other down.
//  6. The governing rules first (governFirst): among the 25 best hits, the
//     same for every page, a section of a newer rulebook of the edition
//     whose paragraph holds as much of the query as an older rulebook's
//     section comes before it when it scores at least 0.9 of it ("move ship
//     between quadrants range": the newest rulebook's rule, not the
//     premiere glossary's), or at least 0.5 of it when its paragraph holds
//     more of the query (both measured by their paragraphs: an older section
//     titled for the question's words, "When your attempt fails", does not
//     stand above the rule in force stating more of it); and a heading
//     without a body never comes before a text holding as much of the query.
//
// The constants were set by measuring MRR@10 and hit@1 on the tuning sets
// alone: the contract's examples, testdata/judge-questions.json,
// testdata/fresh-questions.json, testdata/round5-questions.json and the
// tuning part of testdata/typed-questions.json. The held-out part of the typed questions
// (every third) and the blind set (testdata/blind-questions.json) are only
// measured, each test failing below its own floor (TestRelevanceTyped,
// TestRelevanceBlind); no question of theirs is a query of a unit test
// (TestNoHeldOutQuestionPinned). The constants sit on a plateau: halving or
// doubling any one moves MRR@10 on the tuning sets by at most 0.02. Bleve's
// tf-idf scoring measured better than its BM25 here (MRR@10 0.93 against
// 0.87), the re-ranking doing the length and rarity work BM25 would. A
// second ranking, of the paragraphs themselves by BM25 over paragraphs,
// fused with the search's order by reciprocal rank, or bringing the entries
// of its best paragraphs to be measured, lost ground on the tuning sets
// and is not used (passages_fit_test.go, a tool of the fitweights tag). See
// docs/search.md for the sets and their figures.
//
// # Snippets and anchors
//
// A hit's anchor is its best paragraph's (rules.Paragraphs: the same anchors
// as the entry's), and its snippet is about 220 characters of that paragraph
// around the densest run of matched words, HTML-escaped, on one line, each
// matched word in <mark>: words of the same stem as a (corrected) query word
// or of what it means, and the near words of a typo. It is made for the page
// only, from the kept text, which is kept with each paragraph on one line
// (oneLineParagraphs) so that escaping copies runs of bytes whole. Bleve's
// highlighter would need stored fields and term vectors read back for every
// hit of the re-ranking window.
//
// # Numbers, not strings
//
// When the index is built or opened, every English term and plain word of
// the titles and texts gets a number (a lexicon); each document keeps its
// title's terms with their summed rarity, and the words of its title and of
// its snippet text with their terms (by position, and by term); and each term
// keeps the list of the documents holding it. A search analyses the query
// once (from a table of the lexicon's words made with the index, token for
// token what Bleve's analyzers give, when every word of it is there:
// words.go), and its tokens make Bleve's clauses without analysing the text
// again for each field. While Bleve finds the matches (in the order of their
// numbers), the lists of the query's terms are walked alongside, so each
// match comes with the query terms it holds; the re-ranking then compares
// numbers, never strings, and a snippet finds its marked words by term
// rather than reading the text. TestCollectAgreesWithBleve and
// TestInOrderAgreesWithBlevesPhrase check these against Bleve's own answers.
package search

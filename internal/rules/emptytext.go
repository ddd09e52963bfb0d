package rules

import (
	"fmt"
	"strings"
)

// A NeededText is a text a request must give to be answered (a card's
// name, a term to define, the words of a search): a request that gives it
// empty, as spaces only, or (a name) as nothing a name is read by, is
// refused in the one sentence Refusal makes, whatever the transport (REST,
// GraphQL, the pages, Discord, the CLI) and whichever service would have
// been asked. The transports refuse it where they read it, before any
// service is asked; the services refuse it in the same words.
type NeededText struct {
	code string
	// empty is the sentence of a text given empty or as spaces only.
	empty string
	// unread is the sentence of a text that holds something, but nothing
	// the text is read by (%q is the text), "" when such a text is left
	// to the service (a search reads "!!!" itself).
	unread string
	// read is what the text is read by: nothing left means nothing given.
	read func(string) string
}

// The texts a request must give.
var (
	// CardNameText is a card's name (GET /v1/cards/named, GraphQL
	// cardNamed, the card pages and embed, Discord /card, the CLI's card):
	// read as names are compared (FoldName), so "!!!" names nothing.
	CardNameText = NeededText{
		code:   EINVALID,
		empty:  "The card name is empty: give a card's title, or its title and subtitle.",
		unread: "The card name %q has no letters or digits: give a card's title, or its title and subtitle.",
		read:   FoldName,
	}
	// TermText is a term to define (GET /v1/define, GraphQL define,
	// Discord /define, the CLI's define).
	TermText = NeededText{
		code:  EINVALID,
		empty: "The term is empty: give the word or phrase to define.",
		read:  strings.TrimSpace,
	}
	// PrefixText is the first letters of a card's name to complete (GET
	// /v1/cards/autocomplete, GraphQL autocomplete): every name begins
	// with nothing, so an empty prefix completes to no one list.
	PrefixText = NeededText{
		code:  EINVALID,
		empty: "The prefix is empty: give the first letters of a card's name.",
		read:  strings.TrimSpace,
	}
	// SearchText is the words of a search (GET /v1/search, GraphQL
	// search, Discord /rule, the CLI's search): the search's own reading
	// says what else has no words to look for ("!!!", "-mirror").
	SearchText = NeededText{
		code:  EINVALIDQUERY,
		empty: "The query has no words to look for: type a word or a \"quoted phrase\".",
		read:  strings.TrimSpace,
	}
)

// Missing says whether s gives nothing of the text: empty, spaces only,
// or nothing it is read by.
func (n NeededText) Missing(s string) bool { return n.read(s) == "" }

// Refusal is the refusal of s, a text that is Missing, given as field
// (details.field: the query parameter, the argument, the option).
func (n NeededText) Refusal(field, s string) *Error {
	msg := n.empty
	if n.unread != "" && strings.TrimSpace(s) != "" {
		msg = fmt.Sprintf(n.unread, Truncate(strings.TrimSpace(s)))
	}
	return Errorf(n.code, "%s", msg).WithDetail("field", field)
}

// Check is nil when s gives the text, else its Refusal.
func (n NeededText) Check(field, s string) error {
	if n.Missing(s) {
		return n.Refusal(field, s)
	}
	return nil
}

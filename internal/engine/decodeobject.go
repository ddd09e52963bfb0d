// What every object of a board is read with: its place in the request
// (for the fields errors name), its id, its owner and the card it names,
// and the values a mission's type or quadrant may take. The objects
// themselves are read in decode.go; a question's params come decoded
// (rules.Params).

package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/stccg/stccg-rules/internal/rules"
)

// splitAffiliations reads the affiliations of a multi-affiliation card as
// the card data joins them ("federation/klingon").
func splitAffiliations(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "/")
}

// hasAffiliation says whether an affiliation as the engine holds it (one,
// or several joined by "/" for a card of more than one) is or includes a.
func hasAffiliation(held, a string) bool {
	for rest := held; ; {
		one, more, found := strings.Cut(rest, "/")
		if one == a {
			return true
		}
		if !found {
			return false
		}
		rest = more
	}
}

// anyAffiliation says whether any affiliation of held (as hasAffiliation
// reads it) satisfies ok.
func anyAffiliation(held string, ok func(string) bool) bool {
	for rest := held; ; {
		one, more, found := strings.Cut(rest, "/")
		if ok(one) {
			return true
		}
		if !found {
			return false
		}
		rest = more
	}
}

// affiliationsShared says whether two affiliations as held have one in
// common: a Romulan personnel is of the Romulan and Federation Stolen Ship's
// affiliation.
func affiliationsShared(a, b string) bool {
	if a == b {
		return a != ""
	}
	return anyAffiliation(a, func(x string) bool { return hasAffiliation(b, x) })
}

// affiliationsCompatible says whether a personnel of affiliation a may crew
// a 1E ship of affiliation b, either of several: one of each compatible.
func affiliationsCompatible(a, b string) bool {
	return anyAffiliation(a, func(x string) bool {
		return anyAffiliation(b, func(y string) bool { return compatible1E(x, y) })
	})
}

// A boardPlace is where an object stands in the board as given: the i-th
// of a list. Its field paths are built only for errors.
type boardPlace struct {
	list  string // "missions", "ships", "personnel"
	index int
}

func (at boardPlace) field(name string) string { return objectField(at.list, at.index, name) }

// cardField returns the path of the object's card reference, for
// cardLookup.
func (at boardPlace) cardField() func() string { return func() string { return at.field("card") } }

// placeObject checks what every board object has, in the order a reader
// of the board meets it: its id (given, and not an earlier object's), its
// owner, and the card it names, which must be of the object's kind
// ("mission", "ship", "personnel"). The card is nil when it names none.
func (s *Service) placeObject(ctx context.Context, edition string, b *Board, at boardPlace, id, owner, ref, kind string) (string, *rules.Card, error) {
	if err := b.checkID(id, at); err != nil {
		return "", nil, err
	}
	owner, err := checkOwner(owner, at)
	if err != nil {
		return "", nil, err
	}
	if ref == "" {
		return owner, nil, nil
	}
	c, err := cardLookup(ctx, s.cards, edition, ref, at.cardField(), true)
	if err != nil {
		return "", nil, err
	}
	if c.Type != "" && c.Type != kind {
		return "", nil, unprocessable(at.field("card"), "%q is %s %s card, not a %s", c.Name(), article(c.Type), c.Type, kind)
	}
	if c.Match == rules.MatchFuzzy {
		b.loose = append(b.loose, looseReading(ref, at.field("card"), c.Name(), c.ID))
	}
	return owner, c, nil
}

// looseReading says which card a name matched loosely was read as, for
// the reasons: `"uss galxy" (board.ships[0].card) is read as U.S.S. Galaxy
// (2e-1-394)`.
func looseReading(ref, field, name, id string) string {
	return fmt.Sprintf("%q (%s) is read as %s (%s)", rules.Truncate(ref), field, name, id)
}

// checkID fails when a board object has no id, or one an object before it
// has.
func (b *Board) checkID(id string, at boardPlace) error {
	if strings.TrimSpace(id) == "" {
		return unprocessable(at.field("id"), "every board object needs an id")
	}
	if b.has(id) {
		return unprocessable(at.field("id"), "the id %q is used twice (also %s)", id, b.object(id).field())
	}
	return nil
}

// checkOwner reads the owner of a board object; at is the object's place on
// the board, for errors.
func checkOwner(owner string, at boardPlace) (string, error) {
	switch owner {
	case "":
		return You, nil
	case You, Opponent:
		return owner, nil
	}
	return "", checkChoice(at.field("owner"), owner, ownerList, "owner must be %q or %q, not %q", You, Opponent, owner)
}

// cardLookup finds the card a board object or a card.play names: by id,
// then by name within the request's edition as GET /v1/cards/named?fuzzy=
// does (the card service's own matcher, CardNamed: the exact name, else
// one forgiving typos, missing words and a subtitle alone). fuzzy false
// takes the exact name only, as a deck line's. A name that fits no card, or
// several equally well, is 422 with details.candidates: the cards meant
// ([{id, title, subtitle, ...}]), those equally fitting, or the nearest
// when none fits; equally fitting ones with details.match, how they fit
// the name (rules.AmbiguousMatch: exact, other-edition or fuzzy), as GET
// /v1/cards/named's ambiguous answer says. field names the reference, for errors.
func cardLookup(ctx context.Context, cards rules.CardService, edition, ref string, field func() string, fuzzy bool) (*rules.Card, error) {
	if cards == nil {
		return nil, unprocessable(field(), "no card data is available to look up %q", ref)
	}
	c, err := cards.Card(ctx, ref)
	if err == nil && c != nil && c.Edition == edition {
		return c, nil
	}
	if err != nil && rules.ErrorCode(err) != rules.ENOTFOUND {
		return nil, fmt.Errorf("look up card %q: %w", ref, err)
	}
	c, err = cards.CardNamed(ctx, ref, fuzzy, rules.Edition(edition))
	switch {
	case err == nil && c != nil:
		return c, nil
	case err == nil || rules.ErrorCode(err) == rules.ENOTFOUND:
		near, ferr := nearCards(ctx, cards, edition, rules.DetailStrings(err, "suggestions"))
		if ferr != nil {
			return nil, ferr
		}
		e := unprocessable(field(), "no %s card is named %q", edition, ref)
		if len(near) > 0 {
			e = unprocessable(field(), "no %s card is named %q; the nearest: "+candidateNames(near)+"; give one's id or full name", edition, ref)
		}
		return nil, e.WithDetail("candidates", near)
	case rules.ErrorCode(err) == rules.EAMBIGUOUS:
		fit, ferr := cardsByID(ctx, cards, rules.DetailStrings(err, "ids"))
		if ferr != nil {
			return nil, ferr
		}
		e := unprocessable(field(), "%q fits %d %s cards equally well: "+candidateNames(fit)+"; give one's id", ref, len(fit), edition).
			WithDetail("candidates", fit)
		if m := rules.AmbiguousMatch(err); m != "" {
			e = e.WithDetail("match", m)
		}
		return nil, e
	}
	return nil, fmt.Errorf("look up card %q: %w", ref, err)
}

// cardsByID is the cards of the ids as candidates of a name.
func cardsByID(ctx context.Context, cards rules.CardService, ids []string) ([]rules.CardCandidate, error) {
	out := make([]rules.CardCandidate, 0, len(ids))
	for _, id := range ids {
		c, err := cards.Card(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("look up card %q: %w", id, err)
		}
		out = append(out, rules.CandidateOf(c))
	}
	return out, nil
}

// nearCards is the cards of the edition the names near a reference that
// fits none name (the card service's suggestions), each name looked up
// exactly: a name printed more than once gives each of its cards.
func nearCards(ctx context.Context, cards rules.CardService, edition string, names []string) ([]rules.CardCandidate, error) {
	out := []rules.CardCandidate{}
	for _, name := range names {
		c, err := cards.CardNamed(ctx, name, false, rules.Edition(edition))
		switch {
		case err == nil && c != nil:
			out = append(out, rules.CandidateOf(c))
		case rules.ErrorCode(err) == rules.EAMBIGUOUS:
			fit, err := cardsByID(ctx, cards, rules.DetailStrings(err, "ids"))
			if err != nil {
				return nil, err
			}
			out = append(out, fit...)
		case err != nil && rules.ErrorCode(err) != rules.ENOTFOUND:
			return nil, fmt.Errorf("look up card %q: %w", name, err)
		}
	}
	return out, nil
}

// candidateNames lists candidates for a message, as a format's own text
// (the card data's names, not the caller's, are not clipped): each full
// name, with its id where a name is printed more than once.
func candidateNames(cs []rules.CardCandidate) string {
	seen := map[string]int{}
	for _, c := range cs {
		seen[c.Name]++
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name
		if seen[c.Name] > 1 {
			parts[i] += " (" + c.ID + ")"
		}
	}
	return strings.ReplaceAll(strings.Join(parts, "; "), "%", "%%")
}

func validMissionType(edition, t string) bool {
	if edition == rules.Edition1E {
		return t == "planet" || t == "space" || t == "dual"
	}
	return t == "planet" || t == "space" || t == "headquarters"
}

func missionTypes(edition string) string {
	if edition == rules.Edition1E {
		return "planet, space or dual"
	}
	return "planet, space or headquarters"
}

func validQuadrant(q string) bool {
	switch q {
	case "alpha", "gamma", "delta", "mirror":
		return true
	}
	return false
}

// article is "an" before a word opening with a vowel, else "a".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

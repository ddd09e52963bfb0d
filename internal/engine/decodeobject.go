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
	c, err := cardLookup(ctx, s.cards, edition, ref, at.cardField())
	if err != nil {
		return "", nil, err
	}
	if c.Type != "" && c.Type != kind {
		return "", nil, unprocessable(at.field("card"), "%q is a %s card, not a %s", c.Name(), c.Type, kind)
	}
	return owner, c, nil
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
	switch o := strings.ToLower(strings.TrimSpace(owner)); o {
	case "":
		return You, nil
	case You, Opponent:
		return o, nil
	}
	return "", unprocessable(at.field("owner"), "owner must be %q or %q, not %q", You, Opponent, owner)
}

// cardLookup finds the card a board object names: by id first, then by exact
// name within the edition. field names the reference, for errors.
func cardLookup(ctx context.Context, cards rules.CardService, edition, ref string, field func() string) (*rules.Card, error) {
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
	c, err = cards.CardNamed(ctx, ref, false, rules.Edition(edition))
	if err != nil {
		switch rules.ErrorCode(err) {
		case rules.ENOTFOUND:
			return nil, unprocessable(field(), "no %s card is named %q", edition, ref)
		case rules.EAMBIGUOUS:
			e := unprocessable(field(), "%q names several %s cards; give the card id", ref, edition)
			if d := rules.ErrorDetails(err); d != nil {
				if cands, ok := d["candidates"]; ok {
					e.WithDetail("candidates", cands)
				}
			}
			return nil, e
		}
		return nil, fmt.Errorf("look up card %q: %w", ref, err)
	}
	if c == nil {
		return nil, unprocessable(field(), "no %s card is named %q", edition, ref)
	}
	return c, nil
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

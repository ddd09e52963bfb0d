package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// boardPiece is what the form's "Add to the board" part asks for: a card
// looked up by name, placed on the board under an id, an owner and a place.
type boardPiece struct {
	Kind  string // mission, ship or personnel
	Card  string // a card name as a person types it, or a card id
	ID    string // the board's own name for it; empty makes one from the title
	Owner string // you or opponent
	At    string // a mission or ship id already on the board
}

// pieceFromForm reads the board builder's fields (add_...).
func pieceFromForm(c echo.Context) boardPiece {
	f := builderFields(c, "add")
	return boardPiece{Kind: f("kind"), Card: pickedCard(f), ID: f("id"), Owner: f("owner"), At: f("at")}
}

// builderFields reads the fields of one of the page's builders, each named
// prefix_name, as typed without the spaces around.
func builderFields(c echo.Context, prefix string) func(name string) string {
	return func(name string) string { return strings.TrimSpace(c.FormValue(prefix + "_" + name)) }
}

// pickedCard is the card a builder names: the one picked from the list of
// those a name fits (its id, in the choice field), else the name typed
// (the card field).
func pickedCard(field func(name string) string) string {
	if id := field("choice"); id != "" {
		return id
	}
	return field("card")
}

// pieceError is a builder mistake: the message and the form field to fix,
// and the ids of the cards an ambiguous name fits, to pick one.
type pieceError struct {
	msg, field string
	choices    []string
	// code is the error's code when the request's decoder refused the
	// form (rules.EINVALID, rules.EUNPROCESSABLE); "" for the page's own.
	code string
}

func (e *pieceError) Error() string { return e.msg }

// status is the page's status for the mistake: the API's for the code,
// 400 for the page's own.
func (e *pieceError) status() int {
	if e.code == "" {
		return http.StatusBadRequest
	}
	return api.StatusOf(e.code)
}

// addPiece looks the card up and puts it on the board, the way a person
// would write it by hand: {"id", "card": card id, "owner", "at"}. The card's
// statistics are not copied: the adjudicator reads them from the catalog, and
// inline fields typed into the board afterwards still override them.
func addPiece(ctx context.Context, cards rules.CardService, edition rules.Edition, b *rules.Board, p boardPiece) (string, error) {
	card, err := lookupCard(ctx, cards, edition, p.Card, "add_card")
	if err != nil {
		return "", err
	}
	kind := p.Kind
	if kind == "" {
		kind = kindOfCard(card.Type)
	}
	if kind != "mission" && kind != "ship" && kind != "personnel" {
		return "", &pieceError{msg: fmt.Sprintf("%s is %s card: the board holds missions, ships and personnel.", card.Name(), withArticle(card.Type)), field: "add_kind"}
	}
	if want := kindOfCard(card.Type); want != "" && want != kind {
		return "", &pieceError{msg: fmt.Sprintf("%s is %s card, not %s.", card.Name(), withArticle(card.Type), withArticle(kind)), field: "add_kind"}
	}
	owner := p.Owner
	if owner == "" {
		owner = "you"
	}
	if owner != "you" && owner != "opponent" {
		return "", &pieceError{msg: "The owner is \"you\" or \"opponent\".", field: "add_owner"}
	}
	taken := boardIDs(b)
	id := p.ID
	if id == "" {
		id = freeID(rules.Slug(card.Title), taken)
	} else if taken[id] != "" {
		return "", &pieceError{msg: fmt.Sprintf("The board already has a %s with the id %q; pick another id.", taken[id], id), field: "add_id"}
	}
	var at *rules.Location
	if p.At != "" {
		switch taken[p.At] {
		case "mission":
			at = &rules.Location{Mission: p.At}
		case "ship":
			if kind == "ship" {
				return "", &pieceError{msg: "A ship is at a mission, not aboard another ship.", field: "add_at"}
			}
			at = &rules.Location{Ship: p.At}
		default:
			return "", &pieceError{msg: fmt.Sprintf("There is no mission or ship with the id %q on the board yet; add it first.", p.At), field: "add_at"}
		}
		if kind == "mission" {
			return "", &pieceError{msg: "A mission is not placed anywhere: leave \"at\" empty.", field: "add_at"}
		}
	}
	where := ""
	switch kind {
	case "mission":
		b.Missions = append(b.Missions, rules.BoardMission{ID: id, Owner: owner, Card: card.ID})
	case "ship":
		b.Ships = append(b.Ships, rules.BoardShip{ID: id, Owner: owner, Card: card.ID, At: at})
	case "personnel":
		b.Personnel = append(b.Personnel, rules.BoardPersonnel{ID: id, Owner: owner, Card: card.ID, At: at})
	}
	if at != nil {
		// The place by its card's name, as the board lists it.
		bc := &boardCards{ctx: ctx, cards: cards, edition: edition, found: map[string]*rules.Card{}}
		place := nameOr(bc.names(objectsOf(b)), p.At)
		where = " at " + place
		if at.Ship != "" {
			where = " aboard " + place
		}
	}
	return fmt.Sprintf("Added %s (%s) as %s %q, %s%s.", card.Name(), card.ID, kind, id, ownerWords(owner), where), nil
}

// lookupCard finds a card of the edition by its id or by its name as a
// person types it, misspellings forgiven. A name several cards fit is a
// *pieceError listing them to pick one; field is the form field the name
// was typed in.
func lookupCard(ctx context.Context, cards rules.CardService, edition rules.Edition, name, field string) (*rules.Card, error) {
	if cards == nil {
		return nil, &pieceError{msg: "The card catalog is not available on this server.", field: field}
	}
	if name == "" {
		return nil, &pieceError{msg: "Type the name of the card.", field: field}
	}
	card, err := cards.Card(ctx, name)
	if err != nil || card.Edition != edition.String() {
		card, err = cards.CardNamed(ctx, name, true, edition)
	}
	if err != nil {
		msg := rules.ErrorMessage(err)
		var choices []string
		if cands := rules.DetailStrings(err, "candidates"); len(cands) > 0 {
			msg = fmt.Sprintf("%q fits several cards: %s. Pick one:", name, strings.Join(cands, "; "))
			choices = choicesOf(err)
		}
		return nil, &pieceError{msg: msg, field: field, choices: choices}
	}
	return card, nil
}

func ownerWords(owner string) string {
	if owner == "opponent" {
		return "your opponent's"
	}
	return "yours"
}

// kindOfCard is the board list a card type goes in, or "" for other cards.
func kindOfCard(cardType string) string {
	switch cardType {
	case "mission", "ship", "personnel":
		return cardType
	}
	return ""
}

// boardIDs maps every id on the board to its kind.
func boardIDs(b *rules.Board) map[string]string {
	ids := map[string]string{}
	for _, m := range b.Missions {
		ids[m.ID] = "mission"
	}
	for _, s := range b.Ships {
		ids[s.ID] = "ship"
	}
	for _, p := range b.Personnel {
		ids[p.ID] = "personnel"
	}
	return ids
}

// freeID is base, or base-2, base-3... whichever the board does not use yet.
func freeID(base string, taken map[string]string) string {
	if base == "" {
		base = "card"
	}
	if taken[base] == "" {
		return base
	}
	for n := 2; ; n++ {
		if id := fmt.Sprintf("%s-%d", base, n); taken[id] == "" {
			return id
		}
	}
}

// withArticle puts "a" or "an" before a card type.
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

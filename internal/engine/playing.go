package engine

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/stccg/stccg-rules/internal/rules"
)

// PlayCard is the card a card.play question is about.
type PlayCard struct {
	Name   string
	Title  string
	Type   string
	Cost   *int
	Unique bool
}

// inlineCard is a card given in the params instead of by id or name.
type inlineCard struct {
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
	Type     string `json:"type"`
	Cost     *int   `json:"cost"`
	Unique   bool   `json:"unique"`
}

type playParams struct {
	Card         json.RawMessage `json:"card"`
	Counters     *int            `json:"counters"`
	Commanded    []string        `json:"commanded"`
	CardPlayUsed bool            `json:"cardPlayUsed"`
}

func (s *Service) resolvePlayCard(ctx context.Context, edition string, raw json.RawMessage) (PlayCard, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return PlayCard{}, unprocessable("params.card", "params.card is required: a card id, a name, or a card object")
	}
	if raw[0] == '"' {
		var ref string
		if err := json.Unmarshal(raw, &ref); err != nil {
			return PlayCard{}, unprocessable("params.card", "params.card must be a string or an object")
		}
		c, err := cardLookup(ctx, s.cards, edition, ref, func() string { return "params.card" })
		if err != nil {
			return PlayCard{}, err
		}
		return PlayCard{Name: c.Name(), Title: c.Title, Type: c.Type, Cost: c.Cost, Unique: c.IsUnique()}, nil
	}
	var in inlineCard
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return PlayCard{}, unprocessable("params.card", "params.card must be a card id, a name, or an object of title, subtitle, type, cost and unique: %v", err)
	}
	if in.Title == "" {
		return PlayCard{}, unprocessable("params.card.title", "an inline card needs a title")
	}
	c := rules.Card{Title: in.Title, Subtitle: in.Subtitle}
	return PlayCard{Name: c.Name(), Title: in.Title, Type: fold(in.Type), Cost: in.Cost, Unique: in.Unique}, nil
}

// commands says whether a title is among those commanded (subtitles
// ignored: two cards with one title represent the same thing).
func commands(commanded []string, title string) bool {
	for _, c := range commanded {
		if fold(titleOf(c)) == fold(title) {
			return true
		}
	}
	return false
}

func runCardPlay(ctx context.Context, s *Service, j *judgement, raw json.RawMessage) error {
	var p playParams
	if err := decodeParams(raw, &p); err != nil {
		return err
	}
	c, err := s.resolvePlayCard(ctx, j.edition, p.Card)
	if err != nil {
		return err
	}
	allowed := true
	if j.first() {
		if c.Unique && commands(p.Commanded, c.Title) {
			allowed = false
			j.say("%s is unique and you already have a %s in play; you may have only one at a time.", c.Name, c.Title)
		} else if c.Unique {
			j.say("%s is unique; you have no other %s in play.", c.Name, c.Title)
		}
		j.cite("play1.unique")
		free := c.Type == "interrupt" || c.Type == "doorway"
		switch {
		case free:
			j.say("An %s does not use your normal card play.", c.Type)
			j.cite("play1.interrupt")
		case p.CardPlayUsed:
			allowed = false
			j.say("You have used your normal card play this turn.")
			j.cite("play1.normal")
		default:
			j.say("Your normal card play is still available this turn.")
			j.cite("play1.normal")
		}
		j.allow(allowed)
		j.set("cardPlayUsed", p.CardPlayUsed || (!free && allowed))
		// 1E cards have no cost in counters.
		j.set("cost", nil)
		j.set("countersAfter", nil)
		return nil
	}
	if p.CardPlayUsed {
		return unprocessable("params.cardPlayUsed", "the normal card play is a First Edition rule; Second Edition counts counters")
	}
	counters := 7
	if p.Counters != nil {
		counters = *p.Counters
	}
	if counters < 0 || counters > 7 {
		return unprocessable("params.counters", "counters left are between 0 and 7")
	}
	if c.Type == "mission" || c.Type == "dilemma" {
		j.allow(false)
		j.say("%s is a %s; missions and dilemmas are not played from hand.", c.Name, c.Type)
		j.cite("deck.size")
		j.set("cost", nil)
		j.set("countersAfter", counters)
		return nil
	}
	cost := 0
	switch {
	case c.Type == "interrupt" && j.rules != continuingCommittee:
		j.say("Interrupts have no cost: playing %s spends no counters.", c.Name)
		j.cite("play.interrupt")
	case c.Cost == nil:
		return unprocessable("params.card", "the cost of %s is not known; give it in an inline card", c.Name)
	default:
		cost = *c.Cost
	}
	j.cite("play.counters")
	if c.Unique {
		j.cite("play.unique", "play.title")
		if commands(p.Commanded, c.Title) {
			allowed = false
			j.say("%s is unique and you already command a %s: two cards with the same title represent the same thing.", c.Name, c.Title)
		} else {
			j.say("%s is unique; you command no other %s.", c.Name, c.Title)
		}
	}
	if cost > counters {
		allowed = false
		j.say("%s costs %d; you have %d counters left.", c.Name, cost, counters)
	} else {
		j.say("%s costs %d of your %d counters left.", c.Name, cost, counters)
	}
	after := counters
	if allowed {
		after = counters - cost
	}
	j.allow(allowed)
	j.set("cost", cost)
	j.set("countersAfter", after)
	return nil
}

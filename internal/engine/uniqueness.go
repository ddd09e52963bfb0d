// Uniqueness of a card played: a unique card may not be played while you
// command another of the same title (2E) or persona (1E), your captive in
// an opponent's brig included; an opponent's personnel in your brig, which
// you do not command, does not count.

package engine

// uniqueness is what stands in the way of playing a unique card: a card of
// the same title you say you command, a duplicate on the board, or
// neither; and an opponent's personnel of the same card in your brig,
// which does not.
type uniqueness struct {
	// Commanded is the card the request says you command that the card
	// would duplicate; nil when none.
	Commanded *commandedCard
	Duplicate *duplicate
	Captive   *Personnel
}

// refused says whether the card may not be played for its uniqueness.
func (u uniqueness) refused() bool { return u.Commanded != nil || u.Duplicate != nil }

// uniquenessOf judges a unique card against the cards the player says it
// commands and the board, one check for both: the same persona (1E) or
// title (2E), personaKey; nothing for a card that is not unique.
func uniquenessOf(b *Board, first bool, c PlayCard, commanded []commandedCard) uniqueness {
	var u uniqueness
	key := personaKey(first, c.Persona, c.Title)
	for i := range commanded {
		if c.Unique && key != "" && commanded[i].key == key {
			u.Commanded = &commanded[i]
			break
		}
	}
	switch {
	case !c.Unique, u.Commanded != nil:
	default:
		if u.Duplicate = inPlay(b, first, c); u.Duplicate == nil {
			u.Captive = heldCaptive(b, first, c)
		}
	}
	return u
}

// A duplicate is a card in play that blocks a unique card: the same title
// (2E), or the same persona (1E).
type duplicate struct {
	name    string
	captive bool // yours, in your opponent's brig
	persona bool // another version of the persona, not the same title
}

// inPlay finds the personnel or ship of yours on the board that the card
// would duplicate: 2E the same title, "two cards represent the same thing
// if they have the same card title"; 1E the same persona, of which "you may
// have only one of those versions in play at a time". Your captive in an
// opponent's brig counts; an opponent's personnel in your brig does not,
// since you do not command it.
func inPlay(b *Board, first bool, c PlayCard) *duplicate {
	key := personaKey(first, c.Persona, c.Title)
	if key == "" {
		return nil
	}
	title := fold(c.Title)
	switch c.Type {
	case "personnel":
		for _, p := range b.Personnel {
			if p.Owner != You || p.personaKey(first) != key {
				continue
			}
			return &duplicate{name: p.Name(), captive: p.Captive(), persona: p.titleKey() != title}
		}
	case "ship":
		for _, s := range b.Ships {
			if s.Owner != You || personaKey(first, s.persona, s.Title) != key {
				continue
			}
			return &duplicate{name: s.Name(), persona: fold(s.Title) != title}
		}
	}
	return nil
}

// heldCaptive is an opponent's personnel in your brig that is the same
// card as c: you do not command it, so it does not stop you playing c.
func heldCaptive(b *Board, first bool, c PlayCard) *Personnel {
	if c.Type != "personnel" {
		return nil
	}
	key := personaKey(first, c.Persona, c.Title)
	for _, p := range b.Personnel {
		if p.Owner != You && p.Brig == You && p.personaKey(first) == key {
			return p
		}
	}
	return nil
}

// personaKey is what makes two cards the same for uniqueness: 2E the
// title; 1E the persona, or the title when the card names none.
func personaKey(first bool, persona, title string) string {
	if first && persona != "" {
		return fold(persona)
	}
	return fold(title)
}

// personaKey is a personnel's personaKey, its title folded once (its
// persona is folded when the board is read).
func (p *Personnel) personaKey(first bool) string {
	if first && p.Persona != "" {
		return p.Persona
	}
	return p.titleKey()
}

// cite1EUnique cites the 1E sentence that makes a card of its type unique:
// "You may have only one copy of each unique personnel in play", "only one
// copy of a unique ship". The rulebook says it of personnel and ships; a
// card of another type the card data marks unique has no sentence of its
// own.
func (j *judgement) cite1EUnique(c PlayCard) {
	switch c.Type {
	case "personnel":
		j.cite("play1.unique")
	case "ship":
		j.cite("play1.uniqueship")
	default:
		j.sayStrings("The card data marks %s unique.", c.Name)
	}
}

// explainHeldCaptive says so when an opponent's personnel in your brig is
// the same card as c.
func (j *judgement) explainHeldCaptive(c PlayCard, p *Personnel) {
	if p == nil {
		return
	}
	j.sayStrings("%s in your brig is your opponent's: you do not command a personnel in your brig, so it does not stop you playing %s.", p.Name(), c.Name)
	j.cite(j.pick("captured1", "brig.command"))
}

func (j *judgement) sayInPlay(c PlayCard, d *duplicate) {
	switch {
	case d.captive && j.first():
		j.sayStrings("%s is unique and your %s, a captive in your opponent's brig, is still in play; you may have only one at a time.", c.Name, d.name)
		j.cite("captured1")
	case d.captive:
		j.sayStrings("%s is unique and your %s is a captive in your opponent's brig: you cannot play another copy of a captive.", c.Name, d.name)
		j.cite("brig.copy")
	case d.persona && j.first():
		j.sayStrings("%s is unique and your %s on the board is another version of the same persona; you may have only one of those versions in play at a time.", c.Name, d.name)
		j.cite("report1.persona")
	case j.first():
		j.sayStrings("%s is unique and your %s is on the board; you may have only one at a time.", c.Name, d.name)
	default:
		j.sayStrings("%s is unique and you command %s on the board: two cards with the same title represent the same thing.", c.Name, d.name)
	}
}

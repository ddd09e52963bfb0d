package rules

// ParseCardNamed reads a look-up of one card by name as a query string
// gives it (GET /v1/cards/named, the card pages' /cards/named): the name in
// exact (as printed, case and punctuation forgiven) or in fuzzy (typos and
// missing words forgiven too), each read as ParseCardName reads a name, and the
// edition as ParseEdition reads it, in that order, so that every transport
// refuses the same mistake first. Both names given is EINVALID naming
// "exact"; neither, or one with nothing a name is read by ("!!!"), is
// CardNameText's refusal, naming the one given (else "fuzzy").
func ParseCardNamed(exact, fuzzy, edition string) (CardIdentifier, error) {
	var id CardIdentifier
	exact, err := ParseCardName("exact", exact)
	if err != nil {
		return id, err
	}
	if fuzzy, err = ParseCardName("fuzzy", fuzzy); err != nil {
		return id, err
	}
	if id.Edition, err = ParseEdition(edition); err != nil {
		return id, err
	}
	switch {
	case exact != "" && CardNameText.Missing(exact):
		return id, CardNameText.Refusal("exact", exact)
	case fuzzy != "" && CardNameText.Missing(fuzzy):
		return id, CardNameText.Refusal("fuzzy", fuzzy)
	case exact != "" && fuzzy != "":
		return id, Errorf(EINVALID, "Give either ?exact= or ?fuzzy=, not both.").WithDetail("field", "exact")
	case exact != "":
		id.Name = exact
	case fuzzy != "":
		id.Name, id.Fuzzy = fuzzy, true
	default:
		return id, CardNameText.Refusal("fuzzy", "")
	}
	return id, nil
}

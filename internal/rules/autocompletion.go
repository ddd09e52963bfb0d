package rules

// An Autocompletion is what an autocomplete answers: the names offered, in
// order, each with how the prefix matched it, and how the prefix was read
// when it was read as typed right.
type Autocompletion struct {
	Names []NameMatch
	// ReadAs are the prefix's words read as the words of names each is a
	// typo of ("pciard" as picard), as a card list says it; nil when the
	// prefix was read as typed.
	ReadAs []WordReading
}

// A NameMatch is one name an autocompletion offers and how the prefix
// matched it.
type NameMatch struct {
	Name string `json:"name"`
	// Match is MatchExact when the name, or a later word of it, begins
	// with the prefix as typed; MatchFuzzy when it matched loosely: the
	// prefix read as typed right (Autocompletion.ReadAs), or the name
	// offered for its persona's name (Persona).
	Match string `json:"match"`
	// By is what of the name the prefix begins: NameStart, NameWord or
	// NamePersona.
	By string `json:"by"`
	// Persona is the persona's name the prefix begins, when the card is
	// offered for it (NamePersona: "Lore" for The One).
	Persona string `json:"persona,omitempty"`
}

// The kinds of NameMatch.By.
const (
	// NameStart: the name begins with the prefix.
	NameStart = "name"
	// NameWord: a later word of the name begins with it.
	NameWord = "word"
	// NamePersona: the name of the card's persona (1E) begins with it, or
	// a later word of it does; the card's own name does not.
	NamePersona = "persona"
)

// Texts are the names offered, in order.
func (a *Autocompletion) Texts() []string {
	out := make([]string, len(a.Names))
	for i, n := range a.Names {
		out[i] = n.Name
	}
	return out
}

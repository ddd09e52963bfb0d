// Species the rules make of another. A document may say that personnel of
// one species are of another as well (the 1E Current Rulings: "Terran"
// personnel are human). Such a sentence holds for the verdicts judged under
// a document that says it: wherever a species is read (a requirement, a
// dilemma's condition, a 1E staffing line), a personnel of the first
// species answers to the second too, and the verdict says so and cites the
// sentence. Under a document that does not say it (the 1E rulebook alone),
// the species is only itself.

package engine

import "strings"

// A speciesRuling is one such sentence: the rule that holds it, and the
// species it makes of another, folded.
type speciesRuling struct {
	rule          ruleKey
	species, also string
}

// speciesRulings are the sentences of the corpus that make one species of
// another. A rule the engine applies is a line of the rule book; this is
// its table of species.
var speciesRulings = []speciesRuling{
	{rule: "species1.terran", species: "terran", also: "human"},
}

// applySpeciesRulings makes the species the judgement's document says of
// another answer to it on the board's table of names, before any
// personnel's names are read, and says and cites each for the personnel of
// the board it reaches.
func (s *Service) applySpeciesRulings(j *judgement) {
	held := s.citations.byDoc[j.doc.ID]
	var also map[string]string
	for _, r := range speciesRulings {
		if _, ok := held[r.rule]; !ok {
			continue
		}
		if also == nil {
			also = make(map[string]string, len(speciesRulings))
		}
		also[r.species] = r.also
		var who []string
		for _, p := range j.board.Personnel {
			if hasSpecies(p.Species, r.species) {
				who = append(who, p.Name())
			}
		}
		if len(who) == 0 {
			continue
		}
		j.sayStrings("The rules judged under say personnel of the species %s are %s as well: %s %s of both.",
			speciesName(r.species), speciesName(r.also), joinAnd(who), isAre(len(who)))
		j.cite(r.rule)
	}
	if also == nil {
		return
	}
	t := j.board.compile().names
	t.also = also
	for _, p := range j.board.Personnel {
		p.marked = nil
	}
}

// hasSpecies says whether a personnel's species ("Human, Klingon") holds
// the folded species.
func hasSpecies(species, key string) bool {
	for rest := species; rest != ""; {
		part, after, _ := strings.Cut(rest, ",")
		if fold(part) == key {
			return true
		}
		rest = after
	}
	return false
}

// speciesName is a folded species as a reason names it: "terran" is Terran.
func speciesName(key string) string {
	if key == "" {
		return key
	}
	return strings.ToUpper(key[:1]) + key[1:]
}

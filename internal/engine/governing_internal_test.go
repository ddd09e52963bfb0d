package engine

import "testing"

// mayHoldSpecies passes every species hasSpecies holds (it only spares the
// folding of those that cannot), whatever their case, list or letters.
func TestMayHoldSpeciesPassesEverySpeciesHasSpeciesHolds(t *testing.T) {
	for _, species := range []string{"Terran", "TERRAN", "terran", "Human, Terran", " Terran ,Klingon", "Terrán", "Human", "Terr", "", "Klingon, Romulan"} {
		if hasSpecies(species, "terran") && !mayHoldSpecies(species, "terran") {
			t.Errorf("%q holds terran, left out", species)
		}
	}
	for _, species := range []string{"Human", "Terr", "", "Klingon, Romulan"} {
		if mayHoldSpecies(species, "terran") {
			t.Errorf("%q cannot hold terran, passed", species)
		}
	}
}

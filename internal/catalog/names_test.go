package catalog_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A look-up as a fan site would type it, and what it must answer: one card
// (one id), several that fit equally well (their ids, sorted), or none
// (no ids; suggest, when given, must be among the suggestions).
type fanLookup struct {
	name, edition string
	want          []string
	suggest       string
}

// fanLookups are names typed the way players type them: misspelt, a
// subtitle alone, a persona name, First or Second Edition, with and without
// apostrophes, hyphens and dots, missions by either name.
var fanLookups = []fanLookup{
	// Persona names: the title decides, never a word of another card's subtitle.
	{name: "Worf, Son of Mogh", edition: "2e", want: []string{"2e-1-290", "2e-1-291"}},
	{name: "Worf, Son of Mogh", want: []string{"1e-101-251", "2e-1-290", "2e-1-291"}},
	{name: "Picard of the Enterprise", edition: "2e", want: []string{"2e-1-267", "2e-1-268"}},
	{name: "Dr. Crusher", edition: "2e", want: []string{"2e-1-257", "2e-1-288"}},
	// Beverly (1E) is a version of the persona Beverly Crusher: a Crusher too.
	{name: "Dr. Crusher", want: []string{"1e-101-200", "1e-101-249", "1e-155-54", "2e-1-257", "2e-1-288"}},
	// A word several names share names none of them: a shorter name is no
	// better answer. A name given whole, even misspelt, is still its card.
	{name: "Armus", edition: "1e", want: []string{"1e-101-15", "1e-111-2"}},
	{name: "Cube", edition: "2e", want: []string{"2e-3-198", "2e-3-200"}},
	{name: "Bajorn Phaser", edition: "1e", want: []string{"1e-112-46"}},
	{name: "picard", edition: "2e", want: []string{"2e-1-267", "2e-1-268"}},
	{name: "Gowron", edition: "2e", want: []string{"2e-1-297"}},
	{name: "Garak", edition: "2e", want: []string{"2e-1-236", "2e-3-144"}},
	{name: "Riker", edition: "2e", want: []string{"2e-1-289"}},
	{name: "Will Riker", edition: "1e", want: []string{"1e-155-95"}},
	{name: "Kahlest", want: []string{"2e-1-300"}},
	{name: "Captain Worf", want: []string{"1e-155-79"}},
	// A subtitle word picks the version.
	{name: "Borg Queen Guardian", want: []string{"2e-3-123"}},
	{name: "Borg Queen, Bringer", want: []string{"2e-3-122"}},
	{name: "Sisko, Emissary", edition: "2e", want: []string{"2e-1-209"}},
	{name: "Garak tailor", edition: "2e", want: []string{"2e-3-144"}},
	{name: "Worf Strategic", edition: "2e", want: []string{"2e-1-291"}},
	{name: "Picard, Argo Pilot", edition: "2e", want: []string{"2e-1-267"}},
	// A subtitle alone.
	{name: "Argo Pilot", want: []string{"2e-1-267"}},
	{name: "Federation Envoy", want: []string{"2e-1-392"}},
	{name: "Guardian of the Hive", want: []string{"2e-3-123"}},
	// Misspellings.
	{name: "Geordi LaForge", edition: "2e", want: []string{"2e-1-263"}},
	{name: "Miles O'Brein", edition: "2e", want: []string{"2e-1-277"}},
	{name: "Medical Tricoder", edition: "2e", want: []string{"2e-1-68"}},
	{name: "Kahlist", edition: "2e", want: []string{"2e-1-300"}},
	{name: "Borg Quen Guardien", want: []string{"2e-3-123"}},
	// Apostrophes, hyphens, dots, quotes and accents written or left out.
	{name: "Miles OBrien", edition: "2e", want: []string{"2e-1-277"}},
	{name: "Nudaq", want: []string{"2e-1-314"}},
	{name: "Darhe'el", want: []string{"2e-1-233"}},
	{name: "Order of the Batleth", want: []string{"2e-1-101"}},
	{name: "backflush bussard collectors", want: []string{"2e-1-77"}},
	{name: "back flush bussard", want: []string{"2e-1-77"}},
	{name: "USS Enterprise E", edition: "2e", want: []string{"2e-1-392"}},
	{name: "Julian Bashir Frontier Physician", want: []string{"2e-1-269"}},
	{name: "Cry Havoc", want: []string{"2e-1-83"}},
	{name: "Evek attache", want: []string{"2e-1-239"}},
	// First and Second Edition: the same name in both is ambiguous without an edition.
	{name: "U.S.S. Galaxy", want: []string{"1e-101-336", "2e-1-394"}},
	{name: "uss galaxy", edition: "1e", want: []string{"1e-101-336"}},
	{name: "Explore Black Cluster", want: []string{"1e-101-155", "2e-1-167"}},
	{name: "explor black clustr", want: []string{"1e-101-155", "2e-1-167"}},
	{name: "explor black clustr", edition: "1e", want: []string{"1e-101-155"}},
	{name: "investgate massacre", want: []string{"1e-101-169", "2e-1-179"}},
	{name: "Tricorder", want: []string{"1e-101-65", "2e-1-72"}},
	// Missions by either name.
	{name: "Sector 97", edition: "2e", want: []string{"2e-1-167"}},
	{name: "Feldomite Rush", edition: "2e", want: []string{"2e-1-169"}},
	{name: "Parsion III, Feldomite Rush", want: []string{"2e-1-169"}},
	{name: "Quest for the Sword of Kahless", want: []string{"2e-1-193"}},
	{name: "Seat of Power", want: []string{"2e-1-195"}},
	// No card: a clean not found, with the nearest names suggested.
	{name: "Tom Paris", suggest: "Taris"},
	{name: "Tom Paris", edition: "2e", suggest: "Taris, Deceitful Subcommander"},
	{name: "Chakotay"},
	{name: "Seven of Nine", want: []string{"2e-3-138", "2e-3-139"}},
	{name: "Seven of Nine, Hive", want: []string{"2e-3-139"}},
}

func TestFanSiteLookups(t *testing.T) {
	cat := realCatalog(t)
	for _, l := range fanLookups {
		t.Run(l.name+"@"+l.edition, func(t *testing.T) {
			card, err := cat.CardNamed(context.Background(), l.name, true, rules.Edition(l.edition))
			var got []string
			switch {
			case err == nil:
				got = []string{card.ID}
			case rules.ErrorCode(err) == rules.EAMBIGUOUS:
				got, _ = rules.ErrorDetails(err)["ids"].([]string)
			case rules.ErrorCode(err) == rules.ENOTFOUND:
			default:
				t.Fatalf("error %v", err)
			}
			slices.Sort(got)
			if !reflect.DeepEqual(got, l.want) && (len(got) > 0 || len(l.want) > 0) {
				t.Fatalf("got %v (%s), want %v", got, describe(err, card), l.want)
			}
			if l.suggest != "" {
				sugg, _ := rules.ErrorDetails(err)["suggestions"].([]string)
				if !slices.Contains(sugg, l.suggest) {
					t.Errorf("suggestions %v lack %q", sugg, l.suggest)
				}
			}
		})
	}
}

func describe(err error, card *rules.Card) string {
	if err == nil {
		return card.Name()
	}
	if cs, ok := rules.ErrorDetails(err)["candidates"].([]string); ok {
		return "ambiguous: " + strings.Join(cs, "; ")
	}
	return rules.ErrorMessage(err)
}

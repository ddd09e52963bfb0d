package catalog_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/catalog"
	"github.com/stccg/stccg-rules/internal/rules"
)

// autocompleted is the names an autocompletion offers, in order.
func autocompleted(a *rules.Autocompletion, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	return a.Texts(), nil
}

// An autocompletion says how the prefix matched each name it offers: a name
// or a later word of it begun as typed is exact; a name offered for its
// persona's name, or for the prefix read as typed right (said in ReadAs),
// matched loosely.
func TestAutocompleteSaysWhenAMatchWasLoose(t *testing.T) {
	cat := catalog.New([]*rules.Card{
		{ID: "1e-1-1", Edition: "1e", Set: "1", Number: "1", Title: "The Quiet One", Type: "personnel", Persona: "Marrow"},
		{ID: "1e-1-2", Edition: "1e", Set: "1", Number: "2", Title: "Marrowbone Station", Type: "facility"},
		{ID: "1e-1-3", Edition: "1e", Set: "1", Number: "3", Title: "Gallant Vessel", Type: "ship"},
	}, nil)
	for _, tc := range []struct {
		q      string
		names  []rules.NameMatch
		readAs []rules.WordReading
	}{
		{"marrow", []rules.NameMatch{
			{Name: "Marrowbone Station", Match: rules.MatchExact, By: rules.NameStart},
			{Name: "The Quiet One", Match: rules.MatchFuzzy, By: rules.NamePersona, Persona: "Marrow"},
		}, nil},
		{"vess", []rules.NameMatch{{Name: "Gallant Vessel", Match: rules.MatchExact, By: rules.NameWord}}, nil},
		{"galant", []rules.NameMatch{{Name: "Gallant Vessel", Match: rules.MatchFuzzy, By: rules.NameStart}},
			[]rules.WordReading{{Typed: "galant", As: "gallant", Why: rules.ReadTypo}}},
		{"zzzzzzz", []rules.NameMatch{}, nil},
	} {
		got, err := cat.Autocomplete(context.Background(), tc.q, "", 10)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Names, tc.names) || !reflect.DeepEqual(got.ReadAs, tc.readAs) {
			t.Errorf("%q: %+v, read %+v; want %+v, read %+v", tc.q, got.Names, got.ReadAs, tc.names, tc.readAs)
		}
	}
}

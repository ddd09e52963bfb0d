package rules

import "testing"

func TestRulesOnTellsRulingsOnACardFromMentions(t *testing.T) {
	card := &Card{Title: "Tantalus Field", Subtitle: "Deadly Device", Errata: []Erratum{{Field: "gameText", Source: "2e-x.glossary.errata"}}}
	for _, tc := range []struct {
		e    Entry
		want bool
	}{
		{Entry{ID: "1e-r.ruling.tantalus-field", Title: "Tantalus Field"}, true},
		{Entry{ID: "1e-r.ruling.x", Title: "TANTALUS FIELD, Deadly Device"}, true},
		{Entry{ID: "2e-x.glossary.errata", Title: "Errata"}, true},
		{Entry{ID: "2e-x.glossary.cloaking", Title: "Cloaking"}, false},
	} {
		if got := card.RulesOn(&tc.e); got != tc.want {
			t.Errorf("RulesOn(%q) = %v, want %v", tc.e.Title, got, tc.want)
		}
	}
}

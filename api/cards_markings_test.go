package api_test

import "testing"

// A card's universal marking and a facility's extended SHIELDS come from the
// card data through GET /v1/cards/{id}, as the contract adds them: universal
// on every card, extendedShieldsPercentage where the data holds one.
func TestCardCarriesUniversalAndExtendedShields(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct {
		id        string
		universal bool
		share     any
	}{
		{"1e-111-9", true, 0.25},  // Husnock Outpost
		{"1e-101-104", true, nil}, // Federation Outpost: the rulebook's half stands
		{"1e-113-3", true, nil},   // Botanical Research, a universal mission
		{"1e-163-27", false, nil}, // Nador, marked unique
		{"2e-1-154", false, nil},  // a 2E mission
	} {
		var card map[string]any
		if code := get(t, srv, "/v1/cards/"+tc.id, &card); code != 200 {
			t.Fatalf("%s: status %d", tc.id, code)
		}
		if card["universal"] != tc.universal {
			t.Errorf("%s: universal %v, want %v", tc.id, card["universal"], tc.universal)
		}
		if share, present := card["extendedShieldsPercentage"]; share != tc.share || present != (tc.share != nil) {
			t.Errorf("%s: extendedShieldsPercentage %v (present %v), want %v", tc.id, share, present, tc.share)
		}
	}
}

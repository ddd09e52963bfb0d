package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// A board's card names on the real card data, read as GET
// /v1/cards/named?fuzzy= reads a name within the request's edition (the
// catalog's own matcher): a name with a typo finds its card; one that fits
// several cards equally well, or none, is refused naming the field and the
// cards meant (id, title, subtitle).

// TestABoardCardNamedWithATypoIsTheCardTheFuzzyLookUpFinds: "uss galxy" is
// the U.S.S. Galaxy, as the fuzzy look-up answers, and the ship is read from
// its card: three Staff icons short with Picard's Command aboard.
func TestABoardCardNamedWithATypoIsTheCardTheFuzzyLookUpFinds(t *testing.T) {
	w := realWorld(t)
	want, err := w.cards.CardNamed(context.Background(), "uss galxy", true, rules.Edition2E)
	if err != nil || want.Name() != "U.S.S. Galaxy" {
		t.Fatalf("the fuzzy look-up of %q: %v, %v", "uss galxy", want, err)
	}
	board := rules.Board{
		Missions: []rules.BoardMission{{ID: "home", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: ip(2)}},
		Ships:    []rules.BoardShip{{ID: "galaxy", Card: "uss galxy", At: at("home")}},
		Personnel: []rules.BoardPersonnel{{ID: "picard", Card: "Jean-Luc Picard, Explorer", At: aboard("galaxy"),
			PersonnelStats: rules.PersonnelStats{Icons: []string{"command"}}}},
	}
	v := judge(t, req2E("ship.staffed", board, obj{"ship": "galaxy"}))
	if got := v.Result.(*rules.ShipStaffedResult).Missing; !slices.Equal(got, []string{"staff", "staff", "staff"}) {
		t.Errorf("missing %v, want the Galaxy's three Staff icons", got)
	}
	// The verdict says which card the typo was read as.
	if said := strings.Join(v.Reasons, " "); !strings.Contains(said, `"uss galxy" (board.ships[0].card) is read as U.S.S. Galaxy (`+want.ID+`)`) {
		t.Errorf("reasons %q, want the loose reading said", v.Reasons)
	}
}

// TestABoardCardNameFittingSeveralOrNoneNamesTheCardsMeant: "Jean-Luc
// Picard" fits two 2E cards equally well, and "Worf Qqq Zzz Yyy" none but
// is nearest two Worfs; each is 422 naming the field and the cards, each
// with its id, title and subtitle. A name near no card has no candidates.
func TestABoardCardNameFittingSeveralOrNoneNamesTheCardsMeant(t *testing.T) {
	w := realWorld(t)
	for _, c := range []struct {
		name      string
		ids       []string // the candidates' ids, in order, or the first few
		subtitles []string
	}{
		{"Jean-Luc Picard", []string{"2e-1-267", "2e-1-268"}, []string{"Argo Pilot", "Explorer"}},
		{"Worf Qqq Zzz Yyy", []string{"2e-1-290", "2e-1-291"}, []string{"Security Detail Leader", "Strategic Operations Officer"}},
		{"Zzqx Qqq", []string{}, []string{}},
	} {
		board := rules.Board{
			Missions: []rules.BoardMission{{ID: "home", Title: "Earth", Type: "headquarters", Quadrant: "alpha", Span: ip(2)}},
			Ships:    []rules.BoardShip{{ID: "galaxy", Card: "U.S.S. Galaxy", At: at("home")}},
			Personnel: []rules.BoardPersonnel{{ID: "worf", Card: "Worf, Security Detail Leader", At: aboard("galaxy")},
				{ID: "x", Card: c.name, At: aboard("galaxy")}},
		}
		_, err := ask(context.Background(), w.svc, req2E("ship.staffed", board, obj{"ship": "galaxy"}))
		d := rules.ErrorDetails(err)
		if rules.ErrorCode(err) != rules.EUNPROCESSABLE || d["field"] != "board.personnel[1].card" {
			t.Errorf("%q: %v (details %v), want 422 naming board.personnel[1].card", c.name, err, d)
			continue
		}
		cands, ok := d["candidates"].([]rules.CardCandidate)
		if !ok || len(cands) < len(c.ids) {
			t.Errorf("%q: candidates %#v, want at least %v", c.name, d["candidates"], c.ids)
			continue
		}
		if len(c.ids) == 0 && len(cands) != 0 {
			t.Errorf("%q: candidates %v, want none", c.name, cands)
		}
		for i, id := range c.ids {
			if cands[i].ID != id || cands[i].Title == "" || cands[i].Subtitle != c.subtitles[i] {
				t.Errorf("%q: candidate %d is %+v, want %s, subtitle %q", c.name, i, cands[i], id, c.subtitles[i])
			}
		}
	}
}

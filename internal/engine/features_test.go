package engine_test

import (
	"reflect"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Species and characteristics in printed requirements (the contract:
// "species and characteristics are requirements of their own"; the 1E
// rulebook, ATTEMPTING MISSIONS: "the skills, attributes, and other features
// required by the mission"): met by a personnel of that species or with that
// characteristic, each personnel counting once; a name the card data knows
// as a skill stays a skill.
func TestRequirementsNameSpeciesAndCharacteristics(t *testing.T) {
	with := func(id string, change func(p *rules.BoardPersonnel), skills ...string) rules.BoardPersonnel {
		p := person(id, "dominion", nil, at("m"), skills...)
		if change != nil {
			change(&p)
		}
		return p
	}
	species := func(s string) func(p *rules.BoardPersonnel) { return func(p *rules.BoardPersonnel) { p.Species = s } }
	characteristics := func(c ...string) func(p *rules.BoardPersonnel) {
		return func(p *rules.BoardPersonnel) { p.Characteristics = c }
	}
	titled := func(s string) func(p *rules.BoardPersonnel) { return func(p *rules.BoardPersonnel) { p.Title = s } }
	cases := []struct {
		name, edition, requirement string
		personnel                  []rules.BoardPersonnel
		want                       bool
		have                       map[string]float64 // name -> have, for the names checked
		kinds                      map[string]string  // name -> kind
	}{
		{"SpeciesMeetsAnAlternative", "1e", "Navigation + (Vorta OR Diplomacy x2)",
			[]rules.BoardPersonnel{with("a", species("Vorta"), "Navigation")}, true, map[string]float64{"Vorta": 1}, nil},
		{"SpeciesOfTwoOnOneCard", "1e", "Vulcan + Leadership",
			[]rules.BoardPersonnel{with("a", species("Human, Vulcan"), "Leadership")}, true, map[string]float64{"Vulcan": 1}, map[string]string{"Vulcan": "species"}},
		{"SpeciesCountsEachPersonnelOnce", "1e", "Vulcan x2",
			[]rules.BoardPersonnel{with("a", species("Vulcan")), with("b", species("Human"))}, false, map[string]float64{"Vulcan": 1}, nil},
		{"TwoOfASpeciesMeetX2", "1e", "Vulcan x2",
			[]rules.BoardPersonnel{with("a", species("Vulcan")), with("b", species("vulcan"))}, true, map[string]float64{"Vulcan": 2}, nil},
		{"CharacteristicMeetsIt", "1e", "V.I.P. + Diplomacy",
			[]rules.BoardPersonnel{with("a", characteristics("V.I.P."), "Diplomacy")}, true, map[string]float64{"V.I.P.": 1}, nil},
		{"CharacteristicAbsentIsNotMet", "1e", "V.I.P. + Diplomacy",
			[]rules.BoardPersonnel{with("a", characteristics("Admiral"), "Diplomacy")}, false, map[string]float64{"V.I.P.": 0}, nil},
		{"YouthOfThreePersonnel", "1e", "Youth x3 + CUNNING>10",
			[]rules.BoardPersonnel{with("a", characteristics("Youth")), with("b", characteristics("Youth")), with("c", characteristics("Youth"))}, true, map[string]float64{"Youth": 3}, nil},
		{"YouthOfTwoIsShort", "1e", "Youth x3",
			[]rules.BoardPersonnel{with("a", characteristics("Youth")), with("b", characteristics("Youth")), with("c", nil)}, false, map[string]float64{"Youth": 2}, nil},
		{"ClassificationOnCardAndSkillCountsOnce", "1e", "OFFICER x2",
			[]rules.BoardPersonnel{with("a", characteristics("OFFICER"), "OFFICER")}, false, map[string]float64{"OFFICER": 1}, nil},
		{"ASkillStaysASkill", "2e", "2 Diplomacy",
			[]rules.BoardPersonnel{with("a", titled("Diplomacy"), "Diplomacy")}, false, map[string]float64{"Diplomacy": 1}, map[string]string{"Diplomacy": ""}},
		{"APersonnelByTitle", "1e", "Diplomacy + (Tebok OR CUNNING>35)",
			[]rules.BoardPersonnel{with("a", titled("Tebok"), "Diplomacy")}, true, map[string]float64{"Tebok": 1}, nil},
		{"2ESpeciesToo", "2e", "Hologram and Medical",
			[]rules.BoardPersonnel{with("a", species("Hologram"), "Medical")}, true, map[string]float64{"Hologram": 1}, map[string]string{"Hologram": "species"}},
		{"StoppedSpeciesDoesNotCount", "1e", "Vorta",
			[]rules.BoardPersonnel{stopped(with("a", species("Vorta")))}, false, map[string]float64{"Vorta": 0}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := checkAgainst(t, c.edition, c.requirement, c.personnel)
			if allowed(t, v) != c.want {
				t.Errorf("met = %v, want %v; reasons %q", !c.want, c.want, v.Reasons)
			}
			got := map[string]float64{}
			kinds := map[string]string{}
			skills, _ := resultField(t, v.Result, "skills").([]any)
			for _, s := range skills {
				m := s.(map[string]any)
				got[m["name"].(string)] = m["have"].(float64)
				k, _ := m["kind"].(string)
				kinds[m["name"].(string)] = k
			}
			for name, want := range c.have {
				if got[name] != want {
					t.Errorf("%s: have %v, want %v (skills %v)", name, got[name], want, skills)
				}
			}
			for name, want := range c.kinds {
				if kinds[name] != want {
					t.Errorf("%s: kind %q, want %q", name, kinds[name], want)
				}
			}
		})
	}
}

// The contract: "missing names every alternative of an unmet OR".
func TestMissingNamesEveryAlternativeOfAnUnmetOr(t *testing.T) {
	cases := []struct {
		name, edition, requirement string
		skills                     []string
		want                       []any
	}{
		{"TwoSkills", "1e", "Computer Skill x2 OR SCIENCE x3", []string{"Computer Skill"},
			[]any{"2 Computer Skill (have 1) or 3 SCIENCE (have 0)"}},
		{"SetsOfRequirements", "2e", "Astrometrics, Diplomacy, and Integrity>25 or Navigation, Security, and Cunning>4", []string{"Navigation"},
			[]any{"(Astrometrics (have 0), Diplomacy (have 0), Integrity>25 (total 5)) or Security (have 0)"}},
		{"NestedOrBesideOtherNeeds", "2e", "Engineer, Geology, and (Acquisition or Law or 2 Treachery)", []string{"Engineer", "Treachery"},
			[]any{"Geology (have 0)", "Acquisition (have 0) or Law (have 0) or 2 Treachery (have 1)"}},
		{"MetOrHasNothingMissing", "2e", "Law or Honor", []string{"Honor"}, []any{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			board := rules.Board{Missions: []rules.BoardMission{mission("m", "planet", "alpha", 2)},
				Personnel: []rules.BoardPersonnel{person("a", "federation", nil, at("m"), c.skills...)}}
			r := req2E("requirement.check", board, obj{"requirement": c.requirement, "personnel": []string{"a"}})
			r.Edition = c.edition
			v := judge(t, r)
			if got := resultField(t, v.Result, "missing"); !reflect.DeepEqual(got, c.want) {
				t.Errorf("missing = %q, want %q", got, c.want)
			}
		})
	}
}

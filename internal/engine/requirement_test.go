package engine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

func TestParseRequirementReadsBothNotations(t *testing.T) {
	sk := func(name string, level int) Requirement { return SkillNeed{Name: name, Level: level} }
	at := func(name string, n int) Requirement { return AttributeNeed{Attribute: name, Threshold: n} }
	cases := []struct {
		in   string
		want Requirement
	}{
		{"2 Science", sk("Science", 2)},
		{"Cunning>34", at("Cunning", 34)},
		{"Integrity > 25", at("Integrity", 25)},
		{"Geology, Physics, Science, and Cunning>30", AllOf{[]Requirement{sk("Geology", 1), sk("Physics", 1), sk("Science", 1), at("Cunning", 30)}}},
		{"Engineer, Geology, Cunning>28, and (Acquisition or Law or 2 Treachery)", AllOf{[]Requirement{sk("Engineer", 1), sk("Geology", 1), at("Cunning", 28),
			AnyOf{[]Requirement{sk("Acquisition", 1), sk("Law", 1), sk("Treachery", 2)}}}}},
		{"Astrometrics, Diplomacy, Officer, and Integrity>25 or Navigation, Security, Treachery, and Cunning>28", AnyOf{[]Requirement{
			AllOf{[]Requirement{sk("Astrometrics", 1), sk("Diplomacy", 1), sk("Officer", 1), at("Integrity", 25)}},
			AllOf{[]Requirement{sk("Navigation", 1), sk("Security", 1), sk("Treachery", 1), at("Cunning", 28)}}}}},
		{"Computer Skill x2 OR SCIENCE x3", AnyOf{[]Requirement{sk("Computer Skill", 2), sk("SCIENCE", 3)}}},
		{"MEDICAL + SECURITY", AllOf{[]Requirement{sk("MEDICAL", 1), sk("SECURITY", 1)}}},
		{"STRENGTH>40", at("STRENGTH", 40)},
		{"Empathy x 2", sk("Empathy", 2)},
		{"Geology + Honor + INTEGRITY>35.", AllOf{[]Requirement{sk("Geology", 1), sk("Honor", 1), at("INTEGRITY", 35)}}},
		{"Stellar Cartography + Leadership OR CUNNING>50", AnyOf{[]Requirement{AllOf{[]Requirement{sk("Stellar Cartography", 1), sk("Leadership", 1)}}, at("CUNNING", 50)}}},
		{"[Anthropology, 2 Diplomacy, Law] or [Leadership, Security, 2 Treachery]", AnyOf{[]Requirement{
			AllOf{[]Requirement{sk("Anthropology", 1), sk("Diplomacy", 2), sk("Law", 1)}},
			AllOf{[]Requirement{sk("Leadership", 1), sk("Security", 1), sk("Treachery", 2)}}}}},
		{"Jean-Luc Picard and Leadership", AllOf{[]Requirement{sk("Jean-Luc Picard", 1), sk("Leadership", 1)}}},
		// An initial inside a name keeps its dot; a space before ">" is read.
		{"Honor + STRENGTH >20 OR Zefram Q. Cochrane + Leadership", AnyOf{[]Requirement{
			AllOf{[]Requirement{sk("Honor", 1), at("STRENGTH", 20)}},
			AllOf{[]Requirement{sk("Zefram Q. Cochrane", 1), sk("Leadership", 1)}}}}},
		{"Law or Q. Alpha", AnyOf{[]Requirement{sk("Law", 1), sk("Q. Alpha", 1)}}},
		{"Law and Q.", AllOf{[]Requirement{sk("Law", 1), sk("Q", 1)}}},
	}
	for _, c := range cases {
		got, err := ParseRequirement(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q = %#v, want %#v", c.in, got, c.want)
		}
	}
}

func TestParseRequirementRefusesWhatItCannotRead(t *testing.T) {
	for _, in := range []string{"", "   ", "Cunning>", ">5", "2", "Diplomacy or", "(Law", "Law)", "Diplomacy, , Law", "Cunning x2", "2 Cunning>5",
		"Diplomacy>3", "Cunning", "Law; or", "Science x0", "0 Science", "Science # 2", "Law and and Science", "99999999999 Science",
		"SCIENCE x", "Science x, Law", "Science x and Law", "Law or Computer Skill x", "(Science x)", "Diplomacy X.", "A X X1"} {
		_, err := ParseRequirement(in)
		if err == nil {
			t.Errorf("%q was read", in)
			continue
		}
		if rules.ErrorCode(err) != rules.EUNPROCESSABLE {
			t.Errorf("%q: code %q", in, rules.ErrorCode(err))
		}
	}
}

func TestRequirementStringReadsBack(t *testing.T) {
	for _, in := range []string{"2 Science", "Engineer, Geology, Cunning>28, and (Acquisition or Law or 2 Treachery)",
		"Computer Skill x2 OR SCIENCE x3", "A, B or C, (D or E)", "U.S.S. Enterprise and Honor"} {
		r, err := ParseRequirement(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		back, err := ParseRequirement(r.String())
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Errorf("%q -> %q -> %#v (%v)", in, r.String(), back, err)
		}
	}
}

func TestParseSkillReadsBothNotations(t *testing.T) {
	cases := []struct {
		in    string
		name  string
		level int
	}{
		{"Leadership", "Leadership", 1}, {"2 Diplomacy", "Diplomacy", 2}, {"Diplomacy x2", "Diplomacy", 2},
		{"Computer Skill", "Computer Skill", 1}, {"SCIENCE x3", "SCIENCE", 3}, {"Empathy x 2", "Empathy", 2},
	}
	for _, c := range cases {
		name, level, err := ParseSkill(c.in)
		if err != nil || name != c.name || level != c.level {
			t.Errorf("%q = %q %d %v, want %q %d", c.in, name, level, err, c.name, c.level)
		}
	}
	for _, bad := range []string{"", "3", "x2", "Diplomacy x0", "0 Law"} {
		if _, _, err := ParseSkill(bad); err == nil {
			t.Errorf("%q was read", bad)
		}
	}
}

// FuzzParseRequirement: no input panics, and what is read prints to a form
// that reads back into the same requirement.
func FuzzParseRequirement(f *testing.F) {
	for _, s := range []string{"2 Science", "Cunning>34", "Engineer, Geology, Cunning>28, and (Acquisition or Law or 2 Treachery)",
		"Astrometrics, Diplomacy, Officer, and Integrity>25 or Navigation, Security, Treachery, and Cunning>28",
		"Computer Skill x2 OR SCIENCE x3", "MEDICAL + SECURITY", "STRENGTH>40", "((((Law))))", "U.S.S. Galaxy", "x2 x 3 (", "Law.", "A.b.",
		"SCIENCE x", "Science x or Law", "x", "Law x y", "James T. Kirk + Jean-Luc Picard", "A. and B.", "T. x2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRequirement(s)
		if err != nil {
			if rules.ErrorCode(err) != rules.EUNPROCESSABLE {
				t.Fatalf("%q: error code %q", s, rules.ErrorCode(err))
			}
			return
		}
		printed := r.String()
		back, err := ParseRequirement(printed)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not read: %v", s, printed, err)
		}
		if back.String() != printed || !reflect.DeepEqual(back, r) {
			t.Fatalf("%q printed as %q read back as %q", s, printed, back.String())
		}
		_ = CheckRequirement(r, nil)
	})
}

func TestRangeCostTwoEditions(t *testing.T) {
	span := func(n int) *int { return &n }
	earth := &Mission{ID: "earth", Title: "Earth", Quadrant: "alpha", Span: span(2), Region: "Sector 001"}
	luna := &Mission{ID: "luna", Title: "Luna", Quadrant: "alpha", Span: span(1), Region: "sector 001"}
	far := &Mission{ID: "far", Title: "Far", Quadrant: "gamma", Span: span(3)}
	if rc, _ := RangeCost2E(earth, luna); rc.Cost != 1 {
		t.Errorf("same region: %d, want 1", rc.Cost)
	}
	if rc, _ := RangeCost2E(earth, far); rc.Cost != 7 {
		t.Errorf("across quadrants: %d, want 7", rc.Cost)
	}
	// The terms are each mission's span, parts of the sum a reason says.
	for _, to := range []*Mission{luna, far, {ID: "x", Title: "Ten (span 9) + ", Quadrant: "alpha", Span: span(10)}} {
		rc, _ := RangeCost2E(earth, to)
		want := []string{"Earth (span 2)", fmt.Sprintf("%s (span %d)", to.Name(), *to.Span)}
		if !reflect.DeepEqual(rc.Terms, want) || rc.terms != strings.Join(want, " + ") {
			t.Errorf("to %s: terms %q (%q), want %q", to.ID, rc.Terms, rc.terms, want)
		}
	}
	b := &Board{Missions: []*Mission{earth, luna, far}}
	if rc, _ := RangeCost1E(b, earth, far); !rc.AcrossQuadrants {
		t.Errorf("1E move across quadrants not flagged")
	}
}

// TestAttributeNameIsTheFoldsAttribute holds attributeName's reading of
// words equal to an attribute but for case to what folding them reads,
// among words that fold to one only once punctuation, spacing or letters
// other than ASCII are read.
func TestAttributeNameIsTheFoldsAttribute(t *testing.T) {
	byFold := func(word string) string {
		switch f := rules.FoldName(word); f {
		case "integrity", "cunning", "strength":
			return f
		}
		return ""
	}
	for _, w := range []string{"Cunning", "CUNNING", "cUnNiNg", "cunning", "Integrity", "INTEGRITY", "Strength", "STRENGTH",
		"ſtrength", "STRENGTſ", "\u212aunning", "cunnin\u212a", " Cunning", "Cunning.", "Cun-ning", "Cunnin", "Cunnings", "Strenght",
		"Diplomacy", "", "Integrity, The", "The Cunning", "İntegrity", "strength\x00", "strengtH", "Cun.ning", "Cun'ning", "C.U.N.N.I.N.G.",
		"Cun ning", "the the Strength", "Strength, the", "Stre-ngth", "Integrity.", "gninnuc", "Cunningham", "Computer Skill", "Leadership"} {
		if got, want := attributeName(w), byFold(w); got != want {
			t.Errorf("attributeName(%q) = %q, folded %q", w, got, want)
		}
	}
}

// FuzzAttributeNameIsTheFoldsAttribute: of any word, attributeName is the
// attribute its fold is, or none.
func FuzzAttributeNameIsTheFoldsAttribute(f *testing.F) {
	for _, w := range []string{"Cunning", "STRENGTH", "Integrity, The", "The Cunning", "Cun.ning", "ſtrength", "Diplomacy", "C U N"} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		want := ""
		switch fw := rules.FoldName(w); fw {
		case "integrity", "cunning", "strength":
			want = fw
		}
		if got := attributeName(w); got != want {
			t.Fatalf("attributeName(%q) = %q, folded %q", w, got, want)
		}
	})
}

// TestVocabularyKeyIsSkillKey holds the vocabulary's memo of requirement
// names to skillKey, read twice (the second from the memo), and a
// vocabulary without a memo.
func TestVocabularyKeyIsSkillKey(t *testing.T) {
	v := vocabularyOf(nil)
	for _, name := range []string{"Navigation", "navigation", "SCIENCE", "Stellar Cartography", "Zefram Q. Cochrane", "Jean-Luc Picard", "Q.", "", " ", "Great Link, The", "Ålien"} {
		for range 2 {
			if got, want := v.key(name), skillKey(name); got != want {
				t.Errorf("key(%q) = %q, skillKey %q", name, got, want)
			}
		}
		var none *Vocabulary
		if got, want := none.key(name), skillKey(name); got != want {
			t.Errorf("nil vocabulary: key(%q) = %q, skillKey %q", name, got, want)
		}
	}
}

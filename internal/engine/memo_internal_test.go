package engine

import (
	"reflect"
	"strings"
	"testing"
)

// TestRequirementsReadOnceAreReadTheSame: a requirement read through the
// vocabulary's memo is what ParseRequirement reads, the second time from
// the memo; one that cannot be read, or longer than the memo keeps, is
// not kept.
func TestRequirementsReadOnceAreReadTheSame(t *testing.T) {
	v := &Vocabulary{requirements: &memo[Requirement]{maxText: maxRequirementMemoText}}
	for _, text := range []string{
		"Astrometrics, Navigation, Physics, and Cunning>28",
		"Computer Skill x2 OR SCIENCE x3",
		"Engineer, Geology, Cunning>28, and (Acquisition or Law or 2 Treachery)",
	} {
		want, err := ParseRequirement(text)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			got, err := v.parseRequirement(text)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: %#v, %v; want %#v", text, got, err, want)
			}
		}
	}
	if n := v.requirements.size.Load(); n != 3 {
		t.Errorf("%d requirements kept, want 3", n)
	}
	if _, err := v.parseRequirement("Cunning>"); err == nil {
		t.Error("a requirement that cannot be read was read")
	}
	long := strings.Repeat("Diplomacy, ", 30) + "Cunning>28"
	if _, err := v.parseRequirement(long); err != nil {
		t.Fatal(err)
	}
	if n := v.requirements.size.Load(); n != 3 {
		t.Errorf("%d requirements kept after one that cannot be read and one too long, want 3", n)
	}
	if _, err := (*Vocabulary)(nil).parseRequirement("Diplomacy"); err != nil {
		t.Errorf("without a vocabulary: %v", err)
	}
}

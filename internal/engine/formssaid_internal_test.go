package engine

import (
	"fmt"
	"testing"
)

// formsSaidAsSprintf is formsSaid as first written, by fmt: the sentences
// it must still give, byte for byte.
func formsSaidAsSprintf(n wordNotes) []string {
	if len(n.forms) == 0 {
		return nil
	}
	var said []string
	for f := range wordForms {
		var parts []string
		for _, r := range n.forms {
			if r.form == wordForm(f) {
				parts = append(parts, fmt.Sprintf("%q (%s) as %s", r.given, r.field, r.read))
			}
		}
		if len(parts) > 0 {
			said = append(said, fmt.Sprintf("Read as %s the rules or the card data know: %s.", wordForms[f].read, joinAnd(parts)))
		}
	}
	return said
}

func TestFormsSaidIsAsSprintfSaysIt(t *testing.T) {
	givens := []string{"Klingons", "Engineering", `Say "hi"`, "Vulcäns", "tab\there", "Diplomat"}
	for count := range 7 {
		for mix := range 4 {
			var n wordNotes
			for i := range count {
				f := wordForm((i + mix) % len(wordForms))
				n.forms = append(n.forms, wordReading{given: givens[i%len(givens)], read: fmt.Sprint("word", i),
					field: fmt.Sprintf("board.personnel[%d].skills[%d]", i, mix), form: f})
			}
			got, want := n.formsSaid(), formsSaidAsSprintf(n)
			if fmt.Sprint(got) != fmt.Sprint(want) || len(got) != len(want) {
				t.Errorf("%d forms, mix %d:\n got %q\nwant %q", count, mix, got, want)
			}
		}
	}
}

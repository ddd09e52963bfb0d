package library_test

import (
	"context"
	"testing"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// A shortening an entry's own text writes its title in (capitals whose
// letters are the title's, in order, from its first) is defined as that
// entry, and a title holding the shortening is read with it spelled out;
// a code printed in brackets is its icon's, not the shortening of the
// entry whose text prints it, and a shortening two titles' texts use
// stands for neither. The texts are written for the test.
func TestAShorteningATextUsesForItsTitleIsDefined(t *testing.T) {
	docs := []rules.Document{{ID: "rulings-1e", Edition: "1e", Kind: rules.DocumentRulings, Precedence: 2}}
	entry := func(title, text string) *rules.Entry {
		return &rules.Entry{ID: rules.EntryID("rulings-1e", rules.KindRuling, title), Kind: rules.KindRuling, Title: title,
			DocumentID: "rulings-1e", Edition: "1e", Text: text}
	}
	l := library.New(docs, []*rules.Entry{
		entry("storehouse", "A SH card may be stored here."),
		entry("Vantor Storehouse", "Cards with a [VE] Vantor Empire icon may play here."),
		entry("Vantor Empire icon [VE]", "The icon of the empire."),
		entry("bridge", "A BR card plays here."),
		entry("broker", "A BR card trades here."),
	})
	for _, c := range []struct{ term, want, match string }{
		{"SH", "rulings-1e.ruling.storehouse", rules.DefineAbbreviation},
		{"Vantor Storehouse", "rulings-1e.ruling.vantor-storehouse", rules.DefineExact},
		{"VE", "rulings-1e.ruling.vantor-empire-icon-ve", rules.DefineAbbreviation},
		{"BR", "", ""},
	} {
		es, err := l.Define(context.Background(), c.term, "")
		switch {
		case c.want == "" && len(es) > 0 && es[0].Match == rules.DefineAbbreviation:
			t.Errorf("%q: %s as an abbreviation, want none", c.term, es[0].ID)
		case c.want != "" && (err != nil || len(es) == 0 || es[0].ID != c.want || es[0].Match != c.match):
			t.Errorf("%q: %v %v, want %s (%s)", c.term, es, err, c.want, c.match)
		}
	}
	// The title holding a shortening, asked with it spelled out.
	l = library.New(docs, []*rules.Entry{
		entry("storehouse", "A SH card may be stored here."),
		entry("Vantor SH", "Cards of the empire play here."),
	})
	es, err := l.Define(context.Background(), "Vantor Storehouse", "")
	if err != nil || len(es) == 0 || es[0].ID != "rulings-1e.ruling.vantor-sh" || es[0].Match != rules.DefineForm {
		t.Errorf("Vantor Storehouse: %v %v, want Vantor SH as another form", es, err)
	}
}

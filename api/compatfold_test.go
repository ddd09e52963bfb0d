package api_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestCompatibilityFormsFindWhatTheirTextFinds asks the real services with
// names and words typed in full-width letters, with a ligature or with
// ideographic spaces, and with the same typed plainly: a search, a
// definition, a card by name exactly and fuzzily, an autocompletion, a
// collection's names (a body's strings, read by the catalog's one fold of
// names) and a board's card in an adjudication each answer alike.
func TestCompatibilityFormsFindWhatTheirTextFinds(t *testing.T) {
	srv := newServer(t)
	getRaw := func(path string) (int, string) {
		code, _, out := send(t, "GET", srv.URL+path, "")
		return code, out
	}
	for _, c := range []struct{ path, typed, plain string }{
		{"/v1/search?limit=3&q=", "ｓｔｏｐｐｅｄ　ｐｅｒｓｏｎｎｅｌ", "stopped personnel"},
		{"/v1/define?term=", "ｓｔｏｐｐｅｄ", "stopped"},
		{"/v1/cards/named?edition=2e&exact=", "Ｊｅａｎ－Ｌｕｃ　Ｐｉｃａｒｄ，　Ｅｘｐｌｏｒｅｒ", "Jean-Luc Picard, Explorer"},
		{"/v1/cards/named?edition=2e&fuzzy=", "ｐｉｃａｒｄ，　ｅｘｐｌｏｒｒ", "picard, explorr"},
		{"/v1/cards/named?edition=1e&fuzzy=", "Meﬂoquine", "Mefloquine"},
		{"/v1/cards/autocomplete?q=", "ｊｅａｎ", "jean"},
		{"/v1/cards?limit=3&q=", "ｗｏｒｆ", "worf"},
		{"/v1/search?limit=3&q=stopped&document=", "２ｅ－ｒｕｌｅｂｏｏｋ", "2e-rulebook"},
		{"/v1/cards/", "２ｅ－１－３９４", "2e-1-394"},
		{"/v1/entries/", "２ｅ－ｒｕｌｅｂｏｏｋ．ｇｌｏｓｓａｒｙ．ｓｔｏｐｐｅｄ", "2e-rulebook.glossary.stopped"},
	} {
		tc, typed := getRaw(c.path + url.QueryEscape(c.typed))
		pc, plain := getRaw(c.path + url.QueryEscape(c.plain))
		if tc != pc || typed != plain {
			t.Errorf("%s%s: %d %.300s\nas %q: %d %.300s", c.path, c.typed, tc, typed, c.plain, pc, plain)
		}
	}

	for _, c := range []struct{ route, body string }{
		{"/v1/cards/collection", `{"identifiers":[{"name":"%s","edition":"2e","fuzzy":true}]}`},
		{"/v1/adjudicate", `{"edition":"2e","question":"ship.staffed","board":{"ships":[{"id":"g","card":"%s"}],"personnel":[]},"params":{"ship":"g"}}`},
	} {
		tc, typed := post(t, srv.URL, c.route, []byte(strings.Replace(c.body, "%s", "Ｕ．Ｓ．Ｓ．　Ｇａｌａｘｙ", 1)))
		pc, plain := post(t, srv.URL, c.route, []byte(strings.Replace(c.body, "%s", "U.S.S. Galaxy", 1)))
		if tc != 200 || tc != pc || string(typed) != string(plain) {
			t.Errorf("%s: %d %.300s\nplainly: %d %.300s", c.route, tc, typed, pc, plain)
		}
	}
}

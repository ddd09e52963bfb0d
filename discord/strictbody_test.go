package discord_test

import (
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/discord"
)

// An interaction is read strictly, as every body is: a key given twice
// (Discord sends each once) is refused naming its path, where the last
// was read; data that is no object, or null, is refused naming data, where
// null was read as a command of no name ("does not know the command /").
func TestAnInteractionOfAKeyTwiceOrDataOfNoObjectIsRefused(t *testing.T) {
	b := fakeBot(t, discord.Config{})
	define := `{"id":"3","name":"define","type":1,"options":[{"name":"term","type":3,"value":"stopped"}]}`
	for body, want := range map[string]string{
		`{"id":"1","application_id":"2","type":2,"type":4,"token":"t","version":1,"data":` + define + `}`:                                                                          "The field type is given twice.",
		`{"id":"1","application_id":"2","type":2,"token":"t","version":1,"data":{"id":"3","name":"define","type":1,"options":[{"name":"term","type":3,"value":"a","value":"b"}]}}`: "The field data.options[0].value is given twice.",
		`{"id":"1","application_id":"2","type":2,"token":"t","version":1,"data":null}`:                                                                                             "an interaction of type 2 has data, and this one has none",
		`{"id":"1","application_id":"2","type":2,"token":"t","version":1,"data":[]}`:                                                                                               "its field data is a JSON array, where Discord sends an object",
	} {
		code, out := b.post(body, b.now, b.priv)
		if code != 400 || !strings.Contains(string(out), want) {
			t.Errorf("%s: %d %s, want 400 saying %q", body, code, out, want)
		}
	}
	if res := b.ask(`{"id":"1","application_id":"2","type":1,"token":"t","version":1,"data":null}`); res.Type != 1 {
		t.Errorf("a ping of null data: %+v", res)
	}
}

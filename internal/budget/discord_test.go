//go:build !race

package budget_test

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/stccg/stccg-rules/discord"
)

// The Discord endpoint's requests are signed with a key of the harness's
// own, at a time its clock stays at: a request measured again later is the
// same request, never a stale one (discord.MaxSkew).
var (
	discordKey   = ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	discordClock = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
)

// anyInteraction remembers no interaction: a request measured several
// times is answered each time, never refused as posted twice.
type anyInteraction struct{}

func (anyInteraction) First(context.Context, string) bool { return true }

// discordHandler is the interactions endpoint over the harness's services,
// as serve wires it, with the harness's key and clock.
func discordHandler(cfg discord.Config) http.Handler {
	cfg.PublicKey = discordKey.Public().(ed25519.PublicKey)
	cfg.Now = func() time.Time { return discordClock }
	cfg.Replays = anyInteraction{}
	return discord.New(cfg)
}

// discordFamily is the Discord endpoint's requests: each command and the
// card name's autocompletion, their text up to 500 bytes of the corpus's
// words, misspelt or random, an edition or none, and up to 25 options more
// than the command takes (Discord's bound on a command's options), named
// as none of its options is, given twice, or of another type.
func discordFamily(voc *vocabulary) family {
	commands := []string{"rule", "define", "card"}
	textOption := map[string]string{"rule": "question", "define": "term", "card": "name"}
	return family{
		name: "discord",
		knobs: []knob{{"command", len(commands) - 1}, {"autocomplete", 1}, {"bytes", 500}, {"words", 250}, {"source", 2},
			{"edition", 2}, {"extra", 25}, {"extraKind", 2}},
		build: func(v []int) request {
			rng := seeded(v)
			command, complete, n, words, source, edition, extra, extraKind := commands[v[0]], v[1] == 1, v[2], v[3], v[4], v[5], v[6], v[7]
			text := voc.text(n, words, source, rng)
			typ := 2 // a command
			if complete {
				command, typ = "card", 4 // only /card's name completes
			}
			opts := []obj{{"name": textOption[command], "type": 3, "value": text, "focused": complete}}
			if e := []string{"", "1e", "2e"}[edition]; e != "" {
				opts = append(opts, obj{"name": "edition", "type": 3, "value": e})
			}
			for i := range extra {
				switch extraKind {
				case 0: // a name the command has not
					opts = append(opts, obj{"name": "option" + strconv.Itoa(i), "type": 3, "value": text[:min(len(text), 20)]})
				case 1: // its own option again
					opts = append(opts, obj{"name": textOption[command], "type": 3, "value": text})
				default: // of another type
					opts = append(opts, obj{"name": "edition", "type": 4, "value": i})
				}
			}
			body, _ := json.Marshal(obj{"id": "1", "application_id": "2", "type": typ, "token": "t", "version": 1,
				"data": obj{"id": "3", "name": command, "type": 1, "options": opts}})
			stamp := strconv.FormatInt(discordClock.Unix(), 10)
			header := http.Header{
				"X-Signature-Ed25519":   {hex.EncodeToString(ed25519.Sign(discordKey, append([]byte(stamp), body...)))},
				"X-Signature-Timestamp": {stamp},
			}
			what := "/" + command
			if complete {
				what += " completing"
			}
			return request{method: "POST", path: discord.Route, body: body, header: header,
				label: fmt.Sprintf("Discord %s, %d bytes of %d words (%s), %d options more (%s)", what, len(text), words,
					[]string{"corpus", "misspelt", "random"}[source], extra, []string{"unknown", "twice", "another type"}[extraKind])}
		},
	}
}

// discordStarts starts the search at each command answered, not refused:
// its text long, of the corpus's words, no option more.
func discordStarts(voc *vocabulary) start {
	f := discordFamily(voc)
	var starts [][]int
	for command := range 3 {
		for complete := range 2 {
			for _, words := range []int{4, 60} {
				starts = append(starts, []int{command, complete, 500, words, 0, 0, 0, 0})
			}
		}
	}
	return start{family: f, starts: starts, randoms: 8, rounds: 2}
}

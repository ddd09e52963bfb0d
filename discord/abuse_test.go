package discord_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/stccg/stccg-rules/discord"
	"github.com/stccg/stccg-rules/internal/ratelimit"
)

// TestAnInteractionIsAnsweredOnce: a signed interaction posted again within
// its five minutes, as it was signed, is refused; another interaction is
// answered.
func TestAnInteractionIsAnsweredOnce(t *testing.T) {
	b := fakeBot(t, discord.Config{})
	body := strings.Replace(command("define", map[string]string{"term": "stopped"}), `"id":"1"`, `"id":"1183077227123456789"`, 1)
	if code, out := b.post(body, b.now, b.priv); code != 200 {
		t.Fatalf("first: %d %s", code, out)
	}
	for _, at := range []time.Time{b.now, b.now.Add(time.Minute)} {
		code, out := b.post(body, at, b.priv)
		if code != http.StatusConflict || !strings.Contains(string(out), "answered already") {
			t.Fatalf("replayed: %d %s", code, out)
		}
	}
	if res := b.ask(command("define", map[string]string{"term": "stopped"})); res.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("another interaction: %+v", res)
	}
}

// fromUser is a /define asked by a user in a guild.
func fromUser(user, guild string) string {
	raw, _ := json.Marshal(map[string]any{"id": "1", "application_id": "2", "type": 2, "token": "t", "version": 1,
		"guild_id": guild, "member": map[string]any{"user": map[string]any{"id": user, "username": "judge"}},
		"data": map[string]any{"id": "3", "name": "define", "type": 1, "options": []any{map[string]any{"name": "term", "type": 3, "value": "stopped"}}}})
	return string(raw)
}

// TestInteractionsAreCountedPerUserAndPerGuild: a user past their
// allowance is told, privately, when to ask again, and their
// autocompletions get no choices; another user of the guild is answered
// until the guild's allowance is spent too.
func TestInteractionsAreCountedPerUserAndPerGuild(t *testing.T) {
	now := time.Now()
	lim, err := ratelimit.New(ratelimit.Config{PerMinute: 1, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	b := fakeBot(t, discord.Config{Limiter: lim, UserPerMinute: 3, GuildPerMinute: 5})
	limited := func(res *answer) bool {
		return res.Data != nil && res.Data.Flags&discordgo.MessageFlagsEphemeral != 0 && strings.Contains(res.Data.Content, "Too many")
	}
	for i := range 3 {
		if res := b.ask(fromUser("100", "g1")); limited(res) {
			t.Fatalf("question %d of user 100 refused", i+1)
		}
	}
	res := b.ask(fromUser("100", "g1"))
	if !limited(res) || !strings.Contains(res.Data.Content, "3 a minute") {
		t.Fatalf("the fourth of user 100: %+v", res.Data)
	}
	complete := `{"id":"1","application_id":"2","type":4,"token":"t","version":1,"guild_id":"g1","member":{"user":{"id":"100"}},"data":{"id":"3","name":"card","type":1,
		"options":[{"name":"name","type":3,"value":"enterp","focused":true}]}}`
	if res := b.ask(complete); res.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(res.Data.Choices) != 0 {
		t.Fatalf("a limited user's autocompletion: %+v", res.Data)
	}
	// The guild has spent 3 of its 5 (the refused ones are not counted
	// against it): user 200 asks twice, then the guild is spent.
	for i := range 2 {
		if res := b.ask(fromUser("200", "g1")); limited(res) {
			t.Fatalf("question %d of user 200 refused", i+1)
		}
	}
	if res := b.ask(fromUser("300", "g1")); !limited(res) || !strings.Contains(res.Data.Content, "5 a minute") {
		t.Fatalf("a new user of a spent guild: %+v", res.Data)
	}
	if res := b.ask(fromUser("300", "g2")); limited(res) {
		t.Fatalf("the same user in another guild: %+v", res.Data)
	}
}

package discord_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/discord"
	"github.com/stccg/stccg-rules/internal/mock"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/service"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

var (
	setOnce sync.Once
	set     *service.Set
	setErr  error
)

// bot is the endpoint over the real corpus, with a key the test made, and a
// way to post interactions signed with it.
type bot struct {
	t    *testing.T
	srv  *httptest.Server
	priv ed25519.PrivateKey
	now  time.Time
}

func newBot(t *testing.T, cfg discord.Config) *bot {
	t.Helper()
	if cfg.Reference == nil || cfg.Search == nil || cfg.Cards == nil {
		c := testcorpus.Load(t)
		setOnce.Do(func() { set, setErr = service.New(context.Background(), c, nil) })
		if setErr != nil {
			t.Fatal(setErr)
		}
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	cfg.PublicKey = pub
	if cfg.Reference == nil {
		cfg.Reference = set.Library
	}
	if cfg.Search == nil {
		cfg.Search = set.Index
	}
	if cfg.Cards == nil {
		cfg.Cards = set.Catalog
	}
	cfg.BaseURL = "https://rules.example.org"
	cfg.Logger = slog.New(slog.DiscardHandler)
	cfg.Now = func() time.Time { return now }
	srv := httptest.NewServer(discord.New(cfg))
	t.Cleanup(srv.Close)
	return &bot{t: t, srv: srv, priv: priv, now: now}
}

// fakeBot is newBot over fakes answering fixed values (internal/mock)
// wherever cfg names no service: for what does not depend on the corpus
// (signatures, sizes, replays, limits, deadlines).
func fakeBot(t *testing.T, cfg discord.Config) *bot {
	t.Helper()
	s := mock.NewSet()
	if cfg.Reference == nil {
		cfg.Reference = s.Reference
	}
	if cfg.Search == nil {
		cfg.Search = s.Search
	}
	if cfg.Cards == nil {
		cfg.Cards = s.Cards
	}
	return newBot(t, cfg)
}

// interactionIDs numbers the interactions the tests post: Discord sends
// each once, and the endpoint answers each id once.
var interactionIDs atomic.Int64

// post sends an interaction signed at the time given, and returns the
// status and body. An interaction of id "1" is given an id of its own, as
// Discord gives each; any other id is sent as it is.
func (b *bot) post(body string, at time.Time, priv ed25519.PrivateKey) (int, []byte) {
	b.t.Helper()
	body = strings.Replace(body, `"id":"1"`, `"id":"`+strconv.FormatInt(1000+interactionIDs.Add(1), 10)+`"`, 1)
	stamp := strconv.FormatInt(at.Unix(), 10)
	req, _ := http.NewRequest("POST", b.srv.URL+discord.Route, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if priv != nil {
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(stamp+body))))
		req.Header.Set("X-Signature-Timestamp", stamp)
	}
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if d := time.Since(start); d > 3*time.Second {
		b.t.Errorf("answered in %v: Discord waits 3 s", d)
	}
	return res.StatusCode, out
}

// answer is an interaction response as Discord reads it (discordgo reads
// components only through its own interface types).
type answer struct {
	Type discordgo.InteractionResponseType
	Data *answerData
}

type answerData struct {
	Content    string
	Flags      discordgo.MessageFlags
	Embeds     []*discordgo.MessageEmbed
	Choices    []*discordgo.ApplicationCommandOptionChoice
	Components []json.RawMessage
}

// ask posts a signed interaction and reads the answer, checked against
// Discord's limits.
func (b *bot) ask(body string) *answer {
	b.t.Helper()
	code, out := b.post(body, b.now, b.priv)
	if code != 200 {
		b.t.Fatalf("status %d: %s", code, out)
	}
	var res answer
	if err := json.Unmarshal(out, &res); err != nil {
		b.t.Fatalf("answer %s: %v", out, err)
	}
	withinLimits(b.t, &res)
	return &res
}

func command(name string, opts map[string]string) string {
	var o []map[string]any
	for k, v := range opts {
		o = append(o, map[string]any{"name": k, "type": 3, "value": v})
	}
	raw, _ := json.Marshal(map[string]any{"id": "1", "application_id": "2", "type": 2, "token": "t", "version": 1,
		"data": map[string]any{"id": "3", "name": name, "type": 1, "options": o}})
	return string(raw)
}

// withinLimits checks an answer against Discord's limits.
func withinLimits(t *testing.T, res *answer) {
	t.Helper()
	if res.Data == nil {
		return
	}
	n := utf8.RuneCountInString
	if n(res.Data.Content) > 2000 || len(res.Data.Embeds) > 10 || len(res.Data.Choices) > 25 {
		t.Errorf("content %d, %d embeds, %d choices", n(res.Data.Content), len(res.Data.Embeds), len(res.Data.Choices))
	}
	for _, c := range res.Data.Choices {
		if n(c.Name) > 100 || n(c.Name) == 0 || n(c.Value.(string)) > 100 {
			t.Errorf("choice %q", c.Name)
		}
	}
	for _, e := range res.Data.Embeds {
		if n(e.Title) > 256 || n(e.Description) > 4096 || len(e.Fields) > 25 || discord.EmbedLength(e) > 6000 {
			t.Errorf("embed %q: title %d, description %d, %d fields, %d in all", e.Title, n(e.Title), n(e.Description), len(e.Fields), discord.EmbedLength(e))
		}
		if e.Footer != nil && n(e.Footer.Text) > 2048 {
			t.Errorf("footer %d", n(e.Footer.Text))
		}
		for _, f := range e.Fields {
			if n(f.Name) > 256 || n(f.Value) > 1024 || f.Name == "" || f.Value == "" {
				t.Errorf("field %q: %d, value %d", f.Name, n(f.Name), n(f.Value))
			}
		}
	}
}

func TestPingIsAnsweredWithPong(t *testing.T) {
	b := fakeBot(t, discord.Config{})
	if res := b.ask(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`); res.Type != discordgo.InteractionResponsePong {
		t.Fatalf("type %d, want PONG", res.Type)
	}
}

func TestUnsignedWronglySignedAndStaleRequestsAre401(t *testing.T) {
	b := fakeBot(t, discord.Config{})
	ping := `{"id":"1","application_id":"2","type":1,"token":"t","version":1}`
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	cases := []struct {
		name string
		at   time.Time
		key  ed25519.PrivateKey
	}{
		{"unsigned", b.now, nil},
		{"signed with another key", b.now, other},
		{"signed six minutes ago", b.now.Add(-6 * time.Minute), b.priv},
		{"signed six minutes ahead", b.now.Add(6 * time.Minute), b.priv},
	}
	for _, tc := range cases {
		if code, body := b.post(ping, tc.at, tc.key); code != 401 || !strings.Contains(string(body), `"error"`) {
			t.Errorf("%s: %d %s, want 401", tc.name, code, body)
		}
	}
	if code, _ := b.post(ping, b.now.Add(-4*time.Minute), b.priv); code != 200 {
		t.Errorf("signed four minutes ago: %d, want 200", code)
	}
	// A signature over another body (or another timestamp) does not pass.
	stamp := strconv.FormatInt(b.now.Unix(), 10)
	req, _ := http.NewRequest("POST", b.srv.URL+discord.Route, strings.NewReader(ping))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(b.priv, []byte(stamp+`{"type":2}`))))
	req.Header.Set("X-Signature-Timestamp", stamp)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 401 {
		t.Errorf("a signature of another body: %v %v", res, err)
	}
}

func TestOversizedInteractionIs413EvenWhenSigned(t *testing.T) {
	b := fakeBot(t, discord.Config{})
	huge := `{"id":"1","application_id":"2","type":1,"token":"t","version":1,"pad":"` + strings.Repeat("x", 80<<10) + `"}`
	for _, key := range []ed25519.PrivateKey{b.priv, nil} {
		code, body := b.post(huge, b.now, key)
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), `"error"`) {
			t.Errorf("signed %v: %d %s, want a JSON 413", key != nil, code, body)
		}
	}
}

func TestCardCommandAnswersWithStatisticsImageAndLink(t *testing.T) {
	b := newBot(t, discord.Config{})
	res := b.ask(command("card", map[string]string{"name": "uss galxy", "edition": "2e"}))
	if res.Type != discordgo.InteractionResponseChannelMessageWithSource || len(res.Data.Embeds) != 1 {
		t.Fatalf("answer %+v", res)
	}
	e := res.Data.Embeds[0]
	if e.Title != "U.S.S. Galaxy" || e.URL != "https://rules.example.org/cards/2e-1-394" || e.Image == nil || !strings.HasPrefix(e.Image.URL, "https://") {
		t.Fatalf("embed %q %q %+v", e.Title, e.URL, e.Image)
	}
	fields := map[string]string{}
	for _, f := range e.Fields {
		fields[f.Name] = f.Value
	}
	if fields["Range · Weapons · Shields"] != "8 · 8 · 9" || fields["Cost"] != "5" || !strings.Contains(fields["Staffing"], "command") {
		t.Errorf("fields %v", fields)
	}
	if !strings.Contains(e.Footer.Text, "1 C 394") {
		t.Errorf("footer %q", e.Footer.Text)
	}
}

func TestCardCommandShowsErrata(t *testing.T) {
	b := newBot(t, discord.Config{})
	e := b.ask(command("card", map[string]string{"name": "Explore Black Cluster", "edition": "2e"})).Data.Embeds[0]
	found := false
	for _, f := range e.Fields {
		if strings.HasPrefix(f.Name, "Erratum") && strings.Contains(f.Value, "Cunning>34") && strings.Contains(f.Value, "/entries/") {
			found = true
		}
	}
	if !found {
		t.Errorf("no erratum with its source among %d fields of %q", len(e.Fields), e.Title)
	}
}

func TestAmbiguousCardOffersTheCandidatesThenThePick(t *testing.T) {
	b := newBot(t, discord.Config{})
	res := b.ask(command("card", map[string]string{"name": "jean-luc picard", "edition": "2e"}))
	if len(res.Data.Components) != 1 || res.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("answer %+v, want a menu of candidates", res.Data)
	}
	raw := res.Data.Components[0]
	var row struct {
		Components []struct {
			CustomID string `json:"custom_id"`
			Options  []struct{ Label, Value string }
		}
	}
	if err := json.Unmarshal(raw, &row); err != nil || len(row.Components) != 1 || len(row.Components[0].Options) < 2 {
		t.Fatalf("menu %s: %v", raw, err)
	}
	pick := row.Components[0].Options[1]
	if !strings.Contains(strings.ToLower(pick.Label), "picard") {
		t.Errorf("candidate %q", pick.Label)
	}
	body, _ := json.Marshal(map[string]any{"id": "1", "application_id": "2", "type": 3, "token": "t", "version": 1,
		"data": map[string]any{"custom_id": row.Components[0].CustomID, "component_type": 3, "values": []string{pick.Value}}})
	picked := b.ask(string(body))
	if picked.Type != discordgo.InteractionResponseUpdateMessage || len(picked.Data.Embeds) != 1 || !strings.HasSuffix(picked.Data.Embeds[0].URL, "/cards/"+pick.Value) {
		t.Fatalf("pick answered %+v", picked.Data)
	}
}

func TestCardNamesAreCompletedAsTheyAreTyped(t *testing.T) {
	b := newBot(t, discord.Config{})
	body := `{"id":"1","application_id":"2","type":4,"token":"t","version":1,"data":{"id":"3","name":"card","type":1,
		"options":[{"name":"name","type":3,"value":"enterp","focused":true},{"name":"edition","type":3,"value":"2e"}]}}`
	res := b.ask(body)
	if res.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(res.Data.Choices) == 0 {
		t.Fatalf("answer %+v", res)
	}
	for _, c := range res.Data.Choices {
		if !strings.Contains(strings.ToLower(c.Name), "enterprise") {
			t.Errorf("choice %q does not start a word with enterp", c.Name)
		}
	}
}

// A name offered for its persona's name says so where it is shown; the
// value picked is the name itself.
func TestACardNameCompletedLooselySaysSo(t *testing.T) {
	b := newBot(t, discord.Config{})
	body := `{"id":"1","application_id":"2","type":4,"token":"t","version":1,"data":{"id":"3","name":"card","type":1,
		"options":[{"name":"name","type":3,"value":"lore","focused":true},{"name":"edition","type":3,"value":"1e"}]}}`
	res := b.ask(body)
	if res.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(res.Data.Choices) == 0 {
		t.Fatalf("answer %+v", res)
	}
	c := res.Data.Choices[0]
	if c.Name != "The One (persona Lore)" || c.Value != "The One" {
		t.Errorf("choice %q, value %v; want The One (persona Lore), The One", c.Name, c.Value)
	}
}

func TestDefineCommandAnswersTheGoverningEntry(t *testing.T) {
	b := newBot(t, discord.Config{})
	e := b.ask(command("define", map[string]string{"term": "stopped", "edition": "2e"})).Data.Embeds[0]
	if !strings.EqualFold(e.Title, "stopped") || !strings.Contains(e.URL, "/entries/2e-rulebook.") || !strings.Contains(e.Footer.Text, "governs") || e.Description == "" {
		t.Fatalf("embed %q %q %q", e.Title, e.URL, e.Footer.Text)
	}
	if len(e.Fields) == 0 || e.Fields[0].Name != "Also in" || !strings.Contains(e.Fields[0].Value, "/entries/") {
		t.Errorf("the term's other documents are not linked: %+v", e.Fields)
	}
	res := b.ask(command("define", map[string]string{"term": "modificatoins"}))
	if res.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(strings.ToLower(res.Data.Content), "modification") {
		t.Errorf("unknown term: %+v", res.Data)
	}
}

func TestRuleCommandAnswersWithTheSnippetAndWhatGoverns(t *testing.T) {
	b := newBot(t, discord.Config{})
	e := b.ask(command("rule", map[string]string{"question": "how much range does moving cost", "edition": "2e"})).Data.Embeds[0]
	if e.Title == "" || !strings.Contains(e.Description, "**") || !strings.HasPrefix(e.URL, "https://rules.example.org/") {
		t.Fatalf("embed %q %q %q", e.Title, e.URL, e.Description)
	}
	names := []string{}
	for _, f := range e.Fields {
		names = append(names, f.Name)
	}
	if !strings.Contains(strings.Join(names, "|"), "Govern") || !strings.Contains(strings.Join(names, "|"), "Also") {
		t.Errorf("fields %v: want what governs and the other hits", names)
	}
}

// TestEveryAnswerStaysWithinDiscordsLimits asks for the longest entries and
// cards of the corpus; withinLimits checks each answer.
func TestEveryAnswerStaysWithinDiscordsLimits(t *testing.T) {
	b := newBot(t, discord.Config{})
	var longest []*rules.Entry
	for _, e := range testcorpus.Load(t).Entries {
		if e.Kind == rules.KindGlossary || e.Kind == rules.KindRuling {
			longest = append(longest, e)
		}
	}
	slices.SortFunc(longest, func(a, b *rules.Entry) int { return len(b.Text) - len(a.Text) })
	for _, e := range longest[:10] {
		res := b.ask(command("define", map[string]string{"term": e.Title, "edition": e.Edition}))
		if len(res.Data.Embeds) != 1 {
			t.Errorf("define %q: %+v", e.Title, res.Data)
			continue
		}
		if d := res.Data.Embeds[0].Description; utf8.RuneCountInString(e.Text) > 4096 && !strings.Contains(d, "read on") {
			t.Errorf("%s: a cut text does not link to the whole", e.ID)
		}
	}
	for _, q := range []string{"stopped", "mission attempt", strings.Repeat("dilemma ", 40), "*_~`|>", "@everyone"} {
		b.ask(command("rule", map[string]string{"question": q}))
		b.ask(command("card", map[string]string{"name": q}))
		b.ask(command("define", map[string]string{"term": q}))
	}
}

// slowSearch never answers before its context ends.
type slowSearch struct{}

func (slowSearch) Search(ctx context.Context, _ rules.SearchQuery) (*rules.SearchResult, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestASlowServiceIsAnsweredWithinDiscordsThreeSeconds(t *testing.T) {
	b := fakeBot(t, discord.Config{Search: slowSearch{}, Deadline: 300 * time.Millisecond})
	start := time.Now()
	res := b.ask(command("rule", map[string]string{"question": "range"}))
	if time.Since(start) > 2*time.Second || !strings.Contains(res.Data.Content, "too long") {
		t.Fatalf("after %v: %+v", time.Since(start), res.Data)
	}
}

func TestCommandsAreValidDefinitions(t *testing.T) {
	cmds := discord.Commands()
	raw, err := json.Marshal(cmds)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range cmds {
		names[c.Name] = true
		if len(c.Description) > 100 || len(c.Options) > 25 {
			t.Errorf("/%s: description %d, %d options", c.Name, len(c.Description), len(c.Options))
		}
		for _, o := range c.Options {
			if len(o.Description) > 100 || o.Name != strings.ToLower(o.Name) {
				t.Errorf("/%s %s", c.Name, o.Name)
			}
		}
	}
	if !names["rule"] || !names["define"] || !names["card"] || !bytes.Contains(raw, []byte(`"autocomplete":true`)) {
		t.Fatalf("commands %s", raw)
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	if k, err := discord.ParsePublicKey(hex.EncodeToString(pub)); err != nil || !k.Equal(pub) {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "zz", hex.EncodeToString(pub[:10])} {
		if _, err := discord.ParsePublicKey(bad); err == nil {
			t.Errorf("%q read as a key", bad)
		}
	}
}

// TestOpenAPIDescribesTheInteractionsEndpoint: the API's document describes
// what this endpoint takes and answers, good and bad, as the live handler
// answers it.
func TestOpenAPIDescribesTheInteractionsEndpoint(t *testing.T) {
	b := newBot(t, discord.Config{})
	ctx := context.Background()
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	doc.Servers = openapi3.Servers{{URL: b.srv.URL}}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	stamp := strconv.FormatInt(b.now.Unix(), 10)
	signed := func(body string) http.Header {
		h := http.Header{}
		h.Set("Content-Type", "application/json")
		h.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(b.priv, []byte(stamp+body))))
		h.Set("X-Signature-Timestamp", stamp)
		return h
	}
	card := command("card", map[string]string{"name": "Jean-Luc Picard"})
	complete := `{"type":4,"data":{"name":"card","options":[{"name":"name","value":"wor","type":3,"focused":true}]}}`
	forged := signed(`{"type":1}`)
	forged.Set("X-Signature-Ed25519", strings.Repeat("00", 64))
	cases := []struct {
		name   string
		body   string
		header http.Header
		status int
	}{
		{"ping", `{"type":1}`, signed(`{"type":1}`), 200},
		{"a command", card, signed(card), 200},
		{"the same command again", card, signed(card), 409},
		{"autocompletion", complete, signed(complete), 200},
		{"a forged signature", `{"type":1}`, forged, 401},
		{"not an interaction", `[1,2]`, signed(`[1,2]`), 400},
		{"too large", `{"type":1,"pad":"` + strings.Repeat("x", 1<<20) + `"}`, signed(`{"type":1}`), 413},
	}
	for _, tc := range cases {
		req, _ := http.NewRequest(http.MethodPost, b.srv.URL+discord.Route, strings.NewReader(tc.body))
		req.Header = tc.header
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatalf("%s: POST %s is not documented: %v", tc.name, discord.Route, err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		if err := openapi3filter.ValidateRequest(ctx, in); tc.status == 200 && err != nil {
			t.Errorf("%s: a good interaction fails the document: %v", tc.name, err)
		}
		req.Body = io.NopCloser(strings.NewReader(tc.body))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d: %.200s", tc.name, res.StatusCode, tc.status, body)
			continue
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode,
			Header: res.Header, Body: io.NopCloser(bytes.NewReader(body)),
			Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			t.Errorf("%s: the answer does not match the document: %v", tc.name, err)
		}
	}
}

// A card the data knows only by its title is answered with what it prints
// that the data lacks, named: unknown is not zero, and not left out.
func TestCardCommandSaysWhatTheCardDataLacks(t *testing.T) {
	titleOnly := &rules.Card{ID: "2e-9-7", Edition: "2e", Set: "9", Number: "7", Title: "Ensign Example", Type: "personnel",
		Affiliation: "federation", Sources: []string{"2e-rulebook"}}
	full := &rules.Card{ID: "1e-9-8", Edition: "1e", Set: "9", Number: "8", Title: "Example Civilian", Type: "personnel", Affiliation: "non-aligned",
		Skills: []rules.Skill{{Name: "Biology", Level: 1}}, Integrity: rules.IntPtr(5), Cunning: rules.IntPtr(6), Strength: rules.IntPtr(4)}
	cards := &mock.CardService{LookUpCardFn: func(_ context.Context, id rules.CardIdentifier) (*rules.Card, error) {
		if id.Name == titleOnly.Title {
			return titleOnly, nil
		}
		return full, nil
	}}
	b := fakeBot(t, discord.Config{Cards: cards})
	lacking := func(name string) string {
		res := b.ask(command("card", map[string]string{"name": name}))
		if res.Data == nil || len(res.Data.Embeds) != 1 {
			t.Fatalf("%s: answer %+v", name, res)
		}
		for _, f := range res.Data.Embeds[0].Fields {
			if f.Name == "Not in the card data" {
				return f.Value
			}
		}
		return ""
	}
	if got, want := lacking("Ensign Example"), "icons, skills, integrity, cunning, strength, species, cost, uniqueness (printed on the card)"; got != want {
		t.Errorf("a card known by its title: %q, want %q", got, want)
	}
	if got := lacking("Example Civilian"); got != "" {
		t.Errorf("a card the data gives in full: %q", got)
	}
}

// A term nothing defines is answered with links to the entries whose text
// explains it, each at its paragraph, as REST's details.sections name them.
func TestDefineCommandLinksTheEntriesThatExplainATermNothingDefines(t *testing.T) {
	explaining := []rules.EntryRef{
		{ID: "1e-x.section.moving", Kind: "section", Title: "MOVING", DocumentID: "1e-x", Edition: "1e", Anchor: "p-a-ship-moves"},
		{ID: "1e-x.ruling.warp", Kind: "ruling", Title: "Warp", DocumentID: "1e-x", Edition: "1e"},
	}
	ref := &mock.ReferenceService{DefineFn: func(context.Context, string, rules.Edition) ([]*rules.Entry, error) {
		return nil, rules.Errorf(rules.ENOTFOUND, "No glossary entry, ruling or section defines %q; MOVING explains it.", "speed").
			WithDetail("suggestions", []string{}).WithDetail("search", "speed").WithDetail("sections", explaining)
	}}
	b := fakeBot(t, discord.Config{Reference: ref})
	res := b.ask(command("define", map[string]string{"term": "speed"}))
	for _, want := range []string{"MOVING explains it.", "[MOVING](https://rules.example.org/entries/1e-x.section.moving#p-a-ship-moves)",
		"[Warp](https://rules.example.org/entries/1e-x.ruling.warp)"} {
		if !strings.Contains(res.Data.Content, want) {
			t.Errorf("the answer lacks %q: %q", want, res.Data.Content)
		}
	}
}

// A name no card has but a Current Rulings entry is titled with is
// answered with a link to that ruling, as the card pages send a reader
// there.
func TestCardCommandLinksTheRulingOfANameNoCardHas(t *testing.T) {
	ruling := rules.EntryRef{ID: "1e-x.ruling.example-rule", Kind: "ruling", Title: "Example Rule", DocumentID: "1e-x", Edition: "1e"}
	cards := &mock.CardService{LookUpCardFn: func(context.Context, rules.CardIdentifier) (*rules.Card, error) {
		return nil, rules.Errorf(rules.ENOTFOUND, "No card is named %q; a ruling is titled so.", "Example Rule").WithDetail("rulings", []rules.EntryRef{ruling})
	}}
	b := fakeBot(t, discord.Config{Cards: cards})
	res := b.ask(command("card", map[string]string{"name": "Example Rule"}))
	if want := "[Example Rule](https://rules.example.org/entries/1e-x.ruling.example-rule)"; !strings.Contains(res.Data.Content, want) {
		t.Errorf("the answer lacks %q: %q", want, res.Data.Content)
	}
}

// /rule links each hit at the paragraph that answers best, as the search
// page does, so that a judge lands on the governing paragraph, not the top
// of a long section.
func TestRuleCommandLinksTheParagraphThatAnswers(t *testing.T) {
	search := &mock.SearchService{SearchFn: func(context.Context, rules.SearchQuery) (*rules.SearchResult, error) {
		return &rules.SearchResult{Total: 3, Hits: []rules.SearchHit{
			{ID: "2e-x.section.moving", Kind: "section", Title: "MOVING", DocumentID: "2e-x", Edition: "2e", Snippet: "a ship <mark>moves</mark>", Anchor: "p-a-ship-moves"},
			{ID: "2e-x.glossary.range", Kind: "glossary", Title: "Range", DocumentID: "2e-x", Edition: "2e", Snippet: "range", Anchor: "p-range-is"},
			{ID: "2e-9-1", Kind: "card", Title: "Example Shuttle", DocumentID: "cards", Edition: "2e", Snippet: "a shuttle"},
		}}, nil
	}}
	b := fakeBot(t, discord.Config{Search: search})
	e := b.ask(command("rule", map[string]string{"question": "how far does a ship move"})).Data.Embeds[0]
	if e.URL != "https://rules.example.org/entries/2e-x.section.moving#p-a-ship-moves" {
		t.Errorf("the best hit links %q", e.URL)
	}
	also := ""
	for _, f := range e.Fields {
		if f.Name == "Also" {
			also = f.Value
		}
	}
	if !strings.Contains(also, "(https://rules.example.org/entries/2e-x.glossary.range#p-range-is)") || !strings.Contains(also, "(https://rules.example.org/cards/2e-9-1)") {
		t.Errorf("the other hits: %q", also)
	}
}

// /card offers the card's other versions, of both editions, as links, as
// the card page and the terminal list them: a judge asked for the one
// they meant.
func TestCardCommandLinksTheOtherVersions(t *testing.T) {
	cards := map[string]*rules.Card{
		"2e-9-1": {ID: "2e-9-1", Edition: "2e", Set: "9", SetName: "Example Set", Title: "Example Captain", Subtitle: "Explorer", Type: "personnel", Versions: []string{"1e-9-2", "2e-9-404"}},
		"1e-9-2": {ID: "1e-9-2", Edition: "1e", Set: "9", SetName: "Example Premiere", Title: "Example Captain", Type: "personnel", Versions: []string{"2e-9-1"}},
	}
	svc := &mock.CardService{
		LookUpCardFn: func(context.Context, rules.CardIdentifier) (*rules.Card, error) { return cards["2e-9-1"], nil },
		CardFn: func(_ context.Context, id string) (*rules.Card, error) {
			if c, ok := cards[id]; ok {
				return c, nil
			}
			return nil, rules.Errorf(rules.ENOTFOUND, "No card has the id %q.", id)
		},
	}
	b := fakeBot(t, discord.Config{Cards: svc})
	e := b.ask(command("card", map[string]string{"name": "Example Captain, Explorer"})).Data.Embeds[0]
	versions := ""
	for _, f := range e.Fields {
		if f.Name == "Other versions" {
			versions = f.Value
		}
	}
	if want := "[Example Captain](https://rules.example.org/cards/1e-9-2) (First Edition, Example Premiere)"; versions != want {
		t.Errorf("other versions %q, want %q", versions, want)
	}
}

// /rule says above its answer how the search read a word it read as
// another, and in its notice when nothing answers; nothing of a query read
// as typed.
func TestRuleCommandSaysHowTheQuestionWasRead(t *testing.T) {
	hits := []rules.SearchHit{{ID: "2e-x.glossary.stopped", Kind: "glossary", Title: "Stopped", DocumentID: "2e-x", Edition: "2e", Snippet: "a <mark>stopped</mark> card", Anchor: "p-a-stopped-card"}}
	search := &mock.SearchService{SearchFn: func(_ context.Context, q rules.SearchQuery) (*rules.SearchResult, error) {
		res := &rules.SearchResult{Total: len(hits), Hits: hits}
		if strings.Contains(q.Q, "nothing") {
			res = &rules.SearchResult{Hits: []rules.SearchHit{}}
		}
		if strings.Contains(q.Q, "stoped") {
			res.ReadAs = []rules.WordReading{{Typed: "stoped", As: "stopped", Why: rules.ReadTypo}}
		}
		return res, nil
	}}
	b := fakeBot(t, discord.Config{Search: search})
	const said = "Showing results for stopped (you typed stoped)."
	if res := b.ask(command("rule", map[string]string{"question": "stoped card"})); res.Data.Content != said || len(res.Data.Embeds) != 1 {
		t.Errorf("content %q, %d embeds; want %q above the answer", res.Data.Content, len(res.Data.Embeds), said)
	}
	if res := b.ask(command("rule", map[string]string{"question": "stopped card"})); res.Data.Content != "" {
		t.Errorf("content %q for a question read as typed", res.Data.Content)
	}
	if res := b.ask(command("rule", map[string]string{"question": "stoped nothing"})); !strings.HasSuffix(res.Data.Content, said) {
		t.Errorf("notice %q lacks %q", res.Data.Content, said)
	}
}

// Package discord answers Discord's interactions webhook for the rules
// service: the slash commands /rule, /define and /card (with card names
// completed as they are typed), answered as embeds from the same services
// the REST API calls. Discord posts each interaction, signed with the
// application's Ed25519 key, to POST /discord/interactions; this package
// verifies the signature and its timestamp, and answers within Discord's
// three seconds and its size limits.
//
// The interaction and command types, and the signature check, are those of
// github.com/bwmarrin/discordgo.
package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/stccg/stccg-rules/api"

	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Route is the path Discord posts interactions to; an operator sets
// https://HOST/discord/interactions as the application's Interactions
// Endpoint URL.
const Route = "/discord/interactions"

// Discord's limits on an interaction.
const (
	// MaxSkew is how far an interaction's timestamp may lie from the
	// server's clock, either way, before it is refused as stale: a replayed
	// request, however well signed, is refused after it.
	MaxSkew = 5 * time.Minute
	// answerWithin is Discord's deadline for the first answer.
	answerWithin = 3 * time.Second
	// maxBody bounds an interaction's body: they are a few KiB.
	maxBody = 64 << 10
)

// Config says which key verifies the interactions and which services
// answer them.
type Config struct {
	// PublicKey is the application's public key (the Developer Portal's
	// "Public Key"), which every interaction is signed for.
	PublicKey ed25519.PublicKey
	Reference rules.ReferenceService
	Search    rules.SearchService
	Cards     rules.CardService
	// Changes compares the entry /define answers with the version it
	// superseded; nil takes Reference's when it does (library.Library).
	Changes rules.ChangesService
	// BaseURL is the public address of the service's pages, for the links
	// of the answers ("https://rules.example.org"); "" uses the scheme and
	// host the interaction reached.
	BaseURL string
	Logger  *slog.Logger
	// Deadline bounds the work on one interaction, so the answer reaches
	// Discord within its three seconds; 0 means 2.5 s.
	Deadline time.Duration
	// Now is the clock timestamps are checked against; nil is time.Now.
	Now func() time.Time
	// Replays remembers the interactions answered, so that each is answered
	// once: a signed interaction posted again within MaxSkew is refused
	// (409). Nil remembers them in process (*ratelimit.Seen shares them
	// between replicas through Redis).
	Replays Replays
	// Limiter, when set, counts every interaction but a ping against the
	// limit of the Discord user who made it (UserPerMinute) and of the
	// guild it came from (GuildPerMinute); one over either is answered a
	// notice only the user sees, and an autocompletion no choices. 0 is no
	// limit.
	Limiter                       Limiter
	UserPerMinute, GuildPerMinute int
}

// Replays remembers keys (*ratelimit.Seen).
type Replays interface {
	// First records key and reports whether it had not been recorded.
	First(ctx context.Context, key string) bool
}

// Limiter counts requests of a named client at a limit of its own
// (*ratelimit.Limiter).
type Limiter interface {
	AllowKey(ctx context.Context, key string, perMinute, n int) ratelimit.Result
}

// ParsePublicKey reads the application's public key as the Developer Portal
// shows it, in hex.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("discord public key: want %d bytes in hex, as the Developer Portal shows it", ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// Handler answers Discord's interactions. It is safe for concurrent use.
type Handler struct {
	cfg Config
	log *slog.Logger
}

// New returns the interactions handler.
func New(cfg Config) *Handler {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Deadline <= 0 || cfg.Deadline >= answerWithin {
		cfg.Deadline = answerWithin * 5 / 6
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Replays == nil {
		// Remembered as long as a timestamp stays fresh, either way.
		cfg.Replays = ratelimit.NewSeen(ratelimit.SeenConfig{TTL: 2 * MaxSkew, Now: cfg.Now})
	}
	return &Handler{cfg: cfg, log: cfg.Logger}
}

// ServeHTTP verifies an interaction and answers it: a PING with a PONG, a
// command with its answer, an autocomplete with the choices, a pick among
// ambiguous cards with the card. An unsigned, wrongly signed or stale
// request is a 401, as Discord requires; a body that is not an interaction
// is a 400.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, http.StatusMethodNotAllowed, "Discord posts interactions; this route takes POST only.")
		return
	}
	// The body is read once, within its bound, before the signature is
	// checked over it: an oversized body is a 413, not a failed signature.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		// Past the bound, 413; arriving too slowly or cut short, as every
		// body (api.BodyReadRefusal), never said to be too large.
		status, msg := api.BodyReadRefusal(err)
		if status == http.StatusRequestEntityTooLarge {
			msg = fmt.Sprintf("The interaction is larger than the %d KiB this endpoint reads.", maxBody>>10)
		}
		writeError(w, status, msg)
		return
	}
	if msg := h.fresh(r.Header.Get("X-Signature-Timestamp")); msg != "" {
		writeError(w, http.StatusUnauthorized, msg)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(r, h.cfg.PublicKey) {
		writeError(w, http.StatusUnauthorized, "The interaction's signature does not verify with the application's public key.")
		return
	}
	// Read strictly, as every body is: a key given twice (Discord sends
	// each once) was read as the last; data that is no object (null, a
	// list) was read as a command of no name.
	if err := api.DuplicateKey(body); err != nil {
		writeError(w, http.StatusBadRequest, "The body is not a Discord interaction: "+rules.ErrorMessage(err))
		return
	}
	if msg := dataShape(body); msg != "" {
		writeError(w, http.StatusBadRequest, msg)
		return
	}
	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil {
		writeError(w, http.StatusBadRequest, notAnInteraction(body, err))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.cfg.Deadline)
	defer cancel()
	// Discord sends an interaction once, with its id; the same id again is
	// a signed request replayed within its five minutes.
	if in.ID != "" && !h.cfg.Replays.First(ctx, "discord:"+in.ID) {
		writeError(w, http.StatusConflict, "This interaction was answered already: Discord sends each once.")
		return
	}
	var res *discordgo.InteractionResponse
	if limited, ok := h.limited(ctx, &in); ok {
		res = limited
	} else {
		a := &answerer{h: h, ctx: ctx, base: h.baseURL(r)}
		res, err = a.answer(&in)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(res)
}

// limited counts an interaction against the limits of its user and its
// guild, and returns the answer of one over either (ok).
func (h *Handler) limited(ctx context.Context, in *discordgo.Interaction) (res *discordgo.InteractionResponse, ok bool) {
	if h.cfg.Limiter == nil || in.Type == discordgo.InteractionPing {
		return nil, false
	}
	var user string
	switch {
	case in.Member != nil && in.Member.User != nil:
		user = in.Member.User.ID
	case in.User != nil:
		user = in.User.ID
	}
	var refused *ratelimit.Result
	for _, c := range []struct {
		key       string
		perMinute int
	}{{"discord-user:" + user, h.cfg.UserPerMinute}, {"discord-guild:" + in.GuildID, h.cfg.GuildPerMinute}} {
		if strings.HasSuffix(c.key, ":") {
			continue // a direct message has no guild
		}
		if r := h.cfg.Limiter.AllowKey(ctx, c.key, c.perMinute, 1); !r.Allowed {
			refused = &r
			break
		}
	}
	if refused == nil {
		return nil, false
	}
	if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}, true
	}
	secs := max(1, int((refused.RetryAfter+time.Second-1)/time.Second))
	return notice(fmt.Sprintf("Too many questions from here: the limit is %d a minute. Ask again in %d seconds.", refused.Limit, secs)), true
}

// fresh says what is wrong with an interaction's timestamp, "" when it is
// within MaxSkew of the clock. Discord signs the timestamp with the body,
// so a fresh one cannot be put on an old request.
func (h *Handler) fresh(stamp string) string {
	if stamp == "" {
		return "The interaction carries no X-Signature-Timestamp."
	}
	secs, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return "The interaction's X-Signature-Timestamp is not a Unix time in seconds."
	}
	if skew := h.cfg.Now().Sub(time.Unix(secs, 0)); skew > MaxSkew || skew < -MaxSkew {
		return "The interaction's timestamp is stale: more than five minutes from the server's clock."
	}
	return ""
}

// baseURL is where links in answers point.
func (h *Handler) baseURL(r *http.Request) string {
	if h.cfg.BaseURL != "" {
		return strings.TrimRight(h.cfg.BaseURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// writeError answers in the API's error shape.
func writeError(w http.ResponseWriter, status int, message string) {
	var b bytes.Buffer
	_ = json.NewEncoder(&b).Encode(map[string]any{"error": map[string]any{"code": rules.EINVALID, "message": message, "details": map[string]any{}}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// notAnInteraction says why body, which json.Unmarshal refused with err as
// an interaction, is none: more than one JSON value, a field of another
// type than Discord sends, a command with no data, or not JSON.
func notAnInteraction(body []byte, err error) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if dec.Decode(new(json.RawMessage)) == nil {
		if rest := bytes.TrimLeft(body[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
			return fmt.Sprintf("The body holds more than one JSON value (more begins at byte %d): send the interaction alone.", len(body)-len(rest))
		}
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) && typ.Field != "" {
		return fmt.Sprintf("The body is not a Discord interaction: its field %s is a JSON %s, where Discord sends %s.", truncate(typ.Field, 60), typ.Value, jsonKind(typ.Type.Kind().String()))
	}
	var head struct {
		Type discordgo.InteractionType `json:"type"`
		Data json.RawMessage           `json:"data"`
	}
	if json.Unmarshal(body, &head) == nil && head.Type != discordgo.InteractionPing && len(head.Data) == 0 {
		return fmt.Sprintf("The body is not a Discord interaction: an interaction of type %d has data, and this one has none.", head.Type)
	}
	return "The body is not a Discord interaction."
}

// dataShape says what is wrong with the data of an interaction that needs
// some (every type but a ping): none, null, or a value that is no object;
// "" when nothing is, or when the body is no JSON object (notAnInteraction
// says so).
func dataShape(body []byte) string {
	var head struct {
		Type *discordgo.InteractionType `json:"type"`
		Data json.RawMessage            `json:"data"`
	}
	if json.Unmarshal(body, &head) != nil || head.Type == nil || *head.Type == discordgo.InteractionPing {
		return ""
	}
	data := bytes.TrimSpace(head.Data)
	switch {
	case len(data) == 0 || string(data) == "null":
		return fmt.Sprintf("The body is not a Discord interaction: an interaction of type %d has data, and this one has none.", *head.Type)
	case data[0] != '{':
		kind := map[byte]string{'[': "an array", '"': "a string", 't': "a boolean", 'f': "a boolean"}[data[0]]
		if kind == "" {
			kind = "a number"
		}
		return fmt.Sprintf("The body is not a Discord interaction: its field data is a JSON %s, where Discord sends an object.", strings.TrimPrefix(strings.TrimPrefix(kind, "an "), "a "))
	}
	return ""
}

// jsonKind names a Go kind as JSON names its values.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	}
	return "a number"
}

// errNotAnInteraction is an interaction of a type this endpoint does not
// take (a modal it never opened).
var errNotAnInteraction = errors.New("it answers pings, the /rule, /define and /card commands, their autocompletion and card picks")

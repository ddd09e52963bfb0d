package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Command names.
const (
	cmdRule   = "rule"
	cmdDefine = "define"
	cmdCard   = "card"
	// pickCard is the custom id of the menu that offers the cards an
	// ambiguous name fits.
	pickCard = "card-pick"
)

// Commands are the slash commands an operator registers for the
// application (PUT /applications/{id}/commands with this list as the body);
// `stccg-rules discord commands` prints them.
func Commands() []*discordgo.ApplicationCommand {
	edition := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "edition", Description: "First or Second Edition (both when left out)",
		Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "First Edition", Value: rules.Edition1E}, {Name: "Second Edition", Value: rules.Edition2E}},
	}
	return []*discordgo.ApplicationCommand{
		{
			Type: discordgo.ChatApplicationCommand, Name: cmdRule,
			Description: "Find the rule that answers a question, typos and all",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "question", Description: "The question, as you would ask a judge", Required: true, MaxLength: 200},
				edition,
			},
		},
		{
			Type: discordgo.ChatApplicationCommand, Name: cmdDefine,
			Description: "The glossary entry and rulings of a term, governing rulebook first",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "term", Description: "The term: stopped, range, persona...", Required: true, MaxLength: 100},
				edition,
			},
		},
		{
			Type: discordgo.ChatApplicationCommand, Name: cmdCard,
			Description: "A card by name, misspelled or not, with its statistics, errata and image",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "name", Description: "The card's name", Required: true, Autocomplete: true, MaxLength: 100},
				edition,
			},
		},
	}
}

// answerer answers one interaction.
type answerer struct {
	h    *Handler
	ctx  context.Context
	base string // where links point
}

func (a *answerer) answer(in *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	switch in.Type {
	case discordgo.InteractionPing:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}, nil
	case discordgo.InteractionApplicationCommand:
		data := in.ApplicationCommandData()
		if !knownCommand(data.Name) {
			return notice(fmt.Sprintf("This server does not know the command /%s.", truncate(data.Name, 40))), nil
		}
		opts, err := readOptions(data.Name, data.Options)
		if err != "" {
			return notice(err), nil
		}
		return a.command(data.Name, opts), nil
	case discordgo.InteractionApplicationCommandAutocomplete:
		data := in.ApplicationCommandData()
		return a.autocomplete(data.Name, data.Options), nil
	case discordgo.InteractionMessageComponent:
		data := in.MessageComponentData()
		if data.CustomID != pickCard || len(data.Values) != 1 {
			return nil, fmt.Errorf("The interaction's component %q is none this endpoint offered: %w.", truncate(data.CustomID, 40), errNotAnInteraction)
		}
		res := a.cardByID(data.Values[0])
		// The pick replaces the message that offered it.
		res.Type = discordgo.InteractionResponseUpdateMessage
		res.Data.Components = []discordgo.MessageComponent{}
		return res, nil
	}
	return nil, fmt.Errorf("The interaction's type %d is none this endpoint answers: %w.", in.Type, errNotAnInteraction)
}

// maxOptions is the most options a command's interaction holds: Discord
// allows 25 on a command.
const maxOptions = 25

// knownCommand says whether name is one of Commands.
func knownCommand(name string) bool {
	return name == cmdRule || name == cmdDefine || name == cmdCard
}

// declaredOption is the option name of the command as Commands registers
// it, nil when the command has none of that name.
func declaredOption(command, name string) *discordgo.ApplicationCommandOption {
	for _, c := range Commands() {
		if c.Name != command {
			continue
		}
		for _, o := range c.Options {
			if o.Name == name {
				return o
			}
		}
	}
	return nil
}

// readOptions reads a command's options once, strictly, against the
// options Commands registers for it: each given once, each one the command
// has (names are exact, as Discord sends them), each of its declared type
// with a value of that type (every option is text); its value trimmed.
// Discord sends nothing else; an interaction made by hand that does is
// answered with a sentence naming the option, never read in part. The
// sentence is "" when the options are read.
func readOptions(command string, opts []*discordgo.ApplicationCommandInteractionDataOption) (map[string]string, string) {
	if len(opts) > maxOptions {
		return nil, fmt.Sprintf("The command /%s is given %d options; it has at most %d.", command, len(opts), maxOptions)
	}
	out := make(map[string]string, len(opts))
	for i, o := range opts {
		if o == nil {
			return nil, fmt.Sprintf("Option %d of /%s is null.", i+1, command)
		}
		name := truncate(o.Name, 40)
		d := declaredOption(command, o.Name)
		if d == nil {
			var names []string
			for _, c := range Commands() {
				if c.Name == command {
					for _, o := range c.Options {
						names = append(names, o.Name)
					}
				}
			}
			return nil, fmt.Sprintf("The command /%s has no option %q; it takes %s.", command, name, strings.Join(names, ", "))
		}
		if _, twice := out[o.Name]; twice {
			// Discord sends each option once; a hand-made interaction
			// giving one twice had the last read without a word.
			return nil, rules.GivenTwice(name).Message
		}
		v, isText := o.Value.(string)
		if o.Type != d.Type || !isText {
			return nil, fmt.Sprintf("The option %s of /%s is text; it was given as %s.", name, command, optionKind(o))
		}
		out[o.Name] = strings.TrimSpace(v)
	}
	return out, ""
}

// optionKind says what an option was given as: its type's name, or its
// value's when the type says text.
func optionKind(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch o.Type {
	case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
		return "a subcommand"
	case discordgo.ApplicationCommandOptionInteger:
		return "an integer"
	case discordgo.ApplicationCommandOptionNumber:
		return "a number"
	case discordgo.ApplicationCommandOptionBoolean:
		return "a boolean"
	case discordgo.ApplicationCommandOptionString:
		switch o.Value.(type) {
		case nil:
			return "null"
		case float64:
			return "a number"
		case bool:
			return "a boolean"
		}
		return "something other than text"
	}
	return fmt.Sprintf("an option of type %d", o.Type)
}

// textValue is an option's value when it is text, "" when it is not.
func textValue(o *discordgo.ApplicationCommandInteractionDataOption) string {
	v, _ := o.Value.(string)
	return v
}

func (a *answerer) command(name string, opts map[string]string) *discordgo.InteractionResponse {
	if !knownCommand(name) {
		return notice(fmt.Sprintf("This server does not know the command /%s.", truncate(name, 40)))
	}
	// The edition is read as everywhere (rules.ParseEdition): a command
	// registered before its choices changed, or sent by hand, is answered
	// in the words REST answers ?edition= in.
	edition, err := rules.ParseEdition(opts["edition"])
	if err != nil {
		return a.failure(err)
	}
	// The command's text is read as every transport reads one
	// (rules.ParseText): Discord bounds what its box takes, but an
	// interaction sent by hand is bounded here, in the same words.
	field := textOption[name]
	read := rules.ParseText
	if name == cmdCard {
		read = rules.ParseCardName // a card name's one limit
	}
	text, err := read(field, opts[field])
	if err != nil {
		return a.failure(err)
	}
	// A text given empty, or with nothing to read, is refused in the
	// words of every transport (rules.NeededText).
	if err := neededText[name].Check(field, text); err != nil {
		return a.failure(err)
	}
	switch name {
	case cmdRule:
		return a.rule(text, edition)
	case cmdDefine:
		return a.define(text, edition)
	}
	return a.card(text, edition)
}

// textOption is the option holding each command's text.
var textOption = map[string]string{cmdRule: "question", cmdDefine: "term", cmdCard: "name"}

// neededText is what each command's text is.
var neededText = map[string]rules.NeededText{cmdRule: rules.SearchText, cmdDefine: rules.TermText, cmdCard: rules.CardNameText}

// rule answers /rule: the best hit, its snippet and its governing document,
// and the next hits as links.
func (a *answerer) rule(question string, edition rules.Edition) *discordgo.InteractionResponse {
	if a.h.cfg.Search == nil {
		return notice("Search is not available on this server.")
	}
	res, err := a.h.cfg.Search.Search(a.ctx, rules.SearchQuery{Q: question, Edition: edition, Limit: 5})
	if err != nil {
		return a.failure(err)
	}
	// How the search read a word it read as another, said above the answer.
	readAs := rules.ShowingResultsFor(res.ReadAs)
	if len(res.Hits) == 0 {
		return notice(strings.TrimSpace(fmt.Sprintf("Nothing in the rules answers %q. Try other words, or /define a term. %s", truncate(question, 100), readAs)))
	}
	docs := a.documents()
	top := res.Hits[0]
	e := ruleEmbed(top, docs, a.base)
	if top.Kind != rules.KindCard {
		if entry, err := a.h.cfg.Reference.Entry(a.ctx, top.ID); err == nil {
			addGoverning(e, entry, a.related(entry), docs, a.base)
		}
	}
	// A hit whose term a document not held may hold says so, as /define
	// says it of the term: what governs is then not known.
	if len(top.NotHeld) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "May be missing", Value: truncate(escapeMarkdown(rules.NotHeldSentence(top.NotHeld)), maxFieldValue)})
	}
	if more := moreHits(res.Hits[1:], docs, a.base); more != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Also", Value: more})
	}
	m := message(e)
	m.Data.Content = truncate(readAs, maxContent)
	return m
}

// define answers /define: the governing entry in full (as far as an embed
// holds), the same term in the other documents as links.
func (a *answerer) define(term string, edition rules.Edition) *discordgo.InteractionResponse {
	if a.h.cfg.Reference == nil {
		return notice("Definitions are not available on this server.")
	}
	entries, err := a.h.cfg.Reference.Define(a.ctx, term, edition)
	if err != nil {
		return a.failure(err)
	}
	docs := a.documents()
	e := defineEmbed(entries, docs, a.base)
	if f := a.changedField(entries[0], docs); f != nil {
		e.Fields = append(e.Fields, f)
	}
	// A term whose entries a document not held may hold says so, as the
	// search page's definition does: what governs is then not known.
	if gaps, err := rules.DefineNotHeld(a.ctx, a.h.cfg.Reference, term, edition); err == nil && len(gaps) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "May be missing", Value: truncate(escapeMarkdown(rules.NotHeldSentence(gaps)), maxFieldValue)})
	}
	return message(e)
}

// card answers /card: the card, or the cards an ambiguous name fits to
// pick from.
func (a *answerer) card(name string, edition rules.Edition) *discordgo.InteractionResponse {
	if a.h.cfg.Cards == nil {
		return notice("Cards are not available on this server.")
	}
	c, err := a.h.cfg.Cards.LookUpCard(a.ctx, rules.CardIdentifier{Name: name, Edition: edition, Fuzzy: true})
	if rules.ErrorCode(err) == rules.EAMBIGUOUS {
		return pickResponse(name, err)
	}
	if err != nil {
		return a.failure(err)
	}
	return message(a.cardWithVersions(c))
}

func (a *answerer) cardByID(id string) *discordgo.InteractionResponse {
	if a.h.cfg.Cards == nil {
		return notice("Cards are not available on this server.")
	}
	c, err := a.h.cfg.Cards.Card(a.ctx, id)
	if err != nil {
		return a.failure(err)
	}
	return message(a.cardWithVersions(c))
}

// maxVersions bounds the other versions one answer looks up and links.
const maxVersions = 10

// cardWithVersions is the card's embed with its other versions (of both
// editions) linked, as the card page and the terminal list them, so that
// the asker can open the one they meant; a version the service cannot find
// is left out.
func (a *answerer) cardWithVersions(c *rules.Card) *discordgo.MessageEmbed {
	e := cardEmbed(c, a.base)
	// Rulings and errata the documents read may not hold are said so, as
	// the card page says it: an erratum left out is then not known to be
	// none (rules.CoverageOf).
	cov, err := a.h.cfg.Cards.RulingsCoverage(a.ctx, c.ID)
	switch {
	case err != nil:
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Rulings and errata", Value: "Whether the documents read hold a ruling or erratum on this card is not known."})
	case !cov.Complete:
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Rulings and errata", Value: truncate(escapeMarkdown(cov.Missing), maxFieldValue)})
	}
	var b strings.Builder
	for i, id := range c.Versions {
		if i == maxVersions || a.ctx.Err() != nil {
			break
		}
		v, err := a.h.cfg.Cards.Card(a.ctx, id)
		if err != nil {
			continue
		}
		where := editionName(v.Edition)
		if v.SetName != "" && v.SetName != where { // a set may be named for its edition
			where += ", " + v.SetName
		}
		line := fmt.Sprintf("[%s](%s) (%s)", escapeMarkdown(truncate(v.Name(), 80)), cardURL(a.base, v.ID), escapeMarkdown(where))
		if b.Len() > 0 {
			line = "\n" + line
		}
		if utf8.RuneCountInString(b.String())+utf8.RuneCountInString(line) > maxFieldValue {
			break
		}
		b.WriteString(line)
	}
	if b.Len() > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Other versions", Value: b.String()})
	}
	return e
}

// maxChoices is the most choices Discord shows for an autocompletion.
const maxChoices = 25

// autocomplete offers card names starting with what was typed, of the
// edition when one is chosen already.
func (a *answerer) autocomplete(command string, opts []*discordgo.ApplicationCommandInteractionDataOption) *discordgo.InteractionResponse {
	res := &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}
	if command != cmdCard || a.h.cfg.Cards == nil {
		return res
	}
	if len(opts) > maxOptions {
		return res // no command has so many: nothing to offer
	}
	var typed, chosen string
	for _, o := range opts {
		switch {
		case o.Name == "name" && o.Focused:
			typed = strings.TrimSpace(textValue(o))
		case o.Name == "edition":
			chosen = textValue(o)
		}
	}
	edition, err := rules.ParseEdition(chosen)
	if typed == "" || err != nil {
		return res // nothing to offer: the command itself will say what is wrong
	}
	ac, err := a.h.cfg.Cards.Autocomplete(a.ctx, typed, edition, maxChoices)
	if err != nil {
		return res // an empty list: the user keeps typing
	}
	for _, n := range ac.Names {
		if len(res.Data.Choices) == maxChoices {
			break
		}
		// A name and value are at most 100 characters; a name that long
		// is cut for the list, and found again by the fuzzy look-up. A
		// loose match says so in the name shown, never in the value.
		v := truncate(n.Name, 100)
		res.Data.Choices = append(res.Data.Choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(n.Name+looseNote(n, ac.ReadAs), 100), Value: v})
	}
	return res
}

// looseNote is what an offered name shown to a reader adds when it matched
// loosely: the persona it was offered for, or how the typed words were
// read; "" for a name the prefix begins as typed.
func looseNote(n rules.NameMatch, readAs []rules.WordReading) string {
	switch {
	case n.Match != rules.MatchFuzzy:
		return ""
	case n.Persona != "":
		return " (persona " + n.Persona + ")"
	case len(readAs) > 0:
		return " (read as " + readAs[0].As + ")"
	}
	return ""
}

// documents returns the source documents by id; a failure leaves it empty
// and the answers name document ids.
func (a *answerer) documents() map[string]rules.Document {
	out := map[string]rules.Document{}
	if a.h.cfg.Reference == nil {
		return out
	}
	docs, err := a.h.cfg.Reference.Documents(a.ctx)
	if err != nil {
		return out
	}
	for _, d := range docs {
		out[d.ID] = d
	}
	return out
}

// related loads the entries of the same term in other documents.
func (a *answerer) related(e *rules.Entry) []*rules.Entry {
	var out []*rules.Entry
	for _, id := range e.Related {
		if r, err := a.h.cfg.Reference.Entry(a.ctx, id); err == nil {
			out = append(out, r)
		}
	}
	return out
}

// failure answers a service error only the asker sees: the service's own
// sentence and its suggestions, or a sentence about the time for a
// deadline missed.
func (a *answerer) failure(err error) *discordgo.InteractionResponse {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(a.ctx.Err(), context.DeadlineExceeded) {
		return notice("The rules service took too long to answer; try again in a moment.")
	}
	code := rules.ErrorCode(err)
	if code == rules.EINTERNAL {
		a.h.log.ErrorContext(a.ctx, "discord interaction failed", "err", err)
		return notice("The rules service failed to answer; try again later.")
	}
	msg := rules.ErrorMessage(err)
	if sugg := rules.DetailStrings(err, "suggestions"); len(sugg) > 0 {
		msg += " Did you mean: " + strings.Join(sugg, ", ") + "?"
	}
	// The entries whose text explains a term nothing defines, and the
	// rulings titled with a name no card has, linked at their paragraph,
	// as REST names them (details.sections, details.rulings).
	refs, _ := rules.ErrorDetails(err)["sections"].([]rules.EntryRef)
	if rulings, _ := rules.ErrorDetails(err)["rulings"].([]rules.EntryRef); len(rulings) > 0 {
		refs = append(rulings, refs...)
	}
	if len(refs) > 0 {
		msg += "\nRead:"
		for i, r := range refs {
			u := entryURL(a.base, r.ID)
			if r.Anchor != "" {
				u += "#" + r.Anchor
			}
			link := " [" + escapeMarkdown(r.Title) + "](" + u + ")"
			if i > 0 {
				link = " ·" + link
			}
			if utf8.RuneCountInString(msg+link) > maxContent {
				break // whole links only
			}
			msg += link
		}
	}
	return notice(msg)
}

// message is a public answer of one embed.
func message(e *discordgo.MessageEmbed) *discordgo.InteractionResponse {
	fitEmbed(e)
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, AllowedMentions: &discordgo.MessageAllowedMentions{}}}
}

// notice is an answer only the asker sees.
func notice(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: truncate(text, maxContent), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{}}}
}

// maxPickOptions is the most options of a select menu.
const maxPickOptions = 25

// pickResponse offers the cards an ambiguous name fits, as a menu whose
// pick comes back as a component interaction (answer's pickCard case).
func pickResponse(name string, err error) *discordgo.InteractionResponse {
	var opts []discordgo.SelectMenuOption
	if choices, ok := rules.ErrorDetails(err)["choices"].([]map[string]string); ok {
		for _, c := range choices {
			if len(opts) == maxPickOptions {
				break
			}
			opts = append(opts, discordgo.SelectMenuOption{Label: truncate(c["name"], 100), Value: truncate(c["id"], 100),
				Description: truncate(editionName(c["edition"])+", set "+c["set"]+" · "+c["id"], 100)})
		}
	}
	// Whether the candidates fit the name as typed or only with a typo
	// forgiven, as the card page's chooser says.
	fit := rules.CandidatesFit(truncate(name, 100), rules.AmbiguousMatch(err))
	text := fit + " Pick one:"
	if len(opts) == 0 {
		return notice(fit + " " + strings.Join(rules.DetailStrings(err, "candidates"), "; ") + ".")
	}
	one := 1
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{},
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: pickCard, Placeholder: "Pick the card you mean", MinValues: &one, MaxValues: 1, Options: opts},
			}}}}}
}

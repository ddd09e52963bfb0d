package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/stccg/stccg-rules/discord"
)

// A command is one word of the command line: what it takes and what it does.
type command struct {
	name string
	// args are the words after the flags, as the usage line names them.
	args string
	// summary is the one line of the overview; about, the help's paragraph;
	// arguments explains each word of args.
	summary, about string
	arguments      [][2]string
}

// commands are the terminal's commands, in the overview's order.
var commands = []command{
	{name: "serve", summary: "run the HTTP service (REST under /v1, GraphQL at /graphql, the pages)",
		about: "Serve the rules service until SIGINT or SIGTERM, then drain in-flight requests. Log lines are readable text when standard error is a terminal and JSON otherwise (--log-format)."},
	{name: "corpus", summary: "print what was read from the corpus, and every warning",
		about: "Read the corpus and print, per document, the entries read by kind and the warnings, then the card counts."},
	{name: "index", summary: "write a prebuilt search index for serve --index",
		about: "Build the search index of the corpus into --out DIR, for serve --index. An index of the same corpus version is kept; another is replaced whole."},
	{name: "search", args: "WORDS...", summary: "search entries and cards",
		about:     "Search every rulebook section, glossary entry, ruling and card, best first, with the matched words in [brackets].",
		arguments: [][2]string{{"WORDS", "plain words, or a \"quoted phrase\" (quote it for the shell too)"}}},
	{name: "define", args: "TERM", summary: "the glossary entries and rulings of a term",
		about:     "Print the glossary entries and rulings titled with the term, governing document first.",
		arguments: [][2]string{{"TERM", "a glossary term, e.g. stopped or \"mission attempt\" (case, punctuation and plurals forgiven)"}}},
	{name: "changes", args: "ID", summary: "what changed between an entry and its versions in the other documents",
		about:     "Print the entry compared with the same term's entries in the other documents of its edition, sentence by sentence: which governs, what changed in one line, and the sentences changed, added, removed or moved (unchanged ones counted). --json prints the answer of GET /v1/entries/{id}/changes.",
		arguments: [][2]string{{"ID", "an entry id, e.g. 2e-rulebook.glossary.stopped"}}},
	{name: "card", args: "NAME | ID", summary: "a card by id or by name, typos forgiven",
		about: "Print a card with its statistics, errata, rulings and other versions. When a name fits several cards, their ids are listed: ask again by one of them.",
		arguments: [][2]string{{"NAME", "a card's name, \"title\" or \"title, subtitle\", e.g. \"jean-luc picard\" (typos and missing words forgiven)"},
			{"ID", "a card id: edition, set and number, e.g. 2e-1-392"}}},
	{name: "adjudicate", args: "[FILE]", summary: "answer a board question",
		about:     "Read an adjudication request (JSON: edition, question, board, params) and print the verdict as JSON.",
		arguments: [][2]string{{"FILE", "the request's file; without it, or with -, the request is read from standard input"}}},
	{name: "discord", args: "commands", summary: "print the Discord slash commands to register",
		about:     "Print the slash commands /rule, /define and /card as the JSON body of PUT https://discord.com/api/v10/applications/APPLICATION_ID/commands (with the header Authorization: Bot TOKEN). Then set the application's Interactions Endpoint URL to https://HOST" + discord.Route + " and serve with --discord-public-key.",
		arguments: [][2]string{{"commands", "the one subcommand: print the slash commands as JSON"}}},
	{name: "probe", args: "URL", summary: "exit 0 when URL answers 200 (container health checks)",
		about:     "GET the URL and exit 0 when it answers 200 within 2 seconds, 1 otherwise: the health check of an image without a shell.",
		arguments: [][2]string{{"URL", "e.g. http://127.0.0.1:8080/readyz"}}},
}

func commandNamed(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// overview is the usage of the program as a whole.
func overview() string {
	var b strings.Builder
	b.WriteString("stccg-rules: the Star Trek CCG rules service\n\nUsage:\n")
	for _, c := range commands {
		line := c.name + " [flags]"
		if c.args != "" {
			line += " " + c.args
		}
		fmt.Fprintf(&b, "  stccg-rules %-32s %s\n", line, c.summary)
	}
	b.WriteString("\nRun \"stccg-rules COMMAND --help\" for a command's arguments and flags.\n")
	return b.String()
}

// errHelp is returned by a command whose help was asked for and printed:
// the program exits 0.
var errHelp = errors.New("help shown")

// wantsHelp says whether the words of a command ask for its help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// setUsage makes fs print the command's help: its usage line, what it does,
// its arguments and its flags.
func setUsage(fs *flag.FlagSet) {
	fs.Usage = func() {
		c, _ := commandNamed(fs.Name())
		w := fs.Output()
		line := "stccg-rules " + c.name + " [flags]"
		if c.args != "" {
			line += " " + c.args
		}
		fmt.Fprintf(w, "Usage: %s\n\n%s\n", line, c.about)
		if len(c.arguments) > 0 {
			fmt.Fprintln(w, "\nArguments:")
			for _, a := range c.arguments {
				fmt.Fprintf(w, "  %-6s %s\n", a[0], a[1])
			}
		}
		if hasFlags(fs) {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// usageHint is the line after a mistake on a command's line.
func usageHint(w io.Writer, name string) {
	fmt.Fprintf(w, "Run \"stccg-rules %s --help\" for its arguments and flags.\n", name)
}

// Command stccg-rules serves the Star Trek CCG rules service and answers the
// same questions at a terminal.
//
//	stccg-rules serve      [--addr 127.0.0.1:8080] [--corpus DIR] [--redis URL] ...
//	stccg-rules corpus     [--corpus DIR]            what was read, and every warning
//	stccg-rules index      --out DIR [--corpus DIR]  write a prebuilt search index
//	stccg-rules search     [--corpus DIR] "words"    search as a judge would
//	stccg-rules define     [--corpus DIR] TERM       the glossary entries and rulings of a term
//	stccg-rules card       [--corpus DIR] NAME       a card by (fuzzy) name
//	stccg-rules adjudicate [--corpus DIR] < request.json
//	stccg-rules discord commands                     the slash commands to register
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "stccg-rules:", err)
		}
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

const usage = `stccg-rules: the Star Trek CCG rules service

Usage:
  stccg-rules serve      [flags]         run the HTTP service (REST under /v1, GraphQL at /graphql)
  stccg-rules corpus     [flags]         print what was read from the corpus, and every warning
  stccg-rules index      --out DIR       write a prebuilt search index for serve --index
  stccg-rules search     [flags] WORDS   search entries and cards
  stccg-rules define     [flags] TERM    the glossary entries and rulings of a term
  stccg-rules card       [flags] NAME    a card by name, typos forgiven
  stccg-rules adjudicate [flags] < request.json   answer a board question
  stccg-rules probe      URL             exit 0 when URL answers 200 (container health checks)
  stccg-rules discord commands           print the Discord slash commands to register

Run "stccg-rules COMMAND -h" for the flags of a command.
`

// run dispatches a command line; it is main without the process around it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return serve(ctx, rest, stderr)
	case "corpus":
		return corpusReport(ctx, rest, stdout, stderr)
	case "index":
		return buildIndex(ctx, rest, stdout, stderr)
	case "search":
		return searchCmd(ctx, rest, stdout, stderr)
	case "define":
		return defineCmd(ctx, rest, stdout, stderr)
	case "card":
		return cardCmd(ctx, rest, stdout, stderr)
	case "adjudicate":
		return adjudicateCmd(ctx, rest, stdin, stdout, stderr)
	case "probe":
		return probe(ctx, rest, stdout)
	case "discord":
		return discordCmd(rest, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "stccg-rules: unknown command %q\n\n%s", cmd, usage)
	return errUsage
}

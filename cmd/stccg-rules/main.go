// Command stccg-rules serves the Star Trek CCG rules service and answers the
// same questions at a terminal.
//
//	stccg-rules serve      [--addr 127.0.0.1:8080] [--corpus DIR] [--redis URL] ...
//	stccg-rules corpus     [--corpus DIR]            what was read, and every warning
//	stccg-rules index      --out DIR [--corpus DIR]  write a prebuilt search index
//	stccg-rules search     [--corpus DIR] "words"    search as a judge would
//	stccg-rules define     [--corpus DIR] TERM       the glossary entries and rulings of a term
//	stccg-rules card       [--corpus DIR] NAME | ID  a card by id or (fuzzy) name
//	stccg-rules adjudicate [--corpus DIR] [FILE]     a verdict on a request (stdin without FILE)
//	stccg-rules probe      URL                       exit 0 when URL answers 200
//	stccg-rules discord    commands                  the slash commands to register
//
// "stccg-rules COMMAND --help" describes a command's arguments and flags.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/stccg/stccg-rules/corpus"
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

// run dispatches a command line; it is main without the process around it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return cli{build: buildServices, load: loadCorpus}.run(ctx, args, stdin, stdout, stderr)
}

// cli runs the commands. build makes the services that search, card and
// adjudicate answer from: buildServices, which reads the corpus anew for
// every command as the binary does; load reads the corpus for the commands
// that need no services (corpus, define): loadCorpus. The commands' tests
// share one set and one corpus.
type cli struct {
	build func(context.Context, config) (*app, error)
	load  func(context.Context, string) (*corpus.Corpus, error)
}

func (c cli) run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, overview())
		return errUsage
	}
	cmd, rest := args[0], args[1:]
	if wantsHelp(rest) {
		// Asked-for help is the answer: it goes to standard output.
		stderr = stdout
	}
	err := c.dispatch(ctx, cmd, rest, stdin, stdout, stderr)
	if errors.Is(err, errHelp) {
		return nil
	}
	return err
}

func (c cli) dispatch(ctx context.Context, cmd string, rest []string, stdin io.Reader, stdout, stderr io.Writer) error {
	switch cmd {
	case "serve":
		return serve(ctx, rest, stderr)
	case "corpus":
		return c.corpusReport(ctx, rest, stdout, stderr)
	case "index":
		return buildIndex(ctx, rest, stdout, stderr)
	case "search":
		return c.searchCmd(ctx, rest, stdout, stderr)
	case "define":
		return c.defineCmd(ctx, rest, stdout, stderr)
	case "changes":
		return c.changesCmd(ctx, rest, stdout, stderr)
	case "card":
		return c.cardCmd(ctx, rest, stdout, stderr)
	case "adjudicate":
		return c.adjudicateCmd(ctx, rest, stdin, stdout, stderr)
	case "probe":
		return probe(ctx, rest, stdout, stderr)
	case "discord":
		return discordCmd(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			if _, ok := commandNamed(rest[0]); ok {
				return c.dispatch(ctx, rest[0], []string{"--help"}, stdin, stdout, stdout)
			}
		}
		fmt.Fprint(stdout, overview())
		return nil
	}
	fmt.Fprintf(stderr, "stccg-rules: unknown command %q\n\n%s", cmd, overview())
	return errUsage
}

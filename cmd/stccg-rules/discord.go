package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/stccg/stccg-rules/discord"
)

// discordCmd runs the Discord subcommands: "commands" prints the slash
// commands an operator registers for the application, as the JSON body of
// PUT /applications/{application id}/commands.
func discordCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("discord", flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() == 0:
		fs.Usage()
		return errUsage
	case fs.NArg() > 1 || fs.Arg(0) != "commands":
		// A word it does not know is named, as every command names its
		// mistakes.
		usageHint(stderr, "discord")
		return fmt.Errorf("discord takes the one word commands, not %q", strings.Join(fs.Args(), " "))
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(discord.Commands())
}

package main

import (
	"encoding/json"
	"flag"
	"io"

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
	if fs.NArg() != 1 || fs.Arg(0) != "commands" {
		fs.Usage()
		return errUsage
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(discord.Commands())
}

package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/stccg/stccg-rules/discord"
)

// discordCmd runs the Discord subcommands: "commands" prints the slash
// commands an operator registers for the application, as the JSON body of
// PUT /applications/{application id}/commands.
func discordCmd(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] != "commands" {
		fmt.Fprint(stderr, "Usage: stccg-rules discord commands\n\n"+
			"Prints the slash commands /rule, /define and /card as the JSON body of\n"+
			"PUT https://discord.com/api/v10/applications/APPLICATION_ID/commands\n"+
			"(with the header Authorization: Bot TOKEN). Then set the application's\n"+
			"Interactions Endpoint URL to https://HOST"+discord.Route+" and serve with\n"+
			"--discord-public-key.\n")
		return errUsage
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(discord.Commands())
}

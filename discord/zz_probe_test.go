package discord_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/discord"
)

func TestZZProbe(t *testing.T) {
	if os.Getenv("PROBE") == "" {
		t.Skip()
	}
	b := newBot(t, discord.Config{})
	show := func(label, body string) {
		code, out := b.post(body, b.now, b.priv)
		var res answer
		_ = json.Unmarshal(out, &res)
		s := fmt.Sprintf("== %s\n  status %d type %d", label, code, res.Type)
		if res.Data != nil {
			s += fmt.Sprintf(" flags %d content %q", res.Data.Flags, res.Data.Content)
			for _, e := range res.Data.Embeds {
				s += fmt.Sprintf("\n  embed %q %q desc %.150q", e.Title, e.URL, e.Description)
				for _, f := range e.Fields {
					s += fmt.Sprintf("\n    [%s] %.150q", f.Name, f.Value)
				}
				if e.Footer != nil {
					s += fmt.Sprintf("\n  footer %q", e.Footer.Text)
				}
			}
			for _, c := range res.Data.Components {
				s += fmt.Sprintf("\n  comp %.300s", c)
			}
			for _, c := range res.Data.Choices {
				s += fmt.Sprintf("\n  choice %q", c.Name)
			}
		} else if code != 200 {
			s += " " + string(out)
		}
		fmt.Println(s)
	}
	for _, line := range strings.Split(os.Getenv("PROBE"), "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if strings.HasPrefix(line, "{") {
			show(line, line)
			continue
		}
		parts := strings.Split(line, "|")
		opts := map[string]string{}
		for _, p := range parts[1:] {
			k, v, _ := strings.Cut(p, "=")
			opts[k] = v
		}
		show(line, command(parts[0], opts))
	}
}

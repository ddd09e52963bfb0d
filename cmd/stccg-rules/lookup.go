package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// defineCmd prints the glossary entries and rulings of a term, governing first.
func defineCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("define", stderr, &cfg)
	edition := fs.String("edition", "", "1e or 2e; empty for both")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	term := strings.Join(fs.Args(), " ")
	c, err := loadCorpus(ctx, cfg.Corpus)
	if err != nil {
		return err
	}
	// Define needs only the entries: no search index is built for it.
	es, err := library.New(c.Documents, c.Entries).Define(ctx, term, *edition)
	if err != nil {
		return terminalError(err)
	}
	for i, e := range es {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printEntry(stdout, e, i == 0)
	}
	return nil
}

// printEntry prints an entry for a judge at a terminal.
func printEntry(w io.Writer, e *rules.Entry, governing bool) {
	mark := ""
	if governing {
		mark = "  [governing]"
	}
	fmt.Fprintf(w, "%s — %s (%s, %s)%s\n", e.Title, strings.Join(e.Path, " > "), e.DocumentID, e.Kind, mark)
	fmt.Fprintf(w, "id: %s\n\n", e.ID)
	fmt.Fprintln(w, wrap(e.Text, 90, "  "))
	if len(e.SeeAlso) > 0 {
		fmt.Fprintf(w, "\n  see also: %s\n", strings.Join(e.SeeAlso, ", "))
	}
}

// terminalError turns a domain error into one line, with its suggestions.
func terminalError(err error) error {
	msg := rules.ErrorMessage(err)
	if d := rules.ErrorDetails(err); d != nil {
		for _, k := range []string{"suggestions", "candidates"} {
			if list, ok := d[k].([]string); ok && len(list) > 0 {
				msg += fmt.Sprintf(" %s: %s.", map[string]string{"suggestions": "Did you mean", "candidates": "Candidates"}[k], strings.Join(list, "; "))
			}
		}
	}
	return fmt.Errorf("%s", msg)
}

// wrap folds text at width, keeping paragraphs, with an indent.
func wrap(text string, width int, indent string) string {
	var out []string
	for _, para := range strings.Split(text, "\n\n") {
		var line strings.Builder
		var lines []string
		for _, word := range strings.Fields(para) {
			if line.Len() > 0 && line.Len()+1+len(word) > width {
				lines = append(lines, indent+line.String())
				line.Reset()
			}
			if line.Len() > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(word)
		}
		if line.Len() > 0 {
			lines = append(lines, indent+line.String())
		}
		out = append(out, strings.Join(lines, "\n"))
	}
	return strings.Join(out, "\n\n")
}

package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// defineCmd prints the glossary entries and rulings of a term, governing
// first, marking the text in force in each edition (rules.InForce).
func (cl cli) defineCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("define", stderr, &cfg)
	editionFlag := fs.String("edition", "", "1e or 2e (case forgiven); empty for both")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	edition, err := rules.ParseEdition(*editionFlag)
	if err != nil {
		return terminalError(err)
	}
	term, err := rules.ParseText("term", strings.Join(fs.Args(), " "))
	if err != nil {
		return terminalError(err)
	}
	if rules.TermText.Missing(term) {
		usageHint(stderr, "define")
		return terminalError(rules.TermText.Refusal("term", term))
	}
	c, err := cl.load(ctx, cfg.Corpus)
	if err != nil {
		return err
	}
	// Define needs only the entries: no search index is built for it,
	// unless nothing defines the term and no term is near (the error asks
	// for a search): the API then names the entries whose text explains
	// it, which the search finds, so the index is built for that answer.
	lib := library.New(c.Documents, c.Entries)
	es, err := lib.Define(ctx, term, edition)
	if rules.ErrorCode(err) == rules.ENOTFOUND && rules.ErrorDetails(err)["search"] != nil {
		a, berr := cl.build(ctx, cfg)
		if berr != nil {
			return berr
		}
		defer a.Close()
		es, err = a.services.Reference.Define(ctx, term, edition)
	}
	if err != nil {
		return terminalError(err)
	}
	docs := make(map[string]rules.Document, len(c.Documents))
	for _, d := range c.Documents {
		docs[d.ID] = d
	}
	inForce := rules.InForce(es, docs)
	for i, e := range es {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printEntry(stdout, e, inForce[e.ID])
		// What changed in the governing entry since the version it
		// superseded, as Discord's /define says it.
		if i == 0 {
			if line := changedSince(ctx, lib, e, docs); line != "" {
				fmt.Fprintf(stdout, "\n  %s (stccg-rules changes %s)\n", line, e.ID)
			}
		}
	}
	// As the API's notHeld: a part of a document that would hold an entry
	// titled with the term is not in the data.
	if gaps := rules.TermNotHeld(rules.NewRulingsSources(c.Documents, c.Entries, nil), edition, term); len(gaps) > 0 {
		fmt.Fprintf(stdout, "\nentries on this term may be missing: %s\n", rules.NotHeldSentence(gaps))
	}
	return nil
}

// printEntry prints an entry for a judge at a terminal.
func printEntry(w io.Writer, e *rules.Entry, governing bool) {
	mark := ""
	if governing {
		mark = "  [governing]"
	}
	if how := rules.DefineMatchPhrase(e); how != "" {
		mark += "  " + how // a definition matched loosely says so
	}
	fmt.Fprintf(w, "%s — %s (%s, %s)%s\n", e.Title, strings.Join(e.Path, " > "), e.DocumentID, e.Kind, mark)
	fmt.Fprintf(w, "id: %s\n\n", e.ID)
	fmt.Fprintln(w, wrap(e.Text, 90, "  "))
	if len(e.SeeAlso) > 0 {
		fmt.Fprintf(w, "\n  see also: %s\n", strings.Join(e.SeeAlso, ", "))
	}
}

// terminalError turns a domain error into a message for a terminal: its
// sentence, then the cards a name fits, each with the id to ask by, or the
// suggestions.
func terminalError(err error) error { return lookUpError(err, "") }

// lookUpError is terminalError of a look-up of name: the cards an ambiguous
// name fits open with the sentence the card page and Discord show
// (rules.CandidatesFit) and the match's word, as REST's details.match says it.
func lookUpError(err error, name string) error {
	msg := rules.ErrorMessage(err)
	d := rules.ErrorDetails(err)
	if choices := choicesOf(d["choices"]); len(choices) > 0 {
		var b strings.Builder
		b.WriteString(msg)
		if m := rules.AmbiguousMatch(err); m != "" {
			b.WriteString("\n")
			if name != "" {
				b.WriteString(rules.CandidatesFit(name, m) + " ")
			}
			fmt.Fprintf(&b, "(match %s)", m)
		}
		b.WriteString("\nAsk by one of these ids:")
		for _, c := range choices {
			fmt.Fprintf(&b, "\n  %-12s %s  (%s)", c["id"], c["name"], strings.Join(nonEmpty(c["edition"], c["setName"], c["type"]), ", "))
		}
		return fmt.Errorf("%s", b.String())
	}
	for _, k := range []string{"suggestions", "candidates"} {
		if list := rules.DetailStrings(err, k); len(list) > 0 {
			msg += fmt.Sprintf(" %s: %s.", map[string]string{"suggestions": "Did you mean", "candidates": "Candidates"}[k], strings.Join(list, "; "))
		}
	}
	// The rulings titled with a name no card has, and the entries whose
	// text explains a term nothing defines, each by the id (and paragraph)
	// to ask for.
	for _, k := range []string{"rulings", "sections"} {
		refs, _ := d[k].([]rules.EntryRef)
		if len(refs) == 0 {
			continue
		}
		msg += map[string]string{"rulings": "\nRulings titled so:", "sections": "\nEntries that explain it:"}[k]
		for _, r := range refs {
			id := r.ID
			if r.Anchor != "" {
				id += "#" + r.Anchor
			}
			msg += fmt.Sprintf("\n  %s  %s (%s)", id, r.Title, r.DocumentID)
		}
	}
	return fmt.Errorf("%s", msg)
}

// choicesOf reads the "choices" detail of an ambiguous name.
func choicesOf(v any) []map[string]string {
	switch x := v.(type) {
	case []map[string]string:
		return x
	case []any:
		var out []map[string]string
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				c := map[string]string{}
				for k, v := range m {
					c[k] = fmt.Sprint(v)
				}
				out = append(out, c)
			}
		}
		return out
	}
	return nil
}

func nonEmpty(words ...string) []string {
	var out []string
	for _, w := range words {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
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

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/stccg/stccg-rules/internal/library"
	"github.com/stccg/stccg-rules/internal/rules"
)

// changesCmd prints an entry compared with the same term's entries in the
// other documents of its edition, sentence by sentence (library.Changes):
// what GET /v1/entries/{id}/changes answers, as text or (--json) as that
// JSON.
func (cl cli) changesCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("changes", stderr, &cfg)
	asJSON := fs.Bool("json", false, "print the answer of GET /v1/entries/{id}/changes")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		usageHint(stderr, "changes")
		return fmt.Errorf("give one entry id, e.g. 2e-rulebook.glossary.stopped")
	}
	id, err := rules.ParseID("id", fs.Arg(0))
	if err != nil {
		return terminalError(err)
	}
	c, err := cl.load(ctx, cfg.Corpus)
	if err != nil {
		return err
	}
	ch, err := library.New(c.Documents, c.Entries).Changes(ctx, id)
	if err != nil {
		return terminalError(err)
	}
	if *asJSON {
		b, err := json.MarshalIndent(ch, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	docs := make(map[string]rules.Document, len(c.Documents))
	for _, d := range c.Documents {
		docs[d.ID] = d
	}
	printChanges(stdout, ch, docs)
	return nil
}

// printChanges prints each comparison's documents, which governs, its
// summary and the sentences that changed (the unchanged ones counted, not
// shown, as the page folds them).
func printChanges(w io.Writer, ch *rules.EntryChanges, docs map[string]rules.Document) {
	if len(ch.Versions) == 0 {
		fmt.Fprintf(w, "%s: no other document of its edition has this term.\n", ch.ID)
		return
	}
	for i, v := range ch.Versions {
		if i > 0 {
			fmt.Fprintln(w)
		}
		governs := "neither governs the other"
		if v.Governing != nil {
			governs = titleOf(docs, *v.Governing) + " governs"
		}
		fmt.Fprintf(w, "%s (%s)\nfrom %s to %s (%s)\n%s\n", v.Entry.Title, v.Entry.ID, titleOf(docs, v.Older), titleOf(docs, v.Newer), governs, v.Summary)
		for _, r := range v.Rows {
			switch r.State {
			case rules.SentenceSame, rules.SentencePunctuation:
				continue
			case rules.SentenceChanged:
				fmt.Fprintf(w, "  changed: %s\n       was: %s\n", markedWords(r.Words), markedWords(r.OlderWords))
			case rules.SentenceMoved:
				fmt.Fprintf(w, "  moved (it stood %s): %s\n", r.MovedFrom, r.Text)
			default:
				fmt.Fprintf(w, "  %s: %s\n", r.State, r.Text)
			}
		}
	}
}

// markedWords is a sentence with the words the other version lacks in
// [brackets], as the search marks its matched words at a terminal.
func markedWords(segs []rules.Segment) string {
	parts := make([]string, len(segs))
	for i, s := range segs {
		parts[i] = s.Text
		if s.Changed {
			parts[i] = "[" + s.Text + "]"
		}
	}
	return strings.Join(parts, " ")
}

// titleOf is a document's title, or its id when the corpus lacks it.
func titleOf(docs map[string]rules.Document, id string) string {
	if d, ok := docs[id]; ok && d.Title != "" {
		return d.Title
	}
	return id
}

// changedSince is the line /define's answer and the terminal's define say
// of the governing entry: what changed since the version it superseded
// (rules.ChangedSinceLine), or "" when it supersedes none.
func changedSince(ctx context.Context, l *library.Library, e *rules.Entry, docs map[string]rules.Document) string {
	ch, err := l.Changes(ctx, e.ID)
	if err != nil {
		return ""
	}
	v := ch.SinceGoverned()
	if v == nil {
		return ""
	}
	return rules.ChangedSinceLine(v, titleOf(docs, v.Older))
}

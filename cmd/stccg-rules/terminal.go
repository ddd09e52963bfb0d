package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// corpusReport prints, per document, the counts by kind and every warning.
func (cl cli) corpusReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("corpus", stderr, &cfg)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	c, err := cl.load(ctx, cfg.Corpus)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DOCUMENT\tEDITION\tPRECEDENCE\tSECTIONS\tGLOSSARY\tRULINGS\tCARD ROWS\tWARNINGS")
	for _, d := range c.Documents {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n", d.ID, d.Edition, d.Precedence,
			d.Counts.Sections, d.Counts.Glossary, d.Counts.Rulings, d.Counts.Cards, len(c.WarningsOf(d.ID)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	byEdition := map[string]int{}
	for _, card := range c.Cards {
		byEdition[card.Edition]++
	}
	eds := make([]string, 0, len(byEdition))
	for e := range byEdition {
		eds = append(eds, e)
	}
	sort.Strings(eds)
	parts := make([]string, len(eds))
	for i, e := range eds {
		parts[i] = fmt.Sprintf("%s %d", e, byEdition[e])
	}
	fmt.Fprintf(stdout, "\ncards: %d (%s)\nentries: %d\ncorpus version: %s\n", len(c.Cards), strings.Join(parts, ", "), len(c.Entries), c.Version)
	fmt.Fprintf(stdout, "\nwarnings: %d\n", len(c.Warnings))
	for _, w := range c.Warnings {
		fmt.Fprintf(stdout, "  %s\n", w)
	}
	return nil
}

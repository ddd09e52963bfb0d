package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
	"github.com/stccg/stccg-rules/internal/search"
)

// buildIndex writes a prebuilt search index for serve --index. An index of
// the same corpus version already there is kept; one of another version is
// replaced, and the folder itself is kept when it cannot be moved (a
// volume's mount point).
func buildIndex(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("index", stderr, &cfg)
	out := fs.String("out", "", "folder to write the index to")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("index needs --out DIR")
	}
	c, err := loadCorpus(ctx, cfg.Corpus)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(*out, indexMeta)); err == nil {
		ix, version, err := search.Open(*out)
		if err == nil {
			_ = ix.Close()
			if version == c.Version {
				fmt.Fprintf(stdout, "index %s is up to date (corpus version %s)\n", *out, version)
				return nil
			}
		}
	}
	err = newIndexDir().replace(*out, func(dir string) error {
		return search.BuildTo(ctx, dir, c.Version, c.Documents, c.Entries, c.Cards)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "index written to %s: %d entries, %d cards, corpus version %s\n", *out, len(c.Entries), len(c.Cards), c.Version)
	return nil
}

// searchCmd prints the best hits of a search.
func (c cli) searchCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("search", stderr, &cfg)
	var q rules.SearchQuery
	edition := fs.String("edition", "", "1e or 2e (case forgiven); empty for both")
	kind := fs.String("kind", "", "section, glossary, ruling or card")
	fs.StringVar(&q.Document, "document", "", "a document id")
	limit := fs.String("limit", "10", "hits to show, 0 to 100 (0: the count alone)")
	offset := fs.String("offset", "0", "hits to skip, at most 10000")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	// The flags are read as the API reads its parameters, before the
	// corpus is: a mistake is told at once, in the same words.
	var err error
	if q.Edition, err = rules.ParseEdition(*edition); err != nil {
		return terminalError(err)
	}
	if q.Kind, err = rules.ParseEntryKind(*kind); err != nil {
		return terminalError(err)
	}
	if q.Limit, err = rules.ParseLimit("limit", *limit, 10); err != nil {
		return terminalError(err)
	}
	if q.Offset, err = rules.ParseOffset("offset", *offset); err != nil {
		return terminalError(err)
	}
	if q.Q, err = rules.ParseText("words", strings.Join(fs.Args(), " ")); err != nil {
		return terminalError(err)
	}
	if q.Q == "" && q.Kind == "" && q.Document == "" {
		usageHint(stderr, "search")
		return terminalError(rules.SearchText.Refusal("words", q.Q))
	}
	countOnly := q.Limit == 0
	if countOnly {
		q.Limit = 1 // the service's 0 is its default page
	}
	a, err := c.build(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := rules.CheckSearchScope(ctx, a.services.Reference, q); err != nil {
		return terminalError(err)
	}
	res, err := a.services.Search.Search(ctx, q)
	if err != nil {
		return terminalError(err)
	}
	fmt.Fprintf(stdout, "%d hits for %q\n", res.Total, q.Q)
	if s := rules.ShowingResultsFor(res.ReadAs); s != "" {
		fmt.Fprintln(stdout, s) // how the search read a word it read as another
	}
	fmt.Fprintln(stdout)
	if countOnly {
		return nil
	}
	for i, h := range res.Hits {
		// An entry's id with the paragraph that answers best, as the
		// search page links it.
		id := h.ID
		if h.Anchor != "" {
			id += "#" + h.Anchor
		}
		fmt.Fprintf(stdout, "%2d. %s  (%s, %s)\n    %s\n    %s\n", i+1, h.Title, h.DocumentID, h.Kind, id, plainSnippet(h.Snippet))
		// As define says it of the term, and the API's notHeld.
		if len(h.NotHeld) > 0 {
			fmt.Fprintf(stdout, "    entries on this term may be missing: %s\n", rules.NotHeldSentence(h.NotHeld))
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// plainSnippet shows <mark>ed words in brackets for a terminal.
func plainSnippet(s string) string {
	return strings.NewReplacer("<mark>", "[", "</mark>", "]", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&quot;", `"`).Replace(s)
}

// cardCmd prints a card found by id, or by name with typos forgiven.
func (c cli) cardCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("card", stderr, &cfg)
	editionFlag := fs.String("edition", "", "1e or 2e (case forgiven): look the name up in that edition only")
	exact := fs.Bool("exact", false, "match the name exactly (case and punctuation forgiven)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	edition, err := rules.ParseEdition(*editionFlag)
	if err != nil {
		return terminalError(err)
	}
	name, err := rules.ParseCardName("name", strings.Join(fs.Args(), " "))
	if err != nil {
		return terminalError(err)
	}
	if rules.CardNameText.Missing(name) {
		// Refused in the words of every transport (rules.NeededText).
		usageHint(stderr, "card")
		return terminalError(rules.CardNameText.Refusal("name", name))
	}
	a, err := c.build(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	card, err := findCard(ctx, a.services.Cards, name, !*exact, edition)
	if err != nil {
		return lookUpError(err, name)
	}
	printCard(stdout, card)
	rulings, err := a.services.Cards.CardRulings(ctx, card.ID)
	if err == nil {
		printRulings(ctx, stdout, rulings, a.services.Cards, card.ID)
	}
	if len(card.Versions) > 0 {
		fmt.Fprintf(stdout, "\nother versions:\n")
		for _, id := range card.Versions {
			if v, err := a.services.Cards.Card(ctx, id); err == nil {
				fmt.Fprintf(stdout, "  %-12s %s  (%s)\n", v.ID, v.Name(), strings.Join(nonEmpty(v.Edition, v.SetName), ", "))
			}
		}
	}
	return nil
}

// printRulings lists the entries naming a card and says, as the card page
// does, which documents were read for them and what they may miss: none
// listed is a known none only when the coverage is complete.
func printRulings(ctx context.Context, w io.Writer, rulings []*rules.Entry, cards rules.CardService, id string) {
	fmt.Fprintf(w, "\nrulings and errata:\n")
	for _, e := range rulings {
		fmt.Fprintf(w, "  %s (%s)  %s\n", e.Title, e.DocumentID, e.ID)
	}
	cov, err := cards.RulingsCoverage(ctx, id)
	switch {
	case err != nil:
		fmt.Fprintln(w, "  Whether the documents read hold a ruling or erratum on this card is not known.")
	case len(rulings) == 0:
		fmt.Fprintf(w, "  %s\n", cov.NoneSentence())
	case !cov.Complete:
		fmt.Fprintf(w, "  %s\n", cov.Missing)
	}
	if err == nil {
		fmt.Fprintf(w, "  %s\n", cov.ReadFrom())
	}
}

// findCard takes a card id as it stands ("2e-1-392"), and anything else as
// a name.
func findCard(ctx context.Context, cards rules.CardService, name string, fuzzy bool, edition rules.Edition) (*rules.Card, error) {
	card, idErr := cards.Card(ctx, name)
	if idErr == nil {
		return card, nil
	}
	card, err := cards.LookUpCard(ctx, rules.CardIdentifier{Name: name, Fuzzy: fuzzy, Edition: edition})
	// A word written as an id is ("2e-1-999": an edition, a hyphen, no
	// space) that no card has and no name fits is answered as REST
	// answers /v1/cards/{id}: no card has that id.
	if rules.ErrorCode(err) == rules.ENOTFOUND && rules.ErrorCode(idErr) == rules.ENOTFOUND && idShaped(name) && len(rules.DetailStrings(err, "suggestions")) == 0 {
		return nil, idErr
	}
	return card, err
}

// idShaped says a word is written as a card id is: an edition and a
// hyphen first, no space.
func idShaped(s string) bool {
	return !strings.ContainsAny(s, " \t") && (strings.HasPrefix(s, rules.Edition1E+"-") || strings.HasPrefix(s, rules.Edition2E+"-"))
}

func printCard(w io.Writer, c *rules.Card) {
	switch c.Match {
	case rules.MatchFuzzy:
		fmt.Fprintln(w, "(no card has the name exactly; the nearest)")
	case rules.MatchOtherEdition:
		fmt.Fprintf(w, "(the name is printed only in %s)\n", rules.EditionName(c.Edition))
	}
	fmt.Fprintf(w, "%s\n%s %s", c.Name(), c.Edition, c.Type)
	if c.Collector != "" {
		fmt.Fprintf(w, ", %s", c.Collector)
	}
	fmt.Fprintf(w, "  (id %s)\n\n", c.ID)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	rows := 0
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(tw, "  %s\t%s\n", k, v)
			rows++
		}
	}
	num := func(p *int) string {
		if p == nil {
			return ""
		}
		return fmt.Sprint(*p)
	}
	if c.Unique != nil {
		row("unique", map[bool]string{true: "yes", false: "no"}[*c.Unique])
	}
	row("affiliation", c.Affiliation)
	row("mission", strings.TrimSpace(c.MissionType+" "+c.Quadrant))
	row("span", num(c.Span))
	row("points", num(c.Points))
	row("requirements", c.Requirements)
	row("may attempt", strings.Join(c.Affiliations, ", "))
	row("cost", num(c.Cost))
	row("icons", strings.Join(c.Icons, ", "))
	skills := make([]string, len(c.Skills))
	for i, s := range c.Skills {
		skills[i] = s.Name
		if s.Level > 1 {
			skills[i] = fmt.Sprintf("%d %s", s.Level, s.Name)
		}
	}
	row("skills", strings.Join(skills, ", "))
	row("integrity", num(c.Integrity))
	row("cunning", num(c.Cunning))
	row("strength", num(c.Strength))
	row("staffing", strings.Join(c.Staffing, ", "))
	row("range", num(c.Range))
	row("weapons", num(c.Weapons))
	row("shields", num(c.Shields))
	row("species", c.Species)
	row("game text", c.GameText)
	row("lore", c.Lore)
	row("image", c.ImageURL)
	_ = tw.Flush()
	// What the card prints that the data does not hold is named, never
	// left out as if the card had none.
	if lacks := c.Lacks(); len(lacks) > 0 {
		if rows > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "  not in the card data: %s (printed on the card)\n", strings.Join(lacks, ", "))
	}
	for _, e := range c.Errata {
		printed := e.Printed
		if printed == "" {
			printed = "not in the card data"
		}
		fmt.Fprintf(w, "\n  erratum (%s): %q; printed: %s  [%s]\n", e.Field, e.Corrected, printed, e.Source)
	}
}

// adjudicateCmd reads an adjudication request as JSON from a file, or from
// standard input, and prints the verdict as JSON.
func (c cli) adjudicateCmd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("adjudicate", stderr, &cfg)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		usageHint(stderr, "adjudicate")
		return fmt.Errorf("adjudicate takes one FILE, not %d", fs.NArg())
	}
	in := stdin
	if file := fs.Arg(0); file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("read the request: %w", err)
		}
		defer f.Close()
		in = f
	}
	var req rules.AdjudicationRequest
	if err := api.ReadAdjudication(in, &req); err != nil {
		return adjudicationError(err)
	}
	a, err := c.build(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	v, err := a.services.Adjudicator.Adjudicate(ctx, req)
	if err != nil {
		return adjudicationError(err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// adjudicationError is a refused adjudication as the terminal says it: the
// error's sentence and, when the sentence does not name it, the field REST
// gives in details.field ("Unknown question "ship.fly": ... (field
// params.actions[0].question)"), whether the request was refused as it was
// read or as it was judged.
func adjudicationError(err error) error {
	msg := terminalError(err).Error()
	if f, ok := rules.ErrorDetails(err)["field"].(string); ok && f != "" && !strings.Contains(msg, f) {
		msg += fmt.Sprintf(" (field %s)", f)
	}
	return errors.New(msg)
}

package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/library"
)

// app is the wired service: the corpus read once, and the services over it.
type app struct {
	corpus   *corpus.Corpus
	library  *library.Library
	services api.Services
	closers  []func() error
}

// checkCorpusDir fails fast, in one line, when the corpus folder is missing.
func checkCorpusDir(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		return fmt.Errorf("corpus folder %q has no readable manifest.json (set --corpus or STCCG_CORPUS): %w", dir, err)
	}
	return nil
}

// loadCorpus reads the corpus folder.
func loadCorpus(ctx context.Context, dir string) (*corpus.Corpus, error) {
	if err := checkCorpusDir(dir); err != nil {
		return nil, err
	}
	c, err := corpus.Load(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("read corpus %q: %w", dir, err)
	}
	return c, nil
}

// build reads the corpus and wires every service over it.
func build(ctx context.Context, cfg config, log *slog.Logger) (*app, error) {
	c, err := loadCorpus(ctx, cfg.Corpus)
	if err != nil {
		return nil, err
	}
	a := &app{corpus: c, library: library.New(c.Documents, c.Entries)}
	a.services.Reference = a.library
	return a, nil
}

func (a *app) resolver() *graph.Resolver {
	return &graph.Resolver{
		Reference:   a.services.Reference,
		Searcher:    a.services.Search,
		Catalog:     a.services.Cards,
		Adjudicator: a.services.Adjudicator,
	}
}

// ready reports readiness for /readyz: the corpus is indexed by the time the
// handler exists.
func (a *app) ready(ctx context.Context) (bool, map[string]any) {
	return true, map[string]any{"corpusVersion": a.corpus.Version, "entries": len(a.corpus.Entries), "cards": len(a.corpus.Cards)}
}

// Close releases what the services hold.
func (a *app) Close() {
	for _, c := range a.closers {
		_ = c()
	}
}

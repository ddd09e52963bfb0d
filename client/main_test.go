package client_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/service"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// services are the services over the real corpus, built once for the
// test binary: they are read-only, so every test shares them, each behind
// a handler and caches of its own.
var services *service.Set

// rulesURL is the address of the service the examples call, as a bot calls
// https://rules.example.org.
var rulesURL string

func TestMain(m *testing.M) {
	c, err := testcorpus.Shared()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	services, err = service.New(context.Background(), c, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	h, err := handler()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	srv := httptest.NewServer(h)
	rulesURL = srv.URL
	code := m.Run()
	srv.Close()
	_ = services.Close()
	os.Exit(code)
}

// handler serves the shared services as the binary does: REST, GraphQL,
// a response cache of its own and the metrics.
func handler() (http.Handler, error) {
	log := slog.New(slog.DiscardHandler)
	lru, err := cache.NewLRU(1000, 8<<20, time.Minute)
	if err != nil {
		return nil, err
	}
	s := services
	return api.New(api.Config{
		Responses: cache.NewResponses(lru, time.Minute, 256<<10),
		Services:  api.Services{Reference: s.Library, Search: s.Index, Cards: s.Catalog, Adjudicator: s.Engine},
		GraphQL:   graph.NewHandler(&graph.Resolver{Reference: s.Library, Searcher: s.Index, Catalog: s.Catalog, Adjudicator: s.Engine}, graph.ServerConfig{Logger: log}),
		Metrics:   api.NewMetrics(),
		Logger:    log,
	}), nil
}

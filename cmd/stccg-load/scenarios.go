package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/stccg/stccg-rules/internal/loadgen"
)

// scenarioNames are the scenarios in the order --all runs them: /healthz
// first, the baseline the others are compared with.
var scenarioNames = []string{"healthz", "search-repeated", "search-varied", "card-fuzzy", "adjudicate", "replay"}

// request is one request of a scenario: a path under the base URL and, for a
// POST, its body.
type request struct {
	method string
	path   string
	body   []byte
}

// scenario is a kind of traffic: the requests it sends, in turn, and which
// answers count as expected.
type scenario struct {
	name     string
	requests []request
	// expected404 is set where a 404 is a right answer: a fuzzy name that
	// fits no card, or several equally well.
	expected404 bool
}

// next returns the i-th request, cycling through the scenario's list.
func (s *scenario) next(i uint64) request {
	return s.requests[i%uint64(len(s.requests))]
}

// ok reports whether status is an answer and not an error.
func (s *scenario) ok(status int) bool {
	return status >= 200 && status < 300 || s.expected404 && status == http.StatusNotFound
}

// options are what scenarios are built from.
type options struct {
	seed     uint64
	distinct int // how many distinct requests the varied scenarios draw from
}

// prepareScenario builds the named scenario. card-fuzzy reads the names of
// real cards from the service first.
func prepareScenario(ctx context.Context, c *http.Client, base, name string, opt options) (*scenario, error) {
	switch name {
	case "healthz":
		return &scenario{name: name, requests: []request{{method: http.MethodGet, path: "/healthz"}}}, nil
	case "search-repeated":
		q := url.Values{"q": {"stopped personnel"}}
		return &scenario{name: name, requests: []request{{method: http.MethodGet, path: "/v1/search?" + q.Encode()}}}, nil
	case "search-varied":
		paths, err := searchQueries(opt.seed, opt.distinct)
		if err != nil {
			return nil, fmt.Errorf("search-varied: %w", err)
		}
		return &scenario{name: name, requests: gets(paths)}, nil
	case "card-fuzzy":
		names, err := fetchCardNames(ctx, c, base)
		if err != nil {
			return nil, fmt.Errorf("card-fuzzy: %w", err)
		}
		paths := misspelledNames(names, opt.seed, opt.distinct)
		if len(paths) == 0 {
			return nil, errors.New("card-fuzzy: the service lists no card names to misspell")
		}
		return &scenario{name: name, requests: gets(paths), expected404: true}, nil
	case "adjudicate":
		bodies, err := loadgen.Adjudications()
		if err != nil {
			return nil, fmt.Errorf("adjudicate: %w", err)
		}
		return &scenario{name: name, requests: posts("/v1/adjudicate", bodies)}, nil
	case "replay":
		bodies, err := loadgen.Replays()
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		return &scenario{name: name, requests: posts("/v1/adjudicate", bodies)}, nil
	}
	return nil, fmt.Errorf("unknown scenario %q (one of %v)", name, scenarioNames)
}

// posts are POSTs of the bodies to path.
func posts(path string, bodies [][]byte) []request {
	out := make([]request, len(bodies))
	for i, b := range bodies {
		out[i] = request{method: http.MethodPost, path: path, body: b}
	}
	return out
}

func gets(paths []string) []request {
	out := make([]request, len(paths))
	for i, p := range paths {
		out[i] = request{method: http.MethodGet, path: p}
	}
	return out
}

// cardPageSize is the page size card names are read in.
const cardPageSize = 100

// fetchCardNames reads every card's name from GET /v1/cards, a page at a time.
func fetchCardNames(ctx context.Context, c *http.Client, base string) ([]cardName, error) {
	var names []cardName
	for offset := 0; ; offset += cardPageSize {
		u := base + "/v1/cards?limit=" + strconv.Itoa(cardPageSize) + "&offset=" + strconv.Itoa(offset)
		page, err := getCardPage(ctx, c, u)
		if err != nil {
			return nil, err
		}
		names = append(names, page.names()...)
		if len(page.Data) == 0 || offset+cardPageSize >= page.Total {
			return names, nil
		}
	}
}

func getCardPage(ctx context.Context, c *http.Client, u string) (cardPage, error) {
	var page cardPage
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return page, fmt.Errorf("list cards: %w", err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return page, fmt.Errorf("list cards: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return page, fmt.Errorf("list cards: %s: %s", resp.Status, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		return page, fmt.Errorf("list cards: %w", err)
	}
	return page, nil
}

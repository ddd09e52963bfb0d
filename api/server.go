// Package api serves the rules service over HTTP with echo: the REST routes of
// the public contract under /v1, the GraphQL endpoint, and the operations
// routes. Handlers decode, call a service, and encode; every rule of the game
// lives in the services behind them.
package api

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Services are what the HTTP layer calls.
type Services struct {
	Reference   rules.ReferenceService
	Search      rules.SearchService
	Cards       rules.CardService
	Adjudicator rules.Adjudicator
	// Changes compares an entry with its versions (GET
	// /v1/entries/{id}/changes); nil takes Reference's when it answers
	// them (library.Library does).
	Changes rules.ChangesService
}

// Config configures the HTTP layer.
type Config struct {
	Services Services
	// GraphQL serves POST and GET /graphql; nil leaves the route out.
	GraphQL http.Handler
	// Ready reports whether the service may take traffic and why not; nil
	// means ready. Its detail is shown in /readyz's body.
	Ready func(ctx context.Context) (ok bool, detail map[string]any)
	// Logger receives one line per request; nil uses slog.Default().
	Logger *slog.Logger
	// RequestTimeout bounds every request's context; 0 means 10 seconds.
	RequestTimeout time.Duration
	// BodyLimit bounds request bodies; "" means 1M.
	BodyLimit string
	// Metrics, when set, counts requests and serves /metrics.
	Metrics *Metrics
	// MetricsElsewhere leaves /metrics out of this handler: the operator
	// serves Metrics.Handler on a listener of its own (--metrics-addr).
	MetricsElsewhere bool
	// Limiter, when set, limits each client's requests to /v1, /graphql
	// and the mounted routes that take it.
	Limiter Limiter
	// TrustedProxies are the address ranges of the proxies (the load
	// balancer) whose X-Real-IP or X-Forwarded-For header names the client.
	// Empty: the client is the connection's peer, and those headers are
	// ignored, so no client can choose its own rate limit key.
	TrustedProxies []*net.IPNet
	// Responses, when set, caches the answers of the /v1 reads.
	Responses *cache.Responses
	// Extra middleware for the API routes (/v1 and /graphql), e.g. CORS.
	APIMiddleware []echo.MiddlewareFunc
	// Mount adds routes of other packages (pages, embeds) to the server;
	// work is the middleware (the rate limit) for those of its routes that
	// do work, as opposed to static assets.
	Mount func(e *echo.Echo, work ...echo.MiddlewareFunc)
}

// New returns the HTTP handler of the service.
func New(cfg Config) *echo.Echo {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	if cfg.BodyLimit == "" {
		cfg.BodyLimit = "1M"
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// Every route's methods, known once the pages are mounted: a path a
	// route has, asked with another method, is a 405 naming them.
	everyRoute := &routeMethods{}
	e.HTTPErrorHandler = errorHandler(cfg.Logger, everyRoute)
	e.IPExtractor = clientIP(cfg.TrustedProxies)
	e.Pre(beforeRouting)
	every := []echo.MiddlewareFunc{restoreHead, requestID(newRequestIDs()), requestLogger(cfg.Logger)}
	if cfg.Metrics != nil {
		every = append(every, cfg.Metrics.middleware)
		if !cfg.MetricsElsewhere {
			e.GET("/metrics", cfg.Metrics.handler())
		}
	}
	every = append(every, recoverer(cfg.Logger), drainRefusedBody, middleware.BodyLimit(cfg.BodyLimit),
		wellFormedQuery, deadline(cfg.RequestTimeout))
	e.Use(composedOnce(every...))

	h := &handlers{svc: cfg.Services, ready: cfg.Ready}
	if cs, ok := h.svc.Reference.(rules.ChangesService); ok && h.svc.Changes == nil {
		h.svc.Changes = cs
	}
	e.GET("/healthz", h.healthz)
	e.GET("/readyz", h.readyz)
	e.GET("/openapi.json", openAPI)

	var apiMW, workMW []echo.MiddlewareFunc
	apiMW = append(apiMW, cfg.APIMiddleware...)
	gqlMW := apiMW
	if cfg.Limiter != nil {
		var onLimited func()
		if cfg.Metrics != nil {
			onLimited = cfg.Metrics.limited.Inc
		}
		limit := rateLimit(cfg.Limiter, onLimited)
		apiMW = append(apiMW, limit)
		workMW = append(workMW, limit)
		// A GraphQL query pays for its service calls beyond the request.
		gqlMW = append(append([]echo.MiddlewareFunc(nil), apiMW...), chargeable(cfg.Limiter, onLimited))
	}
	// A query is read against the route's parameters before the cache
	// keys it: a refused request is neither cached nor keyed.
	v1MW := append(append([]echo.MiddlewareFunc(nil), apiMW...), strictQuery)
	if cfg.Responses != nil {
		v1MW = append(v1MW, cacheReads(cfg.Responses))
	}
	// The group's middleware serves its catch-alls (echo composes it for
	// each request they answer); each route's is composed once, here.
	v1 := e.Group(v1Prefix, v1MW...)
	v1Route := func(method, path string, h echo.HandlerFunc, mw ...echo.MiddlewareFunc) {
		e.Add(method, v1Prefix+path, chained(h, append(append([]echo.MiddlewareFunc(nil), v1MW...), mw...)...))
	}
	v1Route(http.MethodGet, "/documents", h.documents)
	v1Route(http.MethodGet, "/entries/:id", h.entry)
	v1Route(http.MethodGet, "/entries/:id/changes", h.changes)
	v1Route(http.MethodGet, "/define", h.define)
	v1Route(http.MethodGet, "/search", h.search)
	v1Route(http.MethodGet, "/cards", h.cards)
	v1Route(http.MethodGet, "/cards/named", h.cardNamed)
	body := jsonBody(bodyLimitBytes(cfg.BodyLimit))
	v1Route(http.MethodPost, "/cards/collection", h.cardCollection, body)
	v1Route(http.MethodGet, "/cards/autocomplete", h.autocomplete)
	v1Route(http.MethodGet, "/cards/:id", h.card)
	v1Route(http.MethodGet, "/cards/:id/rulings", h.cardRulings)
	v1Route(http.MethodPost, "/adjudicate", h.adjudicate, body)

	if cfg.GraphQL != nil {
		gql := echo.WrapHandler(cfg.GraphQL)
		e.POST("/graphql", chained(gql, append(append([]echo.MiddlewareFunc(nil), gqlMW...), graphQLQuery, body, graphQLBody)...))
		e.GET("/graphql", chained(gql, append(append([]echo.MiddlewareFunc(nil), gqlMW...), graphQLQuery, graphQLGet)...))
		// Another method is a 405 naming those /graphql takes, as a /v1
		// route's is: the pages' catch-all (Mount) would answer it a 404.
		// OPTIONS is routed for CORS's preflight (apiMW); a plain one is
		// answered so too.
		gqlMethods := newRouteMethods(e.Routes(), graphQLPath)
		e.OPTIONS(graphQLPath, gqlMethods.notFound, apiMW...)
		e.Match(otherMethods, graphQLPath, gqlMethods.notFound)
	}
	if len(cfg.APIMiddleware) > 0 {
		v1.OPTIONS("/*", echo.NotFoundHandler)
	}
	if len(v1MW) > 0 {
		// The group's catch-all (see Group.Use) would answer a route's
		// path asked with the wrong method as a 404.
		v1.RouteNotFound("/*", newRouteMethods(e.Routes(), "/v1/").notFound)
	}
	if cfg.Mount != nil {
		cfg.Mount(e, workMW...)
	}
	*everyRoute = *newRouteMethods(e.Routes(), "/")
	return e
}

// otherMethods are the methods of HTTP that no route of the service takes.
var otherMethods = []string{http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodTrace, http.MethodConnect}

// composedOnce is the middleware mws, in order, composed once: echo composes
// what e.Use is given again for every request, a closure a middleware
// (about a tenth of what an uncached search allocated on the server). The
// chain ends in the handler echo routed the request to (c.Handler()), which
// is what echo hands the last middleware of e.Use: so composedOnce must be
// the last, and New gives e.Use nothing else.
func composedOnce(mws ...echo.MiddlewareFunc) echo.MiddlewareFunc {
	var h echo.HandlerFunc = routed
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return func(echo.HandlerFunc) echo.HandlerFunc { return h }
}

// chained is h behind mws, the first outermost, composed once: what echo
// composes for every request of a route registered with its middleware,
// a closure a middleware.
func chained(h echo.HandlerFunc, mws ...echo.MiddlewareFunc) echo.HandlerFunc {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// routed runs the handler of the route echo found for the request.
func routed(c echo.Context) error { return c.Handler()(c) }

type handlers struct {
	svc   Services
	ready func(ctx context.Context) (bool, map[string]any)
}

// list is the contract's shape of every list answer.
type list[T any] struct {
	Data  []T `json:"data"`
	Total int `json:"total"`
}

func newList[T any](items []T, total int) list[T] {
	if items == nil {
		items = []T{}
	}
	return list[T]{Data: items, Total: total}
}

func (h *handlers) healthz(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

func (h *handlers) readyz(c echo.Context) error {
	if h.ready == nil {
		return c.JSON(http.StatusOK, map[string]any{"status": "ready"})
	}
	ok, detail := h.ready(c.Request().Context())
	body := map[string]any{"status": "ready"}
	for k, v := range detail {
		body[k] = v
	}
	if !ok {
		if _, said := detail["status"]; !said {
			body["status"] = "starting"
		}
		return c.JSON(http.StatusServiceUnavailable, body)
	}
	return c.JSON(http.StatusOK, body)
}

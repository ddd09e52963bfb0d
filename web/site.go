// Package web serves the pages people read: a search for judges, entry pages
// that set a term's versions side by side, card pages, an adjudication form,
// and the card embed for fan sites (embed.js, an iframe-able card page and an
// oEmbed endpoint). Pages are rendered on the server with html/template; the
// styles and scripts are embedded in the binary, and no page asks for anything
// from another host except a card's own image.
//
// The pages call only the service interfaces of package rules, so they work
// over any implementation of them, and degrade to a plain message when one is
// not configured.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

//go:embed samples/*.json
var sampleFS embed.FS

// Config says which services the pages call. Any service may be nil: the
// pages that need it then say it is not available instead of failing.
type Config struct {
	Reference   rules.ReferenceService
	Search      rules.SearchService
	Cards       rules.CardService
	Adjudicator rules.Adjudicator
	// Documents lists the source documents (titles, editions, precedence);
	// nil uses Reference.Documents.
	Documents func(ctx context.Context) ([]rules.Document, error)
	// Logger receives faults of the services; nil uses slog.Default().
	Logger *slog.Logger
	// Name is the site's name in page titles; "" means "STCCG Rules".
	Name string
}

// Site holds the parsed templates and the services behind the pages. It is
// read-only after New and safe for concurrent use.
type Site struct {
	cfg     Config
	log     *slog.Logger
	pages   map[string]*template.Template
	samples []sample
	assets  map[string]*asset
}

// pageNames are the templates rendered as whole pages, each with layout.html.
var pageNames = []string{"home", "entry", "card", "chooser", "document", "documents", "adjudicate", "error"}

// New parses the embedded templates and returns the site. The templates are
// part of the binary, so a parse failure is a fault of the build and panics
// here, at start-up, never while serving a request.
func New(cfg Config) *Site {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Name == "" {
		cfg.Name = "STCCG Rules"
	}
	if cfg.Documents == nil && cfg.Reference != nil {
		cfg.Documents = cfg.Reference.Documents
	}
	s := &Site{cfg: cfg, log: cfg.Logger, pages: map[string]*template.Template{}}
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(fmt.Sprintf("web: static assets: %v", err))
	}
	if s.assets, err = loadAssets(static); err != nil {
		panic(fmt.Sprintf("web: %v", err))
	}
	fm := template.FuncMap{"asset": s.assetURL}
	for k, v := range funcs {
		fm[k] = v
	}
	for _, name := range pageNames {
		t := template.Must(template.New("layout.html").Funcs(fm).ParseFS(templateFS, "templates/layout.html", "templates/"+name+".html"))
		s.pages[name] = t
	}
	s.pages["embedcard"] = template.Must(template.New("embedcard.html").Funcs(fm).ParseFS(templateFS, "templates/embedcard.html"))
	samples, err := loadSamples(sampleFS)
	if err != nil {
		panic(fmt.Sprintf("web: samples: %v", err))
	}
	s.samples = samples
	return s
}

// Register mounts the pages on e, outside /v1: the search at /, entry,
// document and card pages, the adjudication form, the search suggestions,
// the embed script and its look-up, the iframe-able card, the oEmbed
// endpoint, the static assets, /favicon.ico and /robots.txt.
//
// work is middleware (a rate limit) for the routes that call a service: the
// search, entry, document and card pages, the adjudication post, the
// suggestions, the embed's look-up, the embedded card and oEmbed; not the
// empty form, the script or the assets. A domain error it returns (too many
// requests) is shown the way that route shows its own errors: an error page,
// the embed's error, or JSON.
//
// Pages and JSON answers are gzipped for clients that take it; the assets
// are gzipped once, at start-up.
func (s *Site) Register(e *echo.Echo, work ...echo.MiddlewareFunc) {
	compress := Compress(gzip.DefaultCompression)
	withErrors := func(show func(echo.Context, error) error) []echo.MiddlewareFunc {
		return append([]echo.MiddlewareFunc{compress, showErrors(show)}, work...)
	}
	pages := withErrors(func(c echo.Context, err error) error { return s.fail(c, err, "") })
	jsonErrors := withErrors(func(c echo.Context, err error) error {
		return c.JSON(api.StatusOf(rules.ErrorCode(err)), jsonError(err))
	})
	// Each route's query string read against its declared parameters
	// (pageParams) first, its mistake shown as the route shows its own.
	strict := func(method, path string, mws []echo.MiddlewareFunc) []echo.MiddlewareFunc {
		out := append([]echo.MiddlewareFunc{}, mws[:2]...) // compress, showErrors
		out = append(out, strictQuery(method, path))
		return append(out, mws[2:]...)
	}
	get := func(path string, h echo.HandlerFunc, mws []echo.MiddlewareFunc) {
		e.GET(path, h, strict("GET", path, mws)...)
	}
	get("/", s.home, pages)
	get("/entries/:id", s.entry, pages)
	get("/documents", s.documentsPage, pages)
	get("/documents/:id", s.document, pages)
	get("/cards/named", s.cardNamed, pages)
	get("/cards/:id", s.card, pages)
	// The empty form calls no service: no rate limit, only its query read.
	e.GET("/adjudicate", s.adjudicateForm, compress, showErrors(func(c echo.Context, err error) error { return s.fail(c, err, "") }), strictQuery("GET", "/adjudicate"))
	e.POST("/adjudicate", s.adjudicate, strict("POST", "/adjudicate", pages)...)
	get("/suggest", s.suggest, jsonErrors)
	e.GET("/embed.js", s.embedScript)
	get("/embed/card", s.embedLookup, jsonErrors)
	get("/embed/cards/:id", s.embedCard, withErrors(s.renderEmbedError))
	get("/oembed", s.oembed, jsonErrors)
	e.GET("/static/*", s.asset)
	e.GET("/favicon.ico", s.favicon)
	e.GET("/robots.txt", s.robots)
	// An address no route has: a page for a browser, the API's JSON for
	// everyone else.
	e.RouteNotFound("/*", s.notFound, compress)
}

// notFound answers a request for an address no route has: a browser (one
// that asks for HTML) gets a page that says so and where to go; any other
// client the API's JSON error.
func (s *Site) notFound(c echo.Context) error {
	if !strings.Contains(c.Request().Header.Get("Accept"), "text/html") {
		return echo.ErrNotFound
	}
	return s.render(c, http.StatusNotFound, "error", page{Title: "No such page", Data: errorPage{
		Status: http.StatusNotFound, Heading: "No such page",
		Message: "This address is no page of the rules service. Search for what you were looking for, or browse the documents.",
	}})
}

// showErrors answers a domain error returned by the middleware after it
// with show; other errors go on to the server's error handler.
func showErrors(show func(echo.Context, error) error) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			err := next(c)
			var re *rules.Error
			if err != nil && errors.As(err, &re) {
				return show(c, err)
			}
			return err
		}
	}
}

// page is what every page template receives.
type page struct {
	Site  string
	Title string
	// Nav is the top navigation item to mark current: "search",
	// "documents" or "adjudicate".
	Nav  string
	Data any
	// OEmbed is the oEmbed discovery link of a card page.
	OEmbed string
	// Description is the page's meta description and sharing summary;
	// Image its sharing picture (a card's image); URL its address, made
	// absolute by render.
	Description, Image, URL string
	// OwnSearch is set on the page that has its own search box (the
	// search page): the header leaves its box out.
	OwnSearch bool
	// Canonical is the page's one address for search engines, when
	// another address shows the same (a page of results with filters or
	// further on is its query's first page); render makes it the page's
	// own address otherwise.
	Canonical string
	// NoIndex asks search engines to leave the page out (an error, an
	// answer to a post).
	NoIndex bool
}

// siteDescription describes the site where a page has nothing better.
const siteDescription = "The rules of the Star Trek Customizable Card Game, both editions: every rulebook section, glossary entry, ruling and card, searchable and linked, and an adjudicator for board situations."

// Content-Security-Policy of the pages: nothing from elsewhere but images;
// scripts and look-ups from this origin only.
const (
	pageCSP  = "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' https: http: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'"
	embedCSP = "default-src 'none'; style-src 'self'; connect-src 'self'; img-src 'self' https: http: data:; base-uri 'none'; frame-ancestors *"
)

// render writes a whole page with the status. A failure to render is logged
// and answered with a plain sentence, never a stack trace.
func (s *Site) render(c echo.Context, status int, name string, p page) error {
	t, ok := s.pages[name]
	if !ok {
		return s.plainError(c, http.StatusInternalServerError)
	}
	p.Site = s.cfg.Name
	if p.Description == "" {
		p.Description = siteDescription
	}
	if p.URL == "" {
		p.URL = baseURL(c) + c.Request().URL.RequestURI()
	}
	if status >= 400 {
		p.NoIndex = true
	}
	if p.Canonical == "" && !p.NoIndex {
		p.Canonical = p.URL
	}
	var buf bytes.Buffer
	root := "layout.html"
	if name == "embedcard" {
		root = "embedcard.html"
	}
	if err := t.ExecuteTemplate(&buf, root, p); err != nil {
		s.log.ErrorContext(c.Request().Context(), "render page", "page", name, "err", err)
		return s.plainError(c, http.StatusInternalServerError)
	}
	h := c.Response().Header()
	if name == "embedcard" {
		h.Set("Content-Security-Policy", embedCSP)
	} else {
		h.Set("Content-Security-Policy", pageCSP)
		h.Set("X-Frame-Options", "SAMEORIGIN")
	}
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	return c.HTMLBlob(status, buf.Bytes())
}

func (s *Site) plainError(c echo.Context, status int) error {
	return c.HTML(status, "<!doctype html><html lang=\"en\"><title>Error</title><p>The page could not be shown. Try again later.</p></html>")
}

// errorPage is the data of error.html.
type errorPage struct {
	Status      int
	Heading     string
	Message     string
	Suggestions []string
	Candidates  []string
	// SuggestCards says the suggestions are card names (linked to their
	// cards), not search terms.
	SuggestCards bool
	// SuggestEntries says the suggestions are entry ids (an entry page's
	// unknown id: library.Entry), each linked to its page.
	SuggestEntries bool
	// ParamFixes are the addresses a query string refused meant.
	ParamFixes []paramFix
}

// fail renders the error page for err: the service's own sentence for a
// domain error, a generic one for anything else (which is logged).
func (s *Site) fail(c echo.Context, err error, heading string) error {
	code := rules.ErrorCode(err)
	status := api.StatusOf(code)
	if status >= 500 {
		s.log.ErrorContext(c.Request().Context(), "page failed", "path", c.Request().URL.Path, "err", err)
	}
	ep := errorPage{Status: status, Heading: heading, Message: rules.ErrorMessage(err)}
	// A card page's suggestions are card names, each a page of its own.
	ep.SuggestCards = strings.HasPrefix(c.Request().URL.Path, "/cards/")
	ep.SuggestEntries = strings.HasPrefix(c.Request().URL.Path, "/entries/") && rules.ErrorCode(err) == rules.ENOTFOUND
	ep.Suggestions = rules.DetailStrings(err, "suggestions")
	ep.Candidates = rules.DetailStrings(err, "candidates")
	var qm *queryMistake
	if errors.As(err, &qm) {
		// The names meant are parameters, not search terms: each is the
		// address with the name corrected.
		ep.Suggestions = nil
		ep.ParamFixes = qm.fixes(c.Request().URL.Path, c.Request().URL.RawQuery)
	}
	if ep.Heading == "" {
		ep.Heading = http.StatusText(status)
	}
	return s.render(c, status, "error", page{Title: ep.Heading, Data: ep})
}

// unavailable renders the page said when a service is not configured.
func (s *Site) unavailable(c echo.Context, what string) error {
	return s.render(c, http.StatusServiceUnavailable, "error", page{Title: "Not available", Data: errorPage{
		Status: http.StatusServiceUnavailable, Heading: "Not available",
		Message: what + " is not available on this server.",
	}})
}

// documents returns the documents by id; a failure leaves the map empty and
// the pages fall back to document ids.
func (s *Site) documents(ctx context.Context) map[string]rules.Document {
	out := map[string]rules.Document{}
	if s.cfg.Documents == nil {
		return out
	}
	docs, err := s.cfg.Documents(ctx)
	if err != nil {
		s.log.WarnContext(ctx, "list documents", "err", err)
		return out
	}
	for _, d := range docs {
		out[d.ID] = d
	}
	return out
}

// documentList returns the documents in manifest order, or nil.
func (s *Site) documentList(ctx context.Context) []rules.Document {
	if s.cfg.Documents == nil {
		return nil
	}
	docs, err := s.cfg.Documents(ctx)
	if err != nil {
		return nil
	}
	return docs
}

// baseURL is the scheme and host the request reached, for absolute links
// (oEmbed answers, the embed script's own origin).
func baseURL(c echo.Context) string {
	return c.Scheme() + "://" + c.Request().Host
}

// paragraphs splits an entry's text at its blank lines.
func paragraphs(text string) []string {
	ps := rules.Paragraphs(strings.ReplaceAll(text, "\r\n", "\n"))
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Text
	}
	return out
}

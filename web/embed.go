package web

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// The iframe of an oEmbed answer is 360 pixels wide when the consumer sets
// no bound, and as tall as the card it frames (embedHeightOf).
const embedWidth = 360

// embedHeightOf is the height in pixels of the embeddable card page of
// width w: the sum of its lines, each of a fixed height (site.css sets them
// for body.embed), a wrapped value counted by the characters that fit a
// line. It errs tall by a line or two rather than leave the frame to scroll.
func embedHeightOf(cp cardPage, w int) int {
	const (
		line     = 20  // every line of text
		charW    = 7.7 // a wide average character of the 14 px system fonts
		padding  = 12*2 + 8
		imageBox = 252 + 12
	)
	lines := func(s string, width int) int {
		per := max(int(float64(width)/charW), 8)
		n := 0
		for _, p := range strings.Split(s, "\n") {
			n += max(1, (len([]rune(p))+per-1)/per)
		}
		return n
	}
	text := w - 28
	h := padding + 24*lines(cp.Card.Name(), text*14/19) + 4 // the name, at 19 px
	if cp.LookedUp != nil {
		h += line*lines(cp.LookedUp.Notice(cp.Card), text) + 12
	}
	h += line*lines(editionName(cp.Card.Edition)+" · "+gameWord(cp.Card.Type)+" · "+gameWord(cp.Card.Affiliation), text) + 6
	if cp.Card.ImageURL != "" {
		h += imageBox
	}
	for _, st := range cp.Stats {
		h += max(21, line*lines(st.Value, text-128)) // the label's column is 7.5rem
	}
	if cp.Face.GameText != "" {
		h += line*lines(cp.Face.GameText, text) + 8
	}
	if cp.Face.Lore != "" {
		h += line*lines(stripMarkup(cp.Card.Lore), text) + 8
	}
	if cp.Face.LacksSentence != "" {
		h += line*lines(cp.Face.LacksSentence, text*16/14) + 8
	}
	if len(cp.Card.Errata) > 0 {
		h += 30
		for _, e := range cp.Card.Errata {
			h += line * lines(e.Field+": "+e.Printed+" → "+e.Corrected+" (as printed: not in the card data)", text-20)
		}
	}
	h += line*2 + 20 // the rulings' count and the link to the card page, and a line's margin
	return h
}

// embedScript serves the fan sites' script. Its address is fixed (fan
// pages name it), so it is cached for an hour and then checked by its ETag;
// it derives the service's address from its own src, so one file serves
// every host name the service is reached by.
func (s *Site) embedScript(c echo.Context) error {
	// Any site may include the script.
	c.Response().Header().Set("Access-Control-Allow-Origin", "*")
	return s.serveAsset(c, s.assets["embed.js"], cacheShort)
}

// embedCard is the minimal card page fan sites put in an iframe: image,
// statistics, errata and a link to the full page. It may be framed anywhere.
func (s *Site) embedCard(c echo.Context) error {
	if s.cfg.Cards == nil {
		return s.unavailable(c, "The card data")
	}
	ctx := c.Request().Context()
	id, err := rules.ParseID("id", c.Param("id"))
	if err != nil {
		return s.renderEmbedError(c, err)
	}
	card, err := s.cfg.Cards.Card(ctx, id)
	if err != nil {
		return s.renderEmbedError(c, err)
	}
	cp := cardPage{Card: card, Stats: cardStats(card), Base: baseURL(c), Face: newCardFace(card)}
	// Framed from a look-up that matched loosely (the oEmbed answer of a
	// name's address), it says so, as the card page does.
	if cp.LookedUp, err = lookedUpOf(c, card); err != nil {
		return s.renderEmbedError(c, err)
	}
	if rs, err := s.cfg.Cards.CardRulings(ctx, card.ID); err == nil {
		cp.Rulings, cp.Mentions = groupRulings(card, rs, nil)
	}
	// Its count of rulings is the whole only when the documents read cover
	// the card (rules.CoverageOf): "0 rulings" is otherwise not none.
	if cov, err := s.cfg.Cards.RulingsCoverage(ctx, card.ID); err == nil {
		cp.Coverage = cov
	}
	return s.render(c, http.StatusOK, "embedcard", page{Title: card.Name(), Data: cp, Description: cardDescription(card)})
}

func (s *Site) renderEmbedError(c echo.Context, err error) error {
	status := api.StatusOf(rules.ErrorCode(err))
	c.Response().Header().Set("Content-Security-Policy", embedCSP)
	// Titled by what went wrong: a card not found, or the request's own
	// mistake (an id holding a control character) named as such.
	title := "Card not found"
	if status != http.StatusNotFound {
		title = http.StatusText(status)
	}
	return c.HTML(status, "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>"+html.EscapeString(title)+"</title><p role=\"alert\">"+
		html.EscapeString(rules.ErrorMessage(err))+"</p></html>")
}

// oembedResponse is an oEmbed 1.0 answer of the "rich" type.
type oembedResponse struct {
	Type            string `json:"type"`
	Version         string `json:"version"`
	Title           string `json:"title"`
	ProviderName    string `json:"provider_name"`
	ProviderURL     string `json:"provider_url"`
	CacheAge        int    `json:"cache_age"`
	HTML            string `json:"html"`
	Width           int    `json:"width"`
	Height          int    `json:"height"`
	ThumbnailURL    string `json:"thumbnail_url,omitempty"`
	ThumbnailWidth  int    `json:"thumbnail_width,omitempty"`
	ThumbnailHeight int    `json:"thumbnail_height,omitempty"`
	// Match says how the address's name found the card, as a look-up's
	// match does (exact, fuzzy, other-edition): a card framed from a name
	// read loosely says so here, in its title and in the frame. An
	// addition to oEmbed's fields, which consumers may ignore.
	Match string `json:"match"`
	// Asked is the name the address asked for, when it matched loosely.
	Asked string `json:"asked,omitempty"`
}

type oembedError struct {
	Error errorPayload `json:"error"`
}

type errorPayload struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

// jsonError is err as the API answers it: its code, its message and its
// details (an empty object when it has none), so a fan site's script reads
// the embed's errors as it reads REST's.
func jsonError(err error) oembedError {
	return jsonErrorOf(rules.ErrorCode(err), rules.ErrorMessage(err), rules.ErrorDetails(err))
}

// jsonErrorOf is an error of the API's shape; details nil is none.
func jsonErrorOf(code, message string, details map[string]any) oembedError {
	if details == nil {
		details = map[string]any{}
	}
	return oembedError{errorPayload{Code: code, Message: message, Details: details}}
}

// oembedBound reads an oEmbed consumer's maxwidth or maxheight: a whole
// number of pixels, 1 or more (oEmbed 1.0); none is no bound. Anything else
// is refused naming it, as a page size that is no number is: it was
// ignored, so "maxwidth=3OO" answered a frame wider than asked for.
func oembedBound(field, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, rules.Errorf(rules.EINVALID, "%s must be a whole number of pixels, 1 or more; got %q.", field, rules.Truncate(s)).WithDetail("field", field)
	}
	return n, nil
}

// oembed answers /oembed?url=…&format=json for a card page's URL
// (/cards/{id} or /embed/cards/{id} of this service) with an iframe of the
// embeddable card. Per oEmbed 1.0: 404 for a URL it has nothing for; a
// format other than JSON, for which oEmbed 1.0 writes 501, is the 400 of
// a parameter's mistake (a request is never answered a 5xx for what it
// sent), naming format.
func (s *Site) oembed(c echo.Context) error {
	format := c.QueryParam("format")
	if format != "" && format != "json" {
		return c.JSON(http.StatusBadRequest, jsonErrorOf(rules.EINVALID, fmt.Sprintf("The format %q is not offered: use format=json.", format), map[string]any{"field": "format"}))
	}
	// Read at once, as every transport reads a text (rules.ParseText) and
	// a number: a bound that is no number is refused, never ignored.
	raw, err := rules.ParseText("url", c.QueryParam("url"))
	if err != nil {
		return c.JSON(http.StatusBadRequest, jsonError(err))
	}
	maxWidth, err := oembedBound("maxwidth", c.QueryParam("maxwidth"))
	if err != nil {
		return c.JSON(http.StatusBadRequest, jsonError(err))
	}
	maxHeight, err := oembedBound("maxheight", c.QueryParam("maxheight"))
	if err != nil {
		return c.JSON(http.StatusBadRequest, jsonError(err))
	}
	notFound := func(msg string) error {
		return c.JSON(http.StatusNotFound, jsonErrorOf(rules.ENOTFOUND, msg, map[string]any{"field": "url"}))
	}
	if raw == "" {
		return notFound("Give the card page's address in ?url=.")
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return notFound("The url is not an http(s) address of a card page.")
	}
	if s.cfg.Cards == nil {
		return notFound("The card data is not available on this server.")
	}
	card, looked, err := s.oembedCard(c.Request().Context(), u)
	if err != nil {
		switch rules.ErrorCode(err) {
		case rules.ENOTFOUND, rules.EAMBIGUOUS, rules.EINVALID:
			// A name several cards fit frames none of them: the reader is
			// told which fit, as the look-up tells them.
			details := map[string]any{"field": "url"}
			for _, k := range []string{"candidates", "ids", "match", "suggestions"} {
				if v, ok := rules.ErrorDetails(err)[k]; ok {
					details[k] = v
				}
			}
			return c.JSON(http.StatusNotFound, jsonErrorOf(rules.ErrorCode(err), rules.ErrorMessage(err), details))
		}
		s.log.ErrorContext(c.Request().Context(), "oembed card", "url", raw, "err", err)
		return c.JSON(http.StatusInternalServerError, jsonErrorOf(rules.EINTERNAL, "An internal error occurred.", nil))
	}
	w := embedWidth
	if maxWidth > 0 && maxWidth < w {
		w = maxWidth
	}
	cp := cardPage{Card: card, Stats: cardStats(card), Face: newCardFace(card), LookedUp: looked}
	if rs, err := s.cfg.Cards.CardRulings(c.Request().Context(), card.ID); err == nil {
		cp.Rulings, cp.Mentions = groupRulings(card, rs, nil)
	}
	h := embedHeightOf(cp, w)
	if maxHeight > 0 && maxHeight < h {
		h = maxHeight
	}
	base := baseURL(c)
	src := base + "/embed/cards/" + url.PathEscape(card.ID)
	title, match := card.Name(), rules.MatchExact
	if looked != nil {
		// The name asked matched loosely: the frame says so (its notice
		// above the card), and so does the title a consumer shows.
		src += "?" + url.Values{"asked": {looked.Asked}, "match": {looked.Match}}.Encode()
		title, match = looked.title(card), looked.Match
	}
	resp := oembedResponse{
		Type: "rich", Version: "1.0", Title: title, Match: match,
		ProviderName: s.cfg.Name, ProviderURL: base + "/", CacheAge: 86400,
		Width: w, Height: h,
		HTML: fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" title="%s" style="border:0" loading="lazy"></iframe>`,
			html.EscapeString(src), w, h, html.EscapeString("Card: "+title)),
	}
	if looked != nil {
		resp.Asked = looked.Asked
	}
	if card.ImageURL != "" {
		resp.ThumbnailURL = card.ImageURL
	}
	c.Response().Header().Set("Access-Control-Allow-Origin", "*")
	return c.JSON(http.StatusOK, resp)
}

// oembedCard is the card a card page's address shows, and how the name it
// asked for found it when loosely: /cards/{id} or /embed/cards/{id} (with
// the ?asked=&match= a look-up's redirect adds), or /cards/named?fuzzy= or
// ?exact= (and &edition=), looked up as the page looks it up.
func (s *Site) oembedCard(ctx context.Context, u *url.URL) (*rules.Card, *lookedUp, error) {
	if u.Path == "/cards/named" {
		q := u.Query()
		asked, err := rules.ParseCardNamed(q.Get("exact"), q.Get("fuzzy"), q.Get("edition"))
		if err != nil {
			return nil, nil, err
		}
		name := clipName(asked.Name)
		card, err := s.cfg.Cards.LookUpCard(ctx, rules.CardIdentifier{Name: name, Edition: asked.Edition, Fuzzy: asked.Fuzzy})
		if err != nil {
			return nil, nil, err
		}
		if card.Match == rules.MatchExact || card.Match == "" {
			return card, nil, nil
		}
		return card, &lookedUp{Asked: name, Match: card.Match, Persona: card.Persona != "" && rules.FoldName(card.Persona) == rules.FoldName(name)}, nil
	}
	var id string
	for _, prefix := range []string{"/cards/", "/embed/cards/"} {
		if rest, ok := strings.CutPrefix(u.Path, prefix); ok && rest != "" && !strings.Contains(rest, "/") {
			id = rest
		}
	}
	if id == "" {
		return nil, nil, rules.Errorf(rules.ENOTFOUND, "The url is not the address of a card page (/cards/{id} or /cards/named?fuzzy=).")
	}
	card, err := s.cfg.Cards.Card(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	looked, err := lookedUpIn(u.Query(), card)
	return card, looked, err
}

// Notice says, above a framed card, how the name asked for found it, in
// the card page's words.
func (l *lookedUp) Notice(card *rules.Card) string {
	switch {
	case l.Match == rules.MatchOtherEdition:
		return fmt.Sprintf("“%s” is printed only in %s: this is that card.", l.Asked, rules.EditionName(card.Edition))
	case l.Persona:
		return fmt.Sprintf("No card is titled “%s”: %s is a version of that persona.", l.Asked, card.Name())
	}
	return fmt.Sprintf("No card is named “%s” exactly: this is the nearest, %s.", l.Asked, card.Name())
}

// title is what an oEmbed consumer shows of a card a name found loosely.
func (l *lookedUp) title(card *rules.Card) string {
	switch {
	case l.Match == rules.MatchOtherEdition:
		return fmt.Sprintf("%s (printed only in %s)", card.Name(), rules.EditionName(card.Edition))
	case l.Persona:
		return fmt.Sprintf("%s (a version of %s)", card.Name(), l.Asked)
	}
	return fmt.Sprintf("%s (the nearest card to “%s”)", card.Name(), l.Asked)
}

// CORS lets pages of any origin call the API: GET, POST and OPTIONS, no
// credentials, and the rate-limit headers readable by the caller. A preflight
// request (OPTIONS with Access-Control-Request-Method) is answered here with
// 204. Apply it to the API's routes (e.Group("/v1", web.CORS()) before adding
// them, or e.Use(web.CORSPaths("/v1/", "/graphql")) so preflights of every
// route are answered too).
func CORS() echo.MiddlewareFunc {
	return CORSPaths()
}

// CORSPaths is CORS for the requests whose path starts with one of the
// prefixes (every request when none is given), for use with e.Use or e.Pre.
func CORSPaths(prefixes ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if len(prefixes) > 0 && !hasAnyPrefix(r.URL.Path, prefixes) {
				return next(c)
			}
			// The header maps are read and written by their canonical keys,
			// as Get and Add would after checking that each is canonical.
			// Vary gets room for a second value: the gzip middleware adds
			// Accept-Encoding to each API answer.
			h := c.Response().Header()
			if vary := h["Vary"]; vary == nil {
				h["Vary"] = append(make([]string, 0, 2), "Origin")
			} else {
				h["Vary"] = append(vary, "Origin")
			}
			if origin := r.Header["Origin"]; len(origin) == 0 || origin[0] == "" {
				return next(c)
			}
			h.Set("Access-Control-Allow-Origin", "*")
			h.Set("Access-Control-Expose-Headers", "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Add("Vary", "Access-Control-Request-Method")
				h.Add("Vary", "Access-Control-Request-Headers")
				h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
				allow := r.Header.Get("Access-Control-Request-Headers")
				if allow == "" {
					allow = "Content-Type"
				}
				h.Set("Access-Control-Allow-Headers", allow)
				h.Set("Access-Control-Max-Age", "86400")
				return c.NoContent(http.StatusNoContent)
			}
			return next(c)
		}
	}
}

func hasAnyPrefix(p string, prefixes []string) bool {
	for _, pre := range prefixes {
		if strings.HasPrefix(p, pre) || p == strings.TrimSuffix(pre, "/") {
			return true
		}
	}
	return false
}

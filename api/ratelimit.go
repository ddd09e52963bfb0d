package api

import (
	"context"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/rules"
)

// Limiter decides whether a client may make n more requests (*ratelimit.Limiter).
type Limiter interface {
	AllowClient(ctx context.Context, c ratelimit.Client, n int) ratelimit.Result
}

// clientOf is who makes a request, as the limits see it: the API key it
// sent, and its address.
func clientOf(c echo.Context) ratelimit.Client {
	return ratelimit.Client{Key: strings.TrimSpace(c.Request().Header.Get("X-API-Key")), Address: c.RealIP()}
}

// A charger counts more requests against the limit of the client a request
// context belongs to.
type charger struct {
	limiter   Limiter
	client    ratelimit.Client
	onLimited func()
}

type chargerKey struct{}

// rateLimit refuses a client over its limit with 429 and the contract's
// rate_limited error; every answer carries the X-RateLimit-* headers.
func rateLimit(l Limiter, onLimited func()) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			res := l.AllowClient(c.Request().Context(), clientOf(c), 1)
			res.SetHeaders(c.Response().Header())
			if !res.Allowed {
				if onLimited != nil {
					onLimited()
				}
				return res.Err()
			}
			return next(c)
		}
	}
}

// chargeable lets Charge count more of a request's work against its
// client's limit, from the request's context.
func chargeable(l Limiter, onLimited func()) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			ch := &charger{limiter: l, client: clientOf(c), onLimited: onLimited}
			c.SetRequest(req.WithContext(context.WithValue(req.Context(), chargerKey{}, ch)))
			return next(c)
		}
	}
}

// Charge counts requests more against the rate limit of the client whose
// request ctx belongs to: a GraphQL query pays one request for each field
// that calls a service, as the REST routes doing the same work would. It
// fails with the contract's rate_limited error (ERATELIMITED, retryAfter in
// its details) when that is over the limit; with no limit, it charges
// nothing.
func Charge(ctx context.Context, requests int) error {
	ch, _ := ctx.Value(chargerKey{}).(*charger)
	if ch == nil || requests <= 0 {
		return nil
	}
	res := ch.limiter.AllowClient(ctx, ch.client, requests)
	if res.Allowed {
		return nil
	}
	if ch.onLimited != nil {
		ch.onLimited()
	}
	if res.Limit > 0 && requests+1 > res.Limit {
		// No wait would let it through: the whole minute's allowance is
		// less than the request costs.
		return rules.Errorf(rules.ERATELIMITED,
			"This request makes %d service calls, more than the %d a minute allowed; split it into smaller requests.", requests+1, res.Limit).
			WithDetail("limit", res.Limit)
	}
	return res.Err()
}

package api

import (
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
)

// routeMethods knows, for every route pattern of a group, the methods it
// takes, so that a path asked for with another method gets a 405 naming
// them. echo answers such a request in a group with middleware from the
// group's catch-all route, as a 404.
type routeMethods struct {
	patterns [][]string // the patterns' segments
	allow    []string   // the Allow header of each pattern
}

// newRouteMethods collects the routes under prefix ("/v1/"), leaving out
// catch-alls; a route that takes GET takes HEAD too (routeHeadAsGet).
func newRouteMethods(routes []*echo.Route, prefix string) *routeMethods {
	byPath := map[string][]string{}
	var paths []string
	for _, r := range routes {
		if !strings.HasPrefix(r.Path, prefix) || strings.Contains(r.Path, "*") || r.Method == echo.RouteNotFound {
			continue
		}
		if _, ok := byPath[r.Path]; !ok {
			paths = append(paths, r.Path)
		}
		byPath[r.Path] = append(byPath[r.Path], r.Method)
		if r.Method == "GET" {
			byPath[r.Path] = append(byPath[r.Path], "HEAD")
		}
	}
	rm := &routeMethods{}
	for _, p := range paths {
		methods := slices.Compact(slices.Sorted(slices.Values(byPath[p])))
		rm.patterns = append(rm.patterns, strings.Split(p, "/"))
		rm.allow = append(rm.allow, strings.Join(methods, ", "))
	}
	return rm
}

// allowed returns the Allow header of the patterns path matches (a ":name"
// segment matches any one non-empty segment), every one's methods, or "":
// /v1/cards/collection is the collection's POST and the card route's GET,
// as echo routes them (e.Routes() lists the routes in no fixed order, so
// the first match alone said one or the other).
func (rm *routeMethods) allowed(path string) string {
	segs := strings.Split(path, "/")
	var methods []string
	for i, p := range rm.patterns {
		if len(p) != len(segs) {
			continue
		}
		match := true
		for j, s := range p {
			// A ":name" segment stands for an id, never for nothing:
			// "/v1/entries/" is no route's path.
			if s != segs[j] && (!strings.HasPrefix(s, ":") || segs[j] == "") {
				match = false
				break
			}
		}
		if match {
			methods = append(methods, strings.Split(rm.allow[i], ", ")...)
		}
	}
	return strings.Join(slices.Compact(slices.Sorted(slices.Values(methods))), ", ")
}

// notFound answers a request no route of its group matched: a 405 with
// the Allow header when its path is a route's with other methods, else a
// 404.
func (rm *routeMethods) notFound(c echo.Context) error {
	// The path as routed: an encoded slash (/v1/cards%2Fnamed) is within
	// a segment, no route's, not the slash it decodes to.
	if allow := rm.allowed(c.Request().URL.EscapedPath()); allow != "" {
		c.Response().Header().Set(echo.HeaderAllow, allow)
		return echo.ErrMethodNotAllowed
	}
	return echo.ErrNotFound
}

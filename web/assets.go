package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/stccg/stccg-rules/internal/rules"
)

// An asset is one embedded file as it is served: its bytes, gzipped once at
// start-up when that makes them smaller, and a version (a hash of the bytes)
// that its URLs carry, so a page's links to it can be cached for a year and
// a new build is fetched anew.
type asset struct {
	body, gzipped []byte
	contentType   string
	version       string
}

// Cache lifetimes. A versioned URL never changes meaning; one without the
// current version (an old page, a hand-typed address, /embed.js) is checked
// again after a while.
const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheShort     = "public, max-age=3600"
	cacheDay       = "public, max-age=86400"
)

// loadAssets reads every file of the static folder, and adds the favicon.
func loadAssets(static fs.FS) (map[string]*asset, error) {
	out := map[string]*asset{}
	err := fs.WalkDir(static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, name)
		if err != nil {
			return err
		}
		out[name] = newAsset(name, b)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read static assets: %w", err)
	}
	ico, err := faviconICO()
	if err != nil {
		return nil, err
	}
	out["favicon.ico"] = newAsset("favicon.ico", ico)
	return out, nil
}

func newAsset(name string, b []byte) *asset {
	sum := sha256.Sum256(b)
	a := &asset{body: b, version: hex.EncodeToString(sum[:6]), contentType: contentTypeOf(name)}
	if textual(a.contentType) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(b)
		_ = zw.Close()
		if buf.Len() < len(b) {
			a.gzipped = buf.Bytes()
		}
	}
	return a
}

func contentTypeOf(name string) string {
	switch path.Ext(name) {
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".ico":
		return "image/x-icon"
	case ".txt":
		return "text/plain; charset=utf-8"
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

func textual(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "javascript") || strings.Contains(ct, "svg")
}

// assetURL is the versioned address of a static file, for the pages' links.
func (s *Site) assetURL(name string) string {
	a, ok := s.assets[name]
	if !ok {
		return "/static/" + name
	}
	return "/static/" + name + "?v=" + a.version
}

// serveAsset answers with the asset: gzipped when the client takes it, 304
// when the client has this version, and cached for a year when the URL
// names the current version.
func (s *Site) serveAsset(c echo.Context, a *asset, cacheControl string) error {
	h := c.Response().Header()
	etag := `"` + a.version + `"`
	h.Set("ETag", etag)
	h.Set("Cache-Control", cacheControl)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if a.gzipped != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
		return c.NoContent(http.StatusNotModified)
	}
	if a.gzipped != nil && acceptsGzip(c.Request()) {
		h.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, a.contentType, a.gzipped)
	}
	return c.Blob(http.StatusOK, a.contentType, a.body)
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// asset serves the embedded style sheet, scripts and icons under /static/.
func (s *Site) asset(c echo.Context) error {
	name := path.Clean("/" + c.Param("*"))[1:]
	a, ok := s.assets[name]
	if !ok || name == "" || name == "robots.txt" {
		return s.fail(c, rules.Errorf(rules.ENOTFOUND, "There is no file %q here.", name), "Not found")
	}
	cacheControl := cacheShort
	if c.QueryParam("v") == a.version {
		cacheControl = cacheImmutable
	}
	return s.serveAsset(c, a, cacheControl)
}

// favicon answers /favicon.ico, which browsers ask for on their own.
func (s *Site) favicon(c echo.Context) error {
	return s.serveAsset(c, s.assets["favicon.ico"], cacheDay)
}

// robots answers /robots.txt: the pages may be crawled; the API, the
// embeds and the redirecting look-ups are for programs.
func (s *Site) robots(c echo.Context) error {
	return s.serveAsset(c, s.assets["robots.txt"], cacheDay)
}

// Compress gzips text answers of at least a kilobyte for clients that take
// gzip, at the given level (gzip.BestSpeed for the API's many small JSON
// answers, gzip.DefaultCompression for pages). Answers that are gzipped
// already (the static assets) are not routed through it.
func Compress(level int) echo.MiddlewareFunc {
	return middleware.GzipWithConfig(middleware.GzipConfig{Level: level, MinLength: 1024})
}

// faviconICO draws the site's icon, a delta on the accent colour, as a
// 32×32 PNG inside an ICO file (which may hold PNG images since Windows
// Vista, and every browser reads).
func faviconICO() ([]byte, error) {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	accent := color.NRGBA{0x14, 0x50, 0x8c, 0xff}
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if !insideRounded(x, y, n, 6) {
				continue
			}
			img.SetNRGBA(x, y, accent)
			if insideDelta(float64(x)+.5, float64(y)+.5) {
				img.SetNRGBA(x, y, white)
			}
		}
	}
	var pngBuf bytes.Buffer
	if err := png.Encode(&pngBuf, img); err != nil {
		return nil, fmt.Errorf("favicon: %w", err)
	}
	var ico bytes.Buffer
	// ICONDIR: reserved, type 1 (icon), one image; then its ICONDIRENTRY.
	_ = binary.Write(&ico, binary.LittleEndian, []uint16{0, 1, 1})
	ico.Write([]byte{n, n, 0, 0})
	_ = binary.Write(&ico, binary.LittleEndian, []uint16{1, 32})
	_ = binary.Write(&ico, binary.LittleEndian, []uint32{uint32(pngBuf.Len()), 6 + 16})
	ico.Write(pngBuf.Bytes())
	return ico.Bytes(), nil
}

// insideRounded says whether pixel (x, y) lies in an n×n square with
// corners rounded to radius r.
func insideRounded(x, y, n, r int) bool {
	cx, cy := x, y
	switch {
	case x < r:
		cx = r
	case x >= n-r:
		cx = n - r - 1
	}
	switch {
	case y < r:
		cy = r
	case y >= n-r:
		cy = n - r - 1
	}
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}

// insideDelta says whether a point lies in the delta of favicon.svg: the
// triangle (16,5) (25,27) (7,27) less the notch (16,21) (25,27) (7,27).
func insideDelta(x, y float64) bool {
	return inTriangle(x, y, [6]float64{16, 5, 25, 27, 7, 27}) && !inTriangle(x, y, [6]float64{16, 21, 25, 27, 7, 27})
}

func inTriangle(x, y float64, t [6]float64) bool {
	side := func(ax, ay, bx, by float64) float64 { return (bx-ax)*(y-ay) - (by-ay)*(x-ax) }
	a, b, c := side(t[0], t[1], t[2], t[3]), side(t[2], t[3], t[4], t[5]), side(t[4], t[5], t[0], t[1])
	return (a >= 0 && b >= 0 && c >= 0) || (a <= 0 && b <= 0 && c <= 0)
}

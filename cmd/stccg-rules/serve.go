package main

import (
	"compress/gzip"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/discord"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/web"
)

// serve runs the HTTP service until ctx ends (SIGINT or SIGTERM), then drains
// in-flight requests and returns nil.
func serve(ctx context.Context, args []string, stderr io.Writer) error {
	var cfg config
	fs := newFlags("serve", stderr, &cfg)
	fs.StringVar(&cfg.Addr, "addr", envOr("STCCG_ADDR", "127.0.0.1:8080"), "address to listen on (env STCCG_ADDR)")
	fs.StringVar(&cfg.Redis, "redis", envOr("REDIS_URL", ""), "Redis URL, or a comma-separated list of cluster nodes, for the shared cache and rate limits (env REDIS_URL); empty runs in-process")
	fs.StringVar(&cfg.RedisLimits, "redis-limits", envOr("REDIS_LIMITS_URL", ""), "Redis URL, or cluster nodes, for the rate limits and the Discord interactions answered, kept apart from the cache so cached answers never evict a limit: run it with --maxmemory-policy noeviction (env REDIS_LIMITS_URL); empty uses --redis")
	fs.StringVar(&cfg.Index, "index", envOr("STCCG_INDEX", ""), "prebuilt search index folder written by 'stccg-rules index' (env STCCG_INDEX); empty builds it in memory")
	fs.IntVar(&cfg.RateLimit, "rate-limit", envInt("STCCG_RATE_LIMIT", 0), "requests per minute per client (an API key issued, else the address); 0 is off (env STCCG_RATE_LIMIT)")
	fs.StringVar(&cfg.APIKeys, "api-keys", envOr("STCCG_API_KEYS", ""), "file of the API keys issued, one a line with its own requests per minute if any (env STCCG_API_KEYS); other keys are limited by address")
	fs.StringVar(&cfg.TrustProxy, "trust-proxy", envOr("STCCG_TRUST_PROXY", ""), "comma-separated CIDRs or addresses of the proxies whose X-Real-IP or X-Forwarded-For names the client (env STCCG_TRUST_PROXY); empty trusts none")
	fs.BoolVar(&cfg.Pprof, "pprof", false, "serve /debug/pprof/")
	fs.StringVar(&cfg.DiscordKey, "discord-public-key", envOr("STCCG_DISCORD_PUBLIC_KEY", ""), "the Discord application's public key, in hex: serves POST "+discord.Route+" (env STCCG_DISCORD_PUBLIC_KEY); empty leaves it out")
	fs.StringVar(&cfg.PublicURL, "public-url", envOr("STCCG_PUBLIC_URL", ""), "the service's public address (https://rules.example.org), for the links of Discord answers (env STCCG_PUBLIC_URL); empty uses the Host a request came to")
	fs.StringVar(&cfg.MetricsAddr, "metrics-addr", envOr("STCCG_METRICS_ADDR", ""), "serve /metrics on this address of its own, not with the API (env STCCG_METRICS_ADDR); empty serves it with the API")
	fs.Int64Var(&cfg.MemoryLimit, "memory-limit", int64(envInt("STCCG_MEMORY_LIMIT", 150)), "soft memory limit in MiB for the Go heap (env STCCG_MEMORY_LIMIT; GOMEMLIMIT wins); 0 is none")
	fs.IntVar(&cfg.GCPercent, "gc-percent", envInt("STCCG_GC_PERCENT", 400), "heap growth between collections, as GOGC, while under the memory limit (env STCCG_GC_PERCENT; GOGC wins)")
	fs.IntVar(&cfg.MaxConns, "max-conns", envInt("STCCG_MAX_CONNS", 0), "open connections in all (env STCCG_MAX_CONNS); 0 takes the file limit less 256, at most 8192. Near it the idle ones are closed first; at it a new one is served only a health check")
	fs.IntVar(&cfg.MaxConnsClient, "max-conns-per-client", envInt("STCCG_MAX_CONNS_PER_CLIENT", 256), "open connections of one client address, the trusted proxies and loopback excepted (env STCCG_MAX_CONNS_PER_CLIENT); 0 is no bound")
	fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", 20*time.Second, "how long to drain in-flight requests on SIGINT/SIGTERM; those still running then are cut")
	fs.DurationVar(&cfg.ReadTimeout, "read-timeout", 15*time.Second, "how long a request may take to arrive whole, from its first byte; a body not sent within it is answered 408 (its answer may take 15 s more)")
	logFormat := fs.String("log-format", envOr("STCCG_LOG_FORMAT", "auto"), "log lines as text (readable) or json; auto is text at a terminal, JSON otherwise (env STCCG_LOG_FORMAT)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	// A value no flag can take is refused before anything is served on it.
	for _, f := range []struct {
		name, zero string
		value      int64
	}{
		{"--rate-limit", "no limit", int64(cfg.RateLimit)},
		{"--memory-limit", "no limit", cfg.MemoryLimit},
		{"--max-conns", "the file limit less 256", int64(cfg.MaxConns)},
		{"--max-conns-per-client", "no bound", int64(cfg.MaxConnsClient)},
	} {
		if f.value < 0 {
			return fmt.Errorf("%s must not be negative, got %d (0 is %s)", f.name, f.value, f.zero)
		}
	}
	if cfg.ReadTimeout <= 0 {
		return fmt.Errorf("--read-timeout must be positive, got %v", cfg.ReadTimeout)
	}
	proxies, err := parseProxies(cfg.TrustProxy)
	if err != nil {
		return err
	}
	if cfg.keys, err = readKeys(cfg.APIKeys); err != nil {
		return err
	}
	var discordKey ed25519.PublicKey
	if cfg.DiscordKey != "" {
		if discordKey, err = discord.ParsePublicKey(cfg.DiscordKey); err != nil {
			return fmt.Errorf("--discord-public-key: %w", err)
		}
	}
	if !cfg.Pprof {
		// The heap profile is read only through /debug/pprof/ (--pprof):
		// without it, the runtime's sampling of allocations (one in 512 KB
		// allocated, each sample unwinding its stack) is work nobody reads,
		// about 0.6% of the CPU of a varied search under load.
		runtime.MemProfileRate = 0
	}
	if os.Getenv("GOMEMLIMIT") == "" && cfg.MemoryLimit > 0 {
		// A soft limit keeps the heap, mostly the response cache, within
		// what one replica should hold; the GC works harder near it.
		debug.SetMemoryLimit(cfg.MemoryLimit << 20)
		if os.Getenv("GOGC") == "" && cfg.GCPercent > 0 {
			// The limit bounds the heap, so below it the collector may
			// run less often: most of a request's garbage is short-lived,
			// and collecting it at GOGC=100 cost a third of the CPU of an
			// adjudication under load.
			debug.SetGCPercent(cfg.GCPercent)
		}
	}
	logFormatter, err := logHandler(*logFormat, stderr)
	if err != nil {
		return err
	}
	logOut := newLogWriter(stderr, 100*time.Millisecond)
	defer logOut.Close()
	log := slog.New(logFormatter(logOut))
	if err := checkCorpusDir(cfg.Corpus); err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	// The load balancer carries every client's connections, and the host's
	// health checks come from loopback: neither is bounded per client.
	_, loopback4, _ := net.ParseCIDR("127.0.0.0/8")
	_, loopback6, _ := net.ParseCIDR("::1/128")
	conns := api.NewConnLimiter(api.ConnLimits{Max: cfg.MaxConns, PerClient: cfg.MaxConnsClient,
		Exempt: append([]*net.IPNet{loopback4, loopback6}, proxies...)})
	// /healthz answers from the first moment; everything else waits for the
	// corpus to be read and indexed.
	var ready atomic.Pointer[http.Handler]
	mux := http.NewServeMux()
	if cfg.Pprof {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	serveApp := func(w http.ResponseWriter, r *http.Request) {
		if h := ready.Load(); h != nil {
			(*h).ServeHTTP(w, r)
			return
		}
		starting(w)
	}
	srv := &http.Server{
		Handler:           topHandler(mux, cfg.Pprof, serveApp),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       cfg.ReadTimeout,
		// The answer's write deadline counts from the request's headers
		// too: 15 s past the read's, so a body read to the read deadline
		// can still be answered (30 s by default).
		WriteTimeout: cfg.ReadTimeout + 15*time.Second,
		IdleTimeout:  120 * time.Second,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	drain := newDrain(log)
	drain.serve(srv)
	// The connection limits outermost: a connection over them is answered
	// a health check and nothing else, before the drain sees it.
	srv.Handler = conns.Handler(srv.Handler)
	drainState, drainContext := srv.ConnState, srv.ConnContext
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		conns.ConnState(c, s)
		drainState(c, s)
	}
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		return conns.ConnContext(drainContext(ctx, c), c)
	}
	served := make(chan error, 2) // the API's server and the metrics'
	metricsHandler, stopMetrics, err := serveMetrics(cfg.MetricsAddr, log, served)
	if err != nil {
		_ = ln.Close()
		return err
	}
	defer stopMetrics()
	// net/http's own answers to requests it cannot read come as JSON too.
	go func() { served <- srv.Serve(conns.Listener(api.JSONProtocolErrors(ln))) }()
	lim := conns.Limits()
	log.Info("listening", "addr", ln.Addr().String(), "max_conns", lim.Max, "max_conns_per_client", lim.PerClient)

	start := time.Now()
	app, err := build(ctx, cfg, log)
	if err != nil {
		_ = srv.Close()
		if ctx.Err() != nil {
			// SIGINT or SIGTERM while the corpus was being read: a
			// requested stop, not a failure.
			log.Info("stopped before ready", "reason", context.Cause(ctx).Error())
			return nil
		}
		return err
	}
	defer app.Close()
	var limiter api.Limiter
	if cfg.RateLimit > 0 || len(cfg.keys) > 0 {
		limiter = app.limiter
	}
	h := api.New(api.Config{
		Services: app.services,
		GraphQL: graph.NewHandler(app.resolver(), graph.ServerConfig{Logger: log, PersistedQueries: app.apq, RequestID: api.RequestID,
			Metrics: app.operations, Charge: api.Charge}),
		Ready:            drain.ready(app.ready),
		Logger:           log,
		Metrics:          app.metrics,
		MetricsElsewhere: cfg.MetricsAddr != "",
		Limiter:          limiter,
		Responses:        app.responses,
		// Only the load balancer may name the client the limits apply to.
		TrustedProxies: proxies,
		// Fan sites call the API from their own pages; answers of a
		// kilobyte or more are gzipped, at the cheapest level, for
		// clients that take it.
		APIMiddleware: []echo.MiddlewareFunc{web.CORS(), web.Compress(gzip.BestSpeed)},
		Mount: mounts(web.New(web.Config{
			Reference: app.services.Reference, Search: app.services.Search,
			Cards: app.services.Cards, Adjudicator: app.services.Adjudicator, Logger: log,
		}).Register, discordHandler(discordKey, cfg.PublicURL, app, log)),
	})
	var handler http.Handler = h
	ready.Store(&handler)
	if metricsHandler != nil {
		mh := app.metrics.Handler()
		metricsHandler.Store(&mh)
	}
	app.metrics.Registry().MustRegister(connCollector(conns))
	log.Info("ready", "entries", len(app.corpus.Entries), "cards", len(app.corpus.Cards),
		"warnings", len(app.corpus.Warnings), "corpus_version", app.corpus.Version, "startup", time.Since(start).String())

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: draining in-flight requests")
	drain.shutdown(srv, cfg.ShutdownTimeout)
	log.Info("stopped")
	return nil
}

// discordHandler is the Discord interactions endpoint over the services, or
// nil without a key.
// Each interaction is answered once (its id remembered, with Redis by
// every replica), and counted against the limit of the Discord user who
// made it, --rate-limit a minute, and of its guild, discordGuildFactor times
// that: a guild holds many judges.
func discordHandler(key ed25519.PublicKey, publicURL string, app *app, log *slog.Logger) http.Handler {
	if key == nil {
		return nil
	}
	seen := ratelimit.SeenConfig{TTL: 2 * discord.MaxSkew}
	if app.limitsRedis != nil {
		seen.Redis, seen.Health = app.limitsRedis.Client(), app.limitsRedis
	}
	cfg := discord.Config{PublicKey: key, Reference: app.services.Reference, Search: app.services.Search,
		Cards: app.services.Cards, BaseURL: publicURL, Logger: log, Replays: ratelimit.NewSeen(seen)}
	if app.limiter != nil {
		cfg.Limiter, cfg.UserPerMinute, cfg.GuildPerMinute = app.limiter, app.rateLimit, discordGuildFactor*app.rateLimit
	}
	return discord.New(cfg)
}

// discordGuildFactor is how many users' allowance a Discord guild has.
const discordGuildFactor = 10

// mounts adds the pages and, when configured, the Discord endpoint. The
// endpoint takes no rate limit by address: every interaction comes from
// Discord's own addresses, signed; it counts its users and guilds itself.
func mounts(pages func(*echo.Echo, ...echo.MiddlewareFunc), interactions http.Handler) func(*echo.Echo, ...echo.MiddlewareFunc) {
	return func(e *echo.Echo, work ...echo.MiddlewareFunc) {
		pages(e, work...)
		if interactions != nil {
			e.POST(discord.Route, echo.WrapHandler(interactions))
		}
	}
}

// serveMetrics serves /metrics on an address of its own when addr is set,
// as operators keep it off the public port: it answers 503 until the handler
// stored in the returned pointer is set, once the service is ready. A
// failure to serve is sent on failed. stop closes it.
func serveMetrics(addr string, log *slog.Logger, failed chan<- error) (*atomic.Pointer[http.Handler], func(), error) {
	if addr == "" {
		return nil, func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("listen on %s (--metrics-addr): %w", addr, err)
	}
	var h atomic.Pointer[http.Handler]
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		if m := h.Load(); m != nil {
			(*m).ServeHTTP(w, r)
			return
		}
		http.Error(w, "starting", http.StatusServiceUnavailable)
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 15 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			failed <- fmt.Errorf("serve metrics: %w", err)
		}
	}()
	log.Info("serving metrics", "addr", ln.Addr().String())
	return &h, func() { _ = srv.Close() }, nil
}

// topHandler answers /healthz itself, the pprof routes through mux when
// pprof is on, and everything else by app. Only those paths go through mux:
// a ServeMux answers a path with an empty or dot segment by a redirect to
// the path cleaned, which names another resource (/v1/cards//rulings is not
// the card "rulings"); the API answers such a path itself, a 404 naming it.
func topHandler(mux http.Handler, pprof bool, app http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p == "/healthz" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			healthz(w)
			return
		}
		if pprof && strings.HasPrefix(p, "/debug/pprof/") {
			mux.ServeHTTP(w, r)
			return
		}
		app(w, r)
	}
}

// healthzBody is /healthz's answer, {"status":"ok"} as writeJSON writes it
// (TestHealthzIsWhatWriteJSONWrites), written as it is rather than encoded
// from a map for every health check.
var healthzBody = []byte(`{"status":"ok"}` + "\n")

// jsonUTF8 is writeJSON's Content-Type, shared: net/http reads a header's
// values and never changes them in place.
var jsonUTF8 = []string{"application/json; charset=UTF-8"}

// healthz answers /healthz (GET and HEAD): the process is up. It answers
// from the first moment, before the corpus is read.
func healthz(w http.ResponseWriter) {
	w.Header()["Content-Type"] = jsonUTF8
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(healthzBody)
}

// startingRetryAfter is the Retry-After, in seconds, of a request answered
// while the corpus is being read: start-up takes a few seconds on a quiet
// machine and under fifteen on a busy one.
const startingRetryAfter = "5"

// starting answers a request that comes before the service is ready: 503
// in the API's error shape, with Retry-After so that a bot knows when to
// ask again, as a request over the connection limits is answered.
func starting(w http.ResponseWriter) {
	w.Header().Set("Retry-After", startingRetryAfter)
	writeJSON(w, http.StatusServiceUnavailable, map[string]any{"error": map[string]any{
		"code": "internal", "message": "The service is starting: the corpus is being read. Try again in a moment.",
		"details": map[string]any{}}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

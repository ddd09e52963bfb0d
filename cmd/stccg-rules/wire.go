package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/corpus"
	"github.com/stccg/stccg-rules/graph"
	"github.com/stccg/stccg-rules/internal/cache"
	"github.com/stccg/stccg-rules/internal/engine"
	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/search"
	"github.com/stccg/stccg-rules/internal/service"
)

// Sizes and lifetimes of the caches.
const (
	responseCacheEntries = 5_000
	responseCacheBytes   = 32 << 20  // keys and values of the in-process cache, in all
	maxCachedResponse    = 256 << 10 // larger answers are served but not cached, here or in Redis
	responseTTL          = time.Hour // the key holds the corpus version, so a new corpus never hits an old answer
	frontTTL             = 10 * time.Second
	persistedQueryTTL    = 24 * time.Hour
)

// app is the wired service: the corpus read once, and the services over it.
type app struct {
	corpus   *corpus.Corpus
	set      *service.Set
	services api.Services
	redis    *cache.RedisConn
	// limitsRedis holds the rate limits and the Discord interactions
	// answered: a Redis of its own (--redis-limits), or redis.
	limitsRedis *cache.RedisConn
	responses   *cache.Responses
	apq         graphql.Cache[string]
	limiter     *ratelimit.Limiter
	rateLimit   int // requests per minute of a client (--rate-limit)
	metrics     *api.Metrics
	// operations count GraphQL operations by name, on metrics' registry.
	operations *graph.OperationMetrics
	closers    []func() error
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

// buildServices reads the corpus and wires the domain services over it: what
// the terminal commands and the server share.
func buildServices(ctx context.Context, cfg config) (*app, error) {
	c, err := loadCorpus(ctx, cfg.Corpus)
	if err != nil {
		return nil, err
	}
	return servicesOver(ctx, c, cfg)
}

// servicesOver wires the domain services over a corpus read.
func servicesOver(ctx context.Context, c *corpus.Corpus, cfg config) (*app, error) {
	var prebuilt *search.Index
	if cfg.Index != "" {
		ix, _, err := search.Open(cfg.Index)
		if err != nil {
			return nil, err
		}
		prebuilt = ix
	}
	// The engine's citations are written once as the API writes them.
	set, err := service.New(ctx, c, prebuilt, engine.WithCitationJSON(api.CitationJSON))
	if err != nil {
		if prebuilt != nil {
			_ = prebuilt.Close()
		}
		if cfg.Index != "" {
			return nil, fmt.Errorf("index %s: %w", cfg.Index, err)
		}
		return nil, err
	}
	a := &app{corpus: c, set: set}
	a.closers = append(a.closers, set.Close)
	a.services = api.Services{Reference: set.Library, Search: set.Index, Cards: set.Catalog, Adjudicator: set.Engine}
	return a, nil
}

// build wires the whole server: the services, then the cache, the rate
// limits and the metrics, in process or on Redis.
func build(ctx context.Context, cfg config, log *slog.Logger) (*app, error) {
	a, err := buildServices(ctx, cfg)
	if err != nil {
		return nil, err
	}
	a.metrics = api.NewMetrics()
	// REST and GraphQL share the adjudicator, so both count by question.
	a.services.Adjudicator = a.metrics.CountAdjudications(a.services.Adjudicator)
	a.operations = graph.NewOperationMetrics(a.metrics.Registry())
	lru, err := cache.NewLRU(responseCacheEntries, responseCacheBytes, responseTTL)
	if err != nil {
		return nil, err
	}
	var shared cache.Cache = lru
	caches := map[string]cache.StatsReporter{"local": lru}
	if cfg.Redis != "" {
		// go-redis logs every failed dial itself; route it to debug so an
		// outage is logged once, by the connection's health check.
		redis.SetLogger(cache.RedisLogger{Logger: log})
		conn, err := cache.DialRedis(ctx, cfg.Redis, cache.RedisOptions{Logger: log})
		if err != nil {
			return nil, fmt.Errorf("redis %q: %w", cfg.Redis, err)
		}
		a.redis = conn
		rc := cache.NewRedisCache(conn, cache.RedisCacheOptions{Version: a.corpus.Version, DefaultTTL: responseTTL})
		// The cache first, so the writes it still holds are sent before
		// the connection closes.
		a.closers = append(a.closers, rc.Close, conn.Close)
		caches["redis"] = rc
		shared = cache.NewTiered(lru, rc, frontTTL)
	}
	a.responses = cache.NewResponses(shared, responseTTL, maxCachedResponse)
	caches["responses"] = a.responses
	a.apq = cache.NewAPQ(shared, persistedQueryTTL, graph.MaxPersistedQueryLength)
	a.metrics.Registry().MustRegister(cache.NewCollector(caches, a.redis))

	a.limitsRedis = a.redis
	if cfg.RedisLimits != "" && cfg.RedisLimits != cfg.Redis {
		redis.SetLogger(cache.RedisLogger{Logger: log})
		conn, err := cache.DialRedis(ctx, cfg.RedisLimits, cache.RedisOptions{Logger: log})
		if err != nil {
			return nil, fmt.Errorf("redis %q (--redis-limits): %w", cfg.RedisLimits, err)
		}
		a.limitsRedis = conn
		a.closers = append(a.closers, conn.Close)
	}
	if a.limitsRedis != nil {
		warnIfEvicting(ctx, a.limitsRedis, log)
	}
	a.rateLimit = cfg.RateLimit
	lcfg := ratelimit.Config{PerMinute: cfg.RateLimit, Keys: cfg.keys}
	if a.limitsRedis != nil {
		lcfg.Redis, lcfg.Health = a.limitsRedis.Client(), a.limitsRedis
	}
	if a.limiter, err = ratelimit.New(lcfg); err != nil {
		return nil, err
	}
	a.metrics.Registry().MustRegister(ratelimit.NewCollector(a.limiter))
	if n, err := a.set.Index.DocCount(); err == nil {
		a.metrics.Registry().MustRegister(gauge("stccg_index_documents", "Documents in the search index.", float64(n)))
	}
	a.metrics.Registry().MustRegister(gauge("stccg_corpus_entries", "Entries read from the corpus.", float64(len(a.corpus.Entries))))
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
// handler exists. A lost Redis does not make a replica unready, since it
// serves on without it, but the body says so.
func (a *app) ready(ctx context.Context) (bool, map[string]any) {
	detail := map[string]any{"corpusVersion": a.corpus.Version, "entries": len(a.corpus.Entries), "cards": len(a.corpus.Cards)}
	if a.redis != nil {
		st := a.redis.Status()
		r := map[string]any{"healthy": st.Healthy, "outages": st.Outages}
		if !st.Healthy {
			r["downSince"] = st.DownSince
			detail["status"] = "degraded: Redis is unreachable, serving with in-process cache and limits"
		}
		detail["redis"] = r
	}
	if a.limitsRedis != nil && a.limitsRedis != a.redis {
		st := a.limitsRedis.Status()
		detail["redisLimits"] = map[string]any{"healthy": st.Healthy, "outages": st.Outages}
		if !st.Healthy {
			detail["status"] = "degraded: the limits' Redis is unreachable, limiting in process"
		}
	}
	return true, detail
}

// Close releases what the services hold.
func (a *app) Close() {
	for _, c := range a.closers {
		_ = c()
	}
}

// warnIfEvicting logs a warning when the Redis of the rate limits may evict
// keys: a key evicted is a fresh allowance, and cached answers written to
// the same Redis push them out (an evicting policy evicts the limits' keys
// with the rest: they carry a TTL as the cache's do). A Redis that does not
// say (CONFIG refused, as managed ones do) is taken as it is.
func warnIfEvicting(ctx context.Context, conn *cache.RedisConn, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	policy, err := conn.Client().ConfigGet(ctx, "maxmemory-policy").Result()
	if err != nil {
		return
	}
	if p := policy["maxmemory-policy"]; p != "" && p != "noeviction" {
		log.Warn("the rate limits' Redis evicts keys under memory pressure: an evicted limit is a fresh allowance; give the limits a Redis of their own with --maxmemory-policy noeviction (--redis-limits)",
			"maxmemory-policy", p)
	}
}

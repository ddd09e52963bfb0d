package cache

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// RedisOptions tunes a Redis connection. Zero values take the defaults.
type RedisOptions struct {
	// Cluster makes a single address a cluster seed; several addresses are
	// always a cluster.
	Cluster bool
	// DialTimeout, ReadTimeout and WriteTimeout bound every Redis call so a
	// dead or slow Redis never stalls a request. Default 100ms each.
	DialTimeout  time.Duration
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	// CheckInterval is how often the health check pings Redis. Default 1s.
	CheckInterval time.Duration
	// Logger receives one warning when Redis becomes unreachable and one
	// notice when it is back. Default slog.Default().
	Logger *slog.Logger
}

func (o RedisOptions) withDefaults() RedisOptions {
	if o.DialTimeout <= 0 {
		o.DialTimeout = 100 * time.Millisecond
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = 100 * time.Millisecond
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 100 * time.Millisecond
	}
	if o.CheckInterval <= 0 {
		o.CheckInterval = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// NewRedisClient makes a go-redis client from spec: one address or URL
// ("redis://host:6379/0", "rediss://...", "host:6379") for a single server,
// or a comma-separated list of cluster nodes ("h1:6379,h2:6379,h3:6379", URLs
// accepted; credentials and TLS are taken from the first). The client has
// short timeouts and at most one retry, so a dead Redis fails fast.
func NewRedisClient(spec string, opts RedisOptions) (redis.UniversalClient, error) {
	opts = opts.withDefaults()
	var parts []string
	for p := range strings.SplitSeq(spec, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return nil, errors.New("cache: empty redis address")
	}
	u := &redis.UniversalOptions{IsClusterMode: opts.Cluster || len(parts) > 1}
	for i, p := range parts {
		addr, err := parseRedisAddr(p, u, i == 0)
		if err != nil {
			return nil, err
		}
		u.Addrs = append(u.Addrs, addr)
	}
	u.DialTimeout = opts.DialTimeout
	u.ReadTimeout = opts.ReadTimeout
	u.WriteTimeout = opts.WriteTimeout
	u.PoolTimeout = opts.ReadTimeout + opts.WriteTimeout
	u.ContextTimeoutEnabled = true
	u.DialerRetries = 1
	u.MaxRetries = 1
	u.MinRetryBackoff = time.Millisecond
	u.MaxRetryBackoff = 20 * time.Millisecond
	u.DisableIdentity = true
	u.MaintNotificationsConfig = &maintnotifications.Config{Mode: maintnotifications.ModeDisabled}
	return redis.NewUniversalClient(u), nil
}

// parseRedisAddr returns the host:port of one spec part; a URL's
// credentials, database and TLS settings go into u when first is set.
func parseRedisAddr(p string, u *redis.UniversalOptions, first bool) (string, error) {
	if !strings.Contains(p, "://") {
		if _, _, err := net.SplitHostPort(p); err != nil {
			return "", fmt.Errorf("cache: redis address %q: %w", p, err)
		}
		return p, nil
	}
	o, err := redis.ParseURL(p)
	if err != nil {
		return "", fmt.Errorf("cache: redis url: %w", err)
	}
	if first {
		u.Username, u.Password, u.DB, u.TLSConfig = o.Username, o.Password, o.DB, o.TLSConfig
	}
	return o.Addr, nil
}

// RedisStatus is the state of the Redis connection, for /readyz and metrics.
type RedisStatus struct {
	Healthy   bool      `json:"healthy"`
	LastError string    `json:"lastError,omitempty"`
	DownSince time.Time `json:"downSince,omitzero"`
	Outages   uint64    `json:"outages"`
}

// RedisConn is the Redis connection shared by the cache and the rate
// limiter, with its health. While Redis is unhealthy the users of the
// connection skip it and fall back to in-process behaviour; a background
// check pings Redis every CheckInterval and marks it healthy again when it
// answers. Each outage is logged once, when it starts, and once when it ends.
type RedisConn struct {
	client      redis.UniversalClient
	owned       bool
	logger      *slog.Logger
	pingTimeout time.Duration

	healthy   atomic.Bool
	outages   atomic.Uint64
	mu        sync.Mutex // guards lastErr and downSince
	lastErr   error
	downSince time.Time

	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

// DialRedis makes a client from spec (see NewRedisClient), checks it once
// and starts the health check. An unreachable Redis is not an error: the
// connection starts unhealthy and recovers when Redis answers. Close stops
// the check and closes the client.
func DialRedis(ctx context.Context, spec string, opts RedisOptions) (*RedisConn, error) {
	client, err := NewRedisClient(spec, opts)
	if err != nil {
		return nil, err
	}
	c := NewRedisConn(ctx, client, opts)
	c.owned = true
	return c, nil
}

// NewRedisConn wraps an existing client, checks it once and starts the
// health check. Close stops the check but leaves the client open.
func NewRedisConn(ctx context.Context, client redis.UniversalClient, opts RedisOptions) *RedisConn {
	opts = opts.withDefaults()
	c := &RedisConn{
		client:      client,
		logger:      opts.Logger,
		pingTimeout: opts.DialTimeout + opts.ReadTimeout + opts.WriteTimeout,
		stop:        make(chan struct{}),
		done:        make(chan struct{}),
	}
	c.healthy.Store(true)
	c.Check(ctx)
	go c.run(opts.CheckInterval)
	return c
}

func (c *RedisConn) run(interval time.Duration) {
	defer close(c.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			c.Check(context.Background())
		}
	}
}

// Check pings Redis (every master of a cluster) now and updates the health;
// it returns the ping's error.
func (c *RedisConn) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, c.pingTimeout)
	defer cancel()
	var err error
	if cc, ok := c.client.(*redis.ClusterClient); ok {
		err = cc.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error {
			return node.Ping(ctx).Err()
		})
	} else {
		err = c.client.Ping(ctx).Err()
	}
	if err != nil {
		c.markDown(err)
		return err
	}
	c.markUp()
	return nil
}

// Client is the underlying go-redis client.
func (c *RedisConn) Client() redis.UniversalClient { return c.client }

// Healthy reports whether Redis answered the last check and no call has
// failed since.
func (c *RedisConn) Healthy() bool { return c.healthy.Load() }

// LastError is the most recent Redis fault, or nil if there has been none.
func (c *RedisConn) LastError() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastErr
}

// Status reports the health, the last fault and the number of outages.
func (c *RedisConn) Status() RedisStatus {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := RedisStatus{Healthy: c.healthy.Load(), Outages: c.outages.Load()}
	if c.lastErr != nil {
		s.LastError = c.lastErr.Error()
	}
	if !s.Healthy {
		s.DownSince = c.downSince
	}
	return s
}

// Fault reports the error of a Redis call made with ctx. It returns false,
// and changes nothing, when err is nil, is redis.Nil (a missing key), or
// when ctx itself is done (the caller gave up, Redis is not at fault).
// Otherwise Redis is marked unhealthy until the next successful check, and
// Fault returns true.
func (c *RedisConn) Fault(ctx context.Context, err error) bool {
	if err == nil || errors.Is(err, redis.Nil) || ctx.Err() != nil {
		return false
	}
	c.markDown(err)
	return true
}

func (c *RedisConn) markDown(err error) {
	c.mu.Lock()
	c.lastErr = err
	first := c.healthy.CompareAndSwap(true, false)
	if first {
		c.downSince = time.Now()
		c.outages.Add(1)
	}
	c.mu.Unlock()
	if first {
		c.logger.Warn("redis unavailable; serving with in-process cache and rate limits until it returns", "err", err)
	}
}

func (c *RedisConn) markUp() {
	c.mu.Lock()
	recovered := c.healthy.CompareAndSwap(false, true)
	since := c.downSince
	c.mu.Unlock()
	if recovered {
		c.logger.Info("redis available again", "down_for", time.Since(since).Round(time.Millisecond))
	}
}

// Close stops the health check and, for a connection made by DialRedis,
// closes the client.
func (c *RedisConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.stop)
		<-c.done
		if c.owned {
			err = c.client.Close()
		}
	})
	return err
}

// RedisLogger adapts go-redis's internal logging to slog, at debug level,
// so that connection errors during an outage do not flood the log; the
// RedisConn already logs each outage once. Install it with
// redis.SetLogger(cache.RedisLogger{Logger: logger}) when wiring the service.
type RedisLogger struct {
	Logger *slog.Logger
}

// Printf implements go-redis's logging interface.
func (l RedisLogger) Printf(ctx context.Context, format string, v ...any) {
	logger := l.Logger
	if logger == nil {
		logger = slog.Default()
	}
	logger.DebugContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
}

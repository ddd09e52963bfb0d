// Package ratelimit limits how many requests each client may make per
// minute. With Redis configured, every replica enforces one shared limit
// (GCRA in Redis, via redis_rate); without it, or while Redis is away, each
// replica enforces the limit in process. A Redis fault never lifts the limit:
// the in-process limiter, which follows every decision Redis makes, decides
// from where Redis was, and what it counted meanwhile is added to Redis when
// Redis is back, even one restarted without its keys.
//
// A client is its API key when the key was issued (Config.Keys), each key
// with its own limit, and otherwise its address; with no keys issued, a key
// sent is limited as well as the address it comes from, so a new key per
// request is no new allowance.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/rules"
)

// Result is the decision on one request, with what the HTTP layer needs for
// its headers.
type Result struct {
	Allowed    bool
	Limit      int           // requests per minute; 0 when limits are off
	Remaining  int           // requests the client may still make at once
	RetryAfter time.Duration // when denied, the wait until one more request is allowed; else 0
	ResetAfter time.Duration // the wait until the client's full allowance is back
	Shared     bool          // decided in Redis for every replica, not in this process
}

// SetHeaders sets X-RateLimit-Limit, X-RateLimit-Remaining and
// X-RateLimit-Reset (seconds until the allowance is full again) and, when
// the request is denied, Retry-After (seconds, at least 1). With limits off
// it sets nothing.
func (r Result) SetHeaders(h http.Header) {
	if r.Limit <= 0 {
		return
	}
	h.Set("X-RateLimit-Limit", strconv.Itoa(r.Limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(r.Remaining))
	h.Set("X-RateLimit-Reset", strconv.Itoa(ceilSeconds(r.ResetAfter)))
	if !r.Allowed {
		h.Set("Retry-After", strconv.Itoa(r.retryAfterSeconds()))
	}
}

// Err is nil when the request is allowed, and otherwise a *rules.Error with
// code rules.ERATELIMITED and the retry delay in details.retryAfter (seconds).
func (r Result) Err() error {
	if r.Allowed {
		return nil
	}
	secs := r.retryAfterSeconds()
	return rules.Errorf(rules.ERATELIMITED,
		"Too many requests: the limit is %d per minute. Retry in %d seconds.", r.Limit, secs).
		WithDetail("retryAfter", secs).
		WithDetail("limit", r.Limit)
}

func (r Result) retryAfterSeconds() int { return max(1, ceilSeconds(r.RetryAfter)) }

func ceilSeconds(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}

// Health is the shared view of whether Redis is usable; *cache.RedisConn
// implements it. Fault reports a failed call (and returns whether it counted
// against Redis); the implementation logs each outage once.
type Health interface {
	Healthy() bool
	Fault(ctx context.Context, err error) bool
}

// Config configures a Limiter. Zero values take the defaults.
type Config struct {
	// PerMinute is the number of requests a client may make per minute, all
	// at once or spread out. 0 turns limits off, but for the keys issued
	// with limits of their own.
	PerMinute int
	// Keys are the API keys issued, each with its requests per minute (0:
	// PerMinute). With keys issued, a request with another key, or none, is
	// limited by its address; with none, a key is limited as well as its
	// address. ParseKeys reads them from a file.
	Keys map[string]int
	// Redis, when set, holds the limits shared by every replica; Health then
	// says when to skip it. Both nil: in-process limits only.
	Redis  redis.UniversalClient
	Health Health
	// Prefix starts every Redis key (after redis_rate's own "rate:").
	// Default "stccg:".
	Prefix string
	// MaxKeys bounds the clients the in-process limiter remembers; the least
	// recently seen are forgotten first. Default 100000.
	MaxKeys int
	// OpTimeout bounds each Redis call. Default 100ms.
	OpTimeout time.Duration
	// Now is the in-process limiter's clock. Default time.Now; a test that
	// counts what a limit lets through holds it still, so that the count
	// does not depend on how fast the machine sends the requests. Redis
	// keeps its own time.
	Now func() time.Time
}

// Stats counts a Limiter's decisions since it was created.
type Stats struct {
	Allowed   uint64
	Denied    uint64
	Fallbacks uint64 // decisions made in process because a Redis call failed
}

// A Client is who makes a request: the API key it sent, if any, and the
// address it comes from.
type Client struct {
	Key, Address string
}

// Limiter decides whether a client may make one more request.
type Limiter struct {
	perMinute   int
	keys        map[string]int
	redis       *redis_rate.Limiter
	redisClient redis.UniversalClient
	health      Health
	prefix      string
	opTimeout   time.Duration
	local       *Local

	allowed, denied, fallbacks atomic.Uint64
}

// New returns a Limiter for cfg. It fails for a negative or absurdly large
// PerMinute, a negative MaxKeys, or Redis without Health.
func New(cfg Config) (*Limiter, error) {
	if cfg.PerMinute < 0 {
		return nil, fmt.Errorf("ratelimit: requests per minute must not be negative, got %d", cfg.PerMinute)
	}
	for key, perMinute := range cfg.Keys {
		if perMinute < 0 || perMinute > 0 && checkPerMinute(perMinute) != nil {
			return nil, fmt.Errorf("ratelimit: the limit of key %q must be a positive number of requests per minute, got %d", key, perMinute)
		}
	}
	if cfg.Redis != nil && cfg.Health == nil {
		return nil, errors.New("ratelimit: a Redis limiter needs a Health to fall back on")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "stccg:"
	}
	if cfg.MaxKeys == 0 {
		cfg.MaxKeys = 100_000
	}
	if cfg.OpTimeout <= 0 {
		cfg.OpTimeout = 100 * time.Millisecond
	}
	l := &Limiter{
		perMinute: cfg.PerMinute,
		keys:      cfg.Keys,
		health:    cfg.Health,
		prefix:    cfg.Prefix,
		opTimeout: cfg.OpTimeout,
	}
	if cfg.PerMinute == 0 && len(cfg.Keys) == 0 {
		return l, nil
	}
	local, err := NewLocal(max(cfg.PerMinute, 1), cfg.MaxKeys)
	if err != nil {
		return nil, err
	}
	if cfg.Now != nil {
		local.now = cfg.Now
	}
	l.local = local
	if cfg.Redis != nil {
		l.redis, l.redisClient = redis_rate.NewLimiter(cfg.Redis), cfg.Redis
	}
	return l, nil
}

// Allow counts one request of the client key at the limit of every client
// and says whether it may go ahead. It never fails: with Redis unhealthy or
// failing, the in-process limiter decides.
func (l *Limiter) Allow(ctx context.Context, key string) Result {
	return l.decide(ctx, key, l.perMinute, 1)
}

// AllowClient counts n requests of a client (a request that costs n, a
// GraphQL query calling n services) and says whether they may go ahead: a
// key issued, at its own limit; any other client by its address, and, when
// no keys are issued, by the key it sent as well. It never fails.
func (l *Limiter) AllowClient(ctx context.Context, c Client, n int) Result {
	if len(l.keys) > 0 {
		if perMinute, issued := l.keys[c.Key]; issued && c.Key != "" {
			if perMinute == 0 {
				perMinute = l.perMinute
			}
			return l.decide(ctx, "key:"+c.Key, perMinute, n)
		}
		return l.decide(ctx, "ip:"+c.Address, l.perMinute, n)
	}
	byAddress := l.decide(ctx, "ip:"+c.Address, l.perMinute, n)
	if !byAddress.Allowed || c.Key == "" {
		return byAddress
	}
	byKey := l.decide(ctx, "key:"+c.Key, l.perMinute, n)
	if !byKey.Allowed || byKey.Remaining < byAddress.Remaining {
		return byKey
	}
	return byAddress
}

// AllowKey counts n requests of a client the caller names (a Discord user,
// a guild: "discord-user:1234") at a limit of its own, perMinute (0: no
// limit), and says whether they may go ahead. It never fails.
func (l *Limiter) AllowKey(ctx context.Context, key string, perMinute, n int) Result {
	if l.local == nil {
		return Result{Allowed: true}
	}
	return l.decide(ctx, key, perMinute, n)
}

// decide counts n requests of key at perMinute (0: no limit).
func (l *Limiter) decide(ctx context.Context, key string, perMinute, n int) Result {
	if perMinute == 0 {
		return Result{Allowed: true}
	}
	key = clientKey(key)
	var res Result
	if l.redis != nil && l.health.Healthy() {
		shared, err := l.allowRedis(ctx, key, perMinute, n)
		if err != nil {
			l.health.Fault(ctx, err)
			l.fallbacks.Add(1)
			res = l.local.AllowN(key, perMinute, n)
		} else {
			var ahead time.Duration
			res, ahead = l.local.follow(key, perMinute, n, shared)
			if ahead > 0 {
				l.catchUp(ctx, key, ahead)
			}
		}
	} else {
		res = l.local.AllowN(key, perMinute, n)
	}
	if res.Allowed {
		l.allowed.Add(1)
	} else {
		l.denied.Add(1)
	}
	return res
}

func (l *Limiter) allowRedis(ctx context.Context, key string, perMinute, n int) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, l.opTimeout)
	defer cancel()
	r, err := l.redis.AllowN(ctx, l.prefix+key, redis_rate.PerMinute(perMinute), n)
	if err != nil {
		return Result{}, err
	}
	res := Result{
		Allowed:    r.Allowed > 0,
		Limit:      perMinute,
		ResetAfter: max(r.ResetAfter, 0),
		Shared:     true,
	}
	if res.Allowed {
		// redis_rate's own count is a float Redis floors, often one short
		// (598 left after the first of 600); count as Local does.
		res.Remaining = remaining(perMinute, res.ResetAfter)
	} else {
		res.RetryAfter = max(r.RetryAfter, 0)
	}
	return res, nil
}

// catchUp raises the count Redis holds for key to this replica's, which is
// ahead of it by the requests counted while Redis was away: the theoretical
// arrival time at least ahead of now, by Redis' clock. A failure is Redis'
// fault like any other; the count here stands meanwhile.
func (l *Limiter) catchUp(ctx context.Context, key string, ahead time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, l.opTimeout)
	defer cancel()
	err := raiseTAT.Run(ctx, l.redisClient, []string{redisRateKey(l.prefix + key)}, ahead.Seconds()).Err()
	if err != nil && !errors.Is(err, redis.Nil) {
		l.health.Fault(ctx, err)
	}
}

// redisRateKey is the key under which redis_rate keeps a limit's count.
func redisRateKey(key string) string { return "rate:" + key }

// raiseTAT raises the theoretical arrival time redis_rate (v10) keeps under
// KEYS[1] to at least ARGV[1] seconds ahead of Redis' now, in redis_rate's
// own form (seconds since 1 January 2017, a float) and with its expiry, so
// that redis_rate goes on from it. TestRedisRestartedKeepsTheCountOfTheOutage
// checks the two agree.
var raiseTAT = redis.NewScript(`
local now = redis.call("TIME")
now = (now[1] - 1483228800) + (now[2] / 1000000)
local ahead = tonumber(ARGV[1])
local tat = tonumber(redis.call("GET", KEYS[1]) or now)
if now + ahead > tat then
  redis.call("SET", KEYS[1], tostring(now + ahead), "EX", math.ceil(ahead))
end
return 0
`)

// remaining is how many requests a client may still make at once when its
// allowance is full again after resetAfter: the whole burst less the
// requests not yet paid back. Redis' clock counts in microseconds, so one
// is allowed for rounding.
func remaining(perMinute int, resetAfter time.Duration) int {
	interval := time.Minute / time.Duration(perMinute)
	n := int((interval*time.Duration(perMinute) - resetAfter + time.Microsecond) / interval)
	return min(max(n, 0), perMinute-1)
}

// Stats reports the decisions made so far.
func (l *Limiter) Stats() Stats {
	return Stats{Allowed: l.allowed.Load(), Denied: l.denied.Load(), Fallbacks: l.fallbacks.Load()}
}

// maxClientKey is the longest client key kept as text; longer ones, and
// any with a brace (a Redis Cluster hash tag), are hashed.
const maxClientKey = 128

// clientKey bounds a client key's length and keeps it free of hash tags so
// limits spread over a cluster's slots.
func clientKey(key string) string {
	if len(key) <= maxClientKey && !strings.ContainsAny(key, "{}") {
		return key
	}
	sum := sha256.Sum256([]byte(key))
	return "sha256:" + hex.EncodeToString(sum[:])
}

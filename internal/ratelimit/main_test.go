package ratelimit_test

import (
	"os"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/stccg/stccg-rules/internal/cache"
)

func TestMain(m *testing.M) {
	// go-redis logs every failed dial; keep those at debug level, as the
	// service does, so outage tests read cleanly.
	redis.SetLogger(cache.RedisLogger{})
	os.Exit(m.Run())
}

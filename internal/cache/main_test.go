package cache

import (
	"os"
	"testing"

	"github.com/redis/go-redis/v9"
)

func TestMain(m *testing.M) {
	// go-redis logs every failed dial; the outage tests expect those at
	// debug level, as the service installs them.
	redis.SetLogger(RedisLogger{})
	os.Exit(m.Run())
}

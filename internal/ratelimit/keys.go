package ratelimit

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseKeys reads the API keys issued, one a line: the key, then, after
// white space, its requests per minute when it has a limit of its own.
// Blank lines and lines starting with # are skipped. A key is 1 to 128
// visible ASCII characters; a key listed twice, or a limit that is not a
// positive whole number, is an error naming the line.
//
//	# bots
//	discord-judge-bot 600
//	fan-site-memory-alpha
func ParseKeys(r io.Reader) (map[string]int, error) {
	keys := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) > 2 {
			return nil, fmt.Errorf("line %d: want a key and at most a limit, got %d words", n, len(fields))
		}
		key := fields[0]
		if !usableKey(key) {
			return nil, fmt.Errorf("line %d: a key is 1 to %d visible ASCII characters", n, maxClientKey)
		}
		if _, dup := keys[key]; dup {
			return nil, fmt.Errorf("line %d: the key is listed twice", n)
		}
		perMinute := 0
		if len(fields) == 2 {
			v, err := strconv.Atoi(fields[1])
			if err != nil || v <= 0 || checkPerMinute(v) != nil {
				return nil, fmt.Errorf("line %d: the limit %q is not a positive number of requests per minute", n, fields[1])
			}
			perMinute = v
		}
		keys[key] = perMinute
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return keys, nil
}

func usableKey(key string) bool {
	if key == "" || len(key) > maxClientKey {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] <= ' ' || key[i] > '~' {
			return false
		}
	}
	return true
}

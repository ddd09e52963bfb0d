// Package dataloader batches the per-item look-ups of one request: the keys
// asked for while a batch is open are fetched with one call, and each key is
// fetched at most once per loader. GraphQL resolvers use it where a list
// would otherwise fetch per item.
package dataloader

import (
	"context"
	"sync"
	"time"
)

// BatchFunc fetches the values of keys; the result has one value per key in
// the same order, or an error for the whole batch.
type BatchFunc[K comparable, V any] func(ctx context.Context, keys []K) ([]V, error)

// Loader collects keys for a short wait, then fetches them in one batch, and
// remembers every answer for its lifetime (one request).
type Loader[K comparable, V any] struct {
	fetch   BatchFunc[K, V]
	wait    time.Duration
	maxSize int

	mu    sync.Mutex
	cache map[K]*result[V]
	batch *batch[K, V]
}

type result[V any] struct {
	done  chan struct{}
	value V
	err   error
}

type batch[K comparable, V any] struct {
	keys    []K
	results []*result[V]
	full    chan struct{}
}

// New returns a loader that waits up to wait for more keys, or until maxSize
// keys are collected, before fetching.
func New[K comparable, V any](fetch BatchFunc[K, V], wait time.Duration, maxSize int) *Loader[K, V] {
	if maxSize <= 0 {
		maxSize = 100
	}
	return &Loader[K, V]{fetch: fetch, wait: wait, maxSize: maxSize, cache: map[K]*result[V]{}}
}

// Load returns the value of one key, fetching it with the other keys asked
// for meanwhile.
func (l *Loader[K, V]) Load(ctx context.Context, key K) (V, error) {
	l.mu.Lock()
	if r, ok := l.cache[key]; ok {
		l.mu.Unlock()
		<-r.done
		return r.value, r.err
	}
	r := &result[V]{done: make(chan struct{})}
	l.cache[key] = r
	if l.batch == nil {
		b := &batch[K, V]{full: make(chan struct{})}
		l.batch = b
		go l.run(ctx, b)
	}
	b := l.batch
	b.keys = append(b.keys, key)
	b.results = append(b.results, r)
	if len(b.keys) >= l.maxSize {
		l.batch = nil
		close(b.full)
	}
	l.mu.Unlock()
	select {
	case <-r.done:
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
	return r.value, r.err
}

// LoadAll returns the values of keys, in order.
func (l *Loader[K, V]) LoadAll(ctx context.Context, keys []K) ([]V, error) {
	out := make([]V, len(keys))
	errs := make([]error, len(keys))
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = l.Load(ctx, k)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (l *Loader[K, V]) run(ctx context.Context, b *batch[K, V]) {
	timer := time.NewTimer(l.wait)
	select {
	case <-timer.C:
		l.mu.Lock()
		if l.batch == b {
			l.batch = nil
		}
		l.mu.Unlock()
	case <-b.full:
		timer.Stop()
	}
	values, err := l.fetch(context.WithoutCancel(ctx), b.keys)
	for i, r := range b.results {
		switch {
		case err != nil:
			r.err = err
		case i < len(values):
			r.value = values[i]
		}
		close(r.done)
	}
}

package dataloader

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestLoadBatchesConcurrentKeysIntoOneFetch(t *testing.T) {
	var calls atomic.Int32
	var got [][]int
	var mu sync.Mutex
	l := New(func(ctx context.Context, keys []int) ([]string, error) {
		calls.Add(1)
		mu.Lock()
		got = append(got, append([]int(nil), keys...))
		mu.Unlock()
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = string(rune('a' + k))
		}
		return out, nil
	}, 5*time.Millisecond, 100)
	vals, err := l.LoadAll(context.Background(), []int{0, 1, 2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "b", "c", "b"}; len(vals) != 4 || vals[0] != want[0] || vals[1] != want[1] || vals[2] != want[2] || vals[3] != want[3] {
		t.Fatalf("values = %v, want %v", vals, want)
	}
	if calls.Load() != 1 {
		t.Fatalf("fetched %d times, want 1 batch (%v)", calls.Load(), got)
	}
	if len(got[0]) != 3 {
		t.Fatalf("batch keys = %v, want each key once", got[0])
	}
}

func TestLoadRemembersAnswers(t *testing.T) {
	var calls atomic.Int32
	l := New(func(ctx context.Context, keys []string) ([]int, error) {
		calls.Add(1)
		return make([]int, len(keys)), nil
	}, time.Millisecond, 10)
	for range 3 {
		if _, err := l.Load(context.Background(), "x"); err != nil {
			t.Fatal(err)
		}
	}
	if calls.Load() != 1 {
		t.Fatalf("fetched %d times, want 1", calls.Load())
	}
}

func TestLoadFullBatchFetchesWithoutWaiting(t *testing.T) {
	l := New(func(ctx context.Context, keys []int) ([]int, error) {
		return keys, nil
	}, time.Hour, 2)
	vals, err := l.LoadAll(context.Background(), []int{7, 8})
	if err != nil || vals[0] != 7 || vals[1] != 8 {
		t.Fatalf("values = %v, %v", vals, err)
	}
}

func TestLoadPassesBatchErrorToEveryKey(t *testing.T) {
	boom := errors.New("boom")
	l := New(func(ctx context.Context, keys []int) ([]int, error) { return nil, boom }, time.Millisecond, 10)
	if _, err := l.LoadAll(context.Background(), []int{1, 2}); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
}

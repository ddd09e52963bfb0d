package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// memory is a process's resident memory from /proc/PID/status, in KiB.
type memory struct {
	RSS int64 // VmRSS: resident now
	HWM int64 // VmHWM: the most it has been resident since it started
}

// readMemory parses the VmRSS and VmHWM lines of a /proc/PID/status file.
func readMemory(r io.Reader) (memory, error) {
	var m memory
	found := 0
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || key != "VmRSS" && key != "VmHWM" {
			continue
		}
		f := strings.Fields(value)
		if len(f) != 2 || f[1] != "kB" {
			return m, fmt.Errorf("read %s: unexpected %q", key, value)
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return m, fmt.Errorf("read %s: %w", key, err)
		}
		if key == "VmRSS" {
			m.RSS = n
		} else {
			m.HWM = n
		}
		found++
	}
	if err := sc.Err(); err != nil {
		return m, fmt.Errorf("read status: %w", err)
	}
	if found == 0 {
		return m, fmt.Errorf("read status: no VmRSS line (a kernel thread, or not Linux)")
	}
	return m, nil
}

// processMemory reads the memory of process pid.
func processMemory(pid int) (memory, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return memory{}, fmt.Errorf("process %d: %w", pid, err)
	}
	defer f.Close()
	return readMemory(f)
}

// rssSampler samples a process's resident memory at a fixed interval and
// keeps the highest value seen since the last reset.
type rssSampler struct {
	pid int

	mu    sync.Mutex
	peak  int64
	last  memory
	fault error
}

// sampleInterval is how often the server's memory is read during a run.
const sampleInterval = 50 * time.Millisecond

// start samples until ctx ends.
func (s *rssSampler) start(ctx context.Context) {
	s.sample()
	go func() {
		t := time.NewTicker(sampleInterval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				s.sample()
			}
		}
	}()
}

func (s *rssSampler) sample() {
	m, err := processMemory(s.pid)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		if s.fault == nil {
			s.fault = err
		}
		return
	}
	s.last = m
	s.peak = max(s.peak, m.RSS)
}

// take returns the peak since the last take and the latest reading, and
// starts a new peak from the current reading.
func (s *rssSampler) take() (peak int64, last memory, err error) {
	s.sample()
	s.mu.Lock()
	defer s.mu.Unlock()
	peak, last, err = s.peak, s.last, s.fault
	s.peak = s.last.RSS
	return peak, last, err
}

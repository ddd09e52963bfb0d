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

// clockTicks is USER_HZ, the unit of the CPU times in /proc/PID/stat: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// readCPU parses a /proc/PID/stat line and returns the CPU time the process
// has used, user and system, all threads.
func readCPU(stat string) (time.Duration, error) {
	// The command name, field 2, is in parentheses and may hold spaces.
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("read stat: no command name")
	}
	f := strings.Fields(stat[i+1:])
	// f[0] is field 3 (state); utime and stime are fields 14 and 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("read stat: %d fields", len(f)+2)
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("read stat: %w", err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// processCPU reads the CPU time process pid has used.
func processCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("process %d: %w", pid, err)
	}
	return readCPU(string(b))
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
	cpu   time.Duration // CPU time used at the last take
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

// reading is what a take returns: the highest resident memory since the
// last take, the latest memory reading, and the CPU time used since the last
// take.
type reading struct {
	peak int64
	last memory
	cpu  time.Duration
}

// take returns the figures since the last take and starts new ones.
func (s *rssSampler) take() (reading, error) {
	s.sample()
	cpu, cpuErr := processCPU(s.pid)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fault != nil {
		return reading{}, s.fault
	}
	if cpuErr != nil {
		return reading{}, cpuErr
	}
	r := reading{peak: s.peak, last: s.last, cpu: cpu - s.cpu}
	s.peak, s.cpu = s.last.RSS, cpu
	return r, nil
}

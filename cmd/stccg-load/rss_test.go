package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestReadMemoryFindsResidentAndHighWater(t *testing.T) {
	f, err := os.Open("testdata/status.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := readMemory(f)
	if err != nil {
		t.Fatal(err)
	}
	if m.RSS != 118064 || m.HWM != 140312 {
		t.Errorf("readMemory = %+v, want RSS 118064 HWM 140312", m)
	}
}

func TestReadMemoryRefusesStatusWithoutMemory(t *testing.T) {
	for _, status := range []string{
		"Name:\tkthreadd\nState:\tS (sleeping)\n",
		"VmRSS:\t  lots kB\n",
		"VmRSS:\t  12 MB\n",
		"",
	} {
		if m, err := readMemory(strings.NewReader(status)); err == nil {
			t.Errorf("readMemory(%q) = %+v, want an error", status, m)
		}
	}
}

func TestSamplerReadsThisProcess(t *testing.T) {
	s := &rssSampler{pid: os.Getpid()}
	r, err := s.take()
	if err != nil {
		t.Fatal(err)
	}
	if r.peak <= 0 || r.last.RSS <= 0 || r.peak < r.last.RSS {
		t.Errorf("reading %+v", r)
	}
}

func TestReadCPUAddsUserAndSystemTime(t *testing.T) {
	// pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt
	// majflt cmajflt utime stime ...; the command name holds a space and a
	// parenthesis.
	stat := "4242 (stccg (rules)) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 75 0 0 20 0 9 0\n"
	got, err := readCPU(stat)
	if err != nil {
		t.Fatal(err)
	}
	if want := 3250 * time.Millisecond; got != want {
		t.Errorf("readCPU = %v, want %v", got, want)
	}
	if _, err := readCPU("4242 (short) S 1 2"); err == nil {
		t.Error("no error for a truncated stat line")
	}
}

package main

import (
	"os"
	"strings"
	"testing"
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
	peak, last, err := s.take()
	if err != nil {
		t.Fatal(err)
	}
	if peak <= 0 || last.RSS <= 0 || peak < last.RSS {
		t.Errorf("peak %d, last %+v", peak, last)
	}
}

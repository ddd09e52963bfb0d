package main

import (
	"strings"
	"testing"
)

func TestTrustProxyTakesRangesAndSingleAddresses(t *testing.T) {
	nets, err := parseProxies(" 172.30.0.10, 10.0.0.0/8,fd00::1 ,")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range nets {
		got = append(got, n.String())
	}
	if strings.Join(got, " ") != "172.30.0.10/32 10.0.0.0/8 fd00::1/128" {
		t.Fatalf("parsed %v", got)
	}
	if nets, err := parseProxies(""); err != nil || len(nets) != 0 {
		t.Fatalf("empty: %v %v, want no proxies trusted", nets, err)
	}
	for _, bad := range []string{"nginx", "10.0.0.0/33", "1.2.3"} {
		if _, err := parseProxies(bad); err == nil || !strings.Contains(err.Error(), "--trust-proxy") {
			t.Errorf("parseProxies(%q) = %v, want an error naming the flag", bad, err)
		}
	}
}

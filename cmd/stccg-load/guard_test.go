package main

import (
	"errors"
	"testing"
)

func TestBaseMustBeLoopback(t *testing.T) {
	tests := []struct {
		base string
		want string // "" when refused
	}{
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080"},
		{"http://127.1.2.3:9000/prefix/", "http://127.1.2.3:9000/prefix"},
		{"http://localhost:8080", "http://localhost:8080"},
		{"http://LOCALHOST:8080", "http://LOCALHOST:8080"},
		{"http://[::1]:8080", "http://[::1]:8080"},
		{"https://127.0.0.1:8443", "https://127.0.0.1:8443"},
		{"http://[::ffff:127.0.0.1]:8080", "http://[::ffff:127.0.0.1]:8080"},
		{"http://10.0.0.1:8080", ""},
		{"http://192.168.1.10", ""},
		{"http://0.0.0.0:8080", ""},
		{"http://example.com", ""},
		{"http://localhost.example.com:8080", ""},
		{"http://127.0.0.1.nip.io:8080", ""},
		{"http://[::2]:8080", ""},
		{"http://[fe80::1%25lo]:8080", ""},
		{"http://user:pw@127.0.0.1:8080", ""},
		{"http://127.0.0.1:8080/?q=1", ""},
		{"ftp://127.0.0.1", ""},
		{"127.0.0.1:8080", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.base, func(t *testing.T) {
			got, err := parseBase(tt.base)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("parseBase(%q) = %q, want refused", tt.base, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("parseBase(%q) = %q, %v; want %q", tt.base, got, err, tt.want)
			}
		})
	}
}

func TestRemoteHostNamesTheReason(t *testing.T) {
	_, err := parseBase("http://203.0.113.7:8080")
	if !errors.Is(err, errNotLoopback) {
		t.Fatalf("err = %v, want errNotLoopback", err)
	}
}

func TestDialRefusesAddressesOffThisMachine(t *testing.T) {
	tests := []struct {
		address string
		ok      bool
	}{
		{"127.0.0.1:80", true},
		{"127.9.9.9:80", true},
		{"[::1]:80", true},
		{"10.1.2.3:80", false},
		{"[2001:db8::1]:80", false},
		{"0.0.0.0:80", false},
		{"no-port", false},
	}
	for _, tt := range tests {
		err := loopbackOnly("tcp", tt.address, nil)
		if (err == nil) != tt.ok {
			t.Errorf("loopbackOnly(%q) = %v, want ok %v", tt.address, err, tt.ok)
		}
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// errNotLoopback is returned for a target that is not on this machine: the
// load generator only ever loads a service the operator runs locally.
var errNotLoopback = errors.New("not a loopback address")

// parseBase checks that base is an http(s) URL whose host is localhost,
// 127.0.0.0/8 or [::1], and returns it without a trailing slash.
func parseBase(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("read --base %q: %w", base, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("--base %q: scheme must be http or https", base)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("--base %q: give scheme, host, port and at most a path", base)
	}
	if !loopbackHost(u.Hostname()) {
		return "", fmt.Errorf("--base %q: %w (use localhost, 127.0.0.0/8 or [::1])", base, errNotLoopback)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// loopbackHost reports whether host, as it appears in a URL, names this
// machine: "localhost" or a literal loopback address. Other names are refused
// even when they resolve to a loopback address.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || addr.Zone() != "" {
		return false
	}
	return addr.Unmap().IsLoopback()
}

// loopbackOnly is a net.Dialer Control function: it refuses a connection to
// any address that is not loopback, whatever a name resolved to.
func loopbackOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("dial %q: %w", address, err)
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || !addr.Unmap().IsLoopback() {
		return fmt.Errorf("dial %q: %w", address, errNotLoopback)
	}
	return nil
}

// loopbackDialer dials loopback addresses only.
func loopbackDialer() func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{Control: loopbackOnly}
	return d.DialContext
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/stccg/stccg-rules/internal/ratelimit"
	"github.com/stccg/stccg-rules/internal/rules"
)

// defaultCorpus is where the documents lie beside a checkout.
const defaultCorpus = "../shared/corpus"

// config is the service's configuration: flags, with the environment as
// their defaults.
type config struct {
	Addr            string
	Corpus          string
	Redis           string
	RedisLimits     string // Redis of the rate limits and the Discord interactions answered; "" is Redis's
	Index           string
	RateLimit       int
	APIKeys         string         // the file of the API keys issued
	keys            map[string]int // read from it
	TrustProxy      string         // comma-separated CIDRs or addresses of the proxies in front
	Pprof           bool
	MetricsAddr     string // serve /metrics on this address of its own; "" serves it with the API
	DiscordKey      string // the Discord application's public key, in hex; "" leaves /discord/interactions out
	PublicURL       string // the service's public address, for links in Discord answers
	MemoryLimit     int64  // MiB
	GCPercent       int    // the collector's GOGC below the memory limit
	ShutdownTimeout time.Duration
	ReadTimeout     time.Duration // a request read whole, from its first byte: its body past it is 408
	MaxConns        int           // open connections in all; 0 takes api.DefaultMaxConns
	MaxConnsClient  int           // open connections of one client address; 0 is no bound
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

// newFlags returns a flag set with the flags every command shares.
func newFlags(name string, stderr io.Writer, cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs)
	fs.StringVar(&cfg.Corpus, "corpus", envOr("STCCG_CORPUS", defaultCorpus), "folder of the source documents and manifest.json (env STCCG_CORPUS)")
	return fs
}

// parseFlags parses flags wherever they stand among the words
// ("define stopped --edition 2e" as well as "define --edition 2e stopped");
// the words are left in fs.Args(). Asked for, the command's help is printed
// and errHelp returned; a wrong flag is errUsage.
//
// A flag the command does not take is named with the flags meant first
// (another case, a letter or two off), as the API names a query parameter
// it does not take: "Unknown flag --limt: did you mean --limit?".
func parseFlags(fs *flag.FlagSet, args []string) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, ok := strings.CutPrefix(a, "-")
		if !ok || name == "" {
			continue
		}
		name = strings.TrimPrefix(name, "-")
		name, _, _ = strings.Cut(name, "=")
		if name == "" || name == "h" || name == "help" || fs.Lookup(name) != nil {
			continue
		}
		var near []string
		fs.VisitAll(func(f *flag.Flag) {
			if rules.EditDistance(strings.ToLower(name), strings.ToLower(f.Name), 2) <= 2 {
				near = append(near, "--"+f.Name)
			}
		})
		if len(near) > 0 {
			fmt.Fprintf(fs.Output(), "Unknown flag --%s: did you mean %s?\n", name, strings.Join(near, " or "))
		}
		break // the flag package names the mistake and prints the help
	}
	// A flag given twice is refused, as a query parameter given twice is
	// (the flag package kept the last: --limit 5 --limit 10 showed ten).
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(*onceValue); !ok {
			f.Value = &onceValue{Value: f.Value, name: f.Name}
		}
	})
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return errHelp
			}
			return errUsage // the flag package printed the mistake and the help
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			words = append(words, rest[1:]...)
			break
		}
		words = append(words, rest[0])
		args = rest[1:]
	}
	// Parse the words alone once more so fs.Args() returns them.
	return fs.Parse(append([]string{"--"}, words...))
}

// readKeys reads the file of the API keys issued (--api-keys); none when
// no file is named.
func readKeys(path string) (map[string]int, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--api-keys: %w", err)
	}
	defer f.Close()
	keys, err := ratelimit.ParseKeys(f)
	if err != nil {
		return nil, fmt.Errorf("--api-keys %s: %w", path, err)
	}
	return keys, nil
}

// parseProxies reads --trust-proxy: comma-separated CIDRs ("172.30.0.0/24")
// or single addresses ("172.30.0.10", taken as /32 or /128).
func parseProxies(list string) ([]*net.IPNet, error) {
	var nets []*net.IPNet
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			ip := net.ParseIP(item)
			if ip == nil {
				return nil, fmt.Errorf("--trust-proxy: %q is neither an address nor a CIDR range", item)
			}
			bits := 128
			if ip4 := ip.To4(); ip4 != nil {
				ip, bits = ip4, 32
			}
			nets = append(nets, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(item)
		if err != nil {
			return nil, fmt.Errorf("--trust-proxy: %q is neither an address nor a CIDR range", item)
		}
		nets = append(nets, n)
	}
	return nets, nil
}

// onceValue is a flag's value that may be set once: a second setting is
// refused in the sentence of a parameter given twice (rules.GivenTwice).
type onceValue struct {
	flag.Value
	name string
	set  bool
}

func (o *onceValue) Set(s string) error {
	if o.set {
		return rules.GivenTwice(o.name)
	}
	o.set = true
	return o.Value.Set(s)
}

func (o *onceValue) String() string {
	if o == nil || o.Value == nil {
		return "" // the zero value the flag package asks for its help
	}
	return o.Value.String()
}

// IsBoolFlag keeps a boolean flag one that takes no value.
func (o *onceValue) IsBoolFlag() bool {
	b, ok := o.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Command stccg-load puts load on a running stccg-rules service on this
// machine and reports, per kind of traffic, requests per second and exact
// latency percentiles, and optionally the server's peak resident memory.
//
//	stccg-load --base http://127.0.0.1:8080 --scenario search-varied
//	stccg-load --base http://127.0.0.1:8080 --scenario healthz,replay
//	stccg-load --base http://127.0.0.1:8080 --all --rss-pid 1234 [--json]
//
// Scenarios: healthz (GET /healthz, the baseline), search-repeated (one
// search again and again), search-varied (distinct judge-style searches, so
// the response cache mostly misses), card-fuzzy (misspelled real card names),
// adjudicate (POST /v1/adjudicate about a mid-game board), replay (turns of
// ten and eleven actions replayed on that board). Only loopback targets are
// accepted.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "stccg-load:", err)
		}
		os.Exit(1)
	}
}

// config is the command line.
type config struct {
	base     string
	scenario string
	all      bool
	json     bool
	rssPID   int
	cpuProf  string
	warmup   time.Duration
	timeout  time.Duration
	lim      limits
	opt      options
}

// minDistinct is the fewest distinct requests the varied scenarios accept.
const minDistinct = 200

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("stccg-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.base, "base", "http://127.0.0.1:8080", "the service's base URL (localhost, 127.0.0.0/8 or [::1] only)")
	fs.StringVar(&cfg.scenario, "scenario", "", "scenarios to run, comma-separated (healthz first to compare with it): "+strings.Join(scenarioNames, ", "))
	fs.BoolVar(&cfg.all, "all", false, "run every scenario in turn and compare each with healthz")
	fs.BoolVar(&cfg.json, "json", false, "print the report as JSON")
	fs.IntVar(&cfg.rssPID, "rss-pid", 0, "process id of the server, to sample its resident memory (/proc/PID/status)")
	fs.StringVar(&cfg.cpuProf, "cpuprofile", "", "write the load generator's own CPU profile of the measured scenarios to this file")
	fs.IntVar(&cfg.lim.concurrency, "concurrency", 16, "requests in flight at once")
	fs.DurationVar(&cfg.lim.duration, "duration", 10*time.Second, "how long each scenario runs")
	fs.Uint64Var(&cfg.lim.requests, "requests", 0, "stop a scenario after this many requests (0: duration only)")
	fs.DurationVar(&cfg.warmup, "warmup", time.Second, "GET /healthz this long, unmeasured, before the first scenario (0: none)")
	fs.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "longest wait for one response")
	fs.Uint64Var(&cfg.opt.seed, "seed", 1, "seed of the generated searches and misspellings")
	fs.IntVar(&cfg.opt.distinct, "distinct", 50_000, "distinct requests search-varied and card-fuzzy draw from (at least 200)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	base, err := parseBase(cfg.base)
	if err != nil {
		return cfg, err
	}
	cfg.base = base
	switch {
	case cfg.all == (cfg.scenario != ""):
		return cfg, errors.New("give either --scenario NAME or --all")
	case cfg.scenario != "" && slices.ContainsFunc(strings.Split(cfg.scenario, ","), func(n string) bool { return !slices.Contains(scenarioNames, n) }):
		return cfg, fmt.Errorf("unknown scenario in %q (each one of %s)", cfg.scenario, strings.Join(scenarioNames, ", "))
	case cfg.lim.concurrency < 1 || cfg.lim.concurrency > 1024:
		return cfg, fmt.Errorf("--concurrency %d: give 1 to 1024", cfg.lim.concurrency)
	case cfg.lim.duration <= 0 || cfg.lim.duration > time.Hour:
		return cfg, fmt.Errorf("--duration %s: give more than 0 and at most 1h", cfg.lim.duration)
	case cfg.opt.distinct < minDistinct:
		return cfg, fmt.Errorf("--distinct %d: give at least %d", cfg.opt.distinct, minDistinct)
	case cfg.timeout <= 0:
		return cfg, fmt.Errorf("--timeout %s: give more than 0", cfg.timeout)
	case cfg.warmup < 0:
		return cfg, fmt.Errorf("--warmup %s: give 0 or more", cfg.warmup)
	case cfg.rssPID < 0:
		return cfg, fmt.Errorf("--rss-pid %d: give a process id", cfg.rssPID)
	}
	return cfg, nil
}

// report is the whole run, as --json prints it.
type report struct {
	Base        string    `json:"base"`
	Concurrency int       `json:"concurrency"`
	Duration    string    `json:"duration"`
	Seed        uint64    `json:"seed"`
	Scenarios   []outcome `json:"scenarios"`
	ServerPID   int       `json:"serverPid,omitempty"`
	PeakRSSKiB  int64     `json:"peakRssKiB,omitempty"` // highest VmRSS sampled during the run
	HWMKiB      int64     `json:"hwmKiB,omitempty"`     // VmHWM at the end: the peak since the server started
	RSSKiB      int64     `json:"rssKiB,omitempty"`     // VmRSS at the end
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	names := strings.Split(cfg.scenario, ",")
	if cfg.all {
		names = scenarioNames
	}
	client := newClient(cfg.lim.concurrency, cfg.timeout)
	defer client.CloseIdleConnections()

	// Build every scenario before loading anything, so that a bad target
	// fails at once.
	scenarios := make([]*scenario, 0, len(names))
	for _, name := range names {
		sc, err := prepareScenario(ctx, client, cfg.base, name, cfg.opt)
		if err != nil {
			return err
		}
		scenarios = append(scenarios, sc)
	}

	var sampler *rssSampler
	if cfg.rssPID > 0 {
		if _, err := processMemory(cfg.rssPID); err != nil {
			return fmt.Errorf("--rss-pid: %w", err)
		}
		sampler = &rssSampler{pid: cfg.rssPID}
		sctx, cancel := context.WithCancel(ctx)
		defer cancel()
		sampler.start(sctx)
	}

	if cfg.warmup > 0 {
		healthz, _ := prepareScenario(ctx, client, cfg.base, "healthz", cfg.opt)
		runScenario(ctx, client, cfg.base, healthz, limits{concurrency: cfg.lim.concurrency, duration: cfg.warmup})
	}

	rep := report{Base: cfg.base, Concurrency: cfg.lim.concurrency, Duration: cfg.lim.duration.String(),
		Seed: cfg.opt.seed, ServerPID: cfg.rssPID}
	if sampler != nil {
		// A scenario's figures start from its own first reading.
		if _, err := sampler.take(); err != nil {
			return fmt.Errorf("--rss-pid: %w", err)
		}
	}
	if cfg.cpuProf != "" {
		f, err := os.Create(cfg.cpuProf)
		if err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	for _, sc := range scenarios {
		if ctx.Err() != nil {
			break
		}
		o := runScenario(ctx, client, cfg.base, sc, cfg.lim)
		if sampler != nil {
			r, err := sampler.take()
			if err != nil {
				return fmt.Errorf("--rss-pid: %w", err)
			}
			o.PeakRSSKiB = r.peak
			o.ServerCPUSeconds = r.cpu.Seconds()
			if o.Requests > 0 {
				o.ServerCPUPerRequestUs = math.Round(float64(r.cpu/time.Microsecond) / float64(o.Requests))
			}
			rep.PeakRSSKiB = max(rep.PeakRSSKiB, r.peak)
			rep.HWMKiB, rep.RSSKiB = r.last.HWM, r.last.RSS
		}
		rep.Scenarios = append(rep.Scenarios, o)
	}
	if len(rep.Scenarios) > 0 && rep.Scenarios[0].Scenario == "healthz" && rep.Scenarios[0].RPS > 0 {
		for i := range rep.Scenarios {
			rep.Scenarios[i].OfHealthz = rep.Scenarios[i].RPS / rep.Scenarios[0].RPS
		}
	}

	if cfg.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	} else if err := writeTable(stdout, rep); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	failed := 0
	for _, o := range rep.Scenarios {
		if o.Errors > 0 {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d scenarios had errors", failed, len(rep.Scenarios))
	}
	return nil
}

// writeTable prints the report as a table, one row per scenario.
func writeTable(w io.Writer, rep report) error {
	fmt.Fprintf(w, "%s  concurrency %d  duration %s  seed %d\n\n", rep.Base, rep.Concurrency, rep.Duration, rep.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\trequests\terrors\treq/s\tof healthz\tp50 ms\tp90 ms\tp99 ms\tmax ms\tpeak RSS MiB\tserver CPU µs/req\tload CPU µs/req\tcache hits\tstatuses\t")
	for _, o := range rep.Scenarios {
		ratio, rss, cpu, hits := "-", "-", "-", "-"
		if o.OfHealthz > 0 {
			ratio = fmt.Sprintf("%.2f", o.OfHealthz)
		}
		if o.PeakRSSKiB > 0 {
			rss = fmt.Sprintf("%.1f", mib(o.PeakRSSKiB))
			cpu = fmt.Sprintf("%.0f", o.ServerCPUPerRequestUs)
		}
		if n := o.Cache["HIT"] + o.Cache["MISS"]; n > 0 {
			hits = fmt.Sprintf("%.1f%%", 100*float64(o.Cache["HIT"])/float64(n))
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%s\t%.2f\t%.2f\t%.2f\t%.2f\t%s\t%s\t%.0f\t%s\t%s\t\n",
			o.Scenario, o.Requests, o.Errors, o.RPS, ratio, o.P50ms, o.P90ms, o.P99ms, o.MaxMs, rss, cpu, o.ClientCPUPerRequestUs, hits, statusList(o.Statuses))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if rep.ServerPID > 0 {
		fmt.Fprintf(w, "\nserver %d: peak VmRSS sampled %.1f MiB, VmHWM %.1f MiB, VmRSS at end %.1f MiB\n",
			rep.ServerPID, mib(rep.PeakRSSKiB), mib(rep.HWMKiB), mib(rep.RSSKiB))
	}
	for _, o := range rep.Scenarios {
		for _, e := range o.FirstErrors {
			fmt.Fprintf(w, "%s: %s\n", o.Scenario, e)
		}
	}
	return nil
}

// statusList writes status counts as "200:1234 404:5", in status order.
func statusList(statuses map[string]int) string {
	keys := slices.Sorted(maps.Keys(statuses))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s:%d", k, statuses[k])
	}
	return strings.Join(parts, " ")
}

func mib(kib int64) float64 { return float64(kib) / 1024 }

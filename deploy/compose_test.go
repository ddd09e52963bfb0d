// Package deploy holds the files that run the service scaled out: the
// compose file's load balancer configuration. Its tests read the compose
// file, the Dockerfile and nginx.conf, since no container engine runs them here.
package deploy

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

type compose struct {
	Services map[string]struct {
		Build       any               `yaml:"build"`
		Image       string            `yaml:"image"`
		Command     []string          `yaml:"command"`
		Environment map[string]string `yaml:"environment"`
		Volumes     []string          `yaml:"volumes"`
		Ports       []string          `yaml:"ports"`
		DependsOn   any               `yaml:"depends_on"`
		Networks    map[string]struct {
			IPv4Address string `yaml:"ipv4_address"`
		} `yaml:"networks"`
		Healthcheck struct {
			Test []string `yaml:"test"`
		} `yaml:"healthcheck"`
		Ulimits struct {
			Nofile struct {
				Soft int `yaml:"soft"`
				Hard int `yaml:"hard"`
			} `yaml:"nofile"`
		} `yaml:"ulimits"`
	} `yaml:"services"`
	Volumes  map[string]any `yaml:"volumes"`
	Networks map[string]struct {
		IPAM struct {
			Config []struct {
				Subnet  string `yaml:"subnet"`
				IPRange string `yaml:"ip_range"`
			} `yaml:"config"`
		} `yaml:"ipam"`
	} `yaml:"networks"`
}

func readCompose(t *testing.T) compose {
	t.Helper()
	raw, err := os.ReadFile("../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var c compose
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("docker-compose.yml does not parse: %v", err)
	}
	return c
}

func replicaNames(c compose) []string {
	var names []string
	for name, s := range c.Services {
		if slices.Contains(s.Command, "serve") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

func TestComposeRunsThreeReplicasOnOneRedisAndOneIndex(t *testing.T) {
	c := readCompose(t)
	reps := replicaNames(c)
	if len(reps) != 3 {
		t.Fatalf("replicas %v, want three", reps)
	}
	for _, name := range reps {
		s := c.Services[name]
		if !strings.HasPrefix(s.Environment["REDIS_URL"], "redis://redis:") {
			t.Errorf("%s: REDIS_URL %q does not name the redis service", name, s.Environment["REDIS_URL"])
		}
		if s.Environment["STCCG_ADDR"] != "0.0.0.0:8080" {
			t.Errorf("%s: listens on %q, want 0.0.0.0:8080 inside its container", name, s.Environment["STCCG_ADDR"])
		}
		if !slices.Contains(s.Volumes, "../shared/corpus:/corpus:ro") {
			t.Errorf("%s: corpus not mounted read-only: %v", name, s.Volumes)
		}
		mount, opts := volumeMount(s.Volumes, "index")
		if mount == "" || opts != "ro" {
			t.Errorf("%s: index volume not mounted read-only: %v", name, s.Volumes)
		}
		if dir := flagValue(s.Command, "--index"); !below(dir, mount) {
			t.Errorf("%s: serves index %q, not a folder below the index volume's mount point %q", name, dir, mount)
		}
		deps, _ := s.DependsOn.(map[string]any)
		if _, ok := deps["redis"]; !ok {
			t.Errorf("%s: does not wait for redis", name)
		}
		if _, ok := deps["index"]; !ok {
			t.Errorf("%s: does not wait for the index build", name)
		}
		if !slices.Contains(s.Healthcheck.Test, "probe") {
			t.Errorf("%s: health check %v does not probe /readyz", name, s.Healthcheck.Test)
		}
		if len(s.Ports) > 0 {
			t.Errorf("%s: a replica publishes ports %v; only the load balancer should", name, s.Ports)
		}
	}
	if _, ok := c.Services["redis"]; !ok {
		t.Fatal("no redis service")
	}
	idx := c.Services["index"]
	mount, opts := volumeMount(idx.Volumes, "index")
	if !slices.Contains(idx.Command, "index") || mount == "" || opts != "" {
		t.Errorf("index service %v %v does not write the shared index", idx.Command, idx.Volumes)
	}
	// A volume's mount point can be neither removed nor renamed: the index
	// is written to a folder below it.
	out := flagValue(idx.Command, "--out")
	if !below(out, mount) {
		t.Errorf("index service writes %q, not a folder below the volume's mount point %q", out, mount)
	}
	for _, name := range reps {
		if dir := flagValue(c.Services[name].Command, "--index"); dir != out {
			t.Errorf("%s serves index %q, the index service writes %q", name, dir, out)
		}
	}
	if _, ok := c.Volumes["index"]; !ok {
		t.Error("no named index volume")
	}
	lb := c.Services["lb"]
	if !slices.Contains(lb.Ports, "8080:8080") {
		t.Errorf("load balancer ports %v, want 8080:8080", lb.Ports)
	}
	if !slices.Contains(lb.Volumes, "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro") {
		t.Errorf("load balancer does not mount deploy/nginx.conf: %v", lb.Volumes)
	}
}

// volumeMount returns where the named volume is mounted and its options
// ("ro" or "").
func volumeMount(volumes []string, name string) (target, opts string) {
	for _, v := range volumes {
		parts := strings.Split(v, ":")
		if len(parts) >= 2 && parts[0] == name {
			if len(parts) == 3 {
				opts = parts[2]
			}
			return parts[1], opts
		}
	}
	return "", ""
}

// flagValue is the word after flag in a command, or "".
func flagValue(command []string, flag string) string {
	i := slices.Index(command, flag)
	if i < 0 || i+1 >= len(command) {
		return ""
	}
	return command[i+1]
}

// below reports whether dir lies strictly inside mount.
func below(dir, mount string) bool {
	if dir == "" || mount == "" {
		return false
	}
	rel, err := filepath.Rel(mount, dir)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel)
}

func TestLoadBalancerSpreadsOverEveryReplica(t *testing.T) {
	c := readCompose(t)
	raw, err := os.ReadFile("nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	servers := regexp.MustCompile(`(?m)^\s*server\s+([\w.-]+):8080`).FindAllStringSubmatch(string(raw), -1)
	var upstream []string
	for _, m := range servers {
		upstream = append(upstream, m[1])
	}
	slices.Sort(upstream)
	if !slices.Equal(upstream, replicaNames(c)) {
		t.Fatalf("nginx upstream %v, compose replicas %v", upstream, replicaNames(c))
	}
	if !strings.Contains(string(raw), "client_max_body_size 1m") {
		t.Error("the load balancer does not bound bodies to the service's 1 MiB")
	}
}

// The replicas take the client's address, the key of its rate limit, from
// X-Real-IP only when the load balancer sends it: the load balancer has a
// fixed address no other container can take, the replicas trust that one,
// and nginx sets the header from the connection, not from the client.
func TestReplicasTrustOnlyTheLoadBalancerToNameTheClient(t *testing.T) {
	c := readCompose(t)
	lbAddr := net.ParseIP(c.Services["lb"].Networks["default"].IPv4Address)
	if lbAddr == nil {
		t.Fatalf("the load balancer has no fixed address: %+v", c.Services["lb"].Networks)
	}
	ipam := c.Networks["default"].IPAM.Config
	if len(ipam) != 1 {
		t.Fatalf("default network ipam %+v, want one subnet", ipam)
	}
	_, subnet, err1 := net.ParseCIDR(ipam[0].Subnet)
	_, dynamic, err2 := net.ParseCIDR(ipam[0].IPRange)
	if err1 != nil || err2 != nil || !subnet.Contains(lbAddr) || dynamic.Contains(lbAddr) {
		t.Fatalf("load balancer %s must be in subnet %q outside the range %q other containers draw from", lbAddr, ipam[0].Subnet, ipam[0].IPRange)
	}
	for _, name := range replicaNames(c) {
		trusted := c.Services[name].Environment["STCCG_TRUST_PROXY"]
		if net.ParseIP(trusted) == nil || !net.ParseIP(trusted).Equal(lbAddr) {
			t.Errorf("%s trusts %q, want exactly the load balancer %s", name, trusted, lbAddr)
		}
	}
	raw, err := os.ReadFile("nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`proxy_set_header\s+X-Real-IP\s+\$remote_addr;`).Match(raw) {
		t.Error("nginx does not set X-Real-IP from the connection's address")
	}
}

// TestLoadBalancerAnswersItsOwnErrorsAsJSON: a body over the limit, a
// malformed request line (a bad %-escape, which nginx refuses itself), and
// replicas that are down or slow are answered in the API's error shape, not
// with nginx's HTML pages; the replicas' own errors pass through.
func TestLoadBalancerAnswersItsOwnErrorsAsJSON(t *testing.T) {
	raw, err := os.ReadFile("nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	conf := string(raw)
	pages := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s*error_page\s+(\d+)\s+(/\S+);`).FindAllStringSubmatch(conf, -1) {
		pages[m[1]] = m[2]
	}
	locations := regexp.MustCompile(`(?s)location = (\S+) \{(.*?)\n\s*\}`).FindAllStringSubmatch(conf, -1)
	for _, code := range []string{"400", "413", "502", "503", "504"} {
		uri, ok := pages[code]
		if !ok {
			t.Errorf("no error_page for %s", code)
			continue
		}
		var block string
		for _, l := range locations {
			if l[1] == uri {
				block = l[2]
			}
		}
		if !strings.Contains(block, "internal;") || !strings.Contains(block, "default_type application/json;") {
			t.Errorf("%s: location %s is not an internal JSON page: %q", code, uri, block)
			continue
		}
		ret := regexp.MustCompile(`return (\d+) '(.*)';`).FindStringSubmatch(block)
		if ret == nil || ret[1] != code {
			t.Errorf("%s: location %s does not answer %s: %q", code, uri, code, block)
			continue
		}
		var body struct {
			Error struct {
				Code    string         `json:"code"`
				Message string         `json:"message"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(strings.TrimSuffix(ret[2], `\n`)), &body); err != nil || body.Error.Code == "" || body.Error.Message == "" || body.Error.Details == nil {
			t.Errorf("%s: body %s is not the API's error shape: %v", code, ret[2], err)
		}
	}
	if regexp.MustCompile(`proxy_intercept_errors\s+on`).MatchString(conf) {
		t.Error("nginx replaces the replicas' own errors (proxy_intercept_errors on)")
	}
}

func TestDockerfileBuildsStaticNonRootImage(t *testing.T) {
	raw, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(raw)
	if strings.Count(df, "\nFROM ")+strings.Count(df[:5], "FROM ") < 2 {
		t.Error("not a multi-stage build")
	}
	for _, want := range []string{"CGO_ENABLED=0", "USER nonroot", "./cmd/stccg-rules", "STCCG_CORPUS=/corpus",
		"--chown=65532:65532 /out/data /data"} { // the index volume's folder, writable by nonroot
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if strings.Contains(df, "COPY ../shared") || strings.Contains(df, "corpus/") {
		t.Error("the Dockerfile copies the corpus into the image")
	}
}

// TestRateLimitsLiveWhereCachedAnswersCannotEvictThem: the replicas keep
// their rate limits on a Redis of their own that evicts nothing, apart from
// the cache's, which may evict any key (the test that an evicting Redis
// would lift a limit, and this one does not, is ratelimit's
// TestLimitsHoldWhenCachedAnswersFillRedis).
func TestRateLimitsLiveWhereCachedAnswersCannotEvictThem(t *testing.T) {
	c := readCompose(t)
	limits, ok := c.Services["redis-limits"]
	if !ok {
		t.Fatal("no redis-limits service")
	}
	if p := flagValue(limits.Command, "--maxmemory-policy"); p != "noeviction" {
		t.Errorf("the limits' Redis runs --maxmemory-policy %q, want noeviction", p)
	}
	if p := flagValue(c.Services["redis"].Command, "--maxmemory-policy"); p == "" || p == "noeviction" {
		t.Errorf("the cache's Redis runs --maxmemory-policy %q: a cache should evict when full", p)
	}
	for _, name := range replicaNames(c) {
		s := c.Services[name]
		if !strings.HasPrefix(s.Environment["REDIS_LIMITS_URL"], "redis://redis-limits:") {
			t.Errorf("%s: REDIS_LIMITS_URL %q does not name the limits' Redis", name, s.Environment["REDIS_LIMITS_URL"])
		}
		deps, _ := s.DependsOn.(map[string]any)
		if _, ok := deps["redis-limits"]; !ok {
			t.Errorf("%s: does not wait for redis-limits", name)
		}
	}
}

// nginxDirective is the value of a directive of nginx.conf ("" when
// absent), the first it holds.
func nginxDirective(conf, name string) string {
	m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(name) + `\s+([^;]+);`).FindStringSubmatch(conf)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(m[1])
}

func atoi(t *testing.T, what, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s is %q, not a number", what, s)
	}
	return n
}

// TestLoadBalancerConnectionsMatchTheReplicasCaps: nginx opens no more
// connections to a replica than it holds, less room for its own health
// checks (max_conns, counted across workers in a zone); its workers hold a
// client connection beside every upstream one; one client address holds
// no more than a replica would let it; and a replica's cap lies below its
// file limit less what it keeps for its files.
func TestLoadBalancerConnectionsMatchTheReplicasCaps(t *testing.T) {
	c := readCompose(t)
	raw, err := os.ReadFile("nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	conf := string(raw)
	const (
		healthRoom = 64  // connections a replica keeps beyond nginx's, for its health checks
		fdHeadroom = 256 // file descriptors a replica keeps beyond its connections (api.DefaultMaxConns)
	)
	caps := map[string]int{}
	for _, name := range replicaNames(c) {
		s := c.Services[name]
		cap := atoi(t, name+" STCCG_MAX_CONNS", s.Environment["STCCG_MAX_CONNS"])
		if nofile := s.Ulimits.Nofile.Soft; nofile == 0 || cap > nofile-fdHeadroom {
			t.Errorf("%s: a cap of %d connections with a file limit of %d; want at most the limit less %d", name, cap, nofile, fdHeadroom)
		}
		caps[name] = cap
		perClient := atoi(t, name+" STCCG_MAX_CONNS_PER_CLIENT", s.Environment["STCCG_MAX_CONNS_PER_CLIENT"])
		if got := nginxDirective(conf, "limit_conn"); got != "perclient "+strconv.Itoa(perClient) {
			t.Errorf("nginx limit_conn %q; want each client address held to the replicas' %d", got, perClient)
		}
	}
	upstream := regexp.MustCompile(`(?s)upstream rules \{(.*?)\n\s*\}`).FindStringSubmatch(conf)
	if upstream == nil {
		t.Fatal("no upstream rules block")
	}
	if nginxDirective(upstream[1], "zone") == "" {
		t.Error("the upstream has no zone: max_conns would be counted by each worker apart")
	}
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^\s*server\s+([\w.-]+):8080([^;]*);`).FindAllStringSubmatch(upstream[1], -1) {
		mc := regexp.MustCompile(`max_conns=(\d+)`).FindStringSubmatch(m[2])
		if mc == nil {
			t.Errorf("upstream %s has no max_conns: nginx would open as many connections as it likes", m[1])
			continue
		}
		n := atoi(t, m[1]+" max_conns", mc[1])
		if cap, ok := caps[m[1]]; !ok || n+healthRoom > cap {
			t.Errorf("upstream %s: max_conns=%d, the replica holds %d: want at most %d", m[1], n, cap, cap-healthRoom)
		}
		total += n
	}
	workers := atoi(t, "worker_processes", nginxDirective(conf, "worker_processes"))
	perWorker := atoi(t, "worker_connections", nginxDirective(conf, "worker_connections"))
	if workers*perWorker < 2*total {
		t.Errorf("%d workers of %d connections hold fewer than a client and an upstream connection for each of the %d upstream ones", workers, perWorker, total)
	}
	if files := atoi(t, "worker_rlimit_nofile", nginxDirective(conf, "worker_rlimit_nofile")); files < perWorker {
		t.Errorf("worker_rlimit_nofile %d is under worker_connections %d", files, perWorker)
	}
	if keep := atoi(t, "keepalive", nginxDirective(upstream[1], "keepalive")); keep*workers > total {
		t.Errorf("keepalive %d a worker keeps more idle upstream connections than max_conns allow", keep)
	}
}

package graph_test

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stccg/stccg-rules/graph"
)

// TestOperationMetricsKeepNamesBounded: operations are counted by name, an
// anonymous one as "unnamed", and past MaxOperationNames distinct names the
// rest share "other", so a client inventing names cannot add series.
func TestOperationMetricsKeepNamesBounded(t *testing.T) {
	newServer(t) // builds the resolver over the real corpus
	reg := prometheus.NewRegistry()
	srv := httptest.NewServer(graph.NewHandler(resolver, graph.ServerConfig{Metrics: graph.NewOperationMetrics(reg)}))
	t.Cleanup(srv.Close)
	query(t, srv, `{ documents { totalCount } }`, nil)
	query(t, srv, `query Lookup { documents { totalCount } }`, nil)
	query(t, srv, `query Lookup { define(term: "zzzzqq") { totalCount } }`, nil)
	for i := range graph.MaxOperationNames + 20 {
		query(t, srv, fmt.Sprintf(`query Made%d { documents { totalCount } }`, i), nil)
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]float64{}
	names := map[string]bool{}
	for _, f := range families {
		if f.GetName() != "stccg_graphql_operations_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			var op, outcome string
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "operation":
					op = l.GetValue()
				case "outcome":
					outcome = l.GetValue()
				}
			}
			names[op] = true
			counts[op+"/"+outcome] += m.GetCounter().GetValue()
		}
	}
	if counts["unnamed/ok"] != 1 || counts["Lookup/ok"] != 1 || counts["Lookup/error"] != 1 {
		t.Errorf("counts %v", counts)
	}
	if len(names) > graph.MaxOperationNames+2 || counts["other/ok"] < 20 {
		t.Errorf("%d operation labels, other %v: the names are not bounded", len(names), counts["other/ok"])
	}
}

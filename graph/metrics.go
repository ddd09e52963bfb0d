package graph

import (
	"context"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/prometheus/client_golang/prometheus"
)

// MaxOperationNames is how many distinct operation names the metrics keep
// as labels; later names count as "other", so a client sending a new name
// with every request cannot add series without end.
const MaxOperationNames = 100

// maxOperationNameLength bounds a name kept as a label: longer ones count
// as "other".
const maxOperationNameLength = 64

// OperationMetrics counts and times the GraphQL operations by name and
// outcome: a gqlgen extension, used by NewHandler when ServerConfig.Metrics
// is set.
type OperationMetrics struct {
	operations *prometheus.CounterVec
	latency    *prometheus.HistogramVec

	mu    sync.Mutex
	names map[string]bool // the names kept as labels, at most MaxOperationNames
}

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = (*OperationMetrics)(nil)

// NewOperationMetrics registers the GraphQL operation collectors on reg.
func NewOperationMetrics(reg prometheus.Registerer) *OperationMetrics {
	m := &OperationMetrics{
		operations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stccg_graphql_operations_total",
			Help: "GraphQL operations run, by operation name (\"unnamed\", or \"other\" past the first 100 names) and outcome (ok, or error when the answer carries errors).",
		}, []string{"operation", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stccg_graphql_operation_duration_seconds",
			Help:    "Time to run a GraphQL operation, parsing and validation included, by operation name.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}, []string{"operation"}),
		names: map[string]bool{},
	}
	reg.MustRegister(m.operations, m.latency)
	return m
}

// ExtensionName names the extension.
func (*OperationMetrics) ExtensionName() string { return "OperationMetrics" }

// Validate checks the schema; any schema will do.
func (*OperationMetrics) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptResponse counts the operation once its answer is ready.
func (m *OperationMetrics) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	res := next(ctx)
	if !graphql.HasOperationContext(ctx) {
		return res
	}
	oc := graphql.GetOperationContext(ctx)
	name := ""
	if oc.Operation != nil {
		name = oc.Operation.Name
	}
	label := m.label(name)
	outcome := "ok"
	if res != nil && len(res.Errors) > 0 {
		outcome = "error"
	}
	m.operations.WithLabelValues(label, outcome).Inc()
	if start := oc.Stats.OperationStart; !start.IsZero() {
		m.latency.WithLabelValues(label).Observe(time.Since(start).Seconds())
	}
	return res
}

// label is the operation's label: its name while fewer than
// MaxOperationNames names are kept (a GraphQL name is letters, digits and
// underscores, so it is safe as a label), "unnamed" for an anonymous
// operation, "other" past the cap.
func (m *OperationMetrics) label(name string) string {
	if name == "" {
		return "unnamed"
	}
	if len(name) > maxOperationNameLength {
		return "other"
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.names[name] {
		return name
	}
	if len(m.names) >= MaxOperationNames {
		return "other"
	}
	m.names[name] = true
	return name
}

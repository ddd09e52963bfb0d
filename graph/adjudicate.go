package graph

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/stccg/stccg-rules/internal/rules"
)

// setParams keeps a question's params, free-form JSON by nature, as the
// JSON the engine reads them from. Every other field of the request is
// decoded into the domain's own types by the generated code; params null
// or {} are none, as a REST body without them.
func setParams(req *rules.AdjudicationRequest, params map[string]any) error {
	if len(params) == 0 {
		req.Params = nil
		return nil
	}
	raw, err := json.Marshal(params)
	if err != nil {
		return rules.Errorf(rules.EINVALID, "The params could not be encoded: %v.", err).WithDetail("field", "params")
	}
	req.Params = raw
	return nil
}

// replaySteps are a turn.replay verdict's steps, typed, for Verdict.steps;
// nil for a verdict of another question. The engine's result holds them
// typed; a result that came another way (decoded from JSON) is read into
// the type.
func replaySteps(v *rules.Verdict) ([]*rules.ReplayStep, error) {
	raw, ok := v.Result["steps"]
	if v.Question != "turn.replay" || !ok {
		return nil, nil
	}
	steps, ok := raw.([]rules.ReplayStep)
	if !ok {
		b, err := json.Marshal(raw)
		if err == nil {
			err = json.Unmarshal(b, &steps)
		}
		if err != nil {
			return nil, fmt.Errorf("read the steps of a turn: %w", err)
		}
	}
	out := make([]*rules.ReplayStep, len(steps))
	for i := range steps {
		out[i] = &steps[i]
	}
	return out, nil
}

// entries loads entries by id, leaving out ids that resolve to nothing.
func (r *Resolver) entries(ctx context.Context, ids []string) ([]*rules.Entry, error) {
	es, err := r.loaders(ctx).Entries.LoadAll(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]*rules.Entry, 0, len(es))
	for _, e := range es {
		if e != nil {
			out = append(out, e)
		}
	}
	return out, nil
}

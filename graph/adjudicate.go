package graph

import (
	"bytes"
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
// nil for a verdict of another question.
func replaySteps(v *rules.Verdict) []*rules.ReplayStep {
	turn, ok := v.Result.(*rules.TurnReplayResult)
	if !ok {
		return nil
	}
	out := make([]*rules.ReplayStep, len(turn.Steps))
	for i := range turn.Steps {
		out[i] = &turn.Steps[i]
	}
	return out
}

// resultObject is a verdict's typed result as the JSON object the
// contract gives, for the JSON scalar: the same fields REST answers, whole
// numbers kept whole.
func resultObject(r rules.Result) (map[string]any, error) {
	if r == nil {
		return map[string]any{}, nil
	}
	raw, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode the result of %s: %w", r.Question(), err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("encode the result of %s: %w", r.Question(), err)
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

package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// adjudicate answers an adjudication as REST does: the request GraphQL
// validated against the schema's input types is read by the same decoder
// as a REST body (api.DecodeAdjudication), once and strictly, into the
// domain's types, params and all, every limit checked as it is read; a
// mistake is refused in the same words, with the same path.
func (r *Resolver) adjudicate(ctx context.Context, request map[string]any) (*rules.Verdict, error) {
	body, err := json.Marshal(request)
	if err != nil {
		return nil, rules.Errorf(rules.EINVALID, "The request could not be read: %v.", err)
	}
	var req rules.AdjudicationRequest
	if err := api.DecodeAdjudication(body, &req); err != nil {
		return nil, err
	}
	return r.Adjudicator.Adjudicate(ctx, req)
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

package graph

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/stccg/stccg-rules/graph/model"
	"github.com/stccg/stccg-rules/internal/rules"
)

// adjudicate carries the GraphQL request over into the domain request by its
// JSON form, which the schema keeps field for field the same as REST's.
func (r *Resolver) adjudicate(ctx context.Context, in model.AdjudicationRequest) (*rules.Verdict, error) {
	raw, err := json.Marshal(in)
	if err != nil {
		return nil, rules.Errorf(rules.EINVALID, "The request could not be encoded: %v.", err)
	}
	var req rules.AdjudicationRequest
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, rules.Errorf(rules.EINVALID, "The request could not be read: %v.", err)
	}
	return r.Adjudicator.Adjudicate(ctx, req)
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

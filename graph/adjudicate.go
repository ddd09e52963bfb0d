package graph

import (
	"context"
	"encoding/json"

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

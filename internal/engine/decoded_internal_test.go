package engine

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stccg/stccg-rules/api"
	"github.com/stccg/stccg-rules/internal/rules"
)

// rawParams are params as JSON, read with the rest of the request by the
// API's decoder when the request is asked (ask).
type rawParams json.RawMessage

// Question is none: raw params are read as the request's question's.
func (rawParams) Question() rules.Question { return "" }

// MarshalJSON writes the params as they are.
func (p rawParams) MarshalJSON() ([]byte, error) {
	if len(p) == 0 {
		return []byte("null"), nil
	}
	return p, nil
}

// ask adjudicates req as the service does a body: written as JSON, read by
// the API's decoder, then judged.
func ask(ctx context.Context, svc *Service, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	decoded, err := readAsTheAPI(req)
	if err != nil {
		return nil, err
	}
	return svc.Adjudicate(ctx, decoded)
}

// readAsTheAPI is req written as JSON and read back by the API's decoder,
// as a body is.
func readAsTheAPI(req rules.AdjudicationRequest) (rules.AdjudicationRequest, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return rules.AdjudicationRequest{}, err
	}
	var decoded rules.AdjudicationRequest
	err = api.DecodeAdjudication(body, &decoded)
	return decoded, err
}

// decodedParams are a question's params written as JSON, read by the API's
// decoder.
func decodedParams(t testing.TB, question, raw string) rules.Params {
	t.Helper()
	p, err := paramsAsTheAPIReads(question, raw)
	if err != nil {
		t.Fatalf("params of %s %s: %v", question, raw, err)
	}
	return p
}

// paramsAsTheAPIReads is raw read by the API's decoder as the params of
// question, or the error the API answers them with.
func paramsAsTheAPIReads(question, raw string) (rules.Params, error) {
	q, _ := json.Marshal(question)
	var req rules.AdjudicationRequest
	if err := api.DecodeAdjudication([]byte(`{"question":`+string(q)+`,"params":`+raw+`}`), &req); err != nil {
		return nil, err
	}
	return req.Params, nil
}

// decodedRequest is req as the API's decoder reads it from its JSON.
func decodedRequest(t testing.TB, req rules.AdjudicationRequest) rules.AdjudicationRequest {
	t.Helper()
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var out rules.AdjudicationRequest
	if err := api.DecodeAdjudication(body, &out); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return out
}

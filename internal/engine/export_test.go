package engine

import (
	"context"

	"github.com/stccg/stccg-rules/internal/rules"
)

// EncodeBoard decodes a board as a request gives it and encodes it back in
// the request's shape, as a turn returns the board after its moves.
func (s *Service) EncodeBoard(ctx context.Context, edition string, in rules.Board) (rules.Board, error) {
	b, err := s.decodeBoard(ctx, edition, in)
	if err != nil {
		return rules.Board{}, err
	}
	return b.Encode(), nil
}

// CitedRule is the rule a violation cites, for tests of ValidateDeck1E and
// ValidateDeck2E.
func CitedRule(v Violation) string { return string(v.cite) }

// UnknownStats names the statistics of a board object of kind ("personnel",
// "ship", "mission", "facility") made from the card c that the card does
// not make known, as the engine decides them (cardStats).
func UnknownStats(c *rules.Card, kind string, firstEdition bool) []string {
	u := cardStats(c, kind, firstEdition)
	var out []string
	for s := statIcons; s <= statLast; s <<= 1 {
		if u.has(s) {
			out = append(out, s.name())
		}
	}
	return out
}

// StatNames are the names of every statistic a question may read.
func StatNames() []string {
	var out []string
	for s := statIcons; s <= statLast; s <<= 1 {
		out = append(out, s.name())
	}
	return out
}

// RawParams, Ask and DecodedRequest are the test helpers of
// decoded_internal_test.go, for the package's external tests.
type RawParams = rawParams

var (
	Ask            = ask
	DecodedRequest = decodedRequest
)

// AskKeepingArrays is Ask with the board read into arrays of its own,
// never cleared nor read into again (judge without boardArrays): the
// verdict as it is before a request's arrays go back.
func AskKeepingArrays(ctx context.Context, svc *Service, req rules.AdjudicationRequest) (*rules.Verdict, error) {
	decoded, err := readAsTheAPI(req)
	if err != nil {
		return nil, err
	}
	j, err := svc.judge(ctx, decoded, nil)
	if err != nil {
		return nil, err
	}
	return svc.verdict(string(j.question), j), nil
}

// DecodeBoard reads a board as a request gives it, its words read against
// the vocabularies, and nothing more: what every question pays first.
func (s *Service) DecodeBoard(ctx context.Context, edition string, in rules.Board) error {
	_, err := s.decodeBoard(ctx, edition, in)
	return err
}

// GoverningRuleKeys are the rules of a governing document the engine
// applies (governingRules), each once.
func GoverningRuleKeys() []string {
	var out []string
	for _, r := range governingRules() {
		out = append(out, string(r.key))
	}
	return out
}

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

package graph

// gqlgen reads gqlgen.yml at the repository root, whose paths are relative to it.
//go:generate sh -c "cd .. && go run github.com/99designs/gqlgen generate --config gqlgen.yml"

package graph

// gqlgen reads gqlgen.yml at the repository root, whose paths are relative to it.
//go:generate sh -c "cd .. && go tool gqlgen generate --config gqlgen.yml"

// Package cputime reads the CPU time the running process has used, user and
// system: what benchmarks and the load generator report per operation,
// since a busy machine inflates it far less than wall time.
package cputime

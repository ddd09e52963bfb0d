// How a GraphQL request ends when that is not for gqlgen to say: its
// errors cut to MaxErrors, the status of a request the rate limit refused
// or whose deadline passed, and the error of a resolver its request
// stopped.

package graph

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/internal/rules"
)

// ErrorLimit keeps at most Max errors of an answer, and says how many more
// there were in one last error.
type ErrorLimit struct{ Max int }

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = ErrorLimit{}

// ExtensionName names the extension.
func (ErrorLimit) ExtensionName() string { return "ErrorLimit" }

// Validate checks the schema; any schema will do.
func (ErrorLimit) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptResponse cuts the errors of the answer to Max.
func (l ErrorLimit) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	if resp == nil || len(resp.Errors) <= l.Max {
		return resp
	}
	more := len(resp.Errors) - l.Max
	resp.Errors = append(resp.Errors[:l.Max:l.Max], &gqlerror.Error{
		Message:    fmt.Sprintf("%d more errors are left out; at most %d are given.", more, l.Max),
		Extensions: map[string]any{"code": "TOO_MANY_ERRORS", "details": map[string]any{"limit": l.Max, "omitted": more}},
	})
	return resp
}

// An outcome is how a GraphQL request ended when that is not for gqlgen to
// say: refused by the rate limit, or stopped at its deadline. The HTTP
// status is set from it (outcomeStatus).
type outcome struct {
	status     int
	retryAfter int
	// variables are the request's variables as sent (VariablesKeeper).
	variables map[string]any
	// query is the request's query as sent (VariablesKeeper), for the
	// words of a refusal of its text (numberLiteralMistake).
	query string
	// invalid and others count the errors presented as invalid_request
	// and as any other code (noteCode).
	invalid, others atomic.Int32
}

// noteCode counts the error presented for the request of ctx by its code:
// a request gqlgen refused before running it (422, its code for a query
// that does not parse or validate) whose every error the service words as
// invalid_request (an argument's literal, a variable's value, an argument
// given twice) is answered 400, as the same mistake in a query parameter
// is (docs/api.md: a parameter's mistake is 400 invalid_request).
func noteCode(ctx context.Context, gerr *gqlerror.Error) {
	o, _ := ctx.Value(outcomeKey{}).(*outcome)
	if o == nil || gerr == nil {
		return
	}
	if code, _ := gerr.Extensions["code"].(string); code == rules.EINVALID {
		o.invalid.Add(1)
	} else {
		o.others.Add(1)
	}
}

// A request refused before it ran with an invalid_request error is refused
// as gqlgen refuses one its validation fails (errcode.KindProtocol: 422, then
// 400 when every error is invalid_request, outcomeStatus and errorStatus),
// whichever reader refused it: gqlgen's, whose words the service changes
// (a variable's value of another type, a required one not given), or the
// service's own before the run (StrictVariables: a number given as a string,
// one value where a list goes), which gqlgen answered 200. Errors of a run
// are not kinded: the run's answer holds data, and is 200.
func init() { errcode.RegisterErrorType(rules.EINVALID, errcode.KindProtocol) }

type outcomeKey struct{}

// refuse records that the request was refused with err: a rate limit's
// refusal is answered 429 with Retry-After.
func refuse(ctx context.Context, err error) {
	o, _ := ctx.Value(outcomeKey{}).(*outcome)
	if o == nil || rules.ErrorCode(err) != rules.ERATELIMITED {
		return
	}
	o.status = http.StatusTooManyRequests
	if secs, ok := rules.ErrorDetails(err)["retryAfter"].(int); ok {
		o.retryAfter = secs
	}
}

// outcomeStatus answers with the status of the request's outcome: 429 for
// a request the rate limit refused by its cost, 503 for one whose deadline
// passed before its answer was written (its resolvers stopped), 400 for a
// query gqlgen refused (422) whose every error is worded invalid_request
// (noteCode), and otherwise the status gqlgen chose.
func outcomeStatus(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o := &outcome{}
		ctx := context.WithValue(r.Context(), outcomeKey{}, o)
		ow := &outcomeWriter{ResponseWriter: w, o: o, ctx: ctx}
		next.ServeHTTP(ow, r.WithContext(ctx))
		ow.settle()
	})
}

type outcomeWriter struct {
	http.ResponseWriter
	o     *outcome
	ctx   context.Context
	wrote bool
	// pending is a status held back until the answer is written (settle).
	pending int
}

func (w *outcomeWriter) WriteHeader(status int) {
	if !w.wrote {
		w.wrote = true
		switch {
		case w.o.status != 0:
			status = w.o.status
			if w.o.retryAfter > 0 {
				w.Header().Set("Retry-After", strconv.Itoa(w.o.retryAfter))
			}
		case status == http.StatusOK && w.ctx.Err() == context.DeadlineExceeded:
			status = http.StatusServiceUnavailable
		case status == http.StatusUnprocessableEntity:
			// gqlgen writes the status before it presents the errors:
			// it is decided when the answer is (settle).
			w.pending = status
			return
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

// settle writes a 422 held back until the errors were presented: 400 when
// every one was worded invalid_request (noteCode), else 422.
func (w *outcomeWriter) settle() {
	if w.pending == 0 {
		return
	}
	status := w.pending
	w.pending = 0
	if w.o.invalid.Load() > 0 && w.o.others.Load() == 0 {
		status = http.StatusBadRequest
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *outcomeWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	w.settle()
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *outcomeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// stopped presents the error of a resolver stopped because its request
// ended: at its deadline, as the REST API answers it, or when its client
// went away. Neither is a fault of the service.
func stopped(gerr *gqlerror.Error, err error) bool {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		gerr.Message = "The request took too long and was stopped; try again."
	case errors.Is(err, context.Canceled):
		gerr.Message = "The request was cancelled."
	default:
		return false
	}
	gerr.Extensions = map[string]any{"code": rules.EINTERNAL}
	return true
}

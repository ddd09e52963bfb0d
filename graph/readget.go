package graph

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/api"
)

// readGET is gqlgen's GET transport running the parameters the API's
// reader read from the query string (api.GraphQLParamsOf), where gqlgen
// parsed the query string again and decoded its variables and extensions
// anew: two readers of the same bytes may disagree. It answers with
// transport.GET's headers and status codes, a mutation refused 406 as
// there. A request no reader of the API read (the handler served without
// the API, or a query string url.ParseQuery refuses) is transport.GET's.
type readGET struct{ transport.GET }

var _ graphql.Transport = readGET{}

// Do runs the operation of the parameters read, as transport.GET would
// once it had decoded them.
func (t readGET) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	read := api.GraphQLParamsOf(r.Context())
	if read == nil {
		t.GET.Do(w, r, exec)
		return
	}
	ctx := r.Context()
	contentType := responseContentType(r)
	w.Header().Add("Content-Type", contentType)
	if read.Undecodable != "" {
		w.WriteHeader(http.StatusBadRequest)
		writeResponse(w, &graphql.Response{Errors: gqlerror.List{{Message: read.Undecodable + " could not be decoded"}}})
		return
	}
	now := graphql.Now()
	params := &graphql.RawParams{
		Query:         read.Query,
		OperationName: read.OperationName,
		Variables:     read.Variables,
		Extensions:    read.Extensions,
		Headers:       r.Header,
		ReadTime:      graphql.TraceTiming{Start: now, End: now},
	}
	rc, opErr := exec.CreateOperationContext(ctx, params)
	if opErr != nil {
		w.WriteHeader(errorStatus(opErr, contentType))
		writeResponse(w, exec.DispatchError(graphql.WithOperationContext(ctx, rc), opErr))
		return
	}
	if op := rc.Doc.Operations.ForName(rc.OperationName); op.Operation != ast.Query {
		w.WriteHeader(http.StatusNotAcceptable)
		writeResponse(w, &graphql.Response{Errors: gqlerror.List{{Message: "GET requests only allow query operations"}}})
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, rc)
	writeResponse(w, responses(ctx))
}

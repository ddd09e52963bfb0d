package graph

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stccg/stccg-rules/api"
)

// readPOST is gqlgen's POST transport running the parameters the API's
// strict reader read from the body (api.GraphQLParamsOf), where gqlgen read
// the body again, loosely: two readers of the same bytes may disagree, and
// the second decoded a body's variables anew (about half the cost of a
// request of many variables). It answers with transport.POST's headers and
// status codes (errorStatus). A request no strict reader read (the handler served
// without the API) is transport.POST's.
type readPOST struct{ transport.POST }

var _ graphql.Transport = readPOST{}

// Do runs the operation of the parameters read, as transport.POST would
// once it had decoded them.
func (t readPOST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	read := api.GraphQLParamsOf(r.Context())
	if read == nil {
		t.POST.Do(w, r, exec)
		return
	}
	runRead(w, r, exec, read, false)
}

// runRead runs the operation of the parameters the API's reader read, as
// transport.POST and transport.GET run theirs once they have decoded them,
// with their headers and status codes: an operation refused before it ran
// by errorStatus, and, when queryOnly (a GET), an operation other than a
// query refused 406.
func runRead(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, read *api.GraphQLParams, queryOnly bool) {
	ctx := r.Context()
	contentType := responseContentType(r)
	w.Header().Add("Content-Type", contentType)
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
	if queryOnly && rc.Doc.Operations.ForName(rc.OperationName).Operation != ast.Query {
		w.WriteHeader(http.StatusNotAcceptable)
		writeResponse(w, &graphql.Response{Errors: gqlerror.List{{Message: "GET requests only allow query operations"}}})
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, rc)
	writeResponse(w, responses(ctx))
}

// errorStatus is the status transport.POST and transport.GET answer an
// operation refused before it ran with: 422 for a request that is not
// GraphQL (400 in application/graphql-response+json), else 200.
func errorStatus(errs gqlerror.List, contentType string) int {
	if errcode.GetErrorKind(errs) != errcode.KindProtocol {
		return http.StatusOK
	}
	if contentType == graphQLResponseJSON {
		return http.StatusBadRequest
	}
	return http.StatusUnprocessableEntity
}

const graphQLResponseJSON = "application/graphql-response+json"

// responseContentType is the media type transport.POST answers in (with no
// ResponseHeaders, application/json by default): the first of the request's
// Accept it takes, application/graphql-response+json when it takes none.
func responseContentType(r *http.Request) string {
	accept := r.Header.Get("Accept")
	if accept == "" {
		return "application/json"
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", "application/json":
			return "application/json"
		case graphQLResponseJSON:
			return graphQLResponseJSON
		}
	}
	return graphQLResponseJSON
}

// writeResponse writes a response as transport.POST does.
func writeResponse(w http.ResponseWriter, response *graphql.Response) {
	b, err := json.Marshal(response)
	if err != nil {
		panic(fmt.Errorf("unable to marshal %s: %w", string(response.Data), err))
	}
	_, _ = w.Write(b)
}

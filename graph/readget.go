package graph

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"

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
// once it had decoded them: a query only.
func (t readGET) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	read := api.GraphQLParamsOf(r.Context())
	if read == nil {
		t.GET.Do(w, r, exec)
		return
	}
	runRead(w, r, exec, read, true)
}

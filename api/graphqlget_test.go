package api_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stccg/stccg-rules/internal/rules"
)

// TestAGraphQLGETsVariablesAreRefusedAsAPOSTs sends the same variables and
// extensions in a GraphQL GET's query string and a POST's body: a value
// that is no JSON object (nor null) is refused in one answer on both, 400
// naming the field, before the query is looked at, an over-long one
// included; a query over its length limit is refused for it on both,
// whatever its variables hold.
func TestAGraphQLGETsVariablesAreRefusedAsAPOSTs(t *testing.T) {
	srv := newServer(t)
	long := strings.Repeat("{ __typename }", rules.MaxGraphQLQueryBytes/14+1)
	for _, c := range []struct {
		query, field, value string
		status              int
	}{
		{"{ __typename }", "variables", "[]", 400},
		{"{ __typename }", "variables", `"x"`, 400},
		{"{ __typename }", "variables", "1", 400},
		{"{ __typename }", "variables", "true", 400},
		{"{ __typename }", "extensions", "[1]", 400},
		{"{ __typename }", "variables", `{"n": 1}`, 200},
		{long, "variables", "[]", 400},
		{long, "variables", `{"n": 1}`, 0},
	} {
		name := c.field + "=" + c.value
		if c.query == long {
			name += " (an over-long query)"
		}
		getStatus, _, get := send(t, "GET", srv.URL+"/graphql?"+url.Values{"query": {c.query}, c.field: {c.value}}.Encode(), "")
		postStatus, post := post(t, srv.URL, "/graphql", []byte(`{"query":`+jsonString(c.query)+`,"`+c.field+`":`+c.value+`}`))
		if getStatus != postStatus || get != string(post) {
			t.Errorf("%s: GET %d %s\nPOST %d %s", name, getStatus, get, postStatus, post)
		}
		if c.status != 0 && getStatus != c.status {
			t.Errorf("%s: %d %s, want %d", name, getStatus, get, c.status)
		}
		if c.status == 400 && !strings.Contains(get, `"field":"`+c.field+`"`) {
			t.Errorf("%s: %s, want it to name %s", name, get, c.field)
		}
	}
}

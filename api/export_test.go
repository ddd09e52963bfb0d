package api

// AppendVerdictJSON is appendVerdictJSON, for the tests of package api_test.
var AppendVerdictJSON = appendVerdictJSON

package client

// The client is generated from the document the service serves at
// /openapi.json.
//go:generate go tool oapi-codegen -config oapi-codegen.yaml ../api/openapi.json

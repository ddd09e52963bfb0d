package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/stccg/stccg-rules/internal/rules"
)

// collectionRequest is the body of POST /v1/cards/collection.
type collectionRequest struct {
	Identifiers *cardIdentifiers `json:"identifiers"`
}

// cardIdentifiers is the identifiers of a collection look-up, read one at a
// time so that a list past rules.MaxCardIdentifiers is refused as soon as
// its next identifier begins, not once all of it is decoded.
type cardIdentifiers []rules.CardIdentifier

// identifierFields are the fields an identifier takes, for errors naming
// an unknown one.
var identifierFields = []string{"id", "name", "edition", "fuzzy"}

func (l *cardIdentifiers) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return rules.Errorf(rules.EINVALID, "The field identifiers must be a list of identifiers, each {\"id\"} or {\"name\", \"edition\", \"fuzzy\"}.").WithDetail("field", "identifiers")
	}
	*l = make(cardIdentifiers, 0, 8)
	for dec.More() {
		field := "identifiers[" + strconv.Itoa(len(*l)) + "]"
		if len(*l) == rules.MaxCardIdentifiers {
			return rules.TooManyIdentifiers()
		}
		var id rules.CardIdentifier
		if err := dec.Decode(&id); err != nil {
			return identifierError(field, err)
		}
		id, err := rules.ParseCardIdentifier(id, field)
		if err != nil {
			return err
		}
		*l = append(*l, id)
	}
	return nil
}

// identifierError names what is wrong with one identifier.
func identifierError(field string, err error) error {
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typ):
		at := field
		if typ.Field != "" {
			at += "." + typ.Field
		}
		return rules.Errorf(rules.EINVALID, "The field %s must be %s, not a JSON %s.", at, jsonKindOf(typ), rules.Truncate(typ.Value)).WithDetail("field", at)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := unknownFieldName(err)
		e := rules.Errorf(rules.EINVALID, "Unknown field %q in %s: an identifier takes %s.", name, field, strings.Join(identifierFields, ", ")).
			WithDetail("field", rules.Truncate(field+"."+keyInPath(name)))
		if near := nearFields(name, identifierFields); len(near) > 0 {
			e.WithDetail("suggestions", near)
		}
		return e
	}
	return rules.Errorf(rules.EINVALID, "%s is not an identifier: %s.", field, err.Error()).WithDetail("field", field)
}

func jsonKindOf(typ *json.UnmarshalTypeError) string {
	if typ.Type != nil && typ.Type.Kind().String() == "bool" {
		return "true or false"
	}
	return "a string"
}

// nearFields are the known fields within two typos of name, case
// forgiven, two neighbouring letters swapped counting as one ("lmiit" for
// "limit"): the fields a caller meant.
func nearFields(name string, known []string) []string {
	var out []string
	for _, k := range known {
		if rules.EditDistance(strings.ToLower(name), strings.ToLower(k), 2) <= 2 {
			out = append(out, k)
		}
	}
	return out
}

// DecodeCardCollection reads the body of POST /v1/cards/collection as the
// endpoint does, strictly: the identifiers, or the error naming what is
// wrong (GraphQL's cardCollection words its refusals so).
func DecodeCardCollection(body []byte) ([]rules.CardIdentifier, error) {
	return decodeCardCollection(bytes.NewReader(body))
}

func decodeCardCollection(body io.Reader) ([]rules.CardIdentifier, error) {
	var req collectionRequest
	if err := decodeJSON(body, &req); err != nil {
		return nil, err
	}
	if req.Identifiers == nil {
		return nil, rules.Errorf(rules.EINVALID, "Give the cards to look up as {\"identifiers\": [...]}, each {\"id\"} or {\"name\", \"edition\", \"fuzzy\"}.").WithDetail("field", "identifiers")
	}
	return *req.Identifiers, nil
}

// cardCollection answers POST /v1/cards/collection: the cards of up to
// rules.MaxCardIdentifiers identifiers in one request, in the order asked,
// and those not found.
func (h *handlers) cardCollection(c echo.Context) error {
	ids, err := decodeCardCollection(c.Request().Body)
	if err != nil {
		return err
	}
	out, err := h.svc.Cards.CardCollection(c.Request().Context(), ids)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

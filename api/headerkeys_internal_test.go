package api

import (
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestRequestIDKeyIsCanonical: requestID reads a request's X-Request-ID by
// the key net/http files it under, whatever case the client wrote.
func TestRequestIDKeyIsCanonical(t *testing.T) {
	if got := http.CanonicalHeaderKey(echo.HeaderXRequestID); got != requestIDHeader {
		t.Fatalf("requestIDHeader is %q; net/http files X-Request-ID under %q", requestIDHeader, got)
	}
}

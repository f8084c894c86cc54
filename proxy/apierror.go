package proxy

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/toolfix/toolfix/proxy/exchange"
)

// writeError answers with an error body shaped like the API of the request path, so that the
// client's SDK shows the message: Anthropic's {"type":"error","error":{…}} or OpenAI's {"error":{…}}.
func writeError(w http.ResponseWriter, path string, status int, msg string) {
	var body any
	switch exchange.DialectFor(path) {
	case "chat", "responses":
		body = map[string]any{"error": map[string]any{"message": msg, "type": "toolfix_error", "code": status}}
	default:
		typ := "api_error"
		switch status {
		case http.StatusBadRequest:
			typ = "invalid_request_error"
		case http.StatusNotFound:
			typ = "not_found_error"
		case http.StatusForbidden:
			typ = "permission_error"
		case http.StatusUnauthorized:
			typ = "authentication_error"
		}
		body = map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}}
	}
	b, _ := json.Marshal(body)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

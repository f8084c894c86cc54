package sample

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestEchoedCredentialsRedacted: a credential the request carries is replaced wherever the
// upstream echoes it, even when it has no recognisable shape; short values are left alone, and
// the bodies stay valid JSON.
func TestEchoedCredentialsRedacted(t *testing.T) {
	secrets := []string{"CANARYkey0001", "CANARYbearer0002", "CANARYcookie0003", "CANARYquery0004", "CANARYpass0005"}
	x := &Exchange{
		Path:     "/v1/messages?key=" + secrets[3],
		Upstream: "https://user:" + secrets[4] + "@gateway.example/anthropic",
		Request: Part{Header: http.Header{"X-Api-Key": {secrets[0]}, "Authorization": {"Bearer " + secrets[1]}, "Cookie": {"s=" + secrets[2] + "; n=1"}},
			Body: []byte(`{"messages":[{"role":"user","content":"n=1 stays"}]}`)},
		Response: Part{Status: 401, Header: http.Header{"Content-Type": {"application/json"}},
			Body: []byte(`{"type":"error","error":{"message":"invalid x-api-key ` + secrets[0] + `, token ` + secrets[1] + `, cookie ` + secrets[2] + `, key ` + secrets[3] + `, password ` + secrets[4] + `"}}`)},
		Error: "reading upstream: bad key " + secrets[0],
	}
	x.Redact()
	all, err := x.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range secrets {
		if strings.Contains(string(all), s) {
			t.Errorf("%s survived redaction:\n%s", s, all)
		}
	}
	if !json.Valid(x.Response.Body) || !strings.Contains(string(x.Request.Body), "n=1 stays") {
		t.Errorf("bodies damaged: %s / %s", x.Response.Body, x.Request.Body)
	}
	if x.Redacted < 5 {
		t.Errorf("redacted %d, want at least 5", x.Redacted)
	}
}

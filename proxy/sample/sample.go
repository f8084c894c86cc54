package sample

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/secret"
)

// FormatVersion is the version of the sample file format this package writes and reads, stored in
// the file's "toolfix_sample" member.
const FormatVersion = 1

// Exchange is one sample: a request toolfix forwarded and the response, as toolfix saw them. See the
// package documentation for the file format.
type Exchange struct {
	// Format is FormatVersion; a file with another value is refused by Parse.
	Format int `json:"toolfix_sample"`
	// Time is when the request arrived, UTC.
	Time time.Time `json:"time"`
	// Route is the route's name; "" for the root route.
	Route string `json:"route"`
	// Dialect is the API the request path speaks: "anthropic", "chat", "responses", or "" for a
	// path toolfix does not repair.
	Dialect string `json:"dialect"`
	// Method is the request's HTTP method.
	Method string `json:"method"`
	// Path is the request path after the route, with its query: "/v1/messages?beta=true".
	Path string `json:"path"`
	// Upstream is the route's upstream base URL.
	Upstream string `json:"upstream"`
	// TextFormat is the route's opt-in leaked-call text format; "" for none.
	TextFormat string `json:"text_format,omitempty"`
	// Request is the client's request: headers and body as sent (Status is zero).
	Request Part `json:"request"`
	// Response is the upstream's answer: status, headers and body as they arrived, after the
	// transport undid any gzip (the Content-Encoding header is then gone).
	Response Part `json:"response"`
	// Client is the body toolfix sent to the client when it differs from Response's; nil when the
	// response passed as it came.
	Client *Part `json:"client,omitempty"`
	// Repairs are the repairs applied, in order.
	Repairs []Repair `json:"repairs,omitempty"`
	// FailOpens are the reasons of repairs attempted and refused (the original bytes went out).
	FailOpens []string `json:"fail_opens,omitempty"`
	// Error is what ended the exchange early ("reading upstream: …"); "" when it completed.
	Error string `json:"error,omitempty"`
	// Redacted is how many secrets were replaced by Marker before the sample was written.
	Redacted int `json:"redacted"`
}

// Repair is one repair applied: Kind is a kind name of testdata/cases/README.md ("coerce",
// "leaked_call", …), Tool the tool's name or "".
type Repair struct {
	Kind string `json:"kind"`
	Tool string `json:"tool,omitempty"`
}

// Part is one side of an exchange. In the file the body is the member "body", a string, when it is
// valid UTF-8, else "body_base64"; "body_truncated" is true when only the first MaxBody bytes were kept.
type Part struct {
	Status    int         // HTTP status; zero for a request
	Header    http.Header // headers, redacted
	Body      []byte      // the body, redacted
	Truncated bool        // the body was longer than MaxBody and was cut
}

// MaxBody is the largest body kept in a sample, in bytes: 16 MiB. A longer body is cut there and
// marked truncated.
const MaxBody = 16 << 20

type partJSON struct {
	Status     int         `json:"status,omitempty"`
	Header     http.Header `json:"headers,omitempty"`
	Body       *string     `json:"body,omitempty"`
	BodyBase64 string      `json:"body_base64,omitempty"`
	Truncated  bool        `json:"body_truncated,omitempty"`
}

// MarshalJSON writes the body as a string, or as base64 when it is not valid UTF-8.
func (p Part) MarshalJSON() ([]byte, error) {
	j := partJSON{Status: p.Status, Header: p.Header, Truncated: p.Truncated}
	if utf8.Valid(p.Body) {
		s := string(p.Body)
		j.Body = &s
	} else {
		j.BodyBase64 = base64.StdEncoding.EncodeToString(p.Body)
	}
	return marshal(j, "")
}

// UnmarshalJSON reads either body form.
func (p *Part) UnmarshalJSON(b []byte) error {
	var j partJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*p = Part{Status: j.Status, Header: j.Header, Truncated: j.Truncated}
	switch {
	case j.Body != nil:
		p.Body = []byte(*j.Body)
	case j.BodyBase64 != "":
		body, err := base64.StdEncoding.DecodeString(j.BodyBase64)
		if err != nil {
			return fmt.Errorf("decoding body_base64: %w", err)
		}
		p.Body = body
	}
	return nil
}

// Stream reports whether the part's body is Server-Sent Events, by its Content-Type.
func (p Part) Stream() bool {
	mt, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
	return mt == "text/event-stream"
}

// ClientBody returns the body the client received: Client's when set, else the upstream's.
func (x *Exchange) ClientBody() []byte {
	if x.Client != nil {
		return x.Client.Body
	}
	return x.Response.Body
}

// Redact replaces the secrets of every header, URL and body of x in place (see RedactHeader,
// RedactURL and RedactBody), and every occurrence in a body or the error of a credential the
// exchange's own headers, query or upstream URL hold (an upstream that echoes the key), and adds
// their number to x.Redacted.
func (x *Exchange) Redact() {
	_ = x.redactEach(func(p *Part, stream bool, known []string) (int, error) {
		return p.redactBody(stream, known), nil
	})
}

// redactEach redacts the URLs, headers and error of x in place, calls body for the body of each
// part (request, response, client) with whether it is a stream and the exchange's own credentials
// (knownSecrets), and adds every count to x.Redacted. It stops at body's first error.
func (x *Exchange) redactEach(body func(p *Part, stream bool, known []string) (int, error)) error {
	known := knownSecrets(x) // before the headers and URLs that name them are redacted
	n := 0
	x.Path = secret.URL(x.Path)
	x.Upstream = secret.URL(x.Upstream)
	for _, p := range []*Part{&x.Request, &x.Response, x.Client} {
		if p == nil {
			continue
		}
		var k int
		p.Header, k = RedactHeader(p.Header)
		n += k
		stream := p.Stream()
		if p == x.Client {
			stream = x.Response.Stream()
		}
		k, err := body(p, stream, known)
		if err != nil {
			return err
		}
		n += k
	}
	if len(known) > 0 {
		e, k := replaceKnown([]byte(x.Error), known)
		x.Error = string(e)
		n += k
	}
	x.Redacted += n
	return nil
}

// redactBody replaces the known credentials, then what RedactBody finds, in p.Body, and returns
// how many it replaced.
func (p *Part) redactBody(stream bool, known []string) int {
	var n, k int
	p.Body, n = replaceKnown(p.Body, known)
	p.Body, k = RedactBody(p.Body, stream)
	return n + k
}

// Marshal encodes x as a sample file: indented JSON, '<', '>' and '&' left as they are.
func (x *Exchange) Marshal() ([]byte, error) {
	return marshal(x, "  ")
}

func marshal(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if indent == "" {
		return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
	}
	return b.Bytes(), nil
}

// ErrNotSample is returned by Parse for data that is not a sample file.
var ErrNotSample = errors.New("not a toolfix sample")

// Parse reads a sample file. The data may be gzip-compressed. It returns an error wrapping
// ErrNotSample when data is not a JSON object with a "toolfix_sample" member, or saying what is
// wrong with a sample of another version or a broken body.
func Parse(data []byte) (*Exchange, error) {
	data, err := Gunzip(data)
	if err != nil {
		return nil, err
	}
	var probe struct {
		Format *int `json:"toolfix_sample"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Format == nil {
		return nil, ErrNotSample
	}
	if *probe.Format != FormatVersion {
		return nil, fmt.Errorf("sample format %d, this toolfix reads %d", *probe.Format, FormatVersion)
	}
	var x Exchange
	if err := json.Unmarshal(data, &x); err != nil {
		return nil, fmt.Errorf("parsing sample: %w", err)
	}
	return &x, nil
}

// Gunzip returns data decompressed when it starts with the gzip magic number, else data itself.
func Gunzip(data []byte) ([]byte, error) {
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return data, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("reading gzip: %w", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("reading gzip: %w", err)
	}
	return out, nil
}

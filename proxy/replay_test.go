package proxy

import (
	"bytes"
	"regexp"
	"slices"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/exchange"
)

// accumulators check a client body against a case's wanted message, per protocol of the cases. A
// protocol the proxy repairs must have one (TestReplayEveryCase fails otherwise).
var accumulators = client.Checks

// repairs reports whether the proxy has a dialect for a protocol of the cases.
func repairs(protocol string) bool {
	d, err := exchange.DialectOf(protocol)
	return err == nil && d != "" // every dialect DialectOf names has a stream repairer
}

// mintedID matches the ids the proxy makes for calls it builds, which differ run to run.
var mintedID = regexp.MustCompile(`(toolu_|call_|fc_)[A-Za-z0-9]+`)

func TestReplayEveryCase(t *testing.T) {
	for _, c := range cases.ForTest(t) {
		t.Run(c.Protocol+"/"+c.Name, func(t *testing.T) {
			ct := "application/json"
			if c.Stream {
				ct = "text/event-stream"
			}
			res, err := exchange.ReplayResponse(casePath(c.Protocol), "POST", c.Status, ct, "", c.Request, c.Upstream)
			if err != nil {
				t.Fatal(err)
			}
			// The same code as the proxy: the same bytes as a client of the proxy gets.
			viaProxy, _ := runCase(t, c, 1, false)
			if !bytes.Equal(mintedID.ReplaceAll(res.Body, []byte("$1X")), mintedID.ReplaceAll(viaProxy, []byte("$1X"))) {
				t.Errorf("replay and proxy differ:\n%s", firstDiff(res.Body, viaProxy))
			}
			if !repairs(c.Protocol) || c.Want.Passthrough {
				if !bytes.Equal(res.Body, c.Upstream) || len(res.Repairs) > 0 {
					t.Fatalf("passthrough changed (repairs %v):\n%s", res.Repairs, firstDiff(res.Body, c.Upstream))
				}
				return
			}
			check, ok := accumulators[c.Protocol]
			if !ok {
				t.Fatalf("the proxy repairs %s but this test has no accumulator for it", c.Protocol)
			}
			if err := check(c.Want.Message, res.Body, c.Stream); err != nil {
				t.Fatalf("%v\nbody:\n%s", err, res.Body)
			}
			var kinds []string
			for _, r := range res.Repairs {
				kinds = append(kinds, r.Kind)
			}
			for _, k := range c.Want.Repairs {
				if !slices.Contains(kinds, k) {
					t.Errorf("repair kind %q not reported; got %v", k, kinds)
				}
			}
		})
	}
}

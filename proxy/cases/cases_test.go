package cases

import "testing"

func TestLoadAll(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if len(c.Request) == 0 || len(c.Upstream) == 0 {
			t.Errorf("%s/%s: empty request or upstream", c.Protocol, c.Name)
		}
		if !c.Want.Passthrough && c.Want.Message == nil {
			t.Errorf("%s/%s: want has neither passthrough nor message", c.Protocol, c.Name)
		}
	}
}

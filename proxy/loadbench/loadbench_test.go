package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/providers/configtest"
)

// TestMain lets the test binary serve as a proxy child, as the program does.
func TestMain(m *testing.M) {
	childMain()
	os.Exit(configtest.Main(m))
}

// TestQuickRun runs the whole benchmark in quick mode: both proxies as child processes, every
// scenario, the report. It checks that every stream completed through both proxies, the healthy
// streams came out unchanged (checked as they are read), the tool input was repaired, the timed
// and the memory streams came through, and every figure was measured. It asserts no timing: the machine is shared.
func TestQuickRun(t *testing.T) {
	var out, logs bytes.Buffer
	res, err := run(quickConfig, &out, io.MultiWriter(&logs))
	if err != nil {
		t.Fatalf("%v\n%s", err, logs.String())
	}
	for i, k := range throughputKinds {
		for _, v := range [][]throughput{res.anthropic, res.chat, res.anthropicWhole, res.chatWhole} {
			if len(v) != len(throughputKinds) || v[i].mbps <= 0 {
				t.Errorf("%s: no throughput measured: %+v", k, v)
			}
		}
	}
	for i, k := range kinds {
		if len(res.lagAnthropic[i]) != quickConfig.LagEvents-1 || len(res.lagChat[i]) != quickConfig.LagEvents-1 {
			t.Errorf("%s: %d and %d lags, want %d", k, len(res.lagAnthropic[i]), len(res.lagChat[i]), quickConfig.LagEvents-1)
		}
		if len(res.timingAnthropic[i].deltas) != quickConfig.TimingDeltas || len(res.timingChat[i].deltas) != quickConfig.TimingDeltas {
			t.Errorf("%s: %d and %d timed deltas, want %d", k, len(res.timingAnthropic[i].deltas), len(res.timingChat[i].deltas), quickConfig.TimingDeltas)
		}
		for _, f := range []timing{res.faultyAnthropic[i], res.faultyChat[i]} {
			if len(f.deltas) != quickConfig.TimingDeltas || f.items != quickConfig.TimingItems {
				t.Errorf("%s: the faulty call: %d timed deltas and %d items, want %d and %d", k, len(f.deltas), f.items, quickConfig.TimingDeltas, quickConfig.TimingItems)
			}
		}
		if !res.bigToolMem[i].alive || !res.bombMem[i].alive || res.bigToolMem[i].bytes < int64(quickConfig.BigToolBytes) {
			t.Errorf("%s: the memory streams did not come through: %+v %+v", k, res.bigToolMem[i], res.bombMem[i])
		}
		cr := res.crowds[i]
		if cr.completed != quickConfig.Streams {
			t.Errorf("%s: %d of %d concurrent streams completed: %v", k, cr.completed, quickConfig.Streams, cr.errors)
		}
		if cr.peakRSS <= 0 || cr.idleRSS <= 0 || cr.idleGo.Goroutines < quickConfig.Streams {
			t.Errorf("%s: memory not measured with the streams open: %+v", k, cr)
		}
	}
	if got := res.tools[0][1].todos; got <= 0 {
		t.Errorf("toolfix did not repair the stringified todos (%d)", got)
	}
	if got := res.tools[0][0].todos; got != -1 {
		t.Errorf("the floor delivered the todos as an array (%d): the mock upstream is wrong", got)
	}
	for _, row := range []string{"throughput, 2 MB healthy streamed Anthropic", "throughput, 2 MB healthy streamed Chat Completions",
		"throughput, 1 MB healthy whole JSON Anthropic", "throughput, 1 MB healthy whole JSON Chat Completions",
		"lag per event, Anthropic", "lag per event, Chat Completions", "20 concurrent paced streams", "RSS per idle open stream",
		"MB stringified tool input", "load average", "healthy Write call, Anthropic", "healthy Write call, Chat Completions",
		"faulty Write call, Anthropic", "faulty Write call, Chat Completions",
		"healthy 4 MB tool call", "8 MB gzip bomb"} {
		if !strings.Contains(out.String(), row) {
			t.Errorf("the report lacks %q:\n%s", row, out.String())
		}
	}
	t.Log("\n" + out.String())
}

package ssetest

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
)

// recorder is a testing.TB that records failures; Fatalf stops the helper by panicking with it.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	panic(r)
}

// failures runs check with a recorder and returns how many failures it recorded.
func failures(check func(tb testing.TB)) (n int) {
	r := &recorder{}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		n = len(r.failed)
	}()
	check(r)
	return 0
}

// failing fails every Push.
type failing struct{ copier }

func (failing) Push(sse.Event, io.Writer) error { return errors.New("no") }

func TestChecks(t *testing.T) {
	in := []byte("data: 1\n\n")
	tests := []struct {
		name  string
		check func(tb testing.TB)
		fails int
	}{
		{"passthrough", func(tb testing.TB) { CheckPassthrough(tb, in, in, nil) }, 0},
		{"passthrough changed", func(tb testing.TB) { CheckPassthrough(tb, in, []byte("data: 2\n\n"), nil) }, 1},
		{"passthrough with a kind reported", func(tb testing.TB) { CheckPassthrough(tb, in, in, []string{"shape"}) }, 1},
		{"kinds all reported", func(tb testing.TB) { CheckKinds(tb, []string{"coerce", "shape"}, []string{"shape"}) }, 0},
		{"no kinds wanted", func(tb testing.TB) { CheckKinds(tb, nil, nil) }, 0},
		{"two kinds missing, one a part of a reported one", func(tb testing.TB) {
			CheckKinds(tb, []string{"args_object"}, []string{"args", "coerce", "args_object"})
		}, 2},
		{"push each", func(tb testing.TB) {
			if got := PushEach(tb, copier{}, []string{"data: 1\n\n", ": c\n\n"}); got != "data: 1\n\n: c\n\n" {
				tb.Errorf("PushEach wrote %q", got)
			}
		}, 0},
		{"push each, a push fails", func(tb testing.TB) { PushEach(tb, failing{}, []string{"data: 1\n\n"}) }, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := failures(tc.check); got != tc.fails {
				t.Fatalf("%d failures, want %d", got, tc.fails)
			}
		})
	}
	if ev := Event("data: 1\n\n"); !ev.Complete || string(ev.Raw) != "data: 1\n\n" || ev.Oversize {
		t.Fatalf("Event = %+v", ev)
	}
}

package proxy

import (
	"context"
	"log/slog"

	"github.com/toolfix/toolfix/proxy/observe"
)

// routeNames is a slog.Handler that writes each "route" attribute as observe.RouteLabel spells
// it ("/" for the root route, whose name is ""), so that a log line names a route as /metrics,
// /stats and /healthz do, whichever part of the proxy logged it.
type routeNames struct{ slog.Handler }

func (h routeNames) Handle(ctx context.Context, r slog.Record) error {
	fixed := false
	r.Attrs(func(a slog.Attr) bool {
		fixed = fixed || (a.Key == "route" && a.Value.Kind() == slog.KindString && a.Value.String() == "")
		return !fixed
	})
	if !fixed {
		return h.Handler.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(routeAttr(a))
		return true
	})
	return h.Handler.Handle(ctx, out)
}

func (h routeNames) WithAttrs(as []slog.Attr) slog.Handler {
	fixed := make([]slog.Attr, len(as))
	for i, a := range as {
		fixed[i] = routeAttr(a)
	}
	return routeNames{h.Handler.WithAttrs(fixed)}
}

func (h routeNames) WithGroup(name string) slog.Handler { return routeNames{h.Handler.WithGroup(name)} }

// routeAttr is a with a "route" string value spelt by observe.RouteLabel.
func routeAttr(a slog.Attr) slog.Attr {
	if a.Key == "route" && a.Value.Kind() == slog.KindString {
		return slog.String("route", observe.RouteLabel(a.Value.String()))
	}
	return a
}

package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/install/doctor"
)

// addInstallGatewayFlag adds install's --gateway.
func addInstallGatewayFlag(f *pflag.FlagSet, gateway *string) {
	f.StringVar(gateway, "gateway", "", "route the clients to a team gateway's route, https://HOST/t/<token>/<route>, instead of a local proxy (no service is installed)")
}

// checkGatewayFirst asks the gateway of an install --gateway plan whether it answers, takes the
// token and serves the route, before any file is changed; its error says what doctor found.
func checkGatewayFirst(ctx context.Context, plan *install.Plan) error {
	if plan.Gateway == "" {
		return nil
	}
	r := doctor.CheckGateway(ctx, nil, plan.Gateway)
	if r.Status == doctor.Fail {
		return fmt.Errorf("%s; nothing was changed: %s", r.Summary, r.Hint)
	}
	return nil
}

// installedGatewayMessage is what install says after routing the clients to a gateway.
func installedGatewayMessage(plan *install.Plan) string {
	return fmt.Sprintf("\ntoolfix is installed: %s to the gateway %s, no local proxy.\n`toolfix doctor` checks the gateway.\n", doctor.Count(len(plan.Changes), "file"), install.ShownGateway(plan.Gateway))
}

// gatewayInstalledError is serve's answer, without flags, on a machine routed to a gateway: there
// are no local routes to serve.
func gatewayInstalledError(st *install.State) error {
	return fmt.Errorf("nothing to serve here: this machine's clients go to the gateway %s (toolfix install --gateway), not to a local proxy; give --upstream URL or --config FILE to run one anyway", install.ShownGateway(st.Gateway))
}

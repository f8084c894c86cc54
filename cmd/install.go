package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/install/doctor"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/service"
)

func init() {
	installedConfig = loadInstalledConfig
}

// installOptions are the flags of `toolfix install`.
type installOptions struct {
	DryRun                bool
	JSON                  bool // with DryRun: the plan as JSON
	Yes                   bool
	Port                  int // 0: keep the installed port, or DefaultPort
	Only                  []string
	NoService             bool
	ClaudeDefaultUpstream bool
	OpenCodeBuiltins      []string
	KiloBuiltins          []string
	CodexBuiltin          bool
	Gateway               string // install --gateway URL; "" routes to the local proxy
}

// newServiceManager builds the per-user service manager for the state folder, for a service that
// runs exe: an absolute path, or "" for serviceExecutable (this toolfix binary, symlinks
// resolved). `toolfix update` passes the path it replaced, which it resolved before the swap:
// after it, this binary's own path names the old file it set aside. Tests replace it.
var newServiceManager = func(dirs install.Dirs, exe string) (install.Service, error) {
	if exe == "" {
		own, err := serviceExecutable()
		if err != nil {
			return nil, err
		}
		exe = own
	}
	return service.New(service.Config{Executable: exe, StateDir: dirs.State, LogDir: dirs.Logs()})
}

func newInstallCmd(ios *IOStreams, runF func(*installOptions) error) *cobra.Command {
	opts := &installOptions{}
	c := &cobra.Command{
		Use:   "install",
		Short: "Route Claude Code, OpenCode, Codex CLI, Kilo CLI and Qwen Code through toolfix",
		Long: `Route Claude Code, OpenCode, Codex CLI, Kilo CLI and Qwen Code through the toolfix proxy, started
at login as a per-user service.

install finds the base URL each client uses — env.ANTHROPIC_BASE_URL in Claude Code's settings.json,
provider.<id>.options.baseURL in OpenCode's and Kilo's config, model_providers.<id>.base_url in
Codex's config.toml, modelProviders.openai[].baseUrl in Qwen Code's settings.json and OPENAI_BASE_URL
in its .env — makes it a route of the proxy, and points the client at
http://127.0.0.1:<port>/<route> instead. It shows the plan (a diff per file) first; on a
terminal it asks before changing anything. Comments, formatting and key order of the files are kept;
each file is backed up first. ` + "`toolfix uninstall`" + ` puts everything back.`,
		Example: `  toolfix install --dry-run
  toolfix install --only opencode --opencode-builtin anthropic
  toolfix install --no-service --yes && toolfix serve`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opts.JSON && !opts.DryRun {
				return &usageError{errors.New("--json prints the plan, so it goes with --dry-run: toolfix install --dry-run --json")}
			}
			if err := checkPort(c, opts.Port); err != nil {
				return err
			}
			if !c.Flags().Changed("port") {
				opts.Port = 0
			}
			for _, o := range opts.Only {
				if !slices.Contains(providers.Clients, o) {
					return &usageError{fmt.Errorf("--only %q: the clients are %s", o, strings.Join(providers.Clients, ", "))}
				}
			}
			for flag, bs := range map[string][]string{"opencode-builtin": opts.OpenCodeBuiltins, "kilo-builtin": opts.KiloBuiltins} {
				for _, b := range bs {
					if _, ok := providers.OpenCodeBuiltins[b]; !ok {
						return &usageError{fmt.Errorf("--%s %q: the built-in providers are anthropic and openai", flag, b)}
					}
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return runInstall(c.Context(), ios, opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.DryRun, "dry-run", false, "show the plan and change nothing")
	f.BoolVar(&opts.JSON, "json", false, "with --dry-run: print the plan (routes, files with their diffs, service) as JSON, for scripts")
	f.BoolVarP(&opts.Yes, "yes", "y", false, "do not ask before changing files (needed when not on a terminal)")
	f.IntVar(&opts.Port, "port", DefaultPort, "loopback port of the proxy; without it a re-install keeps the installed port")
	f.StringSliceVar(&opts.Only, "only", nil, "route only these clients: claude, opencode, codex, kilo, qwen")
	f.BoolVar(&opts.NoService, "no-service", false, "install no service; run 'toolfix serve' yourself")
	f.BoolVar(&opts.ClaudeDefaultUpstream, "claude-default-upstream", false, "route Claude Code even when it talks to api.anthropic.com directly")
	f.StringSliceVar(&opts.OpenCodeBuiltins, "opencode-builtin", nil, "route these built-in OpenCode providers: anthropic, openai")
	f.StringSliceVar(&opts.KiloBuiltins, "kilo-builtin", nil, "route these built-in Kilo CLI providers: anthropic, openai")
	addInstallGatewayFlag(f, &opts.Gateway)
	f.BoolVar(&opts.CodexBuiltin, "codex-builtin", false, "route Codex CLI's built-in openai provider (its top-level openai_base_url, else api.openai.com)")
	return c
}

// newInstaller gathers what install and uninstall need from this machine.
func newInstaller() (*install.Installer, error) {
	env, err := providers.OSEnv()
	if err != nil {
		return nil, err
	}
	dirs := install.DefaultDirs()
	in := &install.Installer{Dirs: dirs, Env: env}
	svc, err := newServiceManager(dirs, "")
	if err != nil {
		return nil, err
	}
	in.Service = svc
	return in, nil
}

func runInstall(ctx context.Context, ios *IOStreams, opts *installOptions) error {
	in, err := newInstaller()
	if err != nil {
		return err
	}
	if !opts.DryRun {
		unlock, err := install.Lock(in.Dirs)
		if err != nil {
			return err
		}
		defer unlock()
		msg, err := in.Recover(ctx)
		if err != nil {
			return err
		}
		if msg != "" {
			fmt.Fprintln(ios.ErrOut, msg)
		}
	}
	plan, err := in.Plan(install.Options{
		Port:                  opts.Port,
		DefaultPort:           DefaultPort,
		Only:                  opts.Only,
		ClaudeDefaultUpstream: opts.ClaudeDefaultUpstream,
		OpenCodeBuiltins:      opts.OpenCodeBuiltins,
		KiloBuiltins:          opts.KiloBuiltins,
		CodexBuiltin:          opts.CodexBuiltin,
		NoService:             opts.NoService,
		Gateway:               opts.Gateway,
	})
	if err != nil {
		if opts.DryRun && strings.Contains(err.Error(), "interrupted") {
			return fmt.Errorf("%w: run `toolfix install` (or `toolfix uninstall`) to undo it first", err)
		}
		return err
	}
	for _, r := range plan.Routes {
		if err := proxy.CheckBaseURL(r.Upstream); err != nil {
			return fmt.Errorf("route %q: the base URL in %s's config, %w; set it so there and run install again (nothing was changed)", r.Name, r.Client, err)
		}
	}
	if plan.Gateway != "" {
		opts.NoService = true
	} else if !plan.Empty() {
		installed := 0
		if st, err := install.LoadState(in.Dirs); err == nil {
			installed = st.Port
		}
		if n := portTakenNote(ctx, plan.Port, installed); n != "" {
			plan.Notes = append(plan.Notes, n)
		}
	}
	if !opts.NoService && !plan.Empty() {
		if exe, err := serviceExecutable(); err == nil {
			if w := transientBinary(exe, osBinaryPlaces()); w != "" {
				plan.Notes = append(plan.Notes, w)
			}
		}
	}
	if opts.JSON {
		if err := plan.WriteJSON(ios.Out); err != nil {
			return fmt.Errorf("writing the plan: %w", err)
		}
		if plan.Empty() {
			return &ExitError{Code: 1, Err: errNothingToRoute("its notes")}
		}
		return nil
	}
	if plan.Empty() {
		for _, n := range plan.Notes {
			fmt.Fprintf(ios.ErrOut, "  - %s\n", n)
		}
		return errNothingToRoute("the notes above")
	}
	if err := plan.Render(ios.Out); err != nil {
		return err
	}
	if opts.DryRun {
		return nil
	}
	if err := checkGatewayFirst(ctx, plan); err != nil {
		return err
	}
	if !opts.NoService && plan.ServiceErr != nil {
		return fmt.Errorf("cannot install the service: %w\nnothing was changed; pass --no-service to do everything else and run `toolfix serve` yourself", plan.ServiceErr)
	}
	if !opts.Yes {
		if !ios.IsTTY {
			return errors.New("not on a terminal, so not asking: pass --yes to apply this plan, or --dry-run to only show it")
		}
		fmt.Fprint(ios.ErrOut, "\nApply this plan? [y/N] ")
		answer, _ := bufio.NewReader(ios.In).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			return &ExitError{Code: 1, Err: errors.New("cancelled; nothing was changed")}
		}
	}
	res, err := in.Apply(ctx, plan)
	if err != nil {
		return err
	}
	if plan.Gateway != "" {
		fmt.Fprint(ios.Out, installedGatewayMessage(plan))
		opts.NoService = false // no `toolfix serve` to start: the gateway serves
	} else {
		fmt.Fprintf(ios.Out, "\ntoolfix is installed: %s on 127.0.0.1:%d.\n", doctor.Count(len(plan.Routes), "route"), plan.Port)
	}
	if res.BackupDir != "" {
		fmt.Fprintf(ios.Out, "Backups of the files it changed: %s\n", res.BackupDir)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(ios.ErrOut, "warning: %s\n", n)
	}
	if opts.NoService {
		fmt.Fprintf(ios.Out, "No service was installed: start the proxy with `toolfix serve` now and after each login.\n")
	}
	fmt.Fprintln(ios.Out, "Undo it all with `toolfix uninstall`.")
	return nil
}

// errNothingToRoute is install's error for a plan that routes nothing; notes says where its notes
// were shown.
func errNothingToRoute(notes string) error {
	return fmt.Errorf("nothing to route: no client config names an upstream toolfix can sit in front of (see %s)", notes)
}

// loadInstalledConfig is what `toolfix serve` without flags serves: the routes and port of the
// installed state. It returns install.ErrNotInstalled (which says to run `toolfix install`) when
// nothing is installed.
func loadInstalledConfig() (proxy.Config, error) {
	dirs := install.DefaultDirs()
	st, err := install.LoadState(dirs)
	if err != nil {
		return proxy.Config{}, err
	}
	if st.Gateway != "" {
		return proxy.Config{}, gatewayInstalledError(st)
	}
	cfg := proxy.Config{Listen: fmt.Sprintf("127.0.0.1:%d", st.Port)}
	for _, r := range st.Routes {
		cfg.Routes = append(cfg.Routes, proxy.Route{Name: r.Name, Upstream: r.Upstream, Protocol: r.Protocol})
	}
	return cfg, addInstalledRetries(&cfg, dirs)
}

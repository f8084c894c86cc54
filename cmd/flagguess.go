package cmd

import (
	"fmt"
	"net"
	"strings"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/secret"
)

// flagGuess answers a flag a user of similar tools types and toolfix does not have: the next step
// to take instead. value is what followed the flag ("" when nothing did); the answer completes
// "toolfix CMD has no --FLAG: ...".
type flagGuess func(value string) string

// guessedFlags are, by command name, the flags people guess (long names without "--", one-letter
// shorthands as they are) and the answer to each. "*" holds the answers for any command that does
// not have the flag; a command's own entry wins.
var guessedFlags = map[string]map[string]flagGuess{
	"serve": {
		"port": func(v string) string {
			return "give the whole address with --listen 127.0.0.1:" + orPlaceholder(v, "PORT")
		},
		"p": func(v string) string {
			return "give the whole address with --listen 127.0.0.1:" + orPlaceholder(v, "PORT")
		},
		"host":         listenHost,
		"bind":         listenHost,
		"addr":         listenAddr,
		"address":      listenAddr,
		"listen-addr":  listenAddr,
		"upstream-url": upstreamURL,
		"base-url":     upstreamURL,
		"url":          upstreamURL,
		"target":       upstreamURL,
		"backend":      upstreamURL,
		"api-base":     upstreamURL,
		"verbose":      always1("use --log-level debug for more log lines"),
		"v":            always1("use --log-level debug for more log lines"),
		"debug":        always1("use --log-level debug"),
		"quiet":        always1("use --log-level warn for fewer log lines"),
		"q":            always1("use --log-level warn for fewer log lines"),
		"json":         always1("its log lines on standard error are JSON already"),
		"log-file":     always1("it logs to standard error: redirect it, as in `toolfix serve 2>>toolfix.log`"),
	},
	"install": {
		"config":       always1("it reads and edits each client's own config; choose the clients with --only claude,opencode,codex,kilo,qwen"),
		"upstream":     installUpstream,
		"upstream-url": installUpstream,
		"listen":       always1("the proxy listens on 127.0.0.1 only; choose its port with --port N"),
		"host":         always1("the proxy listens on 127.0.0.1 only; choose its port with --port N"),
		"force":        always1("use --yes to apply the plan without asking"),
		"f":            always1("use --yes to apply the plan without asking"),
		"n":            always1("use --dry-run to see the plan and change nothing"),
		"verbose":      always1("--dry-run shows the whole plan, every diff included"),
		"v":            always1("--dry-run shows the whole plan, every diff included"),
	},
	"run": {
		"port":    always1("run starts its own proxy on a free loopback port and hands it to the client"),
		"listen":  always1("run starts its own proxy on a free loopback port and hands it to the client"),
		"verbose": always1("use --log FILE to keep the proxy's log lines"),
		"v":       always1("use --log FILE to keep the proxy's log lines"),
	},
	"uninstall": {
		"yes":     always1("uninstall does not ask: it undoes only toolfix's own edits"),
		"y":       always1("uninstall does not ask: it undoes only toolfix's own edits"),
		"dry-run": always1("`toolfix status` shows what is installed, and each file's backup stays after uninstall"),
		"n":       always1("`toolfix status` shows what is installed, and each file's backup stays after uninstall"),
	},
	"doctor": {
		"fix":     always1("doctor changes nothing; each hint names the command that fixes what it found"),
		"verbose": always1("it prints every check already; --json gives each check's details"),
		"v":       always1("it prints every check already; --json gives each check's details"),
	},
	"replay": {
		"json":    always1("`toolfix analyze --json FILE` explains one exchange as JSON"),
		"verbose": always1("`toolfix analyze --verbose FILE` explains one exchange in detail"),
		"v":       always1("`toolfix analyze --verbose FILE` explains one exchange in detail"),
	},
	"*": {
		"json":    always1("`toolfix status --json`, `toolfix doctor --json` and `toolfix version --json` print JSON"),
		"verbose": always1("`toolfix doctor` explains everything it checks"),
		"v":       always1("`toolfix doctor` explains everything it checks; `toolfix version` prints the version"),
		"config":  always1("toolfix keeps no settings file of its own but the installed routes' retries (~/.config/toolfix/retry.json); `toolfix serve --config FILE` reads named routes"),
		"debug":   always1("`toolfix doctor` explains everything it checks; `toolfix serve --log-level debug` logs more"),
	},
}

func always1(s string) flagGuess { return func(string) string { return s } }

func orPlaceholder(v, placeholder string) string {
	if v == "" || strings.HasPrefix(v, "-") {
		return placeholder
	}
	return v
}

// listenHost answers serve's --host and --bind: the whole address goes to --listen. A loopback host
// (or none) keeps the proxy on this machine; any other listens only as a team gateway.
func listenHost(v string) string {
	host := orPlaceholder(v, "127.0.0.1")
	if proxy.IsLoopback(net.JoinHostPort(host, "0")) {
		return "give the whole address with --listen " + net.JoinHostPort(host, "PORT") + "; a team gateway listens beyond loopback, with --access-token-file FILE (docs/gateway.md)"
	}
	return "give the whole address with --listen " + net.JoinHostPort(host, "PORT") + ", which toolfix listens on only as a team gateway, with --access-token-file FILE (docs/gateway.md); for this machine alone, --listen 127.0.0.1:PORT"
}

func listenAddr(v string) string {
	return "give the address with --listen " + orPlaceholder(v, "127.0.0.1:PORT")
}

func upstreamURL(v string) string {
	return "give the API's base URL with --upstream " + secret.URL(orPlaceholder(v, "URL"))
}

func installUpstream(string) string {
	return "it takes each upstream from the clients' configs (set the client's base URL there and run install again); for one route by hand use `toolfix serve --upstream URL`"
}

// guessFlag answers pflag's err ("unknown flag: --X" or "unknown shorthand flag: 'x' in -x") on c
// from guessedFlags: "CMD has no --X: ANSWER"; "" when the flag is not a known guess or c
// has the flag after all. args are the command line, for the value typed after the flag.
func guessFlag(c *cobra.Command, err error, args []string) string {
	msg := err.Error()
	name, dashes := "", "--"
	if rest, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		name, _, _ = strings.Cut(rest, "=")
	} else if rest, ok := strings.CutPrefix(msg, "unknown shorthand flag: '"); ok && len(rest) > 1 && rest[1] == '\'' {
		name, dashes = rest[:1], "-"
	}
	if name == "" {
		return ""
	}
	answer, ok := guessedFlags[c.Name()][name]
	if !ok {
		answer, ok = guessedFlags["*"][name]
	}
	if !ok {
		return ""
	}
	// "serve has no --port", not "toolfix serve …": the message is printed after "toolfix: ".
	where := strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
	if c == c.Root() {
		where = "the toolfix command"
	}
	return fmt.Sprintf("%s has no %s%s: %s", where, dashes, name, answer(flagValue(args, dashes+name)))
}

// flagValue is what follows flag in args: "V" of "--flag=V", or the next argument.
func flagValue(args []string, flag string) string {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v
		}
		if a == flag && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// flagErrorFunc is the command tree's answer to a flag error: a guessed flag's answer
// (guessFlag), else the nearest real flag (suggestFlag), and always where the help is. args are
// the command line (nil: values are not quoted back).
func flagErrorFunc(args []string) func(*cobra.Command, error) error {
	return func(c *cobra.Command, err error) error {
		if g := guessFlag(c, err, args); g != "" {
			return &usageError{fmt.Errorf("%s (see `%s --help`)", g, c.CommandPath())}
		}
		if s := suggestFlag(c, err); s != "" {
			return &usageError{fmt.Errorf("%w: %s (see `%s --help`)", err, s, c.CommandPath())}
		}
		return &usageError{fmt.Errorf("%w (see `%s --help`)", err, c.CommandPath())}
	}
}

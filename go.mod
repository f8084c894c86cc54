module github.com/toolfix/toolfix

go 1.26

require (
	github.com/adrg/xdg v0.5.3
	github.com/google/go-cmp v0.7.0
	github.com/kardianos/service v1.3.0
	github.com/spf13/cobra v1.10.2
	github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f
	go.uber.org/goleak v1.3.0
	golang.org/x/net v0.52.0
	golang.org/x/sys v0.42.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/text v0.35.0 // indirect
)

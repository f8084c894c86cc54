module github.com/toolfix/toolfix

go 1.26

require (
	github.com/google/go-cmp v0.7.0
	github.com/spf13/cobra v1.10.2
	github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f
)

require (
	github.com/adrg/xdg v0.5.3 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sys v0.26.0 // indirect
)

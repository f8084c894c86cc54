package cmd

import "github.com/spf13/cobra"

// completionHelp replaces cobra's help of `completion bash` and `completion zsh`, which name only
// system folders (/etc/bash_completion.d, "${fpath[1]}", writable by root alone): the per-user
// folder comes first, then the system one.
var completionHelp = map[string]string{
	"bash": `Generate the autocompletion script for the bash shell.

This script depends on the 'bash-completion' package (2.8 or newer for the per-user folder).
If it is not installed already, you can install it via your OS's package manager.

To load completions in your current shell session:

	source <(toolfix completion bash)

To load completions for every new session, execute once, for you alone (no root needed):

	mkdir -p ~/.local/share/bash-completion/completions
	toolfix completion bash > ~/.local/share/bash-completion/completions/toolfix

(bash-completion reads $XDG_DATA_HOME/bash-completion/completions when XDG_DATA_HOME is set.)
Or for every user of the machine:

#### Linux:

	sudo sh -c 'toolfix completion bash > /etc/bash_completion.d/toolfix'

#### macOS:

	toolfix completion bash > $(brew --prefix)/etc/bash_completion.d/toolfix

You will need to start a new shell for this setup to take effect.
`,
	"zsh": `Generate the autocompletion script for the zsh shell.

If shell completion is not already enabled in your environment you will need
to enable it.  You can execute the following once:

	echo "autoload -U compinit; compinit" >> ~/.zshrc

To load completions in your current shell session:

	source <(toolfix completion zsh)

To load completions for every new session, execute once, for you alone (no root needed):

	mkdir -p ~/.zfunc
	toolfix completion zsh > ~/.zfunc/_toolfix

and put "fpath=(~/.zfunc $fpath)" in ~/.zshrc before its compinit line. Or for every user:

#### Linux:

	sudo sh -c 'toolfix completion zsh > /usr/local/share/zsh/site-functions/_toolfix'

#### macOS:

	toolfix completion zsh > $(brew --prefix)/share/zsh/site-functions/_toolfix

You will need to start a new shell for this setup to take effect.
`,
}

// fixCompletionHelp sets completionHelp on the shells' subcommands of cobra's completion command.
func fixCompletionHelp(completion *cobra.Command) {
	for _, sh := range completion.Commands() {
		if long, ok := completionHelp[sh.Name()]; ok {
			sh.Long = long
		}
	}
}

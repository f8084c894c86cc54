package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/toolfix/toolfix/providers"
)

// checkQwenLayers looks for what wins over toolfix's edits of Qwen Code's ~/.qwen/settings.json
// and ~/.qwen/.env: the workspace's .qwen/settings.json in the current folder (its
// modelProviders.openai[].baseUrl), OPENAI_BASE_URL in the shell (dotenv never overrides a
// variable already set), and a .qwen/.env or .env between the current folder and the home folder,
// which Qwen Code loads instead of ~/.qwen/.env (it stops at the first one found).
func (s *session) checkQwenLayers(context.Context) Result {
	var routed []string // the base URLs toolfix wrote for Qwen Code
	envRoute := ""
	for _, f := range s.st.Files {
		if f.Client != providers.Qwen {
			continue
		}
		for _, e := range f.Edits {
			u := s.routeURL(e.Route)
			if u == "" {
				continue
			}
			routed = append(routed, u)
			if e.Key == providers.QwenEnvKey.String() {
				envRoute = u
			}
		}
	}
	if len(routed) == 0 {
		return Result{Status: Skip, Summary: "Qwen Code is not routed through toolfix"}
	}
	var l layers
	if s.d.Cwd != "" {
		ws := filepath.Join(s.d.Cwd, ".qwen", "settings.json")
		if ws != providers.QwenSettingsPath(s.d.Env) {
			if doc := s.readLayer(&l, ws, providers.Qwen); doc != nil {
				d := doc.(*providers.Doc)
				for i := range d.Len(providers.Pointer{"modelProviders", "openai"}) {
					key := providers.QwenProviderKey(i)
					if v, ok, _ := d.Get(key); ok && !slices.Contains(routed, v) && !s.isToolfixURL(v) {
						l.find(fmt.Sprintf("%s sets %s = %s", s.short(ws), key.Dotted(), quoteValue(v)),
							fmt.Sprintf("remove that entry from %s, or point its baseUrl at toolfix (`toolfix install` routes only your user settings)", s.short(ws)))
					}
				}
			}
		}
	}
	if envRoute != "" {
		if v := s.getenv("OPENAI_BASE_URL"); v != "" && v != envRoute && !s.isToolfixURL(v) {
			l.find(fmt.Sprintf("your shell sets OPENAI_BASE_URL=%s, which wins over %s", redactURL(v), s.tilde(providers.QwenEnvPath(s.d.Env))),
				"unset OPENAI_BASE_URL, or set it to "+envRoute)
		}
		for _, f := range s.qwenEnvFiles() {
			doc, err := readDoc(f, providers.Qwen)
			if err != nil {
				continue
			}
			l.checked = append(l.checked, s.short(f))
			if v, ok, _ := doc.Get(providers.QwenEnvKey); ok && v != envRoute && !s.isToolfixURL(v) {
				l.find(fmt.Sprintf("%s sets OPENAI_BASE_URL=%s; Qwen Code loads it instead of %s", s.short(f), quoteValue(v), s.tilde(providers.QwenEnvPath(s.d.Env))),
					fmt.Sprintf("remove OPENAI_BASE_URL from %s, or set it to %s", s.short(f), envRoute))
			}
			break // Qwen Code loads the first .env it finds
		}
	}
	return l.result(fmt.Sprintf("no Qwen Code setting wins over toolfix's %s", plural(len(routed), "base URL")))
}

// qwenEnvFiles are the .env files Qwen Code would load before ~/.qwen/.env: .qwen/.env, then
// .env, in each folder from the current one up to (not including) the home folder.
func (s *session) qwenEnvFiles() []string {
	var out []string
	home := s.d.Env.Home
	for dir := s.d.Cwd; dir != "" && dir != home; {
		for _, n := range []string{filepath.Join(".qwen", ".env"), ".env"} {
			p := filepath.Join(dir, n)
			if _, err := readDoc(p, providers.Qwen); !errors.Is(err, fs.ErrNotExist) {
				out = append(out, p)
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return out
}

package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"sigs.k8s.io/yaml"
)

const chartDir = "../../service/kubernetes/chart"

// render renders the chart with the values of the ci/ file named base, changed by set (dotted
// paths to values), as `helm template` does, and returns the manifests as one YAML stream.
func render(t *testing.T, base string, set map[string]any) (string, error) {
	t.Helper()
	ch, err := loader.Load(chartDir)
	if err != nil {
		t.Fatalf("loading the chart: %v", err)
	}
	vals := map[string]any{}
	if base != "" {
		b, err := os.ReadFile(filepath.Join(chartDir, "ci", base))
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(b, &vals); err != nil {
			t.Fatal(err)
		}
	}
	for path, v := range set {
		m := vals
		keys := strings.Split(path, ".")
		for _, k := range keys[:len(keys)-1] {
			next, ok := m[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[k] = next
			}
			m = next
		}
		m[keys[len(keys)-1]] = v
	}
	rv, err := chartutil.ToRenderValues(ch, vals, chartutil.ReleaseOptions{Name: "gw", Namespace: "ai-gateway", IsInstall: true}, chartutil.DefaultCapabilities)
	if err != nil {
		return "", err
	}
	files, err := engine.Render(ch, rv)
	if err != nil {
		return "", err
	}
	var names []string
	for n := range files {
		if strings.HasSuffix(n, ".yaml") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out strings.Builder
	for _, n := range names {
		out.WriteString("---\n# Source: " + n + "\n" + files[n] + "\n")
	}
	return out.String(), nil
}

// TestChart renders the chart with each ci/ values file, and with one value broken at a time, and
// holds kubecheck's verdict: the chart as shipped passes, and each break is caught and named.
func TestChart(t *testing.T) {
	tests := []struct {
		name string
		base string
		set  map[string]any
		edit func(string) string // changes the rendered output; nil leaves it
		want gatewayWant
		errs []string // substrings of the problems; none means valid
		objs int      // objects rendered, when valid
	}{
		// Deployment, Service, ConfigMap, Secret, PodDisruptionBudget, HorizontalPodAutoscaler, ServiceAccount.
		{name: "default", base: "default-values.yaml", want: gatewayWant{Autoscaling: true}, objs: 7},
		// No Secret and no HorizontalPodAutoscaler.
		{name: "existing secret", base: "existing-secret-values.yaml", want: gatewayWant{ExistingSecret: "team-gateway-token"}, objs: 5},
		{name: "writable root", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"securityContext.readOnlyRootFilesystem": false}, errs: []string{"readOnlyRootFilesystem is not true"}},
		{name: "escalation", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"securityContext.allowPrivilegeEscalation": true}, errs: []string{"allowPrivilegeEscalation is not false"}},
		{name: "capabilities kept", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"securityContext.capabilities": map[string]any{"drop": []any{"NET_RAW"}}}, errs: []string{"capabilities do not drop ALL"}},
		{name: "root user", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"podSecurityContext.runAsUser": 0}, errs: []string{"runAsUser is not a non-root uid"}},
		{name: "no seccomp", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"podSecurityContext.seccompProfile": map[string]any{"type": "Unconfined"}}, errs: []string{"seccompProfile is not RuntimeDefault"}},
		// values.schema.json wants a margin of 1 s or more; an output without one is edited in.
		{name: "no grace margin", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			edit: strings.NewReplacer("terminationGracePeriodSeconds: 635", "terminationGracePeriodSeconds: 605").Replace,
			errs: []string{"terminationGracePeriodSeconds 10m5s leaves no margin"}},
		{name: "no CPU request", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"resources.requests.cpu": nil}, errs: []string{"no CPU request"}},
		{name: "an unknown field", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"securityContext.readOnlyRootFileSystem": true}, errs: []string{`unknown field "spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem"`}},
		{name: "a wrong type", base: "default-values.yaml", want: gatewayWant{Autoscaling: true},
			set: map[string]any{"podAnnotations": map[string]any{"team": 5}}, errs: []string{"does not decode into a Kubernetes type"}},
		{name: "no autoscaler expected", base: "default-values.yaml", want: gatewayWant{Autoscaling: false},
			errs: []string{"a HorizontalPodAutoscaler with autoscaling off"}},
		{name: "the chart's secret expected", base: "existing-secret-values.yaml", want: gatewayWant{},
			errs: []string{"which the chart does not make"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := render(t, tc.base, tc.set)
			if err != nil {
				t.Fatalf("rendering: %v", err)
			}
			if tc.edit != nil {
				edited := tc.edit(out)
				if edited == out {
					t.Fatal("the edit changed nothing in the rendered output")
				}
				out = edited
			}
			objs, problems := decodeAll("rendered", []byte(out))
			problems = append(problems, checkGateway(objs, tc.want)...)
			if len(tc.errs) == 0 {
				for _, p := range problems {
					t.Errorf("problem: %v", p)
				}
				if len(objs) != tc.objs {
					t.Errorf("%d objects rendered, want %d", len(objs), tc.objs)
				}
				return
			}
			var all []string
			for _, p := range problems {
				all = append(all, p.Error())
			}
			joined := strings.Join(all, "\n")
			for _, e := range tc.errs {
				if !strings.Contains(joined, e) {
					t.Errorf("problems do not hold %q:\n%s", e, joined)
				}
			}
		})
	}
}

// TestChartRefuses: values the gateway cannot run with stop the render with a sentence saying
// what to set.
func TestChartRefuses(t *testing.T) {
	tests := []struct {
		name string
		base string
		set  map[string]any
		want string
	}{
		{name: "no routes", want: "set routes"},
		{name: "a route without upstream", set: map[string]any{"routes": []any{map[string]any{"name": "x"}}}, want: "upstream"},
		{name: "a misspelt value", base: "default-values.yaml", set: map[string]any{"drain.timeoutSecond": 60}, want: "timeoutSecond"},
		{name: "a route name with a slash", set: map[string]any{"routes": []any{map[string]any{"name": "a/b", "upstream": "http://x"}}}, want: "name"},
		{name: "both PDB bounds", base: "default-values.yaml", set: map[string]any{"podDisruptionBudget.minAvailable": 1}, want: "give maxUnavailable or minAvailable, not both"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := render(t, tc.base, tc.set)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("render error = %v, want one holding %q", err, tc.want)
			}
		})
	}
}

// TestChartGracePeriod: the grace period is the preStop sleep, the drain timeout and the margin,
// and the drain timeout is the flag the gateway gets.
func TestChartGracePeriod(t *testing.T) {
	out, err := render(t, "default-values.yaml", map[string]any{"drain.timeoutSeconds": 900, "drain.marginSeconds": 45, "drain.preStopSleepSeconds": 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"terminationGracePeriodSeconds: 952", "- --drain-timeout\n            - 900s", "seconds: 7"} {
		if !strings.Contains(out, want) {
			t.Errorf("the rendered chart does not hold %q", want)
		}
	}
}

// TestDecodeRefusesDuplicateKeys: a key given twice in one document is an error, not a silent win.
func TestDecodeRefusesDuplicateKeys(t *testing.T) {
	doc := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n"
	if _, problems := decodeAll("dup.yaml", []byte(doc)); len(problems) != 1 {
		t.Errorf("problems = %v, want one for the duplicate key", problems)
	}
	if _, problems := decodeAll("kind.yaml", []byte("apiVersion: v1\nkind: Frobnicator\nmetadata:\n  name: a\n")); len(problems) != 1 {
		t.Errorf("problems = %v, want one for the unknown kind", problems)
	}
}

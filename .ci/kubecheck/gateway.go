package main

import (
	encjson "encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// gatewayWant says which of the chart's optional objects the output must hold.
type gatewayWant struct {
	ExistingSecret string // the token Secret's name when made outside the chart; "" means the chart's
	Autoscaling    bool   // a HorizontalPodAutoscaler must target the Deployment
}

// Paths the gateway's flags and the chart agree on (docs/kubernetes.md).
const (
	routesFile = "/etc/toolfix/routes.json"
	tokenFile  = "/var/run/secrets/toolfix/token"
)

// rendered is the chart's output sorted by kind.
type rendered struct {
	deployments []*appsv1.Deployment
	services    []*corev1.Service
	configMaps  map[string]*corev1.ConfigMap
	secrets     map[string]*corev1.Secret
	pdbs        []*policyv1.PodDisruptionBudget
	hpas        []*autoscalingv2.HorizontalPodAutoscaler
}

func sortObjects(objs []object) rendered {
	r := rendered{configMaps: map[string]*corev1.ConfigMap{}, secrets: map[string]*corev1.Secret{}}
	for _, o := range objs {
		switch v := o.Obj.(type) {
		case *appsv1.Deployment:
			r.deployments = append(r.deployments, v)
		case *corev1.Service:
			r.services = append(r.services, v)
		case *corev1.ConfigMap:
			r.configMaps[v.Name] = v
		case *corev1.Secret:
			r.secrets[v.Name] = v
		case *policyv1.PodDisruptionBudget:
			r.pdbs = append(r.pdbs, v)
		case *autoscalingv2.HorizontalPodAutoscaler:
			r.hpas = append(r.hpas, v)
		}
	}
	return r
}

// checkGateway holds the decoded objects to what a drained, locked-down gateway needs and returns
// every way they fall short.
func checkGateway(objs []object, want gatewayWant) []error {
	var problems []error
	fail := func(format string, args ...any) { problems = append(problems, fmt.Errorf(format, args...)) }
	r := sortObjects(objs)
	if len(r.deployments) != 1 {
		fail("%d Deployments, want one", len(r.deployments))
		return problems
	}
	d := r.deployments[0]
	pod := d.Spec.Template
	podLabels := labels.Set(pod.Labels)
	if len(pod.Spec.Containers) != 1 {
		fail("Deployment %s: %d containers, want the gateway alone", d.Name, len(pod.Spec.Containers))
		return problems
	}
	c := pod.Spec.Containers[0]
	problems = append(problems, checkProbes(c)...)
	problems = append(problems, checkSecurity(pod.Spec, c)...)
	problems = append(problems, checkGrace(pod.Spec, c)...)
	problems = append(problems, checkMounts(pod.Spec, c, r, want)...)
	if sel := d.Spec.Selector; sel == nil || !labels.SelectorFromSet(sel.MatchLabels).Matches(podLabels) || len(sel.MatchExpressions) > 0 {
		fail("Deployment %s: its selector does not select its own pods", d.Name)
	}
	if len(r.services) != 1 {
		fail("%d Services, want one", len(r.services))
	} else if s := r.services[0]; len(s.Spec.Selector) == 0 || !labels.SelectorFromSet(s.Spec.Selector).Matches(podLabels) {
		fail("Service %s: its selector %v does not select the Deployment's pods", s.Name, s.Spec.Selector)
	} else if len(s.Spec.Ports) == 0 || s.Spec.Ports[0].TargetPort.String() != "http" || !hasPort(c, "http") {
		fail("Service %s: want a port to the container's port named http", s.Name)
	}
	if len(r.pdbs) != 1 {
		fail("%d PodDisruptionBudgets, want one", len(r.pdbs))
	} else if p := r.pdbs[0]; p.Spec.Selector == nil || !labels.SelectorFromSet(p.Spec.Selector.MatchLabels).Matches(podLabels) {
		fail("PodDisruptionBudget %s: its selector does not select the Deployment's pods", p.Name)
	} else if (p.Spec.MaxUnavailable == nil) == (p.Spec.MinAvailable == nil) {
		fail("PodDisruptionBudget %s: want one of maxUnavailable and minAvailable", p.Name)
	}
	switch {
	case !want.Autoscaling && len(r.hpas) != 0:
		fail("a HorizontalPodAutoscaler with autoscaling off")
	case !want.Autoscaling && d.Spec.Replicas == nil:
		fail("Deployment %s: no replicas with autoscaling off", d.Name)
	case want.Autoscaling && len(r.hpas) != 1:
		fail("%d HorizontalPodAutoscalers, want one", len(r.hpas))
	case want.Autoscaling:
		problems = append(problems, checkHPA(r.hpas[0], d)...)
	}
	return problems
}

func hasPort(c corev1.Container, name string) bool {
	return slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool { return p.Name == name })
}

// checkProbes: liveness on /healthz, readiness on /readyz, on the container's http port.
func checkProbes(c corev1.Container) []error {
	var problems []error
	for _, p := range []struct {
		name  string
		probe *corev1.Probe
		path  string
	}{{"livenessProbe", c.LivenessProbe, "/healthz"}, {"readinessProbe", c.ReadinessProbe, "/readyz"}} {
		if p.probe == nil || p.probe.HTTPGet == nil {
			problems = append(problems, fmt.Errorf("container %s: no HTTP %s", c.Name, p.name))
			continue
		}
		if g := p.probe.HTTPGet; g.Path != p.path || g.Port.String() != "http" {
			problems = append(problems, fmt.Errorf("container %s: %s asks %s on port %s, want %s on http", c.Name, p.name, g.Path, g.Port.String(), p.path))
		}
	}
	return problems
}

// checkSecurity: non-root, read-only root filesystem, no privilege escalation, every capability
// dropped, the runtime's default seccomp profile, no service account token.
func checkSecurity(spec corev1.PodSpec, c corev1.Container) []error {
	var problems []error
	fail := func(what string) { problems = append(problems, fmt.Errorf("container %s: %s", c.Name, what)) }
	psc, sc := spec.SecurityContext, c.SecurityContext
	if psc == nil {
		psc = &corev1.PodSecurityContext{}
	}
	if sc == nil {
		fail("no securityContext")
		return problems
	}
	if !isTrue(sc.RunAsNonRoot) && !isTrue(psc.RunAsNonRoot) {
		fail("runAsNonRoot is not set")
	}
	if uid := firstInt(sc.RunAsUser, psc.RunAsUser); uid == nil || *uid == 0 {
		fail("runAsUser is not a non-root uid")
	}
	if !isTrue(sc.ReadOnlyRootFilesystem) {
		fail("readOnlyRootFilesystem is not true")
	}
	if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		fail("allowPrivilegeEscalation is not false")
	}
	if isTrue(sc.Privileged) {
		fail("privileged")
	}
	if sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") || len(sc.Capabilities.Add) > 0 {
		fail("capabilities do not drop ALL (and add none)")
	}
	seccomp := psc.SeccompProfile
	if sc.SeccompProfile != nil {
		seccomp = sc.SeccompProfile
	}
	if seccomp == nil || seccomp.Type != corev1.SeccompProfileTypeRuntimeDefault {
		fail("seccompProfile is not RuntimeDefault")
	}
	if spec.AutomountServiceAccountToken == nil || *spec.AutomountServiceAccountToken {
		fail("the pod mounts a service account token (the gateway never calls the Kubernetes API)")
	}
	return problems
}

func isTrue(b *bool) bool { return b != nil && *b }

func firstInt(vs ...*int64) *int64 {
	for _, v := range vs {
		if v != nil {
			return v
		}
	}
	return nil
}

// argValue returns the value after flag in args ("--flag V" or "--flag=V"), and whether it is there.
func argValue(args []string, flag string) (string, bool) {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1], true
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v, true
		}
	}
	return "", false
}

// checkGrace: terminationGracePeriodSeconds covers the preStop sleep and the drain timeout, with
// a margin, so the kubelet never kills a stream the gateway is still letting finish.
func checkGrace(spec corev1.PodSpec, c corev1.Container) []error {
	v, ok := argValue(c.Args, "--drain-timeout")
	if !ok {
		return []error{fmt.Errorf("container %s: no --drain-timeout in its args", c.Name)}
	}
	drain, err := time.ParseDuration(v)
	if err != nil || drain <= 0 {
		return []error{fmt.Errorf("container %s: --drain-timeout %q is not a positive duration", c.Name, v)}
	}
	var sleep time.Duration
	if l := c.Lifecycle; l != nil && l.PreStop != nil {
		if l.PreStop.Sleep == nil {
			return []error{fmt.Errorf("container %s: its preStop hook is not a sleep (the image has no shell to run a command)", c.Name)}
		}
		sleep = time.Duration(l.PreStop.Sleep.Seconds) * time.Second
	}
	if spec.TerminationGracePeriodSeconds == nil {
		return []error{fmt.Errorf("no terminationGracePeriodSeconds: the default 30 s cuts streams the %v drain lets finish", drain)}
	}
	grace := time.Duration(*spec.TerminationGracePeriodSeconds) * time.Second
	if grace <= sleep+drain {
		return []error{fmt.Errorf("terminationGracePeriodSeconds %v leaves no margin past the preStop sleep %v and the drain timeout %v", grace, sleep, drain)}
	}
	return nil
}

// checkMounts: the routes file comes from the chart's ConfigMap (and parses), the token file from
// a Secret (the chart's or the existing one), and /tmp is the only writable mount.
func checkMounts(spec corev1.PodSpec, c corev1.Container, r rendered, want gatewayWant) []error {
	var problems []error
	fail := func(format string, args ...any) { problems = append(problems, fmt.Errorf(format, args...)) }
	if v, _ := argValue(c.Args, "--config"); v != routesFile {
		fail("container %s: --config is %q, want %s", c.Name, v, routesFile)
	}
	if v, _ := argValue(c.Args, "--access-token-file"); v != tokenFile {
		fail("container %s: --access-token-file is %q, want %s", c.Name, v, tokenFile)
	}
	volumes := map[string]corev1.Volume{}
	for _, v := range spec.Volumes {
		volumes[v.Name] = v
	}
	mounted := map[string]corev1.Volume{}
	for _, m := range c.VolumeMounts {
		v, ok := volumes[m.Name]
		if !ok {
			fail("container %s mounts the volume %s, which the pod does not have", c.Name, m.Name)
			continue
		}
		mounted[m.MountPath] = v
		if !m.ReadOnly && m.MountPath != "/tmp" {
			fail("container %s mounts %s writable: want /tmp alone", c.Name, m.MountPath)
		}
	}
	if v, ok := mounted["/tmp"]; !ok || v.EmptyDir == nil {
		fail("container %s: no emptyDir at /tmp (HOME; the root filesystem is read-only)", c.Name)
	}
	if v, ok := mounted["/etc/toolfix"]; !ok || v.ConfigMap == nil {
		fail("container %s: no ConfigMap mounted at /etc/toolfix", c.Name)
	} else if cm, ok := r.configMaps[v.ConfigMap.Name]; !ok {
		fail("the pod mounts the ConfigMap %s, which the chart does not make", v.ConfigMap.Name)
	} else {
		var routes struct {
			Routes []struct{ Name, Upstream, Protocol string } `json:"routes"`
		}
		if err := encjson.Unmarshal([]byte(cm.Data["routes.json"]), &routes); err != nil || len(routes.Routes) == 0 {
			fail("ConfigMap %s: routes.json is not a routes file with a route (%v)", cm.Name, err)
		}
	}
	v, ok := mounted["/var/run/secrets/toolfix"]
	switch {
	case !ok || v.Secret == nil:
		fail("container %s: no Secret mounted at /var/run/secrets/toolfix", c.Name)
	case want.ExistingSecret != "" && v.Secret.SecretName != want.ExistingSecret:
		fail("the pod mounts the Secret %s, want the existing %s", v.Secret.SecretName, want.ExistingSecret)
	case want.ExistingSecret != "" && len(r.secrets) != 0:
		fail("the chart makes a Secret although an existing one is given")
	case want.ExistingSecret == "" && r.secrets[v.Secret.SecretName] == nil:
		fail("the pod mounts the Secret %s, which the chart does not make", v.Secret.SecretName)
	case len(v.Secret.Items) != 1 || v.Secret.Items[0].Path != "token":
		fail("the token Secret's volume does not put one key at the path token")
	}
	return problems
}

// checkHPA: autoscaling/v2 on CPU utilisation, targeting the Deployment, never below one replica.
func checkHPA(h *autoscalingv2.HorizontalPodAutoscaler, d *appsv1.Deployment) []error {
	var problems []error
	if t := h.Spec.ScaleTargetRef; t.Kind != "Deployment" || t.Name != d.Name || t.APIVersion != "apps/v1" {
		problems = append(problems, fmt.Errorf("HorizontalPodAutoscaler %s targets %s %s, want the Deployment %s", h.Name, t.Kind, t.Name, d.Name))
	}
	cpu := slices.ContainsFunc(h.Spec.Metrics, func(m autoscalingv2.MetricSpec) bool {
		return m.Type == autoscalingv2.ResourceMetricSourceType && m.Resource != nil && m.Resource.Name == corev1.ResourceCPU &&
			m.Resource.Target.Type == autoscalingv2.UtilizationMetricType && m.Resource.Target.AverageUtilization != nil
	})
	if !cpu {
		problems = append(problems, fmt.Errorf("HorizontalPodAutoscaler %s: no CPU utilisation target", h.Name))
	}
	if h.Spec.MinReplicas == nil || *h.Spec.MinReplicas < 1 || h.Spec.MaxReplicas < *h.Spec.MinReplicas {
		problems = append(problems, fmt.Errorf("HorizontalPodAutoscaler %s: minReplicas and maxReplicas are not 1 <= min <= max", h.Name))
	}
	if d.Spec.Replicas != nil {
		problems = append(problems, fmt.Errorf("Deployment %s sets replicas although the autoscaler owns them (each upgrade would reset them)", d.Name))
	}
	if c := d.Spec.Template.Spec.Containers[0]; c.Resources.Requests.Cpu().IsZero() {
		problems = append(problems, fmt.Errorf("container %s has no CPU request: the autoscaler's percentage is of it", c.Name))
	}
	return problems
}

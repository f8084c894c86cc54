// Command kubecheck validates the toolfix Helm chart's rendered output without a cluster or a
// network, as .ci/kubernetes runs it:
//
//	helm template t service/kubernetes/chart -f VALUES > out.yaml
//	kubecheck [--existing-secret NAME] [--autoscaling=false] out.yaml
//
// Every document is decoded strictly into its Kubernetes type (k8s.io/api, through client-go's
// scheme): an unknown apiVersion or kind, an unknown or duplicate field, or a value of the wrong
// type is an error naming the document. The objects are then held to what the gateway needs
// (gateway.go): probes on /healthz and /readyz, a termination grace period covering the drain
// timeout, the locked-down security context, and a Service, PodDisruptionBudget and
// HorizontalPodAutoscaler that select or target the Deployment's pods, with the routes ConfigMap
// and the access token Secret the pods mount.
//
// It is a module of its own (.ci/kubecheck/go.mod) that also pins helm (tools.go), so none of
// this enters toolfix's go.mod or binary.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run checks the files named in args and returns the exit code: 0 valid, 1 not (each problem on
// stderr), 2 a usage error.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kubecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var want gatewayWant
	fs.StringVar(&want.ExistingSecret, "existing-secret", "", "the access token's Secret is this one, made outside the chart")
	fs.BoolVar(&want.Autoscaling, "autoscaling", true, "the output must hold a HorizontalPodAutoscaler")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: kubecheck [--existing-secret NAME] [--autoscaling=false] RENDERED.yaml...")
		return 2
	}
	var objs []object
	var problems []error
	for _, path := range fs.Args() {
		b, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "kubecheck: reading the rendered chart: %v\n", err)
			return 1
		}
		o, errs := decodeAll(path, b)
		objs = append(objs, o...)
		problems = append(problems, errs...)
	}
	problems = append(problems, checkGateway(objs, want)...)
	if err := errors.Join(problems...); err != nil {
		fmt.Fprintf(stderr, "kubecheck: %d problem(s):\n%v\n", len(problems), err)
		return 1
	}
	fmt.Fprintf(stdout, "kubecheck: %d objects decode strictly into their Kubernetes types and hold the gateway's invariants\n", len(objs))
	return 0
}

// object is one decoded document: its typed value and where it came from.
type object struct {
	Where string // "file#N (Kind name)"
	Obj   runtime.Object
}

// strictDecoder decodes JSON into the built-in Kubernetes types, refusing unknown and duplicate
// fields.
var strictDecoder = json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme.Scheme, scheme.Scheme,
	json.SerializerOptions{Strict: true})

// decodeAll splits the YAML stream b into documents and decodes each strictly. It returns the
// decoded objects and one error per document that did not decode.
func decodeAll(path string, b []byte) ([]object, []error) {
	var objs []object
	var problems []error
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(b)))
	for n := 1; ; n++ {
		doc, err := r.Read()
		if err == io.EOF {
			return objs, problems
		}
		if err != nil {
			return objs, append(problems, fmt.Errorf("%s#%d: splitting the YAML documents: %w", path, n, err))
		}
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		js, err := yaml.YAMLToJSONStrict(doc)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s#%d: not valid YAML (or a key given twice): %w", path, n, err))
			continue
		}
		obj, gvk, err := strictDecoder.Decode(js, nil, nil)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s#%d: does not decode into a Kubernetes type: %w", path, n, err))
			continue
		}
		name := ""
		if m, ok := obj.(interface{ GetName() string }); ok {
			name = m.GetName()
		}
		objs = append(objs, object{Where: fmt.Sprintf("%s#%d (%s %s)", path, n, gvk.Kind, name), Obj: obj})
	}
}

// stripComments drops the YAML comment lines of doc (helm starts each template with "# Source:").
func stripComments(doc []byte) []byte {
	var out []byte
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' && !bytes.Equal(t, []byte("---")) {
			out = append(out, line...)
			out = append(out, '\n')
		}
	}
	return out
}

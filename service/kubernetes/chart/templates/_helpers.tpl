{{/* The chart's name, cut to the 63 characters a label value may hold. */}}
{{- define "toolfix.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The release's full name: the prefix of every object's name. */}}
{{- define "toolfix.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* The labels that select the pods (never change them on upgrade: a selector is immutable). */}}
{{- define "toolfix.selectorLabels" -}}
app.kubernetes.io/name: {{ include "toolfix.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* Every object's labels. */}}
{{- define "toolfix.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "toolfix.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/component: gateway
{{- end }}

{{/* The ServiceAccount the pods run as. */}}
{{- define "toolfix.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "toolfix.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The Secret that holds the access token: the user's, or the one the chart makes. */}}
{{- define "toolfix.tokenSecretName" -}}
{{- default (printf "%s-token" (include "toolfix.fullname" .)) .Values.accessToken.existingSecret }}
{{- end }}

{{/* The image reference: repository@digest when a digest is given, else repository:tag. */}}
{{- define "toolfix.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{/* The routes file the ConfigMap holds, as JSON (docs/serve.md). */}}
{{- define "toolfix.routesFile" -}}
{{- if not .Values.routes }}
{{- fail "set routes: the gateway needs at least one route (name and upstream), such as --set routes[0].name=qwen,routes[0].upstream=http://vllm.models.svc:8000" }}
{{- end }}
{{- $routes := list }}
{{- range .Values.routes }}
{{- if or (not .name) (not .upstream) }}
{{- fail "every route needs a name and an upstream (the API's base URL)" }}
{{- end }}
{{- $r := dict "name" .name "upstream" .upstream }}
{{- if .protocol }}{{ $_ := set $r "protocol" .protocol }}{{ end }}
{{- $routes = append $routes $r }}
{{- end }}
{{- dict "routes" $routes | toPrettyJson }}
{{- end }}

{{/* terminationGracePeriodSeconds: the preStop sleep, the drain timeout and the margin. */}}
{{- define "toolfix.gracePeriod" -}}
{{- add (int .Values.drain.preStopSleepSeconds) (int .Values.drain.timeoutSeconds) (int .Values.drain.marginSeconds) }}
{{- end }}

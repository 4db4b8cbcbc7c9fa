{{/*
Go's own template functions only (no Sprig): CI renders the chart with Go's text/template and
validates the output against the Kubernetes OpenAPI schemas (deploy/helm/check). Labels are
flow mappings, so that `template` can place them at any indentation without nindent.
*/}}
{{- define "modelgate.fullname" -}}
{{- if .Values.fullnameOverride }}{{ .Values.fullnameOverride }}{{ else }}{{ .Release.Name }}{{ end -}}
{{- end -}}

{{- define "modelgate.selectorLabels" -}}
{app.kubernetes.io/name: modelgate, app.kubernetes.io/instance: {{ printf "%q" .Release.Name }}}
{{- end -}}

{{- define "modelgate.labels" -}}
{app.kubernetes.io/name: modelgate, app.kubernetes.io/instance: {{ printf "%q" .Release.Name }}, app.kubernetes.io/version: {{ printf "%q" .Chart.AppVersion }}, app.kubernetes.io/managed-by: {{ printf "%q" .Release.Service }}, helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | printf "%q" }}}
{{- end -}}

{{- define "modelgate.secretName" -}}
{{- if .Values.secret.existingSecret }}{{ .Values.secret.existingSecret }}{{ else }}{{ template "modelgate.fullname" . }}{{ end -}}
{{- end -}}

#!/usr/bin/env bash
# CI's container step (.ci/run): builds a Node.js 24 base from Debian's packages (no registry of
# base images is reachable here), builds the repository's Containerfile on it, and runs the image:
# a chat, a streamed chat and a /v1/messages request against the demo profile inside the container,
# a request that is still uploading when SIGTERM arrives and must be answered (the drain), a clean
# exit within the grace period; then the production image, read-only, with a mounted config file.
# Needs root, podman, buildah, runc and debootstrap, and an installed workspace (node_modules/node).
# Everything lives in a temporary storage root removed at the end: no layer is reused between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\n==> container: %s\n' "$*"; }
fail() { printf 'container: FAILED: %s\n' "$*" >&2; exit 1; }

work=$(mktemp -d /var/tmp/modelgate-container-XXXXXX)
export CONTAINERS_CONF=$work/containers.conf
# crun fails here on cgroups and rlimits: runc, cgroupfs, and no default ulimits.
cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
CONF
storage=(--root "$work/storage" --runroot "$work/run" --storage-driver vfs --runtime runc)
pm() { podman "${storage[@]}" "$@"; }
# The containers are stopped and removed; the images go with the storage root (removing them one by
# one through podman takes half a minute on vfs).
cleanup() {
  pm rm --force --time 0 modelgate-ci-demo modelgate-ci-gateway >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

port=${MODELGATE_CI_CONTAINER_PORT:-28787}
base=localhost/modelgate-base:ci
step_started=$SECONDS

log "building the local base from Debian's packages"
started=$SECONDS
deploy/container/build-local-base.sh "$base" "${storage[@]}"
echo "base built in $((SECONDS - started)) s"

# The build reaches the npm registry; the host's CA bundle is handed to node in the build stage
# (as a build argument, never into the image), for machines behind a TLS-intercepting proxy.
# With layers, the second build (the production image) reuses the build stage of the first.
build=(pm build --layers --network=host --format docker --build-arg "BASE_IMAGE=$base"
  --build-arg "REVISION=$(git rev-parse HEAD 2>/dev/null || echo unknown)"
  --volume /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
log "building the Containerfile (the demo target, then the production image)"
started=$SECONDS
"${build[@]}" --target demo --tag localhost/modelgate-demo:ci . >"$work/build-demo.log" 2>&1 \
  || { tail -n 60 "$work/build-demo.log"; fail "podman build --target demo"; }
"${build[@]}" --tag localhost/modelgate:ci . >"$work/build.log" 2>&1 \
  || { tail -n 60 "$work/build.log"; fail "podman build"; }
echo "images built in $((SECONDS - started)) s"
size=$(pm image inspect --format '{{.Size}}' localhost/modelgate:ci)
# The compressed size, as a registry stores the image and a pull transfers it: its file tree as one
# gzip'd tar (podman save would diff every vfs layer, which takes minutes).
mounted=$(pm image mount localhost/modelgate:ci)
compressed=$(tar -C "$mounted" --numeric-owner -c . | gzip -6 | wc -c)
pm image unmount localhost/modelgate:ci >/dev/null
printf 'image size: %d MB unpacked, %d MB gzip-compressed (what a registry stores and a pull transfers)\n' \
  $((size / 1000000)) $((compressed / 1000000))
[ "$((compressed / 1000000))" -lt 150 ] || fail "the compressed image is over 150 MB"

wait_healthy() {
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return 0
    pm container exists "$1" && [ "$(pm inspect --format '{{.State.Running}}' "$1")" = true ] || break
    sleep 1
  done
  pm logs "$1" | tail -n 40
  fail "$1 did not become healthy"
}

log "the demo image: chat, streamed chat and /v1/messages inside the container"
install -d -o 1000 -g 1000 "$work/demo-data"
key=mg-ci-container-smoke-key
pm run --detach --name modelgate-ci-demo --network=host --read-only --no-healthcheck \
  --volume "$work/demo-data:/data" --env "MODELGATE_PORT=$port" --env "MODELGATE_API_KEY=$key" \
  localhost/modelgate-demo:ci >/dev/null
wait_healthy modelgate-ci-demo
# The image's HEALTHCHECK command, run in the container (podman schedules health checks with
# systemd timers, which this machine lacks, hence --no-healthcheck above).
health_command=$(pm image inspect localhost/modelgate-demo:ci | node -e '
  const [image] = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const test = (image.Healthcheck ?? image.Config?.Healthcheck)?.Test ?? [];
  if (test[0] !== "CMD") process.exit(1);
  process.stdout.write(JSON.stringify(test.slice(1)));') || fail "the image has no HEALTHCHECK CMD"
mapfile -t health_argv < <(node -e 'for (const arg of JSON.parse(process.argv[1])) console.log(arg)' "$health_command")
pm exec modelgate-ci-demo "${health_argv[@]}" || fail "the image's HEALTHCHECK command failed"
api=http://127.0.0.1:$port
chat=$(curl -fsS "$api/v1/chat/completions" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
  -d '{"model":"demo-gpt","messages":[{"role":"user","content":"hello from the container"}]}')
grep -q '"content":"Echo: hello from the container"' <<<"$chat" || fail "chat answered: $chat"
stream=$(curl -fsSN "$api/v1/chat/completions" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
  -d '{"model":"demo-gemini","stream":true,"messages":[{"role":"user","content":"stream it"}]}')
grep -q '"finish_reason":"stop"' <<<"$stream" && grep -q '^data: \[DONE\]' <<<"$stream" || fail "the stream was: $stream"
messages=$(curl -fsS "$api/v1/messages" -H "x-api-key: $key" -H 'anthropic-version: 2023-06-01' -H 'Content-Type: application/json' \
  -d '{"model":"demo-claude","max_tokens":64,"messages":[{"role":"user","content":"hello, Claude"}]}')
grep -q '"type":"message"' <<<"$messages" && grep -q 'Echo: hello, Claude' <<<"$messages" || fail "/v1/messages answered: $messages"
echo "chat, streamed chat and /v1/messages answered"

log "SIGTERM while a request is still uploading: it is answered, and the container exits 0 within the grace period"
# ~24 KB sent at 8 KB/s: the request is in flight for ~3 s, and SIGTERM comes after the first second.
body=$(node -e 'process.stdout.write(JSON.stringify({model:"demo-gpt",messages:[{role:"user",content:"drain ".repeat(4000)}]}))')
curl -sS -o "$work/drained.json" -w '%{http_code}' --limit-rate 8k "$api/v1/chat/completions" \
  -H "Authorization: Bearer $key" -H 'Content-Type: application/json' --data-binary "$body" >"$work/drained.status" &
upload=$!
sleep 1
stop_started=$(date +%s%N)
pm kill --signal TERM modelgate-ci-demo >/dev/null
exit_code=$(timeout 30 podman "${storage[@]}" wait modelgate-ci-demo) || fail "the container did not stop within 30 s"
stop_ms=$(( ($(date +%s%N) - stop_started) / 1000000 ))
wait "$upload" || true
[ "$(cat "$work/drained.status")" = 200 ] && grep -q 'Echo: drain' "$work/drained.json" \
  || fail "the in-flight request got $(cat "$work/drained.status"): $(head -c 300 "$work/drained.json")"
[ "$exit_code" = 0 ] || { pm logs modelgate-ci-demo | tail -n 20; fail "the container exited $exit_code"; }
pm logs modelgate-ci-demo 2>&1 | grep -q '"msg":"gateway stopped"' || fail "no 'gateway stopped' log line"
ls "$work/demo-data/modelgate.sqlite" >/dev/null || fail "the store is not on the /data volume"
echo "the in-flight request was answered; exit 0 after ${stop_ms} ms (grace period 10000 ms)"

log "the production image: read-only, non-root, a mounted config file"
install -d -o 1000 -g 1000 "$work/data"
install -d "$work/config"
cat >"$work/config/modelgate.yaml" <<'YAML'
server: { shutdownGraceMs: 5000 }
providers:
  - package: "@modelgate/provider-openai"
    settings: { apiKey: "${OPENAI_API_KEY}" }
models:
  - { id: fast, provider: openai, upstreamModel: gpt-4.1-mini }
keys:
  - { name: ci, key: "${MODELGATE_CI_KEY}" }
YAML
pm run --rm --network=host --read-only --no-healthcheck localhost/modelgate:ci serve --demo >"$work/refused.log" 2>&1 \
  && fail "the production image served the demo profile"
grep -q 'the demo profile needs @modelgate/testkit' "$work/refused.log" || { cat "$work/refused.log"; fail "unexpected refusal"; }
[ "$(pm run --rm --network=host --no-healthcheck --entrypoint id localhost/modelgate:ci -u)" = 1000 ] || fail "the image does not run as user 1000"
pm run --detach --name modelgate-ci-gateway --network=host --read-only --no-healthcheck \
  --volume "$work/data:/data" --volume "$work/config:/etc/modelgate:ro" \
  --env "MODELGATE_PORT=$port" --env MODELGATE_CONFIG=/etc/modelgate/modelgate.yaml \
  --env OPENAI_API_KEY=sk-not-used --env MODELGATE_CI_KEY=mg-ci-production-key \
  localhost/modelgate:ci >/dev/null
wait_healthy modelgate-ci-gateway
models=$(curl -fsS "$api/v1/models" -H 'Authorization: Bearer mg-ci-production-key')
grep -q '"id":"fast"' <<<"$models" || fail "/v1/models answered: $models"
curl -fsS "$api/ready" >/dev/null || fail "/ready did not answer 200"
pm kill --signal TERM modelgate-ci-gateway >/dev/null
exit_code=$(timeout 30 podman "${storage[@]}" wait modelgate-ci-gateway) || fail "the production container did not stop"
[ "$exit_code" = 0 ] || fail "the production container exited $exit_code"
echo "the production image served its mounted config and stopped cleanly"

log "passed in $((SECONDS - step_started)) s"

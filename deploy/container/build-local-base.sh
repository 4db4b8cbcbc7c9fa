#!/usr/bin/env bash
# Builds a Node.js 24 base image from Debian's packages alone, for machines that reach no container
# registry (CI): debootstrap's minimal Debian bookworm, the workspace's pinned Node.js binary
# (node_modules/node, the `node` devDependency), npm from the npm registry (the Containerfile's
# build stage runs pnpm with it), and user 1000 `node`: the layout of the official
# node:24-bookworm-slim, which the Containerfile takes by default.
#
#   deploy/container/build-local-base.sh <image name> [podman options...]
#
# Needs root, debootstrap and podman; run from a clone that is installed (node_modules/node).
set -euo pipefail
image=${1:?usage: build-local-base.sh <image name> [podman options...]}
shift
root_dir=$(cd "$(dirname "$0")/../.." && pwd)
node_binary=$root_dir/node_modules/node/bin/node
npm_version=${MODELGATE_BASE_NPM_VERSION:-11.6.2}
mirror=${MODELGATE_DEBIAN_MIRROR:-http://deb.debian.org/debian}

[ -x "$node_binary" ] || { echo "build-local-base: $node_binary is missing: install the workspace first" >&2; exit 1; }
"$node_binary" --version | grep -q '^v24\.' || { echo "build-local-base: the pinned Node.js is not 24" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
# What a runtime image does not need: package caches and lists, documentation, translations.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc "$rootfs"/usr/share/man "$rootfs"/usr/share/info "$rootfs"/usr/share/locale
# The official image's user: uid and gid 1000, named node.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --create-home --shell /bin/bash node

install -D -m 755 "$node_binary" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
(cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null)
tar -xzf "$work/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

tar -C "$rootfs" --numeric-owner -c . | podman "$@" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$image" >/dev/null
echo "build-local-base: $image ($(chroot "$rootfs" /usr/local/bin/node --version), npm $npm_version, Debian $(cat "$rootfs/etc/debian_version"))"

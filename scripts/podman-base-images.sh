#!/usr/bin/env bash
# Makes the Dockerfile's base images locally, under their official names, where no image registry is
# reachable (this project's sandbox; ../shared/DESIGN.md "Recipes"): debian:bookworm-slim from
# Debian's own mirror with debootstrap, and node:<major>-bookworm-slim as that plus this machine's
# Node and npm. The Dockerfile stays the one users build against the real images.
# Needs root, podman and debootstrap (apt-get install -y podman runc debootstrap).
# Usage: scripts/podman-base-images.sh [--force]   (without --force, images already present are kept)
set -euo pipefail

PODMAN=(podman --cgroup-manager=cgroupfs --runtime runc)
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
NODE_IMAGE=docker.io/library/node:${NODE_MAJOR}-bookworm-slim
FORCE=${1:-}

have() { [ "$FORCE" != --force ] && "${PODMAN[@]}" image exists "$1"; }

if have "$DEBIAN_IMAGE" && have "$NODE_IMAGE"; then
  echo "base images present: $DEBIAN_IMAGE, $NODE_IMAGE"
  exit 0
fi

for tool in podman debootstrap; do
  command -v "$tool" >/dev/null || { echo "!!! $tool is missing: apt-get install -y podman runc debootstrap" >&2; exit 1; }
done

ROOTFS=$(mktemp -d /tmp/base-rootfs.XXXXXX)
trap 'rm -rf "$ROOTFS"' EXIT
MIRROR=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
MIRROR=${MIRROR:-http://deb.debian.org/debian}

echo "--- debootstrap bookworm (minbase) from $MIRROR"
debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >/dev/null
# As slim as the official image: no apt lists, no docs.
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/var/cache/apt/*.bin
tar -C "$ROOTFS" -c . | "${PODMAN[@]}" import - "$DEBIAN_IMAGE"

echo "--- $NODE_IMAGE from this machine's node $(node --version) and npm $(npm --version 2>/dev/null)"
NODE_BIN=$(command -v node)
NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
mkdir -p "$ROOTFS/usr/local/bin" "$ROOTFS/usr/local/lib/node_modules" "$ROOTFS/etc/ssl/certs"
cp "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
cp -r "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
cp /etc/ssl/certs/ca-certificates.crt "$ROOTFS/etc/ssl/certs/"
# The official image has a `node` user (uid 1000); the Dockerfile runs as it.
chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
tar -C "$ROOTFS" -c . | "${PODMAN[@]}" import \
  -c 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'CMD ["node"]' - "$NODE_IMAGE"
echo "base images ready: $DEBIAN_IMAGE, $NODE_IMAGE"

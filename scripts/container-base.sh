#!/usr/bin/env bash
# Builds the local base image the container tests build the Dockerfile on, where no registry is
# reachable (docs/containers.md "Testing the image"): Debian bookworm (debootstrap, minbase, from
# Debian's mirror) with what the runtime stage needs already installed (tini, wireguard-go,
# wireguard-tools, iproute2, nftables), this machine's `node` in /usr/local/bin and its npm in
# /usr/local/lib/node_modules/npm, as the official node images lay them out, imported into
# podman. Prints the image's name on stdout (progress goes to stderr).
#
# The image is tagged with a key of the node version, the npm version and this script's content,
# so an unchanged machine builds it once: a second run prints the name at once. Older tags of
# the same image are removed when a new one is built.
#
#   scripts/container-base.sh            build unless built (prints localhost/peanut-base:<key>)
#   scripts/container-base.sh --key      only print the name it would build
# Needs root, podman, runc and debootstrap (.ci/run installs them); CONTAINERS_CONF defaults to
# deploy/containers/containers.conf. DEBIAN_MIRROR overrides the mirror.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$root/deploy/containers/containers.conf}"
repository="${PEANUT_BASE_REPOSITORY:-localhost/peanut-base}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
packages="tini,wireguard-go,wireguard-tools,iproute2,nftables"

node_bin="$(command -v node)"
node_version="$("$node_bin" --version)"
npm_dir="$(cd "$(dirname "$(readlink -f "$node_bin")")/../lib/node_modules/npm" 2>/dev/null && pwd || true)"
if [ -z "$npm_dir" ] || [ ! -f "$npm_dir/bin/npm-cli.js" ]; then
  echo "container-base: npm not found beside $node_bin (expected ../lib/node_modules/npm)" >&2
  exit 1
fi
npm_version="$("$node_bin" -p "require('$npm_dir/package.json').version")"
key="$(printf '%s\n%s\n' "$node_version" "$npm_version" | cat - "$0" | sha256sum | cut -c1-16)"
image="$repository:$key"

if [ "${1:-}" = "--key" ]; then
  echo "$image"
  exit 0
fi
if podman image exists "$image"; then
  echo "$image"
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "container-base: debootstrap needs root" >&2
  exit 1
fi

started=$SECONDS
work="$(mktemp -d /var/tmp/peanut-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "container-base: debootstrap bookworm ($mirror) into $rootfs" >&2
debootstrap --variant=minbase --include="$packages" bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
# The official images' layout: node and npm under /usr/local.
install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# Smaller: no package cache, lists, documentation or locales (the slim images drop them too).
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/* "$rootfs"/tmp/*
chroot "$rootfs" /usr/local/bin/node --version >/dev/null

echo "container-base: importing as $image" >&2
tar -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  --message "peanut-base: Debian bookworm minbase, node $node_version, npm $npm_version" \
  - "$image" >/dev/null
for old in $(podman images --format '{{.Repository}}:{{.Tag}}' --filter "reference=$repository"); do
  if [ "$old" != "$image" ]; then podman rmi "$old" >/dev/null 2>&1 || true; fi
done
echo "container-base: built $image in $((SECONDS - started)) s" >&2
echo "$image"

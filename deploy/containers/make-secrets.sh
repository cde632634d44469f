#!/usr/bin/env bash
# Writes the secrets compose.yaml reads (docs/containers.md "Compose") into a folder (default
# ./secrets, mode 0700, each file 0600), with fresh random passwords; files already there are
# kept, so it is safe to run again. HOST_ID (default host-1) names the VPN host's NATS user.
#   deploy/containers/make-secrets.sh [folder]
# Writes: postgres_password, database_url, nats_service_url, nats_host_url, nats_users.conf,
# and placeholders to replace: smtp_url, stripe_webhook_secret
# (the NATS users with the hosts' permissions, as docs/hosts.md shows them). As root, it gives
# the service's files to the image's user (uid 10001).
set -euo pipefail
dir="${1:-secrets}"
host="${HOST_ID:-host-1}"
if ! [[ "$host" =~ ^[a-z0-9][a-z0-9-]*$ ]]; then
  echo "make-secrets: HOST_ID must be lowercase letters, digits and dashes" >&2
  exit 1
fi
mkdir -p "$dir"
chmod 0700 "$dir"
umask 077
random() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
# Writes $2 into $dir/$1 unless the file exists.
put() { if [ ! -e "$dir/$1" ]; then printf '%s\n' "$2" >"$dir/$1"; fi; }

put postgres_password "$(random)"
put nats_service_password "$(random)"
put nats_host_password "$(random)"
pg="$(cat "$dir/postgres_password")"
service="$(cat "$dir/nats_service_password")"
hostpw="$(cat "$dir/nats_host_password")"
put database_url "postgres://peanut:$pg@postgres:5432/peanut"
put nats_service_url "nats://service:$service@nats:4222"
# The host joins with network_mode: host: it reaches NATS on the port compose publishes.
put nats_host_url "nats://$host:$hostpw@127.0.0.1:4222"
# Yours to fill in (placeholders the service refuses nowhere: replace them before going live).
put smtp_url "smtps://user:change-me@mail.example.com"
put stripe_webhook_secret "whsec_change-me"
put nats_users.conf "users = [
  { user: \"service\", password: \"$service\" }
  {
    user: \"$host\", password: \"$hostpw\"
    permissions: {
      publish: { allow: [\"peanut.host.$host.>\", \"\$JS.ACK.PEANUT_COMMANDS.host-$host.>\"] }
      subscribe: { allow: [\"peanut.deliver.$host\"] }
    }
  }
]"
rm -f "$dir/nats_service_password" "$dir/nats_host_password"
# The service runs as the image's user peanut (uid 10001), and compose mounts a secret with the
# file's owner and mode: that user must own the service's secrets (the host runs as root).
if [ "$(id -u)" = "0" ]; then
  chown 10001:10001 "$dir"/{database_url,nats_service_url,smtp_url,stripe_webhook_secret}
else
  echo "make-secrets: run as root, or: sudo chown 10001:10001 $dir/{database_url,nats_service_url,smtp_url,stripe_webhook_secret}" >&2
fi
echo "make-secrets: secrets in $dir"

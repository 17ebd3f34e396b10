#!/bin/sh
# Makes a NATS password for each service and writes, in the folder given (this one by default), the files Docker
# Compose and Kubernetes read: nats-server.env (every password, for nats-server alone) and <service>.env for
# records, stats and exports (that service's NATS_USER and NATS_PASSWORD, for that service alone; under Kubernetes
# its own MONGODB_URL goes there too). deploy/**/*.env is never committed nor copied into an image.
set -eu
folder="${1:-$(dirname "$0")}"
for name in nats-server records stats exports; do
  if [ -e "$folder/$name.env" ]; then
    echo "$folder/$name.env exists already; remove it, records.env, stats.env and exports.env to make new passwords." >&2
    exit 1
  fi
done
umask 077
: >"$folder/nats-server.env"
for service in records stats exports; do
  # nats-server reads a password from its environment as a configuration value: a letter first keeps it a string.
  password="n$(openssl rand -hex 24)"
  variable="NATS_$(echo "$service" | tr '[:lower:]' '[:upper:]')_PASSWORD"
  printf '%s=%s\n' "$variable" "$password" >>"$folder/nats-server.env"
  printf 'NATS_USER=%s\nNATS_PASSWORD=%s\n' "$service" "$password" >"$folder/$service.env"
done
echo "Wrote nats-server.env, records.env, stats.env and exports.env in $folder"

#!/bin/sh
# Makes deploy/tls/{fullchain,privkey}.pem self-signed for the host of APP_URL unless a
# certificate is already there (yours, or one made before). Run by docker-compose.yml.
set -eu
dir=/deploy/tls
if [ -s "$dir/fullchain.pem" ] && [ -s "$dir/privkey.pem" ]; then
  echo "tls-init: using the certificate in deploy/tls"
  exit 0
fi
host=$(printf '%s' "$APP_URL" | sed -E 's#^[a-zA-Z]+://##; s#[/:].*$##')
case "$host" in
  *[!0-9.]*) san="DNS:$host" ;;
  *) san="IP:$host" ;;
esac
mkdir -p "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 90 \
  -subj "/CN=$host" -addext "subjectAltName=$san" \
  -keyout "$dir/privkey.pem" -out "$dir/fullchain.pem"
chmod 644 "$dir/fullchain.pem"
# nginx's workers never read it: the master (root) loads it at start.
chmod 600 "$dir/privkey.pem"
echo "tls-init: made a self-signed certificate for $host (replace deploy/tls/*.pem with a real one)"

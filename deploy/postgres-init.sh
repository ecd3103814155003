#!/bin/sh
# Run by the postgres image once, when it creates the database (/docker-entrypoint-initdb.d):
# the owner and app roles of deploy/postgres-roles.sql, with the passwords from .env.
set -eu
: "${DB_OWNER_PASSWORD:?set DB_OWNER_PASSWORD}" "${DB_APP_PASSWORD:?set DB_APP_PASSWORD}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner=ecu_owner -v owner_password="$DB_OWNER_PASSWORD" \
  -v app=ecu_app -v app_password="$DB_APP_PASSWORD" \
  -v db="$POSTGRES_DB" \
  -f /etc/ecu/postgres-roles.sql

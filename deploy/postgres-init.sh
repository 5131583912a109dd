#!/bin/sh
# compose.yml's PostgreSQL runs this once, when it creates its data directory: the store's two roles
# (deploy/postgres-roles.sql), with the passwords .env gives. On a database that already exists, run
# the same psql line by hand (docs/operations.md "Database roles").
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v migrate_role="${STORE_MIGRATE_ROLE:-store_migrate}" -v migrate_password="$STORE_MIGRATE_PASSWORD" \
  -v app_role="${STORE_APP_ROLE:-store_app}" -v app_password="$STORE_APP_PASSWORD" \
  -f /deploy/postgres-roles.sql

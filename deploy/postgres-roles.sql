-- The portal's two PostgreSQL roles (docs/decisions/063-database-roles.md), run by a superuser
-- with psql variables: owner, owner_password, app, app_password, db. deploy/postgres-init.sh
-- runs it when compose first creates the database; it may be run again (after
-- `REASSIGN OWNED BY <old owner> TO <owner>`) on a database made before the roles existed.
--   owner: owns the schema and runs the migrations (DATABASE_OWNER_URL); not a superuser.
--   app:   the portal's own pool (DATABASE_URL): reads and writes rows, changes no schema,
--          so it can neither drop nor disable the ledger's append-only trigger.
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE', :'owner')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE', :'app')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
ALTER ROLE :"owner" PASSWORD :'owner_password';
ALTER ROLE :"app" PASSWORD :'app_password';

ALTER DATABASE :"db" OWNER TO :"owner";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"db" TO :"app";
-- public belongs to the database's owner (PostgreSQL 15); nobody else creates in it.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";

-- Rows only, for what exists and for what the owner's migrations create later.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
  GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app";

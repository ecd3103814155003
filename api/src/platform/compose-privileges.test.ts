import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');

/** One service's block of docker-compose.yml (from its name to the next service). */
function service(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  expect(start, name).toBeGreaterThan(0);
  const rest = compose.slice(start + 1);
  const next = rest.slice(1).search(/\n {2}[a-z0-9-]+:\n|\nvolumes:\n/);
  return next < 0 ? rest : rest.slice(0, next + 1);
}

describe('docker-compose.yml gives the portal no administrator keys', () => {
  const app = service('app-1');

  it('the app connects as the DML-only role and migrates as the owner, never as the superuser', () => {
    expect(app).toMatch(/DATABASE_URL: postgres:\/\/ecu_app:\$\{DB_APP_PASSWORD[^}]*\}@postgres:5432\//);
    expect(app).toMatch(
      /DATABASE_OWNER_URL: postgres:\/\/ecu_owner:\$\{DB_OWNER_PASSWORD[^}]*\}@postgres:5432\//,
    );
    expect(app).not.toContain('POSTGRES_PASSWORD');
    const postgres = service('postgres');
    expect(postgres).toContain('./deploy/postgres-init.sh:/docker-entrypoint-initdb.d/');
    const init = readFileSync(path.join(ROOT, 'deploy/postgres-init.sh'), 'utf8');
    const sqlPath = init.match(/-f (\S+)/)?.[1];
    expect(postgres).toContain(`./deploy/postgres-roles.sql:${sqlPath}:ro`);
  });

  it('Redis asks for a password, and REDIS_URL carries it', () => {
    expect(service('redis')).toMatch(/--requirepass/);
    expect(app).toMatch(/REDIS_URL: redis:\/\/:\$\{REDIS_PASSWORD[^}]*\}@redis:6379/);
  });

  it("MinIO's root keys stay with the store and its init job; the app gets the bucket's user", () => {
    expect(service('object-store')).toContain('MINIO_ROOT_PASSWORD');
    expect(service('object-store-init')).toContain(
      './deploy/object-store-init.sh:/deploy/object-store-init.sh:ro',
    );
    expect(app).not.toContain('MINIO_ROOT');
    expect(app).toMatch(/object-store-init:\n\s+condition: service_completed_successfully/);
    const script = readFileSync(path.join(ROOT, 'deploy/object-store-init.sh'), 'utf8');
    expect(script).toContain('mc admin user add store "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"');
    expect(script).toContain('"Resource": ["arn:aws:s3:::$S3_BUCKET/*"]');
  });

  it('the app services restart unless stopped', () => {
    for (const name of ['app-1', 'app-2', 'postgres', 'redis', 'object-store', 'proxy']) {
      expect(service(name), name).toContain('restart: unless-stopped');
    }
  });
});

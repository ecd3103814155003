/**
 * `pnpm backup [FILE]` (in the image: `node dist/backup-cli.mjs [FILE]`): writes one archive with
 * the database and DATA_DIR's files (on S3, a listing of the objects with their SHA-256); FILE
 * defaults to ecu-portal-backup-<UTC time>.tar.gz here. On PGlite the server must be stopped
 * (docs/decisions/073-backup-and-restore.md).
 */
import { parseArgs } from 'node:util';
import { writeBackup } from './backup';
import { endWith, targetFromEnvironment, UsageError } from './cli';

const USAGE = 'usage: pnpm backup [FILE.tar.gz]';

endWith(
  (async () => {
    const { positionals } = parseArgs({ allowPositionals: true, strict: true });
    if (positionals.length > 1) throw new UsageError(USAGE);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
    const { target, file } = targetFromEnvironment(positionals[0] ?? `ecu-portal-backup-${stamp}.tar.gz`, {
      restoring: false,
    });
    const archive = file as string;
    const done = await writeBackup(target, archive, (line) => console.info(line));
    const objects = target.s3 ? `, a listing of ${done.objects} S3 object(s)` : '';
    console.info(`Backup written to ${archive} (${done.files} file(s)${objects}; ${done.bytes} bytes).`);
  })(),
);

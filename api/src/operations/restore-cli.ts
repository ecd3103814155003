/**
 * `pnpm restore ARCHIVE` (in the image: `node dist/restore-cli.mjs ARCHIVE`): restores a
 * `pnpm backup` archive into an empty DATA_DIR and, with DATABASE_URL, an empty database; refuses
 * any other target (docs/decisions/073-backup-and-restore.md).
 */
import { parseArgs } from 'node:util';
import { restoreBackup } from './backup';
import { endWith, targetFromEnvironment, UsageError } from './cli';

const USAGE = 'usage: pnpm restore ARCHIVE.tar.gz';

endWith(
  (async () => {
    const { positionals } = parseArgs({ allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError(USAGE);
    const { target, file } = targetFromEnvironment(positionals[0], { restoring: true });
    const done = await restoreBackup(target, file as string, (line) => console.info(line));
    if (done.missingObjects.length > 0) {
      console.warn(
        `The bucket lacks ${done.missingObjects.length} listed object(s) or holds other bytes (e.g. ${done.missingObjects[0]}).`,
      );
    }
    console.info(`Restored: ${done.files} file(s) and the database. Start the portal on it.`);
  })(),
);

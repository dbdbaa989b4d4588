import path from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { BackupError, createBackup, pruneBackups } from './backup.js';
import { RestoreRefused, restoreBackup } from './restore.js';

// `npm run backup [-- --uploads-only] [-- --out DIR]` and `npm run restore <archive> [-- --uploads-only]`.

const USAGE = `Usage:
  npm run backup                      database (SQLite) and images into BACKUP_DIR
  npm run backup -- --uploads-only    images only (with PostgreSQL, back the database up with pg_dump)
  npm run backup -- --out DIR         write the archive to DIR instead of BACKUP_DIR
  npm run restore <archive>           into an empty DATA_DIR (and UPLOAD_DIR)
  npm run restore <archive> -- --uploads-only   images only`;

// npm runs scripts from the repository root; paths on the command line are the caller's.
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const outIndex = rest.indexOf('--out');
  const out = outIndex >= 0 ? rest[outIndex + 1] : undefined;
  const positional = rest.filter((a, i) => !a.startsWith('--') && (outIndex < 0 || i !== outIndex + 1));
  const known = new Set(['--uploads-only', '--out', '--help']);
  const unknown = [...flags].filter((f) => !known.has(f));
  if (flags.has('--help') || unknown.length || (command !== 'backup' && command !== 'restore')) {
    if (unknown.length) console.error(`Unknown option ${unknown.join(', ')}`);
    console.error(USAGE);
    return flags.has('--help') ? 0 : 2;
  }
  const config = loadConfigOrExit();
  const uploadsOnly = flags.has('--uploads-only');

  if (command === 'backup') {
    const postgres = config.database.kind === 'postgres';
    const result = await createBackup(config, { uploadsOnly, outDir: out ? fromCaller(out) : undefined });
    const m = result.manifest;
    const images = m.files.filter((f) => f.path.startsWith('uploads/')).length;
    console.log(`Backup written: ${result.file} (${kb(result.bytes)})`);
    console.log(`  checksum: ${result.checksumFile}`);
    if (m.database) console.log(`  database: ${m.database.orders} orders, ${m.database.products} products`);
    console.log(`  images:   ${images} files from ${config.uploadDir}`);
    if (m.missing_images.length) {
      console.warn(`  warning: ${m.missing_images.length} image files the database names were not in UPLOAD_DIR`);
    }
    if (postgres && !uploadsOnly) {
      console.log('The database is PostgreSQL: this archive holds the images only. Back the database up with');
      console.log(
        '  pg_dump --format=custom --no-owner --file=mtumba.dump "$DATABASE_URL"   (docs/deploy.md, Backups)',
      );
    }
    if (!out) {
      const removed = await pruneBackups(config.backup.dir, config.backup.keep);
      if (removed.length) console.log(`Removed ${removed.length} older backups (BACKUP_KEEP=${config.backup.keep}).`);
    }
    return 0;
  }

  const archive = positional[0];
  if (!archive) {
    console.error(USAGE);
    return 2;
  }
  const result = await restoreBackup(fromCaller(archive), config, { uploadsOnly });
  console.log(`Restored the backup of ${result.manifest.created_at} (${result.manifest.shop_name}).`);
  console.log(
    result.archiveChecksumVerified
      ? '  archive checksum: matches its .sha256 file'
      : '  archive checksum: no .sha256 file beside the archive; every file was checked against the manifest',
  );
  if (result.database) {
    console.log(
      `  database: ${result.database.file} (${result.database.orders} orders, ${result.database.products} products)`,
    );
  }
  console.log(`  images:   ${result.images} files into ${result.uploadDir}`);
  if (result.missingImages.length) {
    console.warn(`  warning: ${result.missingImages.length} image files the database names are not in the backup`);
  }
  if (config.database.kind === 'postgres') {
    console.log('The database is PostgreSQL: restore it with pg_restore (docs/deploy.md, Backups).');
  } else {
    console.log('Start the shop with this DATA_DIR (npm start); it applies any newer migrations.');
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof RestoreRefused || err instanceof BackupError) {
      console.error(`${err instanceof RestoreRefused ? 'Restore refused' : 'Backup failed'}: ${err.message}`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);

import { Readable } from 'node:stream';
import { apiErrorSchema } from '@mtumba/contract';
import { IMPORT_LIMITS, importPreviewSchema, importResultSchema } from '@mtumba/contract/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/errors.js';
import { bearerAuth, errorReplies, signedInUser } from '../../lib/http.js';
import { productsCsv } from './csv-export.js';
import {
  fileTooLarge,
  importRefused,
  parseProductsCsv,
  photoBaseName,
  importedMessage,
  resolveImport,
  writeImport,
  type ParsedImport,
} from './csv-import.js';
import { removeImageFiles, storeImage, type StoredImage } from './images.js';
import { productRepository } from './repository.js';

const errors = errorReplies(400, 401, 403, 409, 413, 422);
/** A streamed text/csv body (not serialized as JSON). */
const csvReply = z.any().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');
const tags = ['admin catalogue'];
const security = bearerAuth;
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const importForm = [
  'multipart/form-data: `file` (the CSV, at most 2 MB and 1000 items) first, then `photos` (image files, at most 200,',
  '5 MB each, matched to the `images` column by file name), and `create_categories` (1 to create unknown categories).',
].join(' ');

const CHOOSE_FILE = 'Choose a CSV file to import.';

interface ImportUpload {
  parsed: ParsedImport;
  createCategories: boolean;
  /** names of the photos sent (or, for a preview, named in `photo_names`) */
  photoNames: string[];
  stored: Map<string, StoredImage>;
  unreadable: Map<string, string>;
}

const truthy = (v: string) => ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase());

/**
 * Reads an import upload. The CSV must come first: then a photo nobody names, or any photo when
 * the file already has errors, is skipped unread; with `store`, the named photos are decoded and
 * stored as they arrive (one at a time in memory).
 */
async function readImportUpload(request: FastifyRequest, uploadDir: string, store: boolean): Promise<ImportUpload> {
  if (!request.isMultipart()) throw new DomainError('invalid', CHOOSE_FILE, { errors: { file: [CHOOSE_FILE] } });
  const upload: ImportUpload = {
    parsed: { fileErrors: [], rows: [] },
    createCategories: false,
    photoNames: [],
    stored: new Map(),
    unreadable: new Map(),
  };
  let csv: Buffer | undefined;
  let wanted = new Set<string>();
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_PHOTO_BYTES, files: IMPORT_LIMITS.maxPhotos + 1, fields: 20 + IMPORT_LIMITS.maxPhotos },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        if (part.fieldname === 'create_categories') upload.createCategories = truthy(value);
        else if (part.fieldname === 'photo_names' || part.fieldname === 'photo_names[]') upload.photoNames.push(value);
        continue;
      }
      if (part.fieldname === 'file') {
        if (csv) throw new DomainError('invalid', 'Send one CSV file at a time.');
        csv = await part.toBuffer();
        if (part.file.truncated) throw fileTooLarge();
        upload.parsed = parseProductsCsv(csv);
        const clean = upload.parsed.fileErrors.length === 0 && upload.parsed.rows.every((r) => r.errors.length === 0);
        wanted = new Set(clean ? upload.parsed.rows.flatMap((r) => r.imageNames.map((n) => n.toLowerCase())) : []);
        continue;
      }
      const name = photoBaseName(part.filename ?? '');
      if (!csv) {
        for await (const _chunk of part.file) {
          // discarded: photos must follow the CSV
        }
        throw new DomainError('invalid', 'Send the CSV file first, then the photos.');
      }
      if (!name) {
        for await (const _chunk of part.file) {
          // an empty file input
        }
        continue;
      }
      upload.photoNames.push(name);
      const lower = name.toLowerCase();
      if (!store || !wanted.has(lower) || upload.stored.has(lower)) {
        for await (const _chunk of part.file) {
          // not needed: named by no row, a preview, or a second file of the same name
        }
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) {
        upload.unreadable.set(lower, `it is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`);
        continue;
      }
      try {
        upload.stored.set(lower, await storeImage(buffer, uploadDir));
      } catch (err) {
        upload.unreadable.set(lower, err instanceof DomainError ? err.message : 'it could not be read.');
      }
    }
  } catch (err) {
    await forget(upload.stored, uploadDir, request);
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string } | null)?.code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('too_large', `Send at most ${IMPORT_LIMITS.maxPhotos} photos with one import.`);
    }
    throw new DomainError('bad_request', 'The upload could not be read. Please try again.');
  }
  if (!csv)
    throw new DomainError('invalid', 'Choose a CSV file to import.', {
      errors: { file: ['Choose a CSV file to import.'] },
    });
  return upload;
}

/** Removes photos this import stored that no product uses (the import was refused or failed). */
async function forget(stored: Map<string, StoredImage>, uploadDir: string, request: FastifyRequest): Promise<void> {
  const keys = [...new Set([...stored.values()].map((s) => s.file_key))];
  if (keys.length === 0) return;
  const inUse = await productRepository(request.server.db).imageKeysInUse(keys);
  await Promise.all(keys.filter((k) => !inUse.has(k)).map((k) => removeImageFiles(k, uploadDir)));
}

/** Bulk import and export of the catalogue as CSV, under /api/admin: admins only. */
const catalogImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const uploadDir = app.config.uploadDir;

  app.get(
    '/admin/products.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Every live product as CSV, in the import format (streamed)',
        response: { 200: csvReply, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      async function* withBom() {
        yield '\ufeff';
        yield* productsCsv(db);
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="products.csv"')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(withBom()));
    },
  );

  app.post(
    '/admin/products/import/preview',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Check an items CSV and list every bad row; writes nothing',
        description: `${importForm} Instead of the photos, their names may be sent as \`photo_names\` fields.`,
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const upload = await readImportUpload(request, uploadDir, false);
      const resolved = await resolveImport(db, upload.parsed, {
        createCategories: upload.createCategories,
        photos: { uploaded: upload.photoNames },
      });
      return resolved.preview;
    },
  );

  app.post(
    '/admin/products/import',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Import items from CSV: all of them in one transaction, or none (422 lists every bad row)',
        description: importForm,
        response: { 201: importResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readImportUpload(request, uploadDir, true);
      try {
        const resolved = await resolveImport(db, upload.parsed, {
          createCategories: upload.createCategories,
          photos: { uploaded: upload.photoNames, unreadable: upload.unreadable },
        });
        if (!resolved.preview.ok) throw importRefused(resolved.preview);
        const result = await writeImport(db, resolved, upload.stored, { userId: signedInUser(request).id });
        const n = result.productIds.length;
        return reply.code(201).send({
          message: importedMessage(n, result.drafts),
          created: n,
          product_ids: result.productIds,
          new_categories: result.newCategories,
        });
      } catch (err) {
        await forget(upload.stored, uploadDir, request);
        throw err;
      }
    },
  );
};

export default catalogImportRoutes;

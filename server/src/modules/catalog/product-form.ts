import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@mtumba/contract';
import { IMAGE_LIMIT_MESSAGE, IMAGE_TOO_LARGE_MESSAGE } from '@mtumba/contract/product';
import { DomainError } from '../../lib/errors.js';
import { fieldWithNul, nulCharacterError } from '../../lib/input.js';
import type { ProductSubmission } from './service.js';

/** Form fields that may repeat (`categories[]`, `categories`, `categories[0]` are one list). */
const LIST_FIELDS = new Set(['categories']);
const IMAGE_FIELDS = new Set(['images', 'image']);

/** `categories[]` / `categories[2]` → `categories`. */
function baseName(field: string): string {
  return field.replace(/\[\d*\]$/, '');
}

function addField(fields: Record<string, unknown>, rawName: string, value: unknown): void {
  const name = baseName(rawName);
  if (IMAGE_FIELDS.has(name)) return;
  if (LIST_FIELDS.has(name)) {
    const list = fields[name];
    if (Array.isArray(list)) list.push(value);
    else fields[name] = [value];
  } else {
    fields[name] = value;
  }
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // discard: an image beyond the limit, or a file in a field we do not use
  }
}

function uploadError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError('too_large', IMAGE_TOO_LARGE_MESSAGE, { errors: { images: [IMAGE_TOO_LARGE_MESSAGE] } });
  }
  if (code === 'FST_FILES_LIMIT') {
    return new DomainError('invalid', IMAGE_LIMIT_MESSAGE, { errors: { images: [IMAGE_LIMIT_MESSAGE] } });
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new DomainError('too_large', 'The form has too many fields.');
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR' || err instanceof Error) {
    return new DomainError('bad_request', 'The upload could not be read. Please try again.');
  }
  return err;
}

/**
 * Reads the product form: multipart (text fields and up to 4 image files, each read whole so a
 * file cut off at the 5 MB limit is refused and nothing is stored), or a JSON / url-encoded body
 * without images. `_method` is kept in the fields for the method override.
 */
export async function readProductSubmission(request: FastifyRequest): Promise<ProductSubmission> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields: Record<string, unknown> = {};
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (Array.isArray(value) && LIST_FIELDS.has(baseName(key))) {
          fields[baseName(key)] ??= [];
          for (const v of value) addField(fields, key, v);
        } else {
          addField(fields, key, value);
        }
      }
    }
    return { fields, images: [], imageCount: 0 };
  }

  const fields: Record<string, unknown> = {};
  const images: Buffer[] = [];
  let imageCount = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        addField(fields, part.fieldname, part.value);
        continue;
      }
      if (!IMAGE_FIELDS.has(baseName(part.fieldname))) {
        await drain(part.file);
        continue;
      }
      if (imageCount >= LIMITS.maxImages) {
        imageCount += 1;
        await drain(part.file);
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' });
      // A browser sends an empty part for a file input left empty: that is no image at all.
      if (buffer.length === 0 && !part.filename) continue;
      imageCount += 1;
      images.push(buffer);
    }
  } catch (err) {
    throw uploadError(err);
  }
  // multipart fields are read here, after the app-wide check of parsed bodies has run
  const field = fieldWithNul(fields);
  if (field !== undefined) throw nulCharacterError(field);
  return { fields, images, imageCount };
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A small, strict reader and writer of gzipped tar (ustar) archives: what `npm run backup`
 * writes can be listed with any `tar -tzf`, and restore accepts only regular files with plain
 * relative names, never links or paths that climb out of the target.
 */

const BLOCK = 512;

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** A relative path made of ordinary names: no `..`, no absolute paths, no control characters. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.length > 255 || name.startsWith('/') || name.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  header.write(value, offset, Math.min(Buffer.byteLength(value), length), 'utf8');
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
}

function ustarHeader(name: string, size: number, mtime: Date): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
      throw new ArchiveError(`The file name is too long to archive: ${name}`);
    }
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const header = Buffer.alloc(BLOCK);
  writeString(header, base, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(0x20, 148, 156);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  writeString(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

export interface ArchiveInput {
  /** the name inside the archive */
  name: string;
  /** the bytes, or a file on disk */
  data: Buffer | { file: string };
  /** for files on disk: the size and SHA-256 measured before; a file that changed since is an error */
  expected?: { size: number; sha256: string };
}

export interface WrittenArchive {
  bytes: number;
  sha256: string;
}

async function* tarBlocks(inputs: ArchiveInput[]): AsyncGenerator<Buffer> {
  const mtime = new Date();
  for (const input of inputs) {
    if (!isSafeEntryName(input.name)) throw new ArchiveError(`Not a safe name for an archive entry: ${input.name}`);
    if (Buffer.isBuffer(input.data)) {
      yield ustarHeader(input.name, input.data.length, mtime);
      yield input.data;
      const pad = (BLOCK - (input.data.length % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
      continue;
    }
    const size = input.expected?.size ?? (await fs.promises.stat(input.data.file)).size;
    yield ustarHeader(input.name, size, mtime);
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of fs.createReadStream(input.data.file) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      hash.update(chunk);
      yield chunk;
    }
    if (written !== size || (input.expected && hash.digest('hex') !== input.expected.sha256)) {
      throw new ArchiveError(`${input.name} changed while it was being archived`);
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes the entries, in order, as a gzipped tar file; returns its size and SHA-256. */
export async function writeTarGz(out: string, inputs: ArchiveInput[]): Promise<WrittenArchive> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(Readable.from(tarBlocks(inputs)), zlib.createGzip({ level: 6 }), counter, fs.createWriteStream(out));
  return { bytes, sha256: hash.digest('hex') };
}

export interface EntryHeader {
  name: string;
  size: number;
  type: 'file' | 'directory';
}

/** Where a file entry's bytes go; throw to refuse the archive. Directories are skipped. */
export type EntryHandler = (entry: EntryHeader) => Promise<Writable>;

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError('The archive has a damaged entry header.');
  return text ? parseInt(text, 8) : 0;
}

function parseHeader(block: Buffer): EntryHeader {
  const stored = readOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  if (sum !== stored) throw new ArchiveError('The archive has a damaged entry header.');
  const prefix = readString(block, 345, 155);
  const base = readString(block, 0, 100);
  const name = (prefix ? `${prefix}/${base}` : base).replace(/\/+$/, '');
  const flag = String.fromCharCode(block[156] || 0x30);
  if (flag !== '0' && flag !== '5') {
    throw new ArchiveError(`The archive holds something other than plain files (${name}): refused.`);
  }
  if (!isSafeEntryName(name)) throw new ArchiveError(`The archive holds an unsafe path: ${JSON.stringify(name)}.`);
  return { name, size: readOctal(block, 124, 12), type: flag === '5' ? 'directory' : 'file' };
}

/**
 * Reads a gzipped tar file entry by entry; `onEntry` gives the stream each file's bytes go to
 * (it may throw to refuse the archive). Damage (gzip or tar) becomes an ArchiveError.
 */
export async function readTarGz(file: string, onEntry: EntryHandler): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { remaining: number; padding: number; sink: Writable } | undefined;
  let skipPadding = 0;
  let ended = false;

  const consume = async (chunk: Buffer): Promise<void> => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (ended) {
        pending = Buffer.alloc(0);
        return;
      }
      if (current) {
        if (current.remaining > 0) {
          if (pending.length === 0) return;
          const part = pending.subarray(0, Math.min(current.remaining, pending.length));
          pending = pending.subarray(part.length);
          current.remaining -= part.length;
          if (!current.sink.write(part)) await new Promise((resolve) => current!.sink.once('drain', resolve));
          continue;
        }
        const sink = current.sink;
        skipPadding = current.padding;
        current = undefined;
        await new Promise<void>((resolve, reject) => {
          sink.once('error', reject);
          sink.end(resolve);
        });
      }
      if (skipPadding > 0) {
        const skip = Math.min(skipPadding, pending.length);
        pending = pending.subarray(skip);
        skipPadding -= skip;
        if (skipPadding > 0) return;
      }
      if (pending.length < BLOCK) return;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        continue;
      }
      const header = parseHeader(block);
      if (header.type === 'directory') continue;
      const sink = await onEntry(header);
      current = { remaining: header.size, padding: (BLOCK - (header.size % BLOCK)) % BLOCK, sink };
    }
  };

  const parser = new Writable({
    write(chunk: Buffer, _encoding, done) {
      consume(chunk).then(() => done(), done);
    },
    final(done) {
      if (current || !ended) done(new ArchiveError('The archive ends early: it is incomplete.'));
      else done();
    },
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), parser);
  } catch (err) {
    current?.sink.destroy();
    if (err instanceof ArchiveError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new ArchiveError(`The archive is damaged and cannot be read (${(err as Error).message}).`);
    }
    throw err;
  }
}

/** SHA-256 and size of a file on disk. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under `dir`, as paths relative to it with `/` separators, sorted. */
export async function listFiles(dir: string, skip: (name: string) => boolean = () => false): Promise<string[]> {
  const out: string[] = [];
  const visit = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (skip(entry.name)) continue;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  await visit('');
  return out.sort();
}

import { CompiledQuery } from 'kysely';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { prepareOnPostgres, quickReads, type Db } from '../db/database.js';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chooseEncoding, matchesEtag, weakEtag } from '../lib/http.js';
import { stockOf } from './catalogue-cache-repository.js';
import { catalogCacheRequests } from '../lib/metrics.js';

/**
 * Public catalogue replies kept in memory, keyed by URL and the catalogue version that the
 * database's triggers raise with every write such a reply shows (migrations 0020 and 0170). Each
 * request reads the versions first (one small query; concurrent requests share one), then either
 * sends the stored reply of that version or builds it from data read after the version. A write
 * committed on any instance is therefore seen by the very next request everywhere.
 * The demand that ranks trending products (order lines, cancellations, wishlist adds) has its own
 * version: only the replies served by `serveWithDemand` are kept by it too, so a sale does not
 * empty the cache for every other reply.
 * Only routes that show the same thing to everyone use it: nothing personal is ever stored.
 * See docs/performance.md.
 */

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
  interface FastifyRequest {
    /** the catalogue version read before this request's data, when its route is cached */
    catalogueVersion: number | null;
    /** the demand version read with it, when the route's reply ranks by demand */
    catalogueDemand: number | null;
    /** every counter read with it */
    catalogueVersions: CatalogueVersions | null;
  }
}

interface CachedReply {
  json: string;
  /** the body compressed, each made the first time a client asks for it */
  br?: Buffer;
  gzip?: Buffer;
  etag: string | null;
  headers: [string, string][];
  bytes: number;
  storedAt: number;
  /** the catalogue version it was built for */
  catalogue: number;
  /** the stock version it is known to be current for */
  stock: number;
  /** the demand version the reply was built for, when it ranks by demand */
  demand: number | null;
  /** the products it shows with their stock, when only their stock can change it (see `ShownStock`) */
  shown: ShownStock | null;
  /** when only arrivals in some categories can change it (see `ArrivalStamps`) */
  arrivals: ArrivalStamps | null;
}

/**
 * The products a reply shows, each with the stock it shows: given for a reply that a stock-only
 * change of another product cannot change (one product; related items that are all in stock).
 * After such a change (the stock version), the reply is still current if these stocks are.
 */
export type ShownStock = readonly (readonly [id: number, stock: number])[];

/**
 * What a kept reply or page that only some arrivals can change was drawn from: the catalogue
 * version less the arrivals, and the arrivals counter of each category whose arrivals can change
 * it (none for one product's reply: a product going on sale changes no other product's).
 */
export interface ArrivalStamps {
  otherThanArrivals: number;
  counters: [category: number, counter: number][];
}

/** The counters of catalogue_state, each summed over its rows. */
export interface CatalogueVersions {
  /** every write a public catalogue reply shows, but demand and stock-only changes (arrivals included) */
  catalogue: number;
  /**
   * the part of `catalogue` that is products going on sale with no other change (migration
   * 0190): a product page is changed by them only through its related items (`categoryArrivals`)
   */
  arrivals: number;
  /** order lines, order status and wishlist adds: what trending ranks by */
  demand: number;
  /** the words search knows: categories, and products' brands, sizes and colours */
  terms: number;
  /** stock-only changes of products that bring none back into stock (sales, reservations) */
  stock: number;
}

export interface CatalogueCacheOptions {
  /** most replies kept */
  maxEntries?: number;
  /** most bytes of reply bodies kept */
  maxBytes?: number;
  /** a reply is rebuilt after this long even without a write (trending reads the clock) */
  ttlMs?: number;
}

/** Replies shorter than this go uncompressed (as the compression plugin's threshold). */
const COMPRESS_FROM = 1024;
/** Brotli at the level and window the kept pages use: a 4 MB window would be allocated each time. */
const BROTLI = {
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
    [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
};

// The sums over catalogue_state's rows (migrations 0020, 0170): each row only grows its versions.
const VERSION_QUERY = CompiledQuery.raw(
  'select sum(version) as version, sum(arrivals_version) as arrivals, sum(demand_version) as demand, sum(terms_version) as terms, sum(stock_version) as stock from catalogue_state',
);
const CATEGORY_ARRIVALS_QUERY = CompiledQuery.raw('select category_id, version from category_arrivals');
const LIVE_QUERY = CompiledQuery.raw('select sum(live_products) as live_products from catalogue_state');
// Asked before nearly every public reply: PostgreSQL parses and plans each once per connection.
prepareOnPostgres(VERSION_QUERY.sql);
prepareOnPostgres(LIVE_QUERY.sql);
prepareOnPostgres(CATEGORY_ARRIVALS_QUERY.sql);

/**
 * Runs `query` for every caller, sharing runs: a caller joins the next run to start after it
 * asked, never one already under way (which may have read the database before a write that the
 * caller has already seen committed).
 */
function sharedReads<T>(query: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run = query();
    current = run;
    const done = () => {
      if (current === run) current = undefined;
    };
    run.then(done, done);
    return run;
  };
  return () => {
    if (!current) return start();
    queued ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}

export class CatalogueCache {
  private readonly entries = new Map<string, CachedReply>();
  private entriesVersion = -1;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  /** the catalogue_state counters, read afresh (concurrent callers share a read) */
  readonly readVersions: () => Promise<CatalogueVersions>;

  /** the versions, stock checks and live count are read through `quickReads` */
  private readonly db: Db;
  /** the last read of the categories' arrivals, begun once the arrivals version was `from` */
  private arrivalsRead: { from: number; counters: Promise<ReadonlyMap<number, number>> } | null = null;

  constructor(db: Db, options: CatalogueCacheOptions = {}) {
    this.db = quickReads(db);
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.readVersions = sharedReads(async () => {
      const { rows } =
        await this.db.executeQuery<Record<'version' | 'arrivals' | 'demand' | 'terms' | 'stock', number | string>>(
          VERSION_QUERY,
        );
      const row = rows[0];
      const arrivals = Number(row?.arrivals ?? 0);
      return {
        catalogue: Number(row?.version ?? 0) + arrivals,
        arrivals,
        demand: Number(row?.demand ?? 0),
        terms: Number(row?.terms ?? 0),
        stock: Number(row?.stock ?? 0),
      };
    });
  }

  /**
   * One number that goes up with every write a reply showing any product's stock shows: the
   * catalogue and stock versions' sum (each only grows). What a reply with no `ShownStock` (a
   * list, the sitemap, a feed) is kept by.
   */
  async readVersion(): Promise<number> {
    const versions = await this.readVersions();
    return versions.catalogue + versions.stock;
  }

  /**
   * Each category's arrivals counter (migration 0190; a category with none is missing), as the
   * database holds them once the arrivals version is `arrivals` or later: one read per arrival,
   * shared by every caller (categories are few). Read before a page's data, it stamps the page;
   * read after the versions, it says whether a kept page's categories have had an arrival since.
   */
  categoryArrivals(arrivals: number): Promise<ReadonlyMap<number, number>> {
    const kept = this.arrivalsRead;
    if (kept && kept.from >= arrivals) return kept.counters;
    const read = {
      from: arrivals,
      counters: this.db
        .executeQuery<{ category_id: number; version: number | string }>(CATEGORY_ARRIVALS_QUERY)
        .then(({ rows }) => new Map(rows.map((r) => [r.category_id, Number(r.version)]))),
    };
    this.arrivalsRead = read;
    read.counters.catch(() => {
      if (this.arrivalsRead === read) this.arrivalsRead = null;
    });
    return read.counters;
  }

  /**
   * The stamps of a reply or page that arrivals in `categories` alone can change, drawn from data
   * read after `versions` and after `counters` (`categoryArrivals`, read before the data).
   */
  arrivalStamps(
    versions: CatalogueVersions,
    categories: readonly number[],
    counters: ReadonlyMap<number, number>,
  ): ArrivalStamps {
    return {
      otherThanArrivals: versions.catalogue - versions.arrivals,
      counters: categories.map((c): [number, number] => [c, counters.get(c) ?? 0]),
    };
  }

  /**
   * Whether what `stamps` was drawn from is still what the catalogue holds at `versions`, though
   * the catalogue version moved: only through arrivals, and none in the stamped categories.
   */
  async onlyOtherArrivals(stamps: ArrivalStamps | null | undefined, versions: CatalogueVersions): Promise<boolean> {
    if (!stamps || stamps.otherThanArrivals !== versions.catalogue - versions.arrivals) return false;
    if (stamps.counters.length === 0) return true;
    const counters = await this.categoryArrivals(versions.arrivals);
    return stamps.counters.every(([category, counter]) => (counters.get(category) ?? 0) === counter);
  }

  /** Whether the products still have the stock a kept reply or page shows (one query). */
  async stockUnchanged(shown: ShownStock): Promise<boolean> {
    if (shown.length === 0) return true;
    const now = await stockOf(
      this.db,
      shown.map(([id]) => id),
    );
    return shown.every(([id, stock]) => now.get(id) === stock);
  }

  /** Products that are not soft-deleted, from the count the triggers keep. */
  async liveProducts(): Promise<number> {
    const { rows } = await this.db.executeQuery<{ live_products: number | string }>(LIVE_QUERY);
    return Number(rows[0]?.live_products ?? 0);
  }

  /** onRequest hook of a cached route: answers from the cache, or notes the version for `send`. */
  readonly serve: onRequestAsyncHookHandler = (request, reply) => this.answer(request, reply, false);

  /** `serve` for a route whose reply ranks by demand (trending): kept by the demand version too. */
  readonly serveWithDemand: onRequestAsyncHookHandler = (request, reply) => this.answer(request, reply, true);

  private async answer(request: FastifyRequest, reply: FastifyReply, byDemand: boolean): Promise<FastifyReply | void> {
    if (request.method !== 'GET') return;
    const versions = await this.readVersions();
    request.catalogueVersions = versions;
    request.catalogueVersion = versions.catalogue;
    request.catalogueDemand = byDemand ? versions.demand : null;
    let hit = this.entries.get(request.url);
    if (hit && !(await this.current(hit, versions, request.catalogueDemand))) {
      if (this.entries.get(request.url) === hit) this.remove(request.url, hit);
      hit = undefined;
    }
    catalogCacheRequests.inc({ result: hit ? 'hit' : 'miss' });
    if (!hit) return;
    for (const [name, value] of hit.headers) reply.header(name, value);
    if (hit.etag) {
      reply.header('ETag', hit.etag).header('Cache-Control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
    }
    return this.deliver(request, reply, hit);
  }

  /**
   * Whether a kept reply shows what the database holds at `versions`: built for this catalogue
   * (and demand) version, or one that differs from it only by arrivals that cannot change it,
   * within its time, and either for this stock version or, when it names the products it shows,
   * with their stock unchanged since (then it is current for this stock version too).
   */
  private async current(entry: CachedReply, versions: CatalogueVersions, demand: number | null): Promise<boolean> {
    if (entry.demand !== demand || Date.now() - entry.storedAt > this.ttlMs) return false;
    if (entry.catalogue !== versions.catalogue) {
      if (!(await this.onlyOtherArrivals(entry.arrivals, versions))) return false;
      entry.catalogue = Math.max(entry.catalogue, versions.catalogue);
    }
    if (entry.stock === versions.stock) return true;
    if (!entry.shown || !(await this.stockUnchanged(entry.shown))) return false;
    entry.stock = Math.max(entry.stock, versions.stock);
    return true;
  }

  /**
   * Sends a kept reply, compressed as the client accepts: each compressed copy is made once, when
   * first asked for, instead of compressing the same bytes again for every request.
   */
  private deliver(request: FastifyRequest, reply: FastifyReply, entry: CachedReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    const encoding = entry.json.length >= COMPRESS_FROM ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.json);
    let body = entry[encoding];
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(entry.json, BROTLI) : gzipSync(entry.json, { level: 6 });
      entry[encoding] = body;
      entry.bytes += body.length;
      if (this.entries.get(request.url) === entry) this.bytes += body.length;
    }
    const vary = reply.getHeader('vary');
    return reply
      .header('Content-Encoding', encoding)
      .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
      .send(body);
  }

  /**
   * Sends a JSON reply built for a cached route and keeps it for the version read before its
   * data. With `etag`, it carries an ETag and `Cache-Control: no-cache` and answers a matching
   * `If-None-Match` with 304. `headers` are the reply's other headers worth keeping (paging).
   * `shown`: the products it shows with their stock (`ShownStock`). `arrivalsIn: []`: no product
   * going on sale can change it (it shows no other product), so it is kept through arrivals.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    options: { etag?: boolean; headers?: string[]; shown?: ShownStock | null; arrivalsIn?: readonly [] } = {},
  ): FastifyReply {
    const json = JSON.stringify(body);
    const etag = options.etag === false ? null : weakEtag(json);
    const headers: [string, string][] = [];
    for (const name of options.headers ?? []) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers.push([name, String(value)]);
    }
    const versions = request.catalogueVersions;
    const entry: CachedReply = {
      json,
      etag,
      headers,
      catalogue: versions?.catalogue ?? -1,
      stock: versions?.stock ?? -1,
      demand: request.catalogueDemand,
      shown: options.shown ?? null,
      arrivals: options.arrivalsIn && versions ? this.arrivalStamps(versions, options.arrivalsIn, new Map()) : null,
      bytes: 0,
      storedAt: 0,
    };
    if (versions && request.method === 'GET') this.store(request.url, entry);
    if (etag) {
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    }
    return this.deliver(request, reply, entry);
  }

  /** How many replies are kept (for tests and the docs' measurements). */
  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: CachedReply): void {
    if (entry.catalogue < this.entriesVersion) return;
    if (entry.catalogue > this.entriesVersion) {
      // Replies of an older catalogue version can never be sent again, but those only some
      // arrivals can change.
      for (const [oldKey, old] of this.entries) {
        if (old.catalogue < entry.catalogue && !old.arrivals) this.remove(oldKey, old);
      }
      this.entriesVersion = entry.catalogue;
    }
    const old = this.entries.get(key);
    if (old) {
      // a request that read older versions finished after one that read newer: keep the newer
      if (old.stock > entry.stock || (old.demand ?? 0) > (entry.demand ?? 0)) return;
      this.remove(key, old);
    }
    const bytes = entry.json.length * 2 + 256;
    if (bytes > this.maxBytes / 16) return;
    entry.bytes = bytes;
    entry.storedAt = Date.now();
    this.entries.set(key, entry);
    this.bytes += bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, entry: CachedReply): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

export default fp(
  async (app) => {
    app.decorate('catalogueCache', new CatalogueCache(app.db));
    app.decorateRequest('catalogueVersion', null);
    app.decorateRequest('catalogueDemand', null);
    app.decorateRequest('catalogueVersions', null);
  },
  { name: 'catalogue-cache', dependencies: ['db'] },
);

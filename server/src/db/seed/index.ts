import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../database.js';

/** Seeds the demo shop on an empty database (placeholder until the seed lands). */
export async function seedIfEmpty(_db: Db, _config: Config, _log: FastifyBaseLogger): Promise<void> {}

import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { dialectOf, onConnectionLost, type Db, type DialectKind } from '../db/database.js';
import { DomainEvents } from '../lib/events.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DialectKind;
    events: DomainEvents;
  }
}

export interface CoreOptions {
  config: Config;
  db: Db;
  /** close the database when the app closes (false when a test owns it) */
  ownsDb: boolean;
}

export default fp<CoreOptions>(
  async (app, { config, db, ownsDb }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('dbKind', dialectOf(db));
    app.decorate('events', new DomainEvents());
    onConnectionLost(db, (err) =>
      app.log.warn({ err }, 'a database connection was lost; the next query opens a new one'),
    );
    if (ownsDb) {
      app.addHook('onClose', async () => {
        await db.destroy();
      });
    }
  },
  { name: 'db' },
);

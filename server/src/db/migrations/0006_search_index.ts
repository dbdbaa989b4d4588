import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against a schema that is being built
type AnyDb = Kysely<any>;

/**
 * SQLite only; PostgreSQL has had its pg_trgm index since 0003.
 *
 * A trigram full-text index over products.search_text, so listing `q` and search read only the
 * products that can match instead of every product. Triggers keep it in step with every write
 * to products, whoever makes it. It keeps its own copy of the text with a space appended: every
 * two-character substring is then the start of some trigram, which lets two-letter words use it
 * too (see `searchMatch` in the catalogue repository); the vocabulary table lists the trigrams.
 * And an index of the soft-deleted products, for counting the live ones quickly.
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`create virtual table products_search using fts5(search_text, tokenize = 'trigram')`.execute(db);
  await sql`create virtual table products_search_terms using fts5vocab(products_search, row)`.execute(db);
  await sql`create trigger products_search_insert after insert on products begin
    insert into products_search (rowid, search_text) values (new.id, new.search_text || ' ');
  end`.execute(db);
  await sql`create trigger products_search_update after update of id, search_text on products begin
    delete from products_search where rowid = old.id;
    insert into products_search (rowid, search_text) values (new.id, new.search_text || ' ');
  end`.execute(db);
  await sql`create trigger products_search_delete after delete on products begin
    delete from products_search where rowid = old.id;
  end`.execute(db);
  await sql`insert into products_search (rowid, search_text) select id, search_text || ' ' from products`.execute(db);
  // Lets the unfiltered listing count live products as all products minus the soft-deleted ones.
  await db.schema
    .createIndex('products_deleted_idx')
    .on('products')
    .column('deleted_at')
    .where(sql<boolean>`deleted_at is not null`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await db.schema.dropIndex('products_deleted_idx').ifExists().execute();
  for (const trigger of ['products_search_delete', 'products_search_update', 'products_search_insert']) {
    await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table if exists products_search_terms`.execute(db);
  await sql`drop table if exists products_search`.execute(db);
}

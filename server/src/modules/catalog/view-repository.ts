import type { Executor } from '../../db/database.js';

/** The catalogue's reads for showing and exporting products: products, their images and categories by id. */
export function productViewRepository(db: Executor) {
  return {
    /** The products among `ids`; soft-deleted ones only with `includeDeleted`, unpublished ones only with `includeUnpublished`. */
    products(ids: number[], options: { includeDeleted?: boolean; includeUnpublished?: boolean }) {
      let query = db.selectFrom('products').selectAll().where('id', 'in', ids);
      if (!options.includeDeleted) query = query.where('deleted_at', 'is', null);
      if (!options.includeUnpublished) query = query.where('status', '=', 'published');
      return query.execute();
    },

    /** The products' images, each product's in display order. */
    images(productIds: number[]) {
      return db
        .selectFrom('product_images')
        .select(['id', 'product_id', 'file_key', 'width', 'height', 'position'])
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** The products' image file keys, each product's in display order. */
    imageKeys(productIds: number[]) {
      return db
        .selectFrom('product_images')
        .select(['product_id', 'file_key'])
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** The products' categories, by category name. */
    categories(productIds: number[]) {
      return db
        .selectFrom('product_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['pc.product_id', 'c.id', 'c.name'])
        .where('pc.product_id', 'in', productIds)
        .orderBy('c.name')
        .execute();
    },

    /** The products' category names, product by product, in the order of their name keys (the CSV export). */
    categoryNamesByKey(productIds: number[]) {
      return db
        .selectFrom('product_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['pc.product_id', 'c.name'])
        .where('pc.product_id', 'in', productIds)
        .orderBy('pc.product_id')
        .orderBy('c.name_key')
        .execute();
    },

    /** The next batch of live products after `afterId`, oldest first, with the columns the CSV export writes. */
    exportBatch(afterId: number, limit: number) {
      return db
        .selectFrom('products')
        .select([
          'id',
          'name',
          'description',
          'price_cents',
          'compare_at_price_cents',
          'stock_quantity',
          'size',
          'condition',
          'brand',
          'color',
          'is_featured',
          'is_trending',
          'status',
        ])
        .where('deleted_at', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Stored images with the given file keys (an import naming photos already in the shop). */
    storedImages(fileKeys: string[]) {
      return db
        .selectFrom('product_images')
        .select(['file_key', 'width', 'height'])
        .where('file_key', 'in', fileKeys)
        .execute();
    },
  };
}

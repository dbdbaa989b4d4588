import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { LIMITS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import type { Product } from '@mtumba/contract/product';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminCategories } from '../api/get-admin-categories';
import { useAdminProducts } from '../api/get-admin-products';
import { usePublishProduct } from '../api/publish-product';
import { usePageParam } from '../hooks/use-page-param';
import { CategoryManager } from './category-manager';
import { ConfirmDialog } from './confirm-dialog';
import { failureMessage } from './failure-message';
import { ProductFormModal } from './product-form-modal';
import { PublishBadge } from './publish-badge';

const THUMB = 50;

const PRODUCT_COLUMNS: DataColumn[] = [
  { label: 'Image' },
  { label: 'Name' },
  { label: 'Price', end: true },
  { label: 'Stock', end: true },
  { label: 'Categories' },
  { label: 'Featured' },
  { label: 'Trending' },
  { label: <span className="visually-hidden">Actions</span> },
];

function Flag({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <span className="badge text-bg-success">
      <span aria-hidden="true">✓</span> {label}
    </span>
  ) : (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">No</span>
    </span>
  );
}

function ProductSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form onSubmit={submit} role="search" className="mb-3" style={{ maxWidth: 480 }}>
      <Form.Label htmlFor={id} visuallyHidden>
        Search products
      </Form.Label>
      <InputGroup>
        <Form.Control
          id={id}
          type="search"
          placeholder="Search products"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
        {initial && (
          <Button
            variant="outline-secondary"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </Button>
        )}
      </InputGroup>
    </Form>
  );
}

type Editing = { product: Product | null } | null;

/**
 * /admin/products: the category manager, then the product table (search, 20 per page, Edit,
 * Delete) and the New/Edit Product modal. `onCatalogChanged` lets the page refresh the shop's
 * own cached lists after a change.
 */
export function AdminProductsScreen({ onCatalogChanged }: { onCatalogChanged?: () => void }) {
  const [params, setParams] = useSearchParams();
  const { page, hrefFor } = usePageParam();
  const q = params.get('q') ?? '';
  const products = useAdminProducts({ page, q: q || undefined });
  const categories = useAdminCategories();
  const remove = useDeleteProduct();
  const publish = usePublishProduct();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);

  const search = (text: string) => {
    const next = new URLSearchParams();
    if (text) next.set('q', text);
    setParams(next);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const product = toDelete;
    remove.mutate(product.id, {
      onSuccess: () => {
        setToDelete(null);
        toast.success(`“${product.name}” deleted.`);
        onCatalogChanged?.();
      },
      onError: (err) => {
        setToDelete(null);
        toast.error(failureMessage('Delete failed', err));
      },
    });
  };

  const total = products.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIMITS.pageSize));
  const rows = products.data?.products ?? [];
  const loadFailed = products.isError || categories.isError;

  let body;
  if (products.isPending) {
    body = <LoadingSpinner label="Loading products…" className="py-4" />;
  } else if (rows.length === 0) {
    body = (
      <p className="text-muted">
        {q ? `No products match “${q}”.` : page > 1 ? 'No products on this page.' : 'No products yet.'}
        {page > 1 && (
          <>
            {' '}
            <Link to={hrefFor(1)}>Go to the first page</Link>
          </>
        )}
      </p>
    );
  } else {
    body = (
      <DataTable
        columns={PRODUCT_COLUMNS}
        cards
        className="align-middle table table-hover"
        caption={
          <caption id="products-count" className="caption-top">
            {total === 1 ? '1 product' : `${total} products`}
            {q ? ` matching “${q}”` : ''}, page {page} of {pageCount}
          </caption>
        }
      >
        <tbody>
          {rows.map((product) => (
            <tr key={product.id}>
              <td>
                {product.image_url ? (
                  <img
                    src={product.image_url}
                    alt=""
                    width={THUMB}
                    height={THUMB}
                    loading="lazy"
                    className="rounded object-fit-cover"
                  />
                ) : (
                  <span className="text-muted small">No photo</span>
                )}
              </td>
              <th scope="row" className="fw-normal">
                <Link to={paths.product(product.id)}>{product.name}</Link>
                <PublishBadge product={product} />
              </th>
              <td className="text-end text-nowrap">{formatKsh(product.price)}</td>
              <td className={`text-end ${product.stock_quantity <= 0 ? 'text-danger fw-semibold' : ''}`}>
                {product.stock_quantity <= 0 ? 'Sold out' : product.stock_quantity}
              </td>
              <td>{product.categories.map((c) => c.name).join(', ') || <span className="text-muted">None</span>}</td>
              <td>
                <Flag on={product.is_featured} label="Featured" />
              </td>
              <td>
                <Flag on={product.is_trending} label="Trending" />
              </td>
              <td className="text-nowrap text-end">
                {product.status !== undefined && product.status !== 'published' && (
                  <Button
                    size="sm"
                    className="me-2"
                    disabled={publish.isPending}
                    aria-label={`Publish ${product.name} now`}
                    onClick={() =>
                      publish.mutate(product.id, {
                        onSuccess: () => {
                          toast.success(`“${product.name}” is on sale.`);
                          onCatalogChanged?.();
                        },
                        onError: (err) => toast.error(failureMessage('Update failed', err)),
                      })
                    }
                  >
                    Publish now
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="me-2"
                  onClick={() => setEditing({ product })}
                  aria-label={`Edit ${product.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setToDelete(product)}
                  aria-label={`Delete ${product.name}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <>
      <h1 className="h3 mb-4">Manage Products</h1>
      <CategoryManager onChanged={onCatalogChanged} />

      <section aria-labelledby="products-title">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 id="products-title" className="h5 mb-0 me-auto">
            Products
          </h2>
          <Link to={paths.adminImportProducts()} className="btn btn-outline-primary">
            Import / export CSV
          </Link>
          <Link to={paths.newItem()} className="btn btn-outline-primary">
            New item (phone)
          </Link>
          <Button onClick={() => setEditing({ product: null })} disabled={!categories.isSuccess}>
            New Product
          </Button>
        </div>
        {loadFailed && (
          <LoadError
            message="Failed to load data"
            onRetry={() => {
              void products.refetch();
              void categories.refetch();
            }}
            retrying={products.isFetching || categories.isFetching}
          />
        )}
        <ProductSearch key={q} initial={q} onSearch={search} />
        {!products.isError && body}
        <PaginationNav page={page} pageCount={pageCount} hrefFor={hrefFor} label="Product pages" />
      </section>

      {editing && (
        <ProductFormModal
          product={editing.product}
          categories={categories.data ?? []}
          onHide={() => setEditing(null)}
          onSaved={() => onCatalogChanged?.()}
        />
      )}
      <ConfirmDialog
        show={toDelete !== null}
        title="Delete product?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        Delete “{toDelete?.name}”? It leaves the shop, carts and wishlists; orders that include it still show it.
      </ConfirmDialog>
    </>
  );
}

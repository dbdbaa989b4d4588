import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Category } from '@mtumba/contract/product';
import { LoadError } from '@/components/ui/load-error';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useAdminCategories } from '../api/get-admin-categories';
import { useUpdateCategory } from '../api/update-category';
import { useFlashMessage } from '@/lib/use-flash-message';
import { ConfirmDialog } from './confirm-dialog';
import { failureMessage } from './failure-message';
import { FlashAlert } from './flash-alert';

export const CATEGORY_NAME_REQUIRED = 'Category name required';

interface CategoryRowProps {
  category: Category;
  onSaved: () => void;
  onFailed: (message: string) => void;
  onDelete: (category: Category) => void;
}

function CategoryRow({ category, onSaved, onFailed, onDelete }: CategoryRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCategory();
  const inputId = useId();

  const cancel = () => {
    setEditing(false);
    setName(category.name);
    setError(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(CATEGORY_NAME_REQUIRED);
      return;
    }
    setError(null);
    update.mutate(
      { id: category.id, name: trimmed },
      {
        onSuccess: () => {
          setEditing(false);
          onSaved();
        },
        onError: (err) => onFailed(failureMessage('Save failed', err)),
      },
    );
  };

  if (!editing) {
    return (
      <li className="list-group-item d-flex align-items-center gap-2">
        <span className="me-auto text-break" style={{ minWidth: 0 }}>
          {category.name}
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          className="flex-shrink-0"
          onClick={() => setEditing(true)}
          aria-label={`Edit category ${category.name}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          className="flex-shrink-0"
          onClick={() => onDelete(category)}
          aria-label={`Delete category ${category.name}`}
        >
          Delete
        </Button>
      </li>
    );
  }

  return (
    <li className="list-group-item">
      <Form
        noValidate
        onSubmit={save}
        className="d-flex flex-wrap align-items-start gap-2"
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Escape') cancel();
        }}
      >
        <div className="flex-grow-1">
          <Form.Label htmlFor={inputId} visuallyHidden>
            New name for {category.name}
          </Form.Label>
          <Form.Control
            id={inputId}
            size="sm"
            value={name}
            onChange={(e) => setName(e.target.value)}
            isInvalid={error !== null}
            aria-invalid={error !== null || undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            required
            autoFocus
            maxLength={100}
          />
          <Form.Control.Feedback type="invalid" id={`${inputId}-error`}>
            {error}
          </Form.Control.Feedback>
        </div>
        <Button size="sm" type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={cancel} disabled={update.isPending}>
          Cancel
        </Button>
      </Form>
    </li>
  );
}

/** Categories: list, add, rename inline, delete with confirmation (docs/product.md "Admin products"). */
export function CategoryManager({ onChanged }: { onChanged?: () => void }) {
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const remove = useDeleteCategory();
  const flash = useFlashMessage();
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const newId = useId();

  const saved = () => {
    flash.show('success', 'Saved successfully');
    onChanged?.();
  };
  const failed = (message: string) => flash.show('danger', message);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) {
      setNewError(CATEGORY_NAME_REQUIRED);
      return;
    }
    setNewError(null);
    create.mutate(name, {
      onSuccess: () => {
        setNewName('');
        saved();
      },
      onError: (err) => failed(failureMessage('Save failed', err)),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        flash.show('success', `Category “${toDelete.name}” deleted.`);
        onChanged?.();
      },
      onError: (err) => {
        setToDelete(null);
        failed(failureMessage('Delete failed', err));
      },
    });
  };

  let list;
  if (categories.isPending) {
    list = <LoadingSpinner label="Loading categories…" className="py-3" small />;
  } else if (categories.isError) {
    list = (
      <LoadError
        message="Failed to load categories"
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
        className="mb-0"
      />
    );
  } else if (categories.data.length === 0) {
    list = <p className="text-muted mb-0">No categories yet.</p>;
  } else {
    list = (
      <ul className="list-group" aria-label="Categories">
        {categories.data.map((category) => (
          <CategoryRow key={category.id} category={category} onSaved={saved} onFailed={failed} onDelete={setToDelete} />
        ))}
      </ul>
    );
  }

  return (
    <Card as="section" aria-labelledby="categories-title" className="mb-4">
      <Card.Body>
        <Card.Title as="h2" id="categories-title" className="h5">
          Categories
        </Card.Title>
        <Form noValidate onSubmit={add} className="d-flex flex-wrap align-items-start gap-2 mb-3">
          <div className="flex-grow-1">
            <Form.Label htmlFor={newId} visuallyHidden>
              New category name
            </Form.Label>
            <Form.Control
              id={newId}
              placeholder="New category name"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              isInvalid={newError !== null}
              aria-invalid={newError !== null || undefined}
              aria-describedby={newError ? `${newId}-error` : undefined}
              required
              maxLength={100}
            />
            <Form.Control.Feedback type="invalid" id={`${newId}-error`}>
              {newError}
            </Form.Control.Feedback>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add category'}
          </Button>
        </Form>
        <FlashAlert message={flash.message} className="mb-3" />
        {list}
      </Card.Body>
      <ConfirmDialog
        show={toDelete !== null}
        title="Delete category?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        Delete the category “{toDelete?.name}”? Its products stay in the shop.
      </ConfirmDialog>
    </Card>
  );
}

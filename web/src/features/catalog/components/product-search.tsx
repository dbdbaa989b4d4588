import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS, TIMINGS } from '@mtumba/contract/constants';
import { formatKsh } from '@mtumba/contract/money';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useProductSearch } from '../api/search-products';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

interface ProductSearchProps {
  initialQuery?: string;
  /** the header's box: a magnifier for the button */
  compact?: boolean;
  /** the Search button (or Enter without a highlighted suggestion) */
  onSearch: (query: string) => void;
}

/**
 * The search box with suggestions: asked from 2 characters, 300 ms after the last keystroke
 * (docs/product.md section 5). A suggestion opens its product; arrows move, Enter picks, Escape closes.
 */
export function ProductSearch({ initialQuery = '', compact, onSearch }: ProductSearchProps) {
  const t = useT(messages);
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(text, TIMINGS.searchDebounceMs);
  const search = useProductSearch(settled);
  const navigate = useNavigate();
  const listId = useId();
  const inputId = useId();

  const ready = settled.trim().length >= LIMITS.searchMinChars && settled === text;
  const suggestions = ready ? (search.data ?? []) : [];
  const showList = open && ready && search.isSuccess;

  function choose(id: number) {
    setOpen(false);
    navigate(paths.product(id));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (showList && active >= 0 && suggestions[active]) return choose(suggestions[active].id);
    setOpen(false);
    // The words in the box, as the shopper sees them: text typed on the server's page before the
    // app took it over is in the field before it is in `text`.
    const typed = new FormData(event.currentTarget).get('q');
    const words = typeof typed === 'string' ? typed : text;
    if (words !== text) setText(words);
    onSearch(words.trim());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && showList) {
      // Close the list only; without this a search input's Escape also wipes the text.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    }
  }

  return (
    // A real GET form to the list: without JavaScript it still searches (/products?q=).
    <form role="search" action={paths.products()} method="get" onSubmit={submit} className="product-search">
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className="input-group">
        <input
          id={inputId}
          name="q"
          type="search"
          className="form-control"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
        />
        {compact ? (
          <button type="submit" className="btn search-button" aria-label={t('search.button')}>
            <Icon
              size={22}
              path="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
            />
          </button>
        ) : (
          <button type="submit" className="btn btn-primary">
            {t('search.button')}
          </button>
        )}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className="search-suggestions"
        hidden={!showList}
      >
        {showList && suggestions.length === 0 && (
          <li className="search-suggestions__empty" role="presentation">
            {t('search.none')}
          </li>
        )}
        {showList &&
          suggestions.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              // mousedown, not click: it must win against the input's blur
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s.id);
              }}
            >
              {s.image_url ? (
                <img
                  src={s.image_url}
                  alt=""
                  width={40}
                  height={40}
                  className="search-suggestion__thumb"
                  loading="lazy"
                />
              ) : (
                <span className="search-suggestion__thumb" aria-hidden="true" />
              )}
              <span className="text-truncate align-self-center">{s.name}</span>
              <span className="ms-auto small text-nowrap align-self-center fw-semibold">{formatKsh(s.price)}</span>
            </li>
          ))}
      </ul>
    </form>
  );
}

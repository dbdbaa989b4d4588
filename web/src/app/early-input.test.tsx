import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplayEarlyInput, takeEarlyInput, type EarlyInput } from './early-input';

afterEach(() => {
  delete window.mtumbaEarlyInput;
});

/** A search box and an Add to Cart button, as the hydrated page has them. */
function Page({ early }: { early?: EarlyInput }) {
  const [text, setText] = useState('');
  const [added, setAdded] = useState(0);
  return (
    <>
      <input aria-label="Search products" value={text} onChange={(e) => setText(e.target.value)} />
      <p>Searching for: {text}</p>
      <button type="button" onClick={() => setAdded((n) => n + 1)}>
        Add to Cart
      </button>
      <p>Added {added} times</p>
      {early && <ReplayEarlyInput input={early} />}
    </>
  );
}

/** What the loader would have held, taken as main.tsx takes it. */
function take(inputs: HeldInput[]): EarlyInput {
  window.mtumbaEarlyInput = { take: () => inputs.splice(0) };
  return takeEarlyInput();
}

describe('input made before the app had the page', () => {
  it('is made again once the app has it: the text typed and the tap', async () => {
    const { rerender } = render(<Page />);
    const search = screen.getByRole('textbox', { name: 'Search products' });
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    // what the loader held: the field's text as the shopper left it, and the tap
    search.setAttribute('value', 'Dera');
    (search as HTMLInputElement).value = 'Dera';
    const early = take([{ element: search, value: 'Dera' }, { element: button }]);

    rerender(<Page early={early} />);
    await waitFor(() => expect(screen.getByText('Searching for: Dera')).toBeInTheDocument());
    expect(screen.getByText('Added 1 times')).toBeInTheDocument();
  });

  it('gives way to what the shopper did again once the app had the page', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const search = screen.getByRole('textbox', { name: 'Search products' });
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    (search as HTMLInputElement).value = 'D';
    const early = take([{ element: search, value: 'D' }, { element: button }]);

    // after hydration, before the replay: the whole word typed, the button tapped again
    await user.clear(search);
    await user.type(search, 'Dress');
    await user.click(button);
    render(<ReplayEarlyInput input={early} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(search).toHaveValue('Dress');
    expect(screen.getByText('Searching for: Dress')).toBeInTheDocument();
    expect(screen.getByText('Added 1 times')).toBeInTheDocument();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
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

/** A phone field that takes a paste itself (digits only) and cancels the browser's own insertion. */
function PhoneField({ early }: { early?: EarlyInput }) {
  const [phone, setPhone] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType !== 'insertFromPaste') return;
      event.preventDefault();
      setPhone((event.data ?? '').replace(/\D/g, ''));
    };
    const input = field.current!;
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, []);
  return (
    <>
      <input ref={field} aria-label="Phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <p>Phone: {phone}</p>
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

  it('gives way to a paste made while the app hydrated, even one the field takes itself', async () => {
    const { rerender } = render(<PhoneField />);
    const phone = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    // typed before the app had the page
    phone.value = '07';
    const early = take([{ element: phone, value: '07' }]);

    // pasted after the held input was taken, before its replay: the field cancels the browser's
    // insertion and sets the digits itself, so no input event follows the beforeinput
    const paste = new InputEvent('beforeinput', {
      inputType: 'insertFromPaste',
      data: '0712 345 678',
      bubbles: true,
      cancelable: true,
    });
    act(() => {
      phone.dispatchEvent(paste);
    });
    expect(paste.defaultPrevented).toBe(true);
    expect(screen.getByText('Phone: 0712345678')).toBeInTheDocument();

    rerender(<PhoneField early={early} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(phone).toHaveValue('0712345678');
    expect(screen.getByText('Phone: 0712345678')).toBeInTheDocument();
  });
});

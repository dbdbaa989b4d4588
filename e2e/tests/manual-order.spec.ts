import { expect, test } from '@playwright/test';
import { adminSession, call, freshProduct, uniqueTag, useSession } from '../support/api';

// A sale made on WhatsApp: the admin, on a phone, builds the order for a new customer with a
// discount and gets a pay link; the buyer opens it in another browser (not signed in) and pays on
// the sandbox page; the admin sees the order paid.

test('a manual order’s pay link is paid in another browser and the admin sees it paid', async ({ page, browser }) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  // Ksh 1,000; the new customer's first order takes 10% (100) off, the shop's discount 100 more;
  // custom delivery is paid to the rider: the link asks for Ksh 800.
  const { product } = await freshProduct(admin, { label: 'Ankara Wrap Dress', price: 1000, tag });

  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, admin);
  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'New manual order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New manual order' })).toBeVisible();

  // 1. A new customer, by name, e-mail and phone.
  await page.getByRole('button', { name: 'New customer' }).click();
  const newCustomer = page.getByRole('form', { name: 'New customer' });
  await newCustomer.getByLabel('Name').fill(`Achieng ${tag}`);
  await newCustomer.getByLabel('E-mail').fill(`achieng-${tag}@e2e.test`);
  await newCustomer.getByLabel('Phone (for SMS and WhatsApp)').fill('0722 000 111');
  await newCustomer.getByRole('button', { name: 'Use this customer' }).click();
  await expect(page.getByTestId('chosen-customer')).toHaveText(`Achieng ${tag}`);

  // 2. The dress, found by name among the items on sale.
  await page.getByLabel('Find items on sale').fill(product.name);
  await page.getByRole('button', { name: `Add ${product.name}` }).click();
  await expect(page.getByRole('list', { name: 'Items in the order' })).toContainText(product.name);

  // 3. Delivery and the shop's discount with its reason.
  await page.getByLabel('Shipping option').selectOption('Paid custom delivery');
  await expect(page.getByLabel('Customer’s phone')).toHaveValue('0722000111');
  await page.getByLabel('Amount (Ksh)').fill('100');
  await page.getByLabel('Reason').fill('Regular on WhatsApp');
  await expect(page.getByTestId('manual-order-total')).toHaveText('Ksh 800');

  // 4. A pay link, sent on WhatsApp.
  await page.getByRole('button', { name: 'Create order and pay link' }).click();
  const done = page.getByRole('heading', { name: /^Order #\d+ created$/ });
  await expect(done).toBeVisible();
  const orderId = Number((await done.textContent())?.match(/#(\d+)/)?.[1]);
  const link = await page.getByLabel('Pay link').inputValue();
  expect(link).toMatch(/\/pay\/\d+\.\d+\.[\w-]{43}$/);
  const whatsapp = await page.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href');
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/254722000111\?text=/);
  expect(decodeURIComponent(whatsapp ?? '')).toContain(link);

  // The dress is held for her at once: the shop shows it sold.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('Out of Stock').first()).toBeVisible();

  // The buyer opens the link in a browser of her own, signed in nowhere.
  const buyerContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(link).pathname);
  await expect(buyer.getByRole('heading', { level: 1, name: `Hi Achieng, your order #${orderId}` })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Items' }).getByText(product.name)).toBeVisible();
  await expect(buyer.getByText('Shop discount')).toBeVisible();
  await expect(buyer.getByTestId('pay-link-total')).toHaveText('Ksh 800');
  await buyer.getByRole('button', { name: 'Pay Ksh 800 on the payment page' }).click();

  // The sandbox payment page, then back to the link, which now says paid.
  await expect(buyer.getByText('Test payment — no money moves.')).toBeVisible();
  await expect(buyer.getByLabel('M-Pesa phone number')).toHaveValue(/0722/);
  await buyer.getByRole('button', { name: 'Pay Ksh 800' }).click();
  await expect(buyer).toHaveURL(new URL(link).pathname);
  await expect(buyer.getByTestId('pay-link-state')).toContainText('Paid — thank you!');
  await expect(buyer.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await buyerContext.close();

  // The admin sees it paid.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Details' }).getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText(/shop discount Ksh 100: Regular on WhatsApp/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pay link' })).toHaveCount(0);
});

test('a pay link paid with the M-Pesa prompt, signed out', async ({ browser }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Maasai Shuka', price: 700 });
  const { customer } = await call<{ customer: { id: number } }>('POST', '/admin/customers', {
    token: admin.token,
    json: { name: 'Njeri Prompt', email: `njeri-${product.id}@e2e.test`, phone: '0733 444 555' },
    base: admin.base,
  });
  const reply = await call<{ pay_link: { url: string } }>('POST', '/admin/orders/manual', {
    token: admin.token,
    json: {
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: 'Paid custom delivery',
      shipping_phone: '0733 444 555',
      channel: 'phone',
    },
    base: admin.base,
  });

  const buyerContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(reply.pay_link.url).pathname);
  // 700 − 10% on her first order = 630; the rider takes the delivery fee.
  await expect(buyer.getByLabel('M-Pesa phone number')).toHaveValue('0733 444 555');
  await buyer.getByRole('button', { name: 'Pay Ksh 630 with M-Pesa' }).click();
  await expect(buyer.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();

  const [phone] = await Promise.all([
    buyerContext.waitForEvent('page'),
    buyer.getByRole('link', { name: 'Open the simulated phone' }).click(),
  ]);
  await phone.getByRole('button', { name: 'Enter PIN and pay' }).click();
  await expect(phone.getByRole('heading', { name: /Paid|Answered/ })).toBeVisible();
  await phone.close();

  // No socket for a visitor: the waiting screen asks until the payment is in, then the link says paid.
  await expect(buyer.getByTestId('pay-link-state')).toContainText('Paid — thank you!');
  await buyerContext.close();
});

// A WhatsApp buyer known only by a phone number: the owner finds nobody with it, creates the
// customer from the same number (carried over from Find, no e-mail), sends the order upcountry
// with the town and the courier's office, and lands on the result. The text to the phone (shown
// on screen by the SMS sandbox, as the phone codes are) carries the pay link and a claim link:
// the buyer sets an e-mail and password with it and finds the order in My orders.
test('a phone-only customer’s upcountry order: the texted claim link opens My orders', async ({ page, browser }) => {
  const tag = uniqueTag();
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Kitenge Shirt', price: 1200, tag });
  const digits = String(Date.now()).slice(-6);
  const phone = `0745 ${digits.slice(0, 3)} ${digits.slice(3)}`;

  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, admin);
  await page.goto('/admin/orders/new');
  await page.getByLabel('Phone number or e-mail address').fill(phone);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(`No customer found with ${phone}.`)).toBeVisible();
  await page.getByRole('button', { name: 'New customer' }).click();
  const newCustomer = page.getByRole('form', { name: 'New customer' });
  await expect(newCustomer.getByLabel('Phone (for SMS and WhatsApp)')).toHaveValue(phone);
  await newCustomer.getByLabel('Name').fill(`Baraka ${tag}`);
  await newCustomer.getByRole('button', { name: 'Use this customer' }).click();
  await expect(page.getByTestId('chosen-customer')).toHaveText(`Baraka ${tag}`);
  await expect(page.getByText(/No e-mail: texts only/)).toBeVisible();

  await page.getByLabel('Find items on sale').fill(product.name);
  await page.getByRole('button', { name: `Add ${product.name}` }).click();
  await page.getByLabel('Shipping option').selectOption({ label: 'Upcountry parcel (courier or matatu)' });
  await expect(page.getByText('Fill in the delivery details to see the total.')).toBeVisible();
  await page.getByLabel('Town', { exact: true }).fill('Eldoret');
  await page.getByLabel('Courier pickup office').fill('Easy Coach, Eldoret');
  // Ksh 1,200 − 10% on a first order + Ksh 350 for the parcel
  await expect(page.getByTestId('manual-order-total')).toHaveText('Ksh 1,430');

  await page.getByRole('button', { name: 'Create order and pay link' }).click();
  const done = page.getByRole('heading', { name: /^Order #\d+ created$/ });
  await expect(done).toBeFocused();
  await expect(done).toBeInViewport();
  await expect(page.getByText(/The customer has no e-mail address, so no e-mail is sent/)).toBeVisible();
  const orderId = Number((await done.textContent())?.match(/#(\d+)/)?.[1]);
  const link = await page.getByLabel('Pay link').inputValue();
  const text = (await page.getByTestId('sandbox-sms').textContent()) ?? '';
  expect(text).toContain(link);
  expect(text).toContain(`#${orderId}`);
  const claim = /https?:\/\/\S+\/claim\/[\w-]+/.exec(text)?.[0] ?? '';
  expect(claim).not.toBe('');

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText('Eldoret, Easy Coach, Eldoret').first()).toBeVisible();

  // The buyer, on her own phone, follows the claim link.
  const buyerContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(claim).pathname);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await expect(buyer.getByText(`Hi Baraka, the shop placed your order for ${phone}.`, { exact: false })).toBeVisible();
  await buyer.getByLabel('Email', { exact: true }).fill(`baraka-${tag}@e2e.test`);
  await buyer.getByLabel('Password', { exact: true }).fill('a long enough password');
  await buyer.getByLabel('Confirm Password', { exact: true }).fill('a long enough password');
  await buyer.getByRole('button', { name: 'Set up my account' }).click();
  await expect(buyer.getByRole('main').getByRole('status')).toContainText('Your account is ready.');
  await buyer.getByRole('link', { name: 'See my orders' }).click();
  await expect(buyer.getByText(`Order #${orderId}`, { exact: true })).toBeVisible();

  // The link worked once.
  await buyer.goto(new URL(claim).pathname);
  await expect(buyer.getByRole('alert')).toContainText('already has an e-mail address');
  await buyerContext.close();
});

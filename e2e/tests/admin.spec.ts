import { expect, test } from '@playwright/test';
import {
  adminSession,
  call,
  freshProduct,
  placeOrder,
  registerCustomer,
  uniqueTag,
  useSession,
  type Product,
} from '../support/api';
import { pngFiles } from '../support/images';

// Journey 8: the admin's screens. Categories and products CRUD with images uploaded through the
// form (and the 4-image rule), then orders: status filter, inline status change, order detail.

test('the admin manages categories and products, with images uploaded through the form', async ({ page }) => {
  const tag = uniqueTag();
  const categoryName = `E2E Admin ${tag}`;
  const renamed = `E2E Admin Renamed ${tag}`;
  const productName = `Safari Boots ${tag}`;
  await useSession(page, await adminSession());

  await page.goto('/admin/products');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Manage Products' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manage Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();

  // Categories: add, rename.
  const categoriesBox = page.getByRole('region', { name: 'Categories' });
  await categoriesBox.getByRole('button', { name: 'Add category' }).click();
  await expect(categoriesBox.getByText('Category name required')).toBeVisible();
  await categoriesBox.getByLabel('New category name').fill(categoryName);
  await categoriesBox.getByRole('button', { name: 'Add category' }).click();
  await expect(categoriesBox.getByText('Saved successfully')).toBeVisible();
  const categoryList = categoriesBox.getByRole('list', { name: 'Categories' });
  await expect(categoryList.getByText(categoryName, { exact: true })).toBeVisible();

  await categoryList.getByRole('button', { name: `Edit category ${categoryName}` }).click();
  await categoryList.getByLabel(`New name for ${categoryName}`).fill(renamed);
  await categoryList.getByRole('button', { name: 'Save' }).click();
  await expect(categoryList.getByText(renamed, { exact: true })).toBeVisible();
  await expect(categoryList.getByText(categoryName, { exact: true })).toHaveCount(0);

  // A new product with images: of five at once the first four are kept; two removed; two more
  // chosen keep one; remove it and move the second picture first.
  await page.getByRole('button', { name: 'New Product' }).click();
  const form = page.getByRole('dialog', { name: 'New Product' });
  await form.getByLabel('Name', { exact: true }).fill(productName);
  await form.getByLabel('Description', { exact: true }).fill('Suede desert boots, resoled, size 42.');
  await form.getByLabel('Price (Ksh)', { exact: true }).fill('1250');
  await form.getByLabel('Stock quantity', { exact: true }).fill('1');
  await form.getByRole('checkbox', { name: renamed, exact: true }).check();

  const picker = form.getByLabel('Choose images', { exact: true });
  const chosen = form.getByRole('list', { name: 'Chosen images' });
  await picker.setInputFiles(pngFiles(5, 'boots'));
  await expect(
    form.getByRole('alert').filter({ hasText: 'Only the first 4 photos of the 5 chosen were kept' }),
  ).toBeVisible();
  await expect(chosen.getByRole('listitem')).toHaveCount(4);
  await form.getByRole('button', { name: 'Remove image 4' }).click();
  await form.getByRole('button', { name: 'Remove image 3' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await picker.setInputFiles(pngFiles(3, 'more'));
  await expect(
    form.getByRole('alert').filter({ hasText: 'Only the first 2 photos of the 3 chosen were kept' }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Remove image 4' }).click();
  await form.getByRole('button', { name: 'Remove image 3' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  // Put the second picture first.
  await form.getByRole('button', { name: 'Move image 2 left' }).click();
  await expect(chosen.getByRole('img').first()).toHaveAccessibleName('Image 1: boots-2.png');

  await form.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText(`“${productName}” added to the shop.`)).toBeVisible();
  await expect(form).toBeHidden();

  // Find it in the table.
  await page.getByRole('search').getByLabel('Search products').fill(productName);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: productName }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ksh 1,250');
  await expect(row).toContainText(renamed);
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);

  const stored = (await call<Product[]>('GET', `/products/search?q=${encodeURIComponent(productName)}`))[0];
  const product = await call<Product>('GET', `/products/${stored.id}`);
  expect(product.images).toHaveLength(2);

  // Edit: the current images stay, price and stock change.
  await row.getByRole('button', { name: `Edit ${productName}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Product: ${productName}` });
  // The current pictures load into the list, each one movable and removable.
  await expect(edit.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(2);
  await edit.getByLabel('Price (Ksh)', { exact: true }).fill('1500');
  await edit.getByLabel('Stock quantity', { exact: true }).fill('2');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${productName}” saved.`)).toBeVisible();
  await expect(row).toContainText('Ksh 1,500');
  expect((await call<Product>('GET', `/products/${product.id}`)).images).toHaveLength(2);

  // The shop shows it with its pictures.
  const shopPage = await page.context().newPage();
  await shopPage.goto(`/products/${product.id}`);
  await expect(shopPage.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(shopPage.getByText('Ksh 1,500').first()).toBeVisible();
  await shopPage.close();

  // Delete the product, then the category, each after confirming.
  await row.getByRole('button', { name: `Delete ${productName}` }).click();
  const confirmProduct = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(confirmProduct).toContainText(productName);
  await confirmProduct.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`No products match “${productName}”.`)).toBeVisible();

  await categoryList.getByRole('button', { name: `Delete category ${renamed}` }).click();
  const confirmCategory = page.getByRole('dialog', { name: 'Delete category?' });
  await confirmCategory.getByRole('button', { name: 'Delete' }).click();
  await expect(categoriesBox.getByText(`Category “${renamed}” deleted.`)).toBeVisible();
  await expect(categoryList.getByText(renamed, { exact: true })).toHaveCount(0);
});

test('the admin filters orders, changes a status inline and opens the order detail', async ({ page }) => {
  const admin = await adminSession();
  const { product } = await freshProduct(admin, { label: 'Wax Print Shirt', price: 500 });
  const customer = await registerCustomer();
  const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
  await useSession(page, admin);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();

  const show = page.getByLabel('Show');
  await show.selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  const orderLink = page.getByRole('link', { name: `#${order.id}`, exact: true });
  const row = page.getByRole('row').filter({ has: orderLink });
  await expect(row).toContainText(customer.user.name);
  await expect(row).toContainText(customer.email);
  await expect(row.getByText('Unpaid')).toBeVisible();

  const inline = row.getByRole('combobox', { name: `Status of order #${order.id}` });
  await expect(inline).toHaveValue('pending');
  // An unpaid order offers only cancelling; it reaches processing when its payment is recorded.
  await expect(inline.getByRole('option')).toHaveText(['Pending', 'Cancelled']);

  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
  const info = page.getByRole('region', { name: 'Customer Info' });
  await expect(info).toContainText(customer.user.name);
  await expect(info).toContainText(customer.email);
  await expect(info).toContainText('CBD Delivery');
  await expect(info).toContainText(/712\s?345\s?678/);
  const items = page.getByRole('region', { name: 'Items' });
  const line = items.getByRole('row').filter({ hasText: product.name });
  await expect(line).toContainText('Ksh 500');
  await expect(line.getByRole('cell').first()).toHaveText('1');
  await expect(items.getByRole('row').filter({ hasText: /^Total/ })).toContainText('Ksh 500');

  // The customer's security log is one click away.
  await info.getByRole('link', { name: 'Security log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security log' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Security events' })).toContainText('Signed in');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();

  // The customer paid the shop's till: the admin records the M-Pesa code.
  const record = page.getByRole('form', { name: 'Record a payment' });
  await record.getByLabel('Reference (M-Pesa code)').fill('SKL4TY7PQ2');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded.')).toBeVisible();
  const details = page.getByRole('region', { name: 'Order Details' });
  await expect(details.getByLabel('Status', { exact: true })).toHaveValue('processing');
  await expect(details.getByText('Paid', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  // No longer pending: it left this filtered list…
  await expect(orderLink).toHaveCount(0);
  // …and shows under Processing, where the inline select ships it.
  await show.selectOption('processing');
  await expect(page).toHaveURL(/status=processing/);
  const shipped = row.getByRole('combobox', { name: `Status of order #${order.id}` });
  await expect(shipped).toHaveValue('processing');
  await shipped.selectOption('shipped');
  await expect(page.getByText(`Order #${order.id} status updated.`)).toBeVisible();
  await expect(orderLink).toHaveCount(0);
});

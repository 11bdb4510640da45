/**
 * The back office's catalogue (issue 32) through the rendered app against the real server: staff make a
 * product with a variance, its prices typed as decimals and stored as exact minor units, and find it in the
 * list with its prices and stock; fields are checked before anything is sent and a 400 naming a field is said
 * at that field; a variance's price and stop-sale are changed, a variance added and a product's sale stopped;
 * stock is adjusted with a reason, refused below zero in words with the stock there is, and a
 * double submit sends one request. A product's alcohol flag follows its type until ticked or unticked, and
 * is shown in the list; pictures are uploaded in the product dialog, reordered, removed and given alt text, and
 * customers see them. A member without a role sees none of it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct, staffCreateProduct, staffListProducts } from '../../contract/index.ts';
import { tinyPng } from '../support/images.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
let member: Shopper;
/** Requests that reached the server, by call name. */
const calls: Record<string, number> = {};
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await createTestApp();
  [staff, member] = await Promise.all([shopper(server, { address: false }), shopper(server, { address: false })]);
  await grantRole(server, staff.userId, 'staff');
  // An upload's PUT goes with the global fetch: answered by the in-process server.
  globalThis.fetch = async (input, init) => server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

async function openCatalogue(who: Shopper = staff) {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      const name = String(input).split('/api/')[1];
      if (name) calls[name] = (calls[name] ?? 0) + 1;
      return fetch(input, init);
    },
  });
  await signIn(view, who);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'catalogue' } });
  return { user, view };
}

/** Searches the products table for `text` and answers the row of the one product it then shows. */
async function findProductRow(user: ReturnType<typeof userEvent.setup>, text: string) {
  const table = await screen.findByRole('table', { name: 'Products, by id' });
  const find = screen.getByRole('search', { name: 'Find products' });
  await user.clear(within(find).getByLabelText('Name or product id'));
  await user.type(within(find).getByLabelText('Name or product id'), text);
  await user.click(within(find).getByRole('button', { name: 'Search' }));
  await waitFor(() => {
    expect(table.getAttribute('aria-busy')).toBe('false');
    // The header row and the one product's row (its variances' rows are in a table of their own).
    expect(table.querySelectorAll(':scope > tbody > tr')).toHaveLength(1);
    expect(within(table).getAllByText(new RegExp(text)).length).toBeGreaterThan(0);
  });
  return table.querySelector<HTMLElement>(':scope > tbody > tr')!;
}

describe('making a product', () => {
  it('checks the fields first, says a refused field at that field, then makes it with exact prices and shows it in the list', async () => {
    const word = 'Quillbrook';
    const { user } = await openCatalogue();
    await screen.findByRole('table', { name: 'Products, by id' });
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    const before = calls['staff-create-product'] ?? 0;

    // Nothing typed: each field says what it needs, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Make product' }));
    expect(await within(dialog).findByText('Choose the product type.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the English name (at most 120 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the variance’s English name (at most 60 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the price in HK$ as an amount such as 128 or 128.50 (at most 1,000,000.00).')).toBeTruthy();
    expect(calls['staff-create-product'] ?? 0).toBe(before);

    await user.selectOptions(within(dialog).getByLabelText('Product type'), 'tea');
    await user.type(within(dialog).getByLabelText('Name (English)'), `${word} Oolong`);
    await user.type(within(dialog).getByLabelText('Name (Chinese)'), `${word}烏龍茶`);
    await user.type(within(dialog).getByLabelText('Description (English)'), 'A roasted oolong.');
    await user.type(within(dialog).getByLabelText('Description (Chinese)'), '焙火烏龍。');
    // The shape of a seed, but a motif the artwork does not draw: the server refuses it, naming Images.
    await user.type(within(dialog).getByLabelText('Pictures (artwork seeds)'), 'dragon-120-3');
    const variance = within(dialog).getByRole('group', { name: 'Variance 1' });
    await user.type(within(variance).getByLabelText('Variance name (English)'), '50 g');
    await user.type(within(variance).getByLabelText('Variance name (Chinese)'), '50 克');
    await user.type(within(variance).getByLabelText('Price in HK$'), '128.5');
    // 16.29 × 100 is 1628.9999… in floating point: the amount is read from its digits.
    await user.type(within(variance).getByLabelText('Price in US$'), '16.29');
    await user.clear(within(variance).getByLabelText('Units in stock'));
    await user.type(within(variance).getByLabelText('Units in stock'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Make product' }));
    const pictures = within(dialog).getByLabelText('Pictures (artwork seeds)');
    await waitFor(() => expect(pictures.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(/^Enter 1 to 10 pictures as artwork seeds/)).toBeTruthy();
    expect(within(dialog).queryByText('Choose the product type.')).toBeNull();
    expect(calls['staff-create-product']).toBe(before + 1);

    await user.clear(pictures);
    await user.type(pictures, 'leaf-120-3 teapot-30-1');
    await user.click(within(dialog).getByRole('button', { name: 'Make product' }));
    expect(await screen.findByText(/^Product Quillbrook Oolong made \(tea-/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const [made] = (await server.call(staffListProducts, { Text: word }, auth(staff))).ProductList;
    expect(made).toMatchObject({
      ProductTypeID: 'tea',
      Name: { en: `${word} Oolong`, zh: `${word}烏龍茶` },
      Description: { en: 'A roasted oolong.', zh: '焙火烏龍。' },
      Images: ['leaf-120-3', 'teapot-30-1'],
      StopSell: false,
      Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 12850, USD: 1629 }, Stock: 40, StopSell: false }],
    });

    const row = await findProductRow(user, word);
    const variances = within(row).getByRole('table', { name: `Variances of ${word} Oolong` });
    const line = within(variances).getByRole('row', { name: /50 g/ });
    expect(within(line).getByText('HK$128.50')).toBeTruthy();
    expect(within(line).getByText('US$16.29')).toBeTruthy();
    expect(within(line).getByText('40')).toBeTruthy();
    expect(within(row).getByText('On sale')).toBeTruthy();
  });
});

describe('changing a product', () => {
  it('edits a variance’s price and stop-sale, adds a variance, and stops the product’s sale', async () => {
    const word = 'Mossgate';
    await server.call(
      staffCreateProduct,
      {
        ProductTypeID: 'tea',
        Name: { en: `${word} Black`, zh: `${word}紅茶` },
        Images: ['leaf-20-2'],
        Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 12800, USD: 1650 }, Stock: 10 }],
      },
      auth(staff),
    );
    const { user } = await openCatalogue();
    const row = await findProductRow(user, word);

    await user.click(within(row).getByRole('button', { name: `Edit variance 50 g of ${word} Black` }));
    let dialog = await screen.findByRole('dialog', { name: `Edit variance 50 g of ${word} Black` });
    const hkd = within(dialog).getByLabelText('Price in HK$') as HTMLInputElement;
    expect(hkd.value).toBe('128.00');
    // Stock moves only through Adjust stock.
    expect(within(dialog).queryByLabelText('Units in stock')).toBeNull();
    await user.clear(hkd);
    await user.type(hkd, '99.9');
    await user.click(within(dialog).getByLabelText('Variance sale stopped'));
    await user.click(within(dialog).getByRole('button', { name: 'Save variance' }));
    expect(await screen.findByText('Variance 50 g saved.')).toBeTruthy();
    await waitFor(() => expect(within(within(row).getByRole('table')).getByText('HK$99.90')).toBeTruthy());
    expect(within(row).getByText('sale stopped')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: `Add a variance to ${word} Black` }));
    dialog = await screen.findByRole('dialog', { name: `Add a variance to ${word} Black` });
    await user.type(within(dialog).getByLabelText('Variance name (English)'), 'Sample');
    await user.type(within(dialog).getByLabelText('Variance name (Chinese)'), '試飲裝');
    await user.type(within(dialog).getByLabelText('Price in HK$'), '38');
    await user.type(within(dialog).getByLabelText('Price in US$'), '4.9');
    await user.clear(within(dialog).getByLabelText('Units in stock'));
    await user.type(within(dialog).getByLabelText('Units in stock'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add variance' }));
    expect(await screen.findByText('Variance Sample added.')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('US$4.90')).toBeTruthy());

    await user.click(within(row).getByRole('button', { name: `Edit product ${word} Black` }));
    dialog = await screen.findByRole('dialog', { name: `Edit product ${word} Black` });
    await user.click(within(dialog).getByLabelText('Sale stopped (customers see it but cannot buy it)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(`Product ${word} Black saved.`)).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Stopped')).toBeTruthy());

    const [changed] = (await server.call(staffListProducts, { Text: word }, auth(staff))).ProductList;
    expect(changed).toMatchObject({
      StopSell: true,
      Variances: [
        { Name: { en: '50 g' }, Price: { HKD: 9990, USD: 1650 }, Stock: 10, StopSell: true },
        { Name: { en: 'Sample', zh: '試飲裝' }, Price: { HKD: 3800, USD: 490 }, Stock: 5, StopSell: false },
      ],
    });
  });
});

describe('adjusting stock', () => {
  it('needs an amount and a reason, is refused below zero in words with the stock there is, and a double submit sends one request', async () => {
    const word = 'Fernhollow';
    const { Product } = await server.call(
      staffCreateProduct,
      {
        ProductTypeID: 'tea',
        Name: { en: `${word} Green`, zh: `${word}綠茶` },
        Images: ['leaf-90-1'],
        Variances: [{ Name: { en: 'Tin', zh: '罐' }, Price: { HKD: 10000, USD: 1300 }, Stock: 4 }],
      },
      auth(staff),
    );
    const varianceId = Product.Variances[0]!.VarianceID;
    const { user } = await openCatalogue();
    const row = await findProductRow(user, word);
    await user.click(within(row).getByRole('button', { name: `Adjust stock of Tin, ${word} Green` }));
    const dialog = await screen.findByRole('dialog', { name: `Adjust stock of Tin, ${word} Green` });
    const before = calls['staff-adjust-stock'] ?? 0;

    await user.type(within(dialog).getByLabelText('Change in units'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByText(/^Enter a whole number of units other than 0/)).toBeTruthy();
    expect(within(dialog).getByText('Say why the stock moves (at most 200 characters).')).toBeTruthy();
    expect(calls['staff-adjust-stock'] ?? 0).toBe(before);

    await user.clear(within(dialog).getByLabelText('Change in units'));
    await user.type(within(dialog).getByLabelText('Change in units'), '-5');
    await user.type(within(dialog).getByLabelText('Reason'), 'count correction');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByText('That would take the stock below zero: there are 4 in stock. Nothing was changed.')).toBeTruthy();
    expect(await stockOf(server, varianceId)).toBe(4);

    await user.clear(within(dialog).getByLabelText('Change in units'));
    await user.type(within(dialog).getByLabelText('Change in units'), '-3');
    const sent = calls['staff-adjust-stock']!;
    await user.dblClick(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await screen.findByText('Stock of Tin is now 1.')).toBeTruthy();
    expect(calls['staff-adjust-stock']).toBe(sent + 1);
    expect(await stockOf(server, varianceId)).toBe(1);
    const line = within(row).getByRole('row', { name: /Tin/ });
    await waitFor(() => expect(within(line).getByText('1')).toBeTruthy());
  });
});

describe('alcohol', () => {
  it('a new product’s flag follows its type until ticked; it is saved, listed, and unticked again by editing', async () => {
    const word = 'Briarwick';
    const { user } = await openCatalogue();
    await screen.findByRole('table', { name: 'Products, by id' });
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    const alcohol = within(dialog).getByLabelText('Alcohol (customers see 18+ and confirm their age to buy it)') as HTMLInputElement;
    await user.selectOptions(within(dialog).getByLabelText('Product type'), 'spirits');
    expect(alcohol.checked).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Product type'), 'tea');
    expect(alcohol.checked).toBe(false);
    // A tea liqueur: staff say it is alcohol, whatever its type.
    await user.click(alcohol);
    await user.type(within(dialog).getByLabelText('Name (English)'), `${word} Tea Liqueur`);
    await user.type(within(dialog).getByLabelText('Name (Chinese)'), `${word}茶酒`);
    await user.type(within(dialog).getByLabelText('Pictures (artwork seeds)'), 'bottle-120-3');
    const variance = within(dialog).getByRole('group', { name: 'Variance 1' });
    await user.type(within(variance).getByLabelText('Variance name (English)'), '500 ml');
    await user.type(within(variance).getByLabelText('Variance name (Chinese)'), '500 毫升');
    await user.type(within(variance).getByLabelText('Price in HK$'), '288');
    await user.type(within(variance).getByLabelText('Price in US$'), '37');
    await user.click(within(dialog).getByRole('button', { name: 'Make product' }));
    expect(await screen.findByText(/^Product Briarwick Tea Liqueur made/)).toBeTruthy();
    const [made] = (await server.call(staffListProducts, { Text: word }, auth(staff))).ProductList;
    expect(made).toMatchObject({ ProductTypeID: 'tea', IsAlcohol: true });

    const row = await findProductRow(user, word);
    expect(within(row).getByText('Yes, 18+')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: `Edit product ${word} Tea Liqueur` }));
    const edit = await screen.findByRole('dialog', { name: `Edit product ${word} Tea Liqueur` });
    const flag = within(edit).getByLabelText('Alcohol (customers see 18+ and confirm their age to buy it)') as HTMLInputElement;
    expect(flag.checked).toBe(true);
    await user.click(flag);
    await user.click(within(edit).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(`Product ${word} Tea Liqueur saved.`)).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('No')).toBeTruthy());
    expect((await server.call(getProduct, { ProductID: made!.ProductID, Currency: 'HKD' })).Product.IsAlcohol).toBe(false);
  });
});

describe('uploaded pictures', () => {
  const png = (name: string, rgba: [number, number, number, number]) => new File([new Uint8Array(tinyPng(rgba))], name, { type: 'image/png' });

  it('are uploaded, refused in words when not pictures, reordered, removed and given alt text in the product dialog, and customers see them', async () => {
    const word = 'Cinderfold';
    const { Product } = await server.call(
      staffCreateProduct,
      { ProductTypeID: 'tea', Name: { en: `${word} White`, zh: `${word}白茶` }, Images: ['leaf-60-2'], Variances: [{ Name: { en: 'Tin', zh: '罐' }, Price: { HKD: 9800, USD: 1250 }, Stock: 8 }] },
      auth(staff),
    );
    const { user } = await openCatalogue();
    const row = await findProductRow(user, word);
    await user.click(within(row).getByRole('button', { name: `Edit product ${word} White` }));
    let dialog = await screen.findByRole('dialog', { name: `Edit product ${word} White` });
    expect(within(dialog).getByText('No pictures uploaded: customers see the artwork.')).toBeTruthy();

    // "All files" picked in the chooser: a text file is refused in words, before any upload.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(within(dialog).getByLabelText('Upload pictures'), [png('leaves.png', [90, 140, 100, 255]), new File(['notes'], 'notes.txt', { type: 'text/plain' }), png('tin.png', [200, 120, 40, 255]), png('cup.png', [40, 60, 200, 255])]);
    expect(await within(dialog).findByText('notes.txt is not a JPEG, PNG or WebP picture.')).toBeTruthy();
    const list = await within(dialog).findByRole('list', { name: 'Uploaded pictures, in the order customers see them' });
    await waitFor(() => expect(within(list).getAllByRole('group')).toHaveLength(3));
    // Decorative thumbnails (alt ""): read by their addresses, in the order uploaded.
    const uploaded = [...list.querySelectorAll('img')].map((img) => img.getAttribute('src')!.replace('/media/upload/', ''));
    expect(uploaded).toHaveLength(3);

    // tin first, leaves second, cup removed; alt text for the first.
    await user.click(within(list).getByRole('button', { name: 'Move picture 2 earlier' }));
    await user.click(within(list).getByRole('button', { name: 'Remove picture 3' }));
    const first = within(list).getByRole('group', { name: 'Picture 1' });
    await user.type(within(first).getByLabelText('Alt text (English)'), 'A tin of white tea');
    await user.type(within(first).getByLabelText('Alt text (Chinese)'), '一罐白茶');
    await user.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(`Product ${word} White saved.`)).toBeTruthy();

    const [saved] = (await server.call(staffListProducts, { Text: word }, auth(staff))).ProductList;
    expect(saved!.Photos).toMatchObject([
      { MediaID: uploaded[1], Alt: { en: 'A tin of white tea', zh: '一罐白茶' } },
      { MediaID: uploaded[0], Alt: { en: '', zh: '' } },
    ]);
    const customer = (await server.call(getProduct, { ProductID: Product.ProductID, Currency: 'HKD' })).Product;
    expect(customer.Image).toBe(`/media/upload/${uploaded[1]}`);
    expect(customer.ImageAlt?.[0]).toEqual({ en: 'A tin of white tea', zh: '一罐白茶' });
    // The list shows what customers see first.
    await waitFor(() => expect(row.querySelector('img')?.getAttribute('src')).toBe(`/media/upload/${uploaded[1]}`));

    // Opened again, the dialog shows them in that order with their alt text; saving unchanged sends no pictures.
    const sent = calls['staff-set-product-photos'];
    await user.click(within(row).getByRole('button', { name: `Edit product ${word} White` }));
    dialog = await screen.findByRole('dialog', { name: `Edit product ${word} White` });
    const again = within(dialog).getByRole('group', { name: 'Picture 1' });
    expect((within(again).getByLabelText('Alt text (English)') as HTMLInputElement).value).toBe('A tin of white tea');
    expect(within(dialog).getAllByRole('group', { name: /^Picture \d$/ })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(`Product ${word} White saved.`)).toBeTruthy();
    expect(calls['staff-set-product-photos']).toBe(sent);
  });
});

describe('a member without a role', () => {
  it('sees no catalogue', async () => {
    await openCatalogue(member);
    expect(await screen.findByRole('heading', { name: 'This part of the shop is not for you' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Products, by id' })).toBeNull();
  });
});

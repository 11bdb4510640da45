import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { renderApp } from '../support/render-app.tsx';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('product page', () => {
  it('shows an in-stock product with its price, sizes and related products', async () => {
    await renderApp(server, '/product/tea-tieguanyin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    const sizes = screen.getByRole('radiogroup');
    expect(within(sizes).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText('HK$168.00', { selector: '.product-price .price' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'You may also like' })).toBeTruthy();
  });

  it('shows "Last 3 left" when the low-stock size is chosen', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/product/tea-tieguanyin');
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
    const radios = within(screen.getByRole('radiogroup')).getAllByRole('radio');
    await user.click(radios[1]!);
    expect(await screen.findByText('Last 3 left')).toBeTruthy();
    expect(screen.queryByText('In stock')).toBeNull();
  });

  it('shows an out-of-stock product as such', async () => {
    await renderApp(server, '/product/coffee-yirgacheffe');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Out of stock', { selector: '.stock' })).toBeTruthy();
  });

  it('shows "Product not found" for an unknown id', async () => {
    await renderApp(server, '/product/no-such-product');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
  });

  it('shows a stopped sale as no longer available', async () => {
    await renderApp(server, '/product/spirits-baijiu-moutai-style');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('No longer available', { selector: '.stock' })).toBeTruthy();
    expect(screen.getByText(/aged 18 or over/)).toBeTruthy();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { renderApp } from '../support/render-app.tsx';
import { setStock } from '../support/shop.ts';

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
    expect(within(screen.getByRole('main')).getByText(/aged 18 or over/)).toBeTruthy();
  });

  it('marks a size that cannot be bought as such before it is chosen', async () => {
    await setStock(server, 'tea-tieguanyin-150g', 0);
    try {
      await renderApp(server, '/product/tea-tieguanyin');
      await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
      const sizes = within(screen.getByRole('radiogroup'));
      // The page shows the 50 g, which is in stock; the 150 g says it is out of stock up front.
      expect(screen.getByText('In stock')).toBeTruthy();
      expect(sizes.getByRole('radio', { name: /^150 g/ }).matches(':checked, [aria-checked="true"]')).toBe(false);
      expect(sizes.getByRole('radio', { name: /^150 g/ }).closest('label')!.textContent).toContain('Out of stock');
      expect(sizes.getByRole('radio', { name: /^50 g/ }).closest('label')!.textContent).not.toContain('Out of stock');
    } finally {
      await setStock(server, 'tea-tieguanyin-150g', 3);
    }
  });
});

describe('prices', () => {
  const price = () => screen.getByText(/\$/, { selector: '.product-price .price' }).textContent;

  it('name the dollar: US$ and HK$ in English', async () => {
    const view = await renderApp(server, '/product/tea-tieguanyin');
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
    expect(price()).toBe('HK$168.00');
    act(() => view.services.preferences.setCurrency('USD'));
    await waitFor(() => expect(price()).toBe('US$21.50'));
    // Every price on the page, the sizes' too.
    const sizes = within(screen.getByRole('radiogroup'));
    expect(sizes.getByRole('radio', { name: /^50 g/ }).closest('label')!.textContent).toContain('US$21.50');
    expect(sizes.getByRole('radio', { name: /^150 g/ }).closest('label')!.textContent).toContain('US$58.50');
  });

  it('and in Chinese', async () => {
    const view = await renderApp(server, '/product/tea-tieguanyin', { locale: 'zh-Hant' });
    await screen.findByRole('heading', { level: 1, name: '安溪鐵觀音' });
    expect(price()).toBe('HK$168.00');
    act(() => view.services.preferences.setCurrency('USD'));
    await waitFor(() => expect(price()).toBe('US$21.50'));
  });
});

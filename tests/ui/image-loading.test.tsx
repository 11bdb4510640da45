/**
 * Pictures load as a first visit sees them (issue 14, Fast): the page's largest picture (the first big
 * banner, the product's gallery picture, a product type's banner, else the first card) at once and at
 * high priority, the first row of cards eagerly, every other picture lazily; each with its size.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROW } from '../../src/ui/ProductCard.tsx';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const how = (img: Element) => ({
  loading: img.getAttribute('loading'),
  priority: img.getAttribute('fetchpriority'),
  sized: Boolean(img.getAttribute('width') && img.getAttribute('height')),
});
const eagerHigh = { loading: 'eager', priority: 'high', sized: true };
const lazy = { loading: 'lazy', priority: null, sized: true };

const cardPictures = (grid: Element) => [...grid.querySelectorAll('img.product-card-image')];

describe('picture loading', () => {
  it('home: the first big banner at high priority, the rest and every card lazily', async () => {
    const { container } = await renderApp(server, '/home');
    await screen.findByRole('heading', { name: 'Best sellers' });
    const banners = [...container.querySelectorAll('.banner-rail img')];
    expect(banners.length).toBeGreaterThan(1);
    expect(how(banners[0]!)).toEqual(eagerHigh);
    for (const banner of banners.slice(1)) expect(how(banner)).toEqual(lazy);
    const cards = [...container.querySelectorAll('img.product-card-image')];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(how(card)).toEqual(lazy);
  });

  it('search results: the first row eagerly, its first card at high priority, the others lazily', async () => {
    await renderApp(server, '/search_result/tea');
    const grid = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(cardPictures(grid).length).toBeGreaterThan(FIRST_ROW));
    const pictures = cardPictures(grid);
    expect(how(pictures[0]!)).toEqual(eagerHigh);
    for (const picture of pictures.slice(1, FIRST_ROW)) expect(how(picture)).toEqual({ loading: 'eager', priority: null, sized: true });
    for (const picture of pictures.slice(FIRST_ROW)) expect(how(picture)).toEqual(lazy);
  });

  it('a product: its gallery picture at high priority, the thumbnails lazily', async () => {
    await renderApp(server, '/product/tea-tieguanyin');
    const main = await screen.findByRole('img', { name: 'Anxi Tieguanyin' });
    expect(how(main)).toEqual(eagerHigh);
    const thumbs = [...document.querySelectorAll('.gallery-thumbs img')];
    expect(thumbs.length).toBeGreaterThan(1);
    for (const thumb of thumbs) expect(how(thumb)).toEqual(lazy);
  });

  it("a product type's page: its banner at high priority, the first row of cards eagerly", async () => {
    const { container } = await renderApp(server, '/new_in/tea');
    const grid = await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(container.querySelector('.banner-wide img')).not.toBeNull());
    expect(how(container.querySelector('.banner-wide img')!)).toEqual(eagerHigh);
    await waitFor(() => expect(cardPictures(grid).length).toBeGreaterThan(FIRST_ROW));
    const pictures = cardPictures(grid);
    for (const picture of pictures.slice(0, FIRST_ROW)) expect(how(picture)).toEqual({ loading: 'eager', priority: null, sized: true });
    for (const picture of pictures.slice(FIRST_ROW)) expect(how(picture)).toEqual(lazy);
  });
});

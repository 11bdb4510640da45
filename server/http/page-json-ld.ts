/**
 * schema.org data of a page (issue 14, 15): a product with its offers, an event's sessions to come. Written as
 * a <script type="application/ld+json"> data block, which no script-src governs; nothing in it can close the
 * element (jsonForScript).
 */
import { minorDigits } from '../services/money.ts';
import type { EventFacts, ProductFacts } from '../services/page-facts.ts';
import { SHOP_NAME } from './page-markup.ts';

/** JSON for a <script type="application/ld+json">: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A price in major units with its minor digits, as schema.org wants it: 38000 HKD → "380.00". */
export const majorUnits = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

/** The product and its offers (every variance), prices in HKD. */
export function productJsonLd(product: ProductFacts, url: string, absolute: (path: string) => string) {
  const offers = product.variances.map((v) => ({
    '@type': 'Offer',
    sku: v.id,
    name: v.name,
    price: majorUnits(v.priceHkd, 'HKD'),
    priceCurrency: 'HKD',
    availability: `https://schema.org/${v.inStock ? 'InStock' : 'OutOfStock'}`,
    url,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    sku: product.id,
    name: product.name,
    description: product.description,
    image: product.images.map(absolute),
    category: product.typeName,
    ...(offers.length ? { offers } : {}),
  };
}

/** Hong Kong is UTC+8 all year: an instant as Hong Kong wall-clock time with its offset, as schema.org dates are best given. */
const hongKongIso = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

const EVENT_AVAILABILITY = { OnSale: 'InStock', SoldOut: 'SoldOut', NotOpen: 'PreOrder', Closed: 'SoldOut', Past: 'SoldOut' } as const;

/** One schema.org Event per session to come (an event held on several dates is several events). */
export function eventJsonLd(event: EventFacts, url: string, absolute: (path: string) => string) {
  const place = {
    '@type': 'Place',
    name: event.venue,
    address: { '@type': 'PostalAddress', streetAddress: event.address, addressLocality: event.district, addressRegion: 'Hong Kong', addressCountry: 'HK' },
    hasMap: event.mapUrl,
  };
  return {
    '@context': 'https://schema.org',
    '@graph': event.sessions.map((session) => ({
      '@type': 'Event',
      '@id': `${url}#${session.id}`,
      name: event.title,
      description: event.description,
      image: [absolute(event.image)],
      startDate: hongKongIso(session.startsAt),
      endDate: hongKongIso(session.endsAt),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: place,
      ...(event.isAlcohol ? { typicalAgeRange: '18-' } : {}),
      offers: {
        '@type': 'Offer',
        sku: session.id,
        price: majorUnits(session.priceHkd, 'HKD'),
        priceCurrency: 'HKD',
        availability: `https://schema.org/${EVENT_AVAILABILITY[session.status]}`,
        validFrom: hongKongIso(session.saleOpensAt),
        url,
      },
      performer: { '@type': 'Person', name: event.hostName, description: event.hostBio },
      organizer: { '@type': 'Organization', name: SHOP_NAME, url: absolute('/home') },
    })),
  };
}

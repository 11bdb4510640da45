import * as v from 'valibot';

/**
 * Fields staff type into the back office's event forms (issue 32), in a small file of their own so that the
 * /admin events screen checks them with the very schemas staff-create-event and staff-update-event use, without
 * taking the calls' other schemas into its chunk (build/contract-descriptors.ts: a client build keeps no call's
 * body schema).
 */

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 5000;
/** A host's name, a venue's name, a district. */
export const EVENT_NAME_MAX = 120;
export const EVENT_BIO_MAX = 2000;
export const EVENT_ADDRESS_MAX = 300;
export const EVENT_REMARK_MAX = 1000;
export const EVENT_MAP_URL_MAX = 500;

const Name = (max: number) => v.pipe(v.string('a name'), v.trim(), v.minLength(1, 'a name'), v.maxLength(max, `at most ${max} characters`));
const Text = (max: number) => v.pipe(v.string('a text'), v.trim(), v.maxLength(max, `at most ${max} characters`));
const bilingual = <S extends v.GenericSchema<string, string>>(schema: S) => v.object({ en: schema, zh: schema });

export const EventTitle = bilingual(Name(EVENT_TITLE_MAX));
export const EventDescription = bilingual(Text(EVENT_DESCRIPTION_MAX));
export const EventRemark = bilingual(Text(EVENT_REMARK_MAX));

/** Who hosts it, as its page names them: a name, and a few words about them (may be empty). */
export const EventHostFields = v.object({ Name: bilingual(Name(EVENT_NAME_MAX)), Bio: bilingual(Text(EVENT_BIO_MAX)) });

/**
 * A map link for the address: https only (the event page makes it a link, so no other scheme may reach it),
 * or empty for none.
 */
export const EventMapUrl = v.pipe(
  v.string('a link'),
  v.trim(),
  v.maxLength(EVENT_MAP_URL_MAX, `at most ${EVENT_MAP_URL_MAX} characters`),
  v.check((url) => url === '' || (/^https:\/\/[^\s/]+\S*$/.test(url) && URL.canParse(url)), 'an https:// link'),
);

/** Where it is held: the venue's name, its address and district (each in both languages) and a map link. */
export const EventLocationFields = v.object({
  Name: bilingual(Name(EVENT_NAME_MAX)),
  Address: bilingual(Name(EVENT_ADDRESS_MAX)),
  District: bilingual(Name(EVENT_NAME_MAX)),
  MapURL: EventMapUrl,
});

/**
 * An event's cover as the events table stores it: an artwork seed `<motif>-<hue>-<variant>` (served at
 * /media/art/<seed>.svg; that address is taken too and stored as its seed). The server checks the motif.
 */
export const EventImage = v.pipe(
  v.string('an artwork seed'),
  v.maxLength(64, 'an artwork seed'),
  v.transform((image) => image.trim().replace(/^\/media\/art\//, '').replace(/\.svg$/, '')),
  v.regex(/^[a-z]+-(0|[1-9][0-9]{0,2})-[0-9]$/, 'an artwork seed such as teapot-28-3'),
);

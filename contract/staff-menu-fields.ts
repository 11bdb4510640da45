import * as v from 'valibot';

/**
 * What staff type into the back office's navigation and footer editors (issue 32), in a small file of its own so
 * the /admin content screen checks the words with the very schemas staff-save-navigation-menu and
 * staff-save-footer use, without taking the calls' other schemas into its chunk (build/contract-descriptors.ts).
 * Whether a target is a page of the shop the server decides, against the SPA's route tree.
 */

export const MENU_ENTRIES_MAX = 16;
export const MENU_LABEL_MAX = 40;
export const MENU_TARGET_MAX = 200;
export const FOOTER_COLUMNS_MAX = 6;
export const FOOTER_LINKS_MAX = 12;
export const FOOTER_NOTE_MAX = 400;

const Label = v.pipe(v.string('a label'), v.trim(), v.minLength(1, 'a label'), v.maxLength(MENU_LABEL_MAX, `at most ${MENU_LABEL_MAX} characters`));

/** A menu entry's or a footer column's words, in both languages. */
export const MenuLabel = v.object({ en: Label, zh: Label });

/**
 * Where an entry leads: a page of the shop, one '/' then its path, and optionally '#' and a block of it
 * ('/home#upcoming-tastings': the SPA's ContentLink scrolls there). Full and protocol-relative addresses would
 * send customers off the shop; a query string is not something the menus carry.
 */
export const MenuTarget = v.pipe(
  v.string('a page of the shop'),
  v.trim(),
  v.maxLength(MENU_TARGET_MAX, `at most ${MENU_TARGET_MAX} characters`),
  v.regex(/^\/(?![/\\])[^\s\\?#]*(?:#[A-Za-z0-9_-]+)?$/, 'a page of the shop starting with one /, such as /new_in or /home#upcoming-tastings'),
);

export const MenuEntry = v.object({ Label: MenuLabel, To: MenuTarget });

/** The top menu, in the order customers see it: at least one entry (an empty bar says nothing). */
export const NavigationMenuEntries = v.pipe(
  v.array(MenuEntry, 'a list of entries'),
  v.minLength(1, 'at least one entry'),
  v.maxLength(MENU_ENTRIES_MAX, `at most ${MENU_ENTRIES_MAX} entries`),
);

export const FooterColumn = v.object({
  Title: MenuLabel,
  Links: v.pipe(v.array(MenuEntry, 'a list of links'), v.minLength(1, 'at least one link'), v.maxLength(FOOTER_LINKS_MAX, `at most ${FOOTER_LINKS_MAX} links`)),
});

export const FooterColumns = v.pipe(v.array(FooterColumn, 'a list of columns'), v.maxLength(FOOTER_COLUMNS_MAX, `at most ${FOOTER_COLUMNS_MAX} columns`));

const Note = v.pipe(v.string('a text'), v.trim(), v.maxLength(FOOTER_NOTE_MAX, `at most ${FOOTER_NOTE_MAX} characters`));
/** The line under the footer's columns (the company, the alcohol notice); may be empty. */
export const FooterNote = v.object({ en: Note, zh: Note });

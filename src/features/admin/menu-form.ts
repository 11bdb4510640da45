/**
 * The top menu's and the footer's forms (issue 32) read with the very schemas staff-save-navigation-menu and
 * staff-save-footer check (contract/staff-menu-fields.ts): each entry's words and target, or which of them are
 * wrong. Whether a target is a page of the shop only the server knows (the SPA's route tree); a refusal names the
 * entry ('Menu.2.To', 'Columns.1.Links.0.To'), which menuFieldOf turns back into a row and a field.
 */
import * as v from 'valibot';
import type { Link } from '../../../contract/content.ts';
import { FOOTER_COLUMNS_MAX, FOOTER_LINKS_MAX, FooterNote, MENU_ENTRIES_MAX, MenuLabel, MenuTarget } from '../../../contract/staff-menu-fields.ts';

export type LinkField = 'labelEn' | 'labelZh' | 'to';
/** One entry as typed; `key` tells rows apart while they move. */
export interface LinkRow {
  key: string;
  labelEn: string;
  labelZh: string;
  to: string;
}
/** What is wrong with an entry: a field left wrong, or a target another entry of its list has already. */
export type RowErrors = Partial<Record<LinkField, 'invalid' | 'duplicate'>>;

const newKey = () => crypto.randomUUID();

export const linkRow = (link?: Link): LinkRow => ({ key: newKey(), labelEn: link?.Label.en ?? '', labelZh: link?.Label.zh ?? '', to: link?.To ?? '' });
export const linkRows = (links: readonly Link[]): LinkRow[] => links.map(linkRow);

/** The rows as links, or each wrong row's problems by its key. */
export function readLinks(rows: readonly LinkRow[]): { links: Link[] } | { errors: Record<string, RowErrors> } {
  const errors: Record<string, RowErrors> = {};
  const links: Link[] = [];
  const targets = new Set<string>();
  for (const row of rows) {
    const wrong: RowErrors = {};
    const label = v.safeParse(MenuLabel, { en: row.labelEn, zh: row.labelZh });
    if (!label.success) {
      for (const issue of label.issues) wrong[issue.path?.[0]?.key === 'zh' ? 'labelZh' : 'labelEn'] = 'invalid';
    }
    const to = v.safeParse(MenuTarget, row.to);
    if (!to.success) wrong.to = 'invalid';
    else if (targets.has(to.output)) wrong.to = 'duplicate';
    else targets.add(to.output);
    if (Object.keys(wrong).length) errors[row.key] = wrong;
    else if (label.success && to.success) links.push({ Label: label.output, To: to.output });
  }
  return Object.keys(errors).length ? { errors } : { links };
}

/** Too few or too many entries for the top menu. */
export const menuCountWrong = (rows: readonly LinkRow[]) => rows.length === 0 || rows.length > MENU_ENTRIES_MAX;

export interface FooterColumnRows {
  key: string;
  titleEn: string;
  titleZh: string;
  links: LinkRow[];
}

export const footerColumnRows = (column?: { Title: { en: string; zh: string }; Links: Link[] }): FooterColumnRows => ({
  key: newKey(),
  titleEn: column?.Title.en ?? '',
  titleZh: column?.Title.zh ?? '',
  links: column ? linkRows(column.Links) : [linkRow()],
});

export type ColumnField = 'titleEn' | 'titleZh' | 'links';
export interface FooterErrors {
  columns: Record<string, Partial<Record<ColumnField, 'invalid' | 'duplicate'>>>;
  links: Record<string, RowErrors>;
  noteEn?: true;
  noteZh?: true;
}

export interface FooterBody {
  Columns: { Title: { en: string; zh: string }; Links: Link[] }[];
  Note: { en: string; zh: string };
}

/** The footer's body, or what is wrong where. */
export function readFooter(columns: readonly FooterColumnRows[], note: { en: string; zh: string }): { body: FooterBody } | { errors: FooterErrors } {
  const errors: FooterErrors = { columns: {}, links: {} };
  const out: FooterBody['Columns'] = [];
  const titles = new Set<string>();
  for (const column of columns) {
    const wrong: FooterErrors['columns'][string] = {};
    const title = v.safeParse(MenuLabel, { en: column.titleEn, zh: column.titleZh });
    if (!title.success) for (const issue of title.issues) wrong[issue.path?.[0]?.key === 'zh' ? 'titleZh' : 'titleEn'] = 'invalid';
    else if (titles.has(title.output.en.toLowerCase())) wrong.titleEn = 'duplicate';
    else titles.add(title.output.en.toLowerCase());
    if (column.links.length === 0 || column.links.length > FOOTER_LINKS_MAX) wrong.links = 'invalid';
    const links = readLinks(column.links);
    if ('errors' in links) Object.assign(errors.links, links.errors);
    if (Object.keys(wrong).length) errors.columns[column.key] = wrong;
    if (title.success && 'links' in links) out.push({ Title: title.output, Links: links.links });
  }
  const parsedNote = v.safeParse(FooterNote, note);
  if (!parsedNote.success) {
    for (const issue of parsedNote.issues) {
      if (issue.path?.[0]?.key === 'zh') errors.noteZh = true;
      else errors.noteEn = true;
    }
  }
  const wrong = Object.keys(errors.columns).length || Object.keys(errors.links).length || errors.noteEn || errors.noteZh || columns.length > FOOTER_COLUMNS_MAX;
  if (wrong || !parsedNote.success) return { errors };
  return { body: { Columns: out, Note: parsedNote.output } };
}

/**
 * The entry a refusal names: 'Menu.2.To' → row 2 of the menu's list, 'Columns.1.Links.0.To' → row 0 of column 1,
 * 'Columns.1.Title.en' → column 1's English title.
 */
export function menuFieldOf(serverField: string | undefined):
  | { list: 'menu'; row: number; field: LinkField }
  | { list: 'column'; column: number; row: number; field: LinkField }
  | { list: 'title'; column: number; field: 'titleEn' | 'titleZh' }
  | undefined {
  if (!serverField) return undefined;
  const fields: Record<string, LinkField> = { To: 'to', 'Label.en': 'labelEn', 'Label.zh': 'labelZh' };
  const fieldOf = (rest: string): LinkField | undefined => fields[rest];
  const menu = /^Menu\.(\d+)\.(.+)$/.exec(serverField);
  if (menu) {
    const field = fieldOf(menu[2]!);
    return field ? { list: 'menu', row: Number(menu[1]), field } : undefined;
  }
  const link = /^Columns\.(\d+)\.Links\.(\d+)\.(.+)$/.exec(serverField);
  if (link) {
    const field = fieldOf(link[3]!);
    return field ? { list: 'column', column: Number(link[1]), row: Number(link[2]), field } : undefined;
  }
  const title = /^Columns\.(\d+)\.Title\.(en|zh)$/.exec(serverField);
  if (title) return { list: 'title', column: Number(title[1]), field: title[2] === 'zh' ? 'titleZh' : 'titleEn' };
  return undefined;
}

/** Moves the item at `from` by one place up (-1) or down (+1). */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * The content screen's forms (issue 32) read with the very schemas staff-content's calls check
 * (contract/staff-content-fields.ts): what staff typed becomes a call body, or the fields that are wrong.
 */
import * as v from 'valibot';
import type { StaffBanner, StaffInformationPage } from '../../../contract/index.ts';
import {
  BannerImage,
  BannerKind,
  BannerLink,
  BannerSort,
  BannerSubtitle,
  BannerTitle,
  InformationContent,
  InformationTitle,
} from '../../../contract/staff-content-fields.ts';
import type { InformationPageId } from '../../../contract/content.ts';

export interface BannerFormValues {
  kind: BannerKind;
  productTypeId: string;
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  image: string;
  link: string;
  sort: string;
}
export type BannerField = keyof BannerFormValues;
export type FieldErrors<F extends string> = Partial<Record<F, true>>;

export const newBannerValues = (): BannerFormValues => ({
  kind: 'big',
  productTypeId: '',
  titleEn: '',
  titleZh: '',
  subtitleEn: '',
  subtitleZh: '',
  image: '',
  link: '/',
  sort: '0',
});

export const bannerValues = (b: StaffBanner): BannerFormValues => ({
  kind: b.Kind,
  productTypeId: b.ProductTypeID ?? '',
  titleEn: b.Title.en,
  titleZh: b.Title.zh,
  subtitleEn: b.Subtitle.en,
  subtitleZh: b.Subtitle.zh,
  image: b.Image,
  link: b.Link,
  sort: String(b.Sort),
});

export interface BannerBody {
  Kind: BannerKind;
  ProductTypeID?: string;
  Title: { en: string; zh: string };
  Subtitle: { en: string; zh: string };
  Image: string;
  Link: string;
  Sort: number;
}

/** The body of staff-save-banner, or which fields are wrong. */
export function readBannerForm(values: BannerFormValues): { body: BannerBody } | { errors: FieldErrors<BannerField> } {
  const errors: FieldErrors<BannerField> = {};
  const check = <S extends v.GenericSchema>(schema: S, value: unknown, fields: BannerField[]) => {
    const parsed = v.safeParse(schema, value);
    if (!parsed.success) for (const field of fields) if (fieldHasIssue(parsed.issues, field)) errors[field] = true;
    return parsed.success ? (parsed.output as v.InferOutput<S>) : undefined;
  };
  const kind = check(BannerKind, values.kind, ['kind']);
  if (kind === 'product' && !values.productTypeId) errors.productTypeId = true;
  const title = check(BannerTitle, { en: values.titleEn, zh: values.titleZh }, ['titleEn', 'titleZh']);
  const subtitle = check(BannerSubtitle, { en: values.subtitleEn, zh: values.subtitleZh }, ['subtitleEn', 'subtitleZh']);
  const image = check(BannerImage, values.image, ['image']);
  const link = check(BannerLink, values.link, ['link']);
  // A whole number typed as digits only: "1e3" or "2.0" are not what staff mean by a place.
  const sort = /^\s*\d{1,6}\s*$/.test(values.sort) ? check(BannerSort, Number(values.sort), ['sort']) : ((errors.sort = true), undefined);
  if (Object.keys(errors).length || !kind || !title || !subtitle || image === undefined || link === undefined || sort === undefined) return { errors };
  return {
    body: { Kind: kind, ...(kind === 'product' ? { ProductTypeID: values.productTypeId } : {}), Title: title, Subtitle: subtitle, Image: image, Link: link, Sort: sort },
  };
}

/** Which form field an issue's path points to: `en`/`zh` of a bilingual pair, or the single value (no path). */
function fieldHasIssue(issues: readonly v.BaseIssue<unknown>[], field: string): boolean {
  return issues.some((issue) => {
    const key = issue.path?.map((p) => p.key).join('.');
    if (!key) return !/En$|Zh$/.test(field);
    return (key === 'en' && field.endsWith('En')) || (key === 'zh' && field.endsWith('Zh'));
  });
}

/** The form field a refused save names (the server's `field`, as 'Title.en' or 'Link'). */
export function bannerFieldOf(serverField: string | undefined): BannerField | undefined {
  const fields: Record<string, BannerField> = {
    Kind: 'kind',
    ProductTypeID: 'productTypeId',
    'Title.en': 'titleEn',
    'Title.zh': 'titleZh',
    'Subtitle.en': 'subtitleEn',
    'Subtitle.zh': 'subtitleZh',
    Image: 'image',
    Link: 'link',
    Sort: 'sort',
  };
  return serverField ? fields[serverField] : undefined;
}

export interface InformationFormValues {
  titleEn: string;
  titleZh: string;
  contentEn: string;
  contentZh: string;
}
export type InformationField = keyof InformationFormValues;

export const informationValues = (p: StaffInformationPage): InformationFormValues => ({
  titleEn: p.Title.en,
  titleZh: p.Title.zh,
  contentEn: p.Content.en,
  contentZh: p.Content.zh,
});

/** The body of staff-update-information-page, or which fields are wrong. */
export function readInformationForm(
  id: InformationPageId,
  values: InformationFormValues,
): { body: { ID: InformationPageId; Title: { en: string; zh: string }; Content: { en: string; zh: string } } } | { errors: FieldErrors<InformationField> } {
  const errors: FieldErrors<InformationField> = {};
  const title = v.safeParse(InformationTitle, { en: values.titleEn, zh: values.titleZh });
  const content = v.safeParse(InformationContent, { en: values.contentEn, zh: values.contentZh });
  if (!title.success) for (const f of ['titleEn', 'titleZh'] as const) if (fieldHasIssue(title.issues, f)) errors[f] = true;
  if (!content.success) for (const f of ['contentEn', 'contentZh'] as const) if (fieldHasIssue(content.issues, f)) errors[f] = true;
  if (!title.success || !content.success) return { errors };
  return { body: { ID: id, Title: title.output, Content: content.output } };
}

/** The form field a refused update names. */
export function informationFieldOf(serverField: string | undefined): InformationField | undefined {
  const fields: Record<string, InformationField> = { 'Title.en': 'titleEn', 'Title.zh': 'titleZh', 'Content.en': 'contentEn', 'Content.zh': 'contentZh' };
  return serverField ? fields[serverField] : undefined;
}

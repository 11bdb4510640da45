/**
 * The event survey's three parts answered as a guest would (role locators named in both languages): used by
 * e2e/event-survey.spec.ts and by the customer's walk (bench/walk/steps.ts).
 */
import type { Page } from '@playwright/test';
import { expect } from './support.ts';

/** A question of the survey, by its name. */
export const question = (page: Page, name: RegExp) => page.getByRole('group', { name });

/** Part 1: an aroma, and the sweetness one level up (the other senses then take the middle). */
export async function answerPartOne(page: Page) {
  await question(page, /aromas did you notice|你聞到哪些香氣/).getByRole('button').first().click();
  await page.getByRole('slider').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('slider').first()).toHaveAttribute('aria-valuetext', /^4 · /);
}

/** Part 2: two taste notes and a word of one's own, the first infusion/vintage. */
export async function answerPartTwo(page: Page, word: string) {
  const notes = question(page, /taste notes did you find|你嚐到哪些味道/);
  await notes.getByRole('button', { pressed: false }).nth(0).click();
  await notes.getByRole('button', { pressed: false }).nth(0).click();
  await notes.getByRole('textbox').fill(word);
  await notes.getByRole('textbox').press('Enter');
  await page.getByRole('radio').first().check();
}

/** Part 3: overall, one thing to explore, a few words. */
export async function answerPartThree(page: Page) {
  await question(page, /enjoy it overall|整體而言/).getByRole('radio').first().check();
  await question(page, /explore at a next tasting|下次品鑑/).getByRole('checkbox').first().check();
  await question(page, /tell the host|告訴主持人/).getByRole('textbox').fill('Lovely evening, thank you.');
}

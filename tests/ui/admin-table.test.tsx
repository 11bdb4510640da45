/**
 * The back office's table keeps its cells when a screen makes its columns again (a query answered, a hook gave
 * a new function, the language changed): the row's buttons and links are the same elements, so keyboard focus
 * stays where it was. TanStack's FlexRender mounted each column definition as a component of its own, and a
 * new definition unmounted every cell.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { AdminTable, adminColumns, type AdminColumn } from '../../src/features/admin/AdminTable.tsx';

interface Tea {
  id: string;
  name: string;
}
const TEAS: Tea[] = [
  { id: 'oolong', name: 'Dong Ding Oolong' },
  { id: 'puer', name: 'Menghai Pu-erh' },
];

/** A screen that makes new column definitions on every render, as one whose hooks give new functions does. */
function Screen() {
  const [renders, setRenders] = useState(0);
  const col = adminColumns<Tea>();
  const columns: AdminColumn<Tea>[] = [
    col.accessor('name', { id: 'name', header: () => `Tea (${renders})`, cell: (c) => <button type="button">Edit {c.row.original.name}</button> }),
  ];
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Render again
      </button>
      <AdminTable caption="Teas" columns={columns} rows={TEAS} rowId={(t) => t.id} empty="No teas." onRetry={() => {}} busy={false} />
    </>
  );
}

beforeAll(() => activateLocale('en'));

describe('the back office table', () => {
  it('keeps a row’s button, and the focus on it, when the screen makes its columns again', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Screen />
      </I18nProvider>,
    );
    const user = userEvent.setup();
    const edit = screen.getByRole('button', { name: 'Edit Menghai Pu-erh' });
    edit.focus();
    // A keyboard press: the focus stays on the row's button while the screen renders again.
    screen.getByRole('button', { name: 'Render again' }).click();
    expect(await screen.findByRole('columnheader', { name: 'Tea (1)' })).toBeTruthy();
    expect(edit.isConnected).toBe(true);
    expect(screen.getByRole('button', { name: 'Edit Menghai Pu-erh' })).toBe(edit);
    expect(document.activeElement).toBe(edit);
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(await screen.findByRole('columnheader', { name: 'Tea (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Menghai Pu-erh' })).toBe(edit);
  });
});

import { act, render, screen } from '@testing-library/react';
import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { membersOnly } from '../../src/app/members-only.tsx';
import { AppServicesContext, type AppServices } from '../../src/app/services.ts';

/** A services object whose session is a member's (membersOnly reads nothing else). */
function memberServices(): AppServices {
  const session = createActor(createMachine({ context: { tokens: { idToken: 'id', accessToken: 'access' } } })).start();
  return { session } as unknown as AppServices;
}

/** A member part whose chunk answers when the test says so. */
function partWithChunk() {
  let answer!: () => void;
  const chunk = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    answer = () => resolve({ default: () => <p>The member part</p> });
  });
  let asked = 0;
  const Part = membersOnly(() => (asked++, chunk), <p>Holding its place</p>);
  return { Part, answer, asked: () => asked };
}

describe('membersOnly (issue 30)', () => {
  it('shows the placeholder while a part not preloaded loads, then the part', async () => {
    const { Part, answer } = partWithChunk();
    render(
      <AppServicesContext.Provider value={memberServices()}>
        <Part />
      </AppServicesContext.Provider>,
    );
    expect(screen.getByText('Holding its place')).toBeTruthy();
    await act(async () => answer());
    expect(await screen.findByText('The member part')).toBeTruthy();
  });

  it('renders a preloaded part at once, with no placeholder, and asks for its chunk once', async () => {
    const { Part, answer, asked } = partWithChunk();
    const preloaded = Part.preload();
    answer();
    await preloaded;
    render(
      <AppServicesContext.Provider value={memberServices()}>
        <Part />
      </AppServicesContext.Provider>,
    );
    // In the first commit: no Suspense fallback in between (the loader's preload saves the member that render).
    expect(screen.getByText('The member part')).toBeTruthy();
    expect(screen.queryByText('Holding its place')).toBeNull();
    expect(asked()).toBe(1);
  });

  it('asks again after a chunk that failed to load', async () => {
    let asked = 0;
    const Part = membersOnly(() => (asked++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: () => <p>Back</p> })));
    await expect(Part.preload()).rejects.toThrow('offline');
    await Part.preload();
    expect(asked).toBe(2);
  });
});

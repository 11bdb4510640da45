import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render transforms lazy screen chunks on demand; allow for it on a 2-core machine.
configure({ asyncUtilTimeout: 10_000 });
// jsdom implements no scrolling; the router scrolls to top after each navigation.
window.scrollTo = () => {};
afterEach(() => cleanup());

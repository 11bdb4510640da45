import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render transforms lazy screen chunks on demand. A findBy's timeout tells a hang from a wait, not
// a fast machine from a slow one: 10 s ran out opening the account popup with the machine 8× oversubscribed
// (two browser suites, two typechecks and Vitest side by side), and 20 s ran out opening the account popup and
// an event record with Vitest beside two builds, a Chromium profile and two typechecks (load 10 on 2 cores;
// the popup's chunk alone took longer to transform). 45 s (issue 27); the ui tests' own timeout is 120 s.
configure({ asyncUtilTimeout: 45_000, getElementError: elementErrorWrittenWhenRead });

/**
 * Testing Library's own getElementError, but the page's markup is written into the message only when someone
 * reads it. A findBy or waitFor runs its query on every change of the page and every 50 ms until it is met,
 * and each miss built an error holding the whole page pretty-printed, then threw it away: a fifth of the
 * CPU of tests/ui/account-popup.test.tsx (issue 27). A test that fails reads the message, so it shows the
 * same markup as before.
 */
function elementErrorWrittenWhenRead(message: string | null, container: Element): Error {
  const error = new Error();
  Error.captureStackTrace(error, elementErrorWrittenWhenRead); // the failure points at the test, not here
  error.name = 'TestingLibraryElementError';
  let written: string | undefined;
  Object.defineProperty(error, 'message', {
    get: () =>
      (written ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(pageMain(container))}`].filter(Boolean).join('\n\n')),
    set: (value: string) => {
      written = value;
    },
    configurable: true,
  });
  return error;
}

/**
 * The page's `main` when the query ran over the whole page: the shop's header and menus are the same on every
 * page and filled prettyDOM's print limit, so a failure in CI showed the header and none of what was asked about.
 */
function pageMain(container: Element): Element {
  return container === document.body ? (container.querySelector('main') ?? container) : container;
}

// jsdom implements no scrolling; the router scrolls to top after each navigation.
window.scrollTo = () => {};
afterEach(() => cleanup());

/**
 * jsdom brings its own Uint8Array, so the in-process server's token signing (jose checks
 * `key instanceof Uint8Array`) would refuse Node's Buffers. Let instanceof accept Node's typed arrays too.
 */
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as typeof Uint8Array;
if (NodeUint8Array !== Uint8Array && !(Buffer.alloc(0) instanceof Uint8Array)) {
  const ownCheck = Function.prototype[Symbol.hasInstance];
  Object.defineProperty(Uint8Array, Symbol.hasInstance, {
    value: (value: unknown) => ownCheck.call(Uint8Array, value) || value instanceof NodeUint8Array,
  });
}

/**
 * Likewise for ArrayBuffer: the in-process server's OIDC client (oauth4webapi) checks `instanceof ArrayBuffer`
 * on what Node's WebCrypto returns, and jsdom has its own ArrayBuffer. Let instanceof accept Node's too.
 */
const NodeArrayBuffer = Object.getPrototypeOf(Buffer.alloc(0).buffer).constructor as typeof ArrayBuffer;
if (NodeArrayBuffer !== ArrayBuffer) {
  const ownCheck = Function.prototype[Symbol.hasInstance];
  Object.defineProperty(ArrayBuffer, Symbol.hasInstance, {
    value: (value: unknown) => ownCheck.call(ArrayBuffer, value) || ownCheck.call(NodeArrayBuffer, value),
  });
}

import type { ReactElement } from 'react';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { z } from 'zod';
import type { WhitelabelResponse } from '@jade/contracts/system';
import { DialogBody } from '../components/modal/dialog-body';
import { ModalProvider } from '../components/modal/modal-provider';
import type { ModalRegistry } from '../components/modal/modal-types';
import { clearSession, setSession } from '../lib/session';
import { renderInBrand } from './render';

/** An API answer as fetch resolves it: `body` is the envelope, `{ success, value }` or `{ success, error }`. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A call's answer, checked against its contract: a contract change breaks the test loudly. */
export const valueAnswer = <S extends z.ZodType>(contract: S, value: z.input<S>) =>
  jsonAnswer(200, { success: true, value: contract.parse(value) });

/** What the server answers a path it does not serve. */
export const notFoundAnswer = (path: string) =>
  jsonAnswer(404, { success: false, error: { code: 'NOT_FOUND', message: path } });

type Answer = (path: string, request: { url: URL; init: RequestInit }) => Promise<Response | undefined>;

/**
 * A logged-in member's component test against a stubbed API: before each test a session, and a fetch
 * that `answer` serves (a path it leaves, undefined, is the server's 404); after each, the page, the
 * session and the stub go.
 */
export const useMemberApi = (answer: Answer) => {
  beforeEach(() => {
    setSession({ token: 'token-1', isAgent: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        return (await answer(url.pathname, { url, init })) ?? notFoundAnswer(url.pathname);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
};

/** The app's confirm and notice dialogs, for a component that asks before it acts. */
const dialogs = {
  dialog: { kind: 'dialog', title: () => 'Notice', Body: DialogBody },
} as unknown as ModalRegistry;

/** Renders `ui` as renderInBrand does, with the dialogs it opens. */
export const renderWithDialogs = (ui: ReactElement, whitelabel?: WhitelabelResponse) =>
  renderInBrand(<ModalProvider registry={dialogs}>{ui}</ModalProvider>, whitelabel);

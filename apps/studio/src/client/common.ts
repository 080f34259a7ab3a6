import { formatMoney, language, translator } from './i18n.js';
import { COMMON_STRINGS } from './strings/common.js';

/** What every studio page shares: the session, the API, amounts, the history, seeds and sound. */
export type RoundView = {
  id: number;
  game: string;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  serverSeed: string | null;
  stake: number;
  payout: number;
  status: string;
  createdAt: string;
};
export type SessionView = {
  game: string;
  demo: boolean;
  currency: string;
  /** The brand's minor-unit exponent (absent for a free trial, or a session from before it was kept). */
  currencyExponent?: number;
  balance: number | null;
  seeds: { serverSeedHash: string; clientSeed: string; nextNonce: number };
  history: RoundView[];
};

const SID_KEY = 'jade-studio-sid';

/** The common texts in the page's language. */
export const tc = translator(COMMON_STRINGS);

/** The game names, as the platform's catalogue spells them (names, not translated). */
export const GAME_NAMES: Record<string, string> = {
  slot: 'Jade Fortune',
  roulette: 'Jade Roulette',
  baccarat: 'Jade Baccarat',
};

/** The session id arrives in the fragment (never sent to a server) and is kept for reloads. */
export const readSid = (): string | undefined => {
  const match = /sid=([\w-]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(SID_KEY, match[1]!);
    history.replaceState(null, '', window.location.pathname);
    return match[1];
  }
  return sessionStorage.getItem(SID_KEY) ?? undefined;
};

export class StudioError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly balance?: number,
  ) {
    super(message);
  }
}

export const api = async <T>(path: string, body?: unknown): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new StudioError('NETWORK', tc('error.NETWORK'));
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const code = String(json.error ?? 'ERROR');
    // The page's own words for a code it knows; the server's (English) for one it does not.
    const known = Object.hasOwn(COMMON_STRINGS.en, `error.${code}`);
    throw new StudioError(
      code,
      known ? tc(`error.${code}`) : String(json.message ?? tc('error.ERROR')),
      json.balance as number | undefined,
    );
  }
  return json as T;
};

/** The session's currency, set when the page starts (money() formats in it). */
let currency = { code: '', exponent: undefined as number | undefined };

/** An amount in minor units in the brand's currency, for the page's language (issue 20). */
export const money = (minor: number | null) =>
  minor === null ? '—' : formatMoney(minor, currency.code, currency.exponent);

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean | number> = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = String(value);
    else if (typeof value === 'boolean') {
      if (value) node.setAttribute(key, '');
    } else node.setAttribute(key, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
};

/** Sound is off until the player turns it on; a short tone marks a win. */
let soundOn = false;
export const soundToggle = () => {
  const button = el('button', {
    type: 'button',
    class: 'chip',
    'aria-pressed': 'false',
    text: tc('soundOff'),
  });
  button.addEventListener('click', () => {
    soundOn = !soundOn;
    button.setAttribute('aria-pressed', String(soundOn));
    button.textContent = soundOn ? tc('soundOn') : tc('soundOff');
  });
  return button;
};
export const chime = () => {
  if (!soundOn) return;
  const context = new AudioContext();
  const tone = context.createOscillator();
  const gain = context.createGain();
  tone.frequency.value = 880;
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.4);
  tone.connect(gain).connect(context.destination);
  tone.start();
  tone.stop(context.currentTime + 0.4);
};

export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : ms));

export const verifyLink = (round: RoundView) => {
  const query = new URLSearchParams({
    game: round.game,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    serverSeedHash: round.serverSeedHash,
  });
  if (round.serverSeed) query.set('serverSeed', round.serverSeed);
  // The fairness page opens in its own tab, which does not share this page's kept language.
  query.set('lang', language());
  return `/fair?${query.toString()}`;
};

/**
 * Tells the site around the game (the platform's /game frame) that a round has ended, so that its
 * header balance follows without a reload. The message holds no amount or identity: the site reads
 * its own balance from its own server, and checks the message came from this frame (decision 0030).
 */
const tellSite = () => {
  if (window.parent !== window) window.parent.postMessage({ type: 'jade-studio:round-ended' }, '*');
};

/** The page frame: title, balance, the game's own area, then seeds and history. */
export const frame = (title: string, session: SessionView) => {
  const balance = el('output', {
    class: 'balance',
    'aria-label': tc('balance'),
    text: money(session.balance),
  });
  const status = el('p', { class: 'status', role: 'status' });
  const historyBody = el('tbody');
  // Outside the table, so that a test (or a reader) waiting for a round's row never finds this one.
  const noRounds = el('p', { class: 'history-empty', text: tc('noRounds') });
  const seedsBox = el('section', { class: 'panel seeds', 'aria-labelledby': 'seeds-title' });
  const root = document.getElementById('app')!;
  const stage = el('section', { class: 'stage', 'aria-label': title });
  root.replaceChildren(
    el(
      'header',
      { class: 'top' },
      el('h1', { text: title }),
      el(
        'div',
        { class: 'top__right' },
        session.demo ? el('span', { class: 'pill', text: tc('freeTrial') }) : null,
        el('span', { class: 'balance-label', text: `${tc('balance')} ` }),
        balance,
        soundToggle(),
      ),
    ),
    stage,
    status,
    seedsBox,
    el(
      'section',
      { class: 'panel', 'aria-labelledby': 'history-title' },
      el('h2', { id: 'history-title', text: `${tc('yourRounds')}: ${GAME_NAMES[session.game] ?? title}` }),
      el(
        'div',
        { class: 'history-scroll' },
        el(
          'table',
          { class: 'history', 'aria-labelledby': 'history-title' },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              ...['colRound', 'colGame', 'colNonce', 'colStake', 'colPayout', 'colCheck'].map((h) =>
                el('th', { scope: 'col', text: tc(h) }),
              ),
            ),
          ),
          historyBody,
        ),
      ),
      noRounds,
    ),
  );
  const renderHistory = (rounds: RoundView[]) => {
    noRounds.hidden = rounds.length > 0;
    historyBody.replaceChildren(
      ...rounds.map((r) =>
        el(
          'tr',
          { 'data-round': r.id },
          el('td', { text: `#${r.id}` }),
          el('td', { text: GAME_NAMES[r.game] ?? r.game }),
          el('td', { text: r.nonce }),
          el('td', { text: money(r.stake) }),
          el('td', { class: r.payout > r.stake ? 'win' : '', text: money(r.payout) }),
          el(
            'td',
            {},
            el('a', { href: verifyLink(r), target: '_blank', rel: 'noopener', text: tc('verify') }),
          ),
        ),
      ),
    );
  };
  const renderSeeds = (
    seeds: SessionView['seeds'],
    revealed?: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number },
  ) => {
    const input = el('input', {
      id: 'client-seed',
      value: seeds.clientSeed,
      maxlength: 64,
      pattern: '[A-Za-z0-9_-]{1,64}',
      autocomplete: 'off',
    });
    const rotate = el('button', { type: 'button', class: 'chip', text: tc('changeSeeds') });
    rotate.addEventListener('click', async () => {
      try {
        const result = await api<{ revealed: NonNullable<typeof revealed>; seeds: SessionView['seeds'] }>(
          '/api/seeds/rotate',
          {
            sid: sid(),
            clientSeed: input.value,
          },
        );
        // The rounds first, so that their Verify links carry the revealed seed when it shows.
        const refreshed = await api<SessionView>(`/api/session?sid=${encodeURIComponent(sid())}`);
        renderHistory(refreshed.history);
        renderSeeds(result.seeds, result.revealed);
      } catch (error) {
        status.textContent = (error as Error).message;
      }
    });
    seedsBox.replaceChildren(
      el('h2', { id: 'seeds-title', text: tc('provablyFair') }),
      el('p', {}, tc('serverSeedHash'), el('code', { class: 'hash', text: seeds.serverSeedHash })),
      el('p', {}, el('label', { for: 'client-seed', text: tc('clientSeed') }), input, ' ', rotate),
      el('p', { text: tc('nextNonce', { nonce: seeds.nextNonce }) }),
      revealed
        ? el(
            'p',
            { class: 'revealed' },
            tc('revealedSeed'),
            el('code', { text: revealed.serverSeed }),
            tc('revealedRounds', { rounds: revealed.rounds }),
            el('a', { href: '/fair', target: '_blank', text: tc('checkOnFair') }),
          )
        : '',
    );
  };
  renderHistory(session.history);
  renderSeeds(session.seeds);
  return {
    stage,
    /** The game's balance after a round: shown here, and the site's header is told to follow. */
    setBalance: (value: number | null) => {
      balance.textContent = money(value);
      tellSite();
    },
    say: (text: string) => (status.textContent = text),
    refresh: async () => {
      const next = await api<SessionView>(`/api/session?sid=${encodeURIComponent(sid())}`);
      renderHistory(next.history);
      renderSeeds(next.seeds);
      balance.textContent = money(next.balance);
      tellSite();
    },
  };
};

let currentSid: string | undefined;
export const sid = () => currentSid ?? '';

/** Starts a game page: the session, or a message that the game must be opened from the site. */
export const startPage = async (): Promise<SessionView | undefined> => {
  language();
  currentSid = readSid();
  const root = document.getElementById('app')!;
  if (!currentSid) {
    root.replaceChildren(el('p', { class: 'status', text: tc('openFromSite') }));
    return undefined;
  }
  try {
    const session = await api<SessionView>(`/api/session?sid=${encodeURIComponent(currentSid)}`);
    currency = { code: session.currency, exponent: session.currencyExponent };
    return session;
  } catch (error) {
    root.replaceChildren(el('p', { class: 'status', role: 'alert', text: (error as Error).message }));
    return undefined;
  }
};

/** Chip amounts (minor units) with the chosen one pressed. */
export const chips = (
  values: number[],
  initial: number,
  onChange: (value: number) => void,
  label: string,
) => {
  const group = el('div', { class: 'chips', role: 'group', 'aria-label': label });
  let current = initial;
  const buttons = values.map((value) => {
    const b = el('button', {
      type: 'button',
      class: 'chip',
      'aria-pressed': String(value === initial),
      text: money(value),
    });
    b.addEventListener('click', () => {
      current = value;
      buttons.forEach((other, i) => other.setAttribute('aria-pressed', String(values[i] === current)));
      onChange(value);
    });
    return b;
  });
  group.append(...buttons);
  return group;
};

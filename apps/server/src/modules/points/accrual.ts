import type SQLite from 'better-sqlite3';
import type { DbOrTrx } from '../../platform/db/index.js';
import { houseAccount, postManyInTransaction, postTransfersIn, type Posting } from '../wallet/ledger.js';
import { uniquePostings } from '../wallet/ledger-rules.js';
import { postManyWithPreparedStatements } from '../wallet/ledger-sqlite.js';

/**
 * Points earned at settlement (decision 0046): a settled round's valid bet earns its category's rate
 * of points, posted on the ledger in the same write as the daily summary that counts the round. The
 * posting's key names what was settled (`points:<pointsKey>`), so a settlement replayed earns once.
 * Everything here runs inside the settling write; a category the brand gives no rate earns nothing.
 */
export type Accrual = {
  merchantId: number;
  memberId: number;
  category: string;
  validBet: number;
  /** What was settled: a round's record, a pulled bet, a lottery batch's member and category. */
  pointsKey?: string | undefined;
};

export const POINTS_EARN = 'POINTS_EARN';

/**
 * Hundredths of a point a valid bet earns: `rate` hundredths per currency unit (10^exponent minor
 * units), rounded down per posting.
 */
export const pointsEarned = (validBet: number, rate: number, currencyExponent: number) =>
  validBet <= 0 || rate <= 0 ? 0 : Math.floor((validBet * rate) / 10 ** currencyExponent);

const memberPointsCode = (memberId: number) => `member:${memberId}:POINTS`;

type RateOf = (merchantId: number, category: string) => { rate: number; exponent: number } | undefined;

const postingsOf = (
  accruals: readonly Accrual[],
  rateOf: RateOf,
  accountOf: (merchantId: number, memberId: number) => { member: number; issued: number },
): Posting[] => {
  const postings: Posting[] = [];
  for (const a of accruals) {
    if (!a.pointsKey) continue;
    const rate = rateOf(a.merchantId, a.category);
    const points = rate ? pointsEarned(a.validBet, rate.rate, rate.exponent) : 0;
    if (points <= 0) continue;
    const accounts = accountOf(a.merchantId, a.memberId);
    postings.push({
      merchantId: a.merchantId,
      idempotencyKey: `points:${a.pointsKey}`,
      legs: [
        {
          kind: POINTS_EARN,
          debitAccountId: accounts.issued,
          creditAccountId: accounts.member,
          amount: points,
          reference: a.pointsKey,
        },
      ],
    });
  }
  return postings;
};

/** Accrual on a Kysely transaction (PostgreSQL, and SQLite writers that hold a Kysely transaction). */
export const accruePoints = async (trx: DbOrTrx, accruals: readonly Accrual[], now = new Date()) =>
  postPoints(trx, await pointsPostings(trx, accruals, now), now);

/**
 * The postings `accruePoints` makes, read (and the members' points accounts made) on the caller's
 * transaction but not posted: a writer that posts them last (`postPoints`) reads everything first.
 */
export const pointsPostings = async (
  trx: DbOrTrx,
  accruals: readonly Accrual[],
  now = new Date(),
): Promise<Posting[]> => {
  const earning = accruals.filter((a) => a.pointsKey && a.validBet > 0);
  if (earning.length === 0) return [];
  const merchants = [...new Set(earning.map((a) => a.merchantId))];
  const rates = await trx
    .selectFrom('point_rate as r')
    .innerJoin('merchant as m', 'm.id', 'r.merchant_id')
    .select(['r.merchant_id', 'r.category', 'r.rate', 'm.currency_exponent'])
    .where('r.merchant_id', 'in', merchants)
    .where('r.rate', '>', 0)
    .execute();
  const rateMap = new Map(
    rates.map((r) => [`${r.merchant_id}:${r.category}`, { rate: r.rate, exponent: r.currency_exponent }]),
  );
  const rateOf: RateOf = (merchantId, category) => rateMap.get(`${merchantId}:${category}`);
  const paying = earning.filter((a) => rateOf(a.merchantId, a.category));
  if (paying.length === 0) return [];
  const ids = new Map<string, number>();
  for (const merchantId of merchants) {
    const members = [...new Set(paying.filter((a) => a.merchantId === merchantId).map((a) => a.memberId))];
    if (members.length === 0) continue;
    ids.set(`${merchantId}:issued`, await houseAccount(trx, merchantId, 'POINTS_ISSUED'));
    for (let i = 0; i < members.length; i += 1_000) {
      const chunk = members.slice(i, i + 1_000);
      const find = () =>
        trx
          .selectFrom('ledger_account')
          .select(['id', 'member_id'])
          .where('merchant_id', '=', merchantId)
          .where('code', 'in', chunk.map(memberPointsCode))
          .execute();
      let found = await find();
      if (found.length < chunk.length) {
        const have = new Set(found.map((f) => f.member_id));
        const at = now.toISOString();
        await trx
          .insertInto('ledger_account')
          .values(
            chunk
              .filter((m) => !have.has(m))
              .map((memberId) => ({
                merchant_id: merchantId,
                code: memberPointsCode(memberId),
                member_id: memberId,
                kind: 'POINTS',
                allow_negative: 0,
                created_at: at,
              })),
          )
          .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
          .execute();
        found = await find();
      }
      for (const f of found) ids.set(`${merchantId}:${f.member_id}`, f.id);
    }
  }
  return postingsOf(paying, rateOf, (merchantId, memberId) => ({
    member: ids.get(`${merchantId}:${memberId}`)!,
    issued: ids.get(`${merchantId}:issued`)!,
  }));
};

/**
 * Posts what `pointsPostings` made. One posting (a round's points) is one post of one leg, which on
 * PostgreSQL takes the ledger's one-statement path (decision 0099) where the batch path takes five.
 */
export const postPoints = async (trx: DbOrTrx, postings: readonly Posting[], now = new Date()) => {
  if (postings.length === 1) await postTransfersIn(trx, postings[0]!, now);
  else if (postings.length > 1) await postManyInTransaction(trx, postings, now);
};

const statements = (raw: SQLite.Database) => ({
  rate: raw.prepare<[number, string], { rate: number; exponent: number }>(
    'select r.rate as rate, m.currency_exponent as exponent from point_rate r join merchant m on m.id = r.merchant_id where r.merchant_id = ? and r.category = ?',
  ),
  account: raw.prepare<[number, string], { id: number }>(
    'select id from ledger_account where merchant_id = ? and code = ?',
  ),
  createAccount: raw.prepare<[number, string, number | null, string, number, string]>(
    'insert into ledger_account (merchant_id, code, member_id, kind, allow_negative, created_at) values (?, ?, ?, ?, ?, ?) on conflict (merchant_id, code) do nothing',
  ),
});
const prepared = new WeakMap<SQLite.Database, ReturnType<typeof statements>>();

/**
 * `accruePoints` as prepared statements on the connection a group-commit job holds (the seamless
 * wallet's store, the lottery's SQLite settlement), synchronously.
 */
export const accruePointsPrepared = (
  raw: SQLite.Database,
  accruals: readonly Accrual[],
  now = new Date(),
) => {
  if (!accruals.some((a) => a.pointsKey && a.validBet > 0)) return;
  let s = prepared.get(raw);
  if (!s) prepared.set(raw, (s = statements(raw)));
  const q = s;
  const at = now.toISOString();
  const accountId = (merchantId: number, code: string, memberId: number | null, kind: string) => {
    const found = q.account.get(merchantId, code);
    if (found) return found.id;
    q.createAccount.run(merchantId, code, memberId, kind, memberId === null ? 1 : 0, at);
    return q.account.get(merchantId, code)!.id;
  };
  const rates = new Map<string, { rate: number; exponent: number } | undefined>();
  const rateOf: RateOf = (merchantId, category) => {
    const key = `${merchantId}:${category}`;
    if (!rates.has(key)) rates.set(key, q.rate.get(merchantId, category));
    return rates.get(key);
  };
  const postings = postingsOf(accruals, rateOf, (merchantId, memberId) => ({
    member: accountId(merchantId, memberPointsCode(memberId), memberId, 'POINTS'),
    issued: accountId(merchantId, 'house:POINTS_ISSUED', null, 'POINTS_ISSUED'),
  }));
  if (postings.length > 0) postManyWithPreparedStatements(raw, uniquePostings(postings), at);
};

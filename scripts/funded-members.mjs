// Set-up shared by the ledger benchmarks (bench/ledger*.mjs) and the crash test
// (scripts/ledger-crash.mjs): members written straight into the database, each with a main wallet
// funded from the house cash account.

/** `count` members named `${prefix}0`...; answers their ids and main-wallet account ids. */
export const createFundedMembers = async (
  db,
  ledger,
  merchantId,
  count,
  { prefix = 'bench', amount = 1_000_000_000 } = {},
) => {
  const cash = await ledger.houseAccount(db, merchantId, 'CASH');
  const now = new Date().toISOString();
  const members = [];
  for (let i = 0; i < count; i++) {
    const { id } = await db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        username: `${prefix}${i}`,
        username_key: `${prefix}${i}`,
        password_hash: 'x',
        referral_code: `${prefix.toUpperCase()}${i}`,
        register_method: 'SCRIPT',
        register_ip: '127.0.0.1',
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const main = await ledger.memberAccount(db, merchantId, id, 'MAIN');
    await ledger.postTransfer(db, {
      merchantId,
      // Named after the member, so a second call with another prefix funds its own members.
      idempotencyKey: `fund-${prefix}${i}`,
      kind: 'DEPOSIT',
      debitAccountId: cash,
      creditAccountId: main,
      amount,
    });
    members.push({ id, main });
  }
  return members;
};
